import { EntityManager, In } from 'typeorm';
import { Absence } from './absence.entity';
import { Player } from './player.entity';

/*
 * The players as the rounds read them (pairing, swapping, removing a round, the rounds' and a
 * player's games), each in the caller's transaction (`m`).
 */

/** A player as the rounds read them. */
export type PlayerOfRounds = Pick<
  Player,
  'id' | 'divisionId' | 'personId' | 'name' | 'club' | 'rating' | 'seed' | 'active' | 'joinedRound'
>;

/** The division's players; `byId`: in the order of their ids (pairing reads them so). */
export function playersOfDivision(
  m: EntityManager,
  divisionId: number,
  byId = false,
): Promise<PlayerOfRounds[]> {
  return m.find(Player, { where: { divisionId }, ...(byId ? { order: { id: 'ASC' } } : {}) });
}

/** The division's players' names by id: the log's entry of a removed round names its players. */
export async function playerNamesOf(
  m: EntityManager,
  divisionId: number,
): Promise<Map<number, string>> {
  return new Map(
    (await m.find(Player, { where: { divisionId }, select: { id: true, name: true } })).map(
      (p) => [p.id, p.name] as const,
    ),
  );
}

/** The player, or null. */
export function playerOfRounds(m: EntityManager, id: number): Promise<PlayerOfRounds | null> {
  return m.findOneBy(Player, { id });
}

/** The players with these ids (at least one), those that exist. */
export function playersOfRounds(m: EntityManager, ids: number[]): Promise<PlayerOfRounds[]> {
  return m.findBy(Player, { id: In(ids) });
}

/** Ids of the division's players marked absent for round `round`: one read. */
export async function absentInRound(
  m: EntityManager,
  divisionId: number,
  round: number,
): Promise<Set<number>> {
  const rows = await m
    .createQueryBuilder(Absence, 'a')
    .innerJoin(Player, 'p', 'p.id = a.player_id')
    .select('a.player_id', 'playerId')
    .where('p.division_id = :divisionId AND a.round = :round', { divisionId, round })
    .getRawMany<{ playerId: number | string }>();
  return new Set(rows.map((r) => Number(r.playerId)));
}
