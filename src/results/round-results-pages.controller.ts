import { Body, Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { IdParam } from '../common/api/id-param';
import { Conflict } from '../common/errors';
import { applyOptions, findRuleSet, type RuleSet } from '../engine';
import type { MessageKey } from '../i18n';
import type { FieldError } from '../render/view-models';
import type { GameView } from '../rounds/game.view';
import { RoundsService } from '../rounds/rounds.service';
import { TournamentsService } from '../tournaments/tournaments.service';
import { refusal } from '../web/forms';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { ROUND_SCRIPT } from '../web/round-results-script';
import { SameOriginGuard } from '../web/same-origin.guard';
import { urls } from '../web/urls';
import type { GridCell, GridChoice, RoundResultsPage } from './result-page-models';
import { RoundLineRefused, ResultsService, type RoundResultWrite } from './results.service';
import {
  checkRow,
  isEmptyRow,
  LINE_FIGURES,
  readLines,
  rowAsks,
  sameRow,
  type RowAsks,
  type RowCheck,
  type RowProblem,
  type RowValues,
} from './round-lines';
import { postedRow, postedText, resultOfRow, rowField, storedRow } from './round-results';
import { scriptJson } from './sheet-form-pages';

/** A game of the round as the page works with it. */
interface RoundGame {
  game: GameView;
  asks: RowAsks;
  names: string[];
  stored: RowValues;
}

/** A row of the page as it is shown: its cells, the version read, and its message. */
interface RowState {
  values: RowValues;
  version: number;
  confirm: boolean;
  message?: { text: string; bad: boolean };
}

/** Every problem's and outcome's words, with their placeholders left in, for the page's script. */
const PROBLEM_PARAMS: Record<RowProblem['code'] | 'SHEET_LOCKED', string[]> = {
  LINE_UNREADABLE: ['word'],
  LINE_NO_TABLE: ['table'],
  LINE_TWICE: ['table'],
  KIND_UNKNOWN: ['word'],
  SCORE_COUNT: ['expected', 'got'],
  SCORE_NEEDED: ['seat'],
  SCORE_BAD: ['seat', 'value'],
  CLOCK_NEEDED: ['seat'],
  CLOCK_BAD: ['seat', 'value'],
  CLOCK_UNUSED: [],
  CLOCK_ABOVE_START: ['seat', 'clock', 'start'],
  TIME_LOSS_UNCLEAR: [],
  FIGURE_BAD: ['seat', 'value', 'figure'],
  FIGURE_HALF: ['figure'],
  FIGURE_UNUSED: ['figure'],
  FIGURE_NEEDED: ['seats', 'figure'],
  TARGET_BAD: ['value'],
  NOBODY_PRESENT: [],
  FORFEIT_OF_TABLE: [],
  SHEET_LOCKED: ['scores'],
};
const OUTCOME_PARAMS = {
  won: ['name'],
  drawn: [],
  forfeit: ['name'],
  doubleForfeit: [],
  places: ['places'],
} as const;

/**
 * A round's results on one page, for judges and organisers: a grid of the round's games in
 * table order (a table's seats on one row), and a box of lines typed as in TSH that fills the
 * grid (the page's script) or is read by the server (without it). Everything posted is saved in
 * one transaction, each game's version checked, or nothing is.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('judge')
@Controller('judge/divisions')
export class RoundResultsPagesController {
  constructor(
    private readonly results: ResultsService,
    private readonly rounds: RoundsService,
    private readonly tournaments: TournamentsService,
  ) {}

  @Get(':id/rounds/:number/results')
  async page(
    @IdParam('id', 'division') id: number,
    @IdParam('number', 'round') number: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { ruleSet, games, division } = await this.round(id, number);
    const rules = { ruleSet, options: division.options ?? null };
    const rows = games.map((g) => ({
      values: g.stored,
      version: g.game.version,
      confirm: false,
    }));
    const done = page.query('done') === 'round' ? Number(page.query('n') ?? '0') : null;
    const flash =
      done !== null && Number.isInteger(done)
        ? { tone: 'ok' as const, text: page.t('roundResults.saved', { n: done }) }
        : null;
    await page.render(
      'judge/round-results',
      this.model(page, id, number, rules, games, rows, '', [], flash),
    );
  }

  /**
   * Posts the lines (`lines`) and the grid: each table's row as `t12_kind`, `t12_s1`…,
   * `t12_c1`… (clocks), `t12_tl` (who lost on time), `t12_cards1`… (figures), `t12_tf` (who
   * reached the target first), `t12_v` (the version read) and `t12_ok` (replace the sheet).
   */
  @Post(':id/rounds/:number/results')
  async save(
    @IdParam('id', 'division') id: number,
    @IdParam('number', 'round') number: number,
    @Body() body: unknown,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { ruleSet, games, division } = await this.round(id, number);
    const rules = { ruleSet, options: division.options ?? null };
    const lines = postedText(body, 'lines');
    const rows: RowState[] = games.map((g) => {
      const version = Number(postedText(body, rowField(g.game.table, 'v')));
      return {
        values: postedRow(body, g.game.table, g.asks),
        version: Number.isInteger(version) && version >= 0 ? version : g.game.version,
        confirm: postedText(body, rowField(g.game.table, 'ok')) === '1',
      };
    });
    const errors: FieldError[] = [];
    const problemText = (p: RowProblem) => this.problemText(page, p);

    // A line fills its table's row, and replaces what the grid had.
    const byTable = new Map(games.map((g, i) => [g.game.table, i]));
    const reads = readLines(
      lines,
      games.map((g) => ({ table: g.game.table, asks: g.asks })),
    );
    const lineProblems = new Map<number, RowProblem>();
    for (const read of reads) {
      if (read.ok) {
        rows[byTable.get(read.table)!].values = read.values;
      } else if (read.table !== null) {
        lineProblems.set(read.table, read.problem);
      } else {
        errors.push({ field: 'lines', message: problemText(read.problem) });
      }
    }

    const writes: RoundResultWrite[] = [];
    games.forEach((g, i) => {
      const row = rows[i];
      const table = g.game.table;
      const refuse = (text: string) => {
        row.message = { text, bad: true };
        errors.push({
          field: '',
          message: page.t('roundResults.onTable', { table, message: text }),
        });
      };
      const lineProblem = lineProblems.get(table);
      if (lineProblem) return refuse(problemText(lineProblem));
      if (isEmptyRow(row.values) || sameRow(row.values, g.stored)) return;
      const check = checkRow(ruleSet, g.asks, row.values);
      if (!check.ok) return refuse(problemText(check.problem));
      row.message = this.outcome(page, g, check);
      if (g.game.scoresheet && !row.confirm) {
        return refuse(
          this.problemText(page, { code: 'SHEET_LOCKED', scores: sheetScores(g.game) }),
        );
      }
      writes.push({
        gameId: g.game.id,
        table,
        version: row.version,
        replaceSheet: g.game.scoresheet !== null && row.confirm,
        result: resultOfRow(check.entry, g.asks.seats),
      });
    });
    const again = async (status: number) => {
      const fresh = await this.round(id, number);
      await page.render(
        'judge/round-results',
        this.model(page, id, number, rules, fresh.games, rows, lines, errors, {
          tone: 'bad',
          text: page.t('roundResults.refused'),
        }),
        status,
      );
    };
    if (errors.length > 0) {
      await again(422);
      return;
    }
    try {
      const n = await this.results.enterRoundResults(id, number, writes, req.user ?? null);
      page.redirect(withQuery(urls.roundResults(id, number), { done: 'round', n }));
    } catch (e) {
      if (!(e instanceof RoundLineRefused)) throw e;
      const i = byTable.get(e.table)!;
      const row = rows[i];
      let text: string;
      if (e.code === 'STALE_VERSION' || e.code === 'RESULT_EXISTS') {
        // What is there now, and the version it is at: saving again replaces it knowingly.
        const fresh = await this.results.game(games[i].game.id);
        row.version = fresh.version;
        text = page.t('roundResults.stale', { now: stateText(page, fresh) });
      } else {
        text = refusal(page.lang, e.refusal, {
          differences: String((e.details as { differences?: string[] })?.differences ?? ''),
        }).message;
      }
      row.message = { text, bad: true };
      errors.push({
        field: '',
        message: page.t('roundResults.onTable', { table: e.table, message: text }),
      });
      await again(e.status);
    }
  }

  /** The round's games (byes have no result) in table order, with what each row asks. */
  private async round(divisionId: number, number: number) {
    const { division } = await this.tournaments.divisionWithTournament(divisionId);
    const round = await this.rounds.get(divisionId, number);
    const base = findRuleSet(division.ruleSet);
    if (!base) throw new Conflict('UNKNOWN_RULE_SET', `unknown rule set ${division.ruleSet}`);
    const ruleSet = applyOptions(base, division.options);
    const games: RoundGame[] = round.games
      .filter((g) => g.second !== null && g.status !== 'bye')
      .sort((a, b) => a.table - b.table)
      .map((game) => {
        const names = game.seats
          ? game.seats.map((s) => s.player.name)
          : [game.first.name, game.second!.name];
        const asks = rowAsks(ruleSet, names.length);
        return { game, asks, names, stored: storedRow(game, asks) };
      });
    return { division, ruleSet, games };
  }

  private problemText(page: PageContext, p: RowProblem | { code: 'SHEET_LOCKED'; scores: string }) {
    const params: Record<string, string | number> = { ...(p as Record<string, string | number>) };
    if ('figure' in p) params.figure = page.t(`roundResults.figure.${p.figure}`);
    return page.t(`roundResults.problem.${p.code}` as MessageKey, params);
  }

  /** What a row's figures give: the winner, a forfeit, or a table's places. */
  private outcome(page: PageContext, g: RoundGame, check: RowCheck & { ok: true }) {
    const e = check.entry;
    const text =
      e.kind === 'double-forfeit'
        ? page.t('roundResults.doubleForfeit')
        : e.kind === 'forfeit'
          ? page.t('roundResults.forfeit', { name: g.names[e.absent] })
          : g.asks.seats > 2
            ? page.t('roundResults.places', { places: e.places.join(', ') })
            : e.winner === null
              ? page.t('roundResults.drawn')
              : page.t('roundResults.won', { name: g.names[e.winner] });
    return { text, bad: false };
  }

  private model(
    page: PageContext,
    divisionId: number,
    number: number,
    { ruleSet, options }: { ruleSet: RuleSet; options: unknown },
    games: RoundGame[],
    rows: RowState[],
    lines: string,
    errors: FieldError[],
    flash: RoundResultsPage['flash'],
  ): RoundResultsPage {
    const say = (key: MessageKey, params?: Record<string, string | number>) => page.t(key, params);
    // Each message with its placeholders kept, for the script to fill.
    const template = (key: MessageKey, names: readonly string[]) =>
      say(key, Object.fromEntries(names.map((n) => [n, `{${n}}`])));
    const config = {
      lang: page.lang,
      ruleSet: ruleSet.id,
      options,
      problems: Object.fromEntries(
        Object.entries(PROBLEM_PARAMS).map(([code, names]) => [
          code,
          template(`roundResults.problem.${code}` as MessageKey, names),
        ]),
      ),
      outcomes: Object.fromEntries(
        Object.entries(OUTCOME_PARAMS).map(([k, names]) => [
          k,
          template(`roundResults.${k}` as MessageKey, names),
        ]),
      ),
      figures: Object.fromEntries(
        [...LINE_FIGURES.map((f) => f.field), 'targetFirst'].map((f) => [
          f,
          say(`roundResults.figure.${f}` as MessageKey),
        ]),
      ),
      rows: games.map((g) => ({
        table: g.game.table,
        asks: g.asks,
        names: g.names,
        stored: g.stored,
        sheet: g.game.scoresheet ? sheetScores(g.game) : null,
      })),
    };
    return {
      ...page.base(
        say('roundResults.title', { n: number }),
        page.crumbs(
          { label: say('page.judge'), url: urls.judge },
          { label: say('common.round', { n: number }), url: urls.pairings(divisionId, number) },
        ),
        flash,
      ),
      action: urls.roundResults(divisionId, number),
      lines,
      clocks: games.some((g) => g.asks.clocks),
      figures: games.some((g) => g.asks.figures.length > 0 || g.asks.targetFirst),
      rows: games.map((g, i) => this.row(page, g, rows[i])),
      errors,
      scriptUrl: ROUND_SCRIPT.url,
      configJson: scriptJson(config),
    };
  }

  private row(page: PageContext, g: RoundGame, state: RowState): RoundResultsPage['rows'][number] {
    const { game, asks, names } = g;
    const table = game.table;
    const v = state.values;
    const cell = (field: string, label: string, value: string): GridCell => ({
      name: rowField(table, field),
      label,
      value,
    });
    const pair = asks.seats === 2;
    const kind: GridChoice = {
      name: rowField(table, 'kind'),
      label: page.t('roundResults.kind'),
      value: v.kind,
      options: [
        // Short words: the select sits in a grid column (the row's players are beside it).
        { value: '', label: page.t('roundResults.kindPlayed') },
        ...(pair
          ? [
              { value: 'f1', label: page.t('roundResults.kindForfeit', { name: names[0] }) },
              { value: 'f2', label: page.t('roundResults.kindForfeit', { name: names[1] }) },
              { value: 'ff', label: page.t('roundResults.kindDoubleForfeit') },
            ]
          : [{ value: 'ff', label: page.t('roundResults.kindNobody') }]),
      ],
    };
    const who = (field: string, label: string, value: string): GridChoice => ({
      name: rowField(table, field),
      label,
      value,
      // Each choice names what it is about: on a phone the select stands alone in its card.
      options: [
        {
          value: '',
          label: page.t('roundResults.whoChoice', { label, who: page.t('resultForm.nobody') }),
        },
        ...names.map((name, i) => ({
          value: String(i + 1),
          label: page.t('roundResults.whoChoice', { label, who: name }),
        })),
      ],
    });
    return {
      table,
      gameId: game.id,
      version: state.version,
      players: names.join(' – '),
      kind,
      scores: names.map((name, i) =>
        cell(`s${i + 1}`, page.t('resultForm.score', { name }), v.scores[i] ?? ''),
      ),
      clocks: asks.clocks
        ? names.map((name, i) =>
            cell(`c${i + 1}`, page.t('resultForm.remaining', { name }), v.clocks[i] ?? ''),
          )
        : [],
      figures: asks.figures.flatMap((f) =>
        names.map((name, i) =>
          cell(`${f}${i + 1}`, page.t(`resultForm.${f}`, { name }), v.figures[f]?.[i] ?? ''),
        ),
      ),
      ...(asks.timeLoss ? { timeLoss: who('tl', page.t('resultForm.timeLoss'), v.timeLoss) } : {}),
      ...(asks.targetFirst
        ? { targetFirst: who('tf', page.t('resultForm.targetFirst'), v.targetFirst) }
        : {}),
      state: stateText(page, game),
      ...(game.scoresheet
        ? {
            sheet: {
              text: page.t(
                game.scoresheet.ok === true ? 'roundResults.sheet' : 'roundResults.sheetUnverified',
                { scores: sheetScores(game) },
              ),
              url: urls.sheet(game.id),
              confirm: {
                ...cell('ok', page.t('roundResults.replace'), '1'),
                checked: state.confirm,
              },
            },
          }
        : {}),
      ...(state.message ? { message: state.message } : {}),
    };
  }
}

/** The scores a game's sheet gave: `345–367` (a table's seats in turn order). */
function sheetScores(game: GameView): string {
  const scores = game.seats ? game.seats.map((s) => s.score) : (game.result?.scores ?? []);
  return scores.map((s) => s ?? '?').join('–');
}

/** What is recorded for a game, in a few words: `345 : 367`, a forfeit, or none yet. */
function stateText(page: PageContext, game: GameView): string {
  if (game.status !== 'complete') return page.t('roundResults.none');
  if (game.seats) return game.seats.map((s) => (s.score === null ? '–' : s.score)).join(' : ');
  const r = game.result!;
  if (r.kind === 'double-forfeit') return page.t('roundResults.doubleForfeit');
  if (r.kind === 'forfeit') {
    const name = r.absent === 0 ? game.first.name : game.second!.name;
    return page.t('roundResults.forfeit', { name });
  }
  return r.scores ? `${r.scores[0]} : ${r.scores[1]}` : page.t('roundResults.none');
}
