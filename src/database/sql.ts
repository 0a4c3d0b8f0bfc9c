import type { EntityManager } from 'typeorm';

/**
 * Positional placeholders for a statement written by hand: `?` for SQLite, `$1…` for
 * PostgreSQL. Values travel as parameters, so the statement's text is the same every time
 * and SQLite reuses it prepared (TypeORM writes numbers into the text, which makes each
 * statement new).
 */
export function placeholders(m: EntityManager, count: number, from = 1): string[] {
  const postgres = m.connection.options.type === 'postgres';
  return Array.from({ length: count }, (_, i) => (postgres ? `$${from + i}` : '?'));
}

/**
 * The rows of an `UPDATE … RETURNING` written by hand: TypeORM answers such an update with
 * the rows on SQLite and with `[rows, count]` on PostgreSQL.
 */
export async function updateReturning<Row>(
  m: EntityManager,
  sql: string,
  parameters: unknown[],
): Promise<Row[]> {
  const result: unknown = await m.query(sql, parameters);
  return (
    m.connection.options.type === 'postgres' ? (result as [Row[], number])[0] : result
  ) as Row[];
}
