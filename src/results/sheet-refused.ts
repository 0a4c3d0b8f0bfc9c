import { DomainError } from '../common/errors';
import type { JsonPath, SheetRefusal } from '../engine';
import { jsonLines, SheetErrorDetail, sheetErrorDetail } from '../web/sheet-input';

/** The sheet as sent: its text (for the lines of its fields) and what was read of it (its players). */
export interface SentSheet {
  text: string;
  doc: unknown;
}

/**
 * A score sheet refused for its game: the engine's refusal kept as data
 * (`refusal`, and the same fields in `details`), so that a page words it in
 * its own language; the message is the API's English. A sheet whose structure
 * is wrong is a 400 (the input itself is wrong), each mistake in `details` with
 * its line in the text sent, its turn, field and player, its code and parameters
 * and its sentence; a readable sheet that is not this game's is a 422.
 */
export class SheetRefused extends DomainError {
  constructor(
    readonly refusal: SheetRefusal,
    sent?: SentSheet,
  ) {
    const details = refusalDetails(refusal, sent);
    super(
      refusal.code === 'SHEET_UNREADABLE' ? 400 : 422,
      refusal.code,
      refusalMessage(refusal, details),
      details,
    );
  }
}

function refusalMessage(r: SheetRefusal, details: unknown): string {
  switch (r.code) {
    case 'SHEET_UNREADABLE':
      // Each mistake in words, then its path in the document for the program that wrote it.
      return `the score sheet cannot be read: ${(details as SheetErrorDetail[])
        .map((d) => `${d.message} (${d.path})`)
        .join('; ')}`;
    case 'SHEET_RULES_MISMATCH':
      return `the sheet is for rule set '${r.sheet}' but the tournament plays '${r.rules}'`;
    case 'SHEET_OPTIONS_MISMATCH':
      return `the sheet's options differ from the tournament's: ${r.clashes
        .map((c) => `${c.option} ${c.sheet} (tournament: ${c.game})`)
        .join(', ')}`;
    case 'SHEET_PLAYERS_MISMATCH':
      return r.swapped
        ? `the sheet lists the players in the other order: ${r.expected[0]} moved first in this game, so "players" must be ${JSON.stringify(r.expected)}`
        : r.expected.length > 2
          ? `the sheet is for ${r.got.map((n) => JSON.stringify(n)).join(' and ')}, but this table is ${r.expected[0]} (moves first), ${r.expected.slice(1).join(', ')}`
          : `the sheet is for ${r.got.map((n) => JSON.stringify(n)).join(' and ')}, but this game is ${r.expected[0]} (moves first) against ${r.expected[1]}`;
  }
}

/**
 * The refusal's fields as the API gives them; an unreadable sheet's errors a list of
 * {@link SheetErrorDetail} (`path` is the engine's, as before).
 */
function refusalDetails(r: SheetRefusal, sent?: SentSheet): unknown {
  switch (r.code) {
    case 'SHEET_UNREADABLE': {
      const lineOf: (path: JsonPath) => number | null = sent ? jsonLines(sent.text) : () => null;
      const players = (sent?.doc as { players?: unknown } | null | undefined)?.players;
      return r.errors.map((e) => sheetErrorDetail('en', e, lineOf(e.path), players));
    }
    case 'SHEET_RULES_MISMATCH':
      return { sheet: r.sheet, rules: r.rules };
    case 'SHEET_OPTIONS_MISMATCH':
      return { clashes: r.clashes };
    case 'SHEET_PLAYERS_MISMATCH':
      return { expected: r.expected, got: r.got, swapped: r.swapped };
  }
}
