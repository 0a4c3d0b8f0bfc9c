import { createHash } from 'crypto';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { urls } from './urls';

/**
 * The live pages' script (`src/browser/live.ts`, bundled by `npm run build`),
 * with a hash of its bytes in its URL like the sheet form's.
 */
export const LIVE_SCRIPT = (() => {
  const path = join(__dirname, '..', '..', 'assets', 'live.js');
  const body = existsSync(path) ? readFileSync(path) : null;
  const hash = body ? createHash('sha256').update(body).digest('hex').slice(0, 12) : 'missing';
  return { path, body, hash, url: `/assets/live.js?v=${hash}` };
})();

/** What a live page's layout needs: where to hear of changes, and the revision it shows. */
export interface LiveRef {
  events: string;
  revision: number;
  script: string;
}

/** The live part of a division page's model. */
export function liveRef(divisionId: number, revision: number): LiveRef {
  return { events: urls.events(divisionId), revision, script: LIVE_SCRIPT.url };
}
