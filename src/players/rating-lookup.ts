import type { EntityManager } from 'typeorm';

/**
 * What the players ask of the ratings: a person's current rating, which a registration without
 * one takes, and each player's starting rating, which seeding by rating orders by (the number
 * class prizes and the rating report read too). The ratings stand above the players (they rate
 * the players' games), so the players ask through this port, in the caller's transaction
 * (`m`), bound by the application's module to the ratings' `currentRatings`
 * (src/ratings/current-ratings.ts) and given to an import's process by
 * src/startup/registration-reads.ts.
 */
export abstract class RatingLookup {
  /** Current ratings of persons in one family, by person; a person without one is left out. */
  abstract currentRatings(
    m: EntityManager,
    personIds: readonly number[],
    family: string,
  ): Promise<Map<number, number>>;

  /**
   * Each player's starting rating in a division, by player id: the rating list's, else the
   * rating registered, else none (null). src/ratings/starting-ratings.ts.
   */
  abstract startingRatings(
    m: EntityManager,
    divisionId: number,
  ): Promise<Map<number, { rating: number | null; source: 'list' | 'registered' | 'first' }>>;
}
