import { findRuleSet, Scoresheet } from '../../src/engine';
import { sheetLayout, sheetToForm, SheetForm } from '../../src/sheet-form';

/**
 * The fields a browser posts for a sheet typed into the form: each row's
 * cells repeated once a row (`player=0&player=1&…`), as `<form>` sends them.
 */
export function formFields(
  sheet: Scoresheet,
  players: string[],
  more: Record<string, string> = {},
  edit: (form: SheetForm) => void = () => undefined,
): string {
  const layout = sheetLayout(findRuleSet(sheet.rules)!, players, sheet.options ?? {});
  const form = sheetToForm(sheet, layout);
  edit(form);
  const body = new URLSearchParams();
  for (const row of form.rows) {
    for (const column of layout.columns) body.append(column, row[column]);
    body.append('extra', row.extra);
  }
  body.append('endReason', form.end.reason);
  if (!layout.cards) body.append('endTimeExpired', form.end.timeExpired);
  form.end.racks.forEach((x) => body.append('endRack', x));
  form.end.clocks.forEach((x) => body.append('endClock', x));
  form.end.final.forEach((x) => body.append('endFinal', x));
  body.append('sheetExtra', form.extra);
  for (const [k, v] of Object.entries(more)) body.append(k, v);
  return body.toString();
}
