import { EntityManager, In } from 'typeorm';
import { placeholders, run } from '../database/sql';
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

/** A player as a recomputation of the ratings reads them: person and registered rating. */
export interface PlayerOfRecompute {
  id: number;
  divisionId: number;
  personId: number | null;
  /** The rating typed at registration (or taken from the person's then). */
  rating: number | null;
}

/**
 * The players of these divisions (at most a few hundred) in plain rows, by id: a recomputation
 * reads every closed tournament's players, which TypeORM's entities would take long to build.
 */
export async function playersOfRecompute(
  m: EntityManager,
  divisionIds: readonly number[],
): Promise<PlayerOfRecompute[]> {
  if (divisionIds.length === 0) return [];
  const rows = (
    await run(
      m,
      'SELECT "id", "division_id", "person_id", "rating" FROM "players" ' +
        `WHERE "division_id" IN (${placeholders(m, divisionIds.length).join(', ')}) ORDER BY "id"`,
      [...divisionIds],
    )
  ).records as {
    id: number;
    division_id: number;
    person_id: number | null;
    rating: number | null;
  }[];
  return rows.map((p) => ({
    id: Number(p.id),
    divisionId: Number(p.division_id),
    personId: p.person_id === null ? null : Number(p.person_id),
    rating: p.rating === null ? null : Number(p.rating),
  }));
}

/** A player's registered rating and person, as the rating a player starts from asks. */
export type PlayerOfStart = Pick<Player, 'id' | 'personId' | 'rating' | 'divisionId'>;

/** The players of one division, their persons and registered ratings. */
export function playersOfDivisionForStart(
  m: EntityManager,
  divisionId: number,
): Promise<PlayerOfStart[]> {
  return m.find(Player, {
    where: { divisionId },
    select: { id: true, personId: true, rating: true, divisionId: true },
    order: { id: 'ASC' },
  });
}
