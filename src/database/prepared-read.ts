import type {
  DataSource,
  EntityManager,
  EntityMetadata,
  EntityTarget,
  ObjectLiteral,
} from 'typeorm';

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
  const { metadata, keys, primaryKeys } = layoutOf(ds, entity, alias);
  if (primaryKeys.every((key) => row[key] === null)) return null;
  const result = metadata.create() as T;
  const { columns } = metadata;
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i];
    column.setEntityValue(result, ds.driver.prepareHydratedValue(row[keys[i]], column));
  }
  return result;
}

/** An entity's columns as {@link selectColumns} names them under one alias, made once. */
interface Layout {
  metadata: EntityMetadata;
  /** `alias.column` of each of the metadata's columns, in their order. */
  keys: string[];
  primaryKeys: string[];
}

const layouts = new WeakMap<DataSource, Map<EntityTarget<ObjectLiteral>, Map<string, Layout>>>();

/** The row's key of each column: a hot read hydrates six entities, and built them every time. */
function layoutOf(ds: DataSource, entity: EntityTarget<ObjectLiteral>, alias: string): Layout {
  let byEntity = layouts.get(ds);
  if (!byEntity)
    layouts.set(ds, (byEntity = new Map<EntityTarget<ObjectLiteral>, Map<string, Layout>>()));
  let byAlias = byEntity.get(entity);
  if (!byAlias) byEntity.set(entity, (byAlias = new Map<string, Layout>()));
  let layout = byAlias.get(alias);
  if (!layout) {
    const metadata = ds.getMetadata(entity);
    layout = {
      metadata,
      keys: metadata.columns.map((c) => `${alias}.${c.databaseName}`),
      primaryKeys: metadata.primaryColumns.map((c) => `${alias}.${c.databaseName}`),
    };
    byAlias.set(alias, layout);
  }
  return layout;
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
