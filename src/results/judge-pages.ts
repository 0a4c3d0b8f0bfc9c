import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Conflict } from '../common/errors';
import { WordList } from '../engine';
import { ResultsService } from './results.service';
import type { GameView } from '../rounds/game.view';
import { TournamentsService } from '../tournaments/tournaments.service';
import { PageContext } from '../web/page-context';
import { urls } from '../web/urls';

/** A game with its division and tournament, as the tournaments' service gives them. */
export type JudgedGame = { game: GameView } & Awaited<
  ReturnType<TournamentsService['divisionWithTournament']>
>;

/** The version a page was built from (`?v=3` on a form's action), if any. */
export function versionQuery(page: PageContext): number | undefined {
  const v = page.query('v');
  return v !== undefined && /^\d{1,9}$/.test(v) ? Number(v) : undefined;
}

/** A game a judge enters a result or a sheet for, with its division and tournament (a bye has none). */
export async function judgedGame(
  results: ResultsService,
  tournaments: TournamentsService,
  id: number,
): Promise<JudgedGame> {
  const game = await results.game(id);
  if (game.second === null) {
    throw new Conflict('GAME_IS_BYE', `game ${id} is a bye: it has no result to enter`);
  }
  const { division, tournament } = await tournaments.divisionWithTournament(game.divisionId);
  return { game, division, tournament };
}

/** A judge's page of a game: its title, under the judge's pages and the game's round. */
export function judgeGameBase(page: PageContext, game: GameView, title: string) {
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

/** `{ known: { KEY: true|false|null } }` for the words asked (`k=` repeated, tile keys). */
export function answerWords(req: AuthedRequest, res: Response, list: WordList | null): void {
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
