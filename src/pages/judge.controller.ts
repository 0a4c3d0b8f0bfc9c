import { t } from '../i18n';
import { formatTimeOfDay } from '../i18n/time';
import { Body, Controller, Get, Post, Put, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { BadInput, Conflict, DomainError } from '../common/errors';
import { IdParam } from '../common/api/id-param';
import { defaultWordList } from '../dictionary/default-lists';
import {
  findRuleSet,
  parseClock,
  RULE_SETS,
  tieBreaksOf,
  timeLossToName,
  TypedTieBreak,
  WordList,
} from '../engine';
import { SheetDraftsService } from '../results/sheet-drafts.service';
import {
  checkForm,
  FormCheck,
  formFromBody,
  ft,
  padRows,
  SheetForm,
  SheetLayout,
  sheetLayout,
  sheetToForm,
} from '../sheet-form';
import type {
  FieldError,
  ResultFormPage,
  TableResultFormPage,
  WordCheckPage,
} from '../render/view-models';
import type { SheetFormPage } from '../sheet-form/page';
import { lowerFirst, reasonText, unfinishedTurns } from '../render/report-view';
import { ResultsService } from '../results/results.service';
import { TYPED_FIGURES, TypedFigureField } from '../results/figures';
import type { GameView } from '../rounds/game.view';
import { playsAtTables } from '../rounds/tables';
import type { Division } from '../tournaments/division.entity';
import type { Tournament } from '../tournaments/tournament.entity';
import { TournamentsService } from '../tournaments/tournaments.service';
import { WordsService } from '../words/words.service';
import { FormReader, refusal } from '../web/forms';
import { gameHeading } from '../rounds/game-heading';
import { ruleSetName } from '../web/rule-set-name';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { SameOriginGuard } from '../web/same-origin.guard';
import { readSheetInput } from '../web/sheet-input';
import { urls } from '../web/urls';
import {
  aboveStart,
  blankForm,
  importRefusal,
  layoutTerms,
  namesOf,
  otherPlayersNotice,
  scriptJson,
  sheetFormModel,
  sheetRefusal,
  SheetShowValues,
  storedSheetForm,
  typedRows,
  unreadableWords,
} from '../results/sheet-form-pages';

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
interface SheetContext {
  game: GameView;
  tournament: Tournament;
  layout: SheetLayout;
  words: WordList | null;
}

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
    private readonly drafts: SheetDraftsService,
  ) {}

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

  // ------------------------------------------------------------ score sheet

  /**
   * The sheet form: the judge's draft if one is being typed, else the saved
   * sheet's rows as typed, else empty rows with the players alternating.
   */
  @Get('games/:id/scoresheet')
  async sheetForm(
    @IdParam('id', 'game') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const ctx = await this.sheetContext(id);
    const draft = await this.drafts.get(id);
    let form: SheetForm;
    let notice: SheetFormPage['notice'] = null;
    let importText = '';
    let importError: string | null = null;
    if (draft) {
      form = draft.form;
      notice = {
        tone: 'warn',
        text: ft(page.lang, 'form.draftRestored', {
          time: formatTimeOfDay(draft.savedAt, page.timeZone),
          name: draft.savedBy ?? ft(page.lang, 'form.someone'),
        }),
      };
    } else if (ctx.game.scoresheet) {
      const stored = await this.results.sheet(id);
      const read = storedSheetForm(stored.text, ctx.layout, page.lang);
      if (read.ok) {
        form = read.form;
      } else {
        // A stored text the form cannot show is offered for import, never thrown away.
        form = blankForm(ctx.layout);
        importText = stored.text;
        importError = read.message;
      }
    } else {
      form = blankForm(ctx.layout);
    }
    const saved = page.query('done') === 'saved';
    await this.showSheet(page, ctx, form, {
      status: 200,
      draftVersion: draft?.version ?? 0,
      notice,
      saved,
      // Just saved, the page shows the sheet as stored: rows kept on the device are done with.
      restoreKept: !saved,
      importText,
      importError,
    });
  }

  /**
   * Posts the rows (`player`, `kind`, `position`, … once a row), the end of the
   * game, `draftVersion` and `intent`: `verify` (and keep the draft), `save`,
   * `more` (rows), `import` (fill the form from JSON or GCG in `import`). The
   * action carries the game's version (`?v=`).
   */
  @Post('games/:id/scoresheet')
  async sheetSubmit(
    @IdParam('id', 'game') id: number,
    @Body() body: unknown,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const reader = new FormReader(body, page.lang);
    const ctx = await this.sheetContext(id);
    // The version the page was built from; a post without one is taken as having read
    // nothing, which a game with a result refuses (the API's rule for If-Match).
    const version = reader.int('version', 0, 999_999_999) ?? versionQuery(page);
    const intent = reader.raw('intent');
    const basedOn = reader.int('draftVersion', 0, 999_999_999) ?? 0;
    let form = formFromBody(body, ctx.layout.players.length);
    const importText = reader.raw('import').replace(/\r\n?/g, '\n');
    const show = (status: number, values: Partial<SheetShowValues> = {}) =>
      this.showSheet(page, ctx, form, {
        status,
        draftVersion: basedOn,
        version,
        importText,
        ...values,
      });

    let importNotice: SheetShowValues['notice'];
    if (intent === 'import') {
      const input = readSheetInput(importText, page.lang, layoutTerms(ctx.layout));
      if (!input.ok) {
        await show(422, { ...importRefusal(page, input), importOpen: true });
        return;
      }
      form = sheetToForm(input.doc, ctx.layout);
      importNotice = otherPlayersNotice(page, input.doc.players, ctx.layout.players);
    } else if (intent === 'more') {
      form = { ...form, rows: padRows(form.rows, ctx.layout, 10) };
    }
    let unfinished: SheetShowValues['unfinished'];
    let check: FormCheck | undefined;
    if (intent === 'save' || intent === 'save-unfinished') {
      check = checkForm(form, ctx.layout, page.lang, ctx.words);
      if (check.conversion.errors.length > 0 || check.report === null) {
        await show(422, { check });
        return;
      }
      // A sheet that stops before the end, saying nothing of how the game ended, is asked about
      // first: saved, it would become the game's result. It is kept as a draft meanwhile.
      const turns = intent === 'save' ? unfinishedTurns(page.lang, check.report) : null;
      if (turns !== null) {
        unfinished = {
          text: page.t('sheet.unfinished', { turns }),
          button: page.t('sheet.saveUnfinished'),
        };
      }
      if (!unfinished) {
        const doc = {
          ...check.conversion.doc,
          meta: { ...check.conversion.doc.meta, form: typedRows(form) },
        };
        try {
          await this.results.enterSheet(
            id,
            JSON.stringify(doc, null, 2),
            doc,
            version,
            req.user ?? null,
          );
          page.redirect(withQuery(urls.sheet(id), { done: 'saved' }));
        } catch (e) {
          const { status, message } = sheetRefusal(page, e);
          await show(status, { check, notice: { tone: 'bad', text: message } });
        }
        return;
      }
    }
    // Verify, more rows, an import, or a save asked about: the rows are kept as a draft and shown
    // checked.
    try {
      const saved = await this.drafts.save(id, typedRows(form), basedOn, req.user ?? null);
      await show(200, { draftVersion: saved.version, notice: importNotice, unfinished, check });
    } catch (e) {
      if (!(e instanceof DomainError && e.code === 'DRAFT_CONFLICT')) throw e;
      const other = e.details as { savedBy?: string | null; savedAt?: Date; version: number };
      await show(409, {
        conflict: {
          text: ft(page.lang, 'form.conflict', {
            name: other.savedBy ?? ft(page.lang, 'form.someone'),
            time: other.savedAt ? formatTimeOfDay(other.savedAt, page.timeZone) : '',
          }),
        },
      });
    }
  }

  /**
   * The page's script keeps the rows as the judge types: `{ form, version }`,
   * where `version` is the draft version the page had. Answers `{ version,
   * savedAt }`, or 409 with the other judge's name, time and rows.
   */
  @Put('games/:id/scoresheet/draft')
  async saveDraft(
    @IdParam('id', 'game') id: number,
    @Body() body: unknown,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const { version, form } = (body ?? {}) as { version?: unknown; form?: unknown };
    if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
      res.status(400).json({ code: 'DRAFT_UNREADABLE', message: 'version must be a whole number' });
      return;
    }
    await this.sheetContext(id);
    try {
      const saved = await this.drafts.save(id, form, version, req.user ?? null);
      res.status(200).json(saved);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      res.status(e.status).json({ code: e.code, message: e.message, details: e.details ?? null });
    }
  }

  /** Which of the words (tile keys, `k=` repeated) the game's word list has: `{ known: { KEY: true|false } }`. */
  @Get('games/:id/scoresheet/words')
  async sheetWords(
    @IdParam('id', 'game') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const ctx = await this.sheetContext(id);
    this.answerWords(req, res, ctx.words);
  }

  // ------------------------------------------------------------ a sheet of no game

  /**
   * A sheet checked without a game: any rule set, 2 to its most players
   * (`?rules=scrabble-target&players=3`), against the rule set's own word
   * list. Nothing is stored.
   */
  @Get('check')
  async checkForm(@Req() req: AuthedRequest, @Res() res: Response): Promise<void> {
    const page = new PageContext(req, res);
    const ctx = this.looseContext(page);
    await this.showLoose(page, ctx, blankForm(ctx.layout), { status: 200, draftVersion: 0 });
  }

  @Post('check')
  async checkSubmit(
    @Body() body: unknown,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    let ctx = this.looseContext(page, namesOf(body));
    const reader = new FormReader(body, page.lang);
    let form = formFromBody(body, ctx.layout.players.length);
    const intent = reader.raw('intent');
    const importText = reader.raw('import').replace(/\r\n?/g, '\n');
    if (intent === 'import') {
      const input = readSheetInput(importText, page.lang, { rules: ctx.layout.rules }, 'check');
      // The sheet's own players, when the rule set seats as many: the page then names them.
      if (input.ok) ctx = this.looseContext(page, input.doc.players, input.doc.players.length);
      if (!input.ok) {
        await this.showLoose(page, ctx, form, {
          status: 422,
          draftVersion: 0,
          importText,
          ...importRefusal(page, input),
        });
        return;
      }
      form = sheetToForm(input.doc, ctx.layout);
    } else if (intent === 'more') {
      form = { ...form, rows: padRows(form.rows, ctx.layout, 10) };
    }
    await this.showLoose(page, ctx, form, { status: 200, draftVersion: 0, importText });
  }

  /** Which of the words (`k=` repeated) the rule set's own list has. */
  @Get('check/words')
  checkWords(@Req() req: AuthedRequest, @Res() res: Response): void {
    const page = new PageContext(req, res);
    this.answerWords(req, res, this.looseContext(page).words);
  }

  /**
   * The rule set and players of a sheet of no game: `?rules=` and `?players=` (a count), the
   * players named `Igrač 1`, … unless `names` (the page's own, or an imported sheet's) has as
   * many names, each a name, as the page seats.
   */
  private looseContext(
    page: PageContext,
    names: string[] | null = null,
    count: number = Number(page.query('players')),
  ): Omit<SheetContext, 'game' | 'tournament'> {
    const rules = page.query('rules') ?? 'kvizovka';
    const ruleSet = findRuleSet(rules);
    if (!ruleSet)
      throw new BadInput('UNKNOWN_RULE_SET', `unknown rule set "${rules.slice(0, 40)}"`);
    const { min, max } = ruleSet.players;
    const seats = Number.isInteger(count) ? Math.min(Math.max(count, min), max) : min;
    const named =
      names !== null &&
      names.length === seats &&
      names.every((n) => typeof n === 'string' && n.trim() !== '' && n.length <= 200);
    const players = named
      ? names.map((n) => n.trim())
      : Array.from({ length: seats }, (_, i) => ft(page.lang, 'form.playerN', { n: i + 1 }));
    return { layout: sheetLayout(ruleSet, players), words: defaultWordList(rules) };
  }

  private async showLoose(
    page: PageContext,
    ctx: Omit<SheetContext, 'game' | 'tournament'>,
    form: SheetForm,
    values: SheetShowValues,
  ): Promise<void> {
    const { layout } = ctx;
    const query = { rules: layout.rules, players: layout.players.length };
    const ruleSet = findRuleSet(layout.rules)!;
    const model: SheetFormPage = {
      ...page.base(
        ft(page.lang, 'form.checkTitle'),
        page.crumbs({ label: page.t('page.judge'), url: urls.judge }),
      ),
      ...sheetFormModel(page, layout, form, ctx.words, values),
      game: null,
      playerNames: layout.players,
      action: withQuery('/judge/check', query),
      canSave: false,
      links: false,
      chooser: {
        rules: Object.values(RULE_SETS).map((r) => ({
          value: r.id,
          label: ruleSetName(r.id, page.lang),
          selected: r.id === layout.rules,
        })),
        players: layout.players.length,
        max: ruleSet.players.max,
        min: ruleSet.players.min,
      },
      configJson: scriptJson({
        lang: page.lang,
        timeZone: page.timeZone,
        layout,
        draftUrl: null,
        wordsUrl: ctx.words ? withQuery('/judge/check/words', query) : null,
        keepKey: null,
        restore: false,
      }),
    };
    await page.render('judge/scoresheet', model, values.status);
  }

  /** `{ known: { KEY: true|false|null } }` for the words asked (`k=` repeated, tile keys). */
  private answerWords(req: AuthedRequest, res: Response, list: WordList | null): void {
    const asked = ([] as unknown[]).concat((req.query as Record<string, unknown>).k ?? []);
    const keys = asked.filter((k): k is string => typeof k === 'string' && k.length <= 40);
    if (keys.length === 0 || keys.length > 200 || keys.length !== asked.length) {
      res.status(400).json({
        code: 'WORDS_UNREADABLE',
        message: 'ask for 1 to 200 words, each as k=WORD of at most 40 letters',
      });
      return;
    }
    const known: Record<string, boolean | null> = {};
    for (const k of keys) known[k] = list ? list.has(k) : null;
    res.setHeader('Cache-Control', 'private, max-age=600');
    res.status(200).json({ known });
  }

  // ------------------------------------------------------------ result

  @Get('games/:id/result')
  async resultForm(
    @IdParam('id', 'game') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { game, division } = await this.gameAndTournament(id);
    if (game.seats) {
      await page.render('judge/table-result', this.tableModel(page, game, division, null, []));
      return;
    }
    await page.render(
      'judge/result',
      this.resultModel(page, game, division, storedValues(game), [], game.version),
    );
  }

  /**
   * Posts the scores, clocks, who lost on time, the rule set's tie-break
   * figures (`cardsFirst`, `cardsSecond`, …, `targetFirst`) and the version
   * the form was built from.
   */
  @Post('games/:id/result')
  async resultSubmit(
    @IdParam('id', 'game') id: number,
    @Body() body: unknown,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { game, division } = await this.gameAndTournament(id);
    const form = new FormReader(body, page.lang);
    if (game.seats) {
      await this.tableSubmit(page, game, division, form, req);
      return;
    }
    const asked = askedFigures(division);
    const kind = form.choice('kind', RESULT_FORM_KINDS, 'played');
    // A forfeit was not played: nothing else of the form is read.
    const played = kind === 'played' || kind === null;
    const scoreFirst = played ? form.int('scoreFirst', -1000, 5000, true) : null;
    const scoreSecond = played ? form.int('scoreSecond', -1000, 5000, true) : null;
    const remainingFirst = played ? form.clock('remainingFirst') : null;
    const remainingSecond = played ? form.clock('remainingSecond') : null;
    const timeLoss = form.choice('timeLoss', ['none', 'first', 'second'] as const, 'none');
    const figures: Partial<Record<PairedFigure, number[]>> = {};
    const typedFigures: Record<string, string> = {};
    for (const { field } of played ? asked.pairs : []) {
      const [first, second] = SIDES.map((side) => {
        typedFigures[`${field}${side}`] = form.raw(`${field}${side}`);
        return form.int(`${field}${side}`, 0, 5000);
      });
      if (first !== null && second !== null) figures[field] = [first, second];
      else if (first !== null || second !== null) {
        form.fail(`${field}${first === null ? 'First' : 'Second'}`, t(page.lang, 'form.required'));
      }
    }
    const targetFirst = asked.targetFirst
      ? form.choice('targetFirst', ['none', 'first', 'second'] as const, 'none')
      : 'none';
    const version = form.int('version', 0, 999_999_999) ?? undefined;
    const values: ResultFormPage['values'] = {
      kind: kind ?? 'played',
      scoreFirst: form.raw('scoreFirst'),
      scoreSecond: form.raw('scoreSecond'),
      remainingFirst: form.raw('remainingFirst'),
      remainingSecond: form.raw('remainingSecond'),
      timeLoss: timeLoss ?? 'none',
      figures: typedFigures,
      targetFirst: targetFirst ?? 'none',
    };
    const again = (status: number, errors: FieldError[]) =>
      page.render(
        'judge/result',
        this.resultModel(page, game, division, values, errors, version ?? game.version),
        status,
      );
    if (!form.ok) {
      await again(400, form.errors);
      return;
    }
    try {
      if (!played) {
        await this.results.enterResult(
          id,
          kind === 'double-forfeit'
            ? { kind }
            : { kind: 'forfeit', absent: kind === 'forfeit-first' ? 0 : 1 },
          version,
          req.user ?? null,
        );
        page.redirect(withQuery(urls.result(id), { done: 'saved' }));
        return;
      }
      await this.results.enterResult(
        id,
        {
          scores: [scoreFirst!, scoreSecond!],
          clocks: [remainingFirst!, remainingSecond!],
          timeLoss: timeLoss === 'first' ? 0 : timeLoss === 'second' ? 1 : undefined,
          ...figures,
          targetFirst: targetFirst === 'first' ? 0 : targetFirst === 'second' ? 1 : undefined,
        },
        version,
        req.user ?? null,
      );
      page.redirect(withQuery(urls.result(id), { done: 'saved' }));
    } catch (e) {
      const scores = game.result?.scores;
      const figure = refusedFigure(e);
      const clock = aboveStart(e);
      const { status, message, code } = refusal(page.lang, e, {
        differences: scores ? `${scores[0]} : ${scores[1]}` : '',
        scores: figure?.scores?.join(' : ') ?? '',
        figure: figure ? page.t(`resultForm.figure.${figure.tieBreak}`) : '',
        clock: clock?.clock ?? '',
        start: clock?.start ?? '',
      });
      const field =
        code === 'TIME_LOSS_UNCLEAR'
          ? 'timeLoss'
          : clock
            ? clock.player === 0
              ? 'remainingFirst'
              : 'remainingSecond'
            : code === 'TIE_BREAK_FIGURE_NEEDED' && figure
              ? figure.field === 'targetFirst'
                ? 'targetFirst'
                : `${figure.field}First`
              : '';
      await again(status, [{ field, message }]);
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
    const { game, division } = await this.gameAndTournament(id);
    const form = new FormReader(body, page.lang);
    const version = form.int('version', 0, 999_999_999) ?? undefined;
    try {
      await this.results.clearResult(id, version, req.user ?? null);
      page.redirect(withQuery(urls.result(id), { done: 'cleared' }));
    } catch (e) {
      const { status, message } = refusal(page.lang, e);
      if (game.seats) {
        await page.render(
          'judge/table-result',
          this.tableModel(page, game, division, null, [{ field: '', message }]),
          status,
        );
        return;
      }
      await page.render(
        'judge/result',
        this.resultModel(
          page,
          game,
          division,
          storedValues(game),
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
    if (words.length === 0) errors.push(page.t('form.required'));
    else if (words.length > MAX_WORDS) errors.push(page.t('form.tooManyWords', { max: MAX_WORDS }));
    else if (words.some((w) => w.length > 40)) errors.push(page.t('form.tooLong', { max: 40 }));
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
      const { status, message } = refusal(page.lang, e, { detail: unreadableWords(e) });
      await page.render(
        'judge/word-check',
        this.wordModel(page, context, typed, { errors: [message] }),
        status,
      );
    }
  }

  // ------------------------------------------------------------ helpers

  private async gameAndTournament(
    id: number,
  ): Promise<{ game: GameView; division: Division; tournament: Tournament }> {
    const game = await this.results.game(id);
    if (game.second === null) {
      throw new Conflict('GAME_IS_BYE', `game ${id} is a bye: it has no result to enter`);
    }
    const { division, tournament } = await this.tournaments.divisionWithTournament(game.divisionId);
    return { game, division, tournament };
  }

  private gameBase(page: PageContext, game: GameView, title: string) {
    return page.base(
      title,
      page.crumbs(
        { label: page.t('page.judge'), url: urls.judge },
        {
          label: page.t('common.round', { n: game.round }),
          url: urls.pairings(game.divisionId, game.round),
        },
      ),
    );
  }

  /** A game with its tournament, the form's layout and the word list its sheets are checked against. */
  private async sheetContext(id: number): Promise<SheetContext> {
    const { game, division, tournament } = await this.gameAndTournament(id);
    const ruleSet = findRuleSet(division.ruleSet);
    if (!ruleSet) throw new Conflict('UNKNOWN_RULE_SET', `unknown rule set ${division.ruleSet}`);
    const names = game.seats
      ? game.seats.map((s) => s.player.name)
      : [game.first.name, game.second!.name];
    const layout = sheetLayout(ruleSet, names, division.options);
    const { list } = await this.words.listForTournament(tournament, division.ruleSet);
    return { game, tournament, layout, words: list };
  }

  private async showSheet(
    page: PageContext,
    ctx: SheetContext,
    form: SheetForm,
    values: SheetShowValues,
  ): Promise<void> {
    const { game, layout } = ctx;
    const sheetUrl = urls.sheet(game.id);
    const model: SheetFormPage = {
      ...this.gameBase(page, game, page.t('sheet.title')),
      ...sheetFormModel(page, layout, form, ctx.words, values),
      game: gameHeading(page, game),
      action: sheetUrl,
      version: values.version ?? game.version,
      canSave: true,
      links: true,
      resultUrl: urls.result(game.id),
      wordCheckUrl: urls.wordCheck({ game: game.id }),
      configJson: scriptJson({
        lang: page.lang,
        timeZone: page.timeZone,
        layout,
        draftUrl: `${sheetUrl}/draft`,
        wordsUrl: ctx.words ? `${sheetUrl}/words` : null,
        keepKey: `arbiter:sheet:game:${game.id}`,
        restore: values.restoreKept ?? false,
      }),
    };
    await page.render('judge/scoresheet', model, values.status);
  }

  /**
   * A table's result from the form: `score1`…`scoreN`, `clock1`… (a game with a clock),
   * `cards1`… (Quivit), `targetFirst` (the seat, target-score variant) and the version read.
   */
  private async tableSubmit(
    page: PageContext,
    game: GameView,
    division: Division,
    form: FormReader,
    req: AuthedRequest,
  ): Promise<void> {
    const seats = game.seats!;
    const asked = tableFigures(division);
    const scores = seats.map((s) => form.int(`score${s.seat}`, -1000, 5000, true));
    const clocks = asked.clocks ? seats.map((s) => form.clock(`clock${s.seat}`)) : null;
    const cards = asked.cards ? seats.map((s) => form.int(`cards${s.seat}`, 0, 5000)) : null;
    const typedCards = cards && cards.some((c) => c !== null) ? cards : null;
    if (typedCards && typedCards.some((c) => c === null)) {
      for (const s of seats)
        if (cards![s.seat - 1] === null) form.fail(`cards${s.seat}`, t(page.lang, 'form.required'));
    }
    const targetRaw = asked.targetFirst ? form.raw('targetFirst') : '';
    const targetFirst = /^[1-8]$/.test(targetRaw) ? Number(targetRaw) - 1 : undefined;
    const version = form.int('version', 0, 999_999_999) ?? undefined;
    const again = (status: number, errors: FieldError[]) =>
      page.render(
        'judge/table-result',
        this.tableModel(page, game, division, form, errors, version),
        status,
      );
    if (!form.ok) {
      await again(400, form.errors);
      return;
    }
    try {
      await this.results.enterTableResult(
        game.id,
        {
          scores: scores as number[],
          ...(clocks ? { clocks: clocks as string[] } : {}),
          ...(typedCards ? { cards: typedCards as number[] } : {}),
          ...(targetFirst !== undefined ? { targetFirst } : {}),
        },
        version,
        req.user ?? null,
      );
      page.redirect(withQuery(urls.result(game.id), { done: 'saved' }));
    } catch (e) {
      const needed =
        e instanceof DomainError && e.code === 'TIE_BREAK_FIGURE_NEEDED'
          ? (e.details as { field: 'cards' | 'targetFirst'; seats: number[] })
          : null;
      if (needed) {
        const names = needed.seats.map((i) => seats[i].player.name).join(', ');
        await again(422, [
          needed.field === 'cards'
            ? {
                field: `cards${needed.seats[0] + 1}`,
                message: t(page.lang, 'tableForm.cardsNeeded', { names }),
              }
            : {
                field: 'targetFirst',
                message: t(page.lang, 'tableForm.targetFirstNeeded', { names }),
              },
        ]);
        return;
      }
      const clock = aboveStart(e);
      const { status, message } = refusal(page.lang, e, {
        clock: clock?.clock ?? '',
        start: clock?.start ?? '',
      });
      await again(status, [{ field: clock ? `clock${clock.player + 1}` : '', message }]);
    }
  }

  /** The table's form: the typed values again after a refusal, else the table's stored figures. */
  private tableModel(
    page: PageContext,
    game: GameView,
    division: Division,
    form: FormReader | null,
    errors: FieldError[],
    version = game.version,
  ): TableResultFormPage {
    const asked = tableFigures(division);
    const seats = game.seats!;
    const typed = (name: string, stored: string | number | null) =>
      form ? form.raw(name) : stored;
    const complete = game.status === 'complete';
    return {
      ...this.gameBase(page, game, page.t('resultForm.title')),
      flash: page.flashFromQuery(),
      game: gameHeading(page, game),
      action: urls.result(game.id),
      version,
      correction: complete,
      help: t(page.lang, 'tableForm.help'),
      rows: seats.map((s) => ({
        seat: s.seat,
        name: s.player.name,
        score: {
          name: `score${s.seat}`,
          label: page.t('resultForm.score', { name: s.player.name }),
          value: typed(`score${s.seat}`, s.score),
        },
        ...(asked.clocks
          ? {
              clock: {
                name: `clock${s.seat}`,
                label: page.t('resultForm.remaining', { name: s.player.name }),
                value: typed(`clock${s.seat}`, s.remaining) as string | null,
              },
            }
          : {}),
        ...(asked.cards
          ? {
              cards: {
                name: `cards${s.seat}`,
                label: page.t('resultForm.cards', { name: s.player.name }),
                value: typed(`cards${s.seat}`, s.cards),
              },
            }
          : {}),
      })),
      ...(asked.targetFirst
        ? {
            targetFirst: {
              value: form ? form.raw('targetFirst') || 'none' : 'none',
              options: [
                { value: 'none', label: page.t('resultForm.nobody') },
                ...seats.map((s) => ({ value: String(s.seat), label: s.player.name })),
              ],
            },
          }
        : {}),
      errors,
      clearAction: complete && !game.scoresheet ? urls.clearResult(game.id) : undefined,
      sheetUrl: urls.sheet(game.id),
    };
  }

  private resultModel(
    page: PageContext,
    game: GameView,
    division: Division,
    values: ResultFormPage['values'],
    errors: FieldError[],
    version: number,
  ): ResultFormPage {
    const names = [game.first.name, game.second?.name ?? ''];
    const saved = page.flashFromQuery();
    // What is recorded, in words, so that the judge need not open the game's page: with the
    // flash just after saving, else beside the form a correction starts from.
    const recorded = game.result ? recordedResult(page, game.result, names) : null;
    const justSaved = saved !== undefined && saved !== null && page.query('done') === 'saved';
    const flash = justSaved && recorded ? { ...saved, text: `${saved.text} ${recorded}` } : saved;
    const asked = askedFigures(division);
    return {
      ...this.gameBase(page, game, page.t('resultForm.title')),
      flash,
      game: gameHeading(page, game),
      action: urls.result(game.id),
      values,
      figures: asked.pairs.flatMap(({ field }) =>
        SIDES.map((side, i) => ({
          name: `${field}${side}`,
          label: page.t(`resultForm.${field}`, { name: names[i] }),
          value: values.figures?.[`${field}${side}`] ?? null,
        })),
      ),
      asksTargetFirst: asked.targetFirst,
      tieBreakHelp:
        asked.pairs.length > 0 || asked.targetFirst
          ? page.t('resultForm.tieBreaks', {
              list: asked.order
                .map((rule) => page.t(`resultForm.figure.${rule}`))
                .join(page.t('resultForm.then')),
            })
          : null,
      noGameClock: asked.noGameClock,
      errors,
      version,
      correction: game.result !== null,
      recorded: justSaved ? null : recorded,
      clearAction: game.result !== null && !game.scoresheet ? urls.clearResult(game.id) : undefined,
      sheetUrl: urls.sheet(game.id),
    };
  }

  private async wordContext(page: PageContext): Promise<WordContext> {
    const asId = (v: string | undefined): number | undefined =>
      v !== undefined && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined;
    const gameId = asId(page.query('game'));
    let tournamentId = asId(page.query('tournament'));
    /** The rule set of the game's division. */
    let played: string | undefined;
    if (gameId !== undefined) {
      const game = await this.results.game(gameId);
      const { division, tournament } = await this.tournaments.divisionWithTournament(
        game.divisionId,
      );
      tournamentId = tournament.id;
      played = division.ruleSet;
    }
    if (tournamentId !== undefined) {
      const t = await this.tournaments.get(tournamentId);
      const rules = played ?? t.ruleSet;
      const list = await this.words.describe(tournamentId, rules);
      return {
        gameId,
        tournamentId,
        rules,
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
        page.crumbs({ label: page.t('page.judge'), url: urls.judge }),
      ),
      action: context.action,
      rules: ruleSetName(context.rules, page.lang),
      words,
      available: context.available,
      dictionary: context.dictionary,
      verdict: outcome.verdict ?? null,
      errors: outcome.errors ?? [],
    };
  }
}

/** What the result form's `kind` says: a game played, who did not come, or neither. */
const RESULT_FORM_KINDS = ['played', 'forfeit-first', 'forfeit-second', 'double-forfeit'] as const;

/** The sides of a figure typed a player: `cardsFirst`, `cardsSecond`. */
const SIDES = ['First', 'Second'] as const;

/** A tie-break figure typed one number a player. */
type PairedFigure = Exclude<TypedFigureField, 'targetFirst'>;

/**
 * What the result form asks beside scores and clocks for the tournament's
 * rule set: its tie-breaks in order, the figures among them typed a player,
 * whether it asks who reached the target first, and whether the game has a
 * game clock at all (a card game has none: no time loss is asked).
 */
function askedFigures(division: Division) {
  const ruleSet = findRuleSet(division.ruleSet);
  const order = ruleSet ? tieBreaksOf(ruleSet) : [];
  const asked = TYPED_FIGURES.filter((f) => order.includes(f.tieBreak));
  return {
    order,
    pairs: asked.filter(
      (f): f is Extract<(typeof TYPED_FIGURES)[number], { field: PairedFigure }> =>
        f.field !== 'targetFirst',
    ),
    targetFirst: asked.some((f) => f.field === 'targetFirst'),
    noGameClock: Boolean(ruleSet?.cards),
  };
}

/** What a table's form asks of each seat by the rule set: clocks, cards, who reached the target first. */
function tableFigures(division: Division) {
  const ruleSet = findRuleSet(division.ruleSet);
  const order = ruleSet ? tieBreaksOf(ruleSet) : [];
  return {
    clocks: !ruleSet?.cards,
    cards: order.includes('cards'),
    targetFirst: order.includes('target-first'),
  };
}

/** `Upisano: 412 : 377, pobeda: Ana Petrović, na vreme: …` (the reason unless it is the score). */
function recordedResult(
  page: PageContext,
  result: NonNullable<GameView['result']>,
  names: string[],
): string {
  const scores = result.scores ? `${result.scores[0]} : ${result.scores[1]}, ` : '';
  const who =
    result.winner === 'first' || result.winner === 'second'
      ? page.t('result.wonBy', { name: names[result.winner === 'first' ? 0 : 1] })
      : result.winner === 'draw'
        ? page.t('result.drawn')
        : page.t('reason.double-forfeit');
  const reason =
    result.reason !== 'score' && result.reason !== 'draw' && result.reason !== 'double-forfeit'
      ? reasonText(page.lang, result.reason)
      : '';
  const why = reason ? `, ${reason}` : '';
  return page.t('flash.recorded', { result: `${scores}${lowerFirst(who, page.lang)}${why}` });
}

/** The form's values of a game's stored result (a correction starts from them). */
function storedValues(game: GameView): ResultFormPage['values'] {
  const r = game.result;
  if (!r) return { kind: 'played', timeLoss: 'none' };
  return {
    kind:
      r.kind === 'double-forfeit'
        ? 'double-forfeit'
        : r.kind === 'forfeit'
          ? r.absent === 0
            ? 'forfeit-first'
            : 'forfeit-second'
          : 'played',
    scoreFirst: r.scores?.[0] ?? null,
    scoreSecond: r.scores?.[1] ?? null,
    remainingFirst: clockText(r.remaining?.[0]),
    remainingSecond: clockText(r.remaining?.[1]),
    timeLoss: timeLossChoice(r.remaining, r.timeLoss),
    figures: r.cards ? { cardsFirst: r.cards[0], cardsSecond: r.cards[1] } : {},
  };
}

/**
 * The form's time-loss choice for a stored result: "none" where the clocks give the time loss by
 * themselves, so that correcting a clock (00:00 typed for 10:00) takes the time loss with it; a
 * time loss the paper named stays chosen.
 */
function timeLossChoice(
  remaining: string[] | null,
  timeLoss: 0 | 1 | null,
): 'none' | 'first' | 'second' {
  const seconds = remaining?.map(parseClock);
  const named =
    seconds && seconds.every((s) => s !== null) ? timeLossToName(seconds, timeLoss) : timeLoss;
  return named === 0 ? 'first' : named === 1 ? 'second' : 'none';
}

/**
 * The figure of a typed result refused for it, from the details: one the
 * decision needs (422 `TIE_BREAK_FIGURE_NEEDED`, with the equal scores) or
 * one the rule set has no tie-break for (`TIE_BREAK_FIGURE_UNUSED`).
 */
function refusedFigure(
  e: unknown,
): { field: TypedFigureField; tieBreak: TypedTieBreak; scores?: number[] } | null {
  if (!(e instanceof DomainError)) return null;
  if (e.code !== 'TIE_BREAK_FIGURE_NEEDED' && e.code !== 'TIE_BREAK_FIGURE_UNUSED') return null;
  return e.details as { field: TypedFigureField; tieBreak: TypedTieBreak; scores?: number[] };
}

interface WordContext {
  gameId?: number;
  tournamentId?: number;
  rules: string;
  dictionary: string;
  available: boolean;
  action: string;
}
