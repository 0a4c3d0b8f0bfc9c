import type { EntityManager } from 'typeorm';
import { personsById } from '../registry/persons';
import { Player } from './player.entity';
import type { ImportedPlayer } from './players-import-writes';

export { absentRoundsOf } from './absences';

/** A player as an export writes it: the id the games name, and what the document or TSH file keeps. */
export interface ExportedPlayer extends ImportedPlayer {
  id: number;
}

/**
 * A division's players in the order they were entered, which the document's refs number, with
 * the country and federation id of each one's person of the registry.
 */
export async function playersForExport(
  m: EntityManager,
  divisionId: number,
): Promise<ExportedPlayer[]> {
  const players = await m.find(Player, { where: { divisionId }, order: { id: 'ASC' } });
  const persons = await personsById(
    m,
    players.flatMap((p) => (p.personId === null ? [] : [p.personId])),
  );
  return players.map((p) => {
    const person = p.personId === null ? undefined : persons.get(p.personId);
    return { ...p, country: person?.country ?? null, federationId: person?.federationId ?? null };
  });
}

/** A division's players by seed, as a TSH file lists them (its lines are the seeds). */
export function playersBySeedForExport(
  m: EntityManager,
  divisionId: number,
): Promise<ExportedPlayer[]> {
  return m.find(Player, { where: { divisionId }, order: { seed: 'ASC', id: 'ASC' } });
}
