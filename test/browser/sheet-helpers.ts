/**
 * Typing a score sheet into the sheet form in a real browser: with the
 * keyboard alone, as a judge copies a paper sheet, or field by field.
 */
import type { Page } from 'playwright-core';
import { findRuleSet, Scoresheet } from '../../src/engine';
import { FormRow, sheetLayout, SheetForm, sheetToForm } from '../../src/sheet-form';
import { fieldOptions } from '../../src/sheet-form/view';

/** The rows a judge types for a sheet: exactly what the form shows for it. */
export function formOf(sheet: Scoresheet, players: string[]): SheetForm {
  const layout = sheetLayout(findRuleSet(sheet.rules)!, players, sheet.options ?? {});
  return sheetToForm(sheet, layout);
}

/** The id of the element that has the focus ('' when it has none). */
export const focusedId = (page: Page): Promise<string> =>
  page.evaluate<string>('(document.activeElement && document.activeElement.id) || ""');

/**
 * Presses Tab until the element with this id has the focus (a bounded number of times);
 * how many Tabs that took.
 */
export async function tabsTo(page: Page, id: string, limit = 400): Promise<number> {
  for (let i = 0; i < limit; i++) {
    if ((await focusedId(page)) === id) return i;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached #${id}`);
}

/** Presses Tab until the element with this id has the focus (a bounded number of times). */
export async function tabTo(page: Page, id: string, limit = 400): Promise<void> {
  await tabsTo(page, id, limit);
}

/**
 * What a judge types into a select to choose an option: the first word of its
 * label (a space would open the list instead of going on searching).
 */
const typeAhead = (label: string) => label.split(' ')[0];

/** The label of a select's option, in the page's language, for type-ahead. */
function optionLabel(
  sheet: Scoresheet,
  players: string[],
  field: 'kind' | 'challenge',
  value: string,
): string {
  const layout = sheetLayout(findRuleSet(sheet.rules)!, players, sheet.options ?? {});
  return fieldOptions(field, layout, 'sr-Latn')!.find((o) => o.value === value)!.label;
}

/**
 * Types the sheet with the keyboard only, as a judge copies it: Tab from the
 * top of the page to the first position, then each row (Shift+Tab back to the
 * kind for an exchange or a pass), Enter down to the next row; then Tab to
 * the end of the game. Players are left as the form pre-fills them.
 */
export async function typeSheet(page: Page, sheet: Scoresheet, players: string[]): Promise<void> {
  const form = formOf(sheet, players);
  await page.locator('body').focus();
  await tabTo(page, 'c-0-position');
  for (const row of form.rows) {
    if (row.kind !== 'play') {
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.type(typeAhead(optionLabel(sheet, players, 'kind', row.kind)));
      await page.keyboard.press('Tab');
    }
    await typeCells(page, row, ['position', 'word', 'score', 'total', 'clock']);
    if (row.challenge !== '') {
      await page.keyboard.press('Tab');
      await page.keyboard.type(typeAhead(optionLabel(sheet, players, 'challenge', row.challenge)));
    }
    await page.keyboard.press('Enter');
  }
  await tabTo(page, 'end-reason');
  const reasons: Record<string, string> = {
    turns: 'odigrani svi potezi',
    time: 'isteklo vreme',
    agreed: 'dogovor',
    'no-moves': 'nema više poteza',
  };
  if (form.end.reason) await page.keyboard.type(typeAhead(reasons[form.end.reason]));
  await page.keyboard.press('Tab');
  if (form.end.timeExpired !== '')
    await page.keyboard.type(typeAhead(players[Number(form.end.timeExpired)]));
  for (let p = 0; p < players.length; p++) {
    for (const value of [form.end.racks[p], form.end.clocks[p], form.end.final[p]]) {
      await page.keyboard.press('Tab');
      await page.keyboard.type(value);
    }
  }
}

/** Types the cells of a row one after another with Tab between them; empty cells are left empty. */
async function typeCells(page: Page, row: FormRow, cells: (keyof FormRow)[]): Promise<void> {
  for (const [i, cell] of cells.entries()) {
    if (i > 0) await page.keyboard.press('Tab');
    if (row[cell] !== '') await page.keyboard.type(row[cell]);
  }
}

/** Which part of a sheet to fill: rows `from`…`to - 1`, and the end of the game when `end`. */
export interface FillRange {
  from?: number;
  to?: number;
  end?: boolean;
}

/**
 * Fills the form field by field (quicker than typing; for tests about something
 * else): the whole sheet, or the part `range` names.
 */
export async function fillSheet(
  page: Page,
  sheet: Scoresheet,
  players: string[],
  range: FillRange = {},
): Promise<void> {
  const layout = sheetLayout(findRuleSet(sheet.rules)!, players, sheet.options ?? {});
  const form = sheetToForm(sheet, layout);
  const { from = 0, to = form.rows.length, end = true } = range;
  for (let i = from; i < to; i++) {
    const row = form.rows[i];
    if ((await page.locator(`#c-${i}-${layout.columns[0]}`).count()) === 0) {
      await page.click('#add-rows');
    }
    for (const column of layout.columns) {
      const id = `#c-${i}-${column}`;
      const options = fieldOptions(column, layout, 'sr-Latn');
      if (options) await page.selectOption(id, row[column]);
      else await page.fill(id, row[column]);
    }
    if (row.extra !== '') {
      // The hidden field the form keeps for what it has no column for (an imported grid).
      await page.evaluate(
        `document.querySelectorAll('input[name=extra]')[${i}].value = ${JSON.stringify(row.extra)}`,
      );
    }
  }
  if (!end) return;
  if (form.end.reason) await page.selectOption('#end-reason', form.end.reason);
  if (!layout.cards) {
    await page.selectOption('#end-timeExpired', form.end.timeExpired);
    for (let p = 0; p < players.length; p++) {
      await page.fill(`#end-racks-${p}`, form.end.racks[p]);
      await page.fill(`#end-clocks-${p}`, form.end.clocks[p]);
    }
  }
  for (let p = 0; p < players.length; p++) await page.fill(`#end-final-${p}`, form.end.final[p]);
}
