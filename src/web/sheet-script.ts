import { createHash } from 'crypto';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';

/**
 * The browser bundle of the engine and the form (`npm run build` writes it
 * with esbuild next to the compiled server). Its URL carries a hash of its
 * bytes, so that a browser may keep it for a year and still never run an
 * old one.
 */
export const SHEET_SCRIPT = (() => {
  const path = join(__dirname, '..', '..', 'assets', 'sheet-form.js');
  const body = existsSync(path) ? readFileSync(path) : null;
  const hash = body ? createHash('sha256').update(body).digest('hex').slice(0, 12) : 'missing';
  return { path, body, hash, url: `/assets/sheet-form.js?v=${hash}` };
})();
