import Database from 'better-sqlite3';
import { closeSync, openSync, readSync, statSync } from 'fs';

/** The first 16 bytes of every SQLite 3 database file. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Tables the first migration creates and no later one drops: a file without them is not an
 * Arbiter database, whatever else it holds.
 */
export const ARBITER_CORE_TABLES = [
  'users',
  'tournaments',
  'divisions',
  'players',
  'rounds',
  'games',
  'score_sheets',
  'result_changes',
] as const;

/** TypeORM's record of the migrations run on a database. */
const MIGRATIONS_TABLE = 'migrations';

/** How many table names a refusal lists before it counts the rest. */
const NAMES_SHOWN = 10;

/** Why a file cannot be restored as an Arbiter database, as data (the CLI words it). */
export type DatabaseFileProblem =
  | { kind: 'not-a-file' }
  | { kind: 'empty' }
  | { kind: 'not-sqlite' }
  | { kind: 'damaged'; detail: string }
  | { kind: 'foreign'; tables: string[] }
  | { kind: 'no-migrations' }
  | { kind: 'newer'; unknown: string[] };

/** Names, the first {@link NAMES_SHOWN} of them and how many more. */
function someNames(names: readonly string[]): string {
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  return names.length > NAMES_SHOWN ? `${shown} and ${names.length - NAMES_SHOWN} more` : shown;
}

/** What the file is, in the words that follow "FILE is" in a refusal. */
export function describeProblem(problem: DatabaseFileProblem): string {
  switch (problem.kind) {
    case 'not-a-file':
      return 'not a file';
    case 'empty':
      return 'an empty file, not an SQLite database';
    case 'not-sqlite':
      return 'not an SQLite database';
    case 'damaged':
      return `damaged: ${problem.detail}`;
    case 'foreign':
      return problem.tables.length === 0
        ? "an SQLite database without Arbiter's tables (it has no tables)"
        : `an SQLite database without Arbiter's tables (it has: ${someNames(problem.tables)})`;
    case 'no-migrations':
      return "an SQLite database with Arbiter's tables but no record of its migrations, so its version is unknown";
    case 'newer':
      return (
        `a database of a newer Arbiter: its migrations ${someNames(problem.unknown)} are unknown to this one ` +
        '(restore it with the version that made it, or a later one)'
      );
  }
}

/** Whether a file starts as every SQLite 3 database does; 'empty' for a file of no bytes. */
function header(path: string): 'sqlite' | 'empty' | 'other' {
  const fd = openSync(path, 'r');
  try {
    const bytes = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, bytes, 0, bytes.length, 0);
    if (read === 0) return 'empty';
    return read === bytes.length && bytes.equals(SQLITE_HEADER) ? 'sqlite' : 'other';
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether a file is an Arbiter database this build can run on, or what it is instead: an
 * SQLite file at all (its header), whole (`PRAGMA integrity_check`), with Arbiter's tables
 * ({@link ARBITER_CORE_TABLES}), and with a migrations table listing only migrations named in
 * `knownMigrations` (one of a newer build would be run by a server that cannot read its schema).
 * Reads only; null when the file is fine.
 */
export function databaseFileProblem(
  path: string,
  knownMigrations: readonly string[],
): DatabaseFileProblem | null {
  if (!statSync(path).isFile()) return { kind: 'not-a-file' };
  const start = header(path);
  if (start === 'empty') return { kind: 'empty' };
  if (start === 'other') return { kind: 'not-sqlite' };
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const check = (db.pragma('integrity_check') as { integrity_check: string }[])
      .map((r) => r.integrity_check)
      .join('; ');
    if (check !== 'ok') return { kind: 'damaged', detail: check };
    const tables = (
      db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
        )
        .all() as { name: string }[]
    ).map((r) => r.name);
    const has = new Set(tables);
    if (!ARBITER_CORE_TABLES.every((t) => has.has(t))) return { kind: 'foreign', tables };
    if (!has.has(MIGRATIONS_TABLE)) return { kind: 'no-migrations' };
    let ran: string[];
    try {
      ran = (
        db.prepare(`SELECT name FROM "${MIGRATIONS_TABLE}" ORDER BY id`).all() as {
          name: unknown;
        }[]
      ).map((r) => String(r.name));
    } catch {
      return { kind: 'no-migrations' };
    }
    if (ran.length === 0) return { kind: 'no-migrations' };
    const known = new Set(knownMigrations);
    const unknown = ran.filter((name) => !known.has(name));
    return unknown.length > 0 ? { kind: 'newer', unknown } : null;
  } catch (e) {
    // The header was SQLite's, but SQLite cannot read what follows it.
    return { kind: 'damaged', detail: e instanceof Error ? e.message : String(e) };
  } finally {
    db?.close();
  }
}
