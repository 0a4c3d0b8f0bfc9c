import type { EntityManager } from 'typeorm';
import { TournamentWordList } from './word-list.entity';
import { WordRuling } from './word-ruling.entity';

/** A tournament's own word list as an export writes it: its name and tile keys, one a line. */
export interface ExportedWordList {
  name: string;
  /** Tile keys, one a line. */
  words: string;
}

/** A word judge's ruling as an export writes it. */
export interface ExportedRuling {
  createdAt: Date;
  /** The game it was given in, if named: the export words it by division, round and table. */
  gameId: number | null;
  turn: number | null;
  ruleSet: string;
  /** Which list ruled: `default:<id>` or `tournament:<id>`. */
  wordList: string;
  words: string[];
  verdict: 'VALID' | 'INVALID';
  userName: string | null;
}

/** A tournament's own word list, or null when it plays by the rule set's. */
export function wordListForExport(
  m: EntityManager,
  tournamentId: number,
): Promise<ExportedWordList | null> {
  return m.findOneBy(TournamentWordList, { tournamentId });
}

/** A tournament's word rulings, oldest first. */
export function rulingsForExport(
  m: EntityManager,
  tournamentId: number,
): Promise<ExportedRuling[]> {
  return m.find(WordRuling, { where: { tournamentId }, order: { id: 'ASC' } });
}
