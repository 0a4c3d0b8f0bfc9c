import type { EntityManager } from 'typeorm';
import { Entry, EntryWindow } from './entry.entity';

/** The deadline of a tournament's entries while they are open and it has not passed, else null. */
export async function openUntil(m: EntityManager, tournamentId: number): Promise<number | null> {
  const window = await m.findOneBy(EntryWindow, { tournamentId });
  return window?.open && Date.now() <= window.deadlineMs ? window.deadlineMs : null;
}

/** The tournament of entry `id`, or null when there is no such entry. */
export async function tournamentOfEntry(m: EntityManager, id: number): Promise<number | null> {
  const row = await m.findOne(Entry, { where: { id }, select: { id: true, tournamentId: true } });
  return row?.tournamentId ?? null;
}
