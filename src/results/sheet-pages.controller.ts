import { formatTimeOfDay } from '../i18n/time';
import { Body, Controller, Get, Post, Put, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { Conflict, detailsOf, DomainError } from '../common/errors';
import { IdParam } from '../common/api/id-param';
import { findRuleSet, WordList } from '../engine';
import { SheetDraftsService } from './sheet-drafts.service';
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
  trimmedForm,
} from '../sheet-form';
import type { SheetFormPage } from '../sheet-form/page';
import { unfinishedTurns } from '../render/report-view';
import { ResultsService } from './results.service';
import type { GameView } from '../rounds/game.view';
import { TournamentsService } from '../tournaments/tournaments.service';
import { WordsService } from '../words/words.service';
import type { CheckedForm } from '../web/form-dto';
import { PageForm } from '../web/page-form';
import { gameHeading } from '../rounds/game-heading';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { SameOriginGuard } from '../web/same-origin.guard';
import { readSheetInput } from '../web/sheet-input';
import { answerWords, judgeGameBase, judgedGame, JudgedGame, versionQuery } from './judge-pages';
import { urls } from '../web/urls';
import {
  blankForm,
  importRefusal,
  layoutTerms,
  otherPlayersNotice,
  scriptJson,
  sheetFormModel,
  sheetRefusal,
  SheetShowValues,
  sheetToSave,
  storedSheetForm,
} from './sheet-form-pages';
import { GameSheetForm } from './sheet-forms';

/** A game's sheet form: the game, its tournament, the form's layout and the word list its sheets are checked against. */
interface SheetContext {
  game: GameView;
  tournament: JudgedGame['tournament'];
  layout: SheetLayout;
  words: WordList | null;
}

/**
 * The judge's score sheet of a game: the form (checked on every submit and shown beside the
 * board; the text is always given back exactly as typed), its draft kept as the judge types, and
 * the words of its word list. Organisers may use it too.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('judge')
@Controller('judge')
export class SheetPagesController {
  constructor(
    private readonly results: ResultsService,
    private readonly tournaments: TournamentsService,
    private readonly words: WordsService,
    private readonly drafts: SheetDraftsService,
  ) {}

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
          time: formatTimeOfDay(draft.savedAt, page.timeZoneOf(ctx.tournament)),
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
    @PageForm(GameSheetForm) posted: CheckedForm<GameSheetForm>,
    @Body() body: unknown,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const ctx = await this.sheetContext(id);
    const { intent, import: importText } = posted.values;
    // The version the page was built from; a post without one is taken as having read
    // nothing, which a game with a result refuses (the API's rule for If-Match).
    const version = posted.values.version ?? versionQuery(page);
    const basedOn = posted.values.draftVersion ?? 0;
    let form = formFromBody(body, ctx.layout.players.length);
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
        const { doc, text } = sheetToSave(check, form);
        try {
          await this.results.enterSheet(id, text, doc, version, req.user ?? null);
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
      const saved = await this.drafts.save(id, trimmedForm(form), basedOn, req.user ?? null);
      await show(200, { draftVersion: saved.version, notice: importNotice, unfinished, check });
    } catch (e) {
      const other = detailsOf(e, 'DRAFT_CONFLICT');
      if (!other) throw e;
      await show(409, {
        conflict: {
          text: ft(page.lang, 'form.conflict', {
            name: other.savedBy ?? ft(page.lang, 'form.someone'),
            time: other.savedAt
              ? formatTimeOfDay(other.savedAt, page.timeZoneOf(ctx.tournament))
              : '',
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
    answerWords(req, res, ctx.words);
  }

  /** A game with its tournament, the form's layout and the word list its sheets are checked against. */
  private async sheetContext(id: number): Promise<SheetContext> {
    const { game, division, tournament } = await judgedGame(this.results, this.tournaments, id);
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
      ...judgeGameBase(page, game, page.t('sheet.title')),
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
        timeZone: page.timeZoneOf(ctx.tournament),
        layout,
        draftUrl: `${sheetUrl}/draft`,
        wordsUrl: ctx.words ? `${sheetUrl}/words` : null,
        keepKey: `arbiter:sheet:game:${game.id}`,
        restore: values.restoreKept ?? false,
      }),
    };
    await page.render('judge/scoresheet', model, values.status);
  }
}
