import {
  clockAboveStart,
  RuleSet,
  tieBreaksOf,
  TypedResultProblem,
  VerificationReport,
} from '../engine';

/** A table's result as the paper gives it, seats in turn order (seat 1 first). */
export interface TableFigures {
  scores: readonly number[];
  /** Remaining seconds after penalties; null for a card game, which has no game clock. */
  remaining: readonly number[] | null;
  /** Cards each seat took (Quivit). */
  cards?: readonly number[];
  /** The seat (0 = seat 1) that reached the target score first (target-score variant). */
  targetFirst?: number;
  /**
   * Typed from the paper: a remaining time above the time each player starts with is then a
   * problem (a sheet's clock readings are the replay's findings, not a refusal).
   */
  typed?: boolean;
}

/** Why a table's figures cannot be placed as they stand, as data for any language. */
export type TablePlaceProblem =
  | { code: 'FIGURE_COUNT'; field: 'scores' | 'clocks' | 'cards'; expected: number; got: number }
  | { code: 'CLOCKS_NEEDED'; rules: string }
  | { code: 'NO_GAME_CLOCK'; rules: string }
  | { code: 'FIGURE_UNUSED'; field: 'cards' | 'targetFirst'; rules: string }
  | { code: 'SEAT_OUT_OF_RANGE'; field: 'targetFirst' | 'absent'; seats: number; got: number }
  | { code: 'FIGURE_NEEDED'; field: 'cards' | 'targetFirst'; rules: string; seats: number[] }
  /** A seat's remaining time above the time each player starts with (seconds). */
  | Extract<TypedResultProblem, { code: 'CLOCK_ABOVE_START' }>;

/** Each seat's place (1 first, shared when equal on everything), and whose clock ran out. */
export type TablePlacing =
  { ok: true; places: number[]; flagFallen: number[] } | { ok: false; problem: TablePlaceProblem };

/**
 * Places the seats of a table by the rule set's own order, as the engine decides a game of
 * two: a player whose clock ran out (at or below 00:00) is placed below every player whose
 * clock did not; then the score; then the rule set's tie-breaks (remaining time for the
 * target-score variant after who reached the target first; the most cards for Quivit). Seats
 * equal on all of it share the place. `ruleSet` has the division's options applied.
 */
export function placeTable(ruleSet: RuleSet, f: TableFigures): TablePlacing {
  const seats = f.scores.length;
  const cardGame = ruleSet.cards !== undefined;
  if (cardGame && f.remaining !== null) {
    return { ok: false, problem: { code: 'NO_GAME_CLOCK', rules: ruleSet.id } };
  }
  if (!cardGame && f.remaining === null) {
    return { ok: false, problem: { code: 'CLOCKS_NEEDED', rules: ruleSet.id } };
  }
  if (f.remaining && f.remaining.length !== seats) {
    return count('clocks', seats, f.remaining.length);
  }
  const aboveStart = f.typed && f.remaining ? clockAboveStart(ruleSet, f.remaining) : null;
  if (aboveStart) return { ok: false, problem: aboveStart };
  const order = tieBreaksOf(ruleSet);
  if (f.cards !== undefined) {
    if (!order.includes('cards'))
      return { ok: false, problem: { code: 'FIGURE_UNUSED', field: 'cards', rules: ruleSet.id } };
    if (f.cards.length !== seats) return count('cards', seats, f.cards.length);
  }
  if (f.targetFirst !== undefined) {
    if (!order.includes('target-first')) {
      return {
        ok: false,
        problem: { code: 'FIGURE_UNUSED', field: 'targetFirst', rules: ruleSet.id },
      };
    }
    if (f.targetFirst < 0 || f.targetFirst >= seats) {
      return {
        ok: false,
        problem: { code: 'SEAT_OUT_OF_RANGE', field: 'targetFirst', seats, got: f.targetFirst },
      };
    }
  }
  const flagFallen = f.remaining ? f.remaining.flatMap((r, p) => (r <= 0 ? [p] : [])) : [];
  const keys: number[][] = f.scores.map((score, p) => [flagFallen.includes(p) ? 0 : 1, score]);
  for (const rule of order) {
    // Equal on every key so far: the seats this tie-break would have to tell apart.
    const tied = seatsTied(keys);
    switch (rule) {
      case 'remaining-time':
        keys.forEach((k, p) => k.push(f.remaining![p]));
        break;
      case 'cards':
        if (f.cards === undefined) {
          if (tied.length > 0) return needed('cards', ruleSet, tied);
          break;
        }
        keys.forEach((k, p) => k.push(f.cards![p]));
        break;
      case 'target-first': {
        // Only a tie at or past the target asks who reached it first (a total only grows).
        const atTarget = tied.filter(
          (p) => ruleSet.targetScore !== undefined && f.scores[p] >= ruleSet.targetScore,
        );
        if (f.targetFirst === undefined) {
          if (atTarget.length > 0) return needed('targetFirst', ruleSet, atTarget);
          break;
        }
        keys.forEach((k, p) => k.push(p === f.targetFirst ? 1 : 0));
        break;
      }
      case 'safe-points':
      case 'tiles-played':
      case 'biggest-steal':
        // Qwibble's figures: a game of two, never a table.
        break;
    }
  }
  return { ok: true, places: placesOfKeys(keys), flagFallen };
}

/**
 * A verified sheet's figures of a table, as {@link placeTable} reads them: each player's final
 * score, remaining time (none in a card game), cards (Quivit) and, in the target-score
 * variant, who reached the target first (the first turn whose running total reached it).
 */
export function tableFiguresOfReport(ruleSet: RuleSet, report: VerificationReport): TableFigures {
  const cardGame = ruleSet.cards !== undefined;
  const figures: TableFigures = {
    scores: report.players.map((p) => p.final),
    remaining: cardGame ? null : report.players.map((p) => p.remainingSeconds),
  };
  if (report.players.every((p) => p.cards !== undefined)) {
    figures.cards = report.players.map((p) => p.cards!);
  }
  const target = ruleSet.targetScore;
  if (target !== undefined) {
    const reached = report.turns.find((t) => t.total.computed >= target);
    if (reached) figures.targetFirst = reached.player;
  }
  return figures;
}

function count(field: 'clocks' | 'cards', expected: number, got: number): TablePlacing {
  return { ok: false, problem: { code: 'FIGURE_COUNT', field, expected, got } };
}

function needed(field: 'cards' | 'targetFirst', ruleSet: RuleSet, seats: number[]): TablePlacing {
  return { ok: false, problem: { code: 'FIGURE_NEEDED', field, rules: ruleSet.id, seats } };
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

function placesOfKeys(keys: readonly number[][]): number[] {
  return keys.map((own) => 1 + keys.filter((other) => compare(other, own) > 0).length);
}

/** Seats that share a key with another seat. */
function seatsTied(keys: readonly number[][]): number[] {
  return keys.flatMap((k, p) =>
    keys.some((other, q) => q !== p && compare(k, other) === 0) ? [p] : [],
  );
}
