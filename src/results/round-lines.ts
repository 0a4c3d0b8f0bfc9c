/**
 * A round's results typed as lines or as a grid, one row a game (or a table), checked without a
 * server: the round's results page reads its post with this, and its script checks each row as
 * it is typed with the same functions. Pure: no framework, no database.
 *
 * A line (documented in docs/pages.md, "A round's results on one page"):
 *
 *     12 345 367                    table 12: the first player 345, the second 367
 *     12 345 367 3:24 0:45          … with the remaining clocks (mm:ss), when the rule set has one
 *     12 345 367 3:24 -0:10 t2      … the second player lost on time (t1: the first)
 *     12 400 400 c14/13             … equal scores: the figures the rule set decides by
 *                                     (c cards, s safe points, p tiles played, b biggest steal)
 *     12 f1        (or a1)          the first player did not come: a forfeit, the second wins
 *     12 ff        (or aa)          neither came: a double forfeit
 *     7 212 187 164 155 2:10 …      a table of four: a score a seat (then a clock a seat)
 *     7 212 - 164 155               seat 2 did not come (its clock is `-` too)
 *     7 410 410 402 r2              target-score variant: seat 2 reached the target first
 */
import { tieBreaksOf } from '../engine/replay/typed-result';
import type { TieBreakRule } from '../engine/rules/ruleset';
import { clockAboveStart, decideTypedResult } from '../engine/replay/typed-result';
import type { RuleSet } from '../engine/rules/ruleset';
import { formatClock, parseClock } from '../engine/sheet/scoresheet';
import { placeTable } from './table-places';

/** A tie-break figure typed a player or a seat, by its letter on a line. */
export const LINE_FIGURES = [
  { field: 'cards', letter: 'c', tieBreak: 'cards' },
  { field: 'safePoints', letter: 's', tieBreak: 'safe-points' },
  { field: 'tilesPlayed', letter: 'p', tieBreak: 'tiles-played' },
  { field: 'biggestSteal', letter: 'b', tieBreak: 'biggest-steal' },
] as const satisfies readonly { field: string; letter: string; tieBreak: TieBreakRule }[];
export type LineFigure = (typeof LINE_FIGURES)[number]['field'];

/** What a row asks of a game by its division's rule set and its seats. */
export interface RowAsks {
  /** 2 for a game of two; 3 to 8 at a table. */
  seats: number;
  /** Remaining clocks, one a seat (a rule set with a game clock). */
  clocks: boolean;
  /** Who lost on time (a game of two on a clock). */
  timeLoss: boolean;
  /** Tie-break figures typed a seat. */
  figures: LineFigure[];
  /** Who reached the target first (target-score variant). */
  targetFirst: boolean;
}

/** What a row asks for the rule set (options applied) at a game of `seats`. */
export function rowAsks(ruleSet: RuleSet, seats: number): RowAsks {
  const order = tieBreaksOf(ruleSet);
  const clocks = !ruleSet.cards;
  return {
    seats,
    clocks,
    timeLoss: clocks && seats === 2,
    figures: LINE_FIGURES.filter(
      (f) => order.includes(f.tieBreak) && (seats === 2 || f.field === 'cards'),
    ).map((f) => f.field),
    targetFirst: order.includes('target-first'),
  };
}

/**
 * A row as typed (the grid's cells, or a line read into them). `kind`: '' a game played (a
 * table's seat that did not come is `-` in its score), `f1`/`f2` the first/second player did
 * not come (a game of two), `ff` nobody came.
 */
export interface RowValues {
  kind: string;
  scores: string[];
  clocks: string[];
  /** '' nobody, '1' or '2'. */
  timeLoss: string;
  figures: Partial<Record<LineFigure, string[]>>;
  /** '' nobody, else the seat (1 first). */
  targetFirst: string;
}

export const ROW_KINDS = ['', 'f1', 'f2', 'ff'] as const;

export function emptyRow(asks: RowAsks): RowValues {
  const blank = () => Array.from({ length: asks.seats }, () => '');
  return {
    kind: '',
    scores: blank(),
    clocks: asks.clocks ? blank() : [],
    timeLoss: '',
    figures: Object.fromEntries(asks.figures.map((f) => [f, blank()])),
    targetFirst: '',
  };
}

