import { Controller, Get, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { DomainError } from '../common/errors';
import { IdParam } from '../common/api/id-param';
import { VerificationReport } from '../engine';
import { ResultsService } from './results.service';
import { TournamentsService } from '../tournaments/tournaments.service';
import { slug } from '../web/downloads';
import { PageCache } from '../web/page-cache';
import { PageContext } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { pdfHeaders, pdfRenderers } from '../web/pdf-response';

/** A verified game's record (A4, fonts embedded): its board and every turn, kept until the game changes. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Controller()
export class GameRecordPdfController {
  /** Game records as made, until their game changes. */
  private readonly records = new PageCache();

  constructor(
    private readonly results: ResultsService,
    private readonly tournaments: TournamentsService,
  ) {}

  @Get('games/:id/record.pdf')
  async gamePdf(
    @IdParam('id', 'game') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const game = await this.results.game(id);
    // A game with no sheet (a typed result, or none yet) has no record to print: said so, rather
    // than "no such page".
    if (!game.scoresheet) {
      throw new DomainError(404, 'NO_SCORESHEET', `game ${id} has no score sheet`, { game: id });
    }
    const { tournament, division } = await this.tournaments.divisionWithTournament(game.divisionId);
    // A verified game rarely changes: its record is made once per version of the game (a new
    // or removed sheet moves it) and per wording of its heading, and kept.
    const key = JSON.stringify([
      page.lang,
      id,
      tournament.name,
      division.name,
      division.ruleSet,
      division.options,
    ]);
    const record = await this.records.serve(key, game.version, async () => {
      const stored = await this.results.sheet(id);
      return pdfRenderers().gameRecordPdf(
        {
          tournament: tournament.name,
          division: division.name,
          round: game.round,
          table: game.table,
          rules: division.ruleSet,
          options: division.options,
          report: stored.report as VerificationReport,
        },
        page.lang,
      );
    });
    pdfHeaders(res, `game-${slug(tournament.name)}-round-${game.round}-table-${game.table}.pdf`);
    res.setHeader('ETag', record.etag);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.end(record.body);
  }
}
