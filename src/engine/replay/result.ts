import { GameResult, PlayerReport } from '../report/report';
import { TieBreakRule } from '../rules/ruleset';

/** Where in the game a player's clock first reached zero. */
export interface Expiry {
  /** Turn index, or the number of turns for the end of the game. */
  at: number;
  /** Remaining seconds after penalties at that point (≤ 0). */
  remaining: number;
}

/** The tie-break of rule sets that name none. */
export const TIME_TIE_BREAK: readonly TieBreakRule[] = ['remaining-time'];

/**
 * Time loss first (the first to reach zero loses), then score, then the rule
 * set's tie-breaks in order (remaining time unless it says otherwise); a draw
 * when they are all equal. `values` holds each tie-break's figure per player
 * (higher wins); a tie-break without figures is skipped.
 */
export function decide(
  players: PlayerReport[],
  expiries: (Expiry | null)[],
  tieBreaks: readonly TieBreakRule[] = TIME_TIE_BREAK,
  values: Partial<Record<TieBreakRule, number[]>> = {},
): GameResult {
  // Plain loops, and the rare ways a game ends in functions of their own: every game ends here,
  // and with array callbacks, a sort and spread calls it cost about 11k machine instructions a
  // game while V8 left it unoptimised (thousands of games) or dropped its optimised code at the
  // first tie, which it met in no game before.
  let firstAt = Infinity;
  let firstRemaining = Infinity;
  for (let p = 0; p < expiries.length; p++) {
    const e = expiries[p];
    if (e !== null && (e.at < firstAt || (e.at === firstAt && e.remaining < firstRemaining))) {
      firstAt = e.at;
      firstRemaining = e.remaining;
    }
  }
  if (firstAt !== Infinity) return timeLoss(players, expiries, firstAt, firstRemaining);
  const count = players.length;
  let best = -Infinity;
  for (let p = 0; p < count; p++) best = Math.max(best, players[p].final);
  let leader = -1;
  for (let p = 0; p < count; p++) {
    if (players[p].final !== best) continue;
    if (leader !== -1) return breakTie(players, best, tieBreaks, values);
    leader = p;
  }
  return leader === -1
    ? breakTie(players, best, tieBreaks, values)
    : { winner: leader, reason: 'score' };
}

/**
 * Every player whose clock reached zero first (at the same point, after the same penalties)
 * loses on time; the best score among the others wins, the first of them in turn order on
 * equal scores, and a draw when no one is left.
 */
function timeLoss(
  players: PlayerReport[],
  expiries: (Expiry | null)[],
  at: number,
  remaining: number,
): GameResult {
  let winner: number | null = null;
  for (let p = 0; p < players.length; p++) {
    const e = p < expiries.length ? expiries[p] : null;
    if (e !== null && e.at === at && e.remaining === remaining) continue;
    if (winner === null || players[p].final > players[winner].final) winner = p;
  }
  return winner === null ? { winner: null, reason: 'draw' } : { winner, reason: 'time-expired' };
}

/** Players level on `best` points: the tie-breaks in order, a draw when they are all equal. */
function breakTie(
  players: PlayerReport[],
  best: number,
  tieBreaks: readonly TieBreakRule[],
  values: Partial<Record<TieBreakRule, number[]>>,
): GameResult {
  let leaders = players.map((_, p) => p).filter((p) => players[p].final === best);
  for (const rule of tieBreaks) {
    const figures =
      rule === 'remaining-time' ? players.map((pl) => pl.remainingSeconds) : values[rule];
    if (!figures) continue;
    const top = Math.max(...leaders.map((p) => figures[p]));
    leaders = leaders.filter((p) => figures[p] === top);
    if (leaders.length === 1) {
      return rule === 'remaining-time'
        ? { winner: leaders[0], reason: 'time-tiebreak' }
        : { winner: leaders[0], reason: 'tie-break', tieBreak: rule };
    }
  }
  return { winner: null, reason: 'draw' };
}
