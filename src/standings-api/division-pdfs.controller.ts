import { PlayersService } from '../players/players.service';
import { pdfPlayer, RoundPrintouts } from './round-printouts';
import { Controller, Get, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { IdParam } from '../common/api/id-param';
import type { PdfScorecard, PdfTableCard } from '../render/pdf';
import { playsAtTables } from '../tournaments/tournament-rules';
import {
  divisionTables,
  DivisionTables,
  metRows,
  tableLineViews,
  tableWallRows,
} from './table-pages';
import { scorecardsOf, DivisionScorecards } from './scorecards';
import type { StandingsSnapshot } from './standings.service';
import { scorecardLines, wallChartRows } from './scorecard-lines';
import type { PdfGameResult } from '../render/pdf/types';
import { RoundsService } from '../rounds/rounds.service';
import type { GameView } from '../rounds/game.view';
import { StandingsService } from './standings.service';
import type { TieBreak } from '../standings/types';
import { crossTableOf, roundQuery, standingsLines } from './division-page-models';
import { slug } from '../web/downloads';
import { PageContext } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';

import { divisionPdfName, pdfRenderers, sendPdf } from '../web/pdf-response';
import { basedOnText } from '../rounds/based-on';

/**
 * A division's printouts (A4, fonts embedded), in the language of the request like the pages:
 * standings with the cross-table, the wall chart, scorecards and a round's pairings. Public, as
 * the pages they print are.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Controller()
export class DivisionPdfsController {
  constructor(
    private readonly standings: StandingsService,
    private readonly rounds: RoundsService,
    private readonly players: PlayersService,
    private readonly printouts: RoundPrintouts,
  ) {}

  /** `?round=N` for the standings after round N; `?only=crosstable` for the cross-table alone. */
  @Get('divisions/:id/standings.pdf')
  async standingsPdf(
    @IdParam('id', 'division') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const snap = await this.standings.snapshot(id, roundQuery(page, 0));
    const { view, tournament, division } = snap;
    if (playsAtTables(division)) {
      await this.tableStandingsPdf(page, res, snap);
      return;
    }
    const crossTable = crossTableOf(view.rows, snap.records, view.round);
    const header = { tournament: tournament.name, division: division.name };
    const onlyCross = page.query('only') === 'crosstable';
    const pdf = onlyCross
      ? await pdfRenderers().crossTablePdf({ ...header, crossTable }, page.lang)
      : await pdfRenderers().standingsPdf(
          {
            ...header,
            throughRound: view.round,
            tieBreaks: view.tieBreaks as TieBreak[],
            rows: standingsLines(view.rows),
            crossTable,
          },
          page.lang,
        );
    const name = divisionPdfName(
      onlyCross ? 'crosstable' : 'standings',
      tournament,
      division,
      view.round,
    );
    sendPdf(res, pdf, name);
  }

  /** The wall chart: landscape, players by seed, a column for every round planned. */
  @Get('divisions/:id/wallchart.pdf')
  async wallChartPdf(
    @IdParam('id', 'division') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const snap = await this.standings.snapshot(id);
    if (playsAtTables(snap.division)) {
      const dt = divisionTables(snap, await this.rounds.list(id));
      const spreads = new Map(snap.view.rows.map((r) => [String(r.playerId), r.spread]));
      const pdf = await pdfRenderers().wallChartPdf(
        {
          tournament: snap.tournament.name,
          division: snap.division.name,
          atTables: true,
          rounds: Math.max(dt.rounds, snap.division.roundsPlanned),
          rows: tableWallRows(page.lang, dt, spreads),
        },
        page.lang,
      );
      sendPdf(res, pdf, divisionPdfName('wallchart', snap.tournament, snap.division, dt.rounds));
      return;
    }
    const cards = scorecardsOf(snap);
    const pdf = await pdfRenderers().wallChartPdf(
      {
        tournament: snap.tournament.name,
        division: snap.division.name,
        // Every planned round has its column, so a chart printed early is filled in by hand.
        rounds: Math.max(cards.rounds, snap.division.roundsPlanned),
        rows: wallChartRows(page.lang, cards),
      },
      page.lang,
    );
    sendPdf(res, pdf, divisionPdfName('wallchart', snap.tournament, snap.division, cards.rounds));
  }

  /** Every player's scorecard, in seed order, a page each: for the director to print. */
  @Get('divisions/:id/scorecards.pdf')
  async scorecardsPdf(
    @IdParam('id', 'division') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const snap = await this.standings.snapshot(id);
    if (playsAtTables(snap.division)) {
      const dt = divisionTables(snap, await this.rounds.list(id));
      const order = [...snap.players].sort((a, b) => a.seed - b.seed);
      const pdf = await pdfRenderers().tableScorecardsPdf(
        {
          tournament: snap.tournament.name,
          division: snap.division.name,
          cards: order.map((p) => pdfTableCard(page, snap, dt, p.id)),
        },
        page.lang,
      );
      sendPdf(res, pdf, divisionPdfName('scorecards', snap.tournament, snap.division, dt.rounds));
      return;
    }
    const cards = scorecardsOf(snap);
    const pdf = await pdfRenderers().scorecardsPdf(
      {
        tournament: snap.tournament.name,
        division: snap.division.name,
        spreadCap: cards.spreadCap,
        cards: cards.chart.map((row) => pdfScorecard(page, snap, cards, row.playerId)),
      },
      page.lang,
    );
    sendPdf(res, pdf, divisionPdfName('scorecards', snap.tournament, snap.division, cards.rounds));
  }

  @Get('players/:id/scorecard.pdf')
  async scorecardPdf(
    @IdParam('id', 'player') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const player = await this.players.get(id);
    const snap = await this.standings.snapshot(player.divisionId);
    if (playsAtTables(snap.division)) {
      const dt = divisionTables(snap, await this.rounds.list(player.divisionId));
      const pdf = await pdfRenderers().tableScorecardsPdf(
        {
          tournament: snap.tournament.name,
          division: snap.division.name,
          cards: [pdfTableCard(page, snap, dt, id)],
        },
        page.lang,
      );
      sendPdf(
        res,
        pdf,
        `scorecard-${slug(snap.tournament.name)}-${slug(player.name, 'player')}-round-${dt.rounds}.pdf`,
      );
      return;
    }
    const cards = scorecardsOf(snap);
    const pdf = await pdfRenderers().scorecardsPdf(
      {
        tournament: snap.tournament.name,
        division: snap.division.name,
        spreadCap: cards.spreadCap,
        cards: [pdfScorecard(page, snap, cards, String(id))],
      },
      page.lang,
    );
    sendPdf(
      res,
      pdf,
      `scorecard-${slug(snap.tournament.name)}-${slug(player.name, 'player')}-round-${cards.rounds}.pdf`,
    );
  }

  @Get('divisions/:id/rounds/:number/pairings.pdf')
  async pairingsPdf(
    @IdParam('id', 'division') id: number,
    @IdParam('number', 'round') number: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { tournament, division, round, people } = await this.printouts.round(id, number);
    const name = divisionPdfName('pairings', tournament, division, number);
    const subtitle = basedOnText(page.t.bind(page), round.basedOn);
    if (playsAtTables(division)) {
      const pdf = await pdfRenderers().tablePairingsPdf(
        {
          tournament: tournament.name,
          division: division.name,
          subtitle,
          round: number,
          tables: round.games.map((g) => ({
            table: g.table,
            seats: g.seats?.length
              ? g.seats.map((s) => ({
                  player: pdfPlayer(people, s.player),
                  score: s.score,
                  place: s.place,
                }))
              : [g.first, ...(g.second ? [g.second] : [])].map((p) => ({
                  player: pdfPlayer(people, p),
                })),
          })),
        },
        page.lang,
      );
      sendPdf(res, pdf, name);
      return;
    }
    const pdf = await pdfRenderers().pairingsPdf(
      {
        tournament: tournament.name,
        division: division.name,
        subtitle,
        round: number,
        tables: round.games.map((g) => ({
          table: g.table,
          first: pdfPlayer(people, g.first),
          second: g.second ? pdfPlayer(people, g.second) : null,
          result: pdfResult(g),
        })),
      },
      page.lang,
    );
    sendPdf(res, pdf, name);
  }

  /** Standings of a division at tables, with the "met" grid (`?only=crosstable`: the grid alone). */
  private async tableStandingsPdf(
    page: PageContext,
    res: Response,
    snap: StandingsSnapshot,
  ): Promise<void> {
    const { view, tournament, division } = snap;
    const dt = divisionTables(snap, await this.rounds.list(division.id));
    const met = { through: view.round, rows: metRows(snap, dt.tables) };
    const header = { tournament: tournament.name, division: division.name };
    const onlyMet = page.query('only') === 'crosstable';
    const pdf = onlyMet
      ? await pdfRenderers().metTablePdf({ ...header, met }, page.lang)
      : await pdfRenderers().tableStandingsPdf(
          {
            ...header,
            throughRound: view.round,
            tableSize: view.tableSize ?? division.tableSize,
            showCards: view.tieBreaks.includes('cards'),
            tieBreaks: view.tieBreaks,
            rows: view.rows.map((r) => ({
              rank: r.rank,
              name: r.name,
              club: r.club,
              active: r.active,
              points: r.points,
              places: r.places ?? [],
              tables: r.gamesPlayed,
              totalScore: r.totalScore,
              spread: r.spread,
              cards: r.cards,
              byes: r.byes,
              absences: r.absences,
            })),
            met,
          },
          page.lang,
        );
    const name = divisionPdfName(
      onlyMet ? 'crosstable' : 'standings',
      tournament,
      division,
      view.round,
    );
    sendPdf(res, pdf, name);
  }
}

