import type { EntityManager } from 'typeorm';
import { Division } from './division.entity';
import { DivisionSettings, settingsOf } from './tournament-rules';
import { Tournament } from './tournament.entity';

/*
 * The tournaments' tables as an import writes them (a whole tournament's document, a TSH
 * file's division), without NestJS: src/exchange asks here instead of writing the rows
 * itself. Each works in the import's one transaction (`m`), so a refusal leaves nothing.
 */

/** A tournament as a document brings it: its name, dates and place, and its settings. */
export interface ImportedTournament extends DivisionSettings {
  name: string;
  place: string | null;
  startsOn: string | null;
  endsOn: string | null;
  /** The zone its times of day are shown in; null: the server's. */
  timeZone: string | null;
  /** When it was closed (its results final), null while open. */
  closedAt: Date | null;
  /** The name of the tournament the document was exported from: an import is a copy. */
  copyOf: string;
  importedAt: Date;
}

/** A division as an import makes it: its tournament, name and settings. */
export interface ImportedDivision extends DivisionSettings {
  tournamentId: number;
  name: string;
}

/** Stores a new tournament from an imported document; its id. */
export async function insertImportedTournament(
  m: EntityManager,
  tournament: ImportedTournament,
): Promise<number> {
  return (await m.save(m.create(Tournament, tournament))).id;
}

/** Stores a new division of an import; its id. */
export async function insertImportedDivision(
  m: EntityManager,
  division: ImportedDivision,
): Promise<number> {
  return (await m.save(m.create(Division, division))).id;
}

/**
 * The settings a new division of the tournament starts from (a copy, the import's to change),
 * or null when there is no such tournament: a TSH file's division is added to one.
 */
export async function tournamentSettings(
  m: EntityManager,
  tournamentId: number,
): Promise<DivisionSettings | null> {
  const t = await m.findOneBy(Tournament, { id: tournamentId });
  return t ? settingsOf(t) : null;
}

/** Whether the tournament has a division of that name already (an import's would clash). */
export function hasDivisionNamed(
  m: EntityManager,
  tournamentId: number,
  name: string,
): Promise<boolean> {
  return m.existsBy(Division, { tournamentId, name });
}
