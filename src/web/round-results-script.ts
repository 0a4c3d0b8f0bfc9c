import { createHash } from 'crypto';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';

/**
 * The round's results page's script (`npm run build` bundles src/browser/round-results.ts with
 * esbuild next to the compiled server): its URL carries a hash of its bytes, as the sheet
 * form's does, so a browser may keep it for a year and never run an old one.
 */
export const ROUND_SCRIPT = (() => {
  const path = join(__dirname, '..', '..', 'assets', 'round-results.js');
  const body = existsSync(path) ? readFileSync(path) : null;
  const hash = body ? createHash('sha256').update(body).digest('hex').slice(0, 12) : 'missing';
  return { path, body, hash, url: `/assets/round-results.js?v=${hash}` };
})();
