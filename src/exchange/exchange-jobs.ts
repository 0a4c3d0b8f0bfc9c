import type { JobPresenter } from '../jobs/job-presenters';
import { withQuery } from '../web/page-context';
import { urls } from '../web/urls';
import { tshProblemsOf, type ImportedTsh } from './tsh-import';
import { tshProblemMessage } from './tsh-messages';

/** How a job's page words the exchange's imports: a tournament's file, a TSH file. */
export const EXCHANGE_JOBS: Record<string, JobPresenter> = {
  'tournament.import': {
    links(page, job) {
      const id = (job.result as { id?: number } | null)?.id;
      return id ? [{ label: page.t('job.open.tournament'), url: urls.orgTournament(id) }] : [];
    },
  },
  'tsh.import': {
    errors: (page, e) => (tshProblemsOf(e) ?? []).map((p) => tshProblemMessage(page.lang, p)),
    links(page, job) {
      const r = job.result as ImportedTsh | null;
      if (!r) return [];
      return [
        {
          label: page.t('job.open.tournament'),
          url: withQuery(urls.orgTournament(r.tournamentId), { done: 'tshImported', n: r.players }),
        },
        { label: page.t('job.open.players'), url: urls.orgPlayers(r.id) },
      ];
    },
  },
};
