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
  const result = metadata.create() as Record<string, unknown>;
  const { columns } = metadata;
  const { kinds, properties } = layout;
  for (let i = 0; i < columns.length; i++) {
    const value = values[positions.keys[i]];
    const kind = kinds[i];
    if (kind === Hydration.AsGiven || (value === null && kind !== Hydration.ByDriver)) {
      result[properties[i]] = value;
      continue;
    }
    if (kind === Hydration.Integer && Number.isSafeInteger(value)) {
      result[properties[i]] = value;
      continue;
    }
    if (kind === Hydration.Boolean) {
      result[properties[i]] = Boolean(value);
      continue;
    }
    const column = columns[i];
    const date = kind === Hydration.SqliteTime ? sqliteUtcDate(value) : null;
    column.setEntityValue(result, date ?? ds.driver.prepareHydratedValue(value, column));
  }
  return result as T;
}

/**
 * A time as SQLite keeps it (`2026-12-05 04:42:01`, `2026-12-05 04:42:01.123`: UTC, as
 * `CURRENT_TIMESTAMP` and TypeORM write it) as the Date the driver makes of it, read by its
 * digits; null for any other text, which the driver reads. The driver tests two patterns,
 * rewrites the text and parses it again: a third of hydrating a game's read.
 */
export function sqliteUtcDate(value: unknown): Date | null {
  if (typeof value !== 'string' || (value.length !== 19 && value.length !== 23)) return null;
  if (value[4] !== '-' || value[7] !== '-' || value[10] !== ' ') return null;
  if (value[13] !== ':' || value[16] !== ':') return null;
  if (value.length === 23 && value[19] !== '.') return null;
  const [year, month, day] = [digitsAt(value, 0, 4), digitsAt(value, 5, 7), digitsAt(value, 8, 10)];
  const [hours, minutes, seconds] = [
    digitsAt(value, 11, 13),
    digitsAt(value, 14, 16),
    digitsAt(value, 17, 19),
  ];
  const ms = value.length === 23 ? digitsAt(value, 20, 23) : 0;
  // Days past the 28th are left to the driver, which knows each month's length; years before
  // 1000 too (Date.UTC reads 0–99 as 1900–1999).
  if (!(year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= 28)) return null;
  if (!(hours <= 23 && minutes <= 59 && seconds <= 59 && ms >= 0)) return null;
  return new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds, ms));
}

/** The number the digits of `text` from `from` to `to` write; NaN if any is not a digit. */
function digitsAt(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return NaN;
    n = n * 10 + digit;
  }
  return n;
}

/**
 * How a column's value becomes its property. The driver's chain of type tests and TypeORM's
 * setter, column by column, cost more than the rest of a hot read (six entities, some hundred
 * columns, most of them numbers and text): the columns whose value the driver keeps, or turns
 * as simply as below, are set here. Null is kept by the driver for every column without a
 * transformer, and is kept here alike.
 */
const enum Hydration {
  /** By the driver and TypeORM's setter: JSON, enums, transformed, embedded, relations' ids. */
  ByDriver,
  /** Kept as the database gives it: integers, text, reals (the driver leaves them). */
  AsGiven,
  /** A `Number` column: the driver's `parseInt` keeps a safe integer as it is. */
  Integer,
  /** A boolean (SQLite gives 0 or 1): the driver's `value ? true : false`. */
  Boolean,
  /** A time SQLite keeps as text: {@link sqliteUtcDate}, else the driver. */
  SqliteTime,
}

const KEPT_AS_GIVEN = new Set<unknown>([
  'integer',
  'int',
  'bigint',
  'varchar',
  'text',
  'character varying',
  'real',
  'double precision',
  'float',
]);

function hydrationOf(ds: DataSource, column: EntityMetadata['columns'][number]): Hydration {
  const set =
    !column.transformer &&
    !column.embeddedMetadata &&
    !(column.isVirtual && column.referencedColumn);
  if (!set) return Hydration.ByDriver;
  if (KEPT_AS_GIVEN.has(column.type)) return Hydration.AsGiven;
  if (column.type === Number) return Hydration.Integer;
  if (column.type === Boolean || column.type === 'boolean') return Hydration.Boolean;
  const time = column.type === 'datetime' || column.type === Date;
  if (time && ds.options.type === 'better-sqlite3') return Hydration.SqliteTime;
  return Hydration.ByDriver;
}

/** An entity's columns as {@link selectColumns} names them under one alias, made once. */
interface Layout {
  metadata: EntityMetadata;
  /** `alias.column` of each of the metadata's columns, in their order. */
  keys: string[];
  primaryKeys: string[];
  /** Of each column, how its value becomes its property, and the property. */
  kinds: Hydration[];
  properties: string[];
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
      kinds: metadata.columns.map((c) => hydrationOf(ds, c)),
      properties: metadata.columns.map((c) => c.propertyName),
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
