import { DataSource, EntityManager, EntityTarget, In, ObjectLiteral } from 'typeorm';
import {
  entityOf,
  readJoined,
  selectColumns,
  tableOf,
  valueOf,
  type JoinedRow,
} from '../database/prepared-read';
import { keptText, placeholders } from '../database/sql';
import { Player } from '../players/player.entity';
import type { GameContext } from '../results/game-context';
import { ScoreSheet } from '../results/score-sheet.entity';
import { Game } from '../rounds/game.entity';
import { Round } from '../rounds/round.entity';
import { playerIdsOf, seatsOf } from '../rounds/tables';
import { Division } from '../tournaments/division.entity';
import { Tournament } from '../tournaments/tournament.entity';
import type { StoredWordList } from '../words/words.service';
import { TournamentWordList } from '../words/word-list.entity';

/**
 * The results' {@link GameContextReader}: the game with its round, division, tournament and
 * players, read in one statement (a table's seats and their players in two more), where every
 * context's tables are known. Null when there is no such game.
 */
export async function readGameContext(
  m: EntityManager,
  id: number,
  lock: boolean,
): Promise<GameContext | null> {
  const ds = m.connection;
  const postgres = ds.options.type === 'postgres';
  const [row] = await readJoined(m, gameByIdSql(m, lock && postgres), [id]);
  const game = row ? entityOf(ds, Game, 'game', row) : null;
  if (!game) return null;
  const round = entityOf(ds, Round, 'round', row)!;
  const division = entityOf(ds, Division, 'division', row)!;
  const tournament = entityOf(ds, Tournament, 'tournament', row)!;
  const first = entityOf(ds, Player, 'first', row)!;
  const second = entityOf(ds, Player, 'second', row);
  // Of the sheet only whether there is one: its text and report are read when needed.
  const sheetOk = valueOf(row, 'sheet.ok') as boolean | number | null;
  const sheet =
    valueOf(row, 'sheet.id') === null ? null : { ok: sheetOk === null ? null : Boolean(sheetOk) };
  const wordList = storedWordList(ds, row);
  const seats = division.tableSize > 2 ? ((await seatsOf(m, [game.id])).get(game.id) ?? []) : [];
  const players = new Map<number, Player>([[first.id, first]]);
  if (second) players.set(second.id, second);
  const others = playerIdsOf(game, seats).filter((p) => !players.has(p));
  if (others.length > 0) {
    for (const p of await m.findBy(Player, { id: In(others) })) players.set(p.id, p);
  }
  return {
    game,
    round,
    division,
    tournament,
    first,
    second,
    seats,
    players,
    sheet,
    wordList,
  };
}

const gameReads = new WeakMap<DataSource, string>();

/**
 * The statement reading one game, the same string each time: the kept statements are found by
 * their text, and a string made afresh (some 4,000 characters) is hashed afresh.
 */
function gameByIdSql(m: EntityManager, locked: boolean): string {
  return keptText(
    m,
    locked ? 'game context, locked' : 'game context',
    () =>
      `${gameReadSql(m.connection)} WHERE "game"."id" = ${placeholders(m, 1)[0]}` +
      // Only the game's row is locked: PostgreSQL cannot lock the outer side of a join.
      (locked ? ' FOR UPDATE OF "game"' : ''),
  );
}

/**
 * A game with its round, division, tournament, players, whether it has a sheet and which word
 * list its tournament has (the row, not its words: a sheet's words are checked against it), in
 * one statement made once per database (the WHERE clause is added by the caller).
 */
function gameReadSql(ds: DataSource): string {
  let sql = gameReads.get(ds);
  if (sql) return sql;
  const t = (e: EntityTarget<ObjectLiteral>) => tableOf(ds, e);
  sql =
    `SELECT ${[
      selectColumns(ds, Game, 'game'),
      selectColumns(ds, Round, 'round'),
      selectColumns(ds, Division, 'division'),
      selectColumns(ds, Tournament, 'tournament'),
      selectColumns(ds, Player, 'first'),
      selectColumns(ds, Player, 'second'),
      '"sheet"."id" AS "sheet.id", "sheet"."ok" AS "sheet.ok"',
      '"words"."id" AS "words.id", "words"."updated_at" AS "words.updated_at"',
    ].join(', ')}` +
    ` FROM ${t(Game)} "game"` +
    ` JOIN ${t(Round)} "round" ON "round"."id" = "game"."round_id"` +
    ` JOIN ${t(Division)} "division" ON "division"."id" = "round"."division_id"` +
    ` JOIN ${t(Tournament)} "tournament" ON "tournament"."id" = "division"."tournament_id"` +
    ` JOIN ${t(Player)} "first" ON "first"."id" = "game"."first_player_id"` +
    ` LEFT JOIN ${t(Player)} "second" ON "second"."id" = "game"."second_player_id"` +
    ` LEFT JOIN ${t(ScoreSheet)} "sheet" ON "sheet"."game_id" = "game"."id"` +
    ` LEFT JOIN ${t(TournamentWordList)} "words" ON "words"."tournament_id" = "tournament"."id"`;
  gameReads.set(ds, sql);
  return sql;
}

/** The word list's row as {@link gameReadSql} read it, its time as TypeORM reads it; null if none. */
function storedWordList(ds: DataSource, row: JoinedRow): StoredWordList | null {
  const id = valueOf(row, 'words.id');
  if (id === null) return null;
  const updatedAt = ds.getMetadata(TournamentWordList).findColumnWithPropertyName('updatedAt')!;
  return {
    id: Number(id),
    updatedAt: ds.driver.prepareHydratedValue(valueOf(row, 'words.updated_at'), updatedAt) as Date,
  };
}
