import type { DomainError } from '../common/errors';
import type { PageContext } from '../web/page-context';
import type { Job } from './jobs';

/** A link a job's page offers once the job has ended. */
export interface JobLink {
  label: string;
  url: string;
}

/**
 * How a job's page words the outcome of one kind of job: the context that starts the job says
 * it (src/ratings/rating-jobs.ts, …), so that the jobs, below those contexts, need not know them.
 */
export interface JobPresenter {
  /**
   * A refused job's mistakes in the page's language, each with its place (line, field); none
   * (or absent): the page says the refusal's message alone.
   */
  errors?(page: PageContext, e: DomainError): string[];
  /** Where the page leads once the job has ended (done, refused or lost). */
  links(page: PageContext, job: Job): JobLink[];
}

/**
 * The presenters of every kind of job, by the job's kind (`ratings.import`, …). The contexts
 * that start jobs stand above the jobs, so the job's page asks through this port, and the
 * application's module binds it to their presenters (src/app.module.ts).
 */
export abstract class JobPresenters {
  abstract readonly kinds: Readonly<Partial<Record<string, JobPresenter>>>;
}

/**
 * The stream of a job's progress for its page (the live pages' streams, held by the
 * tournaments' `LiveStreams`, with their caps and shares), bound by the application's module.
 */
export abstract class JobStreams {
  /** Answers the page's `events` request: `watch` tells each new revision of the job. */
  abstract serve(
    req: PageContext['req'],
    res: PageContext['res'],
    watch: (send: (revision: number) => void) => () => void,
    revision: number,
  ): void;
}

/** `Red 12` / `Line 12`, as a sentence starts. */
export function lineWord(page: PageContext, line: number): string {
  const word = page.t('common.line', { n: line });
  return word.charAt(0).toLocaleUpperCase('sr') + word.slice(1);
}
