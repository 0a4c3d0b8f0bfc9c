import { Controller, Get, Param, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { DomainError, NotFound } from '../common/errors';
import { jobPercent } from '../jobs/job-view';
import { Job, JOB_LOST, Jobs } from '../jobs/jobs';
import { FAMILIES } from '../registry/families';
import type { PageBase } from '../render/view-models';
import { refusal } from '../web/forms';
import { LiveStreams } from '../tournaments/live-streams';
import { LIVE_SCRIPT } from '../web/live-ref';
import { PageContext } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { ratingImportErrors } from '../ratings/rating-pages.controller';
import { ratingUrls } from '../web/urls';
import { formatCount, MessageKey } from '../i18n';
import { jobUrls } from '../web/job-urls';
import { tshProblemsOf } from '../exchange/tsh-import';
import { tshProblemMessage } from '../exchange/tsh-messages';
import type { ImportedTsh } from '../exchange/tsh-import';
import type { CsvRefusalProblem, ImportedPlayers } from '../players/player-import';
import { likeFlash } from '../players/players-pages.controller';
import { withQuery } from '../web/page-context';
import { urls } from '../web/urls';

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

/** `Red 12` / `Line 12`, as a sentence starts. */
function lineWord(page: PageContext, line: number): string {
  const word = page.t('common.line', { n: line });
  return word.charAt(0).toLocaleUpperCase('sr') + word.slice(1);
}

/**
 * A long job's page (an import, a recompute): a progress bar and the phase in words, kept
 * live by the stream of the job's progress (the live pages' script fetches the page again);
 * then what the job did, or why nothing was stored.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Roles('organiser')
@Controller('organiser/jobs')
export class JobPagesController {
  constructor(
    private readonly jobs: Jobs,
    private readonly streams: LiveStreams,
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
    switch (job.kind) {
      case 'ratings.import':
        return ratingImportErrors(page, e);
      case 'players.import': {
        // The file's mistakes were worded in the language it was sent in; a player's refusal here.
        const problems = (e.details as { problems?: CsvRefusalProblem[] } | undefined)?.problems;
        return problems
          ? problems.map((p) => `${lineWord(page, p.line)}: ${p.message}`)
          : ratingImportErrors(page, e);
      }
      case 'tsh.import':
        return (tshProblemsOf(e) ?? []).map((p) => tshProblemMessage(page.lang, p));
      default:
        return [];
    }
  }

  private links(page: PageContext, job: Job): { label: string; url: string }[] {
    if (job.kind.startsWith('ratings.')) {
      return [{ label: page.t('job.back.ratings'), url: ratingUrls.list(FAMILIES[0]) }];
    }
    if (job.kind === 'players.import') {
      // Back to the players, with the flash a shorter import's page shows (and its warning).
      const r = job.result as ImportedPlayers | null;
      const input = (job.refusal?.details ?? {}) as { divisionId?: number };
      const divisionId = r?.divisionId ?? input.divisionId;
      if (!divisionId) return [];
      const query = r ? likeFlash(r.lookAlikes, { done: 'imported', n: r.imported }) : {};
      return [
        { label: page.t('job.open.players'), url: withQuery(urls.orgPlayers(divisionId), query) },
      ];
    }
    if (job.kind === 'tsh.import') {
      const r = job.result as ImportedTsh | null;
      if (!r) return [];
      return [
        {
          label: page.t('job.open.tournament'),
          url: withQuery(urls.orgTournament(r.tournamentId), { done: 'tshImported', n: r.players }),
        },
        { label: page.t('job.open.players'), url: urls.orgPlayers(r.id) },
      ];
    }
    const id = (job.result as { id?: number } | null)?.id;
    return id ? [{ label: page.t('job.open.tournament'), url: urls.orgTournament(id) }] : [];
  }
}
