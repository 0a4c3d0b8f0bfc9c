import { MessageKey, t } from '../i18n';
import { Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { IdParam } from '../common/api/id-param';
import { DomainError } from '../common/errors';
import type { Lang } from '../i18n';
import { AWARD_KINDS, PrizeProblem } from './prize-table';
import type { AwardKind } from './prizes';
import { PrizesService, PrizeTableRefused, PrizeTableView } from './prizes.service';
import { refusal } from '../web/forms';
import type { CheckedForm } from '../web/form-dto';
import { PageForm } from '../web/page-form';
import { PRIZE_CLASSES, PRIZE_PLACES, PrizeTableForm } from './prize-forms';
import { slug } from '../web/downloads';
import { sendPdf } from '../web/pdf-response';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import {
  OrgPrizesPage,
  prizeAsText,
  prizeFromText,
  PrizeListPage,
  prizeListModel,
  prizeUrls,
} from './prize-models';
import { SameOriginGuard } from '../web/same-origin.guard';
import { urls } from '../web/urls';

/** Public: a division's prize list and the statistics of its verified sheets, page and PDF. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Controller()
export class PrizePagesController {
  constructor(private readonly prizes: PrizesService) {}

  @Get('divisions/:id/prizes')
  async list(
    @IdParam('id', 'division') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const data = await this.prizes.division(id);
    const model = prizeListModel(page.lang, data);
    const divisions = await this.prizes.divisions(data.tournament.id);
    const full: PrizeListPage = {
      ...page.base(
        `${model.title} · ${data.division.name}`,
        page.crumbs({ label: data.tournament.name, url: urls.tournament(data.tournament.id) }),
      ),
      ...model,
      pdfUrl: prizeUrls.pdf(id),
      pdfLabel: t(page.lang, 'prizes.pdf'),
      divisions:
        divisions.length > 1
          ? divisions.map((d) => ({
              name: d.name,
              url: prizeUrls.list(d.id),
              current: d.id === id,
            }))
          : [],
      editUrl: page.user?.role === 'organiser' ? prizeUrls.edit(data.tournament.id) : null,
      editLabel: t(page.lang, 'prizes.edit'),
    };
    await page.render('public/prizes', full);
  }

  /** The prize list and statistics as an A4 PDF, in the request's language. */
  @Get('divisions/:id/prizes.pdf')
  async pdf(
    @IdParam('id', 'division') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const data = await this.prizes.division(id);
    // Loaded by the first list printed: pdfkit and the fonts are not needed at start-up.
    const { prizeListPdf } =
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require('./prize-list-pdf') as typeof import('./prize-list-pdf');
    const pdf = await prizeListPdf(prizeListModel(page.lang, data), page.lang);
    sendPdf(
      res,
      pdf,
      `${slug(data.tournament.name)}-${slug(data.division.name)}-${slug(t(page.lang, 'prizes.title'))}.pdf`,
    );
  }
}

