import type { EntityManager } from 'typeorm';
import { placeholders, run } from '../database/sql';
import type { ResultKind, Winner } from './game-kinds';

/*
 * The games of divisions as a recomputation of the ratings reads them (src/ratings/recompute.ts),
 * in plain rows on the caller's manager (`m`): a closed tournament's games are tens of
 * thousands of rows, which TypeORM's entities would take seconds to build.
 */

/** A game of two with a result: its division, players, winner and kind of result. */
export interface PairOfRatings {
  divisionId: number;
  firstPlayerId: number;
  secondPlayerId: number | null;
  winner: Winner | null;
  resultKind: ResultKind | null;
}

/** A game at a table of more than two with a result: its seats' players and places. */
export interface TableOfRatings {
  gameId: number;
  divisionId: number;
  resultKind: ResultKind | null;
  seats: { playerId: number; place: number | null }[];
}

/** The complete games of these divisions (at most a few hundred): pairs, and tables with their seats. */
export async function completeGamesOf(
  m: EntityManager,
  divisionIds: readonly number[],
): Promise<{ pairs: PairOfRatings[]; tables: TableOfRatings[] }> {
  if (divisionIds.length === 0) return { pairs: [], tables: [] };
  const marks = placeholders(m, divisionIds.length + 1);
  const inList = marks.slice(1).join(', ');
  const games = (
    await run(
      m,
      'SELECT g."id", r."division_id", g."first_player_id", g."second_player_id", g."winner", ' +
        'g."result_kind" FROM "games" g JOIN "rounds" r ON r."id" = g."round_id" ' +
        `WHERE g."status" = ${marks[0]} AND r."division_id" IN (${inList}) ORDER BY g."id"`,
      ['complete', ...divisionIds],
    )
  ).records as {
    id: number;
    division_id: number;
    first_player_id: number;
    second_player_id: number | null;
    winner: Winner | null;
    result_kind: ResultKind | null;
  }[];
  const seats = (
    await run(
      m,
      'SELECT s."game_id", s."player_id", s."place" FROM "game_seats" s ' +
        'JOIN "games" g ON g."id" = s."game_id" JOIN "rounds" r ON r."id" = g."round_id" ' +
        `WHERE g."status" = ${marks[0]} AND r."division_id" IN (${inList}) ` +
        'ORDER BY s."game_id", s."seat"',
      ['complete', ...divisionIds],
    )
  ).records as { game_id: number; player_id: number; place: number | null }[];
  const seatsOf = new Map<number, { playerId: number; place: number | null }[]>();
  for (const s of seats) {
    const list = seatsOf.get(Number(s.game_id)) ?? [];
    list.push({
      playerId: Number(s.player_id),
      place: s.place === null ? null : Number(s.place),
    });
    seatsOf.set(Number(s.game_id), list);
  }
  const pairs: PairOfRatings[] = [];
  const tables: TableOfRatings[] = [];
  for (const g of games) {
    const seated = seatsOf.get(Number(g.id));
    if (seated && seated.length > 0) {
      tables.push({
        gameId: Number(g.id),
        divisionId: Number(g.division_id),
        resultKind: g.result_kind,
        seats: seated,
      });
    } else {
      pairs.push({
        divisionId: Number(g.division_id),
        firstPlayerId: Number(g.first_player_id),
        secondPlayerId: g.second_player_id === null ? null : Number(g.second_player_id),
        winner: g.winner,
        resultKind: g.result_kind,
      });
    }
  }
  return { pairs, tables };
}