function pdfResult(g: GameView): PdfGameResult | null {
  if (!g.result || g.second === null) return null;
  const s = g.result.scores;
  return {
    scores: s && s.length === 2 ? [s[0], s[1]] : null,
    winner: g.result.winner,
    reason: g.result.reason === 'score' || g.result.reason === 'draw' ? undefined : g.result.reason,
  };
}

/** One player's tables for the PDF: the page's lines, the others at the table in one text. */
function pdfTableCard(
  page: PageContext,
  snap: StandingsSnapshot,
  dt: DivisionTables,
  playerId: number,
): PdfTableCard {
  const p = dt.players.get(String(playerId))!;
  const row = snap.view.rows.find((r) => r.playerId === playerId);
  return {
    name: p.name,
    seed: p.seed,
    club: p.club,
    rank: row?.rank ?? null,
    points: row?.points ?? null,
    spread: row?.spread ?? null,
    withdrawn: !p.active,
    lines: tableLineViews(page.lang, dt, String(playerId)).map((l) => ({
      round: l.round,
      tableSeat: l.tableSeat,
      others: l.othersText,
      score: l.score,
      placeText: l.placeText,
      pointsText: l.pointsText,
      runningPoints: l.runningPoints,
      outcome: l.outcome,
    })),
  };
}

/** One player's card for the PDF: the page's lines with the opponent's number before the name. */
function pdfScorecard(
  page: PageContext,
  snap: StandingsSnapshot,
  cards: DivisionScorecards,
  playerId: string,
): PdfScorecard {
  const p = cards.players.get(playerId)!;
  const row = snap.view.rows.find((r) => String(r.playerId) === playerId);
  return {
    name: p.name,
    seed: p.seed,
    club: p.club,
    rank: row?.rank ?? null,
    points: row?.points ?? null,
    spread: row?.spread ?? null,
    withdrawn: !p.active,
    lines: scorecardLines(page.lang, cards, playerId).map((l) => ({
      round: l.round,
      opponent: l.opponent ? `#${l.opponent.seed} ${l.opponent.name}` : '',
      order: l.order,
      score: l.score,
      opponentScore: l.opponentScore,
      spreadText: l.spreadText,
      result: l.result,
      outcome: l.outcome,
      record: l.record,
      runningSpread: l.runningSpread,
    })),
  };
}
