import { Injectable, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { randomBytes } from 'crypto';
import { DataSource } from 'typeorm';
import { DomainError } from '../common/errors';
import { Transactions } from '../database/transactions';
import { stopJobProcesses } from './in-job-process';
import { JobStore } from './job-store';
import { JobRefusal, refusalOf } from './refusal';

export { refusalOf } from './refusal';
export type { JobRefusal } from './refusal';

/** What a long job is doing now: its phase, and how far into it (`done` of `total`). */
export interface JobProgress {
  phase: string;
  done: number;
  total: number;
}

export type JobState = 'running' | 'done' | 'refused' | 'failed';

/** A long piece of work (an import, a recompute) that runs beside the requests, as seen from outside. */
export interface Job<R = unknown> {
  id: string;
  /** What it does: `ratings.import`, `tournament.import`, … */
  kind: string;
  /** Who started it (the organiser's user id): only they see it. */
  ownerId: number | null;
  state: JobState;
  progress: JobProgress;
  /** What it gave, once `done`. */
  result: R | null;
  /** Why it was refused (`refused`: a 4xx, nothing stored) or failed (`failed`: a 500). */
  refusal: JobRefusal | null;
  startedAt: Date;
  finishedAt: Date | null;
  /** Grows with every change a watcher should hear of (progress, the end). */
  revision: number;
}

/** Tells a job's progress; cheap to call often (watchers hear of it at most every {@link NOTIFY_MS}). */
export type ReportProgress = (phase: string, done: number, total: number) => void;

/** Watchers hear of progress at most this often, and it is stored at most this often; the end at once. */
export const NOTIFY_MS = 200;
/** A running job's row is written at least this often (its heartbeat), progress or not. */
export const HEARTBEAT_MS = 1000;
/** A running job whose heartbeat is older than this (`JOB_STALE_MS`) lost its server. */
export const DEFAULT_STALE_MS = 30_000;
/** Another server's job is read again this often while someone watches it. */
export const POLL_MS = 500;
/** Why a job whose server stopped is shown as failed (the page words it in its language). */
export const JOB_LOST = 'JOB_LOST';

/** A job this process runs: what it is, and where its row stands. */
interface Local {
  job: Job;
  running: Promise<unknown> | null;
  /** The row's write now under way, if any; a write asked for meanwhile follows it. */
  writing: Promise<void> | null;
  again: boolean;
  timer: NodeJS.Timeout | null;
  storedAt: number;
}

/** Watchers of another server's job: its row is read every {@link POLL_MS} while there are any. */
interface Remote {
  listeners: Set<(revision: number) => void>;
  timer: NodeJS.Timeout;
}

/**
 * The long jobs: started here, run elsewhere (each in a process of its own), their progress and
 * end kept in the database (`jobs`), so that every server on it answers a job's page, its API
 * (`GET /api/jobs/:id`) and its live stream, whichever took the request that started it.
 * The running server writes the row at the start, its progress at most every
 * {@link NOTIFY_MS}, a heartbeat every {@link HEARTBEAT_MS} and the end at once. A job's result
 * lands as one transaction with its row's end (its process writes both); a job still running
 * whose heartbeat went stale (its server stopped) is shown as failed, nothing of it stored.
 */
@Injectable()
export class Jobs implements OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  /** This process, as the rows it writes name it. */
  private readonly server = randomBytes(9).toString('base64url');
  private readonly store: JobStore;
  private readonly staleMs: number;
  private readonly local = new Map<string, Local>();
  private readonly watchers = new Map<string, Set<(revision: number) => void>>();
  private readonly notifyTimers = new Map<string, NodeJS.Timeout>();
  private readonly remote = new Map<string, Remote>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    dataSource: DataSource,
    transactions: Transactions,
    @Optional() config?: ConfigService,
  ) {
    this.store = new JobStore(dataSource, transactions);
    const stale = Number(config?.get<string>('JOB_STALE_MS') || DEFAULT_STALE_MS);
    this.staleMs = Number.isFinite(stale) && stale > 0 ? stale : DEFAULT_STALE_MS;
  }

  /**
   * Stores the job and starts `work`; the job is returned while it runs. `work` is given the
   * job's id for its process (`JobHooks.jobId`), whose write ends the job's row with its rows.
   */
  async start<R>(
    kind: string,
    ownerId: number | null,
    work: (report: ReportProgress, jobId: string) => Promise<R>,
  ): Promise<Job<R>> {
    this.forgetOld();
    const job: Job<R> = {
      id: randomBytes(9).toString('base64url'),
      kind,
      ownerId,
      state: 'running',
      progress: { phase: 'queued', done: 0, total: 0 },
      result: null,
      refusal: null,
      startedAt: new Date(),
      finishedAt: null,
      revision: 1,
    };
    // Stored before anyone hears of it: the next request may reach another server.
    await this.store.insert(job, this.server, Date.now());
    // Its process is forked in a turn of its own: the row's write (a sync to disk on SQLite)
    // and the fork (a few ms each) do not hold up the requests waiting together.
    await new Promise((resolve) => setImmediate(resolve));
    const local: Local = {
      job,
      running: null,
      writing: null,
      again: false,
      timer: null,
      storedAt: Date.now(),
    };
    this.local.set(job.id, local);
    this.beat();
    const report: ReportProgress = (phase, done, total) => {
      if (job.state !== 'running') return;
      job.progress = { phase, done, total };
      job.revision++;
      this.notifySoon(job);
      this.storeSoon(local);
    };
    const promise = (async () => {
      try {
        job.result = await work(report, job.id);
        job.state = 'done';
      } catch (e) {
        // Its process stopped after its write committed (the row ended with it), before its
        // word of the end: the job is done, its result as the write stored it.
        const ended = refusalOf(e) ? null : await this.endedByWrite(job.id);
        if (ended) {
          job.result = ended.result as R;
          job.state = 'done';
          return job.result;
        }
        job.refusal = refusalOf(e);
        job.state = job.refusal ? 'refused' : 'failed';
        if (!job.refusal) {
          this.logger.error(`job ${job.kind} ${job.id} failed`, e instanceof Error ? e.stack : e);
          job.refusal = {
            status: 500,
            code: 'INTERNAL',
            message: 'the job failed on the server; nothing of it was stored',
          };
        }
        throw e;
      } finally {
        job.finishedAt = new Date();
        job.revision++;
        // The end is stored before the request that waits for it is answered.
        await this.storeNow(local);
        local.running = null;
        this.notifyNow(job);
      }
      return job.result;
    })();
    // The API may not wait for it: a refusal is kept on the job, not an unhandled rejection.
    promise.catch(() => undefined);
    local.running = promise;
    return job;
  }

  /** The job's value when it is done; its error (the same domain error) when refused. */
  async outcome<R>(job: Job<R>): Promise<R> {
    const running = this.local.get(job.id)?.running;
    if (running) return (await running) as R;
    if (job.state === 'done') return job.result as R;
    throw new DomainError(
      job.refusal?.status ?? 500,
      job.refusal?.code ?? 'INTERNAL',
      job.refusal?.message ?? 'the job failed',
      job.refusal?.details,
    );
  }

  /** The job as it stands: this process's own from memory, another's from its row (stale: failed). */
  async get(id: string): Promise<Job | null> {
    const own = this.local.get(id);
    if (own) return own.job;
    const job = await this.store.read(id);
    return job ? this.lostIfStale(job) : null;
  }

  /**
   * Hears each new revision of the job (progress, at most every {@link NOTIFY_MS}; its end at
   * once). Another server's job is read again every {@link POLL_MS} while it is watched.
   */
  watch(id: string, listener: (revision: number) => void): () => void {
    if (!this.local.has(id)) return this.watchRemote(id, listener);
    let set = this.watchers.get(id);
    if (!set) this.watchers.set(id, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.watchers.get(id) === set) this.watchers.delete(id);
    };
  }

  onApplicationShutdown(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const r of this.remote.values()) clearInterval(r.timer);
    this.remote.clear();
    for (const l of this.local.values()) if (l.timer) clearTimeout(l.timer);
    // A job still running ends with the server (another server shows it failed, nothing stored).
    stopJobProcesses();
  }

  /** The job's row if its write ended it as done (its rows stored), else null. */
  private async endedByWrite(id: string): Promise<Job | null> {
    try {
      const row = await this.store.read(id);
      return row?.state === 'done' ? row : null;
    } catch {
      return null;
    }
  }

  /** A running job whose heartbeat is stale, as failed: its server stopped before its end. */
  private lostIfStale(job: Job & { heartbeatAt?: number }): Job {
    const beat = job.heartbeatAt ?? Date.now();
    if (job.state !== 'running' || Date.now() - beat <= this.staleMs) return job;
    return {
      ...job,
      state: 'failed',
      refusal: {
        status: 500,
        code: JOB_LOST,
        message: 'the server running the job stopped before its end; nothing of it was stored',
      },
      finishedAt: new Date(beat),
      // One more than the row's last: a page watching it hears of the end.
      revision: job.revision + 1,
    };
  }

  private watchRemote(id: string, listener: (revision: number) => void): () => void {
    let remote = this.remote.get(id);
    if (!remote) {
      const listeners = new Set<(revision: number) => void>();
      let reading = false;
      const timer = setInterval(() => {
        if (reading) return;
        reading = true;
        void this.store
          .read(id)
          .then((row) => {
            const job = row && this.lostIfStale(row);
            if (!job) return;
            for (const l of listeners) l(job.revision);
            // Nothing changes after the end: the watchers heard of it, the reads stop.
            if (job.state !== 'running') this.stopRemote(id);
          })
          .catch((e: Error) => this.logger.warn(`job ${id} not read: ${e.message}`))
          .finally(() => (reading = false));
      }, POLL_MS);
      timer.unref();
      this.remote.set(id, (remote = { listeners, timer }));
    }
    const set = remote.listeners;
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.remote.get(id)?.listeners === set) this.stopRemote(id);
    };
  }

  private stopRemote(id: string): void {
    const remote = this.remote.get(id);
    if (!remote) return;
    clearInterval(remote.timer);
    this.remote.delete(id);
  }

  /** Writes the row at most every {@link NOTIFY_MS}, one write at a time. */
  private storeSoon(local: Local): void {
    if (local.timer) return; // the write it waits for takes the latest progress
    if (local.writing) {
      local.again = true;
      return;
    }
    const wait = Math.max(0, local.storedAt + NOTIFY_MS - Date.now());
    local.timer = setTimeout(() => {
      local.timer = null;
      void this.write(local);
    }, wait);
    local.timer.unref();
  }

  /** Writes the row now, after the write under way (the end). */
  private async storeNow(local: Local): Promise<void> {
    if (local.timer) clearTimeout(local.timer);
    local.timer = null;
    while (local.writing) await local.writing;
    await this.write(local);
  }

  private write(local: Local): Promise<void> {
    local.again = false;
    const writing = this.store
      .update(local.job, Date.now())
      .catch((e: Error) => this.logger.warn(`job ${local.job.id} not stored: ${e.message}`))
      .finally(() => {
        local.writing = null;
        local.storedAt = Date.now();
        if (local.again && local.job.state === 'running') this.storeSoon(local);
      });
    local.writing = writing;
    return writing;
  }

  /** Every {@link HEARTBEAT_MS}, the row of each running job not written since is written. */
  private beat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      let running = 0;
      for (const l of this.local.values()) {
        if (l.job.state !== 'running') continue;
        running++;
        if (Date.now() - l.storedAt >= HEARTBEAT_MS) this.storeSoon(l);
      }
      if (running === 0 && this.heartbeat) {
        clearInterval(this.heartbeat);
        this.heartbeat = null;
      }
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private notifySoon(job: Job): void {
    if (this.notifyTimers.has(job.id)) return;
    const timer = setTimeout(() => this.notifyNow(job), NOTIFY_MS);
    timer.unref();
    this.notifyTimers.set(job.id, timer);
  }

  private notifyNow(job: Job): void {
    const timer = this.notifyTimers.get(job.id);
    if (timer) clearTimeout(timer);
    this.notifyTimers.delete(job.id);
    for (const listener of this.watchers.get(job.id) ?? []) listener(job.revision);
  }

  /** This process's finished jobs are read from the database after a minute; the rows after an hour. */
  private forgetOld(): void {
    const now = Date.now();
    for (const [id, l] of this.local) {
      if (l.job.finishedAt && now - l.job.finishedAt.getTime() > 60_000) this.local.delete(id);
    }
    this.store.sweep(now).catch((e: Error) => this.logger.warn(`old jobs not swept: ${e.message}`));
  }
}
