/**
 * A page's request waits for the end of an import of at most this many lines, and answers
 * as it always has; a longer one sends the organiser to the job's page (a progress bar) at once.
 */
export const PAGE_WAIT_LINES = 1000;

/**
 * The same for a file that registers a player a line (a players CSV, a TSH file): each line
 * costs a registration (some ten statements), so a page waits for at most this many, about
 * two seconds on a loaded server, and a longer file goes to the job's page.
 */
export const PAGE_WAIT_PLAYER_LINES = 200;

/** The lines of a pasted text, counted without splitting it. */
export function lineCount(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

export const jobUrls = {
  page: (id: string) => `/organiser/jobs/${id}`,
  events: (id: string) => `/organiser/jobs/${id}/events`,
};
