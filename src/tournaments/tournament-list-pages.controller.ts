import { Controller, Get, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { TournamentAccess } from '../auth/tournament-access';
import { IdParam } from '../common/api/id-param';
import { formatDateTime } from '../i18n/time';
import { ft } from '../sheet-form';
import { EntriesOpen } from './entries-open';
import type { TournamentsPage } from './tournament-page-models';
import { TournamentsService } from './tournaments.service';
import type { TournamentView } from './tournament.view';
import { ruleSetName } from '../web/rule-set-name';
import { PageContext } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { SameOriginGuard } from '../web/same-origin.guard';
import { playsAtTables } from './tournament-rules';
import { ratingUrls, urls } from '../web/urls';

/** The public list of tournaments (the home page) and one tournament's page. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Controller()
export class TournamentListPagesController {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly dataSource: DataSource,
    private readonly entriesOpen: EntriesOpen,
  ) {}

  @Get()
  async home(@Req() req: AuthedRequest, @Res() res: Response): Promise<void> {
    const page = new PageContext(req, res);
    const all = await this.tournaments.list();
    await page.render(
      'public/tournaments',
      tournamentsPage(page, page.t('tournaments.title'), all, []),
    );
  }

  @Get('tournaments/:id')
  async tournament(
    @IdParam('id', 'tournament') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const t = await this.tournaments.get(id);
    const model = tournamentsPage(page, t.name, [t], page.crumbs());
    // Entries online, while they are open: where to enter, and the list.
    const until = await this.entriesOpen.openUntil(this.dataSource.manager, id);
    if (until !== null) {
      const zone = page.timeZoneOf(t);
      model.tournaments[0].entries = {
        text: page.t('entry.stateOpen', {
          deadline: `${formatDateTime(page.lang, new Date(until), zone)} (${zone})`,
        }),
        enterUrl: urls.enter(id),
        listUrl: urls.entryList(id),
      };
    }
    await page.render('public/tournaments', { ...model, copyOf: t.copyOf });
  }

  /** Browsers ask for it on every site; there is none. */
  @Get('favicon.ico')
  favicon(@Res() res: Response): void {
    res.status(204).setHeader('Cache-Control', 'public, max-age=86400').end();
  }
}

/** The judge's first page: the tournaments, and the check of a sheet of no game. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('judge')
@Controller('judge')
export class JudgeHomeController {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly access: TournamentAccess,
  ) {}

  /**
   * The tournaments, as the public list: a signed-in judge's pairings link to the score sheets;
   * each division once paired links to its last round's desk and that round's results page.
   */
  @Get()
  async home(@Req() req: AuthedRequest, @Res() res: Response): Promise<void> {
    const page = new PageContext(req, res);
    // The tournaments the judge has a role in (all for the administrator).
    const held = await this.access.tournamentsOf(page.user!);
    const list = (await this.tournaments.list()).filter((t) => held === 'all' || held.has(t.id));
    const model: TournamentsPage = {
      ...page.base(page.t('page.judge'), page.crumbs()),
      sheetCheck: { url: '/judge/check', label: ft(page.lang, 'form.checkLink') },
      tournaments: list.map((t) => ({
        name: t.name,
        divisions: t.divisions.map((d) => ({
          ...divisionLine(page, d),
          ...(d.roundsPaired > 0
            ? {
                desk: {
                  url: urls.desk(d.id, d.roundsPaired),
                  label: page.t('desk.title', { n: d.roundsPaired }),
                },
                results: {
                  url: urls.roundResults(d.id, d.roundsPaired),
                  label: page.t('roundResults.title', { n: d.roundsPaired }),
                },
              }
            : {}),
        })),
      })),
    };
    await page.render('public/tournaments', model);
  }
}

/** A division as the lists of tournaments show it: its rules, size and its pages. */
function divisionLine(page: PageContext, d: TournamentView['divisions'][number]) {
  return {
    name: d.name,
    rules: ruleSetName(d.ruleSet, page.lang),
    players: d.players,
    rounds: d.rounds,
    standingsUrl: urls.standings(d.id),
    pairingsUrl: urls.pairings(d.id),
    crosstableUrl: urls.crosstable(d.id),
    ...(playsAtTables(d) ? { atTables: true } : {}),
  };
}

/** The tournament list (or one tournament) as the public page shows it. */
function tournamentsPage(
  page: PageContext,
  title: string,
  list: TournamentView[],
  crumbs: { label: string; url: string }[],
): TournamentsPage & {
  tournaments: (TournamentsPage['tournaments'][number] & {
    ratingsUrl?: string;
  })[];
} {
  return {
    ...page.base(title, crumbs),
    tournaments: list.map((t) => ({
      name: t.name,
      // A closed tournament's games are rated: its rating report.
      ratingsUrl: t.closedAt ? ratingUrls.report(t.id) : undefined,
      place: t.place,
      startDate: t.startDate,
      endDate: t.endDate,
      copyOf: t.copyOf,
      divisions: t.divisions.map((d) => ({
        ...divisionLine(page, d),
        wallchartUrl: urls.wallchart(d.id),
      })),
    })),
  };
}
