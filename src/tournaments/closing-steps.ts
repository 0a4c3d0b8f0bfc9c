import type { EntityManager } from 'typeorm';

/** A tournament's games by what closing does with them. */
export interface GameCounts {
  /** Games paired and still without a result (not rated). */
  pending: number;
  /** Games with a result (rated). */
  complete: number;
}

/**
 * What closing a tournament does to what other contexts own: it counts the games, gives every
 * player a person of the registry, and computes every rating again. Those contexts stand above
 * the tournaments, so closing asks through this port, each step in the caller's transaction
 * (`m`). Closing runs in a job's process, where nothing is injected: the steps are composed at
 * the edge (src/startup/closing-steps.ts), passed to the tasks there, and bound for the server
 * in the application's module (src/app.module.ts).
 */
export abstract class ClosingSteps {
  /** The games of the divisions' rounds, pending and complete. */
  abstract gameCounts(m: EntityManager, divisionIds: readonly number[]): Promise<GameCounts>;

  /** Gives each player of the division who has no person one. */
  abstract attachPersons(m: EntityManager, divisionId: number): Promise<void>;

  /** Every rating and report again, from the list and the closed tournaments. */
  abstract recomputeRatings(m: EntityManager): Promise<unknown>;
}
