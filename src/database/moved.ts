import type { EntityManager } from 'typeorm';
import type { Moved } from './revision-steps';

/*
 * What a write did to divisions' revisions, noted in its transaction: without NestJS, so that a
 * job's process (src/jobs) writes through the same code without loading it.
 */

/** The PostgreSQL channel on which a committed write names the divisions it moved. */
export const REVISIONS_CHANNEL = 'arbiter_revisions';

/** Revisions moved by each open transaction, in order, handed to {@link Revisions} after its commit. */
const pending = new WeakMap<EntityManager, Moved[]>();

/**
 * Notes, inside the writing transaction, the revisions it gave divisions: the
 * process applies them when the transaction commits ({@link takeMoved}), and on
 * PostgreSQL a `NOTIFY` (delivered by the server at commit, never on rollback)
 * tells every other process sharing the database.
 */
export async function noteMoved(m: EntityManager, moved: readonly Moved[]): Promise<void> {
  if (moved.length === 0) return;
  let list = pending.get(m);
  if (!list) pending.set(m, (list = []));
  list.push(...moved);
  if (m.connection.options.type !== 'postgres') return;
  // A payload holds at most 8,000 bytes: 400 of these are well under it.
  for (let i = 0; i < moved.length; i += 400) {
    const payload = moved
      .slice(i, i + 400)
      .map((x) => `${x.division}:${x.revision}${x.resultsOf ? `:${x.resultsOf}` : ''}`)
      .join(',');
    await m.query('SELECT pg_notify($1, $2)', [REVISIONS_CHANNEL, payload]);
  }
}

/** What {@link noteMoved} noted in this transaction, in order (and forgets it). */
export function takeMoved(m: EntityManager): Moved[] {
  const list = pending.get(m);
  pending.delete(m);
  return list ?? [];
}
