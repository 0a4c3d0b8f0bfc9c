import { Rating, RatedGame, RatingChange, rateHistory, RatingOptions } from './elo';

/** A game as stored, reduced to what a rating needs. */
export interface StoredGame {
  firstPersonId: number | null;
  secondPersonId: number | null;
  status: string;
  winner: string | null;
  /** A forfeit was not played: it is not rated. */
  resultKind: string | null;
}

/** One closed tournament's games of one family, by person. */
export interface FamilyTournament {
  tournamentId: number;
  /** `YYYY-MM-DD`: tournaments are rated in this order, then by id. */
  date: string;
  family: string;
  games: readonly StoredGame[];
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
        games: t.games.map(ratedGame).filter((g): g is RatedGame => g !== null),
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
