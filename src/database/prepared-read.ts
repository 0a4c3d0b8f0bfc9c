import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * Reads written by hand for the hottest paths: the statement's text is made once from the
 * entities' metadata and its values are bound, so SQLite compiles it once, and the rows
 * become entities through the driver's own conversions (dates, JSON, booleans), without
 * TypeORM building the SQL and its join tree again for every request.
 */

/** `"alias"."column" AS "alias.column"`, …: every column of `entity` read under `alias`. */
export function selectColumns(
  ds: DataSource,
  entity: EntityTarget<ObjectLiteral>,
  alias: string,
): string {
  return ds
    .getMetadata(entity)
    .columns.map((c) => `"${alias}"."${c.databaseName}" AS "${alias}.${c.databaseName}"`)
    .join(', ');
}

/** The quoted name of `entity`'s table. */
export function tableOf(ds: DataSource, entity: EntityTarget<ObjectLiteral>): string {
  return `"${ds.getMetadata(entity).tableName}"`;
}

/**
 * The entity read under `alias` by {@link selectColumns}, or null when an outer join found
 * none (its primary key is null).
 */
export function entityOf<T extends ObjectLiteral>(
  ds: DataSource,
  entity: EntityTarget<T>,
  alias: string,
  row: Record<string, unknown>,
): T | null {
  const metadata = ds.getMetadata(entity);
  if (metadata.primaryColumns.every((c) => row[`${alias}.${c.databaseName}`] === null)) return null;
  const result = metadata.create() as T;
  for (const column of metadata.columns) {
    const value = row[`${alias}.${column.databaseName}`];
    column.setEntityValue(result, ds.driver.prepareHydratedValue(value, column));
  }
  return result;
}

/** A statement's rows; `m` may be a transaction's manager. */
export async function readRows<Row>(
  m: EntityManager,
  sql: string,
  parameters: unknown[],
): Promise<Row[]> {
  const rows: Row[] = await m.query(sql, parameters);
  return rows;
}
