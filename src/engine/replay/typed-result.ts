import { GameResult, PlayerReport } from '../report/report';
import { RuleSet, TieBreakRule } from '../rules/ruleset';
import { formatClock } from '../sheet/scoresheet';
import { decide, Expiry, TIME_TIE_BREAK } from './result';

/** A tie-break whose figure is not a clock: what a typed result carries beside the scores. */
export type TypedTieBreak = Exclude<TieBreakRule, 'remaining-time'>;

/**
 * A game's result typed from the paper, players in turn order (who moved
 * first first): no sheet to replay, only the figures the rules decide by.
 */
export interface TypedResult {
  /** Final scores. */
  scores: readonly number[];
  /** Remaining seconds after penalties (≤ 0: the clock ran out). */
  remaining: readonly number[];
  /** The player who lost on time, when the paper says; else a single clock at or below zero says it. */
  timeLoss?: number | null;
  /**
   * Each tie-break's figure per player, higher wins: `cards` taken (Quivit),
   * `safe-points`, `tiles-played`, `biggest-steal` (Qwibble), `target-first`
   * (1 for the player who reached the target first, else 0).
   */
  tieBreaks?: Partial<Record<TypedTieBreak, readonly number[]>>;
}

/** Why a typed result cannot be decided as it stands, as data for any language. */
export type TypedResultProblem =
  /** Two clocks at or below zero and no `timeLoss`, or `timeLoss` naming a player whose clock did not run out while another's did. */
  | { code: 'TIME_LOSS_UNCLEAR'; expired: number[]; timeLoss: number | null }
  /** A card game has no game clock: nobody loses it on time. */
  | { code: 'NO_GAME_CLOCK'; rules: string }
  /** The scores are equal and the rule set's tie-break `tieBreak` decides, but its figure was not typed. */
  | { code: 'TIE_BREAK_FIGURE_NEEDED'; rules: string; tieBreak: TypedTieBreak; scores: number[] }
  /** A figure of a tie-break the rule set does not have. */
  | { code: 'TIE_BREAK_FIGURE_UNUSED'; rules: string; tieBreak: TypedTieBreak }
  /** A remaining time above the time each player starts with (seconds): no clock shows it. */
  | { code: 'CLOCK_ABOVE_START'; player: number; remaining: number; start: number };

/** A typed result decided by the rules, or what stops it. */
export type TypedDecision =
  | {
      ok: true;
      result: GameResult;
      /** The player who lost on time, or null. */
      timeLoss: number | null;
    }
  | { ok: false; problem: TypedResultProblem };

/**
 * What decides equal final scores in a rule set, in order: its `tieBreaks`;
 * for a card game that names none, the most cards; else remaining time.
 */
export function tieBreaksOf(ruleSet: RuleSet): readonly TieBreakRule[] {
  return ruleSet.tieBreaks ?? (ruleSet.cards ? ['cards'] : TIME_TIE_BREAK);
}

/**
 * Decides a typed result by the rule set's own order, through the replay's
 * {@link decide}: a remaining time above the clock's start is refused; then a
 * time loss first (none in a card game, which has no game clock), then the
 * score, then the rule set's tie-breaks with the figures typed. A tie-break whose figure is missing is a problem only when the
 * decision reaches it; `target-first` is skipped, as the replay skips it,
 * when the equal scores are below the target (nobody reached it: a
 * target-score game's totals only grow). `ruleSet` has the game's options
 * applied (`applyOptions`), for its target.
 */
