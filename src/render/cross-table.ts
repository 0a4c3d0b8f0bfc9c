import type { GameRecord, Outcome, StandingsRow } from '../standings/types';
import type { CrossCell, CrossTable, StandingsLine } from './pdf/types';
import { remainingShown } from './format';

/** What the cross-table needs of a standings row. */
export type CrossTableEntry = Pick<StandingsRow, 'playerId' | 'rank' | 'points'>;

const opposite = (o: Outcome): Outcome => (o === 'win' ? 'loss' : o === 'loss' ? 'win' : 'draw');

/**
 * The cross-table of a division from its standings and games, rows in
 * standings order. `names` maps player ids to names; `rounds` defaults to the
 * highest round among the games.
 */
export function buildCrossTable(
  standings: readonly CrossTableEntry[],
  games: readonly GameRecord[],
  names: ReadonlyMap<string, string> | Readonly<Record<string, string>>,
  rounds?: number,
): CrossTable {
  const byId: ReadonlyMap<string, string> =
    names instanceof Map
      ? names
      : new Map(Object.entries(names as Readonly<Record<string, string>>));
  const nameOf = (id: string): string => byId.get(id) ?? id;
  const rankOf = new Map(standings.map((r) => [r.playerId, r.rank]));
  const total = rounds ?? games.reduce((m, g) => Math.max(m, g.round), 0);
  const cells = new Map<string, (CrossCell | null)[]>();
  for (const r of standings) cells.set(r.playerId, new Array<CrossCell | null>(total).fill(null));
  const put = (id: string, round: number, cell: CrossCell): void => {
    const row = cells.get(id);
    if (row && round >= 1 && round <= total) row[round - 1] = cell;
  };
  for (const g of games) {
    if (g.b === null) {
      put(g.a, g.round, { opponentRank: null, outcome: 'bye' });
      continue;
    }
    const resultA = g.resultA ?? (g.resultB ? opposite(g.resultB) : undefined);
    const resultB = g.resultB ?? (resultA ? opposite(resultA) : undefined);
    const pending = resultA === undefined;
    // A time loss: the loser's clock at or below zero, or the winner with the lower score (a
    // tie-break decides only equal scores).
    const [winnerScore, loserScore, loserClock] =
      resultA === 'win' ? [g.scoreA, g.scoreB, g.remainingB] : [g.scoreB, g.scoreA, g.remainingA];
    const onTime =
      !pending &&
      !g.forfeit &&
      resultA !== 'draw' &&
      ((loserClock !== undefined && loserClock <= 0) ||
        (winnerScore !== undefined && loserScore !== undefined && winnerScore < loserScore));
    put(g.a, g.round, {
      opponentRank: rankOf.get(g.b) ?? null,
      outcome: pending ? 'pending' : resultA,
      score: pending ? null : (g.scoreA ?? null),
      opponentScore: pending ? null : (g.scoreB ?? null),
      first: g.starts === g.a,
      ...(onTime ? { onTime } : {}),
    });
    put(g.b, g.round, {
      opponentRank: rankOf.get(g.a) ?? null,
      outcome: pending ? 'pending' : resultB!,
      score: pending ? null : (g.scoreB ?? null),
      opponentScore: pending ? null : (g.scoreA ?? null),
      first: g.starts === g.b,
      ...(onTime ? { onTime } : {}),
    });
  }
  return {
    rounds: total,
    rows: standings.map((r) => ({
      rank: r.rank,
      name: nameOf(r.playerId),
      points: r.points,
      cells: cells.get(r.playerId)!,
    })),
  };
}

/** Standings rows with names and clubs, for the PDF and the page. */
export function standingsLines(
  standings: readonly StandingsRow[],
  players: ReadonlyMap<string, { name: string; club?: string | null }>,
): StandingsLine[] {
  return standings.map((r) => ({
    rank: r.rank,
    name: players.get(r.playerId)?.name ?? r.playerId,
    club: players.get(r.playerId)?.club ?? null,
    points: r.points,
    wins: r.wins,
    draws: r.draws,
    losses: r.losses,
    byes: r.byes,
    spread: r.spread,
    remainingSeconds: remainingShown(r),
    tieBreaks: r.tieBreaks,
    active: r.active,
  }));
}
