import { t, type MessageKey } from '../i18n';
import {
  Body,
  Controller,
  Get,
  Param,
  Post,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Public, Roles } from '../auth/roles.decorator';
import { IdParam } from '../common/api/id-param';
import { Revisions } from '../tournaments/revisions';
import { liveRef } from '../web/live-ref';
import { findRuleSet, VerificationReport } from '../engine';
import { gameReportSection } from '../render/game-section';
import type { FieldError } from '../render/view-models';
import type { DeskPage, TableCodePage } from './table-code-page-models';
import type { SheetFormPage } from '../sheet-form/page';
import {
  checkForm,
  formFromBody,
  padRows,
  SheetForm,
  sheetLayout,
  sheetToForm,
  typedForm,
} from '../sheet-form';
import { TableCodesService } from './table-codes.service';
import { tableClientOf } from './table-client';
import type { TableClient } from './code-throttle';
import { DeviceCookies } from '../throttle/device-cookies';
import type { CodeView, SubmissionView } from './table-codes.view';
import type { CheckedForm } from '../web/form-dto';
import { refusal } from '../web/forms';
import { PageForm } from '../web/page-form';
import { ConfirmSheetForm, DeskActionForm } from './table-code-forms';
import { unfinishedTurns } from '../render/report-view';
import {
  blankForm,
  importRefusal,
  layoutTerms,
  scriptJson,
  sheetFormModel,
  SheetShowValues,
  sheetRefusal,
  sheetToSave,
} from '../results/sheet-form-pages';
import { SheetPostForm } from '../results/sheet-forms';
import { gameHeading } from '../rounds/game-heading';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { SameOriginGuard } from '../web/same-origin.guard';
import { readSheetInput } from '../web/sheet-input';
import { urls } from '../web/urls';

/** The page a table's code opens, its score sheet form, and confirming another's sheet. */
const codeUrl = (code: string) => `/t/${encodeURIComponent(code)}`;

