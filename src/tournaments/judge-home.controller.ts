import { Controller, Get, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { ft } from '../sheet-form';
import { playsAtTables } from '../rounds/tables';
import { TournamentsService } from './tournaments.service';
import { ruleSetName } from '../web/rule-set-name';
import { PageContext } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { SameOriginGuard } from '../web/same-origin.guard';
import { urls } from '../web/urls';

/** The judge's first page: the tournaments, and the check of a sheet of no game. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('judge')
@Controller('judge')
export class JudgeHomeController {
  constructor(private readonly tournaments: TournamentsService) {}

  /** The tournaments, as the public list: a signed-in judge's pairings link to the score sheets. */
  @Get()
  async home(@Req() req: AuthedRequest, @Res() res: Response): Promise<void> {
    const page = new PageContext(req, res);
    const list = await this.tournaments.list();
    await page.render('public/tournaments', {
      ...page.base(page.t('page.judge'), page.crumbs()),
      sheetCheck: { url: '/judge/check', label: ft(page.lang, 'form.checkLink') },
      tournaments: list.map((t) => ({
        name: t.name,
        divisions: t.divisions.map((d) => ({
          name: d.name,
          rules: ruleSetName(d.ruleSet, page.lang),
          players: d.players,
          rounds: d.rounds,
          standingsUrl: urls.standings(d.id),
          pairingsUrl: urls.pairings(d.id),
          crosstableUrl: urls.crosstable(d.id),
          ...(playsAtTables(d) ? { atTables: true } : {}),
        })),
      })),
    });
  }
}
