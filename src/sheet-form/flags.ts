import type { Issue, IssueCode, VerificationReport } from '../engine/report/report';
import type { Lang } from '../i18n';
import { issueLine } from '../render/report-view';
import type { CellError, CellRef, FormConversion } from './form';
import type { EndField, RowField } from './layout';

/**
 * A finding placed on the form: the cell it is about, its tone and its words.
 * `info` (what the engine decided: a challenge upheld, a penalty given) is
 * shown beside its row and marks no cell.
 */
export type CellFlag = CellRef & { tone: 'bad' | 'warn' | 'info'; message: string };

/** The very cell a finding is about: a wrong score on the score, a placement on the position. */
const CELL_OF: Partial<Record<IssueCode, RowField>> = {
  SCORE_MISMATCH: 'score',
  TOTAL_MISMATCH: 'total',
  CLOCK_EXPIRED: 'clock',
  AFTER_TIME_EXPIRED: 'clock',
  TIME_NOT_SHOWN: 'clock',
  OUT_OF_TURN: 'player',
  TOO_MANY_TURNS: 'player',
  PLAYED_AFTER_END: 'player',
  OFF_BOARD: 'position',
  NOT_CONNECTED: 'position',
  FIRST_PLAY_OFF_CENTRE: 'position',
  SQUARE_OCCUPIED: 'position',
  BLOCKED_SQUARE: 'position',
  GAP_IN_PLAY: 'position',
  WORD_EXTENDS: 'word',
  LETTER_MISMATCH: 'word',
  WORD_TOO_SHORT: 'word',
  UNKNOWN_WORD: 'word',
  BAD_NOTATION: 'word',
  AMBIGUOUS_READING: 'word',
  DIGRAPH_READING: 'word',
  TILE_OVERUSE: 'word',
  NO_TILES_PLACED: 'word',
  JOKER_LETTER_NOT_ALLOWED: 'word',
  EXCHANGE_NOT_ALLOWED: 'kind',
  EXCHANGE_SIZE: 'word',
  RACK_MISMATCH: 'rack',
  BLANK_SWAP_INVALID: 'swap',
  BLANK_NOT_USED: 'swap',
  CHALLENGE_UPHELD: 'challenge',
  CHALLENGE_FAILED: 'challenge',
  CARDS_MISMATCH: 'taken',
  BAD_GRID: 'rotation',
  GRID_CHANGED: 'rotation',
  ROTATION_NOT_ALLOWED: 'rotation',
  CARD_ALREADY_USED: 'rotation',
};

/** Findings of the whole game, by the end field they are about. */
const END_OF: Partial<Record<IssueCode, EndField>> = {
  FINAL_MISMATCH: 'final',
  RACK_MISMATCH: 'racks',
  CLOCK_EXPIRED: 'timeExpired',
  TIME_NOT_SHOWN: 'clocks',
};

/** An unreadable entry of the end of the game, on its own field (`END_FIELD_UNREADABLE`). */
function endFieldOf(issue: Issue): EndField | undefined {
  return issue.code === 'END_FIELD_UNREADABLE' ? issue.field : END_OF[issue.code];
}

/**
 * Places a verification report on the form it was built from: every error or
 * warning of a turn on the cell it is about (the form's own reading errors
 * first, in place of the engine's notation findings on that row), and the
 * findings of the whole game on the end of the game. Findings that only say
 * what the engine decided (`info`) are notes beside their row.
 */
export function flagsFor(
  report: VerificationReport | null,
  conversion: FormConversion,
  lang: Lang,
  columns: readonly RowField[],
): CellFlag[] {
  const flags: CellFlag[] = conversion.errors.map((e: CellError) => ({ ...e, tone: 'bad' }));
  if (!report) return flags;
  const unreadable = new Set(
    conversion.errors.flatMap((e) =>
      'row' in e && (e.field === 'position' || e.field === 'word') ? [e.row] : [],
    ),
  );
  const place = (issue: Issue, row: number | null) => {
    const tone =
      issue.severity === 'error' ? 'bad' : issue.severity === 'warning' ? 'warn' : 'info';
    const message = issueLine(lang, issue, report).text;
    if (row !== null) {
      if (issue.code === 'BAD_NOTATION' && unreadable.has(row)) return;
      const field = CELL_OF[issue.code];
      flags.push({
        row,
        field: tone !== 'info' && field && columns.includes(field) ? field : 'row',
        tone,
        message,
      });
      return;
    }
    const end = endFieldOf(issue);
    if (end) flags.push({ end, player: issue.player, tone, message });
    else flags.push({ sheet: true, tone, message });
  };
  for (const turn of report.turns) {
    const row = conversion.turnRows[turn.index] ?? null;
    for (const issue of turn.issues) place(issue, row);
  }
  for (const issue of report.issues) {
    place(issue, issue.turn !== undefined ? (conversion.turnRows[issue.turn] ?? null) : null);
  }
  return flags;
}
