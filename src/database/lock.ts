import type { EntityManager } from 'typeorm';

/**
 * Find options that lock the rows read until the transaction ends (`SELECT … FOR UPDATE`),
 * so that two writes of one thing running side by side on PostgreSQL take turns: the second
 * reads what the first wrote and is refused as stale, instead of both passing the version
 * check. SQLite needs none: its writes are queued one after another (`Transactions`).
 */
export function forUpdate(m: EntityManager): { lock?: { mode: 'pessimistic_write' } } {
  return m.connection.options.type === 'postgres' ? { lock: { mode: 'pessimistic_write' } } : {};
}
