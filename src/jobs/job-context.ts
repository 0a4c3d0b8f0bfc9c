import type { EntityManager } from 'typeorm';
import type { ReportProgress } from './jobs';

/** What a job's task has in its worker thread. */
export interface JobContext {
  /** Tells the job's progress (the organiser's page shows it). */
  progress: ReportProgress;
  /** The worker's own connection to the database, for reads before the write. */
  manager(): Promise<EntityManager>;
  /**
   * The job's one write: `work` in one transaction on the worker's own connection, run in the
   * server's turn to write (after the writes queued before it on SQLite, which has one writer),
   * so that every row lands or none. The divisions it moved are told to the server at commit.
   */
  write<T>(work: (m: EntityManager) => Promise<T>): Promise<T>;
  /** Runs another task in a worker thread of its own (a share of the CPU work, on another core). */
  helper<R>(task: string, input: unknown, progress?: (done: number) => void): Promise<R>;
}

/** A task a worker thread runs: its input as sent (structured clone), its value sent back. */
export type JobTask = (input: never, context: JobContext) => Promise<unknown>;
