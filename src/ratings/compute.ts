import { gamesOfTable, Rating, RatedGame, RatingChange, rateHistory, RatingOptions } from './elo';

/** A game as stored, reduced to what a rating needs. */
export interface StoredGame {
  firstPersonId: number | null;
  secondPersonId: number | null;
  status: string;
  winner: string | null;
  /** A forfeit was not played: it is not rated. */
  resultKind: string | null;
}

/** A game at a table of more than two as stored: its seats' persons and places. */
export interface StoredTable {
  gameId: number;
  status: string;
  /** A forfeit was not played: it is not rated. */
  resultKind: string | null;
  seats: readonly { personId: number | null; place: number | null }[];
}

/** The rating a player was registered with in a tournament, by person. */
export interface RegisteredRating {
  personId: number;
  rating: number;
}

/** One closed tournament's games of one family, by person. */
export interface FamilyTournament {
  tournamentId: number;
  /** `YYYY-MM-DD`: tournaments are rated in this order, then by id. */
  date: string;
  family: string;
  games: readonly StoredGame[];
  /** Games at tables of more than two. */
  tables?: readonly StoredTable[];
  /** Where its players without a rating start (the first registered of a person counts). */
  registered?: readonly RegisteredRating[];
}

/** A rating of the imported list: where a person starts before any tournament is rated. */
export interface ListRating {
  personId: number;
  family: string;
  rating: number;
  games: number;
}

/** A report line, with the person it is about. */
export type PersonChange = RatingChange & { personId: number };

export interface FamilyRatings {
  family: string;
  /** Ratings after the last tournament, by person. */
  ratings: Map<number, Rating>;
  reports: { tournamentId: number; changes: PersonChange[] }[];
}

/** Registered ratings by person key; a person registered twice keeps the first. */
function registeredOf(registered: readonly RegisteredRating[]): Map<string, number> {
  const byPerson = new Map<string, number>();
  for (const r of registered)
    if (!byPerson.has(key(r.personId))) byPerson.set(key(r.personId), r.rating);
  return byPerson;
}

// Fixed-width keys, so that the engine's string order is the order of the numbers.
const key = (id: number): string => String(id).padStart(12, '0');
const unkey = (k: string): number => Number(k);

/**
 * The game as the rating sees it: played (not a forfeit, not a bye), decided, between two
 * persons; else null.
 */
export function ratedGame(g: StoredGame): RatedGame | null {
  if (g.status !== 'complete' || g.resultKind !== null) return null;
  if (g.firstPersonId === null || g.secondPersonId === null) return null;
  const score =
    g.winner === 'first' ? 1 : g.winner === 'second' ? 0 : g.winner === 'draw' ? 0.5 : null;
  if (score === null) return null;
  return { a: key(g.firstPersonId), b: key(g.secondPersonId), score };
}

/**
 * The games of a table as the rating sees them: played (not a forfeit), decided, every two of
 * the seats placed with a person as one game of weight 1 / (n − 1), n the seats placed.
 */
export function ratedTable(t: StoredTable): RatedGame[] {
  if (t.status !== 'complete' || t.resultKind !== null) return [];
  const seats = t.seats.filter(
    (s): s is { personId: number; place: number } => s.personId !== null && s.place !== null,
  );
  return gamesOfTable(
    String(t.gameId),
    seats.map((s) => key(s.personId)),
    seats.map((s) => s.place),
  );
}

/**
 * Every family's ratings from scratch: the imported list, then each closed tournament in date
 * order (then by id). The same tournaments and list always give the same numbers, whatever the
 * order they are given in or their games were entered in.
 */
export function computeRatings(
  tournaments: readonly FamilyTournament[],
  list: readonly ListRating[],
  options: RatingOptions = {},
): FamilyRatings[] {
  const families = [
    ...new Set([...tournaments.map((t) => t.family), ...list.map((l) => l.family)]),
  ].sort();
  return families.map((family) => {
    const initial = new Map<string, Rating>();
    for (const l of list) {
      if (l.family === family) initial.set(key(l.personId), { rating: l.rating, games: l.games });
    }
    const mine = tournaments.filter((t) => t.family === family);
    const { ratings, reports } = rateHistory(
      mine.map((t) => ({
        id: key(t.tournamentId),
        date: t.date,
        games: [
          ...t.games.map(ratedGame).filter((g): g is RatedGame => g !== null),
          ...(t.tables ?? []).flatMap(ratedTable),
        ],
        registered: registeredOf(t.registered ?? []),
      })),
      initial,
      options,
    );
    return {
      family,
      ratings: new Map([...ratings].map(([k, r]) => [unkey(k), r])),
      reports: reports.map((r) => ({
        tournamentId: unkey(r.id),
        changes: r.changes.map((c) => ({ ...c, personId: unkey(c.player) })),
      })),
    };
  });
}
