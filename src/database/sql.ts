import type { DataSource, EntityManager, EntityTarget, ObjectLiteral, QueryResult } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

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
  const { table } = layoutOf(m.connection, entity);
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
  const { table } = layoutOf(m.connection, entity);
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
  const layout = layoutOf(m.connection, entity);
  const { driver } = m.connection;
  const columns: string[] = [];
  const parameters: unknown[] = [];
  for (const [property, value] of Object.entries(values)) {
    const column = columnOf(layout, property);
    columns.push(column.databaseName);
    parameters.push(driver.preparePersistentValue(value, column));
  }
  return { columns, parameters };
}

/** An entity's table and its columns by property, looked up once per database. */
interface Layout {
  name: string;
  table: string;
  /** Filled as properties are asked for: a metadata lookup walks every column. */
  byProperty: Map<string, ColumnMetadata>;
  find: (property: string) => ColumnMetadata | undefined;
}

const layouts = new WeakMap<DataSource, Map<EntityTarget<ObjectLiteral>, Layout>>();

/** A write of a typed result looked an entity's metadata up, then each column, every time. */
function layoutOf(ds: DataSource, entity: EntityTarget<ObjectLiteral>): Layout {
  let byEntity = layouts.get(ds);
  if (!byEntity) layouts.set(ds, (byEntity = new Map<EntityTarget<ObjectLiteral>, Layout>()));
  let layout = byEntity.get(entity);
  if (!layout) {
    const metadata = ds.getMetadata(entity);
    layout = {
      name: metadata.name,
      table: metadata.tableName,
      byProperty: new Map<string, ColumnMetadata>(),
      find: (property) => metadata.findColumnWithPropertyName(property),
    };
    byEntity.set(entity, layout);
  }
  return layout;
}

function columnOf(layout: Layout, property: string): ColumnMetadata {
  let column = layout.byProperty.get(property);
  if (!column) {
    column = layout.find(property);
    if (!column) throw new Error(`${layout.name} has no column ${property}`);
    layout.byProperty.set(property, column);
  }
  return column;
}
