import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { join } from 'path';
import { DataSource, EntitySubscriberInterface, InsertEvent } from 'typeorm';
import { BadInput, Conflict, NotFound } from '../common/errors';
import { pairedRoundRows } from '../rounds/rounds-for-backup';
import {
  backupDirFor,
  BackupFile,
  clearServerMark,
  isBackupName,
  keepSetting,
  listBackups,
  markServerRunning,
  removeLeftovers,
} from './snapshots';
import type { BackupInput } from './backup-task';
import { inJobProcess } from '../jobs/in-job-process';

/** How a PostgreSQL database is backed up: by its own tool, which Arbiter does not replace. */
export const PG_DUMP_GUIDANCE =
  'PostgreSQL databases are backed up with pg_dump: pg_dump --format=custom --file=arbiter.dump "$DATABASE_URL" ' +
  '(restore into an empty database with pg_restore --dbname="$DATABASE_URL" arbiter.dump); see docs/backups.md';

/**
 * Backups of the SQLite database: on demand and after every round is paired, into a rotation
 * under `backups/` beside the database file (`data/backups/` by default), `BACKUP_KEEP` of
 * them (30 unless set). A round is noticed by its row being inserted, whoever pairs it (API,
 * pages, re-pairing), and backed up once its transaction has committed. One backup runs at a
 * time. On PostgreSQL, pg_dump does the work (see {@link PG_DUMP_GUIDANCE}).
 */
@Injectable()
export class BackupService
  implements OnApplicationBootstrap, OnApplicationShutdown, EntitySubscriberInterface<object>
{
  private readonly logger = new Logger('Backups');
  private queue: Promise<unknown> = Promise.resolve();
  private roundPaired = false;

  constructor(
    private readonly dataSource: DataSource,
    config: ConfigService,
  ) {
    this.keep = keepSetting(config.get<string>('BACKUP_KEEP'));
    if (this.databasePath) dataSource.subscribers.push(this);
  }

  /** How many backups the rotation keeps. */
  readonly keep: number;

  /** The SQLite file, or null on PostgreSQL (and for an in-memory database). */
  get databasePath(): string | null {
    const o = this.dataSource.options;
    if (o.type !== 'better-sqlite3' || o.database === ':memory:') return null;
    return o.database;
  }

  /** Where the backups are, or null on PostgreSQL. */
  get folder(): string | null {
    const path = this.databasePath;
    return path ? backupDirFor(path) : null;
  }

  onApplicationBootstrap(): void {
    if (!this.databasePath) return;
    markServerRunning(this.databasePath);
    for (const path of removeLeftovers(this.databasePath)) {
      this.logger.log(`removed ${path}, left by a backup or a restore that was stopped midway`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue;
    if (this.databasePath) clearServerMark(this.databasePath);
  }

  listenTo(): ReturnType<typeof pairedRoundRows> {
    return pairedRoundRows();
  }

  afterInsert(event: InsertEvent<object>): void {
    if (event.entity) this.roundPaired = true;
  }

  afterTransactionCommit(): void {
    if (!this.roundPaired) return;
    this.roundPaired = false;
    this.take('round-paired').catch((e: unknown) => {
      // The round is paired and stays so; the director can take a backup by hand.
      this.logger.error(`the backup after pairing failed: ${(e as Error).message}`);
    });
  }

  afterTransactionRollback(): void {
    this.roundPaired = false;
  }

  /** The backups, newest first; refused on PostgreSQL with how to back it up there. */
  list(): BackupFile[] {
    return listBackups(this.requireFolder());
  }

  /**
   * Takes a backup now, after any still running: in a job's process with a connection of its
   * own (`backup-task.ts`), so that copying and checking the file holds no request up.
   */
  take(reason: string): Promise<BackupFile> {
    const folder = this.requireFolder();
    const input: BackupInput = { path: this.databasePath!, folder, reason, keep: this.keep };
    const next = this.queue.then(() => inJobProcess<BackupFile>('backup.take', input));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The file of a backup in the rotation, by name. */
  file(name: string): string {
    if (!isBackupName(name)) {
      throw new BadInput(
        'BAD_BACKUP_NAME',
        `'${name.slice(0, 80)}' is not the name of a backup (arbiter-2026-11-25T10-04-00-000Z-manual.sqlite, as GET /api/backups lists them)`,
        { field: 'name' },
      );
    }
    const folder = this.requireFolder();
    if (!this.list().some((b) => b.name === name)) throw new NotFound('backup', name);
    return join(folder, name);
  }

  private requireFolder(): string {
    const folder = this.folder;
    if (!folder) throw new Conflict('BACKUP_BY_PG_DUMP', PG_DUMP_GUIDANCE);
    return folder;
  }
}
