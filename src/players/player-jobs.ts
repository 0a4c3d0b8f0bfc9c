import { detailsOf, type DomainError } from '../common/errors';
import { lineWord, type JobPresenter } from '../jobs/job-presenters';
import { refusal } from '../web/forms';
import { withQuery, type PageContext } from '../web/page-context';
import { urls } from '../web/urls';
import type { ImportedPlayers } from './player-import';
import { refusedPlayerOf } from './registration';
import { likeFlash } from './players-pages.controller';

/** A registration's refusal after the line of the file it names (`details.line`), if any. */
function lineRefusal(page: PageContext, e: DomainError): string {
  const line = refusedPlayerOf(e)?.line;
  return `${line ? `${lineWord(page, line)}: ` : ''}${refusal(page.lang, e).message}`;
}

/** How a job's page words a players CSV's import. */
export const PLAYER_JOBS: Record<string, JobPresenter> = {
  'players.import': {
    errors(page, e) {
      // The file's mistakes were worded in the language it was sent in; a player's refusal here.
      const problems = detailsOf(e, 'CSV_INVALID')?.problems;
      return problems
        ? problems.map((p) => `${lineWord(page, p.line)}: ${p.message}`)
        : [lineRefusal(page, e)];
    },
    links(page, job) {
      // Back to the players, with the flash a shorter import's page shows (and its warning).
      const r = job.result as ImportedPlayers | null;
      const input = (job.refusal?.details ?? {}) as { divisionId?: number };
      const divisionId = r?.divisionId ?? input.divisionId;
      if (!divisionId) return [];
      const query = r ? likeFlash(r.lookAlikes, { done: 'imported', n: r.imported }) : {};
      return [
        { label: page.t('job.open.players'), url: withQuery(urls.orgPlayers(divisionId), query) },
      ];
    },
  },
};
