import type { GameRecord, Outcome } from '../standings';
import { formatClock } from '../engine';
import type { GameStatus, ResultKind, ResultSource, Winner } from './game-kinds';

/** The columns of a game that decide results, standings and pairings. */
export interface GameFacts {
  firstPlayerId: number;
  secondPlayerId: number | null;
  status: GameStatus;
  winner: Winner | null;
  firstScore: number | null;
  secondScore: number | null;
  firstRemaining: number | null;
  secondRemaining: number | null;
  timeLossPlayerId: number | null;
  resultSource: ResultSource | null;
  /** Cards each player took, in card games (the most-cards tie-break); absent elsewhere. */
  firstCards?: number | null;
  secondCards?: number | null;
  /** A forfeit, single or double; null or absent for a game played. */
  resultKind?: ResultKind | null;
}

/** How a game was decided, as the engine names it, or `bye`, `forfeit`, `double-forfeit`. */
export type ResultReason =
  'score' | 'time-tiebreak' | 'time-expired' | 'draw' | 'bye' | 'forfeit' | 'double-forfeit';

/** What a result is, as the API and pages name it. */
export type ResultKindView = 'played' | 'bye' | 'forfeit' | 'double-forfeit';

const OUTCOME: Record<Winner, [Outcome, Outcome]> = {
  first: ['win', 'loss'],
  second: ['loss', 'win'],
  draw: ['draw', 'draw'],
  none: ['loss', 'loss'],
};

/** The game as src/pairing and src/standings see it; `first` always starts. */
export function gameRecord(g: GameFacts, round: number): GameRecord {
  const a = String(g.firstPlayerId);
  if (g.secondPlayerId === null) return { round, a, b: null };
  const record: GameRecord = { round, a, b: String(g.secondPlayerId), starts: a };
  if (g.status === 'complete' && g.winner) {
    [record.resultA, record.resultB] = OUTCOME[g.winner];
    if (g.resultKind) {
      record.forfeit = true;
      return record;
    }
    record.scoreA = g.firstScore ?? undefined;
    record.scoreB = g.secondScore ?? undefined;
    record.remainingA = g.firstRemaining ?? undefined;
    record.remainingB = g.secondRemaining ?? undefined;
    record.cardsA = g.firstCards ?? undefined;
    record.cardsB = g.secondCards ?? undefined;
  }
  return record;
}

/** Why the winner won: time loss, score, remaining time, or a draw. */
export function resultReason(g: GameFacts): ResultReason | null {
  if (g.status === 'bye') return 'bye';
  if (g.status !== 'complete' || !g.winner) return null;
  if (g.resultKind) return g.resultKind;
  if (g.timeLossPlayerId !== null) return 'time-expired';
  if (g.winner === 'draw') return 'draw';
  return g.firstScore !== g.secondScore ? 'score' : 'time-tiebreak';
}

/**
 * A result as history stores it: positions (`first`/`second`), never database
 * ids, so that an exported history reads the same after import.
 */
export interface ResultSnapshot {
  status: GameStatus;
  winner: Winner | null;
  reason: ResultReason | null;
  scores: [number, number] | null;
  remaining: [string, string] | null;
  /** 0 = the first player lost on time, 1 = the second. */
  timeLoss: 0 | 1 | null;
  source: ResultSource | null;
}

/** What a finished game's result is; null while pending. */
export function resultKindOf(g: GameFacts): ResultKindView | null {
  if (g.status === 'bye') return 'bye';
  if (g.status !== 'complete') return null;
  return g.resultKind ?? 'played';
}

/** Who did not come to a single forfeit: 0 = the first player, 1 = the second; else null. */
export function absentOf(g: GameFacts): 0 | 1 | null {
  if (g.status !== 'complete' || g.resultKind !== 'forfeit') return null;
  return g.winner === 'first' ? 1 : 0;
}

export function resultSnapshot(g: GameFacts): ResultSnapshot {
  const complete = g.status !== 'pending';
  return {
    status: g.status,
    winner: complete ? g.winner : null,
    reason: resultReason(g),
    scores:
      complete && g.firstScore !== null && g.secondScore !== null
        ? [g.firstScore, g.secondScore]
        : null,
    remaining:
      complete && g.firstRemaining !== null && g.secondRemaining !== null
        ? [formatClock(g.firstRemaining), formatClock(g.secondRemaining)]
        : null,
    timeLoss: g.timeLossPlayerId === null ? null : g.timeLossPlayerId === g.firstPlayerId ? 0 : 1,
    source: complete ? g.resultSource : null,
  };
}
