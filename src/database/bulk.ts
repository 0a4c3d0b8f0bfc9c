import type { EntityManager, EntityTarget, ObjectLiteral, QueryDeepPartialEntity } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { DateUtils } from 'typeorm/util/DateUtils';
import { run } from './sql';

/**
 * A value already as its column stores it (a `simple-json` column's JSON, written elsewhere,
 * say by another thread): {@link insertMany} binds it as it is, unconverted.
 */
export class StoredValue {
  constructor(readonly value: string) {}
}

/** Bound values a statement may carry: SQLite's limit (32,766) is the lower of the two. */
const MAX_PARAMETERS = 32_000;

/** A multi-row INSERT of `rows`, as TypeORM's `insert` would write them, in statements of `chunk` rows. */
interface Statements {
  /** Each chunk's statement and its values. */
  each(): Generator<{ sql: string; values: unknown[]; rows: number }>;
}

/**
 * The statements that insert `rows` into `target`'s table: the columns TypeORM's `insert`
 * writes (every insertable column but a generated id), each value converted by the driver as
 * it converts it; a value left out is the column's default (its version 1, SQLite's default
 * written in the statement as TypeORM writes it, PostgreSQL's DEFAULT). Values travel as bound
 * parameters, so every full chunk has the same text and SQLite prepares it once (TypeORM
 * writes numbers into SQLite's text, so each of its statements is new), and no entity is
 * built or read back.
 */
function statements<T extends ObjectLiteral>(
  m: EntityManager,
  target: EntityTarget<T>,
  rows: readonly QueryDeepPartialEntity<T>[],
  chunk: number,
  returning: string,
): Statements {
  const metadata = m.connection.getMetadata(target);
  const driver = m.connection.driver;
  const postgres = m.connection.options.type === 'postgres';
  const columns = metadata.columns.filter(
    (c) => c.isInsert && !(c.isGenerated && c.generationStrategy === 'increment'),
  );
  const names = columns.map((c) => `"${c.databaseName}"`).join(', ');
  const table = `"${metadata.tableName}"`;
  const size = Math.max(1, Math.min(chunk, Math.floor(MAX_PARAMETERS / columns.length)));
  const absent = (c: ColumnMetadata): string => {
    if (c.isVersion) return '1';
    if (postgres) return 'DEFAULT';
    return driver.normalizeDefault(c) ?? 'NULL';
  };
  const bound = (value: unknown): unknown => {
    if (postgres) return value;
    // better-sqlite3 binds a number as REAL (5 would be '5.0' in a text column), a BigInt as INTEGER.
    if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
    if (typeof value === 'boolean') return value ? 1n : 0n;
    if (value instanceof Date) return DateUtils.mixedDateToUtcDatetimeString(value);
    return value;
  };
  return {
    *each() {
      for (let i = 0; i < rows.length; i += size) {
        const values: unknown[] = [];
        const tuples: string[] = [];
        const end = Math.min(rows.length, i + size);
        for (let r = i; r < end; r++) {
          const row = rows[r] as ObjectLiteral;
          const cells: string[] = [];
          for (const c of columns) {
            const value = c.getEntityValue(row) as unknown;
            if (value === undefined) {
              cells.push(absent(c));
              continue;
            }
            values.push(
              value instanceof StoredValue
                ? value.value
                : bound(driver.preparePersistentValue(value, c)),
            );
            cells.push(postgres ? `$${values.length}` : '?');
          }
          tuples.push(`(${cells.join(', ')})`);
        }
        yield {
          sql: `INSERT INTO ${table} (${names}) VALUES ${tuples.join(', ')}${returning}`,
          values,
          rows: end - i,
        };
      }
    },
  };
}

/**
 * Inserts many rows in multi-row INSERTs of `chunk` rows (fewer when a statement would bind
 * more values than SQLite takes), written by hand from the entity's metadata: see
 * {@link statements}. Nothing is read back.
 */
export async function insertMany<T extends ObjectLiteral>(
  m: EntityManager,
  target: EntityTarget<T>,
  rows: QueryDeepPartialEntity<T>[],
  chunk = 400,
): Promise<void> {
  if (rows.length === 0) return;
  for (const s of statements(m, target, rows, chunk, '').each()) await run(m, s.sql, s.values);
}

/**
 * {@link insertMany}, returning each row's new id, in the order of `rows`. A statement's rows
 * take ids in their order (SQLite's rowids and PostgreSQL's sequence both count up within one
 * statement), so the ids it returns are sorted rather than trusted to come back in order.
 */
export async function insertManyIds<T extends ObjectLiteral>(
  m: EntityManager,
  target: EntityTarget<T>,
  rows: QueryDeepPartialEntity<T>[],
  chunk = 400,
): Promise<number[]> {
  const ids: number[] = [];
  if (rows.length === 0) return ids;
  for (const s of statements(m, target, rows, chunk, ' RETURNING "id"').each()) {
    const result = await run(m, s.sql, s.values);
    const got = (result.records as { id: number | string }[]).map((r) => Number(r.id));
    if (got.length !== s.rows) throw new Error(`inserted ${s.rows} rows, ${got.length} ids back`);
    ids.push(...got.sort((a, b) => a - b));
  }
  return ids;
}
