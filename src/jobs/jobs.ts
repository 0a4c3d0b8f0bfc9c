import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'crypto';
import { DomainError } from '../common/errors';
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

/** Watchers hear of progress at most this often; the end at once. */
export const NOTIFY_MS = 200;
/** A finished job is kept this long for its page and API, and at most {@link KEPT} of them. */
const KEEP_MS = 60 * 60 * 1000;
const KEPT = 200;

/**
 * The long jobs of this process: started here, run elsewhere (a worker thread), their progress
 * and end kept in memory for the page that shows them and for the API's `GET /api/jobs/:id`.
 * A job belongs to the process that runs it: behind several servers its page must be asked of
 * the one that took the request (it is, when the organiser's page was: the redirect follows).
 */
@Injectable()
export class Jobs {
  private readonly logger = new Logger('Jobs');
  private readonly jobs = new Map<string, Job>();
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly watchers = new Map<string, Set<(revision: number) => void>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  /** Starts `work` at once; the job is returned while it runs. */
  start<R>(
    kind: string,
    ownerId: number | null,
    work: (report: ReportProgress) => Promise<R>,
  ): Job<R> {
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
    this.jobs.set(job.id, job);
    const report: ReportProgress = (phase, done, total) => {
      if (job.state !== 'running') return;
      job.progress = { phase, done, total };
      job.revision++;
      this.notifySoon(job);
    };
    const promise = (async () => {
      try {
        job.result = await work(report);
        job.state = 'done';
      } catch (e) {
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
        this.running.delete(job.id);
        this.notifyNow(job);
      }
      return job.result;
    })();
    // The API may not wait for it: a refusal is kept on the job, not an unhandled rejection.
    promise.catch(() => undefined);
    this.running.set(job.id, promise);
    return job;
  }

  /** The job's value when it is done; its error (the same domain error) when refused. */
  async outcome<R>(job: Job<R>): Promise<R> {
    const running = this.running.get(job.id);
    if (running) return (await running) as R;
    if (job.state === 'done') return job.result as R;
    throw new DomainError(
      job.refusal?.status ?? 500,
      job.refusal?.code ?? 'INTERNAL',
      job.refusal?.message ?? 'the job failed',
      job.refusal?.details,
    );
  }

  get(id: string): Job | null {
    return this.jobs.get(id) ?? null;
  }

  /** Hears each new revision of the job (progress, at most every {@link NOTIFY_MS}; its end at once). */
  watch(id: string, listener: (revision: number) => void): () => void {
    let set = this.watchers.get(id);
    if (!set) this.watchers.set(id, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.watchers.get(id) === set) this.watchers.delete(id);
    };
  }

  private notifySoon(job: Job): void {
    if (this.timers.has(job.id)) return;
    const timer = setTimeout(() => this.notifyNow(job), NOTIFY_MS);
    timer.unref();
    this.timers.set(job.id, timer);
  }

  private notifyNow(job: Job): void {
    const timer = this.timers.get(job.id);
    if (timer) clearTimeout(timer);
    this.timers.delete(job.id);
    for (const listener of this.watchers.get(job.id) ?? []) listener(job.revision);
  }

  private forgetOld(): void {
    const now = Date.now();
    const finished = [...this.jobs.values()].filter((j) => j.finishedAt !== null);
    finished.forEach((j, i) => {
      if (now - j.finishedAt!.getTime() > KEEP_MS || finished.length - i > KEPT) {
        this.jobs.delete(j.id);
      }
    });
  }
}
