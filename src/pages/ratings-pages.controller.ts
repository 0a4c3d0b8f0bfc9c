import { Body, Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { IdParam } from '../common/api/id-param';
import { DomainError } from '../common/errors';
import { RatingsService } from '../ratings/ratings.service';
import type { RatingReportView } from '../ratings/rating.view';
import type { OrganiserConfirmPage, PageBase } from '../render/view-models';
import { ClosingService } from '../tournaments/closing.service';
import { FormReader } from './forms';
import { ruleSetName } from './models';
import { PageContext, withQuery } from './page-context';
import { PageErrorFilter } from './page-error.filter';
import { personUrl } from './registry-pages.controller';
import { SameOriginGuard } from './same-origin.guard';
import { urls } from './urls';

/** The routes of ratings and closing a tournament. */
export const ratingUrls = {
  report: (tournamentId: number) => `/tournaments/${tournamentId}/ratings`,
  reportPdf: (tournamentId: number) => `/tournaments/${tournamentId}/ratings.pdf`,
  close: (tournamentId: number) => `/organiser/tournaments/${tournamentId}/close`,
  reopen: (tournamentId: number) => `/organiser/tournaments/${tournamentId}/reopen`,
};

/** A number as a report shows it: two decimals at most, the page's decimal sign. */
export function decimal(lang: string, n: number | null, signed = false): string {
  if (n === null) return '';
  const text = new Intl.NumberFormat(lang === 'en' ? 'en' : 'sr-Latn', {
    maximumFractionDigits: 2,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(n);
  return text.replace('-', '−');
}

/** A line of the rating report page or PDF, texts made. */
export interface RatingReportLine {
  name: string;
  url: string;
  division: string;
  old: string;
  games: number;
  score: string;
  expected: string;
  performance: string;
  k: string;
  change: string;
  changeTone: 'up' | 'down' | '';
  new: number;
}

export interface RatingReportPage extends PageBase {
  closed: boolean;
  formula: string;
  skipped: string[];
  families: { title: string; lines: RatingReportLine[]; empty: boolean }[];
  pdfUrl?: string;
}

/** The report's texts in a page's language (the page and the PDF share them). */
export function ratingReportModel(
  page: PageContext,
  report: RatingReportView,
): Omit<RatingReportPage, keyof PageBase> {
  const lang = page.lang;
  return {
    closed: report.closedAt !== null,
    formula: page.t('rating.report.formula'),
    skipped: report.skipped.map((d) => page.t('rating.report.skipped', { division: d.name })),
    families: report.families.map((f) => ({
      title: page.t('rating.report.family', { family: ruleSetName(f.family) }),
      empty: f.lines.every((l) => l.games === 0),
      lines: f.lines.map((l) => ({
        name: l.name,
        url: personUrl(l.personId),
        division: l.division ?? '',
        old: l.old === null ? page.t('rating.unrated') : String(l.old),
        games: l.games,
        score: decimal(lang, l.score),
        expected: decimal(lang, l.expected),
        performance: l.games > 0 ? decimal(lang, Math.round(l.performance)) : '',
        k: l.k === null ? page.t('rating.first') : String(l.k),
        change: l.old === null ? '' : decimal(lang, l.change, true),
        changeTone: l.old === null || l.change === 0 ? '' : l.change > 0 ? 'up' : 'down',
        new: l.new,
      })),
    })),
  };
}

/** Public: a tournament's rating report. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Controller()
export class RatingPagesController {
  constructor(private readonly ratings: RatingsService) {}

  @Get('tournaments/:id/ratings')
  async report(
    @IdParam('id', 'tournament') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const report = await this.ratings.report(id);
    const model: RatingReportPage = {
      ...page.base(
        `${page.t('rating.report.title')} · ${report.tournament}`,
        page.crumbs({ label: report.tournament, url: urls.tournament(id) }),
      ),
      ...ratingReportModel(page, report),
      pdfUrl: report.closedAt ? ratingUrls.reportPdf(id) : undefined,
    };
    await page.render('public/rating-report', model);
  }
}

/** The organiser's: closing and reopening a tournament, each after a question. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('organiser')
@Controller('organiser')
export class ClosingPagesController {
  constructor(private readonly closing: ClosingService) {}

  @Post('tournaments/:id/close')
  async close(
    @IdParam('id', 'tournament') id: number,
    @Body() body: unknown,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    await this.act(id, 'close', body, req, res);
  }

  @Post('tournaments/:id/reopen')
  async reopen(
    @IdParam('id', 'tournament') id: number,
    @Body() body: unknown,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    await this.act(id, 'reopen', body, req, res);
  }

  private async act(
    id: number,
    what: 'close' | 'reopen',
    body: unknown,
    req: AuthedRequest,
    res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const form = new FormReader(body, page.lang);
    const back = urls.orgTournament(id);
    const preview = await this.closing.preview(id);
    if (form.raw('confirm') === '') {
      const params = { name: preview.name, n: preview.pending };
      const model: OrganiserConfirmPage = {
        ...page.base(
          page.pt(`confirm.${what}.title`, params),
          page.crumbs(
            { label: page.pt('page.organiser'), url: urls.organiser },
            { label: preview.name, url: back },
          ),
        ),
        lines: [page.pt(`confirm.${what}.what`, params)],
        items:
          what === 'close' && preview.pending > 0 ? [page.pt('confirm.close.pending', params)] : [],
        note: what === 'close' ? page.pt('confirm.close.undo') : '',
        action: what === 'close' ? ratingUrls.close(id) : ratingUrls.reopen(id),
        fields: [],
        button: page.pt(`confirm.${what}.button`, params),
        danger: true,
        cancel: page.pt('confirm.cancel'),
        cancelUrl: back,
      };
      await page.render('organiser/confirm', model);
      return;
    }
    try {
      if (what === 'close') await this.closing.close(id, true, page.user);
      else await this.closing.reopen(id, true, page.user);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      page.redirect(withQuery(back, { refused: e.code }));
      return;
    }
    page.redirect(withQuery(back, { done: what === 'close' ? 'closed' : 'reopened' }));
  }
}
