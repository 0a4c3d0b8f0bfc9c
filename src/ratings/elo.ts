/**
 * Ratings across tournaments: the Elo system as FIDE runs it for chess, which clubs know and
 * can check by hand. Pure: the caller gives each tournament's games in date order, and the
 * same games always give the same ratings (see docs/ratings.md for the formula and why).
 */

/** One game between two players: `score` is the first player's, 1 a win, ½ a draw, 0 a loss. */
export interface RatedGame {
  a: string;
  b: string;
  score: 0 | 0.5 | 1;
  /**
   * Two seats of a table of more than two (see {@link gamesOfTable}): the table, one sitting,
   * and how many were placed at it. Each of a player's `seats − 1` games there counts
   * 1 / (seats − 1), so that a table weighs as much as one game of two.
   */
  table?: { id: string; seats: number };
}

/** Where a player's rating before a tournament comes from. */
export type StartSource = 'list' | 'registered' | 'first';

/** A player's start in a tournament: the rating and games behind it, and where they come from. */
export interface Start {
  /** Null for a player who gets a first rating from the tournament. */
  rating: Rating | null;
  source: StartSource;
}

/**
 * Where a player starts a tournament: the rating they already have (the imported list, or the
 * tournaments rated before), else the rating registered with them (with no rated games behind
 * it), else none: the tournament gives them a first rating. The one rule the rating report,
 * seeding by rating and class prizes all answer by.
 */
export function startOf(have: Rating | undefined, registered: number | null | undefined): Start {
  if (have) return { rating: have, source: 'list' };
  if (registered !== null && registered !== undefined && registered > 0) {
    return { rating: { rating: registered, games: 0 }, source: 'registered' };
  }
  return { rating: null, source: 'first' };
}

/** A player's rating before a tournament, and the rated games behind it. */
export interface Rating {
  rating: number;
  games: number;
}

/** The K-factor: how far one game can move a rating. */
export interface KRule {
  /** Applies while the player has rated games fewer than this (before the tournament)… */
  gamesBelow?: number;
  /** …or a rating at least this. */
  ratingFrom?: number;
  k: number;
}

export interface RatingOptions {
  /**
   * K by the first rule that applies, else `defaultK`. FIDE's: 40 for a player's first 30
   * rated games, 10 from a rating of 2400, 20 otherwise.
   */
  kRules?: readonly KRule[];
  defaultK?: number;
  /** The rating an unrated opponent counts as, for a new player's first rating (1500). */
  unratedOpponent?: number;
  /** The lowest rating; a first rating below it is raised to it (100). */
  floor?: number;
}

export const FIDE_K_RULES: readonly KRule[] = [
  { gamesBelow: 30, k: 40 },
  { ratingFrom: 2400, k: 10 },
];

/** What a tournament did to one player's rating: a line of the rating report. */
export interface RatingChange {
  player: string;
  /** Null for a player without a rating before the tournament. */
  old: number | null;
  /** Where `old` comes from: the rating list, the rating registered, or none (a first rating). */
  source: StartSource;
  /** Rated games played in the tournament (a table of more than two is one game). */
  games: number;
  /** Points scored in them (at a table: each of the n − 1 results counts 1 / (n − 1)). */
  score: number;
  /** Points expected from the old rating against the opponents' (null for a new player). */
  expected: number | null;
  /** The rating that would have given exactly this score: average opponent + 400·(W − L)/n. */
  performance: number;
  k: number | null;
  change: number;
  /** The rating after the tournament (rounded to a whole number). */
  new: number;
  /** Rated games after the tournament. */
  totalGames: number;
}

/** The Elo expectation of a player rated `own` against one rated `other`: 1 / (1 + 10^(Δ/400)). */
export function expectedScore(own: number, other: number): number {
  return 1 / (1 + Math.pow(10, (other - own) / 400));
}

function kFor(before: Rating, options: RatingOptions): number {
  for (const rule of options.kRules ?? FIDE_K_RULES) {
    if (rule.gamesBelow !== undefined && before.games < rule.gamesBelow) return rule.k;
    if (rule.ratingFrom !== undefined && before.rating >= rule.ratingFrom) return rule.k;
  }
  return options.defaultK ?? 20;
}

/** One of a player's games as a tournament's sums take it. */
interface Played {
  opponent: string;
  score: number;
  /** 1 for a game of two; 1 / (n − 1) for a pair of seats of a table of n. */
  weight: number;
  /** The sitting: a game of two is one, a table is one for all its pairs. */
  sitting: string;
}

/**
 * Rates one tournament: every game is counted against the ratings from before it (a
 * tournament is one rating period, so the order of its games does not matter), each rated
 * player's change is K × (score − expected), summed in a fixed order and rounded once at the
 * end; a game at a table of n counts 1 / (n − 1). A player without a rating in `before` starts
 * from the rating `registered` with them, if any ({@link startOf}). A game against an unrated
 * player does not change a rated player's rating (as FIDE). A player without either gets a
 * first one: the performance against the rated opponents met, or, when they met none, against
 * everyone with the unrated counted as `unratedOpponent`.
 */
