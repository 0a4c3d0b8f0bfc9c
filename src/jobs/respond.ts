import type { Response } from 'express';
import { jobView, JobView } from './job-view';
import { Job, Jobs } from './jobs';

/** Whether the request asked not to wait (`Prefer: respond-async`, RFC 7240). */
export function wantsAsync(prefer: unknown): boolean {
  return typeof prefer === 'string' && /(^|[\s,;])respond-async\b/i.test(prefer);
}

/**
 * A job's answer: its value when it ends, as the request always had (or its error); with
 * `Prefer: respond-async`, at once a 202 with the job and its address to ask again.
 */
export async function answerJob<R>(
  jobs: Jobs,
  job: Job<R>,
  prefer: unknown,
  res: Response,
): Promise<R | JobView> {
  if (!wantsAsync(prefer)) return jobs.outcome(job);
  res.status(202);
  res.setHeader('Location', `/api/jobs/${job.id}`);
  res.setHeader('Preference-Applied', 'respond-async');
  return jobView(job);
}
