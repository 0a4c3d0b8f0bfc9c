import { EntityManager, In } from 'typeorm';
import type { TableRecord } from '../pairing/tables';
import type { GroupTieBreak, TableResult } from '../standings/placements';
import type { PairingSystem } from '../tournaments/systems';
import type { GroupSystem } from '../pairing/tables';
import type { DivisionSettings } from '../tournaments/tournament-rules';
import { findRuleSet } from '../engine';
import { GameSeat } from './game-seat.entity';
import type { Game } from './game.entity';
import type { SeatRow } from './game-rows';

/** Each game's seats in turn order, by game id (games of pairs have none). */
export async function seatsOf(
  m: EntityManager,
  gameIds: readonly number[],
): Promise<Map<number, GameSeat[]>> {
  const seats = new Map<number, GameSeat[]>();
  for (let i = 0; i < gameIds.length; i += 500) {
    const chunk = gameIds.slice(i, i + 500);
    if (chunk.length === 0) continue;
    for (const s of await m.find(GameSeat, {
      where: { gameId: In(chunk) },
      order: { gameId: 'ASC', seat: 'ASC' },
    })) {
      const list = seats.get(s.gameId) ?? [];
      list.push(s);
      seats.set(s.gameId, list);
    }
  }
  return seats;
}

/** The players of a game in turn order: its seats, or the game's own one or two players. */
export function playerIdsOf(
  game: Pick<Game, 'firstPlayerId' | 'secondPlayerId'>,
  seats: readonly SeatRow[] | undefined,
): number[] {
  if (seats && seats.length > 0) return seats.map((s) => s.playerId);
  return game.secondPlayerId === null
    ? [game.firstPlayerId]
    : [game.firstPlayerId, game.secondPlayerId];
}

/** A game as the seating sees it: who sat at the table (a bye is a table of one). */
export function tableRecord(
  game: Pick<Game, 'firstPlayerId' | 'secondPlayerId'>,
  seats: readonly SeatRow[] | undefined,
  round: number,
): TableRecord {
  return { round, seats: playerIdsOf(game, seats).map(String) };
}

/** A game as the standings of tables see it: its seats and, once it has one, its result. */
export function tableResult(
  game: Pick<Game, 'firstPlayerId' | 'secondPlayerId' | 'status'>,
  seats: readonly SeatRow[] | undefined,
  round: number,
): TableResult {
  const ids = playerIdsOf(game, seats).map(String);
  if (game.status !== 'complete' || !seats || seats.length === 0) return { round, seats: ids };
  return {
    round,
    seats: ids,
    // A complete table's seat without a score did not come: last place, no score.
    scores: seats.map((s) => s.score),
    // The places were decided by the rule set when the result was entered.
    keys: seats.map((s) => [-(s.place ?? seats.length)]),
    cards: seats.map((s) => s.cards ?? 0),
  };
}

/** How a pairing system seats a round at tables: King of the Hill seats as a Swiss does. */
export function groupSystemOf(system: PairingSystem): GroupSystem | 'manual' {
  switch (system) {
    case 'swiss':
    case 'king-of-the-hill':
      return 'swiss';
    case 'round-robin':
    case 'double-round-robin':
      return 'round-robin';
    case 'random':
    case 'seeded':
    case 'manual':
      return system;
  }
}

/** The division's tie-breaks after match points: scores, table spread, (Quivit) cards, seed. */
export function groupTieBreaks(division: Pick<DivisionSettings, 'ruleSet'>): GroupTieBreak[] {
  const cards = findRuleSet(division.ruleSet)?.cards !== undefined;
  return cards
    ? ['total-score', 'table-spread', 'cards', 'seed']
    : ['total-score', 'table-spread', 'seed'];
}
