import { Controller, Get, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { BadInput, DomainError, ErrorDetails } from '../common/errors';
import { IdParam } from '../common/api/id-param';
import {
  compileRules,
  findRuleSet,
  gcgToScoresheet,
  GamePositions,
  parseGcg,
  readScoresheet,
  replayPositions,
  Scoresheet,
  scoresheetToGcg,
  VerificationReport,
  writeGcg,
} from '../engine';
import type { Lang } from '../i18n';
import { t } from '../i18n';
import { boardInputFor, buildBoardModel, BOARD_COLOURS } from '../render/board-model';
import { boardLegend, LegendEntry, renderBoardSvg } from '../render/board-svg';
import { buildCardGridModel, cardGridLegend, renderCardGridSvg } from '../render/card-grid';
import { presentReport, ReportPresentation } from '../render/report-view';
import { ResultsService } from '../results/results.service';
import { gameHeading } from '../rounds/game-heading';
import type { GameView } from '../rounds/game.view';
import { escapeXml } from '../render/escape';
import { PageCache } from '../web/page-cache';
import { PageContext } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { REPLAY_SCRIPT } from '../web/replay-script';
import { urls } from '../web/urls';
import { WordsService } from '../words/words.service';
import type { ReplayPage, ReplayRulingLine } from './replay-page-models';
import { StandingsService, StandingsSnapshot } from './standings.service';

declare module '../common/errors' {
  interface ErrorDetails {
    /** A turn asked for that the sheet does not have: the last one it has. */
    TURN_OUT_OF_RANGE: { max: number };
  }
}

/** Games whose division is remembered at most (then the list starts again). */
const GAME_DIVISIONS = 100_000;
/** Replays whose positions are kept at most, by game and division revision. */
const KEPT_REPLAYS = 64;

/** A replay as made once for all its turns: the sheet, its positions and the game page's turn lines. */
interface Replay {
  sheet: Scoresheet;
  positions: GamePositions;
  report: VerificationReport;
  rulings: {
    turn: number | null;
    words: string[];
    verdict: 'VALID' | 'INVALID';
    by: string | null;
  }[];
}

/**
 * A verified game turn by turn (`/games/:id/replay?turn=N`) and its GCG record
 * (`/games/:id/replay.gcg`). Public like the game page, kept like it until the division
 * changes: each turn is a page of its own, and the page's script steps between them.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Controller()
export class ReplayPagesController {
  private readonly cache = new PageCache();
  private readonly gameDivisions = new Map<number, number>();
  /** Replays made, by `revision game`: stepping through a game replays it once, not once a turn. */
  private readonly replays = new Map<string, Promise<Replay>>();

  constructor(
    private readonly standings: StandingsService,
    private readonly results: ResultsService,
    private readonly words: WordsService,
  ) {}

  @Get('games/:id/replay')
  async replayPage(
    @IdParam('id', 'game') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const asked = turnQuery(page);
    const snap = await this.snapshot(id);
    const path = asked === undefined ? urls.replay(id) : urls.replay(id, asked);
    page.canonicalPath = path;
    const render = async (): Promise<string> => {
      const game = await this.results.game(id);
      const replay = await this.replay(game, snap);
      return page.renderToString('public/replay', this.model(page, snap, game, replay, asked ?? 0));
    };
    if (page.staff) {
      page.send(await render());
      return;
    }
    const key = `${page.lang} ${path}`;
    page.sendKept(await this.cache.serve(key, snap.revision, render, snap.division.id));
  }

  @Get('games/:id/replay.gcg')
  async gcg(
    @IdParam('id', 'game') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    new PageContext(req, res);
    const snap = await this.snapshot(id);
    // Not under the page's key (`lang path`): the pages served before routing are HTML.
    const kept = await this.cache.serve(`gcg ${id}`, snap.revision, async () => {
      const game = await this.results.game(id);
      const replay = await this.replay(game, snap);
      if (findRuleSet(replay.sheet.rules)?.cards) {
        throw new DomainError(
          404,
          'NO_GCG',
          `game ${id} is a card game: GCG records crossword games`,
          {
            game: id,
          },
        );
      }
      return writeGcg(scoresheetToGcg(replay.sheet, replay.report));
    });
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="game-${id}.gcg"`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', kept.etag);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.status(200).end(kept.body);
  }

  /** The division's snapshot of the game (its revision decides whether a kept page holds). */
  private async snapshot(id: number): Promise<StandingsSnapshot> {
    let divisionId = this.gameDivisions.get(id);
    if (divisionId === undefined) {
      divisionId = (await this.results.game(id)).divisionId;
      if (this.gameDivisions.size >= GAME_DIVISIONS) this.gameDivisions.clear();
      this.gameDivisions.set(id, divisionId);
    }
    return this.standings.snapshot(divisionId);
  }

  /** The game replayed from its stored sheet, once per revision of its division; 404 without one. */
  private replay(game: GameView, snap: StandingsSnapshot): Promise<Replay> {
    const key = `${snap.revision} ${game.id}`;
    let made = this.replays.get(key);
    if (!made) {
      made = this.makeReplay(game, snap.division.ruleSet);
      if (this.replays.size >= KEPT_REPLAYS) this.replays.delete(this.replays.keys().next().value!);
      this.replays.set(key, made);
      made.catch(() => this.replays.delete(key));
    }
    return made;
  }

  private async makeReplay(game: GameView, ruleSet: string): Promise<Replay> {
    const none = () =>
      new DomainError(404, 'NO_REPLAY', `game ${game.id} has no verified score sheet to replay`, {
        game: game.id,
      });
    if (!game.scoresheet) throw none();
    const stored = await this.results.sheet(game.id);
    if (stored.report === null) throw none();
    const sheet = storedSheet(stored.text, ruleSet);
    if (!sheet) throw none();
    const positions = replayPositions(sheet);
    const report = stored.report as VerificationReport;
    const rulings = (await this.words.gameRulings(game.id)).map((r) => ({
      turn: r.turn,
      words: r.words,
      verdict: r.verdict,
      by: r.userName,
    }));
    // The stored report (the game page's, judged with the tournament's word list) for the turns'
    // words and findings, when it has every turn; the positions are the engine's.
    const whole = report.turns?.length === sheet.turns.length ? report : positions.report;
    return { sheet, positions, report: whole, rulings };
  }

  private model(
    page: PageContext,
    snap: StandingsSnapshot,
    game: GameView,
    replay: Replay,
    asked: number,
  ): ReplayPage {
    const { lang } = page;
    const { sheet, positions, report } = replay;
    const total = sheet.turns.length;
    if (asked > total) {
      throw new BadInput(
        'TURN_OUT_OF_RANGE',
        `turn must be from 0 to ${total}, the sheet's turns`,
        {
          max: total,
        } satisfies ErrorDetails['TURN_OUT_OF_RANGE'],
      );
    }
    const turn = asked;
    const at = turn > 0 ? positions.positions[turn - 1] : null;
    const presented = presentReport(report, lang, { ruleOptions: sheet.options });
    const line = at ? (presented.turns[turn - 1] ?? null) : null;
    const heading = gameHeading(page, game);
    const names = heading.seats
      ? heading.seats.map((s) => s.player.name).join(' – ')
      : `${heading.first.name} – ${heading.second.name}`;
    const link = (n: number) => ({
      label: n === 0 ? t(lang, 'replay.start') : String(n),
      url: urls.replay(game.id, n),
    });
    const board = drawnBoard(sheet, at, line, presented, lang, turn);
    const { tournament, division } = snap;
    return {
      ...page.base(
        `${names}: ${t(lang, 'replay.title')}`,
        page.crumbs(
          { label: tournament.name, url: urls.tournament(tournament.id) },
          { label: division.name, url: urls.pairings(division.id, game.round) },
          { label: names, url: urls.game(game.id) },
        ),
      ),
      game: heading,
      gameUrl: urls.game(game.id),
      gcgUrl: findRuleSet(sheet.rules)?.cards ? null : urls.replayGcg(game.id),
      turn,
      total,
      heading: turn === 0 ? t(lang, 'replay.before') : t(lang, 'replay.turnOf', { n: turn, total }),
      boardSvg: board.svg,
      legend: board.legend,
      players: sheet.players.map((name, p) => ({
        name,
        total: at ? at.totals[p] : 0,
        clock: at?.clocks[p] ?? '',
        mover: at !== null && at.report.player === p,
      })),
      line,
      playHeader: presented.headers.play,
      findings: line ? line.issues : [],
      rulings: replay.rulings
        .filter((r) => r.turn === turn || (r.turn === null && turn === 0))
        .map((r): ReplayRulingLine => ({
          words: r.words.join(', '),
          verdict: t(lang, r.verdict === 'VALID' ? 'wordCheck.valid' : 'wordCheck.invalid'),
          valid: r.verdict === 'VALID',
          by: r.by,
        })),
      first: turn > 0 ? { label: t(lang, 'replay.first'), url: urls.replay(game.id, 0) } : null,
      previous:
        turn > 0
          ? { label: t(lang, 'replay.previous'), url: urls.replay(game.id, turn - 1) }
          : null,
      next:
        turn < total
          ? { label: t(lang, 'replay.next'), url: urls.replay(game.id, turn + 1) }
          : null,
      last:
        turn < total ? { label: t(lang, 'replay.last'), url: urls.replay(game.id, total) } : null,
      turns: Array.from({ length: total + 1 }, (_, n) => ({
        turn: n,
        ...link(n),
        current: n === turn,
      })),
      formAction: urls.replay(game.id),
      scriptUrl: REPLAY_SCRIPT.url,
    };
  }
}

