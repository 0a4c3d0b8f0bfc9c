/**
 * A worker thread's entry: runs one task of a long job (`in-worker.ts` starts it) with a
 * connection of its own to the database, and says its progress, its turn to write, and its end.
 */
import 'reflect-metadata';
import { parentPort, workerData } from 'worker_threads';
import type { DataSource, EntityManager } from 'typeorm';
import type { Moved } from '../database/revision-steps';
import { takeMoved } from '../database/moved';
import { inWorker, ParentMessage, WorkerDatabase, WorkerMessage } from './in-worker';
import type { JobContext, JobTask } from './job-context';
import { refusalOf } from './refusal';

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
  'tournament.verify': () =>
    (require('../exchange/tournament-reading') as typeof import('../exchange/tournament-reading'))
      .verifyTask,
  'tournament.close': () =>
    (require('../tournaments/closing-task') as typeof import('../tournaments/closing-task'))
      .closeTask,
  'tournament.reopen': () =>
    (require('../tournaments/closing-task') as typeof import('../tournaments/closing-task'))
      .reopenTask,
  'players.import': () =>
    (require('../players/player-import') as typeof import('../players/player-import')).importTask,
  'players.preview': () =>
    (require('../players/csv-preview-task') as typeof import('../players/csv-preview-task'))
      .previewTask,
  'tsh.import': () =>
    (require('../exchange/tsh-import') as typeof import('../exchange/tsh-import')).importTask,
  'backup.take': () =>
    (require('../backup/backup-task') as typeof import('../backup/backup-task')).takeTask,
  /* eslint-enable @typescript-eslint/no-require-imports */
};

const { task, input, database } = workerData as {
  task: string;
  input: unknown;
  database?: WorkerDatabase;
};
const port = parentPort!;
const say = (message: WorkerMessage, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

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

let dataSource: DataSource | null = null;
async function connection(): Promise<DataSource> {
  if (!database) throw new Error(`task ${task} was started without a database`);
  if (!dataSource) {
    // Loaded here, not above: a helper that only computes (verifies sheets) never loads TypeORM.
    /* eslint-disable @typescript-eslint/no-require-imports */
    const { DataSource: Source } = require('typeorm') as typeof import('typeorm');
    const { databaseOptions } =
      require('../database/database-options') as typeof import('../database/database-options');
    /* eslint-enable @typescript-eslint/no-require-imports */
    // The server migrated the database when it started: the worker only connects.
    const options = databaseOptions({ ...database });
    // No statement cache on SQLite. TypeORM writes numbers into a statement's text, so a job's
    // statements are nearly all new (10,000 texts for 2,000 players registered); a cached one
    // outlives the young generation, and an evicted one's native memory stays until a full
    // GC, which the worker's small heap seldom runs: 20,000 players held 120 MB of them, which
    // the allocator kept after the worker ended. Uncached, each is freed at the next scavenge.
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

/** Waits for the server's word that the worker's turn to write has come. */
function turn(): Promise<void> {
  return new Promise((resolve) => {
    const listen = (message: ParentMessage) => {
      if (message.type !== 'go') return;
      port.off('message', listen);
      resolve();
    };
    port.on('message', listen);
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
          return await work(m);
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
    inWorker<R>(name, helperInput, { progress: (_phase, done) => progress?.(done) }),
};

void (async () => {
  let ending: WorkerMessage;
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
  say(ending, ending.type === 'done' ? transfersOf(ending.value) : []);
})();
