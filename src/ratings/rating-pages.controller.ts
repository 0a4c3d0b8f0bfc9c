import { Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { IdParam } from '../common/api/id-param';
import { BadInput, detailsOf, DomainError } from '../common/errors';
import { RatingsService } from './ratings.service';
import type { RatingLineView, RatingReportView } from './rating.view';
import type { OrganiserConfirmPage, PageBase } from '../render/view-models';
import type { CheckedForm } from '../web/form-dto';
import { refusal } from '../web/forms';
import { PageForm } from '../web/page-form';
import { RatingListForm } from './rating-forms';
import { FAMILIES } from '../registry/families';
import { RATING_CSV_COLUMNS } from './rating-csv';
import type { LineRefusal } from './rating-import';
import { formatCount, formatDate, numberLocale, type Lang } from '../i18n';
import { Jobs } from '../jobs/jobs';
import { jobUrls, lineCount, PAGE_WAIT_LINES } from '../web/job-urls';
import { ruleSetName } from '../web/rule-set-name';
import { slug } from '../web/downloads';
import { sendPdf } from '../web/pdf-response';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { personUrl } from '../registry/registry-pages.controller';
import { SameOriginGuard } from '../web/same-origin.guard';
import { ratingUrls, urls } from '../web/urls';

/** A number as a report shows it: two decimals at most, the page's decimal sign. */
export function decimal(lang: Lang, n: number | null, signed = false): string {
  if (n === null) return '';
  const text = new Intl.NumberFormat(numberLocale(lang), {
    maximumFractionDigits: 2,
    useGrouping: false,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(n);
  return text.replace('-', '−');
}

/** The first letter in capitals (a sentence that starts with a word of the tables). */
const capital = (s: string): string => s.charAt(0).toLocaleUpperCase('sr') + s.slice(1);

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
  families: { title: string; starts: string; lines: RatingReportLine[]; empty: boolean }[];
  pdfUrl?: string;
}

/** Where a line's player started: "list 1850", "registered 1850" or "first rating". */
export function startText(
  page: Pick<PageContext, 't'>,
  l: Pick<RatingLineView, 'old' | 'source'>,
): string {
  return l.old === null || l.source === 'first'
    ? page.t('rating.start.first')
    : page.t(l.source === 'registered' ? 'rating.start.registered' : 'rating.start.list', {
        rating: l.old,
      });
}

/** How many of a report's lines started from `source`. */
const count = (lines: readonly RatingLineView[], source: RatingLineView['source']): number =>
  lines.filter((l) => l.source === source).length;

/** The report's texts in a page's language (the page and the PDF share them). */
export function ratingReportModel(
  page: PageContext,
  report: RatingReportView,
): Omit<RatingReportPage, keyof PageBase> {
  const lang = page.lang;
  return {
    closed: report.closedAt !== null,
    formula: page.t('rating.report.formula'),
    families: report.families.map((f) => ({
      title: page.t('rating.report.family', { family: ruleSetName(f.family, page.lang) }),
      starts: page.t('rating.report.starts', {
        list: page.t('rating.report.startsList', { n: count(f.lines, 'list') }),
        registered: page.t('rating.report.startsRegistered', { n: count(f.lines, 'registered') }),
        first: page.t('rating.report.startsFirst', { n: count(f.lines, 'first') }),
      }),
      empty: f.lines.every((l) => l.games === 0),
      lines: f.lines.map((l) => ({
        name: l.name,
        url: personUrl(l.personId),
        division: l.division ?? '',
        old: startText(page, l),
        games: l.games,
        score: decimal(lang, l.score),
        expected: decimal(lang, l.expected),
        performance: l.games > 0 ? decimal(lang, Math.round(l.performance)) : '',
        k: l.k === null ? '' : String(l.k),
        change: l.old === null ? '' : decimal(lang, l.change, true),
        changeTone: l.old === null || l.change === 0 ? '' : l.change > 0 ? 'up' : 'down',
        new: l.new,
      })),
    })),
  };
}

export interface RatingListPage extends PageBase {
  families: { name: string; url: string; current: boolean }[];
  csvUrl: string;
  lines: {
    rank: number;
    name: string;
    url: string;
    club: string | null;
    country: string | null;
    federationId: string | null;
    rating: number;
    games: number;
  }[];
  /** For an organiser: the import form. */
  importAction?: string;
  help?: string;
  csvText?: string;
  importErrors?: string[];
}

/** A family's rating list page; with the import form for an organiser. */
async function ratingListModel(
  page: PageContext,
  ratings: RatingsService,
  family: string,
  form: { csvText?: string; errors?: string[] } = {},
): Promise<RatingListPage> {
  const lines = await ratings.list(family);
  return {
    ...page.base(
      `${page.t('rating.list.title')} · ${ruleSetName(family, page.lang)}`,
      page.crumbs(),
      page.flashFromQuery(),
    ),
    families: FAMILIES.map((f) => ({
      name: ruleSetName(f, page.lang),
      url: ratingUrls.list(f),
      current: f === family,
    })),
    csvUrl: ratingUrls.listCsv(family),
    lines: lines.map((l, i) => ({
      rank: i + 1,
      name: l.name,
      url: personUrl(l.personId),
      club: l.club,
      country: l.country,
      federationId: l.federationId,
      rating: l.rating,
      games: l.games,
    })),
    ...(page.user?.role === 'organiser'
      ? {
          importAction: ratingUrls.importList,
          help: page.t('rating.list.help', {
            columns: RATING_CSV_COLUMNS.join(', '),
            families: FAMILIES.join(', '),
          }),
          csvText: form.csvText ?? '',
          importErrors: form.errors ?? [],
        }
      : {}),
  };
}

/** A refused rating list's mistakes in the page's language, each with its line. */
export function ratingImportErrors(page: PageContext, e: DomainError): string[] {
  const problems = detailsOf(e, 'RATING_LIST_INVALID')?.problems;
  const line = refusedLine(e);
  return problems
    ? problems.map(
        (p) =>
          `${capital(page.t('common.line', { n: p.line }))}: ${page.t(`ratingCsv.${p.code}`, p.params)}`,
      )
    : [
        `${line ? `${capital(page.t('common.line', { n: line }))}: ` : ''}${refusal(page.lang, e).message}`,
      ];
}

/**
 * The line a refused import names, whatever the refusal's code ({@link LineRefusal}): checked
 * rather than assumed, as any refusal may come back from the job.
 */
function refusedLine(e: DomainError): LineRefusal['line'] | undefined {
  const d: unknown = e.details;
  return typeof d === 'object' && d !== null && 'line' in d && typeof d.line === 'number'
    ? d.line
    : undefined;
}

/** Public: a tournament's rating report. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Controller()
export class RatingPagesController {
  constructor(private readonly ratings: RatingsService) {}

  /** `?family=kvizovka` (default: the first family). */
  @Get('ratings')
  async list(@Req() req: AuthedRequest, @Res() res: Response): Promise<void> {
    const page = new PageContext(req, res);
    const asked = page.query('family') ?? FAMILIES[0];
    if (!FAMILIES.includes(asked)) {
      throw new BadInput('VALIDATION_FAILED', `family must be one of ${FAMILIES.join(', ')}`, {
        field: 'family',
      });
    }
    await page.render('public/rating-list', await ratingListModel(page, this.ratings, asked));
  }

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

  /** The report as an A4 PDF (landscape), in the request's language. */
  @Get('tournaments/:id/ratings.pdf')
  async reportPdf(
    @IdParam('id', 'tournament') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const report = await this.ratings.report(id);
    // Loaded by the first report printed: pdfkit and the fonts are not needed at start-up.
    const { ratingReportPdf } =
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require('../render/pdf/rating-report') as typeof import('../render/pdf/rating-report');
    const pdf = await ratingReportPdf(
      {
        tournament: report.tournament,
        date: report.date ? formatDate(page.lang, report.date) : '',
        ...ratingReportModel(page, report),
      },
      page.lang,
    );
    sendPdf(res, pdf, `${slug(report.tournament)}-${slug(page.t('rating.report.title'))}.pdf`);
  }
}

/** The organiser's import of a rating list, after a question. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('organiser')
@Controller('organiser')
export class RatingImportPagesController {
  constructor(
    private readonly ratings: RatingsService,
    private readonly jobs: Jobs,
  ) {}

  /** Posts `csvText`: the list imported whole, or the page again with every bad line named. */
  @Post('ratings/import')
  async importList(
    @PageForm(RatingListForm) form: CheckedForm<RatingListForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { csvText, confirm } = form.values;
    let imported: number;
    try {
      if (!confirm) {
        // A list replaces starting ratings and changes every report: the page asks first.
        const preview = await this.ratings.previewImport(csvText);
        const model: OrganiserConfirmPage = {
          ...page.base(
            page.t('rating.import.title'),
            page.crumbs({ label: page.t('rating.list.title'), url: ratingUrls.list(FAMILIES[0]) }),
          ),
          lines: [page.t('rating.import.what', { n: formatCount(page.lang, preview.lines) })],
          items: [
            page.t('rating.import.new', { n: formatCount(page.lang, preview.newPersons) }),
            page.t('rating.import.replaced', { n: formatCount(page.lang, preview.replaced) }),
          ],
          note: page.t('rating.import.note'),
          action: ratingUrls.importList,
          fields: [{ name: 'csvText', value: csvText }],
          button: page.t('rating.import.button'),
          danger: true,
          cancel: page.t('confirm.cancel'),
          cancelUrl: ratingUrls.list(FAMILIES[0]),
        };
        await page.render('organiser/confirm', model);
        return;
      }
      // The list is imported in a job's process; a long one's page follows it with a progress bar.
      const job = await this.ratings.startImport(csvText, page.user?.id ?? null);
      if (lineCount(csvText) > PAGE_WAIT_LINES) {
        page.redirect(jobUrls.page(job.id));
        return;
      }
      ({ imported } = await this.jobs.outcome(job));
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      const errors = ratingImportErrors(page, e);
      await page.render(
        'public/rating-list',
        await ratingListModel(page, this.ratings, FAMILIES[0], { csvText, errors }),
        e.status,
      );
      return;
    }
    page.redirect(
      withQuery(ratingUrls.list(FAMILIES[0]), { done: 'ratingsImported', n: imported }),
    );
  }
}
