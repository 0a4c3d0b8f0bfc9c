import { Body, Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { BadInput, Conflict, DomainError } from '../common/errors';
import { IdParam } from '../common/api/id-param';
import { defaultWordList } from '../dictionary/default-lists';
import { findRuleSet, VerificationReport } from '../engine';
import { gameReportSection } from '../render/game-section';
import type {
  FieldError,
  ResultFormPage,
  ScoreSheetPage,
  WordCheckPage,
} from '../render/view-models';
import { ResultsService } from '../results/results.service';
import type { GameView } from '../rounds/game.view';
import type { Tournament } from '../tournaments/tournament.entity';
import { TournamentsService } from '../tournaments/tournaments.service';
import { WordsService } from '../words/words.service';
import { FormReader, refusal } from './forms';
import { gameHeading, ruleSetName } from './models';
import { PageContext, withQuery } from './page-context';
import { PageErrorFilter } from './page-error.filter';
import { SameOriginGuard } from './same-origin.guard';
import { readSheetInput, SheetInput, sheetSkeleton } from './sheet-input';
import { urls } from './urls';

/** Words of one challenged play at most (as the API takes). */
const MAX_WORDS = 20;

/** The version a page was built from (`?v=3` on a form's action), if any. */
function versionQuery(page: PageContext): number | undefined {
  const v = page.query('v');
  return v !== undefined && /^\d{1,9}$/.test(v) ? Number(v) : undefined;
}

/** `mm:ss` of a clock in seconds, as the result form shows it. */
function clockText(seconds: string | undefined): string | null {
  return seconds ?? null;
}

/**
 * The judge's pages: a game's score sheet (checked on every submit and shown
 * beside the board; the text is always given back exactly as typed), its
 * result without a sheet, and the word check for a challenge. Organisers may
 * use them too.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('judge')
@Controller('judge')
export class JudgeController {
  constructor(
    private readonly results: ResultsService,
    private readonly tournaments: TournamentsService,
    private readonly words: WordsService,
  ) {}

  /** The tournaments, as the public list: a signed-in judge's pairings link to the score sheets. */
  @Get()
  async home(@Req() req: AuthedRequest, @Res() res: Response): Promise<void> {
    const page = new PageContext(req, res);
    const list = await this.tournaments.list();
    await page.render('public/tournaments', {
      ...page.base(page.pt('page.judge'), page.crumbs()),
      tournaments: list.map((t) => ({
        name: t.name,
        divisions: t.divisions.map((d) => ({
          name: d.name,
          rules: ruleSetName(t.ruleSet),
          players: d.players,
          rounds: t.rounds,
          standingsUrl: urls.standings(d.id),
          pairingsUrl: urls.pairings(d.id),
          crosstableUrl: urls.crosstable(d.id),
        })),
      })),
    });
  }

  // ------------------------------------------------------------ score sheet

  @Get('games/:id/scoresheet')
  async sheetForm(
    @IdParam('id', 'game') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { game, tournament } = await this.gameAndTournament(id);
    const stored = game.scoresheet ? await this.results.sheet(id) : null;
    const report = (stored?.report ?? null) as VerificationReport | null;
    const saved = page.query('done') === 'saved';
    await page.render(
      'judge/scoresheet',
      this.sheetModel(page, game, tournament, {
        sheet:
          stored?.text ?? sheetSkeleton(tournament.ruleSet, [game.first.name, game.second!.name]),
        check: report,
        saved,
      }),
    );
  }

  /** Posts `sheet` and `intent=verify|save`; the action carries the game's version (`?v=`). */
  @Post('games/:id/scoresheet')
  async sheetSubmit(
    @IdParam('id', 'game') id: number,
    @Body() body: unknown,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const form = new FormReader(body, page.lang);
    // Browsers send a textarea's line ends as CRLF; the judge typed lines.
    const text = form.raw('sheet').replace(/\r\n?/g, '\n');
    const save = form.raw('intent') === 'save';
    const { game, tournament } = await this.gameAndTournament(id);
    const version = versionQuery(page) ?? game.version;
    const show = (
      status: number,
      values: { check?: VerificationReport | null; unreadable?: ScoreSheetPage['unreadable'] },
    ) =>
      page.render(
        'judge/scoresheet',
        this.sheetModel(page, game, tournament, { sheet: text, ...values }, version),
        status,
      );
    const input = readSheetInput(text, page.lang, tournament.ruleSet);
    if (!input.ok) {
      await show(422, { unreadable: { message: input.message, line: input.line } });
      return;
    }
    try {
      if (save) {
        await this.results.enterSheet(id, text, input.doc, version, req.user ?? null);
        page.redirect(withQuery(urls.sheet(id), { done: 'saved' }));
        return;
      }
      const report = await this.results.checkSheet(id, input.doc);
      await show(200, { check: report });
    } catch (e) {
      const { status, message } = sheetRefusal(page, e, game, input);
      await show(status, { unreadable: { message, line: sheetErrorLine(e, input) } });
    }
  }

  // ------------------------------------------------------------ result

  @Get('games/:id/result')
  async resultForm(
    @IdParam('id', 'game') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { game } = await this.gameAndTournament(id);
    const r = game.result;
    const values: ResultFormPage['values'] = r
      ? {
          scoreFirst: r.scores?.[0] ?? null,
          scoreSecond: r.scores?.[1] ?? null,
          remainingFirst: clockText(r.remaining?.[0]),
          remainingSecond: clockText(r.remaining?.[1]),
          timeLoss: r.timeLoss === 0 ? 'first' : r.timeLoss === 1 ? 'second' : 'none',
        }
      : { timeLoss: 'none' };
    await page.render('judge/result', this.resultModel(page, game, values, [], game.version));
  }

  /** Posts the scores, clocks, who lost on time, and the version the form was built from. */
  @Post('games/:id/result')
  async resultSubmit(
    @IdParam('id', 'game') id: number,
    @Body() body: unknown,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { game } = await this.gameAndTournament(id);
    const form = new FormReader(body, page.lang);
    const scoreFirst = form.int('scoreFirst', -1000, 5000, true);
    const scoreSecond = form.int('scoreSecond', -1000, 5000, true);
    const remainingFirst = form.clock('remainingFirst');
    const remainingSecond = form.clock('remainingSecond');
    const timeLoss = form.choice('timeLoss', ['none', 'first', 'second'] as const, 'none');
    const version = form.int('version', 0, 999_999_999) ?? undefined;
    const values: ResultFormPage['values'] = {
      scoreFirst: form.raw('scoreFirst'),
      scoreSecond: form.raw('scoreSecond'),
      remainingFirst: form.raw('remainingFirst'),
      remainingSecond: form.raw('remainingSecond'),
      timeLoss: timeLoss ?? 'none',
    };
    const again = (status: number, errors: FieldError[]) =>
      page.render(
        'judge/result',
        this.resultModel(page, game, values, errors, version ?? game.version),
        status,
      );
    if (!form.ok) {
      await again(400, form.errors);
      return;
    }
    try {
      await this.results.enterResult(
        id,
        {
          scores: [scoreFirst!, scoreSecond!],
          clocks: [remainingFirst!, remainingSecond!],
          timeLoss: timeLoss === 'first' ? 0 : timeLoss === 'second' ? 1 : undefined,
        },
        version,
        req.user ?? null,
      );
      page.redirect(withQuery(urls.result(id), { done: 'saved' }));
    } catch (e) {
      const scores = game.result?.scores;
      const { status, message, code } = refusal(page.lang, e, {
        differences: scores ? `${scores[0]} : ${scores[1]}` : '',
      });
      await again(status, [{ field: code === 'TIME_LOSS_UNCLEAR' ? 'timeLoss' : '', message }]);
    }
  }

  /** Takes the result back (the game is pending again); posts the version. */
  @Post('games/:id/result/clear')
  async clearResult(
    @IdParam('id', 'game') id: number,
    @Body() body: unknown,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { game } = await this.gameAndTournament(id);
    const form = new FormReader(body, page.lang);
    const version = form.int('version', 0, 999_999_999) ?? undefined;
    try {
      await this.results.clearResult(id, version, req.user ?? null);
      page.redirect(withQuery(urls.result(id), { done: 'cleared' }));
    } catch (e) {
      const { status, message } = refusal(page.lang, e);
      const r = game.result;
      await page.render(
        'judge/result',
        this.resultModel(
          page,
          game,
          {
            scoreFirst: r?.scores?.[0] ?? null,
            scoreSecond: r?.scores?.[1] ?? null,
            remainingFirst: clockText(r?.remaining?.[0]),
            remainingSecond: clockText(r?.remaining?.[1]),
            timeLoss: r?.timeLoss === 0 ? 'first' : r?.timeLoss === 1 ? 'second' : 'none',
          },
          [{ field: '', message }],
          game.version,
        ),
        status,
      );
    }
  }

  // ------------------------------------------------------------ word check

  /** `?game=ID` or `?tournament=ID` (their word list rules), else `?rules=` (the default list). */
  @Get('word-check')
  async wordCheckForm(@Req() req: AuthedRequest, @Res() res: Response): Promise<void> {
    const page = new PageContext(req, res);
    const context = await this.wordContext(page);
    await page.render('judge/word-check', this.wordModel(page, context, ''));
  }

  @Post('word-check')
  async wordCheck(
    @Body() body: unknown,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const context = await this.wordContext(page);
    const form = new FormReader(body, page.lang);
    const typed = form.raw('words');
    const words = typed
      .split(/[\s,;]+/)
      .map((w) => w.trim())
      .filter((w) => w !== '');
    const errors: string[] = [];
    if (words.length === 0) errors.push(page.pt('form.required'));
    else if (words.length > MAX_WORDS)
      errors.push(page.pt('form.tooManyWords', { max: MAX_WORDS }));
    else if (words.some((w) => w.length > 40)) errors.push(page.pt('form.tooLong', { max: 40 }));
    if (errors.length > 0 || !context.available) {
      await page.render('judge/word-check', this.wordModel(page, context, typed, { errors }), 400);
      return;
    }
    try {
      const { verdict } = await this.words.judge(
        {
          words,
          gameId: context.gameId,
          tournamentId: context.gameId === undefined ? context.tournamentId : undefined,
          rules: context.tournamentId === undefined ? context.rules : undefined,
        },
        req.user ?? null,
      );
      await page.render('judge/word-check', this.wordModel(page, context, typed, { verdict }));
    } catch (e) {
      const { status, message } = refusal(page.lang, e, {
        detail: e instanceof DomainError ? e.message : '',
      });
      await page.render(
        'judge/word-check',
        this.wordModel(page, context, typed, { errors: [message] }),
        status,
      );
    }
  }

  // ------------------------------------------------------------ helpers

  private async gameAndTournament(id: number): Promise<{ game: GameView; tournament: Tournament }> {
    const game = await this.results.game(id);
    if (game.second === null) {
      throw new Conflict('GAME_IS_BYE', `game ${id} is a bye: it has no result to enter`);
    }
    const { tournament } = await this.tournaments.divisionWithTournament(game.divisionId);
    return { game, tournament };
  }

  private gameBase(page: PageContext, game: GameView, title: string) {
    return page.base(
      title,
      page.crumbs(
        { label: page.pt('page.judge'), url: urls.judge },
        {
          label: page.t('common.round', { n: game.round }),
          url: urls.pairings(game.divisionId, game.round),
        },
      ),
    );
  }

  private sheetModel(
    page: PageContext,
    game: GameView,
    tournament: Tournament,
    values: {
      sheet: string;
      check?: VerificationReport | null;
      unreadable?: ScoreSheetPage['unreadable'];
      saved?: boolean;
    },
    version = game.version,
  ): ScoreSheetPage {
    return {
      ...this.gameBase(page, game, page.t('sheet.title')),
      game: gameHeading(page, game),
      action: withQuery(urls.sheet(game.id), { v: version }),
      sheet: values.sheet,
      unreadable: values.unreadable ?? null,
      check: values.check
        ? gameReportSection(values.check, page.lang, {
            rules: tournament.ruleSet,
            ruleOptions: tournament.options,
          })
        : null,
      saved: values.saved ?? false,
      resultUrl: urls.result(game.id),
      wordCheckUrl: urls.wordCheck({ game: game.id }),
    };
  }

  private resultModel(
    page: PageContext,
    game: GameView,
    values: ResultFormPage['values'],
    errors: FieldError[],
    version: number,
  ): ResultFormPage {
    const flash = page.flashFromQuery();
    return {
      ...this.gameBase(page, game, page.t('resultForm.title')),
      flash,
      game: gameHeading(page, game),
      action: urls.result(game.id),
      values,
      errors,
      version,
      correction: game.result !== null,
      clearAction: game.result !== null && !game.scoresheet ? urls.clearResult(game.id) : undefined,
      sheetUrl: urls.sheet(game.id),
    };
  }

  private async wordContext(page: PageContext): Promise<WordContext> {
    const asId = (v: string | undefined): number | undefined =>
      v !== undefined && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined;
    const gameId = asId(page.query('game'));
    let tournamentId = asId(page.query('tournament'));
    if (gameId !== undefined) {
      const game = await this.results.game(gameId);
      tournamentId = (await this.tournaments.divisionWithTournament(game.divisionId)).tournament.id;
    }
    if (tournamentId !== undefined) {
      const t = await this.tournaments.get(tournamentId);
      const list = await this.words.describe(tournamentId);
      return {
        gameId,
        tournamentId,
        rules: t.ruleSet,
        dictionary: list.name,
        available: list.words > 0,
        action: urls.wordCheck({ game: gameId, tournament: tournamentId }),
      };
    }
    const asked = page.query('rules');
    if (asked !== undefined && !findRuleSet(asked)) {
      throw new BadInput('UNKNOWN_RULE_SET', `unknown rule set "${asked.slice(0, 40)}"`);
    }
    const rules = asked ?? 'kvizovka';
    return {
      rules,
      dictionary: findRuleSet(rules)!.wordList,
      available: defaultWordList(rules) !== null,
      action: urls.wordCheck({ rules }),
    };
  }

  private wordModel(
    page: PageContext,
    context: WordContext,
    words: string,
    outcome: { verdict?: 'VALID' | 'INVALID'; errors?: string[] } = {},
  ): WordCheckPage {
    return {
      ...page.base(
        page.t('wordCheck.title'),
        page.crumbs({ label: page.pt('page.judge'), url: urls.judge }),
      ),
      action: context.action,
      rules: ruleSetName(context.rules),
      words,
      available: context.available,
      dictionary: context.dictionary,
      verdict: outcome.verdict ?? null,
      errors: outcome.errors ?? [],
    };
  }
}