/** Nothing typed in the row: it is left as it is (a result still missing stays missing). */
export function isEmptyRow(v: RowValues): boolean {
  const blank = (xs: readonly string[] | undefined) => (xs ?? []).every((x) => x.trim() === '');
  return (
    v.kind === '' &&
    blank(v.scores) &&
    blank(v.clocks) &&
    v.timeLoss === '' &&
    Object.values(v.figures).every(blank) &&
    v.targetFirst === ''
  );
}

/** The same cells, spaces aside. */
export function sameRow(a: RowValues, b: RowValues): boolean {
  return JSON.stringify(trimmed(a)) === JSON.stringify(trimmed(b));
}

function trimmed(v: RowValues): RowValues {
  const t = (xs: readonly string[]) => xs.map((x) => x.trim());
  const forfeit = v.kind !== '';
  return {
    kind: v.kind,
    scores: forfeit ? [] : t(v.scores),
    clocks: forfeit ? [] : t(v.clocks),
    timeLoss: forfeit ? '' : v.timeLoss,
    figures: forfeit
      ? {}
      : Object.fromEntries(
          Object.entries(v.figures)
            .filter(([, xs]) => xs.some((x) => x.trim() !== ''))
            .map(([k, xs]) => [k, t(xs)]),
        ),
    targetFirst: forfeit ? '' : v.targetFirst,
  };
}

/** A row checked: what the results' service writes. Seats and players 0-based. */
export type RowEntry =
  | {
      kind: 'played';
      scores: number[];
      /** `mm:ss`, one a seat (null: a card game); a seat that did not come has null. */
      clocks: (string | null)[] | null;
      timeLoss: 0 | 1 | null;
      figures: Partial<Record<LineFigure, number[]>>;
      targetFirst: number | null;
      /** A table's seats that did not come (their scores are 0 here and not written). */
      absent: number[];
      /** The decision: a pair's winner (null a draw), or a table's places (1 first). */
      winner: 0 | 1 | null;
      places: number[];
    }
  | { kind: 'forfeit'; absent: 0 | 1 }
  | { kind: 'double-forfeit' };

/** Why a row or a line is refused, as data for any language. Seats are 1-based. */
export type RowProblem =
  | { code: 'LINE_UNREADABLE'; word: string }
  | { code: 'LINE_NO_TABLE'; table: string }
  | { code: 'LINE_TWICE'; table: number }
  | { code: 'KIND_UNKNOWN'; word: string }
  | { code: 'SCORE_COUNT'; expected: number; got: number }
  | { code: 'SCORE_NEEDED'; seat: number }
  | { code: 'SCORE_BAD'; seat: number; value: string }
  | { code: 'CLOCK_NEEDED'; seat: number }
  | { code: 'CLOCK_BAD'; seat: number; value: string }
  | { code: 'CLOCK_UNUSED' }
  | { code: 'CLOCK_ABOVE_START'; seat: number; clock: string; start: string }
  | { code: 'TIME_LOSS_UNCLEAR' }
  | { code: 'FIGURE_BAD'; figure: LineFigure; seat: number; value: string }
  | { code: 'FIGURE_HALF'; figure: LineFigure }
  | { code: 'FIGURE_UNUSED'; figure: LineFigure | 'targetFirst' }
  | { code: 'FIGURE_NEEDED'; figure: LineFigure | 'targetFirst'; seats: string }
  | { code: 'TARGET_BAD'; value: string }
  | { code: 'NOBODY_PRESENT' }
  | { code: 'FORFEIT_OF_TABLE' };

export type RowCheck = { ok: true; entry: RowEntry } | { ok: false; problem: RowProblem };

const SCORE = /^-?\d{1,4}$/;
const CLOCK = /^-?\d{1,3}:[0-5]\d$/;
const FIGURE = /^\d{1,4}$/;
const SCORE_MIN = -1000;
const SCORE_MAX = 5000;

const bad = (problem: RowProblem): RowCheck => ({ ok: false, problem });

