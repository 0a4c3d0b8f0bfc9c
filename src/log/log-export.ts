import type { EntityManager } from 'typeorm';
import { DirectorLogEntry } from './director-log.entity';

/** A line of the director's log as an export writes it; divisions and players by id, to be named. */
export interface ExportedLogEntry {
  createdAt: Date;
  action: string;
  userName: string | null;
  userEmail: string | null;
  /** Why nobody is named (`no signed-in user`), or null. */
  note: string | null;
  divisionId: number | null;
  playerId: number | null;
  round: number | null;
  tableNumber: number | null;
  before: unknown;
  after: unknown;
}

/** A tournament's director's log, oldest first. */
export function logForExport(m: EntityManager, tournamentId: number): Promise<ExportedLogEntry[]> {
  return m.find(DirectorLogEntry, { where: { tournamentId }, order: { id: 'ASC' } });
}