/**
 * The pages a player opens with their seat's code, from a phone, without an account: the
 * table's sheets so far (with a button to confirm another player's), and the same score-sheet
 * form the judges use, whose "save" sends the sheet for the table instead of storing it.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Public()
@Controller('t')
export class TableCodePagesController {
  constructor(
    private readonly codes: TableCodesService,
    private readonly devices: DeviceCookies,
  ) {}

  @Get(':code')
  async status(
    @Param('code') code: string,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const { page, view, newest } = await this.openPage(code, req, res);
    await page.render('public/table-code', this.statusModel(page, code, view, [], newest));
  }

  @Post(':code/confirm')
  async confirm(
    @Param('code') code: string,
    @PageForm(ConfirmSheetForm) form: CheckedForm<ConfirmSheetForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const client = tableClientOf(this.devices, req, res);
    const { submission } = form.values;
    if (submission === null) {
      // Which sheet was meant is not said: the page again, saying so, nothing confirmed.
      const message = form.errorsIn(page.lang)[0]?.message ?? t(page.lang, 'form.required');
      await this.statusRefused(page, code, client, message, 400);
      return;
    }
    try {
      await this.codes.confirm(code, submission, client);
      page.redirect(withQuery(codeUrl(code), { done: 'confirmed' }));
    } catch (e) {
      const { status, message } = refusal(page.lang, e);
      await this.statusRefused(page, code, client, message, status);
    }
  }

  /** The page's context and what the phone's code opens, with the table's newest sheet. */
  private async openPage(code: string, req: AuthedRequest, res: Response) {
    const page = new PageContext(req, res);
    const client = tableClientOf(this.devices, req, res);
    return { page, ...(await this.codes.openWithNewest(code, client)) };
  }

  /** The table's page again, with what was refused above it. */
  private async statusRefused(
    page: PageContext,
    code: string,
    client: TableClient,
    message: string,
    status: number,
  ): Promise<void> {
    const { view, newest } = await this.codes.openWithNewest(code, client);
    await page.render(
      'public/table-code',
      this.statusModel(page, code, view, [{ field: '', message }], newest),
      status,
    );
  }

  @Get(':code/sheet')
  async sheetForm(
    @Param('code') code: string,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const { page, view, newest, timeZone } = await this.openPage(code, req, res);
    const layout = this.layout(view);
    const zone = page.timeZoneOf({ timeZone });
    // The table's last sheet sent, to mend and send again (a judge may have returned it): its
    // rows as typed, else as read.
    const sent = newest ? readSheetInput(newest.sheet, page.lang, layoutTerms(layout)) : null;
    if (sent?.ok) {
      await this.showSheet(
        page,
        code,
        view,
        zone,
        typedForm(sent.doc) ?? sheetToForm(sent.doc, layout),
        {
          status: 200,
          draftVersion: 0,
          notice: { tone: 'ok', text: t(page.lang, 'code.mended') },
          restoreKept: true,
        },
      );
      return;
    }
    await this.showSheet(page, code, view, zone, blankForm(layout), {
      status: 200,
      draftVersion: 0,
      restoreKept: true,
    });
  }

  /**
   * The rows of the form, as the judges' page posts them, and `intent`: `verify`, `more`,
   * `import`, or `save`, which sends the sheet for the table and opens the table's page (a sheet
   * of a game not yet over is sent only with `save-unfinished`, after the page asked).
   */
  @Post(':code/sheet')
  async sheetSubmit(
    @Param('code') code: string,
    @PageForm(SheetPostForm) posted: CheckedForm<SheetPostForm>,
    @Body() body: unknown,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const client = tableClientOf(this.devices, req, res);
    const { view, timeZone } = await this.codes.openWithNewest(code, client);
    const zone = page.timeZoneOf({ timeZone });
    const layout = this.layout(view);
    const { intent, import: importText } = posted.values;
    let form = formFromBody(body, layout.players.length);
    const show = (status: number, values: Partial<SheetShowValues> = {}) =>
      this.showSheet(page, code, view, zone, form, {
        status,
        draftVersion: 0,
        importText,
        ...values,
      });
    if (intent === 'import') {
      const input = readSheetInput(importText, page.lang, layoutTerms(layout));
      if (!input.ok) {
        await show(422, { ...importRefusal(page, input), importOpen: true });
        return;
      }
      form = sheetToForm(input.doc, layout);
    } else if (intent === 'more') {
      form = { ...form, rows: padRows(form.rows, layout, 10) };
    }
    if (intent === 'save' || intent === 'save-unfinished') {
      const check = checkForm(form, layout, page.lang, null);
      if (check.conversion.errors.length > 0 || check.report === null) {
        await show(422, { check });
        return;
      }
      // A sheet of a game not yet over (as the judges' page asks): sent only when asked again.
      const turns = intent === 'save' ? unfinishedTurns(page.lang, check.report) : null;
      if (turns !== null) {
        const unfinished = {
          text: t(page.lang, 'code.unfinished', { turns }),
          button: t(page.lang, 'code.sendUnfinished'),
        };
        await show(200, { check, unfinished });
        return;
      }
      const { doc, text } = sheetToSave(check, form);
      try {
        await this.codes.submit(code, text, doc, client);
        page.redirect(withQuery(codeUrl(code), { done: 'sent' }));
      } catch (e) {
        const { status, message } = sheetRefusal(page, e);
        await show(status, { check, notice: { tone: 'bad', text: message } });
      }
      return;
    }
    await show(200);
  }

  // ------------------------------------------------------------------

  private layout(view: CodeView) {
    return sheetLayout(findRuleSet(view.rules)!, view.players, view.options);
  }

  private async showSheet(
    page: PageContext,
    code: string,
    view: CodeView,
    timeZone: string,
    form: SheetForm,
    values: SheetShowValues,
  ): Promise<void> {
    const layout = this.layout(view);
    const model: SheetFormPage = {
      ...page.base(
        t(page.lang, 'code.sheetTitle'),
        page.crumbs({ label: t(page.lang, 'code.title'), url: codeUrl(code) }),
      ),
      // The words are looked up when the sheet is sent, against the tournament's list.
      ...sheetFormModel(page, layout, form, null, values),
      game: gameHeading(page, view.game),
      action: `${codeUrl(code)}/sheet`,
      version: view.game.version,
      canSave: true,
      links: false,
      configJson: scriptJson({
        lang: page.lang,
        timeZone,
        layout,
        draftUrl: null,
        wordsUrl: null,
        // The rows stay on the phone until the sheet is sent (a seat's, not its code's: no secret).
        keepKey: `arbiter:sheet:table:${view.game.id}:${view.you.seat}`,
        restore: values.restoreKept ?? false,
      }),
    };
    await page.render('judge/scoresheet', model, values.status);
  }

  private statusModel(
    page: PageContext,
    code: string,
    view: CodeView,
    errors: FieldError[],
    newest: { report: VerificationReport } | null = null,
  ): TableCodePage {
    const names = (list: { player: { name: string } }[]) =>
      list.map((x) => x.player.name).join(', ');
    const line = (s: SubmissionView) => {
      // A game of two whose sheet is without fault and confirmed, yet waiting: the server failed
      // before entering it (the confirm was answered with an error page), and a confirm again
      // enters it. At a table of three or four, entering can also be refused for its places
      // (tableRefusal), which this page cannot tell apart: such a sheet waits for a judge.
      const notEntered = confirmedNotEntered(s) && !view.game.seats;
      const state =
        s.status === 'waiting'
          ? s.waitingFor.length > 0
            ? t(page.lang, 'code.waitingFor', { names: names(s.waitingFor) })
            : notEntered
              ? t(page.lang, 'code.notEntered')
              : t(page.lang, 'code.atDesk')
          : s.status === 'accepted'
            ? t(page.lang, 'code.accepted')
            : s.status === 'returned'
              ? t(page.lang, 'code.returned', { note: s.note ?? '' })
              : t(page.lang, 'code.replaced');
      return {
        id: s.id,
        from: t(page.lang, 'code.from', { name: s.from.player.name, seat: s.from.seat }),
        verdict: s.ok ? t(page.lang, 'code.ok') : t(page.lang, 'code.faults', { n: s.issues }),
        ok: s.ok,
        state,
        confirmable:
          s.status === 'waiting' &&
          s.from.seat !== view.you.seat &&
          (notEntered || !s.confirmedBy.some((c) => c.seat === view.you.seat)),
      };
    };
    const resultIn = view.game.status === 'complete';
    return {
      ...page.base(t(page.lang, 'code.title'), page.crumbs()),
      flash: page.flashFromQuery(),
      game: gameHeading(page, view.game),
      you: t(page.lang, 'code.you', { name: view.you.player.name, seat: view.you.seat }),
      sheetUrl: resultIn ? undefined : `${codeUrl(code)}/sheet`,
      confirmAction: `${codeUrl(code)}/confirm`,
      resultIn: resultIn ? t(page.lang, 'code.resultIn') : undefined,
      gameUrl: urls.game(view.game.id),
      submissions: view.submissions.map((s, i) => ({
        ...line(s),
        sheet:
          i === 0 && newest
            ? gameReportSection(newest.report, page.lang, {
                rules: view.rules,
                ruleOptions: view.options,
              })
            : undefined,
      })),
      errors,
      texts: {
        send: t(page.lang, 'code.send'),
        sheets: t(page.lang, 'code.sheets'),
        none: t(page.lang, 'code.none'),
        confirm: t(page.lang, 'code.confirm'),
        open: t(page.lang, 'code.open'),
        viewSheet: t(page.lang, 'code.viewSheet'),
      },
    };
  }
}

