import type { EntityManager } from 'typeorm';

/** A division's players, as its view counts them. */
export interface PlayerCount {
  total: number;
  active: number;
}

/**
 * What a division's view and its settings' lock count of what other contexts own: its players
 * and the rounds it has paired. Those contexts stand above the tournaments (they belong to a
 * division), so the tournaments ask through this port, in the caller's transaction (`m`), and
 * the application's module binds it to their functions (src/app.module.ts).
 */
export abstract class DivisionActivity {
  /** Each division's players, all and active (absent: none). */
  abstract playerCounts(
    m: EntityManager,
    divisionIds: readonly number[],
  ): Promise<Map<number, PlayerCount>>;

  /** The number of the last round paired in each division (absent: none). */
  abstract roundsPaired(
    m: EntityManager,
    divisionIds: readonly number[],
  ): Promise<Map<number, number>>;
}
