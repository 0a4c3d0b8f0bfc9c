import type { EntityManager } from 'typeorm';
import { RatingListEntry } from './rating.entity';

/*
 * A person's lines of the imported rating list, as the registry's merge of two persons asks
 * about them (src/registry/person-records.ts), in the merge's transaction (`m`).
 */

/** The families the person has an imported rating in. */
export async function listedFamilies(m: EntityManager, personId: number): Promise<string[]> {
  return (await m.find(RatingListEntry, { where: { personId } })).map((l) => l.family);
}

/** Makes `into` the person of every imported rating of `from`. */
export async function moveListedRatings(
  m: EntityManager,
  from: number,
  into: number,
): Promise<void> {
  await m.update(RatingListEntry, { personId: from }, { personId: into });
}
