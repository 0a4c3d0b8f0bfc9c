import { knownMigrationNames } from '../schema/entities';
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ARBITER_CORE_TABLES } from './database-file';
import {
  backupDirFor,
  clearServerMark,
  integrityProblem,
  listBackups,
  markServerRunning,
  removeLeftovers,
  restoreBackup,
  RestoreRefused,
  runningServer,
  takeBackup,
} from './snapshots';

/**
 * A database shaped as Arbiter's as far as a restore looks: its core tables (players with
 * names, the others empty) and a migrations table listing `migrations`.
 */
function database(migrations: readonly string[] = knownMigrationNames()): {
  path: string;
  db: Database.Database;
} {
  const path = join(mkdtempSync(join(tmpdir(), 'arbiter-snapshots-')), 'arbiter.sqlite');
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  for (const table of ARBITER_CORE_TABLES) {
    db.exec(
      table === 'players'
        ? 'CREATE TABLE players (name TEXT NOT NULL)'
        : `CREATE TABLE ${table} (id INTEGER PRIMARY KEY)`,
    );
  }
  db.exec(
    'CREATE TABLE migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, timestamp BIGINT NOT NULL, name VARCHAR NOT NULL)',
  );
  const insert = db.prepare('INSERT INTO migrations (timestamp, name) VALUES (?, ?)');
  for (const name of migrations) insert.run(Number(name.replace(/\D/g, '')), name);
  return { path, db };
}

/** A file written into a fresh folder. */
function file(name: string, content: string | Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'arbiter-snapshots-')), name);
  writeFileSync(path, content);
  return path;
}

const names = (path: string) =>
  (
    new Database(path, { readonly: true }).prepare('SELECT name FROM players').all() as {
      name: string;
    }[]
  ).map((r) => r.name);

describe('backups of an SQLite file', () => {
  it('keeps the newest BACKUP_KEEP in the rotation and leaves other files alone', async () => {
    const { path, db } = database();
    const dir = backupDirFor(path);
    writeFileSync(join(dir, '..', 'notes.txt'), 'not a backup');
    for (let i = 0; i < 5; i++) {
      db.prepare('INSERT INTO players VALUES (?)').run(`P${i}`);
      await takeBackup(db, dir, 'round paired', 3, new Date(Date.UTC(2026, 10, 25, 10, i)));
    }
    const kept = listBackups(dir);
    // 5 taken, 3 kept: the ones of 10:04, 10:03 and 10:02, newest first.
    expect(kept.map((b) => b.name)).toEqual([
      'arbiter-2026-11-25T10-04-00-000Z-round-paired.sqlite',
      'arbiter-2026-11-25T10-03-00-000Z-round-paired.sqlite',
      'arbiter-2026-11-25T10-02-00-000Z-round-paired.sqlite',
    ]);
    expect(kept[0].takenAt.toISOString()).toBe('2026-11-25T10:04:00.000Z');
    expect(kept[0].reason).toBe('round-paired');
    expect(names(join(dir, kept[0].name))).toEqual(['P0', 'P1', 'P2', 'P3', 'P4']);
    expect(names(join(dir, kept[2].name))).toEqual(['P0', 'P1', 'P2']);
    // Nothing half-written is left behind.
    expect(readdirSync(dir).filter((f) => f.includes('partial'))).toEqual([]);
    db.close();
  });

  it('two backups in one millisecond get two names', async () => {
    const { path, db } = database();
    const at = new Date(Date.UTC(2026, 10, 25, 10, 0));
    const a = await takeBackup(db, backupDirFor(path), 'manual', 10, at);
    const b = await takeBackup(db, backupDirFor(path), 'manual', 10, at);
    expect(a.name).not.toBe(b.name);
    db.close();
  });

  it('restores a backup, keeping the database as it was, and refuses a damaged one', async () => {
    const { path, db } = database();
    db.prepare('INSERT INTO players VALUES (?)').run('Ana');
    const backup = await takeBackup(db, backupDirFor(path), 'manual');
    db.prepare('INSERT INTO players VALUES (?)').run('Bora');
    db.close();

    const { previous } = await restoreBackup(
      join(backupDirFor(path), backup.name),
      path,
      knownMigrationNames(),
    );
    expect(names(path)).toEqual(['Ana']);
    expect(previous?.reason).toBe('before-restore');
    expect(names(join(backupDirFor(path), previous!.name))).toEqual(['Ana', 'Bora']);

    const damaged = join(backupDirFor(path), 'damaged.sqlite');
    writeFileSync(damaged, Buffer.alloc(8192, 7));
    expect(integrityProblem(damaged)).not.toBeNull();
    await expect(restoreBackup(damaged, path, knownMigrationNames())).rejects.toThrow(
      RestoreRefused,
    );
    expect(names(path)).toEqual(['Ana']);
  });

  it('restores the oldest backup of a full rotation without losing it', async () => {
    const { path, db } = database();
    const dir = backupDirFor(path);
    for (let i = 0; i < 3; i++) {
      db.prepare('INSERT INTO players VALUES (?)').run(`P${i}`);
      await takeBackup(db, dir, 'round paired', 3, new Date(Date.UTC(2026, 10, 25, 10, i)));
    }
    db.close();
    const oldest = listBackups(dir)[2];
    const { previous } = await restoreBackup(
      join(dir, oldest.name),
      path,
      knownMigrationNames(),
      3,
    );
    expect(names(path)).toEqual(['P0']);
    // The rotation of 3 keeps the backup restored and the database as it was; the others go.
    const kept = listBackups(dir).map((b) => b.name);
    expect(kept).toContain(oldest.name);
    expect(kept).toContain(previous!.name);
    expect(kept).toHaveLength(3);
  });

  it('refuses to restore under a running server, not after one died', async () => {
    const { path, db } = database();
    const backup = await takeBackup(db, backupDirFor(path), 'manual');
    db.close();
    markServerRunning(path); // this very process: alive
    expect(runningServer(path)).toBe(process.pid);
    await expect(
      restoreBackup(join(backupDirFor(path), backup.name), path, knownMigrationNames()),
    ).rejects.toThrow(`a server (process ${process.pid}) is running`);
    clearServerMark(path);
    expect(runningServer(path)).toBeNull();
    // A mark left by a process that was killed does not hold a restore back…
    writeFileSync(`${path}.server`, '999999999\n');
    expect(runningServer(path)).toBeNull();
    // …nor one whose id now belongs to another process (here this one, started at another time).
    writeFileSync(`${path}.server`, `${process.pid} 1\n`);
    expect(runningServer(path)).toBeNull();
  });
});

