import { Controller, Get, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { NotFound } from '../common/errors';
import { IdParam } from '../common/api/id-param';
import { gameReportSection } from '../render/game-section';
import type {
  CrossTablePage,
  DivisionPageBase,
  GamePage,
  PairingsPage,
  PlayerPage,
  StandingsPage,
  StandingsRowView,
  WallChartPage,
} from './division-page-models';
import type { VerificationReport } from '../engine';
import { PlayersService } from '../players/players.service';
import { ResultsService } from '../results/results.service';
import { RoundsService } from '../rounds/rounds.service';
import type { GameView } from '../rounds/game.view';
import { rowRest, StandingsService, StandingsSnapshot } from './standings.service';
import type { StandingsRowView as ApiStandingsRow } from './standings.view';
import type { TieBreak } from '../standings/types';
import { crossTableOf, divisionPage, roundQuery, standingsLines } from './division-page-models';
import { gameHeading, playerRef } from '../rounds/game-heading';
import { liveRef } from '../web/live-ref';
import { resultView } from '../rounds/result-view';
import { PageCache } from '../web/page-cache';
import { KEPT_AS, keptBytes, KeptParts } from '../render/kept';
import { scorecardLines, wallChartRows } from './scorecard-lines';
import { scorecardsOf } from './scorecards';
import { PageContext } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { urls } from '../web/urls';
import { playsAtTables } from '../tournaments/tournament-rules';
import { basedOnText } from '../rounds/based-on';
import { personUrl } from '../registry/registry-pages.controller';
import {
  divisionTables,
  metRows,
  MetRow,
  tableLineViews,
  TableLineView,
  tableWallRows,
} from './table-pages';

/** Games whose division is remembered at most (then the list starts again). */
const GAME_DIVISIONS = 100_000;

/**
 * A division's public pages: standings, pairings, cross-table (or the "met" grid of a division
 * at tables), wall chart, a player's scorecard and a game's board and turns. Server-rendered,
 * no script. Pages for visitors who are not signed in are kept rendered until the division
 * changes.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Controller()
export class DivisionPagesController {
  private readonly cache = new PageCache();
  /** Each game's division, learned when its page is first asked for. */
  private readonly gameDivisions = new Map<number, number>();

  constructor(
    private readonly standings: StandingsService,
    private readonly rounds: RoundsService,
    private readonly players: PlayersService,
    private readonly results: ResultsService,
  ) {}

  /** `?round=N`: standings after round N (default: the last round paired). */
  @Get('divisions/:id/standings')
  async standingsPage(
    @IdParam('id', 'division') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const round = roundQuery(page, 0);
    const snap = await this.snapshot(id, round);
    const path = urls.standings(id, round);
    await this.cached(
      page,
      snap,
      path,
      async () => {
        const { view, tournament, division } = snap;
        const base = divisionPage(
          page,
          tournament,
          division,
          view.roundsPaired,
          page.t('division.standings'),
        );
        // The standings PDF of the round shown.
        if (round !== undefined && base.prints) {
          base.prints[0] = {
            label: `${page.t(playsAtTables(division) ? 'division.printStandingsMet' : 'division.printStandings')} · ${page.t('common.roundShort', { n: view.round })}`,
            url: urls.standingsPdf(id, round),
          };
        }
        const model: StandingsPage & KeptParts = {
          ...base,
          throughRound: view.round > 0 ? view.round : null,
          roundLinks:
            view.roundsPaired > 1
              ? Array.from({ length: view.roundsPaired }, (_, i) => ({
                  label: page.t('common.roundShort', { n: i + 1 }),
                  url: urls.standings(id, i + 1),
                  current: i + 1 === view.round,
                }))
              : undefined,
          tieBreaks: view.tieBreaks as TieBreak[],
          ...(view.tableSize
            ? { tableSize: view.tableSize, showCards: view.tieBreaks.includes('cards') }
            : {}),
          rows: view.rows.map(standingsPageLine),
          keptParts: [],
        };
        return keptBytes(await page.renderToString('public/standings', model), model);
      },
      round,
    );
  }

  /** `?round=N`: that round (default: the last one), with links to every round. */
  @Get('divisions/:id/pairings')
  async pairingsPage(
    @IdParam('id', 'division') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const asked = roundQuery(page, 1);
    const snap = await this.snapshot(id);
    const paired = snap.view.roundsPaired;
    if (asked !== undefined && asked > paired) throw new NotFound(`round ${asked} of division`, id);
    const number = asked ?? paired;
    const path = urls.pairings(id, asked);
    await this.cached(
      page,
      snap,
      path,
      async () => {
        const round = number > 0 ? await this.rounds.get(id, number) : null;
        const model: PairingsPage = {
          ...divisionPage(
            page,
            snap.tournament,
            snap.division,
            paired,
            page.t('division.pairings'),
          ),
          atTables: playsAtTables(snap.division),
          deskUrl: page.staff && number > 0 ? urls.desk(id, number) : undefined,
          rounds: round
            ? [
                {
                  number: round.number,
                  basedOn: basedOnText(page.t.bind(page), round.basedOn),
                  pending: round.pending,
                  games: round.games.map((g) => ({
                    table: g.table,
                    first: playerRef(g.first),
                    second: g.second ? playerRef(g.second) : null,
                    result: resultView(g.result),
                    gameUrl: g.second
                      ? g.seats && page.staff
                        ? urls.result(g.id)
                        : this.gameLink(page, g)
                      : undefined,
                    ...(g.seats
                      ? {
                          seats: g.seats.map((s) => ({
                            player: playerRef(s.player),
                            score: s.score,
                            place: s.place,
                          })),
                        }
                      : {}),
                  })),
                  absent: namesOf(round.notPaired, 'absent'),
                  withdrawn: namesOf(round.notPaired, 'withdrawn'),
                },
              ]
            : [],
          roundLinks:
            paired > 1
              ? Array.from({ length: paired }, (_, i) => ({
                  label: page.t('common.round', { n: i + 1 }),
                  url: urls.pairings(id, i + 1),
                  current: i + 1 === number,
                }))
              : undefined,
        };
        return page.renderToString('public/pairings', model);
      },
      asked,
    );
  }

  @Get('divisions/:id/crosstable')
  async crossTablePage(
    @IdParam('id', 'division') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const snap = await this.snapshot(id);
    if (playsAtTables(snap.division)) {
      await this.cached(page, snap, urls.crosstable(id), () => this.metPage(page, snap));
      return;
    }
    await this.cached(page, snap, urls.crosstable(id), () => {
      const { view } = snap;
      const table = crossTableOf(view.rows, snap.records, view.round);
      const model: CrossTablePage = {
        ...divisionPage(
          page,
          snap.tournament,
          snap.division,
          view.roundsPaired,
          page.t('division.crosstable'),
        ),
        rounds: table.rounds,
        rows: table.rows.map((row, i) => ({
          rank: row.rank,
          name: row.name,
          url: urls.player(view.rows[i].playerId),
          points: row.points ?? 0,
          cells: [...row.cells],
        })),
      };
      return page.renderToString('public/crosstable', model);
    });
  }

  /** The player's scorecard: every round paired so far, with the running record and spread. */
  @Get('players/:id')
  async playerPage(
    @IdParam('id', 'player') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const player = await this.players.get(id);
    const snap = await this.snapshot(player.divisionId);
    await this.cached(page, snap, urls.player(id), async () => {
      const row = snap.view.rows.find((r) => r.playerId === id);
      const { tournament, division } = snap;
      const tables = playsAtTables(division)
        ? divisionTables(snap, await this.rounds.list(division.id))
        : null;
      const games = tables ? [] : await this.rounds.gamesOfPlayer(id);
      const cards = scorecardsOf(snap);
      const byRound = new Map(games.map((g) => [g.round, g]));
      const model: PlayerPage & {
        personUrl?: string;
        atTables?: boolean;
        tables?: (TableLineView & { gameUrl?: string })[];
      } = {
        ...page.base(
          player.name,
          page.crumbs(
            { label: tournament.name, url: urls.tournament(tournament.id) },
            { label: division.name, url: urls.standings(division.id) },
          ),
        ),
        tournament: { name: tournament.name, url: urls.tournament(tournament.id) },
        division: { name: division.name, url: urls.standings(division.id) },
        player: {
          name: player.name,
          club: player.club,
          rating: player.rating,
          seed: player.seed,
          active: player.active,
          absentRounds: player.absentRounds.length > 0 ? player.absentRounds.join(', ') : null,
          rank: row?.rank ?? null,
          points: row?.points ?? null,
          spread: row?.spread ?? null,
        },
        ...(tables
          ? {
              atTables: true,
              tables: tableLineViews(page.lang, tables, String(id)).map((l) => ({
                ...l,
                // Visitors go to the table's page; judges and organisers to its result form.
                gameUrl:
                  l.gameId === null || l.seat === null
                    ? undefined
                    : page.staff
                      ? urls.result(l.gameId)
                      : urls.game(l.gameId),
              })),
            }
          : {}),
        lines: (tables ? [] : scorecardLines(page.lang, cards, String(id))).map((line) => {
          const g = byRound.get(line.round);
          return {
            ...line,
            table: g && g.second ? g.table : null,
            gameUrl: g && g.second ? this.gameLink(page, g) : undefined,
          };
        }),
        spreadCap: cards.spreadCap,
        printUrl: urls.scorecardPdf(id),
        personUrl: player.personId !== null ? personUrl(player.personId) : undefined,
      };
      return page.renderToString('public/player', model);
    });
  }

  /** One row per player in seed order, one column per round: opponent, result, running record. */
  @Get('divisions/:id/wallchart')
  async wallChartPage(
    @IdParam('id', 'division') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const snap = await this.snapshot(id);
    await this.cached(page, snap, urls.wallchart(id), async () => {
      if (playsAtTables(snap.division)) {
        const tables = divisionTables(snap, await this.rounds.list(id));
        const spreads = new Map(snap.view.rows.map((r) => [String(r.playerId), r.spread]));
        const model: WallChartPage & { atTables: boolean } = {
          ...divisionPage(
            page,
            snap.tournament,
            snap.division,
            snap.view.roundsPaired,
            page.t('division.wallchart'),
          ),
          atTables: true,
          rounds: tables.rounds,
          rows: tableWallRows(page.lang, tables, spreads).map((r) => ({
            ...r,
            url: urls.player(r.id),
          })),
        };
        return page.renderToString('public/wallchart', model);
      }
      const cards = scorecardsOf(snap);
      const model: WallChartPage = {
        ...divisionPage(
          page,
          snap.tournament,
          snap.division,
          snap.view.roundsPaired,
          page.t('division.wallchart'),
        ),
        rounds: cards.rounds,
        rows: wallChartRows(page.lang, cards).map((r) => ({ ...r, url: urls.player(r.id) })),
      };
      return page.renderToString('public/wallchart', model);
    });
  }

  @Get('games/:id')
  async gamePage(
    @IdParam('id', 'game') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    // A game never moves to another division: once its division is known, a kept page is
    // served on the division's revision alone, without a query (a verified game's page, with
    // its board drawn, costs a render of tens of milliseconds).
    let divisionId = this.gameDivisions.get(id);
    if (divisionId === undefined) {
      divisionId = (await this.results.game(id)).divisionId;
      if (this.gameDivisions.size >= GAME_DIVISIONS) this.gameDivisions.clear();
      this.gameDivisions.set(id, divisionId);
    }
    const snap = await this.snapshot(divisionId);
    await this.cached(page, snap, urls.game(id), async () => {
      const game = await this.results.game(id);
      const { tournament, division } = snap;
      const stored = game.scoresheet ? await this.results.sheet(id) : null;
      const report = (stored?.report ?? null) as VerificationReport | null;
      const heading = gameHeading(page, game);
      const model: GamePage = {
        ...page.base(
          heading.seats
            ? heading.seats.map((s) => s.player.name).join(' – ')
            : `${heading.first.name} – ${heading.second.name}`,
          page.crumbs(
            { label: tournament.name, url: urls.tournament(tournament.id) },
            { label: division.name, url: urls.pairings(division.id, game.round) },
          ),
        ),
        game: heading,
        result: resultView(game.result),
        sheet: report
          ? gameReportSection(report, page.lang, {
              rules: division.ruleSet,
              ruleOptions: division.options,
            })
          : null,
        printUrl: report ? urls.gamePdf(id) : undefined,
        replayUrl: report ? urls.replay(id) : undefined,
        ...(game.seats
          ? {
              showClocks: game.seats.some((s) => s.remaining !== null),
              showCards: game.seats.some((s) => s.cards !== null),
            }
          : {}),
      };
      return page.renderToString('public/game', model);
    });
  }

  /** The "met" grid that stands in for the cross-table of a division played at tables. */
  private async metPage(page: PageContext, snap: StandingsSnapshot): Promise<string> {
    const { view } = snap;
    const tables = divisionTables(snap, await this.rounds.list(snap.division.id));
    const rows = metRows(snap, tables.tables);
    const model: DivisionPageBase & { met: { seeds: number[]; rows: MetRow[]; through: number } } =
      {
        ...divisionPage(
          page,
          snap.tournament,
          snap.division,
          view.roundsPaired,
          page.t('division.met'),
        ),
        met: { seeds: rows.map((r) => r.seed), rows, through: view.round },
      };
    return page.renderToString('public/crosstable', model);
  }

  private snapshot(divisionId: number, round?: number): Promise<StandingsSnapshot> {
    return this.standings.snapshot(divisionId, round);
  }

  /** The game's page for visitors; its score-sheet entry for judges and organisers. */
  private gameLink(page: PageContext, g: GameView): string {
    return page.staff ? urls.sheet(g.id) : urls.game(g.id);
  }

  /**
   * Sends a division page, from the cache when nobody is signed in and nothing
   * changed (the snapshot's revision is the division's current one, known in
   * memory: a hit reads nothing from the database). The page is live: its
   * content reloads when the division changes. `path` is the page's canonical
   * path (the parameters it reads, no others), so that a stray query neither
   * fills the cache nor reaches the page's language links.
   */
  private async cached(
    page: PageContext,
    snap: Pick<StandingsSnapshot, 'revision' | 'division'>,
    path: string,
    render: () => Promise<string | Buffer>,
    round?: number,
  ): Promise<void> {
    const { revision } = snap;
    const division = snap.division.id;
    page.canonicalPath = path;
    page.live = liveRef(division, revision);
    if (page.staff) {
      page.send(await render());
      return;
    }
    const key = `${page.lang} ${path}`;
    // A page of a round before the last paired one stays as made while only later rounds' results change.
    const of =
      round !== undefined
        ? {
            round,
            holds: (since: number) => this.standings.unchangedThrough(division, round, since),
          }
        : undefined;
    page.sendKept(await this.cache.serve(key, revision, render, division, of));
  }
}

/** The standings page's line of each row, made once for the row (rows are kept while unchanged). */
const pageLines = new WeakMap<ApiStandingsRow, StandingsRowView & { url: string }>();

/** A row of the standings as a line of the standings page, linking to the player. */
function standingsPageLine(row: ApiStandingsRow): StandingsRowView & { url: string } {
  let line = pageLines.get(row);
  if (!line) {
    line = { ...standingsLines([row])[0], url: urls.player(row.playerId) };
    // Lines that differ only in their rank share their kept output ({{#eachKept … vary="rank"}}).
    (line as { [KEPT_AS]?: object })[KEPT_AS] = rowRest(row);
    pageLines.set(row, line);
  }
  return line;
}

/** The names of the players a round did not pair for `reason`, joined; null when none. */
function namesOf(
  notPaired: readonly { player: { name: string }; reason: 'absent' | 'withdrawn' }[],
  reason: 'absent' | 'withdrawn',
): string | null {
  const names = notPaired.filter((n) => n.reason === reason).map((n) => n.player.name);
  return names.length > 0 ? names.join(', ') : null;
}
