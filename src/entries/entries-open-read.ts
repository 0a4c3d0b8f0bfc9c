import type { EntityManager } from 'typeorm';
import { EntryWindow } from './entry.entity';

/** The deadline of a tournament's entries while they are open and it has not passed, else null. */
export async function openUntil(m: EntityManager, tournamentId: number): Promise<number | null> {
  const window = await m.findOneBy(EntryWindow, { tournamentId });
  return window?.open && Date.now() <= window.deadlineMs ? window.deadlineMs : null;
}
