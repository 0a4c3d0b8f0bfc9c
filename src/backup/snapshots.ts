import Database from 'better-sqlite3';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'fs';
import { basename, dirname, join, resolve } from 'path';
import { databaseFileProblem, describeProblem } from './database-file';

/** How many backups the rotation keeps when `BACKUP_KEEP` is not set. */
export const DEFAULT_KEEP = 30;

/** `BACKUP_KEEP` as a number of backups; the default when unset (start-up refuses a bad value). */
export function keepSetting(raw: string | undefined): number {
  return raw && /^\d{1,4}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : DEFAULT_KEEP;
}

/** A backup file's name: `arbiter-2026-11-25T05-10-03-123Z-division-4-round-3.sqlite`. */
const NAME =
  /^arbiter-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)(?:-([a-z0-9-]{1,60}))?\.sqlite$/;

/** One backup in the rotation. */
export interface BackupFile {
  name: string;
  /** When it was taken (from its name). */
  takenAt: Date;
  /** Why: `manual`, `round-3`, … */
  reason: string;
  bytes: number;
}

/** The folder of an SQLite database's backups: `backups/` beside the database file. */
export function backupDirFor(databasePath: string): string {
  return join(dirname(resolve(databasePath)), 'backups');
}

/** Whether a file name is one of ours (and so safe to list, serve, rotate). */
export function isBackupName(name: string): boolean {
  return NAME.test(name);
}

function reasonSlug(reason: string): string {
  return (
    reason
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'manual'
  );
}

/** The backups in a folder, newest first; files that are not ours are left alone. */
export function listBackups(dir: string): BackupFile[] {
  if (!existsSync(dir)) return [];
  const found: BackupFile[] = [];
  for (const name of readdirSync(dir)) {
    const match = NAME.exec(name);
    if (!match) continue;
    const stamp = match[1].replace(/T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, 'T$1:$2:$3.$4Z');
    found.push({
      name,
      takenAt: new Date(stamp),
      reason: match[2] ?? 'manual',
      bytes: statSync(join(dir, name)).size,
    });
  }
  return found.sort((a, b) => b.name.localeCompare(a.name));
}

/** Flushes a file (or a folder's entries) to the disk. */
function syncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Takes a consistent copy of a live SQLite database with SQLite's online backup API (pages
 * copied in steps, so the server keeps answering; a write made meanwhile through the same
 * connection is in the copy). The copy is written under a temporary name, checked with
 * `PRAGMA integrity_check`, flushed, and only then renamed into the rotation: a backup in the
 * folder is always whole. Afterwards the oldest backups beyond `keep` are deleted.
 */
export async function takeBackup(
  db: Database.Database,
  dir: string,
  reason: string,
  keep: number = DEFAULT_KEEP,
  now: Date = new Date(),
): Promise<BackupFile> {
  mkdirSync(dir, { recursive: true });
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  let name = `arbiter-${stamp}-${reasonSlug(reason)}.sqlite`;
  for (let n = 2; existsSync(join(dir, name)); n++) {
    name = `arbiter-${stamp}-${reasonSlug(`${reason}-${n}`)}.sqlite`;
  }
  const partial = join(dir, partialName(name, process.pid));
  rmSync(partial, { force: true });
  try {
    // All pages in one step: between steps the server's own writes would restart the copy,
    // and a hall's steady stream of results could keep restarting it. A tournament's database
    // is a few megabytes, copied in milliseconds.
    await db.backup(partial, { progress: ({ remainingPages }) => Math.max(remainingPages, 1) });
    // A copy is one self-contained file: no write-ahead log beside it when it is opened.
    const copy = new Database(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    const problem = integrityProblem(partial);
    if (problem) throw new Error(`the copy failed SQLite's integrity check: ${problem}`);
    syncPath(partial);
    renameSync(partial, join(dir, name));
    syncPath(dir);
  } finally {
    rmSync(partial, { force: true });
  }
  rotate(dir, keep);
  return listBackups(dir).find((b) => b.name === name)!;
}

/**
 * The temporary name a backup is written under: hidden, with the id of the process writing it,
 * so that a server starting meanwhile can tell a copy still being made (by `arbiter backup`)
 * from one left by a process that was killed.
 */
function partialName(name: string, pid: number): string {
  return `.${name}.${pid}.partial`;
}

/** `.arbiter-….sqlite.1234.partial`, and `.arbiter-….sqlite.partial` of builds before the id. */
const PARTIAL = /^\.arbiter-.*?(?:\.(\d+))?\.partial$/;

/** Whether a process runs (EPERM: it does, as another user's). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Deletes what a backup or a restore killed midway left behind (SIGKILL, a power cut): the
 * partial copies in the backups folder whose writing process is gone, and the restore's staging
 * copy beside the database. The server calls it as it starts. Returns the paths deleted.
 */
export function removeLeftovers(databasePath: string): string[] {
  const removed: string[] = [];
  const dir = backupDirFor(databasePath);
  const names = existsSync(dir) ? readdirSync(dir) : [];
  for (const name of names) {
    const match = PARTIAL.exec(name);
    if (!match) continue;
    const pid = match[1] === undefined ? null : Number(match[1]);
    if (pid !== null && pid !== process.pid && processRuns(pid)) continue;
    rmSync(join(dir, name), { force: true });
    removed.push(join(dir, name));
  }
  const staging = stagingFor(databasePath);
  if (existsSync(staging)) {
    rmSync(staging, { force: true });
    removed.push(staging);
  }
  return removed;
}

/** Where a restore copies the backup before it replaces the database. */
function stagingFor(databasePath: string): string {
  return `${resolve(databasePath)}.restoring`;
}

/** Deletes the oldest backups beyond `keep`, never those named in `protect`. */
export function rotate(dir: string, keep: number, protect: readonly string[] = []): string[] {
  const removed: string[] = [];
  const all = listBackups(dir);
  // The protected ones stay, and take their places in the rotation; the newest others fill the rest.
  let room = Math.max(1, keep) - all.filter((b) => protect.includes(b.name)).length;
  for (const backup of all) {
    if (protect.includes(backup.name)) continue;
    if (room > 0) {
      room--;
      continue;
    }
    unlinkSync(join(dir, backup.name));
    removed.push(backup.name);
  }
  return removed;
}

/** What `PRAGMA integrity_check` finds wrong with a database file, or null when it is whole. */
export function integrityProblem(path: string): string | null {
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    const result = rows.map((r) => r.integrity_check).join('; ');
    return result === 'ok' ? null : result;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  } finally {
    db?.close();
  }
}

