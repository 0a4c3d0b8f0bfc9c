import { Body, Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { BadInput } from '../common/errors';
import { defaultWordList } from '../dictionary/default-lists';
import { findRuleSet, RULE_SETS, WordList } from '../engine';
import {
  formFromBody,
  ft,
  padRows,
  SheetForm,
  SheetLayout,
  sheetLayout,
  sheetToForm,
} from '../sheet-form';
import type { SheetFormPage } from '../sheet-form/page';
import type { CheckedForm } from '../web/form-dto';
import { PageForm } from '../web/page-form';
import { ruleSetName } from '../web/rule-set-name';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { SameOriginGuard } from '../web/same-origin.guard';
import { readSheetInput } from '../web/sheet-input';
import { answerWords } from './judge-pages';
import { urls } from '../web/urls';
import {
  blankForm,
  importRefusal,
  namesOf,
  scriptJson,
  sheetFormModel,
  SheetShowValues,
} from './sheet-form-pages';
import { SheetPostForm } from './sheet-forms';

/** A sheet of no game: its form's layout and the rule set's own word list. */
interface LooseContext {
  layout: SheetLayout;
  words: WordList | null;
}

/**
 * A score sheet checked without a game (`/judge/check`): any rule set, its own word list,
 * nothing stored.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('judge')
@Controller('judge')
export class SheetCheckPagesController {
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
    @PageForm(SheetPostForm) posted: CheckedForm<SheetPostForm>,
    @Body() body: unknown,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { intent, import: importText } = posted.values;
    let ctx = this.looseContext(page, namesOf(body));
    let form = formFromBody(body, ctx.layout.players.length);
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
    answerWords(req, res, this.looseContext(page).words);
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
  ): LooseContext {
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
    ctx: LooseContext,
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
}
