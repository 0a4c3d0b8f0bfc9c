import { Unprocessable } from '../common/errors';
import { formatPath, SheetRefusal } from '../engine';

/**
 * A score sheet refused for its game (422): the engine's refusal kept as data
 * (`refusal`, and the same fields in `details`), so that a page words it in
 * its own language; the message is the API's English.
 */
export class SheetRefused extends Unprocessable {
  constructor(readonly refusal: SheetRefusal) {
    super(refusal.code, refusalMessage(refusal), refusalDetails(refusal));
  }
}

function refusalMessage(r: SheetRefusal): string {
  switch (r.code) {
    case 'SHEET_UNREADABLE':
      return `the score sheet cannot be read: ${r.errors
        .map((e) => `${formatPath(e.path)}: ${e.message}`)
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

/** The refusal's fields as the API gives them; an unreadable sheet's errors stay a list of `{ path, message }`. */
function refusalDetails(r: SheetRefusal): unknown {
  switch (r.code) {
    case 'SHEET_UNREADABLE':
      return r.errors.map((e) => ({ path: formatPath(e.path), message: e.message }));
    case 'SHEET_RULES_MISMATCH':
      return { sheet: r.sheet, rules: r.rules };
    case 'SHEET_OPTIONS_MISMATCH':
      return { clashes: r.clashes };
    case 'SHEET_PLAYERS_MISMATCH':
      return { expected: r.expected, got: r.got, swapped: r.swapped };
  }
}
