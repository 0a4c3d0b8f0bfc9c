import { createHash } from 'crypto';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';

/**
 * The replay page's script (`src/browser/replay.ts`, bundled by `npm run build`): steps through
 * the turns with the arrow keys and the slider without reloading. Its URL carries a hash of its
 * bytes, so that a browser may keep it for a year and still never run an old one.
 */
export const REPLAY_SCRIPT = (() => {
  const path = join(__dirname, '..', '..', 'assets', 'replay.js');
  const body = existsSync(path) ? readFileSync(path) : null;
  const hash = body ? createHash('sha256').update(body).digest('hex').slice(0, 12) : 'missing';
  return { path, body, hash, url: `/assets/replay.js?v=${hash}` };
})();
