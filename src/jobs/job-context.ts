import type { EntityManager } from 'typeorm';
import type { ReportProgress } from './jobs';

/** What a job's task has in its process (or, a helper's, in its thread). */
export interface JobContext {
  /** Tells the job's progress (the organiser's page shows it). */
  progress: ReportProgress;
  /** The job's own connection to the database, for reads before the write. */
  manager(): Promise<EntityManager>;
  /**
   * The job's one write: `work` in one transaction on the job's own connection, run in the
   * server's turn to write (after the writes queued before it on SQLite, which has one writer),
   * so that every row lands or none. The divisions it moved are told to the server at commit.
   * Its value is the job's result: a job's row (one `Jobs` started) is ended as done with it in
   * the same transaction, so that a task that writes returns what its write returned.
   */
  write<T>(work: (m: EntityManager) => Promise<T>): Promise<T>;
  /**
   * Runs another task in a thread of the job's process (a share of the CPU work, on another
   * core; a `SharedArrayBuffer` in its input is memory both threads see).
   */
  helper<R>(task: string, input: unknown, progress?: (done: number) => void): Promise<R>;
}

/**
 * A task a job's process (or its helper thread) runs: its input as sent (a structured clone),
 * its value sent back.
 */
export type JobTask = (input: never, context: JobContext) => Promise<unknown>;
