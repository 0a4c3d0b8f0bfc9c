import { EntityManager, In } from 'typeorm';
import { Player } from './player.entity';

/** A player as a tournament's rating report names them. */
export type PlayerOfRatings = Pick<Player, 'id' | 'personId' | 'name' | 'divisionId'>;

/**
 * The players of these divisions (at least one), their names and persons only: a rating
 * report names each person's line by the player they were in the tournament.
 */
export function playersOfDivisions(
  m: EntityManager,
  divisionIds: number[],
): Promise<PlayerOfRatings[]> {
  return m.find(Player, {
    where: { divisionId: In(divisionIds) },
    select: { id: true, personId: true, name: true, divisionId: true },
  });
}
