import { Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { BadInput, detailsOf } from '../common/errors';
import { defaultWordList } from '../dictionary/default-lists';
import { findRuleSet } from '../engine';
import type { WordCheckPage } from './word-page-models';
import { RoundsService } from '../rounds/rounds.service';
import { TournamentsService } from '../tournaments/tournaments.service';
import { WordsService } from './words.service';
import type { CheckedForm } from '../web/form-dto';
import { refusal } from '../web/forms';
import { PageForm } from '../web/page-form';
import { WordCheckForm } from './word-forms';
import { ruleSetName } from '../web/rule-set-name';
import { PageContext } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { SameOriginGuard } from '../web/same-origin.guard';
import { urls } from '../web/urls';

/**
 * The words a judge typed that cannot be read, quoted as typed (`„KU1A”`): the
 * service's own message is English and numbers the words (`words[0]`).
 */
function unreadableWords(e: unknown): string {
  return (detailsOf(e, 'WORD_UNREADABLE') ?? [])
    .map((d) => (d.word !== '' ? `„${d.word.slice(0, 40)}”` : ''))
    .filter(Boolean)
    .join(', ');
}

/** Words of one challenged play at most (as the API takes). */
const MAX_WORDS = 20;

interface WordContext {
  gameId?: number;
  tournamentId?: number;
  rules: string;
  dictionary: string;
  available: boolean;
  action: string;
}

/** The word check for a challenge: a game's, a tournament's or a rule set's word list. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('judge')
@Controller('judge')
export class WordCheckPagesController {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly words: WordsService,
    private readonly rounds: RoundsService,
  ) {}

  /** `?game=ID` or `?tournament=ID` (their word list rules), else `?rules=` (the default list). */
  @Get('word-check')
  async wordCheckForm(@Req() req: AuthedRequest, @Res() res: Response): Promise<void> {
    const page = new PageContext(req, res);
    const context = await this.wordContext(page);
    await page.render('judge/word-check', this.wordModel(page, context, ''));
  }

  @Post('word-check')
  async wordCheck(
    @PageForm(WordCheckForm) form: CheckedForm<WordCheckForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const context = await this.wordContext(page);
    const typed = form.values.words;
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

  private async wordContext(page: PageContext): Promise<WordContext> {
    const asId = (v: string | undefined): number | undefined =>
      v !== undefined && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined;
    const gameId = asId(page.query('game'));
    let tournamentId = asId(page.query('tournament'));
    /** The rule set of the game's division. */
    let played: string | undefined;
    if (gameId !== undefined) {
      const game = await this.rounds.gamePlayed(gameId);
      tournamentId = game.tournamentId;
      played = game.ruleSet;
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
