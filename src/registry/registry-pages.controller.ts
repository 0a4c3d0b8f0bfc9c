import { Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { IdParam } from '../common/api/id-param';
import { DomainError } from '../common/errors';
import type { MessageKey } from '../i18n';
import { RegistryService } from './registry.service';
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
    const p = await this.registry.detail(id);
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
