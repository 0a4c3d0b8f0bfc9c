import type { VerificationReport } from '../engine/report/report';

/**
 * What a page or PDF draws of one report at most. The sheet reader refuses
 * more than 200 turns, so a report of a sheet entered here never comes near;
 * these bounds are for whatever else is stored (an old or imported report),
 * so that no stored report can make a page of hundreds of megabytes or a PDF
 * that exhausts the server's memory. What is left out is said in a note.
 */
export const REPORT_BOUNDS = {
  turns: 300,
  /** Findings of the whole game, and of one turn. */
  issues: 500,
  turnIssues: 20,
  /** Players of the accounts table. */
  players: 8,
  /** Rows of the board and characters of each (a 25x25 board is 49). */
  boardRows: 32,
  boardRow: 200,
  /** Characters of any text drawn from the report: a name, a play, a word. */
  text: 200,
} as const;

/** How much of a report was left out of the drawing. */
export interface Omitted {
  turns: { shown: number; total: number } | null;
  issues: { shown: number; total: number } | null;
}

const list = <T>(v: readonly T[] | undefined | null): readonly T[] =>
  Array.isArray(v) ? (v as readonly T[]) : [];

const text = (s: unknown): string =>
  typeof s === 'string' && s.length > REPORT_BOUNDS.text
    ? `${s.slice(0, REPORT_BOUNDS.text)}…`
    : (s as string);

/**
 * The report cut to {@link REPORT_BOUNDS}: the first turns, findings and
 * players, the board's rows, long texts shortened. A report within them is
 * returned as it is.
 */
export function boundReport(report: VerificationReport): {
  report: VerificationReport;
  omitted: Omitted;
} {
  const B = REPORT_BOUNDS;
  const turns = list(report.turns);
  const issues = list(report.issues);
  const players = list(report.players);
  const board = list(report.board);
  const omitted: Omitted = {
    turns: turns.length > B.turns ? { shown: B.turns, total: turns.length } : null,
    issues: issues.length > B.issues ? { shown: B.issues, total: issues.length } : null,
  };
  const within =
    !omitted.turns &&
    !omitted.issues &&
    players.length <= B.players &&
    board.length <= B.boardRows &&
    board.every((r) => typeof r === 'string' && r.length <= B.boardRow) &&
    players.every((p) => typeof p?.name !== 'string' || p.name.length <= B.text) &&
    turns.every(
      (t) =>
        list(t.issues).length <= B.turnIssues &&
        (typeof t.play !== 'string' || t.play.length <= B.text),
    );
  if (within) return { report, omitted };
  const rows = (r: readonly string[] | undefined) =>
    r === undefined
      ? undefined
      : list(r)
          .slice(0, B.boardRows)
          .map((row) => (typeof row === 'string' ? row.slice(0, B.boardRow) : ''));
  return {
    report: {
      ...report,
      turns: turns.slice(0, B.turns).map((t) => ({
        ...t,
        play: t.play === undefined ? t.play : text(t.play),
        reading: t.reading === undefined ? t.reading : text(t.reading),
        issues: list(t.issues).slice(0, B.turnIssues),
        words: list(t.words)
          .slice(0, B.turnIssues)
          .map((w) => ({ ...w, word: text(w.word) })),
      })),
      issues: issues.slice(0, B.issues),
      players: players.slice(0, B.players).map((p) => ({ ...p, name: text(p.name) })),
      board: rows(board)!,
      ownership: rows(report.ownership),
    },
    omitted,
  };
}
