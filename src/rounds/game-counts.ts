import { EntityManager, In } from 'typeorm';
import type { GameCounts } from '../tournaments/closing-steps';
import { Game } from './game.entity';
import { Round } from './round.entity';

/** The games of the divisions' rounds, pending and complete: what closing rates and leaves. */
export async function gameCounts(
  m: EntityManager,
  divisionIds: readonly number[],
): Promise<GameCounts> {
  const rounds = divisionIds.length
    ? await m.find(Round, {
        where: { divisionId: In([...divisionIds]) },
        select: { id: true },
      })
    : [];
  const count = (status: 'pending' | 'complete') =>
    rounds.length ? m.count(Game, { where: { roundId: In(rounds.map((r) => r.id)), status } }) : 0;
  return { pending: await count('pending'), complete: await count('complete') };
}