/** The file a running server keeps beside its SQLite database, holding its process id. */
export function serverMarkFor(databasePath: string): string {
  return `${resolve(databasePath)}.server`;
}

/**
 * When a process started, in clock ticks since boot (`/proc/<pid>/stat`, field 22), or null
 * where there is no `/proc`: with the id it names one process, even after the id is reused.
 */
function startedAt(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Notes that a server uses the database (so that a restore refuses to run under it). */
export function markServerRunning(databasePath: string): void {
  writeFileSync(serverMarkFor(databasePath), `${process.pid} ${startedAt(process.pid) ?? ''}\n`);
}

/** Removes the mark, if it is this process's. */
export function clearServerMark(databasePath: string): void {
  const mark = serverMarkFor(databasePath);
  try {
    if (readFileSync(mark, 'utf8').trim().split(' ')[0] === String(process.pid)) unlinkSync(mark);
  } catch {
    // no mark: nothing to clear
  }
}

/**
 * The process id of a server still running on the database, or null: no mark, or the process
 * that left it has died (killed, or the machine restarted), even if its id now belongs to
 * another process.
 */
export function runningServer(databasePath: string): number | null {
  let pid: number;
  let started: string | undefined;
  try {
    const [id, start] = readFileSync(serverMarkFor(databasePath), 'utf8').trim().split(' ');
    pid = Number(id);
    started = start;
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  const now = startedAt(pid);
  if (started && now !== null && now !== started) return null;
  return pid;
}

/** What a restore did. */
export interface Restored {
  /** The backup of the database as it was just before the restore, in the rotation. */
  previous: BackupFile | null;
}

/**
 * Puts a backup in place of a database file, for a server that is stopped. The backup is
 * checked first: an SQLite file, whole (`PRAGMA integrity_check`), with Arbiter's tables and
 * only migrations this build knows (see {@link databaseFileProblem}); a refusal changes nothing.
 * The database as it is now is itself backed up into the rotation, so a restore never loses
 * anything; then the backup's copy replaces the file and its write-ahead log.
 */
export async function restoreBackup(
  backupPath: string,
  databasePath: string,
  knownMigrations: readonly string[],
  keep: number = DEFAULT_KEEP,
): Promise<Restored> {
  const source = resolve(backupPath);
  const target = resolve(databasePath);
  const problem = databaseFileProblem(source, knownMigrations);
  if (problem) throw new RestoreRefused(`${basename(source)} is ${describeProblem(problem)}`);
  const pid = runningServer(target);
  if (pid !== null) {
    throw new RestoreRefused(
      `a server (process ${pid}) is running on ${target}; stop it first, then restore ` +
        `(if none runs, ${serverMarkFor(target)} was left by one that stopped without saying so: delete that file)`,
    );
  }
  const dir = backupDirFor(target);
  // The backup is copied before anything else: it may be the oldest of a full rotation.
  const staging = stagingFor(target);
  rmSync(staging, { force: true });
  const backup = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await backup.backup(staging);
  } finally {
    backup.close();
  }
  syncPath(staging);
  let previous: BackupFile | null = null;
  if (existsSync(target)) {
    const current = new Database(target, { fileMustExist: true });
    try {
      previous = await takeBackup(current, dir, 'before-restore', Infinity);
    } finally {
      current.close();
    }
  }
  rmSync(`${target}-wal`, { force: true });
  rmSync(`${target}-shm`, { force: true });
  renameSync(staging, target);
  syncPath(dirname(target));
  // The rotation again, keeping the backup restored and the database as it was.
  rotate(dir, keep, [basename(source), ...(previous ? [previous.name] : [])]);
  return { previous };
}

/** A restore that must not run, with the reason in a sentence. */
export class RestoreRefused extends Error {}
