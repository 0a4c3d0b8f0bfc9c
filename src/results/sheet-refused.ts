import { DomainError, ErrorDetails } from '../common/errors';
import type { JsonPath, OptionClash, SheetRefusal } from '../engine';
import { jsonLines, SheetErrorDetail, sheetErrorDetail } from '../web/sheet-input';

declare module '../common/errors' {
  interface ErrorDetails {
    /**
     * A sheet whose structure is wrong: each mistake with its line in the text sent, its turn,
     * field and player, its code and parameters and its sentence (`path` is the engine's).
     */
    SHEET_UNREADABLE: SheetErrorDetail[];
    /** A sheet of another rule set than the game's. */
    SHEET_RULES_MISMATCH: { sheet: string; rules: string };
    /** A sheet whose options differ from the tournament's. */
    SHEET_OPTIONS_MISMATCH: { clashes: OptionClash[] };
    /** A sheet of other players, or of the game's in another order. */
    SHEET_PLAYERS_MISMATCH: { expected: string[]; got: string[]; swapped: boolean };
  }
}

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
    const { details, message } = refused(refusal, sent);
    super(refusal.code === 'SHEET_UNREADABLE' ? 400 : 422, refusal.code, message, details);
  }
}

/** The refusal's fields as the API gives them, by its code, and the API's English message. */
function refused(
  r: SheetRefusal,
  sent?: SentSheet,
): { details: ErrorDetails[SheetRefusal['code']]; message: string } {
  switch (r.code) {
    case 'SHEET_UNREADABLE': {
      const lineOf: (path: JsonPath) => number | null = sent ? jsonLines(sent.text) : () => null;
      const players = (sent?.doc as { players?: unknown } | null | undefined)?.players;
      const details = r.errors.map((e) =>
        sheetErrorDetail('en', e, lineOf(e.path), players),
      ) satisfies ErrorDetails['SHEET_UNREADABLE'];
      // Each mistake in words, then its path in the document for the program that wrote it.
      const message = `the score sheet cannot be read: ${details
        .map((d) => `${d.message} (${d.path})`)
        .join('; ')}`;
      return { details, message };
    }
    case 'SHEET_RULES_MISMATCH':
      return {
        details: { sheet: r.sheet, rules: r.rules } satisfies ErrorDetails['SHEET_RULES_MISMATCH'],
        message: `the sheet is for rule set '${r.sheet}' but the tournament plays '${r.rules}'`,
      };
    case 'SHEET_OPTIONS_MISMATCH':
      return {
        details: { clashes: r.clashes } satisfies ErrorDetails['SHEET_OPTIONS_MISMATCH'],
        message: `the sheet's options differ from the tournament's: ${r.clashes
          .map((c) => `${c.option} ${c.sheet} (tournament: ${c.game})`)
          .join(', ')}`,
      };
    case 'SHEET_PLAYERS_MISMATCH':
      return {
        details: {
          expected: r.expected,
          got: r.got,
          swapped: r.swapped,
        } satisfies ErrorDetails['SHEET_PLAYERS_MISMATCH'],
        message: r.swapped
          ? `the sheet lists the players in the other order: ${r.expected[0]} moved first in this game, so "players" must be ${JSON.stringify(r.expected)}`
          : r.expected.length > 2
            ? `the sheet is for ${r.got.map((n) => JSON.stringify(n)).join(' and ')}, but this table is ${r.expected[0]} (moves first), ${r.expected.slice(1).join(', ')}`
            : `the sheet is for ${r.got.map((n) => JSON.stringify(n)).join(' and ')}, but this game is ${r.expected[0]} (moves first) against ${r.expected[1]}`,
      };
  }
}
