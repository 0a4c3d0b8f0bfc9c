/**
 * Results and standings of games of more than two: each seat's place at its table, the match
 * points a place earns, and a division's standings from them. Pure, like the standings of
 * pairs; the rule set decides the order at a table (the caller gives each seat its keys).
 */
import type { Player } from './types';

/**
 * Each seat's place, 1 first, from its keys compared in order, higher better: the target-score
 * variant gives [reached the target (1/0), score], Quivit [score, cards]. Seats equal on every
 * key share the place (two first, then third).
 */
export function placesOf(keys: readonly (readonly number[])[]): number[] {
  return keys.map((own) => 1 + keys.filter((other) => compareKeys(other, own) > 0).length);
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * Match points of each place at a table of `seats`, first place first. The default is a point
 * for each player of the table one finished ahead of: 3/2/1/0 at four, 2/1/0 at three, 1/0 at
 * two, the same as games won against each of the others.
 */
export type PlacePoints = Readonly<Record<number, readonly number[]>>;

/**
 * True for a table of points a division may set: keys "2" to "8", each a list as long as its
 * key of numbers from 0 to 100 in halves, first place first, none higher than the one before.
 */
export function isPlacePointsTable(value: unknown): value is Record<string, number[]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value as Record<string, unknown>).every(([size, points]) => {
    const n = /^[2-8]$/.test(size) ? Number(size) : 0;
    return (
      n > 0 &&
      Array.isArray(points) &&
      points.length === n &&
      points.every(
        (p: unknown, i) =>
          typeof p === 'number' &&
          Number.isInteger(p * 2) &&
          p >= 0 &&
          p <= 100 &&
          (i === 0 || p <= (points[i - 1] as number)),
      )
    );
  });
}

/** The points of each place at a table of `seats`: the division's table, else one per player beaten. */
export function pointsForPlaces(seats: number, table?: PlacePoints): readonly number[] {
  const own = table?.[seats];
  if (own && own.length === seats) return own;
  return Array.from({ length: seats }, (_, i) => seats - 1 - i);
}

/**
 * Each seat's match points: its place's points, or for seats sharing a place the mean of the
 * places they share (two tied for first at four share (3 + 2) / 2 = 2.5 each).
 */
export function matchPoints(places: readonly number[], table?: PlacePoints): number[] {
  const points = pointsForPlaces(places.length, table);
  return places.map((place) => {
    const sharing = places.filter((p) => p === place).length;
    let sum = 0;
    for (let k = 0; k < sharing; k++) sum += points[place - 1 + k];
    return sum / sharing;
  });
}

/**
 * A table's places and match points when some seats did not come (`scores[i]` null): those
 * seats take the last place each, with its points, not shared among them (nobody tied with
 * anybody by staying away); the seats present are placed among themselves by `keys` and share
 * places as {@link matchPoints} says. Every seat absent is the table's double forfeit: each
 * takes the last place.
 */
export function tablePlaces(
  present: readonly boolean[],
  keys: readonly (readonly number[])[],
  table?: PlacePoints,
): { places: number[]; points: number[] } {
  const seats = present.length;
  const here = present.map((p, i) => (p ? i : -1)).filter((i) => i >= 0);
  const own = placesOf(here.map((i) => keys[i]));
  const placeOf = present.map((p, i) => (p ? own[here.indexOf(i)] : seats));
  const scale = pointsForPlaces(seats, table);
  const points = placeOf.map((place, i) => {
    if (!present[i]) return scale[seats - 1];
    const sharing = own.filter((p) => p === place).length;
    let sum = 0;
    for (let k = 0; k < sharing; k++) sum += scale[place - 1 + k];
    return sum / sharing;
  });
  return { places: placeOf, points };
}

/** One table's result, seats in turn order. */
export interface TableResult {
  round: number;
  seats: readonly string[];
  /**
   * Final scores by seat, null for a seat that did not come (it takes the last place and adds
   * no score); absent while the table has no result.
   */
  scores?: readonly (number | null)[];
  /**
   * The keys each seat present is placed by (see {@link placesOf}); the scores alone when
   * absent. A seat that did not come is placed last whatever its keys.
   */
  keys?: readonly (readonly number[])[];
  /** Cards each seat took (Quivit), for the most-cards tie-break. */
  cards?: readonly number[];
}

/** Orders players with equal match points, in the order given. */
export type GroupTieBreak = 'total-score' | 'table-spread' | 'cards' | 'seed';

