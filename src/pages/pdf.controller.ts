import { Controller, Get, Req, Res, UseFilters } from '@nestjs/common';
import { TableCodesService } from '../table-codes/table-codes.service';
import { printedCode } from '../table-codes/codes';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { DomainError } from '../common/errors';
import { IdParam } from '../common/api/id-param';
import { findRuleSet, VerificationReport } from '../engine';
import type { PdfScorecard, PdfTableCard } from '../render/pdf';
import { playsAtTables } from '../rounds/tables';
import {
  divisionTables,
  DivisionTables,
  metRows,
  tableLineViews,
  tableWallRows,
} from './table-pages';
import { scorecardsOf, DivisionScorecards } from '../standings-api/scorecards';
import type { StandingsSnapshot } from '../standings-api/standings.service';
import { scorecardLines, wallChartRows } from './scorecards';
import type { PdfGameResult, PdfPlayer } from '../render/pdf/types';
import { PlayersService } from '../players/players.service';
import type { PlayerView } from '../players/player.view';
import { ResultsService } from '../results/results.service';
import { RoundsService } from '../rounds/rounds.service';
import type { GameView } from '../rounds/game.view';
import { StandingsService } from '../standings-api/standings.service';
import type { TieBreak } from '../standings/types';
import { TournamentsService } from '../tournaments/tournaments.service';
import { crossTableOf, standingsLines } from './models';
import { ruleSetName } from '../web/rule-set-name';
import { pdfDisposition, slug } from '../web/downloads';
import { PageCache } from '../web/page-cache';
import { PageContext } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { roundQuery } from './public.controller';

let loaded: typeof import('../render/pdf') | null = null;

/**
 * The PDF renderers, loaded by the first document asked for: pdfkit, its font
 * engine and the fonts are a tenth of the server's start-up, and most
 * processes print nothing.
 */
function renderers(): typeof import('../render/pdf') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('../render/pdf') as typeof import('../render/pdf'));
}

const pdfHeaders = (res: Response, filename: string): void => {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', pdfDisposition(filename));
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.status(200);
};

const sendPdf = (res: Response, pdf: Buffer, filename: string): void => {
  pdfHeaders(res, filename);
  res.end(pdf);
};

