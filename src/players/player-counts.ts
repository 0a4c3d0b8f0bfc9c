import { EntityManager, In } from 'typeorm';
import type { PlayerCount } from '../tournaments/division-activity';
import { Player } from './player.entity';

/** Each division's players, all and active (absent: none): for the divisions' views. */
export async function playerCounts(
  m: EntityManager,
  divisionIds: readonly number[],
): Promise<Map<number, PlayerCount>> {
  const counts = new Map<number, PlayerCount>();
  if (divisionIds.length === 0) return counts;
  const rows = await m
    .createQueryBuilder(Player, 'p')
    .select('p.division_id', 'division')
    .addSelect('COUNT(*)', 'total')
    .addSelect('SUM(CASE WHEN p.active THEN 1 ELSE 0 END)', 'active')
    .where({ divisionId: In([...divisionIds]) })
    .groupBy('p.division_id')
    .getRawMany<{ division: number | string; total: string | number; active: string | number }>();
  for (const r of rows) {
    counts.set(Number(r.division), { total: Number(r.total), active: Number(r.active) });
  }
  return counts;
}
