import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { checkWellFormed, isWellFormed } from './well-formed';

/**
 * A path with each segment that is not percent-encoded UTF-8 (`%FF`,
 * `%ED%A0%80`, a lone `%`) escaped as text (`%25FF`), or null when every
 * segment decodes. The router then hands the segment to its route as typed,
 * whose parameter check names it (`game id must be a whole number, not
 * '%FF'`), instead of failing to decode it before any route is found.
 */
export function repairPath(url: string): string | null {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (!path.includes('%')) return null;
  let changed = false;
  const segments = path.split('/').map((segment) => {
    if (!segment.includes('%')) return segment;
    try {
      decodeURIComponent(segment);
      return segment;
    } catch {
      changed = true;
      return segment.replace(/%/g, '%25');
    }
  });
  return changed ? segments.join('/') + (q < 0 ? '' : url.slice(q)) : null;
}

/**
 * The cookies as text: cookie-parser turns a value starting `j:` into
 * whatever JSON it holds (an object, a list, a lone surrogate), which no
 * cookie of ours is; such a value, or text that is not well-formed, is
 * dropped, as an unknown cookie is ignored.
 */
export function plainCookies(cookies: unknown): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  if (typeof cookies !== 'object' || cookies === null) return out;
  for (const [name, value] of Object.entries(cookies as Record<string, unknown>)) {
    if (typeof value === 'string' && isWellFormed(name) && isWellFormed(value)) out[name] = value;
  }
  return out;
}

/**
 * The edge every request passes before its route: a path that cannot be
 * decoded is kept as text ({@link repairPath}), cookies are plain text
 * ({@link plainCookies}), and a query holding text that is not well-formed
 * Unicode is a 400 naming the parameter. (JSON bodies and forms are
 * checked as they are read: `src/common/body/body-reader.ts`.)
 */
export function plainRequest(): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const repaired = repairPath(req.url);
    if (repaired !== null) req.url = repaired;
    req.cookies = plainCookies(req.cookies);
    try {
      checkWellFormed(req.query, 'the query parameter ');
    } catch (error) {
      return next(error);
    }
    next();
  };
}