/** `?turn=N`: a whole number from 0; undefined when not given. */
function turnQuery(page: PageContext): number | undefined {
  const raw = page.query('turn');
  if (raw === undefined) return undefined;
  if (!/^\d{1,5}$/.test(raw)) {
    throw new BadInput('BAD_TURN', 'turn must be a whole number from 0');
  }
  return Number(raw);
}

/** The sheet a stored text holds (a GCG record when it starts with `#`, else JSON), or null. */
function storedSheet(text: string, rules: string): Scoresheet | null {
  let doc: unknown;
  if (text.trimStart().startsWith('#')) {
    const parsed = parseGcg(text);
    const converted = parsed.ok ? gcgToScoresheet(parsed.game, rules) : null;
    if (!converted?.ok) return null;
    doc = converted.value.sheet;
  } else {
    try {
      doc = JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  }
  const read = readScoresheet(doc);
  return read.ok ? read.sheet : null;
}

/** The board (a card game's grid) as after the turn, that turn's tiles marked, and its legend. */
function drawnBoard(
  sheet: Scoresheet,
  at: GamePositions['positions'][number] | null,
  line: ReportPresentation['turns'][number] | null,
  presented: ReportPresentation,
  lang: Lang,
  turn: number,
): { svg: string; legend: LegendEntry[] } {
  const ruleSet = findRuleSet(sheet.rules)!;
  const compiled = compileRules(ruleSet, sheet.options);
  const placed = at ? at.placed : [];
  const placedLegend: LegendEntry = {
    kind: 'highlight',
    label: t(lang, 'replay.placed'),
    fill: '#ffffff',
    stroke: BOARD_COLOURS.placed,
  };
  const cards = compiled.ruleSet.cards;
  if (cards) {
    const grid = at ? buildCardGridModel(cards, at.board, placed) : null;
    if (!grid)
      return { svg: `<p class="board-note">${escapeXml(t(lang, 'board.noGrid'))}</p>`, legend: [] };
    const legend = cardGridLegend(grid, lang).filter((e) => e.kind !== 'highlight');
    if (placed.length > 0) legend.push(placedLegend);
    return { svg: renderCardGridSvg(grid, { lang }), legend };
  }
  const size = compiled.size;
  const rows = at
    ? at.board
    : Array.from({ length: size }, () => new Array(size).fill('.').join(' '));
  const model = buildBoardModel(
    boardInputFor(sheet.rules, rows, {
      options: sheet.options,
      placed,
      highlight: line ? line.squares : [],
      ownership: at?.ownership,
      players: presented.accounts.map((a) => a.name),
    }),
  );
  const title = turn === 0 ? t(lang, 'replay.before') : t(lang, 'replay.boardAfter', { n: turn });
  const legend = boardLegend(model, lang);
  if (placed.length > 0) legend.push(placedLegend);
  return { svg: renderBoardSvg(model, { lang, title }), legend };
}
