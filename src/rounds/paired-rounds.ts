import { EntityManager, MoreThan } from 'typeorm';
import type { PairedRounds } from '../players/player-rounds';
import { GameSeat } from './game-seat.entity';
import { Game } from './game.entity';
import { Round } from './round.entity';

/*
 * What the players ask of the rounds in their transactions (src/players/player-rounds.ts), as
 * plain functions: an import's process, without NestJS, registers players with them too.
 */

/** A division's rounds paired: the highest number (0: none yet) and each round's system. */
export async function pairedRounds(m: EntityManager, divisionId: number): Promise<PairedRounds> {
  const rounds = await m.find(Round, {
    where: { divisionId },
    select: { number: true, system: true },
  });
  const paired = rounds.reduce((max, r) => Math.max(max, r.number), 0);
  return { paired, systems: rounds.map((r) => r.system) };
}

/** How many games a player is paired in (byes included). */
export async function gamesPaired(m: EntityManager, playerId: number): Promise<number> {
  // Seats 3 and on of a table are only in its seats; seats 1 and 2 are in both.
  return (
    (await m.count(Game, { where: [{ firstPlayerId: playerId }, { secondPlayerId: playerId }] })) +
    (await m.count(GameSeat, { where: { playerId, seat: MoreThan(2) } }))
  );
}