/**
 * Checks a row by the rule set (options applied): every score a whole number in range (a
 * table's `-`: the seat did not come), each clock as `mm:ss` and not above the clock's start,
 * the tie-break figures the equal scores need, and the decision the engine makes of them (a
 * pair's winner; a table's places, as {@link placeTable} gives them).
 */
export function checkRow(ruleSet: RuleSet, asks: RowAsks, v: RowValues): RowCheck {
  if (!(ROW_KINDS as readonly string[]).includes(v.kind)) {
    return bad({ code: 'KIND_UNKNOWN', word: v.kind });
  }
  if (v.kind === 'ff') return { ok: true, entry: { kind: 'double-forfeit' } };
  if (v.kind === 'f1' || v.kind === 'f2') {
    if (asks.seats !== 2) return bad({ code: 'FORFEIT_OF_TABLE' });
    return { ok: true, entry: { kind: 'forfeit', absent: v.kind === 'f1' ? 0 : 1 } };
  }
  const cells = readCells(ruleSet, asks, v);
  if ('problem' in cells) return bad(cells.problem);
  if (cells.absent.length === asks.seats) return { ok: true, entry: { kind: 'double-forfeit' } };
  return asks.seats === 2 ? decidePair(ruleSet, cells) : decideTable(ruleSet, asks, cells);
}

/** A played row's cells read: numbers, clocks as `mm:ss` (seconds of the seats present). */
interface Cells {
  scores: number[];
  absent: number[];
  present: number[];
  clocks: (string | null)[] | null;
  seconds: number[] | null;
  timeLoss: 0 | 1 | null;
  figures: Partial<Record<LineFigure, number[]>>;
  targetFirst: number | null;
  target: string;
}

function readCells(ruleSet: RuleSet, asks: RowAsks, v: RowValues): Cells | { problem: RowProblem } {
  const refuse = (problem: RowProblem) => ({ problem });
  const scores = readScores(asks, v);
  if ('problem' in scores) return scores;
  const { values, absent } = scores;
  if (absent.length === asks.seats - 1 && asks.seats > 2) {
    // One seat alone played nobody: that is not a game.
    return refuse({ code: 'NOBODY_PRESENT' });
  }
  const present = values.map((_, i) => i).filter((i) => !absent.includes(i));

  let clocks: (string | null)[] | null = null;
  if (asks.clocks) {
    clocks = [];
    for (let i = 0; i < asks.seats; i++) {
      const c = (v.clocks[i] ?? '').trim();
      if (absent.includes(i)) {
        clocks.push(null);
        continue;
      }
      if (c === '') return refuse({ code: 'CLOCK_NEEDED', seat: i + 1 });
      if (!CLOCK.test(c)) return refuse({ code: 'CLOCK_BAD', seat: i + 1, value: c });
      clocks.push(formatClock(parseClock(c)!));
    }
  } else if (v.clocks.some((c) => c.trim() !== '')) {
    return refuse({ code: 'CLOCK_UNUSED' });
  }

  let timeLoss: 0 | 1 | null = null;
  if (v.timeLoss === '1' || v.timeLoss === '2') {
    if (!asks.timeLoss) return refuse({ code: 'CLOCK_UNUSED' });
    timeLoss = v.timeLoss === '1' ? 0 : 1;
  }

  const figures = readFigures(asks, v, present);
  if ('problem' in figures) return figures;

  let targetFirst: number | null = null;
  const target = v.targetFirst.trim();
  if (target !== '') {
    if (!asks.targetFirst) return refuse({ code: 'FIGURE_UNUSED', figure: 'targetFirst' });
    const seat = Number(target);
    if (!/^[1-8]$/.test(target) || seat > asks.seats || absent.includes(seat - 1)) {
      return refuse({ code: 'TARGET_BAD', value: target });
    }
    targetFirst = seat - 1;
  }

  const seconds = clocks ? present.map((i) => parseClock(clocks[i]!)!) : null;
  const above = seconds ? clockAboveStart(ruleSet, seconds) : null;
  if (above) {
    return refuse({
      code: 'CLOCK_ABOVE_START',
      seat: present[above.player] + 1,
      clock: formatClock(above.remaining),
      start: formatClock(above.start),
    });
  }
  return {
    scores: values,
    absent,
    present,
    clocks,
    seconds,
    timeLoss,
    figures,
    targetFirst,
    target,
  };
}

