/**
 * The entry of a job's process (`in-job-process.ts` forks it from the server) and of its helper
 * threads: runs one task of a long job with a connection of its own to the database, and says
 * its progress, its turn to write, and its end.
 */
import 'reflect-metadata';
import * as os from 'os';
import { isMainThread, parentPort, workerData } from 'worker_threads';
import type { DataSource, EntityManager } from 'typeorm';
import type { Moved } from '../database/revision-steps';
import { takeMoved } from '../database/moved';
import { lowerThisProcess } from '../common/background-priority';
import { inHelperThread, JobDatabase, JobMessage, ParentMessage } from '../jobs/in-job-process';
import type { JobContext, JobTask } from '../jobs/job-context';
import { JobStore } from '../jobs/job-store';
import { refusalOf } from '../jobs/refusal';
import type { ClosingInput } from '../tournaments/closing-task';

/** The tasks, each loaded when asked for. */
const TASKS: Record<string, () => JobTask> = {
  /* eslint-disable @typescript-eslint/no-require-imports */
  'ratings.import': () =>
    (require('../ratings/rating-import') as typeof import('../ratings/rating-import')).importTask,
  'ratings.preview': () =>
    (require('../ratings/rating-import') as typeof import('../ratings/rating-import')).previewTask,
  'ratings.recompute': () =>
    (require('../ratings/rating-import') as typeof import('../ratings/rating-import'))
      .recomputeTask,
  'tournament.import': () =>
    (require('../exchange/tournament-import') as typeof import('../exchange/tournament-import'))
      .importTask,
  'tournament.preview': () =>
    (require('../exchange/tournament-import') as typeof import('../exchange/tournament-import'))
      .previewTask,
  'tournament.verify': () =>
    (require('../exchange/tournament-reading') as typeof import('../exchange/tournament-reading'))
      .verifyTask,
  'tournament.close': () => {
    const { closeTask } =
      require('../tournaments/closing-task') as typeof import('../tournaments/closing-task');
    const { closingSteps } = require('./closing-steps') as typeof import('./closing-steps');
    return (input: ClosingInput, ctx) => closeTask(input, ctx, closingSteps);
  },
  'tournament.reopen': () => {
    const { reopenTask } =
      require('../tournaments/closing-task') as typeof import('../tournaments/closing-task');
    const { closingSteps } = require('./closing-steps') as typeof import('./closing-steps');
    return (input: ClosingInput, ctx) => reopenTask(input, ctx, closingSteps);
  },
  'players.import': () => {
    const { importTask } =
      require('../players/player-import') as typeof import('../players/player-import');
    const { registrationReads } =
      require('./registration-reads') as typeof import('./registration-reads');
    return (input, context) => importTask(input, context, registrationReads);
  },
  'players.preview': () =>
    (require('../players/csv-preview-task') as typeof import('../players/csv-preview-task'))
      .previewTask,
  'tsh.import': () =>
    (require('../exchange/tsh-import') as typeof import('../exchange/tsh-import')).importTask,
  'backup.take': () =>
    (require('../backup/backup-task') as typeof import('../backup/backup-task')).takeTask,
  /* eslint-enable @typescript-eslint/no-require-imports */
};

/** A task to run: which, its input, and where the database is. */
interface Start {
  task: string;
  input: unknown;
  /** The input's byte arrays, sent through standard input: which, how long (a process's only). */
  bytes?: { key: string; length: number }[];
  database?: JobDatabase;
  jobId?: string;
}

/** The input's byte arrays, read from standard input, put back in their places. */
async function withBytes(start: Start): Promise<Start> {
  if (!start.bytes?.length) return start;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const all = Buffer.concat(chunks);
  const input = { ...(start.input as Record<string, unknown>) };
  let at = 0;
  for (const { key, length } of start.bytes) {
    if (at + length > all.length) throw new Error('the input ended before its bytes');
    input[key] = all.subarray(at, (at += length));
  }
  return { ...start, input };
}

/** How this side talks to its starter: the server over the process's channel, or the job's port. */
interface Link {
  say: (message: JobMessage) => void;
  hear: (listener: (message: ParentMessage) => void) => () => void;
  /** Says the end: a process exits once it is sent; a thread is ended by its starter. */
  last: (message: JobMessage, transfer?: ArrayBuffer[]) => void;
  /** The task, as the server's first message or the thread's `workerData`. */
  start: () => Promise<Start>;
}

/** A job's process, forked by the server: its task comes as the first message. */
function processLink(): Link {
  if (!process.send) throw new Error('job-process.js is started by the server, not run by hand');
  // The server lowered this process's first thread as it started it (in-job-process.ts); the
  // runtime's threads started before that keep the server's priority unless lowered here.
  lowerThisProcess(os.getPriority());
  // The server is gone (stopped, or killed without a word): the job goes with it, and its
  // unfinished transaction with the connection.
  process.on('disconnect', () => process.exit(1));
  return {
    say: (message) => void process.send!(message),
    hear: (listener) => {
      const heard = (m: unknown) => listener(m as ParentMessage);
      process.on('message', heard);
      return () => void process.off('message', heard);
    },
    last: (message) => void process.send!(message, undefined, undefined, () => process.exit(0)),
    start: () =>
      new Promise<Start>((resolve) => {
        const first = (m: unknown) => {
          if ((m as ParentMessage).type !== 'start') return;
          process.off('message', first);
          resolve(withBytes(m as Start));
        };
        process.on('message', first);
      }),
  };
}

