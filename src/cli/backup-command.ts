import Database from 'better-sqlite3';
import { knownMigrationNames } from '../schema/entities';
import { existsSync } from 'fs';
import { resolve } from 'path';
import {
  backupDirFor,
  keepSetting,
  restoreBackup,
  RestoreRefused,
  takeBackup,
} from '../backup/snapshots';
import type { CommandResult } from './verify-command';

/** The SQLite file the server uses (DATABASE_PATH, else data/arbiter.sqlite); a sentence when PostgreSQL is set. */
function databaseFile(command: string): { path: string } | { problem: string } {
  if (process.env.DATABASE_URL) {
    return {
      problem:
        `${command} works on the SQLite file; with DATABASE_URL set the data is in PostgreSQL, ` +
        'which pg_dump backs up and pg_restore restores (see docs/backups.md)',
    };
  }
  return { path: resolve(process.env.DATABASE_PATH || 'data/arbiter.sqlite') };
}

const refused = (command: string, problem: string): CommandResult => ({
  exitCode: 2,
  stdout: '',
  stderr: `arbiter ${command}: ${problem}.\nSee: arbiter ${command} --help\n`,
});

/**
 * `arbiter backup`: a consistent copy of the database into the rotation beside it, safe while
 * the server runs (SQLite's online backup API).
 */
export async function backupCommand(args: string[]): Promise<CommandResult> {
  if (args.length > 0) return refused('backup', `backup takes no arguments, not '${args[0]}'`);
  const where = databaseFile('backup');
  if ('problem' in where) return refused('backup', where.problem);
  if (!existsSync(where.path)) return refused('backup', `there is no database at ${where.path}`);
  const db = new Database(where.path, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const dir = backupDirFor(where.path);
    const taken = await takeBackup(db, dir, 'manual', keepSetting(process.env.BACKUP_KEEP));
    return {
      exitCode: 0,
      stdout: `backed up ${where.path} to ${resolve(dir, taken.name)} (${taken.bytes} bytes)\n`,
      stderr: '',
    };
  } finally {
    db.close();
  }
}

/** `arbiter restore FILE`: a backup in place of the database, for a stopped server. */
export async function restoreCommand(args: string[]): Promise<CommandResult> {
  if (args.length !== 1) return refused('restore', 'give the one backup file to restore');
  const where = databaseFile('restore');
  if ('problem' in where) return refused('restore', where.problem);
  const backup = resolve(args[0]);
  if (!existsSync(backup)) return refused('restore', `there is no file ${backup}`);
  try {
    const { previous } = await restoreBackup(
      backup,
      where.path,
      knownMigrationNames(),
      keepSetting(process.env.BACKUP_KEEP),
    );
    const kept = previous
      ? `; the database as it was is kept as ${resolve(backupDirFor(where.path), previous.name)}`
      : '';
    return {
      exitCode: 0,
      stdout: `restored ${backup} to ${where.path}${kept}\n`,
      stderr: '',
    };
  } catch (e) {
    if (e instanceof RestoreRefused) return refused('restore', e.message);
    throw e;
  }
}