/** Each seat's score (a table's `-`: the seat did not come, 0 here). */
function readScores(
  asks: RowAsks,
  v: RowValues,
): { values: number[]; absent: number[] } | { problem: RowProblem } {
  if (v.scores.length !== asks.seats) {
    return { problem: { code: 'SCORE_COUNT', expected: asks.seats, got: v.scores.length } };
  }
  const absent: number[] = [];
  const values: number[] = [];
  for (const [i, raw] of v.scores.entries()) {
    const s = raw.trim();
    if (s === '-' && asks.seats > 2) {
      absent.push(i);
      values.push(0);
      continue;
    }
    if (s === '') return { problem: { code: 'SCORE_NEEDED', seat: i + 1 } };
    const n = Number(s);
    if (!SCORE.test(s) || n < SCORE_MIN || n > SCORE_MAX) {
      return { problem: { code: 'SCORE_BAD', seat: i + 1, value: s } };
    }
    values.push(n);
  }
  return { values, absent };
}

/** The tie-break figures typed, one a seat present (none typed: left out). */
function readFigures(
  asks: RowAsks,
  v: RowValues,
  present: number[],
): Partial<Record<LineFigure, number[]>> | { problem: RowProblem } {
  const figures: Partial<Record<LineFigure, number[]>> = {};
  for (const [field, raws] of Object.entries(v.figures) as [LineFigure, string[]][]) {
    const cells = raws.map((r) => r.trim());
    if (cells.every((c) => c === '')) continue;
    if (!asks.figures.includes(field)) return { problem: { code: 'FIGURE_UNUSED', figure: field } };
    const values: number[] = [];
    for (const i of present) {
      const c = cells[i] ?? '';
      if (c === '') return { problem: { code: 'FIGURE_HALF', figure: field } };
      if (!FIGURE.test(c)) {
        return { problem: { code: 'FIGURE_BAD', figure: field, seat: i + 1, value: c } };
      }
      values.push(Number(c));
    }
    figures[field] = values;
  }
  return figures;
}

/** A game of two decided by the engine's own decision of a typed result. */
function decidePair(ruleSet: RuleSet, c: Cells): RowCheck {
  const tieBreaks: Partial<Record<TieBreakRule, number[]>> = {};
  for (const f of LINE_FIGURES) {
    if (c.figures[f.field]) tieBreaks[f.tieBreak] = c.figures[f.field];
  }
  if (c.targetFirst !== null) {
    tieBreaks['target-first'] = [c.targetFirst === 0 ? 1 : 0, c.targetFirst === 1 ? 1 : 0];
  }
  const decision = decideTypedResult(ruleSet, {
    scores: c.scores,
    // A card game has no game clock: no time is typed, and none runs out.
    remaining: c.seconds ?? [0, 0],
    timeLoss: c.timeLoss,
    tieBreaks: tieBreaks,
  });
  if (!decision.ok) {
    const p = decision.problem;
    switch (p.code) {
      case 'TIME_LOSS_UNCLEAR':
        return bad({ code: 'TIME_LOSS_UNCLEAR' });
      case 'NO_GAME_CLOCK':
        return bad({ code: 'CLOCK_UNUSED' });
      case 'CLOCK_ABOVE_START':
        return bad({
          code: 'CLOCK_ABOVE_START',
          seat: p.player + 1,
          clock: formatClock(p.remaining),
          start: formatClock(p.start),
        });
      case 'TIE_BREAK_FIGURE_NEEDED':
      case 'TIE_BREAK_FIGURE_UNUSED': {
        const figure =
          p.tieBreak === 'target-first'
            ? 'targetFirst'
            : LINE_FIGURES.find((f) => f.tieBreak === p.tieBreak)!.field;
        return p.code === 'TIE_BREAK_FIGURE_UNUSED'
          ? bad({ code: 'FIGURE_UNUSED', figure })
          : bad({ code: 'FIGURE_NEEDED', figure, seats: '1, 2' });
      }
    }
  }
  const winner = decision.result.winner as 0 | 1 | null;
  return {
    ok: true,
    entry: {
      kind: 'played',
      scores: c.scores,
      clocks: c.clocks,
      timeLoss: decision.timeLoss as 0 | 1 | null,
      figures: c.figures,
      targetFirst: c.targetFirst,
      absent: [],
      winner,
      places: winner === null ? [1, 1] : winner === 0 ? [1, 2] : [2, 1],
    },
  };
}

