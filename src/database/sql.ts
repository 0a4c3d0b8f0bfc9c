import type { EntityManager, EntityTarget, ObjectLiteral, QueryResult } from 'typeorm';

/**
 * Statements written by hand for the hottest writes. Values travel as parameters, so a
 * statement's text is the same every time and SQLite reuses it prepared (TypeORM writes
 * numbers into SQLite's text, which makes each statement new); columns and values are
 * taken from the entities' metadata and converted by the driver as TypeORM would.
 */

/** Positional placeholders: `?` for SQLite, `$1…` for PostgreSQL. */
export function placeholders(m: EntityManager, count: number, from = 1): string[] {
  const postgres = m.connection.options.type === 'postgres';
  return Array.from({ length: count }, (_, i) => (postgres ? `$${from + i}` : '?'));
}

/** Runs a statement on `m`'s connection (its transaction's, if any): its rows and the rows it changed. */
export async function run(
  m: EntityManager,
  sql: string,
  parameters: unknown[],
): Promise<QueryResult> {
  const runner = m.queryRunner ?? m.connection.createQueryRunner();
  try {
    return await runner.query(sql, parameters, true);
  } finally {
    if (runner !== m.queryRunner) await runner.release();
  }
}

/** `"column" = ?, …` for the properties of `values`, and their values as stored. */
export function assignments<T extends ObjectLiteral>(
  m: EntityManager,
  entity: EntityTarget<T>,
  values: Partial<T>,
  from = 1,
): { sql: string; parameters: unknown[] } {
  const { columns, parameters } = stored(m, entity, values);
  const marks = placeholders(m, columns.length, from);
  return { sql: columns.map((c, i) => `"${c}" = ${marks[i]}`).join(', '), parameters };
}

/** Inserts one row; the database fills in what `values` leaves out (ids, timestamps). */
export async function insertRow<T extends ObjectLiteral>(
  m: EntityManager,
  entity: EntityTarget<T>,
  values: Partial<T>,
): Promise<void> {
  const { columns, parameters } = stored(m, entity, values);
  const table = m.connection.getMetadata(entity).tableName;
  await run(
    m,
    `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) ` +
      `VALUES (${placeholders(m, columns.length).join(', ')})`,
    parameters,
  );
}

/** Deletes the rows whose columns equal `values`. */
export async function deleteRows<T extends ObjectLiteral>(
  m: EntityManager,
  entity: EntityTarget<T>,
  values: Partial<T>,
): Promise<void> {
  const { columns, parameters } = stored(m, entity, values);
  const marks = placeholders(m, columns.length);
  const table = m.connection.getMetadata(entity).tableName;
  await run(
    m,
    `DELETE FROM "${table}" WHERE ${columns.map((c, i) => `"${c}" = ${marks[i]}`).join(' AND ')}`,
    parameters,
  );
}

function stored<T extends ObjectLiteral>(
  m: EntityManager,
  entity: EntityTarget<T>,
  values: Partial<T>,
): { columns: string[]; parameters: unknown[] } {
  const metadata = m.connection.getMetadata(entity);
  const columns: string[] = [];
  const parameters: unknown[] = [];
  for (const [property, value] of Object.entries(values)) {
    const column = metadata.findColumnWithPropertyName(property);
    if (!column) throw new Error(`${metadata.name} has no column ${property}`);
    columns.push(column.databaseName);
    parameters.push(m.connection.driver.preparePersistentValue(value, column));
  }
  return { columns, parameters };
}
