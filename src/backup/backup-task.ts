import Database from 'better-sqlite3';
import type { BackupFile } from './snapshots';
import { takeBackup } from './snapshots';

/** What a backup in a job's process is told: the live file, the folder, why, how many to keep. */
export interface BackupInput {
  path: string;
  folder: string;
  reason: string;
  keep: number;
}

/**
 * Takes a backup in a job's process (`src/startup/job-process.ts` runs it): its own connection to
 * the live file copies every page in one step, one read of the database as it stood (WAL: the
 * server's writes go on meanwhile and are in the next backup), then checks and renames the
 * copy. On the request thread the copy and its integrity check held every request up for as
 * long as they took (0.6 s for a 10 MB file on a busy machine).
 */
export async function takeTask(input: BackupInput): Promise<BackupFile> {
  const db = new Database(input.path, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return await takeBackup(db, input.folder, input.reason, input.keep);
  } finally {
    db.close();
  }
}
