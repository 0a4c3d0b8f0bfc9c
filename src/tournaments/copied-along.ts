import type { EntityManager } from 'typeorm';

/**
 * What a copy of a tournament brings along that other contexts own: a division's players and
 * the tournament's own word list. Those contexts stand above the tournaments (they belong to
 * one), so the copy asks them through this port, in its own transaction (`m`), and the
 * application's module binds it to their services (src/app.module.ts).
 */
export abstract class CopiedAlong {
  /**
   * Registers a division's players in its copy, in seed order, active from round 1 with their
   * persons, clubs, ratings and seeds; returns how many.
   */
  abstract copyPlayers(
    m: EntityManager,
    fromDivisionId: number,
    toDivisionId: number,
  ): Promise<number>;

  /** Gives the copy the tournament's own word list, when it has one. */
  abstract copyWordList(
    m: EntityManager,
    fromTournamentId: number,
    toTournamentId: number,
  ): Promise<void>;
}
