import { EntityManager } from 'typeorm';
import { personOfName } from '../registry/persons';
import { Player } from './player.entity';

/**
 * Gives each player of a division who has no person one (a whole division read from a file, a
 * tournament closed): the one person of exactly that name, else a new person
 * (`personOfName`).
 */
export async function attachPersons(m: EntityManager, divisionId: number): Promise<void> {
  const players = await m.find(Player, { where: { divisionId }, order: { id: 'ASC' } });
  for (const p of players) {
    if (p.personId !== null) continue;
    const person = await personOfName(m, p.name, p.club);
    await m.update(Player, { id: p.id }, { personId: person.id });
  }
}
