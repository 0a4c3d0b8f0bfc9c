import { detailsOf, ErrorDetails } from '../common/errors';
import { Scoresheet, SheetTerms, WordList } from '../engine';
import type { Lang } from '../i18n';
import {
  checkForm,
  checkSection,
  emptyEnd,
  foreignNames,
  FormCheck,
  ft,
  padRows,
  SheetForm,
  SheetLayout,
  sheetToForm,
  trimmedForm,
  typedForm,
} from '../sheet-form';
import { formView, sheetTexts } from '../sheet-form/view';
import { SHEET_SCRIPT } from '../web/sheet-script';
import type { SheetFormPage } from '../sheet-form/page';
import { SheetRefused } from './sheet-refused';
import { refusal } from '../web/forms';
import { PageContext } from '../web/page-context';
import { readSheetInput, SheetInput, sheetRefusalText } from '../web/sheet-input';

/** A refusal of a sheet in the page's language: the engine's reason (rules, options, players, structure) as data. */
export function sheetRefusal(page: PageContext, e: unknown): { status: number; message: string } {
  if (e instanceof SheetRefused) {
    return { status: e.status, message: sheetRefusalText(page.lang, e.refusal) };
  }
  return refusal(page.lang, e);
}

/** What a game's sheet must agree with: its rules and the tournament's options (players are matched by name). */
export function layoutTerms(layout: SheetLayout): SheetTerms & { rules: string } {
  return { rules: layout.rules, options: layout.options };
}

export interface SheetShowValues {
  status: number;
  draftVersion: number;
  version?: number;
  check?: FormCheck;
  saved?: boolean;
  notice?: SheetFormPage['notice'];
  conflict?: SheetFormPage['conflict'];
  importText?: string;
  importError?: string | null;
  /** Each mistake of an import with several, listed by the import. */
  importProblems?: string[] | null;
  importOpen?: boolean;
  unfinished?: SheetFormPage['unfinished'];
  /**
   * The page shows the form as it was last left (a plain visit, not the answer to a post): rows
   * kept on the device that the server does not have come back into it.
   */
  restoreKept?: boolean;
}

/** What the sheet page shows of a form, for a game's sheet and a sheet of no game alike. */
export function sheetFormModel(
  page: PageContext,
  layout: SheetLayout,
  form: SheetForm,
  words: WordList | null,
  values: SheetShowValues,
) {
  const check = values.check ?? checkForm(form, layout, page.lang, words);
  const view = formView(
    { ...form, rows: padRows(form.rows, layout) },
    layout,
    page.lang,
    check.flags,
  );
  // The first cell a row's typing begins in (the position; a card game's rotation), as Enter
  // goes down to it: the page's first skip link lands there, not at the top of the page.
  const firstCell = view.rows[0]?.cells.find((c) => c.options === null);
  return {
    form: view,
    skipTo: firstCell ? { target: firstCell.id, label: page.t('nav.toSheet') } : null,
    texts: sheetTexts(page.lang, layout.cards),
    check: checkSection(check, layout, page.lang),
    saved: values.saved ?? false,
    notice: values.notice ?? null,
    conflict: values.conflict ?? null,
    draftVersion: values.draftVersion,
    importText: values.importText ?? '',
    importError: values.importError ?? null,
    importProblems: values.importProblems ?? null,
    importOpen: values.importOpen ?? Boolean(values.importError),
    unfinished: values.unfinished ?? null,
    scriptUrl: SHEET_SCRIPT.url,
  };
}

/** A new sheet's rows: none typed yet (the page adds the empty ones). */
export function blankForm(layout: SheetLayout): SheetForm {
  return { rows: [], end: emptyEnd(layout.players.length), extra: '' };
}

/**
 * The sheet a form saves or sends: the checked document, the rows as typed kept in its meta (the
 * form shows them again as typed), and its text.
 */
export function sheetToSave(check: FormCheck, form: SheetForm): { doc: Scoresheet; text: string } {
  const doc = {
    ...check.conversion.doc,
    meta: { ...check.conversion.doc.meta, form: trimmedForm(form) },
  };
  return { doc, text: JSON.stringify(doc, null, 2) };
}

/** A saved sheet's rows: as typed (the form's own), or read from its JSON or GCG text. */
export function storedSheetForm(
  text: string,
  layout: SheetLayout,
  lang: Lang,
): { ok: true; form: SheetForm } | { ok: false; message: string } {
  const input = readSheetInput(text, lang, layoutTerms(layout));
  if (!input.ok) return { ok: false, message: input.message };
  const sheet = input.doc;
  return { ok: true, form: typedForm(sheet) ?? sheetToForm(sheet, layout) };
}

/**
 * A warning for an imported sheet whose players are not the game's: its rows were filled in
 * by the sheet's order of players, and it may be another table's sheet.
 */
export function otherPlayersNotice(
  page: PageContext,
  imported: string[],
  game: string[],
): SheetShowValues['notice'] {
  const foreign = foreignNames(imported, game);
  if (foreign.length === 0) return undefined;
  return {
    tone: 'warn',
    text: ft(page.lang, 'form.importOtherPlayers', {
      names: foreign.join(', '),
      game: game.join(' – '),
      order: imported.map((name, i) => `${name} → ${game[i] ?? '?'}`).join(', '),
    }),
  };
}

/** The clock of a result refused for a remaining time above the clock's start (422 `CLOCK_ABOVE_START`). */
export function aboveStart(e: unknown): ErrorDetails['CLOCK_ABOVE_START'] | null {
  return detailsOf(e, 'CLOCK_ABOVE_START');
}

/** The players' names a page of a sheet of no game sends back (`playerName` repeated), or null. */
export function namesOf(body: unknown): string[] | null {
  const v = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const names = typeof v.playerName === 'string' ? [v.playerName] : v.playerName;
  return Array.isArray(names) && names.every((n) => typeof n === 'string') ? names : null;
}

/** Why an import cannot fill the form, with its line. */
export function importRefusal(
  page: PageContext,
  input: Extract<SheetInput, { ok: false }>,
): { importError: string; importProblems: string[] | null } {
  // Mistakes that say their own lines (`Red 12, polje „end.racks”: …`) are not given one again.
  const where =
    input.line && !input.located ? ` (${page.t('common.line', { n: input.line })})` : '';
  // Several mistakes: the first in the notice at the top with how many there are, and each
  // with its line by the import.
  const several = input.problems && input.problems.length > 1 ? input.problems : null;
  const first = several
    ? `${several[0].text} ${page.t('sheet.problemsInAll', { n: several.length })}`
    : input.message;
  return {
    importError: `${page.t('sheet.unreadable')}${where}: ${first}`,
    importProblems:
      several &&
      several.map((p) =>
        p.line && !input.located ? `(${page.t('common.line', { n: p.line })}) ${p.text}` : p.text,
      ),
  };
}

/** JSON for a `<script type="application/json">`: nothing in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
