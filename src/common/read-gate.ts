import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ServiceBusy } from './errors';
import { renderGate } from './render-gate';

/** API reads answered from what is kept (they queue their own uncached work), and the service's own. */
const KEPT_OR_OWN = /^\/api\/(divisions\/\d+\/standings\/?$|health\/?$|docs)/;

/**
 * Visitors' reads of the API go through the process's {@link renderGate} like uncached pages:
 * each is a query and a serialisation made afresh (a division's 1,000 players, a wall chart),
 * so past `RENDER_QUEUE` of them and of pages at once the next is refused at once with 503,
 * code BUSY and `Retry-After`, as an uncached page would be. The standings table (kept until
 * the division changes; only its making is queued) and reads with a bearer token or a session
 * (judges and organisers at work) are never refused.
 */
export function visitorReadGate(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      !req.path.startsWith('/api/') ||
      KEPT_OR_OWN.test(req.path) ||
      req.headers.authorization !== undefined ||
      // The session cookie (SESSION_COOKIE): a signed-in page's script reading the API.
      /(?:^|;\s*)arbiter_session=/.test(req.headers.cookie ?? '')
    ) {
      next();
      return;
    }
    renderGate()
      .run(
        () =>
          new Promise<void>((resolve) => {
            // 'close' comes once the answer is sent, or the client left before.
            res.once('close', resolve);
            next();
          }),
      )
      .catch((e: unknown) => {
        if (!(e instanceof ServiceBusy) || res.headersSent) {
          next(e);
          return;
        }
        res.setHeader('Retry-After', String(e.retryAfter));
        res.status(503).json({
          statusCode: 503,
          code: e.code,
          message: e.message,
          details: e.details,
        });
      });
  };
}