/** The organiser's: a tournament's prize table. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('organiser')
@Controller('organiser')
export class PrizeOrganiserController {
  constructor(private readonly prizes: PrizesService) {}

  @Get('tournaments/:id/prizes')
  async form(
    @IdParam('id', 'tournament') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const table = await this.prizes.get(id);
    await this.render(page, id, table, null, null, [], 200);
  }

  @Post('tournaments/:id/prizes')
  async save(
    @IdParam('id', 'tournament') id: number,
    @PageForm(PrizeTableForm) form: CheckedForm<PrizeTableForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const typed = form.values;
    const fieldOf: string[] = [];
    const places: unknown[] = [];
    for (let i = 1; i <= PRIZE_PLACES; i++) places.push(prizeFromText(typed.places[i]));
    while (places.length && Object.keys(places[places.length - 1] as object).length === 0)
      places.pop();
    const classes: unknown[] = [];
    for (let i = 1; i <= PRIZE_CLASSES; i++) {
      const name = typed.classNames[i].trim();
      const below = typed.classBelows[i].trim();
      const prizes = typed.classPrizes[i].trim();
      if (!name && !below && !prizes) continue;
      fieldOf[classes.length] = String(i);
      classes.push({
        name,
        below: /^\d+$/.test(below) ? Number(below) : below,
        prizes: prizes ? prizes.split('/').map(prizeFromText) : [],
      });
    }
    const kinds: AwardKind[] = [];
    const awards = AWARD_KINDS.filter((k) => typed.awards[k] !== '').map((kind) => {
      kinds.push(kind);
      const p = prizeFromText(typed.awardPrizes[kind]);
      return { kind, prize: p.amount === undefined ? null : p };
    });
    const sent = {
      currency: typed.currency,
      onePrizePerPlayer: typed.onePrizePerPlayer,
      places,
      classes,
      awards,
    };
    const version = /^\d+$/.test(typed.version) ? Number(typed.version) : undefined;
    try {
      await this.prizes.put(id, sent, version);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      const table = await this.prizes.get(id);
      if (e instanceof PrizeTableRefused) {
        const error = {
          field: formField(e.problem, fieldOf, kinds),
          message: problemText(page.lang, e.problem),
        };
        await this.render(page, id, table, sent, form, [error], 400);
        return;
      }
      if (e.code === 'STALE_VERSION') {
        // Changed by someone else meanwhile: the form keeps what was typed, with the version
        // the table is at now, so that saving again is a choice made knowing it.
        const message = t(page.lang, 'prizes.org.stale');
        await this.render(page, id, table, sent, form, [{ field: '', message }], e.status);
        return;
      }
      await this.render(
        page,
        id,
        table,
        null,
        null,
        [{ field: '', message: refusal(page.lang, e).message }],
        e.status,
      );
      return;
    }
    page.redirect(withQuery(prizeUrls.edit(id), { done: 'saved' }));
  }

  private async render(
    page: PageContext,
    id: number,
    table: PrizeTableView,
    sent: {
      currency: string;
      onePrizePerPlayer: boolean;
      places: unknown[];
      classes: unknown[];
      awards: { kind: AwardKind; prize: unknown }[];
    } | null,
    form: CheckedForm<PrizeTableForm> | null,
    errors: { field: string; message: string }[],
    status: number,
  ): Promise<void> {
    const lang = page.lang;
    const tx = (key: MessageKey, params?: Record<string, string | number>) => t(lang, key, params);
    // What was typed, to show the form again; none when the table is shown as it is.
    const typed = form?.values;
    const tournamentName = (await this.prizes.tournamentName(id)) ?? `#${id}`;
    const placeCount = Math.min(
      PRIZE_PLACES,
      Math.max(5, table.places.length + 3, sent ? sent.places.length + 1 : 0),
    );
    const classCount = Math.min(PRIZE_CLASSES, Math.max(2, table.classes.length + 1));
    const divisions = await this.prizes.divisions(id);
    const model: OrgPrizesPage = {
      ...page.base(
        tx('prizes.org.title', { name: tournamentName }),
        page.crumbs(
          { label: page.t('page.organiser'), url: urls.organiser },
          { label: tournamentName, url: urls.orgTournament(id) },
        ),
        page.flashFromQuery(),
      ),
      intro: tx('prizes.org.intro'),
      action: prizeUrls.edit(id),
      version: table.version,
      currency: {
        name: 'currency',
        label: tx('prizes.org.currency'),
        hint: tx('prizes.org.currencyHint'),
        value: form ? form.typed('currency') : table.currency,
      },
      onePrize: {
        label: tx('prizes.org.onePrize'),
        checked: sent ? sent.onePrizePerPlayer : table.onePrizePerPlayer,
      },
      placesTitle: tx('prizes.org.places'),
      places: Array.from({ length: placeCount }, (_, i) => ({
        name: `place${i + 1}`,
        label: tx('prizes.org.place', { n: i + 1 }),
        value: typed ? typed.places[i + 1] : prizeAsText(lang, table.places[i] ?? null),
      })),
      classesTitle: tx('prizes.org.classes'),
      classesHint: tx('prizes.org.classesHint'),
      classes: Array.from({ length: classCount }, (_, i) => {
        const c = table.classes[i];
        const n = i + 1;
        return {
          name: {
            name: `class${n}Name`,
            label: tx('prizes.org.className', { n }),
            value: typed ? typed.classNames[n] : (c?.name ?? ''),
          },
          below: {
            name: `class${n}Below`,
            label: tx('prizes.org.classBelow', { n }),
            value: typed ? typed.classBelows[n] : c ? String(c.below) : '',
          },
          prizes: {
            name: `class${n}Prizes`,
            label: tx('prizes.org.classPrizes', { n }),
            value: typed
              ? typed.classPrizes[n]
              : c
                ? c.prizes.map((p) => prizeAsText(lang, p)).join('/')
                : '',
          },
        };
      }),
      awardsTitle: tx('prizes.org.awards'),
      awards: AWARD_KINDS.map((kind) => {
        const given = table.awards.find((a) => a.kind === kind);
        const award = tx(`award.${kind}`);
        return {
          kind,
          label: award,
          checked: sent ? sent.awards.some((a) => a.kind === kind) : given !== undefined,
          prize: {
            name: `award-${kind}-prize`,
            label: tx('prizes.org.awardPrize', { award }),
            value: typed ? typed.awardPrizes[kind] : prizeAsText(lang, given?.prize ?? null),
          },
        };
      }),
      save: tx('prizes.org.save'),
      lists: divisions.map((d) => ({
        label: tx('prizes.org.list', { division: d.name }),
        url: prizeUrls.list(d.id),
      })),
      errors,
    };
    await page.render('organiser/prizes', model, status);
  }
}

/** The form's field a problem of the API's names (`classes[1].below` → `class2Below`). */
function formField(p: PrizeProblem, classRow: string[], kinds: AwardKind[]): string {
  let m = /^places\[(\d+)\]/.exec(p.field);
  if (m) return `place${Number(m[1]) + 1}`;
  m = /^classes\[(\d+)\]\.(name|below|prizes)/.exec(p.field);
  if (m) {
    const row = classRow[Number(m[1])] ?? String(Number(m[1]) + 1);
    return `class${row}${m[2].charAt(0).toUpperCase()}${m[2].slice(1)}`;
  }
  m = /^awards\[(\d+)\]/.exec(p.field);
  if (m) return `award-${kinds[Number(m[1])]}-prize`;
  if (p.field === 'currency') return 'currency';
  return '';
}

/** A refused field in the page's language, with its figures. */
function problemText(lang: Lang, p: PrizeProblem): string {
  return t(lang, `prizeErr.${p.code}`, { field: p.field, ...p.params });
}
