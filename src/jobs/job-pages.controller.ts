import { Controller, Get, Param, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { DomainError, NotFound } from '../common/errors';
import { formatCount, MessageKey } from '../i18n';
import type { PageBase } from '../render/view-models';
import { refusal } from '../web/forms';
import { jobUrls } from '../web/job-urls';
import { LIVE_SCRIPT } from '../web/live-ref';
import { PageContext } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { urls } from '../web/urls';
import { type JobLink, JobPresenters, JobStreams } from './job-presenters';
import { jobPercent } from './job-view';
import { Job, JOB_LOST, Jobs } from './jobs';

export interface JobPage extends PageBase {
  running?: string;
  percent?: number;
  percentText?: string;
  phase?: string;
  done?: string;
  refused?: string;
  errors: string[];
  links: { label: string; url: string }[];
}

/**
 * A long job's page (an import, a recompute): a progress bar and the phase in words, kept
 * live by the stream of the job's progress (the live pages' script fetches the page again);
 * then what the job did, or why nothing was stored, in the words of the context that started
 * it (its {@link JobPresenters}).
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Roles('organiser')
@Controller('organiser/jobs')
export class JobPagesController {
  constructor(
    private readonly jobs: Jobs,
    private readonly streams: JobStreams,
    private readonly presenters: JobPresenters,
  ) {}

  @Get(':id')
  async page(@Param('id') id: string, @Req() req: AuthedRequest, @Res() res: Response) {
    const page = new PageContext(req, res);
    const job = await this.ownJob(id, page);
    const lang = page.lang;
    const title = page.t(`job.title.${job.kind}` as MessageKey);
    const model: JobPage = {
      ...page.base(title, page.crumbs({ label: page.t('page.organiser'), url: urls.organiser })),
      errors: [],
      links: [],
    };
    if (job.state === 'running') {
      const percent = jobPercent(job);
      const { phase, done, total } = job.progress;
      Object.assign(model, {
        running: page.t('job.running'),
        percent,
        percentText: page.t('job.progress', { percent }),
        phase: page.t(`job.phase.${phase}` as MessageKey, {
          done: formatCount(lang, done),
          total: formatCount(lang, total),
        }),
        // Said to a screen reader only when the job ends, not at every step.
        live: { events: jobUrls.events(job.id), revision: job.revision, script: LIVE_SCRIPT.url },
      });
    } else if (job.state === 'done') {
      const result = (job.result ?? {}) as Record<string, string | number>;
      const params = Object.fromEntries(
        Object.entries(result).map(([k, v]) => [
          k,
          typeof v === 'number' ? formatCount(lang, v) : v,
        ]),
      );
      model.done = page.t(`job.done.${job.kind}` as MessageKey, params);
    } else if (job.state === 'refused') {
      const r = job.refusal!;
      const e = new DomainError(r.status, r.code, r.message, r.details);
      model.errors = this.errors(page, job, e);
      model.refused =
        model.errors.length > 1
          ? page.t('job.refusedMany', { n: formatCount(lang, model.errors.length) })
          : page.t('job.refused', { message: model.errors[0] ?? refusal(lang, e).message });
      if (model.errors.length === 1) model.errors = [];
    } else {
      // Its server stopped mid-run (another server tells it from the stale heartbeat).
      model.refused = page.t(job.refusal?.code === JOB_LOST ? 'job.lost' : 'job.failed');
    }
    if (job.state !== 'running') model.links = this.links(page, job);
    // The revision it shows: a live page fetching it again puts its content in place by it,
    // and the page of an ended job names no stream (so no revision) of its own.
    res.setHeader('X-Arbiter-Revision', String(job.revision));
    await page.render('organiser/job', model, job.state === 'refused' ? job.refusal!.status : 200);
  }

  /** The job's revisions as a live page's stream: one event per step (at most 5 a second). */
  @Get(':id/events')
  async events(
    @Param('id') id: string,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const job = await this.ownJob(id, new PageContext(req, res));
    this.streams.serve(req, res, (send) => this.jobs.watch(job.id, send), job.revision);
  }

  private async ownJob(id: string, page: PageContext): Promise<Job> {
    const job = await this.jobs.get(id);
    if (!job || (job.ownerId !== null && job.ownerId !== page.user?.id)) {
      throw new NotFound('job', id.slice(0, 40));
    }
    return job;
  }

  /** A refused job's mistakes in the page's language, each with its place (line, field). */
  private errors(page: PageContext, job: Job, e: DomainError): string[] {
    return this.presenters.kinds[job.kind]?.errors?.(page, e) ?? [];
  }

  private links(page: PageContext, job: Job): JobLink[] {
    return this.presenters.kinds[job.kind]?.links(page, job) ?? [];
  }
}
