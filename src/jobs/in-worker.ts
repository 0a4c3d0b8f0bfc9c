import { join } from 'path';
import { Worker } from 'worker_threads';
import type { DataSource } from 'typeorm';
import type { Moved } from '../database/revision-steps';
import { DomainError } from '../common/errors';
import type { JobRefusal } from './refusal';

/** Where a worker finds the database: the server's own settings, passed on. */
export interface WorkerDatabase {
  url?: string;
  sqlitePath?: string;
}

/** The database a server's data source uses, for a worker to open a connection of its own. */
export function workerDatabase(dataSource: DataSource): WorkerDatabase {
  const options = dataSource.options as { type: string; url?: string; database?: string };
  return options.type === 'postgres' ? { url: options.url } : { sqlitePath: options.database };
}

/** What a worker says, one message at a time. */
export type WorkerMessage =
  | { type: 'progress'; phase: string; done: number; total: number }
  | { type: 'write' }
  | { type: 'written'; moved: Moved[] }
  | { type: 'done'; value: unknown }
  | { type: 'refused'; refusal: JobRefusal }
  | { type: 'failed'; message: string; stack?: string };

/** What a worker is told: go ahead and write (its turn has come). */
export type ParentMessage = { type: 'go' };

export interface WorkerHooks {
  database?: WorkerDatabase;
  progress?: (phase: string, done: number, total: number) => void;
  /**
   * Runs the worker's write in the server's turn: `write` starts it and resolves once it has
   * committed or rolled back, with the divisions it moved.
   */
  writeSlot?: (write: () => Promise<Moved[]>) => Promise<void>;
  /**
   * Memory of the input handed to the worker rather than copied (a large body's bytes): it is
   * gone from this thread once the worker starts.
   */
  transfer?: ArrayBuffer[];
}

/**
 * The bytes' memory, when they alone hold it (a large request body's): handed to a worker
 * ({@link WorkerHooks.transfer}) instead of copied on this thread. A small buffer shares
 * Node's pool with others, and a string is not bytes: those are copied.
 */
export function ownMemory(bytes: Uint8Array | string): ArrayBuffer[] {
  if (typeof bytes === 'string') return [];
  const memory = bytes.buffer;
  const alone =
    memory instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    memory.byteLength === bytes.byteLength;
  return alone ? [memory] : [];
}

/** The worker's script: compiled beside this file (dist/src/jobs), found from the bundle too. */
const SCRIPT = join(__dirname, '..', 'jobs', 'job-worker.js');

/**
 * Runs a task (`src/jobs/job-worker.ts` lists them) in a worker thread of its own, so that its
 * CPU work and its database writes never hold up this thread's requests. Resolves with the
 * task's value; rejects with the task's own domain error (a refusal) or an Error.
 */
export function inWorker<R>(task: string, input: unknown, hooks: WorkerHooks = {}): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    const worker = new Worker(SCRIPT, {
      workerData: { task, input, database: hooks.database },
      transferList: hooks.transfer,
    });
    let settled = false;
    let written: ((moved: Moved[]) => void) | null = null;
    const finish = (error: Error | null, value?: unknown) => {
      if (settled) return;
      settled = true;
      // A write whose slot is still held is released: the worker is gone, its transaction with it.
      written?.([]);
      void worker.terminate();
      if (error) reject(error);
      else resolve(value as R);
    };
    worker.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'progress':
          hooks.progress?.(message.phase, message.done, message.total);
          return;
        case 'write': {
          const go = () =>
            new Promise<Moved[]>((release) => {
              written = release;
              worker.postMessage({ type: 'go' } satisfies ParentMessage);
            });
          if (hooks.writeSlot) void hooks.writeSlot(go).catch((e: Error) => finish(e));
          else void go();
          return;
        }
        case 'written': {
          const release = written;
          written = null;
          release?.(message.moved);
          return;
        }
        case 'done':
          return finish(null, message.value);
        case 'refused': {
          const r = message.refusal;
          return finish(new DomainError(r.status, r.code, r.message, r.details));
        }
        case 'failed': {
          const error = new Error(message.message);
          if (message.stack) error.stack = message.stack;
          return finish(error);
        }
      }
    });
    worker.on('error', (e) => finish(e));
    worker.on('exit', (code) => finish(new Error(`the job's worker stopped (exit code ${code})`)));
  });
}
