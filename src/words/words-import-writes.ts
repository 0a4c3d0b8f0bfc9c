import type { EntityManager } from 'typeorm';
import { insertMany } from '../database/bulk';
import { TournamentWordList } from './word-list.entity';
import { WordRuling } from './word-ruling.entity';
import type { ExportedRuling } from './words-export';

/*
 * The words' tables as a whole tournament's import writes them, without NestJS: src/exchange
 * asks here instead of writing the rows itself. Each works in the import's one transaction
 * (`m`).
 */

/** A tournament's own word list as an import brings it: tile keys, one a line. */
export interface ImportedWordList {
  tournamentId: number;
  name: string;
  words: string;
  wordCount: number;
}

/** A word judge's ruling as an import brings it, with its own time and judge's name. */
export interface ImportedRuling extends ExportedRuling {
  tournamentId: number;
  userId: number | null;
  updatedAt: Date;
}

/** Stores an imported tournament's own word list. */
export async function insertImportedWordList(
  m: EntityManager,
  list: ImportedWordList,
): Promise<void> {
  await m.insert(TournamentWordList, list);
}

/** Stores an imported tournament's rulings in their order, 200 to a statement. */
export async function insertImportedRulings(
  m: EntityManager,
  rulings: ImportedRuling[],
): Promise<void> {
  await insertMany(m, WordRuling, rulings, 200);
}
