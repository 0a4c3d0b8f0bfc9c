import { EntityManager, In } from 'typeorm';
import { ResultChange } from './result-change.entity';
import { ScoreSheet } from './score-sheet.entity';
import type { HeldChange } from '../rounds/game-records';

/** Rows fetched per `IN (…)` list, under SQLite's parameter limit. */
const CHUNK = 500;

/** A game's score sheet as an export writes it: the text as typed, its last report and verdict. */
export interface ExportedSheet {
  gameId: number;
  /** The sheet's JSON text as submitted, byte for byte. */
  sheet: string;
  /** The engine's report, or null when the sheet could not be read. */
  report: unknown;
  ok: boolean | null;
}

/** One change of a game's result as an export writes it: when, who, and the result before and after. */
export interface ExportedResultChange extends HeldChange {
  id: number;
}

/** The score sheets of these games (those that have one), read in batches of 500 games. */
export async function sheetsForExport(
  m: EntityManager,
  gameIds: readonly number[],
): Promise<ExportedSheet[]> {
  const out: ExportedSheet[] = [];
  for (let i = 0; i < gameIds.length; i += CHUNK) {
    out.push(...(await m.findBy(ScoreSheet, { gameId: In(gameIds.slice(i, i + CHUNK)) })));
  }
  return out;
}

/** The changes of these games' results, each batch of 500 games oldest first. */
export async function resultChangesForExport(
  m: EntityManager,
  gameIds: readonly number[],
): Promise<ExportedResultChange[]> {
  const out: ExportedResultChange[] = [];
  for (let i = 0; i < gameIds.length; i += CHUNK) {
    const chunk = gameIds.slice(i, i + CHUNK);
    out.push(
      ...(await m.find(ResultChange, { where: { gameId: In(chunk) }, order: { id: 'ASC' } })),
    );
  }
  return out;
}
