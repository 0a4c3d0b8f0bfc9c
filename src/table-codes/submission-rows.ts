import type { EntityManager } from 'typeorm';
import { SheetSubmission } from './sheet-submission.entity';

/** The game a table's submitted sheet is for, or null when there is no such submission. */
export async function gameOfSubmission(m: EntityManager, id: number): Promise<number | null> {
  const row = await m.findOne(SheetSubmission, {
    where: { id },
    select: { id: true, gameId: true },
  });
  return row?.gameId ?? null;
}
