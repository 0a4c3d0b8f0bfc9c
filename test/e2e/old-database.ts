import { randomBytes } from 'crypto';
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Client } from 'pg';
import { DataSource, type MigrationInterface } from 'typeorm';
import { MIGRATIONS } from '../../src/schema/entities';
import { removeFolder } from './harness';

/** A database of an older schema, for a migration's e2e. */
export interface OldDatabase {
  /** What points a server (or the CLI) at it. */
  env: Record<string, string>;
  /** A data source at the older schema, to run its migrations and write its rows. */
  source: DataSource;
  drop(): Promise<void>;
}

/**
 * A new database (PostgreSQL with DATABASE_URL, else an SQLite file) whose `source` runs every
 * migration before `migration`: the schema as it was before it, to be filled as a server of then
 * would have left it.
 */
export async function databaseBefore(
  migration: new () => MigrationInterface,
): Promise<OldDatabase> {
  const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(migration as (typeof MIGRATIONS)[number]));
  if (process.env.DATABASE_URL) {
    const name = `arbiter_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString() },
      source: new DataSource({ type: 'postgres', url: url.toString(), migrations: before }),
      async drop() {
        const c = new Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-e2e-'));
  const path = join(dir, 'arbiter.sqlite');
  return {
    env: { DATABASE_PATH: path, DATABASE_URL: '' },
    source: new DataSource({ type: 'better-sqlite3', database: path, migrations: before }),
    drop: () => Promise.resolve(removeFolder(dir)),
  };
}
