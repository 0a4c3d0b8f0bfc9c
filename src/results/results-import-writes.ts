import type { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { insertMany } from '../database/bulk';
import type { ResultSnapshot } from '../rounds/game-facts';
import { ResultChange } from './result-change.entity';
import { ScoreSheet } from './score-sheet.entity';

/*
 * The results' tables as a whole tournament's import writes them, without NestJS: src/exchange
 * asks here instead of writing the rows itself. Each works in the import's one transaction
 * (`m`) and inserts in bulk. (A TSH file's results are written as typed results are:
 * `recordImported` in result-writes.ts.)
 */

/**
 * An imported game's score sheet: its text as typed and its report, as the import verified it
 * again (a `StoredValue` when another thread wrote its JSON already).
 */
export interface ImportedSheet {
  gameId: number;
  sheet: string;
  report: unknown;
  ok: boolean | null;
}

/** A row of an imported game's history, with its own times and author. */
export interface ImportedChange {
  gameId: number;
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
  action: string;
  before: ResultSnapshot;
  after: ResultSnapshot;
  createdAt: Date;
  updatedAt: Date;
}

/** Stores imported games' score sheets, 50 to a statement (a sheet and its report are long). */
export async function insertImportedSheets(
  m: EntityManager,
  sheets: ImportedSheet[],
): Promise<void> {
  await insertMany(m, ScoreSheet, sheets as QueryDeepPartialEntity<ScoreSheet>[], 50);
}

/** Stores imported games' history, 200 rows to a statement. */
export async function insertImportedChanges(
  m: EntityManager,
  changes: ImportedChange[],
): Promise<void> {
  await insertMany(m, ResultChange, changes, 200);
}
