import type { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { insertMany } from '../database/bulk';
import { DirectorLogEntry } from './director-log.entity';

/*
 * The director's log as a whole tournament's import writes it, without NestJS: src/exchange
 * asks here instead of writing the rows itself, in the import's one transaction (`m`).
 */

/** An entry of an imported log, with its own time and author; ids as the import found them again. */
export interface ImportedLogEntry {
  tournamentId: number;
  divisionId: number | null;
  playerId: number | null;
  gameId: number | null;
  round: number | null;
  tableNumber: number | null;
  action: string;
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
  note: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

/** Stores an imported log's entries in their order, 200 to a statement. */
export async function insertImportedLog(
  m: EntityManager,
  entries: ImportedLogEntry[],
): Promise<void> {
  await insertMany(m, DirectorLogEntry, entries as QueryDeepPartialEntity<DirectorLogEntry>[], 200);
}