/**
 * A table: the seats present are placed among themselves ({@link placeTable}); those that did
 * not come share the table's last place (as a forfeit's absent player loses, and a double
 * forfeit's both do).
 */
function decideTable(ruleSet: RuleSet, asks: RowAsks, c: Cells): RowCheck {
  const { present, absent } = c;
  const placing = placeTable(ruleSet, {
    scores: present.map((i) => c.scores[i]),
    remaining: c.seconds,
    typed: true,
    cards: c.figures.cards,
    targetFirst: c.targetFirst === null ? undefined : present.indexOf(c.targetFirst),
  });
  if (!placing.ok) {
    const p = placing.problem;
    switch (p.code) {
      case 'FIGURE_NEEDED':
        return bad({
          code: 'FIGURE_NEEDED',
          figure: p.field,
          seats: p.seats.map((s) => present[s] + 1).join(', '),
        });
      case 'FIGURE_UNUSED':
        return bad({ code: 'FIGURE_UNUSED', figure: p.field });
      case 'CLOCK_ABOVE_START':
        return bad({
          code: 'CLOCK_ABOVE_START',
          seat: present[p.player] + 1,
          clock: formatClock(p.remaining),
          start: formatClock(p.start),
        });
      case 'SEAT_OUT_OF_RANGE':
        return bad({ code: 'TARGET_BAD', value: c.target });
      case 'FIGURE_COUNT':
      case 'CLOCKS_NEEDED':
        return bad({ code: 'CLOCK_NEEDED', seat: present[0] + 1 });
      case 'NO_GAME_CLOCK':
        return bad({ code: 'CLOCK_UNUSED' });
    }
  }
  const places = c.scores.map((_, i) =>
    absent.includes(i) ? asks.seats : placing.places[present.indexOf(i)],
  );
  const figures = { ...c.figures };
  const cards = figures.cards;
  if (cards) {
    // Back to a number a seat: an absent seat took no cards.
    figures.cards = c.scores.map((_, i) => (absent.includes(i) ? 0 : cards[present.indexOf(i)]));
  }
  return {
    ok: true,
    entry: {
      kind: 'played',
      scores: c.scores,
      clocks: c.clocks,
      timeLoss: null,
      figures,
      targetFirst: c.targetFirst,
      absent,
      winner: null,
      places,
    },
  };
}

/** A game of the round as a line names it. */
export interface LineGame {
  table: number;
  asks: RowAsks;
}

/** A line read: the table it names and its cells. */
export type LineRead =
  | { ok: true; table: number; values: RowValues }
  | { ok: false; table: number | null; problem: RowProblem };

/** The round's lines, one a table (blank lines and lines starting with `#` are skipped). */
export function readLines(text: string, games: readonly LineGame[]): LineRead[] {
  const out: LineRead[] = [];
  const seen = new Set<number>();
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const read = readLine(trimmed, games);
    if (read.ok || read.table !== null) {
      const table = read.table!;
      if (seen.has(table)) {
        out.push({ ok: false, table, problem: { code: 'LINE_TWICE', table } });
        continue;
      }
      seen.add(table);
    }
    out.push(read);
  }
  return out;
}

