import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import {
  backupDirFor,
  clearServerMark,
  integrityProblem,
  listBackups,
  markServerRunning,
  restoreBackup,
  RestoreRefused,
  runningServer,
  takeBackup,
} from './snapshots';

function database(): { path: string; db: Database.Database } {
  const path = join(mkdtempSync(join(tmpdir(), 'arbiter-snapshots-')), 'arbiter.sqlite');
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE players (name TEXT NOT NULL)');
  return { path, db };
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

    const { previous } = await restoreBackup(join(backupDirFor(path), backup.name), path);
    expect(names(path)).toEqual(['Ana']);
    expect(previous?.reason).toBe('before-restore');
    expect(names(join(backupDirFor(path), previous!.name))).toEqual(['Ana', 'Bora']);

    const damaged = join(backupDirFor(path), 'damaged.sqlite');
    writeFileSync(damaged, Buffer.alloc(8192, 7));
    expect(integrityProblem(damaged)).not.toBeNull();
    await expect(restoreBackup(damaged, path)).rejects.toThrow(RestoreRefused);
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
    const { previous } = await restoreBackup(join(dir, oldest.name), path, 3);
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
    await expect(restoreBackup(join(backupDirFor(path), backup.name), path)).rejects.toThrow(
      `a server (process ${process.pid}) is running`,
    );
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
