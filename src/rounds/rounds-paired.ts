import { EntityManager, In } from 'typeorm';
import { Round } from './round.entity';

/** The number of the last round paired in each division (absent: none). */
export async function roundsPaired(
  m: EntityManager,
  divisionIds: readonly number[],
): Promise<Map<number, number>> {
  const paired = new Map<number, number>();
  if (divisionIds.length === 0) return paired;
  const rows = await m
    .createQueryBuilder(Round, 'r')
    .select('r.division_id', 'division')
    .addSelect('MAX(r.number)', 'n')
    .where({ divisionId: In([...divisionIds]) })
    .groupBy('r.division_id')
    .getRawMany<{ division: number | string; n: number | string }>();
  for (const r of rows) paired.set(Number(r.division), Number(r.n));
  return paired;
}
