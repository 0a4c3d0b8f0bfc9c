/**
 * The judge's score-sheet form: the printed sheet's rows as typed, turned
 * into a `scoresheet/1` document, verified, and the findings placed back on
 * the cells they are about. Pure: the server and the browser bundle run the
 * very same code, so the page's live check is the server's verdict.
 */
import type { VerificationReport } from '../engine/report/report';
import { gameReportSection } from '../render/game-section';
import type { GameReportSection } from '../render/view-models';
import { verifyDocument } from '../engine/replay/verify';
import type { WordList } from '../engine/rules/words';
import type { Lang } from '../i18n';
import { CellFlag, flagsFor } from './flags';
import { CellError, FormConversion, formToSheet, SheetForm } from './form';
import type { SheetLayout } from './layout';
import { ft } from './messages';

export * from './flags';
export * from './form';
export * from './layout';
export * from './messages';

/** A form checked: the document built from it, the engine's report (when it could run) and the flags. */
export interface FormCheck {
  conversion: FormConversion;
  report: VerificationReport | null;
  flags: CellFlag[];
}

/**
 * Builds the sheet from the form, verifies it with the engine and places the
 * findings on the form. `words` is the tournament's list (null: words are not
 * checked).
 */
export function checkForm(
  form: SheetForm,
  layout: SheetLayout,
  lang: Lang,
  words: WordList | null,
): FormCheck {
  const conversion = formToSheet(form, layout, lang);
  if (conversion.doc.turns.length === 0 && conversion.errors.length === 0) {
    return { conversion, report: null, flags: [] };
  }
  const verified = verifyDocument(conversion.doc, { words });
  if (!verified.ok) {
    // The form's own reading catches what a judge can type; what is left is named as it is.
    const errors: CellError[] = verified.errors.map((e) => {
      const turn = e.path[0] === 'turns' && typeof e.path[1] === 'number' ? e.path[1] : null;
      const row = turn === null ? null : (conversion.turnRows[turn] ?? null);
      const message = ft(lang, 'cell.sheet', { message: e.message });
      return row === null ? { sheet: true, message } : { row, field: 'row', message };
    });
    return {
      conversion,
      report: null,
      flags: flagsFor(
        null,
        { ...conversion, errors: [...conversion.errors, ...errors] },
        lang,
        layout.columns,
      ),
    };
  }
  return {
    conversion,
    report: verified.report,
    flags: flagsFor(verified.report, conversion, lang, layout.columns),
  };
}

/** Flags about the play itself (not its clock or total): they outline its squares. */
const PLAY_FIELDS: ReadonlySet<string> = new Set(['position', 'word', 'score', 'row']);

/**
 * The squares of the plays on rows flagged as wrong (not those that only
 * warn): outlined on the board with the findings' own squares.
 */
export function flaggedSquares(check: FormCheck): string[] {
  if (!check.report) return [];
  const rows = new Set(
    check.flags.flatMap((f) =>
      'row' in f && f.tone === 'bad' && PLAY_FIELDS.has(f.field) ? [f.row] : [],
    ),
  );
  const squares: string[] = [];
  check.conversion.turnRows.forEach((row, turn) => {
    if (rows.has(row)) squares.push(...(check.report!.turns[turn]?.placed ?? []));
  });
  return squares;
}

/** The verdict, the board (flagged plays outlined) and the report of a checked form. */
export function checkSection(
  check: FormCheck,
  layout: SheetLayout,
  lang: Lang,
): GameReportSection | null {
  if (!check.report) return null;
  const section = gameReportSection(check.report, lang, {
    rules: layout.rules,
    ruleOptions: layout.options,
    highlight: flaggedSquares(check),
  });
  // A cell that cannot be read is left out of the sheet the engine saw: the verdict says so.
  if (check.conversion.errors.length === 0) return section;
  return {
    ...section,
    report: {
      ...section.report,
      ok: false,
      tone: 'bad',
      sign: '✗',
      verdict: ft(lang, 'form.unreadableVerdict'),
    },
  };
}