export function decideTypedResult(ruleSet: RuleSet, typed: TypedResult): TypedDecision {
  const order = tieBreaksOf(ruleSet);
  for (const rule of Object.keys(typed.tieBreaks ?? {}) as TypedTieBreak[]) {
    if (typed.tieBreaks?.[rule] !== undefined && !order.includes(rule)) {
      return {
        ok: false,
        problem: { code: 'TIE_BREAK_FIGURE_UNUSED', rules: ruleSet.id, tieBreak: rule },
      };
    }
  }

  const aboveStart = clockAboveStart(ruleSet, typed.remaining);
  if (aboveStart) return { ok: false, problem: aboveStart };

  const loser = timeLoser(ruleSet, typed);
  if (typeof loser === 'object' && loser !== null) return { ok: false, problem: loser };
  const expiries: (Expiry | null)[] = typed.scores.map((_, p) =>
    p === loser ? { at: 0, remaining: typed.remaining[p] } : null,
  );

  // The tie-breaks up to the first one whose figure is missing: if the decision
  // gets past them all, that figure is needed.
  const values: Partial<Record<TieBreakRule, number[]>> = {};
  let missing: TypedTieBreak | null = null;
  let upTo = order.length;
  const best = Math.max(...typed.scores);
  for (let i = 0; i < order.length && missing === null; i++) {
    const rule = order[i];
    if (rule === 'remaining-time') continue;
    const figures = typed.tieBreaks?.[rule];
    if (figures !== undefined) values[rule] = [...figures];
    else if (
      rule === 'target-first' &&
      (ruleSet.targetScore === undefined || best < ruleSet.targetScore)
    )
      continue;
    else {
      missing = rule;
      upTo = i;
    }
  }
  const result = decide(players(typed), expiries, order.slice(0, upTo), values);
  if (missing !== null && loser === null && result.reason === 'draw') {
    return {
      ok: false,
      problem: {
        code: 'TIE_BREAK_FIGURE_NEEDED',
        rules: ruleSet.id,
        tieBreak: missing,
        scores: [...typed.scores],
      },
    };
  }
  return { ok: true, result, timeLoss: loser };
}

/**
 * The first remaining time (seconds, players in turn order) above the time each player starts
 * with, which no clock shows; null when there is none, or the rule set has no game clock.
 */
export function clockAboveStart(
  ruleSet: RuleSet,
  remaining: readonly number[],
): Extract<TypedResultProblem, { code: 'CLOCK_ABOVE_START' }> | null {
  const start = ruleSet.cards ? 0 : ruleSet.clock.minutes * 60;
  if (start <= 0) return null;
  const player = remaining.findIndex((seconds) => seconds > start);
  return player < 0
    ? null
    : { code: 'CLOCK_ABOVE_START', player, remaining: remaining[player], start };
}

/** Who lost on time: the player named, else the only clock at or below zero; a problem when unclear. */
function timeLoser(ruleSet: RuleSet, typed: TypedResult): number | null | TypedResultProblem {
  const named = typed.timeLoss ?? null;
  if (ruleSet.cards) return named === null ? null : { code: 'NO_GAME_CLOCK', rules: ruleSet.id };
  const expired = typed.remaining.flatMap((seconds, p) => (seconds <= 0 ? [p] : []));
  if (named === null) {
    if (expired.length > 1) return { code: 'TIME_LOSS_UNCLEAR', expired, timeLoss: null };
    return expired.length === 1 ? expired[0] : null;
  }
  if (expired.length === 1 && expired[0] !== named) {
    return { code: 'TIME_LOSS_UNCLEAR', expired, timeLoss: named };
  }
  return named;
}

/**
 * The time loss a typed result has to name for {@link decideTypedResult} to decide it again
 * as it stands: null when the clocks give it by themselves (that player's clock alone at or
 * below zero). A correction form starts from this, so that a time loss the clocks gave goes
 * with the clocks when they are corrected, while one the paper named stays named.
 */
export function timeLossToName(
  remaining: readonly number[],
  timeLoss: number | null,
): number | null {
  if (timeLoss === null) return null;
  let expired = 0;
  for (const seconds of remaining) if (seconds <= 0) expired++;
  return expired === 1 && remaining[timeLoss] <= 0 ? null : timeLoss;
}

/**
 * The players as the replay's decision reads them (their finals and
 * remaining time); a typed result has no turns, racks or penalties to show.
 */
function players(typed: TypedResult): PlayerReport[] {
  return typed.scores.map((final, p) => ({
    name: '',
    moves: final,
    rackPenalty: 0,
    rackBonus: 0,
    final,
    claimedFinal: final,
    penaltyMinutes: 0,
    remaining: formatClock(typed.remaining[p]),
    remainingSeconds: typed.remaining[p],
    turns: 0,
    timeExpired: false,
  }));
}
