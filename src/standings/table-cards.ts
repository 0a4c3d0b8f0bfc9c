/**
 * Scorecards of divisions played at tables of more than two: each player's tables round by
 * round (table, seat, who else sat there, score, place, match points and the points so far),
 * and the "met" grid that stands in for a cross-table. Pure, like the scorecards of pairs.
 */
import { metTable, PlacePoints, tablePlaces } from './placements';
import type { ScorecardPlayer } from './scorecard';

/** A seat of a table as the cards need it, in turn order. */
export interface SeatedPlayer {
  playerId: string;
  /** Null while the table has no result, and for a seat that did not come (placed last). */
  score: number | null;
  place: number | null;
}

/** One table of one round; a table of one is a bye. */
export interface SeatedTable {
  round: number;
  table: number;
  /** The game's id, for links; absent in pure uses. */
  gameId?: number;
  seats: readonly SeatedPlayer[];
}

/**
 * What one round was for one player at tables:
 * - `table`: played, with a result; `pending`: seated, no result yet;
 * - `bye`: a table of one (a round without a table), worth the bye's points;
 * - `absent`, `not-joined`, `not-paired`: not seated (marked absent, a late entry's rounds
 *   before joining, withdrawn), counting nothing.
 */
export type TableLineKind = 'table' | 'pending' | 'bye' | 'absent' | 'not-joined' | 'not-paired';

/** Another player at the same table, in turn order. */
export interface TableMate extends SeatedPlayer {
  seat: number;
}

export interface TableLine {
  round: number;
  kind: TableLineKind;
  /** Null when not seated. */
  table: number | null;
  /** The table's game, when the tables carry their ids. */
  gameId: number | null;
  /** 1 moves first; null when not seated or a bye. */
  seat: number | null;
  /** Seats at the table (0 when not seated, 1 for a bye). */
  seats: number;
  others: TableMate[];
  score: number | null;
  place: number | null;
  /** Match points of the round (the place's, shared when the place is); null when none count. */
  points: number | null;
  /** Own score less the table's mean score, to the hundredth; null without a result. */
  spread: number | null;
  /** Match points after the round. */
  runningPoints: number;
}

export interface TableCard {
  playerId: string;
  lines: TableLine[];
  /** After the last line: match points and how often 1st, 2nd, … (index 0 first places). */
  points: number;
  places: number[];
}

export interface TableCardOptions {
  /** Points of each place by table size; one per player finished ahead of when absent. */
  placePoints?: PlacePoints;
  /** Match points of a bye; default 1, as the standings count it. */
  byePoints?: number;
}

/**
 * Every player's card for rounds 1 to `rounds`, from the tables of those rounds. Match points
 * follow the standings: the place's points, shared by the seats sharing the place.
 */
export function buildTableCards(
  players: readonly ScorecardPlayer[],
  tables: readonly SeatedTable[],
  rounds: number,
  options: TableCardOptions = {},
): Map<string, TableCard> {
  const seated = new Map<string, TableLine>();
  for (const t of tables) {
    if (t.round > rounds) continue;
    // A result places every seat; a seat placed without a score did not come.
    const done = t.seats.length > 1 && t.seats.every((s) => s.place !== null);
    const points = done
      ? tablePlaces(
          t.seats.map((s) => s.score !== null),
          t.seats.map((s) => [-s.place!]),
          options.placePoints,
        ).points
      : null;
    const played = t.seats.filter((s) => s.score !== null);
    const mean = played.reduce((sum, s) => sum + s.score!, 0) / (played.length || 1);
    t.seats.forEach((s, i) => {
      const bye = t.seats.length === 1;
      seated.set(`${t.round} ${s.playerId}`, {
        round: t.round,
        kind: bye ? 'bye' : done ? 'table' : 'pending',
        table: t.table,
        gameId: t.gameId ?? null,
        seat: bye ? null : i + 1,
        seats: t.seats.length,
        others: t.seats
          .map((o, j) => ({ ...o, seat: j + 1 }))
          .filter((o) => o.playerId !== s.playerId),
        score: done ? s.score : null,
        place: done ? s.place : null,
        points: bye ? (options.byePoints ?? 1) : points ? points[i] : null,
        spread: done && s.score !== null ? Math.round((s.score - mean) * 100) / 100 : null,
        runningPoints: 0,
      });
    });
  }
  const cards = new Map<string, TableCard>();
  for (const p of players) {
    const joined = p.joinedRound ?? 1;
    const absent = p.absentRounds ?? [];
    const lines: TableLine[] = [];
    const places: number[] = [];
    let running = 0;
    for (let r = 1; r <= rounds; r++) {
      const own = seated.get(`${r} ${p.id}`);
      if (own) {
        running += own.points ?? 0;
        if (own.place !== null) {
          while (places.length < own.place) places.push(0);
          places[own.place - 1]++;
        }
        lines.push({ ...own, runningPoints: running });
        continue;
      }
      lines.push({
        round: r,
        kind: absent.includes(r) ? 'absent' : r < joined ? 'not-joined' : 'not-paired',
        table: null,
        gameId: null,
        seat: null,
        seats: 0,
        others: [],
        score: null,
        place: null,
        points: null,
        spread: null,
        runningPoints: running,
      });
    }
    cards.set(p.id, { playerId: p.id, lines, points: running, places });
  }
  return cards;
}

/**
 * The "met" grid: `counts[i][j]` is how often the players `order[i]` and `order[j]` shared a
 * table in rounds 1 to `rounds` (the diagonal is 0).
 */
export function metGrid(
  order: readonly string[],
  tables: readonly SeatedTable[],
  rounds = Infinity,
): number[][] {
  const met = metTable(
    tables.map((t) => ({ round: t.round, seats: t.seats.map((s) => s.playerId) })),
    rounds,
  );
  return order.map((a) => order.map((b) => (a === b ? 0 : (met.get(a)?.get(b) ?? 0))));
}
