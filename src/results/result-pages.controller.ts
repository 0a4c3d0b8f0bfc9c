import { t } from '../i18n';
import { Body, Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { detailsOf } from '../common/errors';
import { IdParam } from '../common/api/id-param';
import { parseClock, timeLossToName, TypedTieBreak } from '../engine';
import type { FieldError } from '../render/view-models';
import type { ResultFormPage, TableResultFormPage } from './result-page-models';
import { lowerFirst, reasonText } from '../render/report-view';
import { ResultsService } from './results.service';
import type { TypedFigureField } from './figures';
import type { GameView } from '../rounds/game.view';
import { TournamentsService } from '../tournaments/tournaments.service';
import { refusal } from '../web/forms';
import type { CheckedForm } from '../web/form-dto';
import { PageForm } from '../web/page-form';
import {
  askedFigures,
  readResultForm,
  readTableResultForm,
  resultOfForm,
  SIDES,
  tableAsked,
  tableResultOfForm,
  typedResultValues,
  VersionForm,
  type TableResultForm,
} from './result-forms';
import { gameHeading } from '../rounds/game-heading';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { SameOriginGuard } from '../web/same-origin.guard';
import { judgeGameBase, judgedGame, JudgedGame } from './judge-pages';
import { urls } from '../web/urls';
import { aboveStart } from './sheet-form-pages';

/**
 * A game's result typed without a sheet (a table's, with a score a seat), and taking it back.
 * Organisers may use it too.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('judge')
@Controller('judge')
export class ResultPagesController {
  constructor(
    private readonly results: ResultsService,
    private readonly tournaments: TournamentsService,
  ) {}

  @Get('games/:id/result')
  async resultForm(
    @IdParam('id', 'game') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { game, division } = await judgedGame(this.results, this.tournaments, id);
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
    const { game, division } = await judgedGame(this.results, this.tournaments, id);
    if (game.seats) {
      await this.tableSubmit(page, game, division, body, req);
      return;
    }
    const asked = askedFigures(division.ruleSet);
    const form = readResultForm(body, asked);
    const version = form.values.version ?? undefined;
    const again = (status: number, errors: FieldError[]) =>
      page.render(
        'judge/result',
        this.resultModel(
          page,
          game,
          division,
          typedResultValues(form, asked),
          errors,
          version ?? game.version,
        ),
        status,
      );
    if (!form.ok) {
      await again(400, form.errorsIn(page.lang));
      return;
    }
    try {
      await this.results.enterResult(id, resultOfForm(form, asked), version, req.user ?? null);
      page.redirect(withQuery(urls.result(id), { done: 'saved' }));
    } catch (e) {
      const { status, error } = resultRefusal(page, game, e);
      await again(status, [error]);
    }
  }

  /** Takes the result back (the game is pending again); posts the version. */
  @Post('games/:id/result/clear')
  async clearResult(
    @IdParam('id', 'game') id: number,
    @PageForm(VersionForm) form: CheckedForm<VersionForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { game, division } = await judgedGame(this.results, this.tournaments, id);
    const version = form.values.version ?? undefined;
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

  /** A table's result from the form ({@link TableResultForm}). */
  private async tableSubmit(
    page: PageContext,
    game: GameView,
    division: JudgedGame['division'],
    body: unknown,
    req: AuthedRequest,
  ): Promise<void> {
    const seats = game.seats!;
    const asked = tableAsked(division.ruleSet, seats.length);
    const form = readTableResultForm(body, asked);
    const version = form.values.version ?? undefined;
    const again = (status: number, errors: FieldError[]) =>
      page.render(
        'judge/table-result',
        this.tableModel(page, game, division, form, errors, version),
        status,
      );
    if (!form.ok) {
      await again(400, form.errorsIn(page.lang));
      return;
    }
    try {
      await this.results.enterTableResult(
        game.id,
        tableResultOfForm(form, asked),
        version,
        req.user ?? null,
      );
      page.redirect(withQuery(urls.result(game.id), { done: 'saved' }));
    } catch (e) {
      const { status, error } = tableRefusal(page, seats, e);
      await again(status, [error]);
    }
  }

  /** The table's form: the typed values again after a refusal, else the table's stored figures. */
  private tableModel(
    page: PageContext,
    game: GameView,
    division: JudgedGame['division'],
    form: CheckedForm<TableResultForm> | null,
    errors: FieldError[],
    version = game.version,
  ): TableResultFormPage {
    const seats = game.seats!;
    const asked = tableAsked(division.ruleSet, seats.length);
    const typed = (
      name: `${'score' | 'clock' | 'cards'}${number}`,
      stored: string | number | null,
    ) => (form ? form.typed(name) : stored);
    const complete = game.status === 'complete';
    return {
      ...judgeGameBase(page, game, page.t('resultForm.title')),
      flash: page.flashFromQuery(),
      game: gameHeading(page, game),
      action: urls.result(game.id),
      version,
      correction: complete,
      help: t(page.lang, 'tableForm.help'),
      rows: seats.map((s) => ({
        seat: s.seat,
        name: s.player.name,
        absent: {
          name: `absent${s.seat}`,
          label: page.t('tableForm.absent', { name: s.player.name }),
          // A seat without a score in a table's result is a seat that did not come.
          checked: form ? form.values[`absent${s.seat}`] === true : complete && s.score === null,
        },
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
              value: form ? form.typed('targetFirst') || 'none' : 'none',
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
    division: JudgedGame['division'],
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
    const asked = askedFigures(division.ruleSet);
    return {
      ...judgeGameBase(page, game, page.t('resultForm.title')),
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
    remainingFirst: r.remaining?.[0] ?? null,
    remainingSecond: r.remaining?.[1] ?? null,
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
  const needed = detailsOf(e, 'TIE_BREAK_FIGURE_NEEDED');
  if (needed) return 'tieBreak' in needed ? needed : null;
  return detailsOf(e, 'TIE_BREAK_FIGURE_UNUSED');
}

/** A refusal of a two players' result, worded, on the field it is about ('' for the form's). */
function resultRefusal(
  page: PageContext,
  game: GameView,
  e: unknown,
): { status: number; error: FieldError } {
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
  return { status, error: { field, message } };
}

/** A refusal of a table's result, worded, on the seat's field it is about. */
function tableRefusal(
  page: PageContext,
  seats: NonNullable<GameView['seats']>,
  e: unknown,
): { status: number; error: FieldError } {
  const figure = detailsOf(e, 'TIE_BREAK_FIGURE_NEEDED');
  const needed = figure && 'seats' in figure ? figure : null;
  if (needed) {
    const names = needed.seats.map((i) => seats[i].player.name).join(', ');
    return {
      status: 422,
      error:
        needed.field === 'cards'
          ? {
              field: `cards${needed.seats[0] + 1}`,
              message: t(page.lang, 'tableForm.cardsNeeded', { names }),
            }
          : {
              field: 'targetFirst',
              message: t(page.lang, 'tableForm.targetFirstNeeded', { names }),
            },
    };
  }
  const clock = aboveStart(e);
  const { status, message } = refusal(page.lang, e, {
    clock: clock?.clock ?? '',
    start: clock?.start ?? '',
  });
  return { status, error: { field: clock ? `clock${clock.player + 1}` : '', message } };
}
