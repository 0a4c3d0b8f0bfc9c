import { EntityManager, In } from 'typeorm';
import { Player } from './player.entity';

/*
 * A person's players, as the registry asks about them (src/registry/person-records.ts): who
 * they are, the divisions they play in, and moving them to another person when two persons
 * are merged. Each works in the caller's transaction (`m`).
 */

/** Every player of the person. */
export function playersOfPerson(m: EntityManager, personId: number): Promise<Player[]> {
  return m.find(Player, { where: { personId } });
}

/** The players with these ids (none asked, none read). */
export async function playersWithIds(m: EntityManager, ids: readonly number[]): Promise<Player[]> {
  return ids.length ? m.findBy(Player, { id: In([...ids]) }) : [];
}

/** The division of each of the person's players. */
export async function divisionsOfPerson(m: EntityManager, personId: number): Promise<number[]> {
  const players = await m.find(Player, { where: { personId }, select: { divisionId: true } });
  return players.map((p) => p.divisionId);
}

/** Makes `into` the person of every player of `from`; returns the divisions they play in. */
export async function movePersonPlayers(
  m: EntityManager,
  from: number,
  into: number,
): Promise<number[]> {
  const players = await m.find(Player, {
    where: { personId: from },
    select: { id: true, divisionId: true },
  });
  await m.update(Player, { personId: from }, { personId: into });
  return [...new Set(players.map((p) => p.divisionId))];
}
