import type { EntityManager } from 'typeorm';
import { Division } from './division.entity';
import type { DivisionSettings } from './tournament-rules';
import { Tournament } from './tournament.entity';

/** A division as an export reads it: its id (which the other contexts' rows name), name and settings. */
export interface ExportedDivision extends DivisionSettings {
  id: number;
  name: string;
}

/** A tournament's divisions in the order they were made, as the export numbers them. */
export function divisionsForExport(
  m: EntityManager,
  tournamentId: number,
): Promise<ExportedDivision[]> {
  return m.find(Division, { where: { tournamentId }, order: { id: 'ASC' } });
}

/** One division for a TSH file, or null when there is none: its name and the settings the file needs. */
export function divisionForExport(
  m: EntityManager,
  divisionId: number,
): Promise<ExportedDivision | null> {
  return m.findOneBy(Division, { id: divisionId });
}

/**
 * A tournament's name and whether it is closed, or null when there is none: a TSH file is
 * imported only into an open one, checked before its job starts.
 */
export async function tournamentForImport(
  m: EntityManager,
  id: number,
): Promise<{ name: string; closed: boolean } | null> {
  const t = await m.findOne(Tournament, { where: { id }, select: { name: true, closedAt: true } });
  return t ? { name: t.name, closed: t.closedAt !== null } : null;
}
