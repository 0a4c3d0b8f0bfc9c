import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';

/**
 * What every answer carries and how the server reads where a request came from:
 * no `X-Powered-By` (it only tells a prober what to try), `X-Content-Type-Options:
 * nosniff` on every answer (an error's JSON is never read as a page or a script), and,
 * with TRUST_PROXY, the reverse proxy's word on the scheme and the client's address:
 * `X-Forwarded-Proto: https` makes `req.secure` true (the session cookie is then
 * `Secure`) and `X-Forwarded-For` gives `req.ip` (the throttles' address). Only the proxies TRUST_PROXY
 * names are believed (a number of hops, or their addresses): `req.ip` is the nearest
 * address that is not one of them, so an address a client wrote into the header itself
 * stays to the left of the proxy's and is not read. Answers are compressed as the client
 * accepts ({@link compressedAnswer}).
 */
export function configureHttp(app: NestExpressApplication, trustProxy: number | string[]): void {
  app.disable('x-powered-by');
  if (trustProxy !== 0) app.set('trust proxy', trustProxy);
  app.use((_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  app.use(answerCompression());
}

/** Answers shorter than this go as they are: compressing them saves no packet. */
export const COMPRESSED_FROM_BYTES = 1024;

/**
 * The compression every answer passes through ({@link compressedAnswer}): also used by the
 * writes answered before Express (`src/results/writes-first.ts`), so they are compressed alike.
 */
export function answerCompression(): ReturnType<typeof compression> {
  return compression({ filter: compressedAnswer, threshold: COMPRESSED_FROM_BYTES });
}

/**
 * Which answers go compressed (brotli or gzip, as the client accepts, by the compression
 * package): text and JSON of 1 KB or more that is not compressed already. Kept pages and
 * tables carry their own compressed bytes (src/web/page-cache.ts) and are left as they are;
 * live updates (server-sent events) go at once, never held back to be compressed.
 */
function compressedAnswer(req: Request, res: Response): boolean {
  const type = res.getHeader('Content-Type');
  if (typeof type === 'string' && type.startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
}