/**
 * The chief judge's desk for a round: the tables whose sheet disagrees with the rules first,
 * then those waiting for a confirmation, then those without a result, then those done; each
 * waiting sheet with a button to accept it as the result and a form to return it with a note.
 * The page follows the division live.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('judge')
@Controller('judge/divisions')
export class DeskPagesController {
  constructor(
    private readonly codes: TableCodesService,
    private readonly revisions: Revisions,
  ) {}

  @Get(':id/rounds/:number/desk')
  async desk(
    @IdParam('id', 'division') id: number,
    @IdParam('number', 'round') number: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    await this.show(page, id, number, [], 200);
  }

  /** `accept` or `return` (with `note`) a sheet sent from a table; back to the desk. */
  @Post(':id/rounds/:number/desk')
  async act(
    @IdParam('id', 'division') id: number,
    @IdParam('number', 'round') number: number,
    @PageForm(DeskActionForm) form: CheckedForm<DeskActionForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { submission, action, note } = form.values;
    if (!form.ok || submission === null || action === null) {
      await this.show(page, id, number, form.errorsIn(page.lang), 400);
      return;
    }
    try {
      await this.codes.atDesk(submission, id, number);
      if (action === 'accept') await this.codes.acceptByJudge(submission, req.user ?? null);
      else await this.codes.returnByJudge(submission, note!, req.user ?? null);
      page.redirect(withQuery(urls.desk(id, number), { done: 'saved' }));
    } catch (e) {
      const { status, message } = refusal(page.lang, e);
      await this.show(page, id, number, [{ field: '', message }], status);
    }
  }

  private async show(
    page: PageContext,
    id: number,
    number: number,
    errors: FieldError[],
    status: number,
  ): Promise<void> {
    const desk = await this.codes.desk(id, number);
    // A table whose sheet every player confirmed but that is not in waits for a judge, not for a
    // confirmation (the server failed on the last confirm): said so in its heading and the counts.
    const atDesk = desk.tables.filter(
      (t) => t.status === 'unconfirmed' && t.submissions.some(confirmedNotEntered),
    );
    const waiting = desk.tables.flatMap((t) => t.submissions.filter((s) => s.status === 'waiting'));
    const reports = await this.codes.reportsOf(waiting.map((s) => s.id));
    const revision = await this.revisions.get(id);
    if (revision !== null) page.live = liveRef(id, revision);
    const say = (key: MessageKey, params?: Record<string, string | number>) =>
      t(page.lang, key, params);
    const model: DeskPage = {
      ...page.base(
        say('desk.title', { n: number }),
        page.crumbs(
          { label: page.t('page.judge'), url: urls.judge },
          { label: page.t('common.round', { n: number }), url: urls.pairings(id, number) },
        ),
      ),
      flash: page.flashFromQuery(),
      action: urls.desk(id, number),
      resultsUrl: urls.roundResults(id, number),
      counts: say('desk.counts', {
        flagged: desk.counts.flagged,
        unconfirmed: desk.counts.unconfirmed - atDesk.length,
        n: atDesk.length,
        none: desk.counts['no-result'],
        done: desk.counts.done,
      }),
      tables: desk.tables.map((t) => ({
        table: t.table,
        players: t.players.map((p) => p.name).join(' – '),
        // A result in whose sheet disagrees with the rules says both.
        status:
          t.status === 'flagged' && t.resultIn
            ? say('desk.status.flaggedResult')
            : atDesk.includes(t)
              ? say('code.atDesk')
              : say(`desk.status.${t.status as 'done'}`),
        tone: t.status === 'flagged' ? 'bad' : t.status === 'done' ? 'ok' : 'warn',
        sheetUrl: urls.sheet(t.gameId),
        submissions: t.submissions
          .filter((s) => s.status === 'waiting')
          .map((s) => ({
            id: s.id,
            line: [
              say('code.from', { name: s.from.player.name, seat: s.from.seat }),
              s.ok ? say('code.ok') : say('code.faults', { n: s.issues }),
              s.waitingFor.length > 0
                ? say('code.waitingFor', {
                    names: s.waitingFor.map((w) => w.player.name).join(', '),
                  })
                : confirmedNotEntered(s)
                  ? say('desk.confirmedNotEntered')
                  : '',
            ]
              .filter(Boolean)
              .join(' · '),
            sheet: reports.has(s.id) ? gameReportSection(reports.get(s.id)!, page.lang) : undefined,
          })),
      })),
      errors,
      texts: {
        accept: say('desk.accept'),
        giveBack: say('desk.return'),
        note: say('desk.note'),
        correct: say('desk.correct'),
        viewSheet: say('code.viewSheet'),
      },
    };
    await page.render('judge/desk', model, status);
  }
}

/** A sheet without fault that every other player confirmed, yet still waiting: not entered. */
function confirmedNotEntered(s: SubmissionView): boolean {
  return s.status === 'waiting' && s.ok && s.waitingFor.length === 0;
}