export interface GroupStandingsOptions {
  throughRound?: number;
  /** Points of each place by table size; one per player beaten when absent. */
  placePoints?: PlacePoints;
  /** Default: total score, spread against the table average, seed. Quivit adds cards. */
  tieBreaks?: readonly GroupTieBreak[];
  /** Match points of a bye (a round without a table); default: a win over a table of two, 1. */
  byePoints?: number;
}

export interface GroupStandingsRow {
  /** Players equal on points and every tie-break share a rank. */
  rank: number;
  playerId: string;
  seed: number;
  active: boolean;
  points: number;
  /** Tables with a result the player was seated at, those not come to included. */
  tables: number;
  /** Tables the player was seated at and did not come to (each the last place, no score). */
  forfeits: number;
  /** How often the player finished 1st, 2nd, … (index 0 = first places). */
  places: number[];
  byes: number;
  /** Σ own scores; a table not come to adds nothing. */
  totalScore: number;
  /**
   * Σ (own score − the mean score of the seats present): how far above the tables' average;
   * a seat that did not come adds nothing and is not in the mean.
   */
  tableSpread: number;
  cards: number;
  tieBreaks: number[];
}

/**
 * A division's standings from its tables: match points by place, then the tie-breaks. A table
 * without scores has no result yet and counts for nothing; a table of one is a bye.
 */
export function computeGroupStandings(
  players: readonly Player[],
  results: readonly TableResult[],
  options: GroupStandingsOptions = {},
): GroupStandingsRow[] {
  const through = options.throughRound ?? Infinity;
  const tieBreaks = options.tieBreaks ?? ['total-score', 'table-spread', 'seed'];
  const rows = new Map<string, GroupStandingsRow>(
    players.map((p) => [
      p.id,
      {
        rank: 0,
        playerId: p.id,
        seed: p.seed,
        active: p.active,
        points: 0,
        tables: 0,
        forfeits: 0,
        places: [],
        byes: 0,
        totalScore: 0,
        tableSpread: 0,
        cards: 0,
        tieBreaks: [],
      },
    ]),
  );
  for (const r of results) {
    if (r.round > through) continue;
    if (r.seats.length === 1) {
      const row = rows.get(r.seats[0]);
      if (row) {
        row.byes++;
        row.points += options.byePoints ?? 1;
      }
      continue;
    }
    if (!r.scores || r.scores.length !== r.seats.length) continue;
    const scores = r.scores;
    const present = scores.map((s) => s !== null);
    const { places, points } = tablePlaces(
      present,
      r.keys ?? scores.map((s) => [s ?? 0]),
      options.placePoints,
    );
    const played = scores.filter((s): s is number => s !== null);
    const mean = played.reduce((a, b) => a + b, 0) / (played.length || 1);
    r.seats.forEach((id, seat) => {
      const row = rows.get(id);
      if (!row) return;
      row.points += points[seat];
      row.tables++;
      const place = places[seat];
      while (row.places.length < place) row.places.push(0);
      row.places[place - 1]++;
      const score = scores[seat];
      if (score === null) {
        row.forfeits++;
        return;
      }
      row.totalScore += score;
      row.tableSpread += score - mean;
      row.cards += r.cards?.[seat] ?? 0;
    });
  }
  const list = [...rows.values()];
  for (const row of list) {
    row.tableSpread = Math.round(row.tableSpread * 100) / 100;
    row.tieBreaks = tieBreaks.map((tb) => {
      switch (tb) {
        case 'total-score':
          return row.totalScore;
        case 'table-spread':
          return row.tableSpread;
        case 'cards':
          return row.cards;
        case 'seed':
          return -row.seed;
      }
    });
  }
  const key = (row: GroupStandingsRow) => [row.points, ...row.tieBreaks];
  list.sort((a, b) => compareKeys(key(b), key(a)) || a.seed - b.seed);
  list.forEach((row, i) => {
    const prev = list[i - 1];
    row.rank = prev && compareKeys(key(prev), key(row)) === 0 ? prev.rank : i + 1;
  });
  return list;
}

/** How often each two players shared a table: the "met" table that stands in for a cross-table. */
export function metTable(
  results: readonly TableResult[],
  throughRound = Infinity,
): Map<string, Map<string, number>> {
  const met = new Map<string, Map<string, number>>();
  const add = (a: string, b: string) => {
    const row = met.get(a) ?? new Map<string, number>();
    row.set(b, (row.get(b) ?? 0) + 1);
    met.set(a, row);
  };
  for (const r of results) {
    if (r.round > throughRound) continue;
    for (let i = 0; i < r.seats.length; i++)
      for (let j = 0; j < r.seats.length; j++) if (i !== j) add(r.seats[i], r.seats[j]);
  }
  return met;
}
