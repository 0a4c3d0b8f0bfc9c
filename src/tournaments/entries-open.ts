import type { EntityManager } from 'typeorm';

/**
 * Whether a tournament takes entries online now, and until when: the entries (src/entries)
 * stand above the tournaments, so the tournament's public page asks through this port, which
 * the application's module binds (src/app.module.ts).
 */
export abstract class EntriesOpen {
  /** The deadline (ms since 1970) of the tournament's open entries, or null when none are open. */
  abstract openUntil(m: EntityManager, tournamentId: number): Promise<number | null>;
}
