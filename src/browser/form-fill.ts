/** Writing a sheet's rows back into the form on the page (rows kept on the device, restored). */
import { emptyRow, FormRow, SheetForm } from '../sheet-form/form';
import { ROW_FIELDS } from '../sheet-form/layout';

type Cell = HTMLInputElement | HTMLSelectElement;

function setValue(el: Cell | null | undefined, value: string): void {
  if (el) el.value = value;
}

/**
 * Puts `form` into the page's fields: rows added while there are fewer on the page than typed
 * (and one empty row after them), rows past the typed ones emptied, the end of the game and the
 * sheet's own hidden fields set.
 */
export function fillForm(
  formNode: HTMLFormElement,
  form: SheetForm,
  rowElements: () => HTMLTableRowElement[],
  addRow: () => void,
): void {
  while (rowElements().length <= form.rows.length) addRow();
  const cell = (scope: ParentNode, name: string) => scope.querySelector<Cell>(`[name="${name}"]`);
  rowElements().forEach((tr, i) => {
    const row: FormRow = form.rows[i] ?? emptyRow(Number(cell(tr, 'player')?.value ?? 0) || 0);
    for (const f of ROW_FIELDS) setValue(cell(tr, f), row[f]);
    setValue(cell(tr, 'extra'), row.extra);
  });
  const each = (name: string, values: string[]) =>
    formNode
      .querySelectorAll<HTMLInputElement>(`[name="${name}"]`)
      .forEach((el, p) => (el.value = values[p] ?? ''));
  setValue(cell(formNode, 'endReason'), form.end.reason);
  setValue(cell(formNode, 'endTimeExpired'), form.end.timeExpired);
  each('endRack', form.end.racks);
  each('endClock', form.end.clocks);
  each('endFinal', form.end.final);
  setValue(cell(formNode, 'sheetExtra'), form.extra);
}
