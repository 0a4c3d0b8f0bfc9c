import type { Lang } from '../i18n';
import { CsvPreviewPage, parsePlayersCsv, previewPage } from './players-csv';

/*
 * A long players CSV's preview, read in a job's process. The division's registered names come
 * with the text, so the worker opens no database and loads no TypeORM: it only reads.
 */

/** What the preview's worker is told. */
export interface PlayersPreviewInput {
  text: string;
  lang: Lang;
  /** The names of the division's players, for the look-alike warnings. */
  registered: string[];
}

/** The worker's task: what the file would import, as the organiser's page shows it. */
export function previewTask(input: PlayersPreviewInput): Promise<CsvPreviewPage> {
  return Promise.resolve(previewPage(parsePlayersCsv(input.text, input.lang, input.registered)));
}