/** One line into the cells of its table's row ({@link readLines}). */
export function readLine(line: string, games: readonly LineGame[]): LineRead {
  const words = line.trim().split(/\s+/);
  const first = words.shift() ?? '';
  const game = /^\d{1,4}$/.test(first) ? games.find((g) => g.table === Number(first)) : undefined;
  if (!game) return { ok: false, table: null, problem: { code: 'LINE_NO_TABLE', table: first } };
  const { table, asks } = game;
  const values = emptyRow(asks);
  const refuse = (problem: RowProblem): LineRead => ({ ok: false, table, problem });
  const lower = words.map((w) => latin(w.toLowerCase()));
  if (lower.length === 1 && /^(ff|aa)$/.test(lower[0]))
    return { ok: true, table, values: { ...values, kind: 'ff' } };
  if (lower.length === 1 && /^[fa][12]$/.test(lower[0])) {
    if (asks.seats !== 2) return refuse({ code: 'FORFEIT_OF_TABLE' });
    return { ok: true, table, values: { ...values, kind: `f${lower[0][1]}` } };
  }
  let i = 0;
  const isScore = (w: string) => SCORE.test(w) || (w === '-' && asks.seats > 2);
  for (let seat = 0; seat < asks.seats; seat++, i++) {
    if (i >= lower.length || !isScore(lower[i])) {
      return refuse({ code: 'SCORE_COUNT', expected: asks.seats, got: seat });
    }
    values.scores[seat] = lower[i];
  }
  const clocks: string[] = [];
  while (
    i < lower.length &&
    (CLOCK.test(lower[i]) || (lower[i] === '-' && clocks.length < asks.seats))
  ) {
    clocks.push(lower[i] === '-' ? '' : lower[i]);
    i++;
  }
  if (clocks.length > 0) {
    if (!asks.clocks) return refuse({ code: 'CLOCK_UNUSED' });
    values.clocks = Array.from({ length: asks.seats }, (_, s) => clocks[s] ?? '');
  }
  for (; i < lower.length; i++) {
    const w = lower[i];
    const loss = /^t([12])$/.exec(w);
    if (loss) {
      values.timeLoss = loss[1];
      continue;
    }
    const reached = /^r(\d)$/.exec(w);
    if (reached) {
      values.targetFirst = reached[1];
      continue;
    }
    const fig = /^([a-z])(\d{1,4}(?:\/\d{1,4})+)$/.exec(w);
    const figure = fig ? LINE_FIGURES.find((f) => f.letter === fig[1]) : undefined;
    if (fig && figure) {
      const cells = fig[2].split('/');
      // One a seat; a table's absent seats may be left out.
      const absent = values.scores.flatMap((s, k) => (s === '-' ? [k] : []));
      values.figures[figure.field] =
        cells.length === asks.seats ? cells : spreadOver(cells, asks.seats, absent);
      continue;
    }
    return refuse({ code: 'LINE_UNREADABLE', word: words[i] });
  }
  return { ok: true, table, values };
}

/** The line's letters as the Cyrillic page writes them (`т2`, `ф1`, `ц14/13`), in Latin. */
const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  ц: 'c',
  ф: 'f',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
};
const latin = (word: string) => word.replace(/[абцфпрст]/g, (c) => CYRILLIC[c]);

/** Figures typed for the seats present only, put in their seats' places ('' for the absent). */
function spreadOver(cells: string[], seats: number, absent: number[]): string[] {
  const out: string[] = [];
  let k = 0;
  for (let s = 0; s < seats; s++) out.push(absent.includes(s) ? '' : (cells[k++] ?? ''));
  return out;
}

/** A row's cells written back as a line (the page shows the round's lines from the grid). */
export function lineOf(table: number, asks: RowAsks, v: RowValues): string {
  if (v.kind === 'ff') return `${table} ff`;
  if (v.kind === 'f1' || v.kind === 'f2') return `${table} ${v.kind}`;
  const parts = [String(table), ...v.scores.map((s) => s.trim() || '?')];
  if (asks.clocks && v.clocks.some((c) => c.trim() !== '')) {
    parts.push(...v.clocks.map((c, i) => c.trim() || (v.scores[i]?.trim() === '-' ? '-' : '?')));
  }
  if (v.timeLoss) parts.push(`t${v.timeLoss}`);
  for (const f of LINE_FIGURES) {
    const cells = v.figures[f.field];
    if (cells?.some((c) => c.trim() !== ''))
      parts.push(`${f.letter}${cells.map((c) => c.trim()).join('/')}`);
  }
  if (v.targetFirst) parts.push(`r${v.targetFirst}`);
  return parts.join(' ');
}
