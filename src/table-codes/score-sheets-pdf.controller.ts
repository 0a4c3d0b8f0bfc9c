import { pdfPlayer, RoundPrintouts } from '../standings-api/round-printouts';
import { Controller, Get, Req, Res, UseFilters } from '@nestjs/common';
import { TableCodesService } from './table-codes.service';
import { printedCode } from './codes';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { TournamentAccess } from '../auth/tournament-access';
import { IdParam } from '../common/api/id-param';
import { findRuleSet } from '../engine';
import { playsAtTables } from '../tournaments/tournament-rules';
import { ruleSetName } from '../web/rule-set-name';
import { PageContext } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { divisionPdfName, pdfRenderers, sendPdfAsMade } from '../web/pdf-response';

/**
 * A round's blank score sheets, a table a page, each seat's code printed on the copies the
 * tournament's own judges and directors print (a visitor's copy, or another club's judge's,
 * has none: a code is a key to the game's result). Sent as they are made.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Controller()
export class ScoreSheetsPdfController {
  constructor(
    private readonly printouts: RoundPrintouts,
    private readonly codes: TableCodesService,
    private readonly access: TournamentAccess,
  ) {}

  @Get('divisions/:id/rounds/:number/sheets.pdf')
  async sheetsPdf(
    @IdParam('id', 'division') id: number,
    @IdParam('number', 'round') number: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { tournament, division, round, people } = await this.printouts.round(id, number);
    const rules = findRuleSet(division.ruleSet);
    const name = divisionPdfName('scoresheets', tournament, division, number);
    const options = division.options as { clockMinutes?: number; turnsPerPlayer?: number | null };
    const turns =
      options.turnsPerPlayer !== undefined ? options.turnsPerPlayer : rules?.turnsPerPlayer;
    // Each seat's code, made now if this is the round's first printing, on the sheets the
    // tournament's judges and directors print to hand to the tables; anyone else's copy has none
    // (a code is a key). The address its QR code opens is this server's as the browser reached it.
    const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    const codes = new Map(
      (await this.access.actsIn(page.user, tournament.id))
        ? (await this.codes.roundCodes(id, number)).map((g) => [
            g.gameId,
            g.seats.map((s) => ({ printed: printedCode(s.code), url: `${origin}${s.url}` })),
          ])
        : [],
    );
    if (playsAtTables(division)) {
      const target = (division.options as { targetScore?: number }).targetScore;
      await sendPdfAsMade(res, name, (out) =>
        pdfRenderers().writeTableScoreSheets(
          {
            tournament: tournament.name,
            division: division.name,
            round: number,
            rulesName: ruleSetName(division.ruleSet, page.lang),
            clockMinutes: rules?.cards ? undefined : (options.clockMinutes ?? rules?.clock.minutes),
            turnsPerPlayer: turns ?? undefined,
            cardGame: rules?.cards !== undefined,
            targetScore: target ?? rules?.targetScore ?? undefined,
            tables: round.games
              .filter((g) => (g.seats?.length ?? 0) > 1)
              .map((g) => ({
                table: g.table,
                seats: g.seats!.map((s) => pdfPlayer(people, s.player)),
                codes: codes.get(g.id),
              })),
          },
          page.lang,
          out,
        ),
      );
      return;
    }
    const sheets = {
      tournament: tournament.name,
      division: division.name,
      round: number,
      rulesName: ruleSetName(division.ruleSet, page.lang),
      // A card game has no game clock to print.
      clockMinutes: rules?.cards ? undefined : (options.clockMinutes ?? rules?.clock.minutes),
      turnsPerPlayer: turns ?? undefined,
      cardGame: rules?.cards !== undefined,
      games: round.games
        .filter((g) => g.second !== null)
        .map((g) => ({
          table: g.table,
          first: pdfPlayer(people, g.first),
          second: pdfPlayer(people, g.second!),
          codes: codes.get(g.id),
        })),
    };
    await sendPdfAsMade(res, name, (out) =>
      pdfRenderers().writeScoreSheets(sheets, page.lang, out),
    );
  }
}
