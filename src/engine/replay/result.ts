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
  const expired = expiries
    .map((e, p) => ({ e, p }))
    .filter((x): x is { e: Expiry; p: number } => x.e !== null)
    .sort((a, b) => a.e.at - b.e.at || a.e.remaining - b.e.remaining);
  if (expired.length > 0) {
    const first = expired[0];
    const tiedFirst = expired.filter(
      (x) => x.e.at === first.e.at && x.e.remaining === first.e.remaining,
    );
    const survivors = players.map((_, p) => p).filter((p) => !tiedFirst.some((x) => x.p === p));
    if (survivors.length === 0) return { winner: null, reason: 'draw' };
    const best = Math.max(...survivors.map((p) => players[p].final));
    return { winner: survivors.find((p) => players[p].final === best)!, reason: 'time-expired' };
  }
  const best = Math.max(...players.map((pl) => pl.final));
  let leaders = players.map((_, p) => p).filter((p) => players[p].final === best);
  if (leaders.length === 1) return { winner: leaders[0], reason: 'score' };
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
