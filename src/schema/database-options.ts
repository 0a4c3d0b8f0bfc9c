import { mkdirSync } from 'fs';
import { dirname, resolve } from 'path';
import { DataSourceOptions } from 'typeorm';
import { ENTITIES, MIGRATIONS } from './entities';

/** How long an idle connection of PostgreSQL's pool is kept. */
export const POOL_IDLE_MS = 10 * 60_000;

/** Where the data lives: PostgreSQL when `DATABASE_URL` is set, else an SQLite file. */
export interface DatabaseSettings {
  /** `postgres://…`; empty for SQLite. */
  url?: string;
  /** SQLite file (default `data/arbiter.sqlite`). */
  sqlitePath?: string;
  /** Create the schema from the entities instead of migrating: throwaway test databases only. */
  synchronize?: boolean;
  /** Print every SQL statement to standard output (`DATABASE_LOG=queries`). */
  logQueries?: boolean;
}

/**
 * TypeORM options for the settings. Migrations run at start-up, so an empty
 * folder or database just works. SQLite runs with WAL and `synchronous=FULL`:
 * a committed result survives a power cut.
 */
export function databaseOptions(settings: DatabaseSettings): DataSourceOptions {
  const common = {
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: !settings.synchronize,
    synchronize: settings.synchronize === true,
    ...(settings.logQueries
      ? { logging: ['query' as const], logger: 'simple-console' as const }
      : { logging: false as const }),
  };
  if (settings.url) {
    if (!/^postgres(ql)?:\/\//.test(settings.url)) {
      throw new Error(
        `DATABASE_URL must be a postgres:// URL, not '${settings.url.replace(/:[^:@/]*@/, ':…@')}'`,
      );
    }
    // Connections kept through a lull (node-postgres closes them after 10 s idle by default):
    // the burst of a round posted would find none, and wait while PostgreSQL starts them.
    return {
      type: 'postgres',
      url: settings.url,
      extra: { idleTimeoutMillis: POOL_IDLE_MS },
      ...common,
    };
  }
  const file = settings.sqlitePath ?? 'data/arbiter.sqlite';
  // SQLite's name for a database in memory, not a file: neither resolved nor given a folder.
  const path = file === ':memory:' ? file : resolve(file);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  return {
    type: 'better-sqlite3',
    database: path,
    enableWAL: true,
    prepareDatabase: (db: { pragma: (sql: string) => unknown }) => {
      db.pragma('synchronous = FULL');
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
    },
    ...common,
  };
}
