import { DataSource, type MigrationInterface } from 'typeorm';
import { MIGRATIONS } from '../../src/schema/entities';
import { DATABASE_KIND, newDatabase, type Database } from './harness';

/** A database of an older schema, for a migration's e2e. */
export interface OldDatabase extends Database {
  /** A data source at the older schema, open, its migrations run: to write its rows. */
  source: DataSource;
  /** Inserts a row into `table` as a server of then would have; its id. */
  insert: (table: string, values: Record<string, unknown>) => Promise<number>;
}

/**
 * A new database (PostgreSQL with DATABASE_URL, else an SQLite file) at the schema as it was
 * before `migration` (every migration before it run), to be filled as a server of then would
 * have left it.
 */
export async function databaseBefore(
  migration: new () => MigrationInterface,
): Promise<OldDatabase> {
  const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(migration as (typeof MIGRATIONS)[number]));
  const db = await newDatabase();
  const source = db.env.DATABASE_URL
    ? new DataSource({ type: 'postgres', url: db.env.DATABASE_URL, migrations: before })
    : new DataSource({
        type: 'better-sqlite3',
        database: db.env.DATABASE_PATH,
        migrations: before,
      });
  await source.initialize();
  await source.runMigrations();
  return {
    env: db.env,
    drop: () => db.drop(),
    source,
    insert: async (table, values) => {
      const query = source.createQueryBuilder().insert().into(table).values(values);
      if (DATABASE_KIND === 'postgres') {
        const r = await query.returning('id').execute();
        return Number((r.raw as { id: number }[])[0].id);
      }
      await query.execute();
      const rows = await source.query<{ id: number }[]>(`SELECT MAX(id) AS id FROM ${table}`);
      return Number(rows[0].id);
    },
  };
}