/** A helper thread of a job's process: its task is in its `workerData`. */
function threadLink(): Link {
  const port = parentPort!;
  return {
    say: (message) => port.postMessage(message),
    hear: (listener) => {
      port.on('message', listener);
      return () => void port.off('message', listener);
    },
    last: (message, transfer = []) => port.postMessage(message, transfer),
    start: () => Promise.resolve(workerData as Start),
  };
}

const link = isMainThread ? processLink() : threadLink();
const say = link.say;

/**
 * The memory of a value's byte arrays (its own properties) that hold theirs alone: handed to
 * the thread that started this one with the value instead of copied (a helper's reports).
 */
function transfersOf(value: unknown): ArrayBuffer[] {
  if (value === null || typeof value !== 'object') return [];
  const out: ArrayBuffer[] = [];
  for (const v of Object.values(value)) {
    if (!(v instanceof Uint8Array) || !(v.buffer instanceof ArrayBuffer)) continue;
    if (v.byteOffset === 0 && v.byteLength === v.buffer.byteLength) out.push(v.buffer);
  }
  return out;
}

let started: Start | null = null;
let dataSource: DataSource | null = null;
async function connection(): Promise<DataSource> {
  const { task, database } = started!;
  if (!database) throw new Error(`task ${task} was started without a database`);
  if (!dataSource) {
    // Loaded here, not above: a helper that only computes (verifies sheets) never loads TypeORM.
    /* eslint-disable @typescript-eslint/no-require-imports */
    const { DataSource: Source } = require('typeorm') as typeof import('typeorm');
    const { databaseOptions } =
      require('../schema/database-options') as typeof import('../schema/database-options');
    /* eslint-enable @typescript-eslint/no-require-imports */
    // The server migrated the database when it started: the job only connects.
    const options = databaseOptions({ ...database });
    // No statement cache on SQLite. TypeORM writes numbers into a statement's text, so a job's
    // statements are nearly all new (10,000 texts for 2,000 players registered); a cached one
    // outlives the young generation, and an evicted one's native memory stays until a full
    // GC, which a job's small heap seldom runs: 20,000 players held 120 MB of them (when jobs
    // ran in threads, the allocator kept them after the job). Uncached, each is freed at the
    // next scavenge.
    // The statements repeated in a job (bulk.ts's chunks) are few and prepared again cheaply.
    dataSource = new Source({
      ...options,
      migrationsRun: false,
      ...(options.type === 'better-sqlite3' ? { statementCacheSize: 0 } : {}),
    });
    await dataSource.initialize();
  }
  return dataSource;
}

/** Waits for the server's word that the job's turn to write has come. */
function turn(): Promise<void> {
  return new Promise((resolve) => {
    const stop = link.hear((message) => {
      if (message.type !== 'go') return;
      stop();
      resolve();
    });
    say({ type: 'write' });
  });
}

const context: JobContext = {
  progress: (phase, done, total) => say({ type: 'progress', phase, done, total }),
  manager: async () => (await connection()).manager,
  async write<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    const ds = await connection();
    await turn();
    let moved: Moved[] = [];
    try {
      return await ds.transaction(async (m) => {
        try {
          const value = await work(m);
          if (started!.jobId) await JobStore.endWithWrite(m, started!.jobId, value, Date.now());
          return value;
        } finally {
          moved = takeMoved(m);
        }
      });
    } catch (e) {
      moved = [];
      throw e;
    } finally {
      say({ type: 'written', moved });
    }
  },
  helper: <R>(name: string, helperInput: unknown, progress?: (done: number) => void) =>
    inHelperThread<R>(name, helperInput, (_phase, done) => progress?.(done)),
};

void (async () => {
  started = await link.start();
  const { task, input } = started;
  let ending: JobMessage;
  try {
    const make = TASKS[task];
    if (!make) throw new Error(`no job task '${task}'`);
    ending = { type: 'done', value: await make()(input as never, context) };
  } catch (e) {
    const refusal = refusalOf(e);
    ending = refusal
      ? { type: 'refused', refusal }
      : {
          type: 'failed',
          message: e instanceof Error ? e.message : String(e),
          stack: e instanceof Error ? e.stack : undefined,
        };
  }
  // Assigned by the task's calls (connection()), which the compiler does not follow.
  const opened = dataSource as DataSource | null;
  if (opened?.isInitialized) await opened.destroy().catch(() => undefined);
  link.last(ending, ending.type === 'done' ? transfersOf(ending.value) : []);
})();
