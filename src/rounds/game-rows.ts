import type { DataSource, EntityManager } from 'typeorm';
import { readJoined, tableOf } from '../database/prepared-read';
import { forUpdate } from '../database/lock';
import { assignments, keptText, placeholders, run } from '../database/sql';
import { Conflict } from '../common/errors';
import { Game } from './game.entity';
import { GameSeat } from './game-seat.entity';
import { Round } from './round.entity';

/*
 * The rounds' games, rounds and seats as the contexts above them read and write them (the
 * results, the table codes, the standings): plain rows and functions on the caller's
 * EntityManager, so that a write joins the caller's transaction.
 */

/** A game's row: its columns, none of its relations. */
export type GameRow = Omit<Game, 'round' | 'firstPlayer' | 'secondPlayer'>;

/** A round's row: its columns, none of its relations. */
export type RoundRow = Omit<Round, 'division' | 'games'>;

/** A seat of a game at a table of more than two: its columns, none of its relations. */
export type SeatRow = Omit<GameSeat, 'game' | 'player'>;

/** The columns a result writes. */
export type ResultColumns = Partial<
  Pick<
    Game,
    | 'status'
    | 'winner'
    | 'firstScore'
    | 'secondScore'
    | 'firstRemaining'
    | 'secondRemaining'
    | 'timeLossPlayerId'
    | 'resultSource'
    | 'firstCards'
    | 'secondCards'
    | 'resultKind'
  >
>;

/** The figures a result writes of one seat. */
export type SeatFigures = Pick<GameSeat, 'score' | 'remaining' | 'cards' | 'place'>;

/**
 * Writes a game's result columns if its version is still the one read (else 409); bumps it.
 * `game` is then the row as written. One statement: the version is checked by the UPDATE.
 */
export async function updateGameAt(
  m: EntityManager,
  game: Pick<GameRow, 'id' | 'version'>,
  changes: ResultColumns,
): Promise<void> {
  const set = assignments(m, Game, changes);
  const sql = keptText(m, `update game ${set.sql}`, () => {
    const [id, version] = placeholders(m, 2, set.parameters.length + 1);
    return (
      `UPDATE "games" SET ${set.sql}, "version" = "version" + 1, "updated_at" = CURRENT_TIMESTAMP ` +
      `WHERE "id" = ${id} AND "version" = ${version}`
    );
  });
  const { affected } = await run(m, sql, [...set.parameters, game.id, game.version]);
  if (affected !== 1) {
    throw new Conflict(
      'CONCURRENT_UPDATE',
      `game ${game.id} was changed by someone else at the same moment: reload it and try again`,
    );
  }
  Object.assign(game, changes, { version: game.version + 1 });
}

/** Writes one seat's figures (a table's result), in the caller's transaction. */
export async function updateSeatFigures(
  m: EntityManager,
  seatId: number,
  figures: SeatFigures,
): Promise<void> {
  await m.update(GameSeat, { id: seatId }, figures);
}

/** Whether the game exists: its sheet and history are asked for by its id. */
export function gameExists(m: EntityManager, id: number): Promise<boolean> {
  return m.existsBy(Game, { id });
}

/** The game, which must exist (a sheet sent from its table names it). */
export function gameOfId(m: EntityManager, id: number): Promise<GameRow> {
  return m.findOneByOrFail(Game, { id });
}

/**
 * Locks the game's row in `m`'s transaction (`SELECT … FOR UPDATE` on PostgreSQL), so that
 * two writes about one game take turns; whether it exists.
 */
export async function lockGame(m: EntityManager, id: number): Promise<boolean> {
  return (await m.findOne(Game, { where: { id }, select: { id: true }, ...forUpdate(m) })) !== null;
}

/** A round's games by table, byes included. */
export function gamesOfRound(m: EntityManager, roundId: number): Promise<GameRow[]> {
  return m.find(Game, { where: { roundId }, order: { tableNumber: 'ASC' } });
}

/** The division's round numbered `number`, or null. */
export function roundNumbered(
  m: EntityManager,
  divisionId: number,
  number: number,
): Promise<RoundRow | null> {
  return m.findOneBy(Round, { divisionId, number });
}

/** The division's last round paired, or null. */
export function lastRound(m: EntityManager, divisionId: number): Promise<RoundRow | null> {
  return m.findOne(Round, { where: { divisionId }, order: { number: 'DESC' } });
}

/** The round, which must exist (a game's own round). */
export function roundOfId(m: EntityManager, id: number): Promise<RoundRow> {
  return m.findOneByOrFail(Round, { id });
}

/** The statement that finds a game's division, by data source (made once). */
const divisionReads = new WeakMap<DataSource, string>();

/**
 * The division of game `id`, or null when there is no such game: asked before each write of a
 * game (whose tournament is the division's), so one statement kept prepared.
 */
export async function divisionOfGame(m: EntityManager, id: number): Promise<number | null> {
  const ds = m.connection;
  let sql = divisionReads.get(ds);
  if (!sql) {
    sql =
      `SELECT "r"."division_id" FROM ${tableOf(ds, Game)} "g" ` +
      `JOIN ${tableOf(ds, Round)} "r" ON "r"."id" = "g"."round_id" ` +
      `WHERE "g"."id" = ${placeholders(m, 1)[0]}`;
    divisionReads.set(ds, sql);
  }
  const [row] = await readJoined(m, sql, [id]);
  return row ? Number(row.values[0]) : null;
}