interface WordContext {
  gameId?: number;
  tournamentId?: number;
  rules: string;
  dictionary: string;
  available: boolean;
  action: string;
}

/** A refusal of a sheet in words: which players, which rules. */
function sheetRefusal(
  page: PageContext,
  e: unknown,
  game: GameView,
  _input: SheetInput,
): { status: number; message: string } {
  if (e instanceof DomainError && e.code === 'SHEET_PLAYERS_MISMATCH') {
    const details = (e.details ?? {}) as { expected?: string[]; got?: string[] };
    const expected = details.expected ?? [game.first.name, game.second?.name ?? ''];
    const got = details.got ?? [];
    const swapped =
      got.length === 2 &&
      got[0].toLowerCase() === expected[1].toLowerCase() &&
      got[1].toLowerCase() === expected[0].toLowerCase();
    return {
      status: e.status,
      message: swapped
        ? page.pt('err.SHEET_PLAYERS_SWAPPED', { first: expected[0] })
        : page.pt('err.SHEET_PLAYERS_MISMATCH', {
            got: got.join(', '),
            expected: expected.join(', '),
            first: expected[0],
          }),
    };
  }
  if (e instanceof DomainError && e.code === 'SHEET_RULES_MISMATCH') {
    const m = /rule set '([^']*)' but the tournament plays '([^']*)'/.exec(e.message);
    return {
      status: e.status,
      message: page.pt('err.SHEET_RULES_MISMATCH', { sheet: m?.[1] ?? '', rules: m?.[2] ?? '' }),
    };
  }
  if (e instanceof DomainError && e.code === 'SHEET_UNREADABLE') {
    const details = (e.details ?? []) as { path: string; message: string }[];
    return {
      status: e.status,
      message: details
        .map((d) => page.pt('sheet.field', { field: d.path, message: d.message }))
        .join('; '),
    };
  }
  return refusal(page.lang, e);
}

/** The line a refusal points at: the players line, the rules line. */
function sheetErrorLine(e: unknown, input: SheetInput): number | null {
  if (!input.ok || !(e instanceof DomainError)) return null;
  if (e.code === 'SHEET_PLAYERS_MISMATCH') return input.lineOf(['players']);
  if (e.code === 'SHEET_RULES_MISMATCH') return input.lineOf(['rules']);
  if (e.code === 'SHEET_OPTIONS_MISMATCH') return input.lineOf(['options']);
  return null;
}
