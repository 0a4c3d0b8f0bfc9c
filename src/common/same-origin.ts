import type { Request } from 'express';
import { DomainError } from './errors';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The host (`name:port`) of an `Origin` or `Referer` value, or null. */
function hostOf(value: string | undefined): string | null {
  if (!value || value === 'null') return null;
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return null;
  }
}

/** What a page's form is told when it was posted from elsewhere. */
export const CROSS_SITE_FORM =
  'a form may only be posted from a page of this site (Origin or Referer must name this host)';

/**
 * Throws 403 `CROSS_SITE` unless a write's `Origin` (or, when a browser sends
 * none, its `Referer`) names this very host. Browsers send `Origin` with every
 * POST, PUT, PATCH and DELETE, and a page of another site, even one on
 * another port of this host (the same "site" to `SameSite=Lax`, so it sends
 * the session cookie), sends its own. Reads pass.
 */
export function checkSameOrigin(req: Request, message = CROSS_SITE_FORM): void {
  if (READS.has(req.method)) return;
  const host = (req.headers.host ?? '').toLowerCase();
  const origin = req.headers.origin;
  const from = origin !== undefined ? hostOf(origin) : hostOf(req.headers.referer);
  if (host !== '' && from === host) return;
  throw new DomainError(403, 'CROSS_SITE', message);
}

/**
 * The page of this site a request came from: its `Referer`'s path and query when that names this
 * very host, else null (sent from elsewhere, or no `Referer`).
 */
export function pageSentFrom(req: Request): string | null {
  const host = (req.headers.host ?? '').toLowerCase();
  if (host === '' || hostOf(req.headers.referer) !== host) return null;
  const url = new URL(req.headers.referer!);
  return `${url.pathname}${url.search}`;
}