describe('a restore refuses a file that is not an Arbiter database, changing nothing', () => {
  /** An SQLite file of another program: two tables of its own. */
  function foreign(): string {
    const path = file('notes.sqlite', '');
    const db = new Database(path);
    db.exec('CREATE TABLE notes (body TEXT); CREATE TABLE tags (name TEXT)');
    db.close();
    return path;
  }
  /** An Arbiter-shaped database whose migrations are `migrations`, closed. */
  function arbiterWith(migrations: readonly string[]): string {
    const { path, db } = database(migrations);
    db.pragma('journal_mode = DELETE');
    db.close();
    return path;
  }
  const newest = knownMigrationNames().at(-1)!;

  const cases: [string, () => string, string][] = [
    [
      'a text file',
      () => file('notes.txt', 'round 1: Ana 412, Bora 388\n'),
      'notes.txt is not an SQLite database',
    ],
    [
      'an empty file',
      () => file('empty.sqlite', ''),
      'empty.sqlite is an empty file, not an SQLite database',
    ],
    [
      'an SQLite header on pages SQLite cannot read',
      () => file('damaged.sqlite', 'SQLite format 3\0'.padEnd(8192, 'x')),
      'damaged.sqlite is damaged: ',
    ],
    [
      'an SQLite database of another program',
      foreign,
      "notes.sqlite is an SQLite database without Arbiter's tables (it has: notes, tags)",
    ],
    [
      'an SQLite database with no tables',
      () => {
        const path = file('blank.sqlite', '');
        new Database(path).exec('PRAGMA user_version = 1').close();
        return path;
      },
      "blank.sqlite is an SQLite database without Arbiter's tables (it has no tables)",
    ],
    [
      "Arbiter's tables without a record of migrations",
      () => arbiterWith([]),
      "arbiter.sqlite is an SQLite database with Arbiter's tables but no record of its migrations",
    ],
    [
      'a database of a newer build (a migration this one does not know)',
      () => arbiterWith([...knownMigrationNames(), 'Later1799999999999']),
      'arbiter.sqlite is a database of a newer Arbiter: its migrations Later1799999999999 are unknown to this one',
    ],
  ];

  it.each(cases)('%s', async (_what, make, message) => {
    const { path, db } = database();
    db.prepare('INSERT INTO players VALUES (?)').run('Ana');
    db.close();
    const before = readFileSync(path);
    const source = make();
    const refusal = restoreBackup(source, path, knownMigrationNames());
    await expect(refusal).rejects.toThrow(RestoreRefused);
    await expect(refusal).rejects.toThrow(message);
    // Nothing changed: the database is as it was, and no before-restore backup was taken.
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(names(path)).toEqual(['Ana']);
    expect(listBackups(backupDirFor(path))).toEqual([]);
  });

  it("takes a database of an older build (its migrations a beginning of this one's)", async () => {
    const { path, db } = database();
    db.close();
    const older = arbiterWith(knownMigrationNames().filter((name) => name !== newest));
    await expect(restoreBackup(older, path, knownMigrationNames())).resolves.toHaveProperty(
      'previous',
    );
  });
});

describe('leftovers of a backup or a restore stopped midway', () => {
  it('removes partial copies whose process is gone and the staging copy, not a live one or others', async () => {
    const { path, db } = database();
    const dir = backupDirFor(path);
    const kept = await takeBackup(db, dir, 'manual');
    db.close();
    const dead = '.arbiter-2026-11-25T10-04-00-000Z-manual.sqlite.999999999.partial';
    const older = '.arbiter-2026-11-25T10-05-00-000Z-manual.sqlite.partial'; // before the id
    // A copy still being written by a running process (this one stands in for `arbiter backup`).
    const live = `.arbiter-2026-11-25T10-06-00-000Z-manual.sqlite.${process.ppid}.partial`;
    for (const name of [dead, older, live, 'notes.partial']) writeFileSync(join(dir, name), 'x');
    writeFileSync(`${path}.restoring`, 'x');

    expect(removeLeftovers(path).sort()).toEqual(
      [join(dir, dead), join(dir, older), `${path}.restoring`].sort(),
    );
    expect(readdirSync(dir).sort()).toEqual([live, kept.name, 'notes.partial'].sort());
    expect(names(path)).toEqual([]);
  });
});
