import { Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { IdParam } from '../common/api/id-param';
import type { MessageKey } from '../i18n';
import type { FieldError, Link, OrganiserConfirmPage } from '../render/view-models';
import type { OrganiserRoundsPage } from './round-page-models';
import { isScheduled, plannedSystem, playsAtTables } from '../tournaments/tournament-rules';
import { SYSTEMS } from '../tournaments/systems';
import { TournamentsService } from '../tournaments/tournaments.service';
import { ConfirmForm, type CheckedForm } from '../web/form-dto';
import { refusal } from '../web/forms';
import { PageForm } from '../web/page-form';
import { PairRoundForm, SwapForm } from './round-forms';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { SameOriginGuard } from '../web/same-origin.guard';
import { urls } from '../web/urls';
import type { RoundView } from './game.view';
import { resultView } from './result-view';
import { basedOnText, missingText } from './based-on';
import { pairingGate, type GateGame } from './pairing-gate';
import { detailsOf } from '../common/errors';
import { RoundsService } from './rounds.service';

/**
 * The organiser's rounds page: pair the next round, swap two players, remove the last round or
 * pair it again (after a page that says what goes with it), results and print links.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('organiser')
@Controller('organiser')
export class RoundsPagesController {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly rounds: RoundsService,
  ) {}

  @Get('divisions/:id/rounds')
  async roundsPage(
    @IdParam('id', 'division') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const model = await this.roundsModel(page, id, []);
    await page.render('organiser/rounds', model);
  }

  /** Posts `system` and `round` (the round the page offered, against a double submit). */
  @Post('divisions/:id/rounds')
  async pair(
    @IdParam('id', 'division') id: number,
    @PageForm(PairRoundForm) form: CheckedForm<PairRoundForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { system, round } = form.values;
    const { roundsPaired } = await this.tournaments.division(id);
    if (form.ok && round !== roundsPaired + 1) form.fail('', 'form.stalePage');
    if (!form.ok) {
      const status = round !== roundsPaired + 1 ? 409 : 400;
      await this.roundsError(page, id, form.errorsIn(page.lang), status);
      return;
    }
    try {
      await this.rounds.pair(id, { system: system! }, page.user);
    } catch (e) {
      await this.roundsRefusal(page, id, e);
      return;
    }
    page.redirect(withQuery(urls.orgRounds(id), { done: 'paired', n: round! }));
  }

  /** Posts `playerA` and `playerB` (player ids). */
  @Post('divisions/:id/rounds/:number/swap')
  async swap(
    @IdParam('id', 'division') id: number,
    @IdParam('number', 'round') number: number,
    @PageForm(SwapForm) form: CheckedForm<SwapForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { playerA: a, playerB: b } = form.values;
    if (form.ok && a === b) form.fail('', 'form.samePlayer');
    if (!form.ok) {
      await this.roundsError(page, id, form.errorsIn(page.lang), 400);
      return;
    }
    try {
      await this.rounds.swap(id, number, { players: [a!, b!] }, page.user);
    } catch (e) {
      await this.roundsRefusal(page, id, e);
      return;
    }
    page.redirect(withQuery(urls.orgRounds(id), { done: 'swapped' }));
  }

  /**
   * Removes the last round: first a page that says what goes with it (its tables, results,
   * score sheets and drafts, counted), then, posted again with `confirm`, the removal.
   */
  @Post('divisions/:id/rounds/:number/delete')
  async deleteRound(
    @IdParam('id', 'division') id: number,
    @IdParam('number', 'round') number: number,
    @PageForm(ConfirmForm) form: CheckedForm<ConfirmForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    await this.roundRemoval(id, number, form.values.confirm, req, res, 'delete');
  }

  /** Pairs the last round again, after the same confirmation as a removal. */
  @Post('divisions/:id/rounds/:number/re-pair')
  async repairRound(
    @IdParam('id', 'division') id: number,
    @IdParam('number', 'round') number: number,
    @PageForm(ConfirmForm) form: CheckedForm<ConfirmForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    await this.roundRemoval(id, number, form.values.confirm, req, res, 'repair');
  }

  private async roundRemoval(
    id: number,
    number: number,
    confirmed: boolean,
    req: AuthedRequest,
    res: Response,
    what: 'delete' | 'repair',
  ): Promise<void> {
    const page = new PageContext(req, res);
    try {
      if (!confirmed) {
        const counts = await this.rounds.removalCounts(id, number);
        const { tournament, division } = await this.tournaments.divisionWithTournament(id);
        const params = {
          n: number,
          division: division.name,
          games: counts.games,
          system: page.t(`system.${plannedSystem(division, number)}` as MessageKey),
        };
        const lost = (['results', 'sheets', 'drafts'] as const)
          .filter((k) => counts[k] > 0)
          .map((k) => page.t(`confirm.lost.${k}`, { n: counts[k] }));
        const model: OrganiserConfirmPage = {
          ...page.base(
            page.t(`confirm.${what}Round.title`, params),
            page.crumbs(
              { label: page.t('page.organiser'), url: urls.organiser },
              { label: tournament.name, url: urls.orgTournament(tournament.id) },
              { label: division.name, url: urls.orgRounds(id) },
            ),
          ),
          lines: [
            page.t(`confirm.${what}Round.what`, params),
            ...(lost.length === 0 ? [page.t('confirm.nothingLost')] : []),
          ],
          items: lost,
          note: lost.length > 0 ? page.t('confirm.roundKept') : '',
          action: what === 'delete' ? urls.deleteRound(id, number) : urls.repairRound(id, number),
          fields: [],
          button: page.t(`confirm.${what}Round.button`, params),
          danger: true,
          cancel: page.t('confirm.cancel'),
          cancelUrl: `${urls.orgRounds(id)}#round-${number}`,
        };
        await page.render('organiser/confirm', model);
        return;
      }
      if (what === 'delete') await this.rounds.unpair(id, number, page.user, true);
      else await this.rounds.repair(id, number, { confirm: true }, page.user);
    } catch (e) {
      await this.roundsRefusal(page, id, e);
      return;
    }
    page.redirect(
      withQuery(urls.orgRounds(id), {
        done: what === 'delete' ? 'deleted' : 'repaired',
        n: number,
      }),
    );
  }

  // ------------------------------------------------------------ models

  private async roundsModel(
    page: PageContext,
    divisionId: number,
    errors: FieldError[],
  ): Promise<OrganiserRoundsPage & { all: RoundView[] }> {
    const { tournament, division } = await this.tournaments.divisionWithTournament(divisionId);
    const all = await this.rounds.list(divisionId);
    const paired = all.length;
    const nextRound = paired < division.roundsPlanned ? paired + 1 : null;
    const planned = plannedSystem(division, nextRound ?? Math.max(paired, 1));
    const gate =
      nextRound === null
        ? null
        : pairingGate(
            nextRound,
            planned,
            division.pairingLag,
            all.flatMap((r) =>
              r.games.map((g) => ({
                round: r.number,
                table: g.table,
                status: g.status as GateGame['status'],
              })),
            ),
          );
    const last = all[all.length - 1];
    const prints: Link[] = [
      { label: page.t('division.printStandings'), url: urls.standingsPdf(divisionId) },
    ];
    return {
      ...page.base(
        `${page.t('division.rounds')} · ${division.name}`,
        page.crumbs(
          { label: page.t('page.organiser'), url: urls.organiser },
          { label: tournament.name, url: urls.orgTournament(tournament.id) },
        ),
        page.flashFromQuery(),
      ),
      all,
      tournament: { name: tournament.name, url: urls.orgTournament(tournament.id) },
      division: {
        name: division.name,
        playersUrl: urls.orgPlayers(divisionId),
        publicUrl: urls.standings(divisionId),
      },
      nextRound,
      pairBlocked:
        gate && gate.missing.length > 0
          ? {
              message: page.t('org.pairBlocked', {
                n: nextRound!,
                missing: missingText(page.t.bind(page), gate.missing),
              }),
              basis:
                division.pairingLag > 0
                  ? page.t('org.pairBlockedLag', {
                      basedOn: gate.completeThrough ?? 0,
                      lag: division.pairingLag,
                    })
                  : undefined,
              hint: division.pairingLag === 0 ? page.t('org.pairBlockedHint') : undefined,
              settingsUrl: urls.orgDivisionSettings(divisionId),
            }
          : undefined,
      pairAction: urls.orgRounds(divisionId),
      systems: SYSTEMS,
      system: SYSTEMS.find((s) => s === planned) ?? 'swiss',
      errors,
      atTables: playsAtTables(division),
      rounds: [...all].reverse().map((r) => {
        const played = r.games.some((g) => g.status === 'complete');
        return {
          number: r.number,
          basedOn: basedOnText(page.t.bind(page), r.basedOn),
          notes: r.notes,
          pending: r.pending,
          games: r.games.map((g) => ({
            table: g.table,
            first: { id: g.first.id, name: g.first.name },
            second: g.second ? { id: g.second.id, name: g.second.name } : null,
            result: resultView(g.result),
            resultUrl: g.second ? urls.result(g.id) : undefined,
            sheetUrl: g.second ? urls.sheet(g.id) : undefined,
            // A table of more than two: every seat in turn order, never seats 1 and 2 as a pair.
            ...(g.seats?.length
              ? {
                  seats: g.seats.map((s) => ({
                    id: s.player.id,
                    name: s.player.name,
                    score: s.score,
                    place: s.place,
                  })),
                  done: g.status === 'complete',
                }
              : {}),
          })),
          swapAction: played ? undefined : urls.swap(divisionId, r.number),
          deleteAction: r === last ? urls.deleteRound(divisionId, r.number) : undefined,
          repairAction:
            r === last && !isScheduled(r.system)
              ? urls.repairRound(divisionId, r.number)
              : undefined,
          prints: [
            {
              label: page.t('division.printPairings'),
              url: urls.pairingsPdf(divisionId, r.number),
            },
            { label: page.t('division.printSheets'), url: urls.sheetsPdf(divisionId, r.number) },
          ],
          deskUrl: urls.desk(divisionId, r.number),
          resultsUrl: urls.roundResults(divisionId, r.number),
        };
      }),
      prints,
    };
  }

  private async roundsError(
    page: PageContext,
    divisionId: number,
    errors: FieldError[],
    status: number,
  ): Promise<void> {
    const model = await this.roundsModel(page, divisionId, errors);
    await page.render('organiser/rounds', { ...model, flash: null }, status);
  }

  /** A refusal of the pairing service, in words; a round in progress names its tables. */
  private async roundsRefusal(page: PageContext, divisionId: number, e: unknown): Promise<void> {
    const model = await this.roundsModel(page, divisionId, []);
    // The results missing up to the round the pairing would be based on, with their figures.
    const missing = detailsOf(e, 'ROUND_IN_PROGRESS')?.missing ?? [];
    const where = missingText(page.t.bind(page), missing);
    const { status, message } = refusal(page.lang, e, { where });
    await page.render(
      'organiser/rounds',
      { ...model, flash: null, errors: [{ field: '', message }] },
      status,
    );
  }
}
