import type { EntityManager, EntityTarget, ObjectLiteral, QueryDeepPartialEntity } from 'typeorm';

/**
 * Inserts many rows in multi-row INSERTs of `chunk` rows, under SQLite's limit
 * on bound parameters per statement.
 */
export async function insertMany<T extends ObjectLiteral>(
  m: EntityManager,
  target: EntityTarget<T>,
  rows: QueryDeepPartialEntity<T>[],
  chunk = 400,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    await m.insert(target, rows.slice(i, i + chunk));
  }
}
