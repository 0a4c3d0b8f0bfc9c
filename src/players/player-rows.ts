import { In, type EntityManager } from 'typeorm';
import { Player } from './player.entity';

/*
 * Players as the contexts above the players read them (the results' game context, the table
 * codes' tables, the standings): plain rows, their columns without their relations.
 */

/** A player's row: name, club, seed, rating, whether active, when joined; not its division or person. */
export type PlayerRow = Omit<Player, 'division' | 'person'>;

/** The players of these ids (each read once), by id; none read when there are none. */
export async function playersById(
  m: EntityManager,
  ids: readonly number[],
): Promise<Map<number, PlayerRow>> {
  if (ids.length === 0) return new Map();
  return new Map((await m.findBy(Player, { id: In([...new Set(ids)]) })).map((p) => [p.id, p]));
}

/** The division of player `id`, or null when there is no such player. */
export async function divisionOfPlayer(m: EntityManager, id: number): Promise<number | null> {
  const row = await m.findOne(Player, { where: { id }, select: { id: true, divisionId: true } });
  return row?.divisionId ?? null;
}
