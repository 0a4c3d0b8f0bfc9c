import { Controller, Get, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { IdParam } from '../common/api/id-param';
import type { MessageKey } from '../i18n';
import { RatingsService } from '../ratings/ratings.service';
import { RegistryService } from '../registry/registry.service';
import type { PageBase } from '../render/view-models';
import { ruleSetName } from './models';
import { PageContext } from './page-context';
import { PageErrorFilter } from './page-error.filter';
import { urls } from './urls';

/** A person's page: who they are, their ratings, tournaments and games across events. */
export interface PersonPage extends PageBase {
  person: {
    name: string;
    club: string | null;
    country: string | null;
    federationId: string | null;
  };
  showRatings: boolean;
  ratings: { family: string; rating: number; games: number }[];
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
  }[];
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
  }[];
}

export const personUrl = (id: number): string => `/persons/${id}`;

/** The registry's public pages. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Controller()
export class RegistryPagesController {
  constructor(
    private readonly registry: RegistryService,
    private readonly ratings: RatingsService,
  ) {}

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
      const word = page.t(`result.${outcome}` as MessageKey);
      return forfeit ? `${word} (${page.t('person.forfeit')})` : word;
    };
    const model: PersonPage = {
      ...page.base(p.name, page.crumbs()),
      person: { name: p.name, club: p.club, country: p.country, federationId: p.federationId },
      showRatings: true,
      ratings: (await this.ratings.ofPerson(id)).map((r) => ({
        ...r,
        family: ruleSetName(r.family),
      })),
      events: p.events.map((e) => ({
        startsOn: e.startsOn,
        tournament: e.tournament,
        tournamentUrl: urls.tournament(e.tournamentId),
        division: e.division,
        playerUrl: urls.player(e.playerId),
        family: ruleSetName(e.family),
        wins: e.wins,
        draws: e.draws,
        losses: e.losses,
      })),
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
      })),
    };
    await page.render('public/person', model);
  }
}
