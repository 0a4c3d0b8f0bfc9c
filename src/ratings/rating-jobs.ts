import type { JobPresenter } from '../jobs/job-presenters';
import { FAMILIES } from '../registry/families';
import { ratingUrls } from '../web/urls';
import { ratingImportErrors } from './rating-pages.controller';

/** Back to the rating lists, from a job of the ratings once it has ended. */
const backToRatings: JobPresenter['links'] = (page) => [
  { label: page.t('job.back.ratings'), url: ratingUrls.list(FAMILIES[0]) },
];

/** How a job's page words the ratings' jobs: a list imported, every rating computed again. */
export const RATING_JOBS: Record<string, JobPresenter> = {
  'ratings.import': { errors: ratingImportErrors, links: backToRatings },
  'ratings.recompute': { links: backToRatings },
};
