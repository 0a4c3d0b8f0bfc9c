import type { DataSource, EntityManager } from 'typeorm';
import { run } from '../database/sql';
import type { Transactions } from '../database/transactions';
import { bind } from '../throttle/throttle-counters';
import type { Job, JobState } from './jobs';

/** Rows of finished jobs (and of jobs whose server stopped) are deleted this long after. */
const KEEP_MS = 60 * 60 * 1000;
/** Old rows are looked for at most this often. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

interface Row {
  id: string;
  kind: string;
  owner_id: number | null;
  state: string;
  phase: string;
  done: number;
  total: number;
  result: string | null;
  refusal: string | null;
  started_at: string | number;
  finished_at: string | number | null;
  heartbeat_at: string | number;
  revision: number;
}

/**
 * The `jobs` table, written by hand: one statement a change, through the server's writes
 * (queued behind the others on SQLite, whose one connection they share).
 */
export class JobStore {
  private lastSweep = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  private get postgres(): boolean {
    return this.dataSource.options.type === 'postgres';
  }

  private async change(sql: string, named: Record<string, unknown>): Promise<void> {
    const bound = bind(sql, named, this.postgres);
    await this.transactions.run((m) => run(m, bound.sql, bound.values));
  }

  insert(job: Job, server: string, now: number): Promise<void> {
    return this.change(
      'INSERT INTO "jobs" ("id", "kind", "owner_id", "state", "phase", "done", "total", ' +
        '"started_at", "heartbeat_at", "server", "revision") VALUES ' +
        '(:id, :kind, :ownerId, :state, :phase, :done, :total, :startedAt, :now, :server, :revision)',
      {
        id: job.id,
        kind: job.kind,
        ownerId: job.ownerId,
        state: job.state,
        phase: job.progress.phase,
        done: job.progress.done,
        total: job.progress.total,
        startedAt: job.startedAt.getTime(),
        now,
        server,
        revision: job.revision,
      },
    );
  }

  /**
   * The job as it stands now: its progress, or its end. A row the job's own write ended
   * ({@link endWithWrite}: its rows landed) stays as that write left it: a heartbeat, or a
   * failure heard after the commit, does not undo it.
   */
  update(job: Job, now: number): Promise<void> {
    return this.change(
      'UPDATE "jobs" SET "state" = :state, "phase" = :phase, "done" = :done, "total" = :total, ' +
        '"result" = :result, "refusal" = :refusal, "finished_at" = :finishedAt, ' +
        '"heartbeat_at" = :now, "revision" = :revision WHERE "id" = :id' +
        (job.state === 'done' ? '' : ` AND "state" = 'running'`),
      {
        id: job.id,
        state: job.state,
        phase: job.progress.phase.slice(0, 40),
        done: job.progress.done,
        total: job.progress.total,
        result: job.result === null ? null : JSON.stringify(job.result),
        refusal: job.refusal === null ? null : JSON.stringify(job.refusal),
        finishedAt: job.finishedAt?.getTime() ?? null,
        now,
        revision: job.revision,
      },
    );
  }

  /**
   * Ends the job's row as done, with `result`, in the transaction of the job's one write (`m`,
   * on the job's own connection): the rows it wrote and its end land together, so that a
   * server that stops between the commit and its own word of the end never shows as failed, nothing
   * stored, a job whose rows are stored.
   */
  static async endWithWrite(
    m: EntityManager,
    id: string,
    result: unknown,
    now: number,
  ): Promise<void> {
    const { sql, values } = bind(
      'UPDATE "jobs" SET "state" = \'done\', "result" = :result, "finished_at" = :now, ' +
        '"heartbeat_at" = :now, "revision" = "revision" + 1 WHERE "id" = :id',
      { id, result: result === null || result === undefined ? null : JSON.stringify(result), now },
      m.connection.options.type === 'postgres',
    );
    await run(m, sql, values);
  }

  /** The job's row, with the time of its server's last heartbeat. */
  async read(id: string): Promise<(Job & { heartbeatAt: number }) | null> {
    const { sql, values } = bind('SELECT * FROM "jobs" WHERE "id" = :id', { id }, this.postgres);
    const [row] = await this.dataSource.manager.query<Row[]>(sql, values);
    if (!row) return null;
    return {
      id: row.id,
      kind: row.kind,
      ownerId: row.owner_id === null ? null : Number(row.owner_id),
      state: row.state as JobState,
      progress: { phase: row.phase, done: Number(row.done), total: Number(row.total) },
      result: row.result === null ? null : (JSON.parse(row.result) as unknown),
      refusal: row.refusal === null ? null : (JSON.parse(row.refusal) as Job['refusal']),
      startedAt: new Date(Number(row.started_at)),
      finishedAt: row.finished_at === null ? null : new Date(Number(row.finished_at)),
      revision: Number(row.revision),
      heartbeatAt: Number(row.heartbeat_at),
    };
  }

  /** Deletes the rows of jobs that ended (or were last heard of) an hour ago; at most every 10 min. */
  async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.change(
      'DELETE FROM "jobs" WHERE ("finished_at" IS NOT NULL AND "finished_at" < :before) ' +
        'OR "heartbeat_at" < :before',
      { before: now - KEEP_MS },
    );
  }
}
