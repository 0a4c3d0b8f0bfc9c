import type { EntityManager } from 'typeorm';
import type { Division } from './division.entity';
import { Tournament } from './tournament.entity';

/*
 * A division and its tournament as the contexts above the tournaments hold them (a game's
 * context in the results, the standings' snapshot): plain rows, their columns without their
 * relations.
 */

/** A division's row: its settings, name, revision; not its tournament. */
export type DivisionRow = Omit<Division, 'tournament'>;

/** A tournament's row: its settings, name, dates, whether it is closed; not its divisions. */
export type TournamentRow = Omit<Tournament, 'divisions'>;

/** The tournament `id`'s row in the caller's manager `m` (its transaction), or null. */
export function tournamentRow(m: EntityManager, id: number): Promise<TournamentRow | null> {
  return m.findOneBy(Tournament, { id });
}
