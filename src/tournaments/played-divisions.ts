import { EntityManager, In } from 'typeorm';
import { Division } from './division.entity';
import { Tournament } from './tournament.entity';

/*
 * The divisions and tournaments a person's players play in, as the registry's person page and
 * merge ask about them (src/registry/person-records.ts), in the caller's transaction (`m`).
 */

/** Date order of tournaments: by first day (a tournament without one last), then id. */
export function eventOrder(
  a: { startsOn: string | null; id: number },
  b: { startsOn: string | null; id: number },
): number {
  const x = a.startsOn ?? '9999';
  const y = b.startsOn ?? '9999';
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
}

/** The divisions with these ids and their tournaments, each by id. */
export async function divisionsAndTournaments(
  m: EntityManager,
  divisionIds: readonly number[],
): Promise<{ divisions: Map<number, Division>; tournaments: Map<number, Tournament> }> {
  const divisions = new Map(
    (divisionIds.length ? await m.findBy(Division, { id: In([...divisionIds]) }) : []).map((d) => [
      d.id,
      d,
    ]),
  );
  const tournaments = new Map(
    (divisions.size
      ? await m.findBy(Tournament, { id: In([...divisions.values()].map((d) => d.tournamentId)) })
      : []
    ).map((t) => [t.id, t]),
  );
  return { divisions, tournaments };
}

/** The names of the tournaments the divisions belong to, each once, in date order. */
export async function tournamentNames(
  m: EntityManager,
  divisionIds: readonly number[],
): Promise<string[]> {
  const divisions = divisionIds.length
    ? await m.findBy(Division, { id: In([...new Set(divisionIds)]) })
    : [];
  const tournaments = divisions.length
    ? await m.findBy(Tournament, { id: In([...new Set(divisions.map((d) => d.tournamentId))]) })
    : [];
  return tournaments.sort(eventOrder).map((t) => t.name);
}
