import type { Job } from './jobs';

/** How much of a job each phase is, in per cent of the bar (the phases of its kind, in order). */
const PHASES: Readonly<Record<string, readonly [string, number][]>> = {
  'ratings.import': [
    ['read', 5],
    ['match', 15],
    ['persons', 20],
    ['write', 40],
    ['recompute', 20],
  ],
  'ratings.recompute': [['recompute', 100]],
  'tournament.import': [
    ['read', 10],
    ['verify', 70],
    ['store', 20],
  ],
  'players.import': [['register', 100]],
  'tsh.import': [
    ['read', 5],
    ['store', 25],
    ['results', 70],
  ],
};

/** How far a job is, in whole per cent of its bar. */
export function jobPercent(job: Job): number {
  if (job.state !== 'running') return 100;
  const phases = PHASES[job.kind] ?? [];
  let before = 0;
  for (const [phase, weight] of phases) {
    if (phase === job.progress.phase) {
      const { done, total } = job.progress;
      const part = total > 0 ? Math.min(1, done / total) : 0;
      return Math.min(99, Math.floor(before + weight * part));
    }
    before += weight;
  }
  return 0;
}

/** A job as the API shows it (`GET /api/jobs/:id`, and a 202's body). */
export interface JobView {
  id: string;
  kind: string;
  state: Job['state'];
  progress: Job['progress'] & { percent: number };
  /** What it did, once `done`. */
  result: unknown;
  /** Why nothing was stored, once `refused` or `failed`: the error the request would have had. */
  error: { statusCode: number; code: string; message: string; details?: unknown } | null;
  startedAt: string;
  finishedAt: string | null;
  /** The API address to ask again, and the organiser's page that shows it. */
  url: string;
  page: string;
}

export function jobView(job: Job): JobView {
  return {
    id: job.id,
    kind: job.kind,
    state: job.state,
    progress: { ...job.progress, percent: jobPercent(job) },
    result: job.result,
    error: job.refusal
      ? {
          statusCode: job.refusal.status,
          code: job.refusal.code,
          message: job.refusal.message,
          ...(job.refusal.details !== undefined ? { details: job.refusal.details } : {}),
        }
      : null,
    startedAt: job.startedAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    url: `/api/jobs/${job.id}`,
    page: `/organiser/jobs/${job.id}`,
  };
}
