import { EntityManager, In } from 'typeorm';
import { Rating } from './rating.entity';

/**
 * Current ratings of persons in one family (for seeding and registration), by person. Kept
 * apart from the ratings service so that a job's process (a players CSV import) reads
 * them without loading NestJS.
 */
export async function currentRatings(
  m: EntityManager,
  personIds: readonly number[],
  family: string,
): Promise<Map<number, number>> {
  if (personIds.length === 0) return new Map();
  const rows = await m.find(Rating, {
    where: { personId: In([...new Set(personIds)]), family },
    select: { personId: true, rating: true },
  });
  return new Map(rows.map((r) => [r.personId, r.rating]));
}
