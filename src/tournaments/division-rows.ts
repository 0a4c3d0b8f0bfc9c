import { In, type EntityManager } from 'typeorm';
import { Division } from './division.entity';
import { Tournament } from './tournament.entity';

/*
 * A division and its tournament as the contexts above the tournaments hold them (a game's
 * context in the results, the standings' snapshot): plain rows, their columns without their
 * relations.
 */

/** A division's row: its settings, name, revision; not its tournament. */
export type DivisionRow = Omit<Division, 'tournament'>;

/** A tournament's row: its settings, name, dates, whether it is closed; not its divisions. */
export type TournamentRow = Omit<Tournament, 'divisions'>;

/** The tournament `id`'s row in the caller's manager `m` (its transaction), or null. */
export function tournamentRow(m: EntityManager, id: number): Promise<TournamentRow | null> {
  return m.findOneBy(Tournament, { id });
}

/** The tournament `id` itself when it exists, else null (what a route naming it acts in). */
export async function existingTournament(m: EntityManager, id: number): Promise<number | null> {
  return (await m.exists(Tournament, { where: { id } })) ? id : null;
}

/** The tournament of division `id`, or null when there is no such division. */
export async function tournamentOfDivision(m: EntityManager, id: number): Promise<number | null> {
  const row = await m.findOne(Division, {
    where: { id },
    select: { id: true, tournamentId: true },
  });
  return row?.tournamentId ?? null;
}

/** The name of tournament `id`, or null when there is no such tournament. */
export async function tournamentName(m: EntityManager, id: number): Promise<string | null> {
  const row = await m.findOne(Tournament, { where: { id }, select: { id: true, name: true } });
  return row?.name ?? null;
}

/** The names of the tournaments of `ids` that exist, by id. */
export async function tournamentNamesById(
  m: EntityManager,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const rows = ids.length
    ? await m.find(Tournament, {
        where: { id: In([...new Set(ids)]) },
        select: { id: true, name: true },
      })
    : [];
  return new Map(rows.map((t) => [t.id, t.name]));
}
