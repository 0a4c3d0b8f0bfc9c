import type {
  EntityManager,
  EntityMetadata,
  EntityTarget,
  ObjectLiteral,
  QueryResult,
} from 'typeorm';

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
  const sql = keptText(m, `set ${from} ${columns.join(',')}`, () => {
    const marks = placeholders(m, columns.length, from);
    return columns.map((c, i) => `"${c}" = ${marks[i]}`).join(', ');
  });
  return { sql, parameters };
}

const texts = new WeakMap<object, Map<string, string>>();

/**
 * A statement's text (or a part of one) made once per database and key, and then the same
 * string: a text made afresh for each write is hashed afresh where the prepared statements
 * are found by it.
 */
export function keptText(m: EntityManager, key: string, make: () => string): string {
  let kept = texts.get(m.connection);
  if (!kept) texts.set(m.connection, (kept = new Map<string, string>()));
  let text = kept.get(key);
  if (text === undefined) kept.set(key, (text = make()));
  return text;
}

/** Inserts one row; the database fills in what `values` leaves out (ids, timestamps). */
export async function insertRow<T extends ObjectLiteral>(
  m: EntityManager,
  entity: EntityTarget<T>,
  values: Partial<T>,
): Promise<void> {
  const { columns, parameters } = stored(m, entity, values);
  const table = m.connection.getMetadata(entity).tableName;
  const sql = keptText(
    m,
    `insert ${table} ${columns.join(',')}`,
    () =>
      `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) ` +
      `VALUES (${placeholders(m, columns.length).join(', ')})`,
  );
  await run(m, sql, parameters);
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

/** Each entity's columns by property (TypeORM's own look-up goes through the list). */
const columnsByProperty = new WeakMap<
  EntityMetadata,
  Map<string, EntityMetadata['columns'][number]>
>();

function stored<T extends ObjectLiteral>(
  m: EntityManager,
  entity: EntityTarget<T>,
  values: Partial<T>,
): { columns: string[]; parameters: unknown[] } {
  const metadata = m.connection.getMetadata(entity);
  const columns: string[] = [];
  const parameters: unknown[] = [];
  let byProperty = columnsByProperty.get(metadata);
  if (!byProperty) {
    byProperty = new Map();
    // The first of a name, as TypeORM's look-up finds it.
    for (const c of metadata.columns)
      if (!byProperty.has(c.propertyName)) byProperty.set(c.propertyName, c);
    columnsByProperty.set(metadata, byProperty);
  }
  for (const property in values) {
    if (!Object.prototype.hasOwnProperty.call(values, property)) continue;
    const value = values[property];
    const column = byProperty.get(property);
    if (!column) throw new Error(`${metadata.name} has no column ${property}`);
    columns.push(column.databaseName);
    parameters.push(m.connection.driver.preparePersistentValue(value, column));
  }
  return { columns, parameters };
}