export function rateTournament(
  before: ReadonlyMap<string, Rating>,
  games: readonly RatedGame[],
  options: RatingOptions = {},
  registered: ReadonlyMap<string, number> = new Map(),
): RatingChange[] {
  // A canonical order, so that the sums, and so the results, never depend on the input's.
  const tableOf = (g: RatedGame): string => g.table?.id ?? '';
  const sorted = games
    .map((g) => (g.a <= g.b ? g : { ...g, a: g.b, b: g.a, score: (1 - g.score) as 0 | 0.5 | 1 }))
    .sort(
      (x, y) =>
        compare(x.a, y.a) ||
        compare(x.b, y.b) ||
        compare(tableOf(x), tableOf(y)) ||
        x.score - y.score,
    );
  const byPlayer = new Map<string, Played[]>();
  for (const [i, g] of sorted.entries()) {
    if (g.a === g.b) continue;
    const weight = g.table ? 1 / (g.table.seats - 1) : 1;
    const sitting = g.table ? `table ${g.table.id}` : `game ${i}`;
    byPlayer.set(g.a, [
      ...(byPlayer.get(g.a) ?? []),
      { opponent: g.b, score: g.score, weight, sitting },
    ]);
    byPlayer.set(g.b, [
      ...(byPlayer.get(g.b) ?? []),
      { opponent: g.a, score: 1 - g.score, weight, sitting },
    ]);
  }
  const starts = new Map<string, Start>();
  for (const player of byPlayer.keys()) {
    starts.set(player, startOf(before.get(player), registered.get(player)));
  }
  const ratingOf = (player: string): number | undefined => starts.get(player)?.rating?.rating;
  const unrated = options.unratedOpponent ?? 1500;
  const floor = options.floor ?? 100;
  const changes: RatingChange[] = [];
  for (const player of [...byPlayer.keys()].sort()) {
    const played = byPlayer.get(player)!;
    const { rating: own, source } = starts.get(player)!;
    if (own) {
      const rated = played.filter((g) => ratingOf(g.opponent) !== undefined);
      const k = kFor(own, options);
      let expected = 0;
      let ratedScore = 0;
      for (const g of rated) {
        expected += g.weight * expectedScore(own.rating, ratingOf(g.opponent)!);
        ratedScore += g.weight * g.score;
      }
      const change = k * (ratedScore - expected);
      const sittings = new Set(rated.map((g) => g.sitting)).size;
      changes.push({
        player,
        old: own.rating,
        source,
        games: sittings,
        score: round2(ratedScore),
        expected: round2(expected),
        performance: performance(
          rated.map((g) => ratingOf(g.opponent)!),
          rated,
        ),
        k,
        change: round2(change),
        new: Math.round(own.rating + change),
        totalGames: own.games + sittings,
      });
    } else {
      const againstRated = played.filter((g) => ratingOf(g.opponent) !== undefined);
      const basis = againstRated.length > 0 ? againstRated : played;
      const opponents = basis.map((g) => ratingOf(g.opponent) ?? unrated);
      const sittings = new Set(basis.map((g) => g.sitting)).size;
      const first = Math.max(floor, Math.round(performance(opponents, basis)));
      changes.push({
        player,
        old: null,
        source,
        games: sittings,
        score: round2(basis.reduce((s, g) => s + g.weight * g.score, 0)),
        expected: null,
        performance: performance(opponents, basis),
        k: null,
        change: 0,
        new: first,
        totalGames: sittings,
      });
    }
  }
  return changes;
}

const compare = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

/**
 * Average opponent + 400 × (wins − losses) / games: the linear performance rating, each game
 * counted by its weight (a table of n: 1 / (n − 1) a pair).
 */
function performance(
  opponents: readonly number[],
  games: readonly { score: number; weight: number }[],
): number {
  if (games.length === 0) return 0;
  const weights = games.reduce((w, g) => w + g.weight, 0);
  const average = opponents.reduce((a, r, i) => a + games[i].weight * r, 0) / weights;
  const margin = games.reduce(
    (m, g) => m + g.weight * (g.score === 1 ? 1 : g.score === 0 ? -1 : 0),
    0,
  );
  return round2(average + (400 * margin) / weights);
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** A tournament to rate: its id (for the report) and its games. */
export interface RatedTournament {
  id: string;
  /** `2026-11-25`: tournaments are rated in date order, then by id. */
  date: string;
  games: readonly RatedGame[];
  /** Ratings registered with the players, where a player without a rating starts. */
  registered?: ReadonlyMap<string, number>;
}

/**
 * Rates tournaments one after another, from `initial` ratings (an imported list, or none):
 * sorted by date, then id, so that recomputing from scratch always gives the same numbers.
 * Returns the ratings after the last and each tournament's report.
 */
export function rateHistory(
  tournaments: readonly RatedTournament[],
  initial: ReadonlyMap<string, Rating> = new Map(),
  options: RatingOptions = {},
): { ratings: Map<string, Rating>; reports: { id: string; changes: RatingChange[] }[] } {
  const ratings = new Map(initial);
  const reports: { id: string; changes: RatingChange[] }[] = [];
  const ordered = [...tournaments].sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  for (const t of ordered) {
    const changes = rateTournament(ratings, t.games, options, t.registered);
    for (const c of changes) ratings.set(c.player, { rating: c.new, games: c.totalGames });
    reports.push({ id: t.id, changes });
  }
  return { ratings, reports };
}

/**
 * The games of a table of more than two as games between every two of its players, each
 * decided by their places (the better place wins, a shared place is a draw), each marked as a
 * game of table `id`, so that it counts 1 / (n − 1) of a game.
 */
export function gamesOfTable(
  id: string,
  seats: readonly string[],
  places: readonly number[],
): RatedGame[] {
  const games: RatedGame[] = [];
  for (let i = 0; i < seats.length; i++)
    for (let j = i + 1; j < seats.length; j++)
      games.push({
        a: seats[i],
        b: seats[j],
        score: places[i] < places[j] ? 1 : places[i] > places[j] ? 0 : 0.5,
        ...(seats.length > 2 ? { table: { id, seats: seats.length } } : {}),
      });
  return games;
}
