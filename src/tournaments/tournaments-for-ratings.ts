import { EntityManager, In, IsNull, Not } from 'typeorm';
import { Division } from './division.entity';
import { Tournament } from './tournament.entity';

/*
 * The tournaments and divisions as the ratings read them (a recomputation, a tournament's
 * rating report), on the caller's manager (`m`).
 */

/** A tournament as the ratings read it: its name, its days and whether it is closed. */
export type TournamentOfRatings = Pick<
  Tournament,
  'id' | 'name' | 'startsOn' | 'endsOn' | 'closedAt' | 'createdAt'
>;

/** A division as the ratings read it: its rule set's family, and whether its games are pairs. */
export type DivisionOfRatings = Pick<
  Division,
  'id' | 'tournamentId' | 'name' | 'ruleSet' | 'tableSize'
>;

/** The tournament's divisions, by id. */
export function divisionsOfTournament(
  m: EntityManager,
  tournamentId: number,
): Promise<DivisionOfRatings[]> {
  return m.find(Division, { where: { tournamentId }, order: { id: 'ASC' } });
}

/**
 * Every closed tournament made here: the ratings are computed from them. An imported copy
 * (`copyOf`) is not rated: its games are the original's, which counts them.
 */
export function closedTournaments(m: EntityManager): Promise<TournamentOfRatings[]> {
  return m.find(Tournament, { where: { closedAt: Not(IsNull()), copyOf: IsNull() } });
}

/** These tournaments (at least one), as the ratings read them. */
export function tournamentsWithIds(
  m: EntityManager,
  ids: readonly number[],
): Promise<TournamentOfRatings[]> {
  return m.find(Tournament, {
    where: { id: In([...ids]) },
    select: { id: true, name: true, startsOn: true, endsOn: true, closedAt: true, createdAt: true },
  });
}

/** The divisions of these tournaments (at least one). */
export function divisionsOfTournaments(
  m: EntityManager,
  tournamentIds: number[],
): Promise<DivisionOfRatings[]> {
  return m.find(Division, { where: { tournamentId: In(tournamentIds) } });
}

/** A division and whether its tournament is closed, as a player's starting rating asks; or null. */
export async function divisionForStart(
  m: EntityManager,
  divisionId: number,
): Promise<(DivisionOfRatings & { closed: boolean }) | null> {
  const d = await m.findOneBy(Division, { id: divisionId });
  if (!d) return null;
  const t = await m.findOne(Tournament, {
    where: { id: d.tournamentId },
    select: { id: true, closedAt: true },
  });
  return {
    id: d.id,
    tournamentId: d.tournamentId,
    name: d.name,
    ruleSet: d.ruleSet,
    tableSize: d.tableSize,
    closed: t?.closedAt !== null && t?.closedAt !== undefined,
  };
}
