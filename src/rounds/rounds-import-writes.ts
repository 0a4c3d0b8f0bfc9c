import type { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { insertMany } from '../database/bulk';
import type { PairingSystem } from '../tournaments/systems';
import type { GameFacts } from './game-facts';
import type { ResultKind } from './game-kinds';
import { GameSeat } from './game-seat.entity';
import { Game } from './game.entity';
import { Round } from './round.entity';

/*
 * The rounds' tables as an import writes a whole division's (a tournament's document, a TSH
 * file), without NestJS: src/exchange asks here instead of writing the rows itself. Each works
 * in the import's one transaction (`m`); a round's games and seats are inserted in bulk.
 */

/** A round as an import brings it. */
export interface ImportedRound {
  divisionId: number;
  number: number;
  system: PairingSystem;
  notes: string[] | null;
  /** The round whose standings it was paired from; null when none (or not known). */
  basedOn: number | null;
}

/**
 * A game as an import brings it, its result (if any) as the document has it. A column left out
 * (a TSH file's cards) is the column's default.
 */
export interface ImportedGame extends GameFacts {
  tableNumber: number;
  resultKind: ResultKind | null;
}

/** A seat of an imported game at a table of more than two, with its figures. */
export interface ImportedSeat {
  gameId: number;
  seat: number;
  playerId: number;
  score: number | null;
  remaining: number | null;
  cards: number | null;
  place: number | null;
}

/** Stores an imported round; its id. */
export async function insertImportedRound(m: EntityManager, round: ImportedRound): Promise<number> {
  return (await m.save(m.create(Round, round))).id;
}

/** Stores a round's imported games in bulk, each at version 1. */
async function insertGames(
  m: EntityManager,
  roundId: number,
  games: readonly ImportedGame[],
): Promise<void> {
  await insertMany(
    m,
    Game,
    games.map((g): QueryDeepPartialEntity<Game> => ({ roundId, ...g, version: 1 })),
  );
}

/**
 * Stores a round's imported games in bulk; each stored game's id by its table, for the
 * import to hang seats, sheets, history and log entries on.
 */
export async function insertImportedGames(
  m: EntityManager,
  roundId: number,
  games: readonly ImportedGame[],
): Promise<Map<number, number>> {
  await insertGames(m, roundId, games);
  const stored = await m.find(Game, {
    where: { roundId },
    select: { id: true, tableNumber: true },
  });
  return new Map(stored.map((g) => [g.tableNumber, g.id]));
}

/**
 * Stores a round's imported games in bulk; each stored game whole by its table: the results an
 * import then writes on them (a TSH file's) check the version and keep the result before.
 */
export async function insertImportedPairings(
  m: EntityManager,
  roundId: number,
  games: readonly ImportedGame[],
): Promise<Map<number, Game>> {
  await insertGames(m, roundId, games);
  return new Map((await m.find(Game, { where: { roundId } })).map((g) => [g.tableNumber, g]));
}

/** Stores imported games' seats (tables of more than two) in bulk. */
export async function insertImportedSeats(m: EntityManager, seats: ImportedSeat[]): Promise<void> {
  await insertMany(m, GameSeat, seats);
}
