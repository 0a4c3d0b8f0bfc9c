import { EntityManager, In } from 'typeorm';
import { Absence } from './absence.entity';

/** The rounds each player is marked absent for, by player id. */
export async function absentRoundsOf(
  m: EntityManager,
  playerIds: number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  for (let i = 0; i < playerIds.length; i += 500) {
    const chunk = playerIds.slice(i, i + 500);
    for (const a of await m.find(Absence, {
      where: { playerId: In(chunk) },
      select: { playerId: true, round: true },
    })) {
      out.set(a.playerId, [...(out.get(a.playerId) ?? []), a.round]);
    }
  }
  return out;
}