/**
 * The printable documents (A4, fonts embedded), in the language of the
 * request like the pages: pairings and blank score sheets of a round,
 * standings with the cross-table, a verified game record. Public, as the
 * pages they print are.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Controller()
export class PdfController {
  /** Game records as made, until their game changes. */
  private readonly records = new PageCache();

  constructor(
    private readonly tournaments: TournamentsService,
    private readonly standings: StandingsService,
    private readonly rounds: RoundsService,
    private readonly players: PlayersService,
    private readonly results: ResultsService,
    private readonly codes: TableCodesService,
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
      ? await renderers().crossTablePdf({ ...header, crossTable }, page.lang)
      : await renderers().standingsPdf(
          {
            ...header,
            throughRound: view.round,
            tieBreaks: view.tieBreaks as TieBreak[],
            rows: standingsLines(view.rows),
            crossTable,
          },
          page.lang,
        );
    const name = `${onlyCross ? 'crosstable' : 'standings'}-${slug(tournament.name)}-${slug(division.name, 'division')}-round-${view.round}.pdf`;
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
      const pdf = await renderers().wallChartPdf(
        {
          tournament: snap.tournament.name,
          division: snap.division.name,
          atTables: true,
          rounds: Math.max(dt.rounds, snap.division.roundsPlanned),
          rows: tableWallRows(page.lang, dt, spreads),
        },
        page.lang,
      );
      sendPdf(
        res,
        pdf,
        `wallchart-${slug(snap.tournament.name)}-${slug(snap.division.name, 'division')}-round-${dt.rounds}.pdf`,
      );
      return;
    }
    const cards = scorecardsOf(snap);
    const pdf = await renderers().wallChartPdf(
      {
        tournament: snap.tournament.name,
        division: snap.division.name,
        // Every planned round has its column, so a chart printed early is filled in by hand.
        rounds: Math.max(cards.rounds, snap.division.roundsPlanned),
        rows: wallChartRows(page.lang, cards),
      },
      page.lang,
    );
    sendPdf(
      res,
      pdf,
      `wallchart-${slug(snap.tournament.name)}-${slug(snap.division.name, 'division')}-round-${cards.rounds}.pdf`,
    );
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
      const pdf = await renderers().tableScorecardsPdf(
        {
          tournament: snap.tournament.name,
          division: snap.division.name,
          cards: order.map((p) => pdfTableCard(page, snap, dt, p.id)),
        },
        page.lang,
      );
      sendPdf(
        res,
        pdf,
        `scorecards-${slug(snap.tournament.name)}-${slug(snap.division.name, 'division')}-round-${dt.rounds}.pdf`,
      );
      return;
    }
    const cards = scorecardsOf(snap);
    const pdf = await renderers().scorecardsPdf(
      {
        tournament: snap.tournament.name,
        division: snap.division.name,
        spreadCap: cards.spreadCap,
        cards: cards.chart.map((row) => pdfScorecard(page, snap, cards, row.playerId)),
      },
      page.lang,
    );
    sendPdf(
      res,
      pdf,
      `scorecards-${slug(snap.tournament.name)}-${slug(snap.division.name, 'division')}-round-${cards.rounds}.pdf`,
    );
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
      const pdf = await renderers().tableScorecardsPdf(
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
    const pdf = await renderers().scorecardsPdf(
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
    const { tournament, division, round, people } = await this.round(id, number);
    const name = `pairings-${slug(tournament.name)}-${slug(division.name, 'division')}-round-${number}.pdf`;
    if (playsAtTables(division)) {
      const pdf = await renderers().tablePairingsPdf(
        {
          tournament: tournament.name,
          division: division.name,
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
    const pdf = await renderers().pairingsPdf(
      {
        tournament: tournament.name,
        division: division.name,
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

  @Get('divisions/:id/rounds/:number/sheets.pdf')
  async sheetsPdf(
    @IdParam('id', 'division') id: number,
    @IdParam('number', 'round') number: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { tournament, division, round, people } = await this.round(id, number);
    const rules = findRuleSet(division.ruleSet);
    const options = division.options as { clockMinutes?: number; turnsPerPlayer?: number | null };
    const turns =
      options.turnsPerPlayer !== undefined ? options.turnsPerPlayer : rules?.turnsPerPlayer;
    // Each seat's code, made now if this is the round's first printing, on the sheets judges and
    // organisers print to hand to the tables; a visitor's copy has none (a code is a key). The
    // address its QR code opens is this server's as the browser reached it.
    const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    const codes = new Map(
      page.staff
        ? (await this.codes.roundCodes(id, number)).map((g) => [
            g.gameId,
            g.seats.map((s) => ({ printed: printedCode(s.code), url: `${origin}${s.url}` })),
          ])
        : [],
    );
    if (playsAtTables(division)) {
      const target = (division.options as { targetScore?: number }).targetScore;
      await this.sendSheets(
        res,
        `scoresheets-${slug(tournament.name)}-${slug(division.name, 'division')}-round-${number}.pdf`,
        (out) =>
          renderers().writeTableScoreSheets(
            {
              tournament: tournament.name,
              division: division.name,
              round: number,
              rulesName: ruleSetName(division.ruleSet, page.lang),
              clockMinutes: rules?.cards
                ? undefined
                : (options.clockMinutes ?? rules?.clock.minutes),
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
    await this.sendSheets(
      res,
      `scoresheets-${slug(tournament.name)}-${slug(division.name, 'division')}-round-${number}.pdf`,
      (out) => renderers().writeScoreSheets(sheets, page.lang, out),
    );
  }

  /** Sent as the sheets are made: a round of hundreds of pages is never whole in memory. */
  private async sendSheets(
    res: Response,
    filename: string,
    write: (out: Response) => Promise<void>,
  ): Promise<void> {
    pdfHeaders(res, filename);
    try {
      await write(res);
    } catch (e) {
      // Begun, a document cannot turn into an error page: the reader sees it cut short.
      if (!res.headersSent) throw e;
      res.destroy(e as Error);
    }
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
      ? await renderers().metTablePdf({ ...header, met }, page.lang)
      : await renderers().tableStandingsPdf(
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
    const name = `${onlyMet ? 'crosstable' : 'standings'}-${slug(tournament.name)}-${slug(division.name, 'division')}-round-${view.round}.pdf`;
    sendPdf(res, pdf, name);
  }

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
      return renderers().gameRecordPdf(
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

  /** A round of a division with its tournament and the division's players by id. */
  private async round(divisionId: number, number: number) {
    const { tournament, division } = await this.tournaments.divisionWithTournament(divisionId);
    const round = await this.rounds.get(divisionId, number);
    const people = new Map<number, PlayerView>(
      (await this.players.list(divisionId)).map((p) => [p.id, p]),
    );
    return { tournament, division, round, people };
  }
}

function pdfPlayer(people: Map<number, PlayerView>, p: { id: number; name: string }): PdfPlayer {
  const full = people.get(p.id);
  return { name: p.name, club: full?.club ?? null, rating: full?.rating ?? null, seed: full?.seed };
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
