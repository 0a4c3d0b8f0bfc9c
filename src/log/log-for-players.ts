import type { EntityManager } from 'typeorm';
import { DirectorLogEntry } from './director-log.entity';

/** A registration's entry in the log: its id and what it registered (`restoredFrom` on a restore). */
export interface RegistrationEntry {
  id: number;
  after: unknown;
}

/**
 * The log's registrations in a division, in the caller's transaction (`m`): a removal undone
 * once is found among them by its `restoredFrom`, so the players refuse to undo it again.
 */
export function registrationsLogged(
  m: EntityManager,
  tournamentId: number,
  divisionId: number,
): Promise<RegistrationEntry[]> {
  return m.find(DirectorLogEntry, {
    where: { tournamentId, divisionId, action: 'player.registered' },
    select: { id: true, after: true },
  });
}
