import type { Database, Statement } from 'better-sqlite3';
import {
  QueryFailedError,
  type DataSource,
  type EntityManager,
  type EntityMetadata,
  type EntityTarget,
  type ObjectLiteral,
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
  row: JoinedRow,
): T | null {
  const layout = layoutOf(ds, entity, alias);
  const { metadata } = layout;
  const { values } = row;
  const positions = row.columns.positionsOf(layout);
  if (positions.primaryKeys.every((i) => values[i] === null)) return null;
  const result = metadata.create() as T;
  const { columns } = metadata;
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i];
    column.setEntityValue(
      result,
      ds.driver.prepareHydratedValue(values[positions.keys[i]], column),
    );
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

/**
 * Where each column of a statement's rows is, by the name the statement gives it (`alias.column`),
 * made once per statement, with each entity's columns found once.
 */
export class Columns {
  private readonly index: Map<string, number>;
  private readonly entities = new Map<Layout, { keys: number[]; primaryKeys: number[] }>();

  constructor(names: string[]) {
    this.index = new Map(names.map((name, i) => [name, i]));
  }

  /** The position of the column named `name`. */
  at(name: string): number {
    const i = this.index.get(name);
    if (i === undefined) throw new Error(`the statement reads no column ${name}`);
    return i;
  }

  positionsOf(layout: Layout): { keys: number[]; primaryKeys: number[] } {
    let positions = this.entities.get(layout);
    if (!positions) {
      positions = {
        keys: layout.keys.map((k) => this.at(k)),
        primaryKeys: layout.primaryKeys.map((k) => this.at(k)),
      };
      this.entities.set(layout, positions);
    }
    return positions;
  }
}

/** A row of {@link readJoined}: its values in the statement's order, and where each column is. */
export interface JoinedRow {
  values: unknown[];
  columns: Columns;
}

/** The value of the column the statement names `name` (`alias.column`), as the database gave it. */
export function valueOf(row: JoinedRow, name: string): unknown {
  return row.values[row.columns.at(name)];
}

/** A better-sqlite3 statement kept prepared, reading rows as arrays, and its columns. */
interface KeptStatement {
  statement: Statement;
  columns: Columns;
}

const keptStatements = new WeakMap<object, Map<string, KeptStatement>>();
const columnsOfStatement = new WeakMap<DataSource, Map<string, Columns>>();

/**
 * The rows of a statement joining several entities (see {@link selectColumns}), for
 * {@link entityOf} and {@link valueOf}; `m` may be a transaction's manager. On SQLite the
 * statement is kept prepared on the connection and read as arrays: a hot read of a hundred
 * columns then makes no object of a hundred keys per row, which cost a typed result as much as
 * the rest of its reads. Elsewhere the driver's rows are taken in the statement's order.
 */
export async function readJoined(
  m: EntityManager,
  sql: string,
  parameters: unknown[],
): Promise<JoinedRow[]> {
  const ds = m.connection;
  if (ds.options.type !== 'better-sqlite3') {
    const records: Record<string, unknown>[] = await m.query(sql, parameters);
    if (records.length === 0) return [];
    let bySql = columnsOfStatement.get(ds);
    if (!bySql) columnsOfStatement.set(ds, (bySql = new Map<string, Columns>()));
    let columns = bySql.get(sql);
    if (!columns) bySql.set(sql, (columns = new Columns(Object.keys(records[0]))));
    return records.map((r) => ({ values: Object.values(r), columns }));
  }
  const connection = (await (m.queryRunner ?? ds.createQueryRunner()).connect()) as Database;
  let kept = keptStatements.get(connection);
  if (!kept) keptStatements.set(connection, (kept = new Map<string, KeptStatement>()));
  ds.logger.logQuery(sql, parameters);
  let statement = kept.get(sql);
  let rows: unknown[][];
  try {
    if (!statement) {
      const prepared = connection.prepare(sql).raw(true);
      const names = prepared.columns().map((c) => c.name);
      statement = { statement: prepared, columns: new Columns(names) };
      kept.set(sql, statement);
    }
    rows = statement.statement.all(...parameters) as unknown[][];
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    ds.logger.logQueryError(error, sql, parameters);
    throw new QueryFailedError(sql, parameters, error);
  }
  const { columns } = statement;
  return rows.map((values) => ({ values, columns }));
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
