import { Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { IdParam } from '../common/api/id-param';
import { DomainError } from '../common/errors';
import type { MessageKey } from '../i18n';
import { formatClock, formatDate, formatSpread } from '../i18n';
import { FAMILIES } from './families';
import type { RatingHistoryPoint } from './person-records';
import { chartGeometry, ChartSeries, chartSvg, legendSwatch } from './rating-chart';
import { PersonPageData, RegistryService } from './registry.service';
import type { OrganiserConfirmPage, PageBase } from '../render/view-models';
import type { CheckedForm } from '../web/form-dto';
import { PageForm } from '../web/page-form';
import { MergeForm } from './registry-forms';
import { ruleSetName } from '../web/rule-set-name';
import { PageContext, withQuery } from '../web/page-context';
import { SameOriginGuard } from '../web/same-origin.guard';
import { PageErrorFilter } from '../web/page-error.filter';
import { urls } from '../web/urls';

/** A person's page: who they are, their ratings, tournaments and games across events. */
export interface PersonPage extends PageBase {
  person: {
    id: number;
    name: string;
    club: string | null;
    country: string | null;
    federationId: string | null;
  };
  /** For an organiser: the form that merges this person into another. */
  mergeAction?: string;
  /** For an organiser: the person's edit page. */
  editUrl?: string;
  showRatings: boolean;
  ratings: { family: string; url: string; rating: number; games: number }[];
  events: {
    startsOn: string | null;
    tournament: string;
    tournamentUrl: string;
    division: string;
    playerUrl: string;
    family: string;
    wins: number;
    draws: number;
    losses: number;
    /** At tables: `1-0-2-0` (how often 1st, 2nd, …) instead of wins, draws and losses. */
    places?: string;
  }[];
  /** The rating after each rated tournament: the chart (SVG, escaped) and its figures as a table. */
  history: {
    svg: string;
    legend: { family: string; swatch: string }[];
    /** More than one family: the table names each row's. */
    manyFamilies: boolean;
    rows: {
      date: string;
      tournament: string;
      tournamentUrl: string;
      family: string;
      rating: number;
      change: string;
    }[];
  } | null;
  /** Figures from the verified score sheets, per family; null with none. */
  statistics: {
    games: number;
    families: {
      family: string;
      games: number;
      average: string;
      longWords: { label: string; n: number } | null;
      bingos: number;
      highestPlay: { text: string; url: string } | null;
      timeInWins: string;
    }[];
  } | null;
  /** Some game has a replay (the games' table gets its column). */
  anyReplay: boolean;
  /** Some division was played at tables (the record column says places), some in pairs (W-D-L). */
  anyPlaces: boolean;
  anyPairs: boolean;
  games: {
    tournament: string;
    round: number;
    opponent: string;
    opponentUrl?: string;
    outcome: string;
    result: string;
    gameUrl: string;
    /** The game's replay, when it has a score sheet the engine read. */
    replayUrl?: string;
    replayLabel?: string;
    score: number | null;
    opponentScore: number | null;
    /** A table of more than two: the others in turn order, and the place once in. */
    table?: {
      others: {
        name: string;
        url?: string;
        seat: number;
        score: number | null;
        place: number | null;
      }[];
      place: number | null;
    };
  }[];
}

export const personUrl = (id: number): string => `/persons/${id}`;
export const mergeUrl = (id: number): string => `/organiser/persons/${id}/merge`;

/** The registry's public pages. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Controller()
export class RegistryPagesController {
  constructor(private readonly registry: RegistryService) {}

  @Get('persons/:id')
  async person(
    @IdParam('id', 'person') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const data = await this.registry.page(id);
    const p = data.detail;
    const tournaments = new Map(p.events.map((e) => [e.tournamentId, e.tournament]));
    const result = (outcome: string, forfeit: boolean): string => {
      if (outcome === 'pending') return page.t('person.pending');
      if (outcome === 'placed') return '';
      const word = page.t(`result.${outcome}` as MessageKey);
      return forfeit ? `${word} (${page.t('person.forfeit')})` : word;
    };
    const model: PersonPage = {
      ...page.base(p.name, page.crumbs(), page.flashFromQuery()),
      person: {
        id: p.id,
        name: p.name,
        club: p.club,
        country: p.country,
        federationId: p.federationId,
      },
      mergeAction: page.user?.role === 'organiser' ? mergeUrl(id) : undefined,
      editUrl: page.user?.role === 'organiser' ? urls.editPerson(id) : undefined,
      showRatings: true,
      ratings: (await this.registry.ratings(id)).map((r) => ({
        ...r,
        family: ruleSetName(r.family, page.lang),
        url: `/ratings?family=${encodeURIComponent(r.family)}`,
      })),
      events: p.events.map((e) => ({
        startsOn: e.startsOn,
        tournament: e.tournament,
        tournamentUrl: urls.tournament(e.tournamentId),
        division: e.division,
        playerUrl: urls.player(e.playerId),
        family: ruleSetName(e.family, page.lang),
        wins: e.wins,
        draws: e.draws,
        losses: e.losses,
        ...(e.places ? { places: e.places.join('-') } : {}),
      })),
      history: historyModel(page, data.history),
      statistics: statisticsModel(page, data),
      anyReplay: p.games.some((g) => data.replayable.has(g.gameId)),
      anyPlaces: p.events.some((e) => e.places),
      anyPairs: p.events.some((e) => !e.places),
      games: p.games.map((g) => ({
        tournament: tournaments.get(g.tournamentId) ?? '',
        round: g.round,
        opponent: g.opponent ?? page.t('result.bye'),
        opponentUrl: g.opponentPersonId !== null ? personUrl(g.opponentPersonId) : undefined,
        outcome: g.outcome,
        result: result(g.outcome, g.forfeit),
        gameUrl: urls.game(g.gameId),
        ...(data.replayable.has(g.gameId)
          ? {
              replayUrl: urls.replay(g.gameId),
              replayLabel: page.t('person.replayLabel', {
                round: g.round,
                tournament: tournaments.get(g.tournamentId) ?? '',
              }),
            }
          : {}),
        score: g.score,
        opponentScore: g.opponentScore,
        ...(g.table
          ? {
              table: {
                place: g.table.place,
                others: g.table.others.map((o) => ({
                  name: o.name,
                  url: o.personId !== null ? personUrl(o.personId) : undefined,
                  seat: o.seat,
                  score: o.score,
                  place: o.place,
                })),
              },
            }
          : {}),
      })),
    };
    await page.render('public/person', model);
  }
}

/** The rating history's chart (one line a family), its legend and its figures as a table. */
function historyModel(page: PageContext, history: RatingHistoryPoint[]): PersonPage['history'] {
  if (history.length === 0) return null;
  const families = FAMILIES.filter((f) => history.some((h) => h.family === f));
  for (const h of history) if (!families.includes(h.family)) families.push(h.family);
  const name = (family: string): string => ruleSetName(family, page.lang);
  const series: ChartSeries[] = families.map((f) => ({
    label: name(f),
    points: history
      .filter((h) => h.family === f)
      .map((h) => ({ date: h.date, rating: h.new, event: h.tournament })),
  }));
  const date = (d: string): string => formatDate(page.lang, d);
  const svg = chartSvg(chartGeometry(series), {
    summary: page.t('person.chart.summary', {
      lines: series
        .map((s) =>
          page.t('person.chart.line', {
            family: s.label,
            first: s.points[0].rating,
            last: s.points[s.points.length - 1].rating,
            n: s.points.length,
          }),
        )
        .join('; '),
    }),
    date,
    pointTitle: (family, p, d) =>
      page.t('person.chart.point', { family, event: p.event, date: d, rating: p.rating }),
  });
  return {
    svg,
    legend: series.map((s, n) => ({ family: s.label, swatch: legendSwatch(n) })),
    manyFamilies: series.length > 1,
    rows: history.map((h) => ({
      date: h.date,
      tournament: h.tournament,
      tournamentUrl: urls.tournament(h.tournamentId),
      family: name(h.family),
      rating: h.new,
      change: h.old === null ? '' : formatSpread(h.new - h.old),
    })),
  };
}

/** The figures from verified sheets, as the page writes them; null when no game has one. */
function statisticsModel(page: PageContext, data: PersonPageData): PersonPage['statistics'] {
  if (data.verifiedGames === 0) return null;
  const decimal = new Intl.NumberFormat(page.lang === 'en' ? 'en' : 'sr-Latn', {
    maximumFractionDigits: 1,
  });
  return {
    games: data.verifiedGames,
    families: data.statistics.map((s) => ({
      family: ruleSetName(s.family, page.lang),
      games: s.games,
      average: decimal.format(s.averageScore),
      longWords:
        s.longWordLength === null
          ? null
          : { label: page.t('person.stats.longWords', { n: s.longWordLength }), n: s.longWords },
      bingos: s.bingos,
      highestPlay: s.highestPlay
        ? {
            text: page.t('person.stats.highestPlayValue', {
              score: s.highestPlay.score,
              play: s.highestPlay.play,
            }),
            url: urls.game(s.highestPlay.gameId),
          }
        : null,
      timeInWins:
        s.averageTimeLeftInWins === null
          ? page.t('person.stats.noWins')
          : formatClock(s.averageTimeLeftInWins),
    })),
  };
}

/** The organiser's: merging a person into another, after a question that says what moves. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('organiser')
@Controller('organiser')
export class RegistryOrganiserController {
  constructor(private readonly registry: RegistryService) {}

  /** Posts `into` (the person who stays); then, with `confirm`, the merge. */
  @Post('persons/:id/merge')
  async merge(
    @IdParam('id', 'person') id: number,
    @PageForm(MergeForm) form: CheckedForm<MergeForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const back = personUrl(id);
    const { into } = form.values;
    if (into === null) {
      page.redirect(withQuery(back, { refused: 'UNKNOWN_PERSON' }));
      return;
    }
    try {
      if (!form.values.confirm) {
        const p = await this.registry.mergePreview(id, into);
        const params = {
          name: p.from.name,
          id: p.from.id,
          into: p.into.name,
          intoId: p.into.id,
          n: p.tournaments.length,
        };
        const model: OrganiserConfirmPage = {
          ...page.base(
            page.t('person.merge.confirmTitle', params),
            page.crumbs({ label: p.from.name, url: back }),
          ),
          lines: [page.t('person.merge.what', params)],
          items: p.tournaments,
          note: page.t('person.merge.note'),
          action: mergeUrl(id),
          fields: [{ name: 'into', value: into }],
          button: page.t('person.merge.confirmButton'),
          danger: true,
          cancel: page.t('confirm.cancel'),
          cancelUrl: back,
        };
        await page.render('organiser/confirm', model);
        return;
      }
      await this.registry.merge(id, into);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      page.redirect(withQuery(back, { refused: e.code }));
      return;
    }
    page.redirect(withQuery(personUrl(into), { done: 'saved' }));
  }
}
