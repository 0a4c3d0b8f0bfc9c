import type { IncomingMessage, ServerResponse } from 'http';
import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { whoSent, type AuthedRequest } from '../auth/auth.guard';
import type { TournamentAccess } from '../auth/tournament-access';
import type { AuthService } from '../auth/auth.service';
import { parseIfMatch } from '../common/api/if-match';
import { checkWellFormed } from '../common/api/well-formed';
import { takenAsIs } from '../common/api/validation';
import { bodyRuleFor } from '../common/body/body-limits';
import { errorBody, type ErrorBody } from '../common/error.filter';
import { COMPRESSED_FROM_BYTES } from '../common/http-headers';
import { DomainError } from '../common/errors';
import {
  READ_EARLY,
  type RequestReadEarly,
  type RequestWithRawBody,
} from '../common/body/body-reader';
import { parseJsonBody } from '../common/body/json-body';
import { JsonNesting } from '../common/body/json-nesting';
import type { PublicUser } from '../auth/public-user';
import type { RouteCheck } from '../common/roles';
import type { GameView } from '../rounds/game.view';
import { EnterResultDto } from './dto/result.dto';
import type { ResultsService } from './results.service';

const logger = new Logger('Errors');

/**
 * The two writes a hall makes all round, `PUT /api/games/{id}/result` with a game played and
 * `PUT /api/games/{id}/scoresheet`, handed to the results service as soon as their body is read
 * (`bodyReader` before this has checked its sender's role, its limits and its text), instead of
 * going through Express's routes and Nest's guard, pipes and parameter decorators on the way to
 * `ResultsController`. Taken only when that is certain to do what the route does: the path as
 * the controller writes it with a plain id, a sender the guard lets through, an `If-Match` the
 * route reads, and for a typed result a body that its DTO takes as it is (`playedAsIs`). The
 * answer is the route's own: the game as written, sent by Express's `res.json` with status 200.
 *
 * Anything else goes the usual way, and so does every refusal: a write refused (a domain error)
 * has written nothing (its transaction is rolled back), so the route makes it afresh and refuses
 * it in its own words (`test/e2e/results/write-statements.e2e-spec.ts` compares the two ways). Any other
 * error may have come after the commit, and is answered as the route would answer it, never
 * written again.
 */
export function resultWritesFirst(
  auth: AuthService,
  access: TournamentAccess,
  results: ResultsService,
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const m = req.method === 'PUT' && !triedEarly.has(req) ? HOT_WRITE.exec(req.path) : null;
    if (!m) return next();
    const id = Number(m[1]);
    const write = m[2] === 'result' ? typedResult(results, id, req) : scoreSheet(results, id, req);
    if (!write) return next();
    written(auth, access, req, id, write).then(
      (view) => {
        if (view) res.status(200).json(view);
        else next();
      },
      (error: unknown) => next(error),
    );
  };
}

/** The results routes taken here, as Express would route them to the controller, a plain id. */
const HOT_WRITE = /^\/api\/games\/([1-9]\d{0,8})\/(result|scoresheet)$/;

/** A write, once its sender and the version it read are known. */
type Write = (ifMatch: number | undefined, user: PublicUser | null) => Promise<GameView>;

/** A game played typed in, with a body its DTO takes as it is; else null (the usual way). */
function typedResult(results: ResultsService, id: number, req: Request): Write | null {
  const dto = takenAsIs(EnterResultDto, req.body) as EnterResultDto | undefined;
  if (!dto) return null;
  return (ifMatch, user) => results.enterResult(id, dto, ifMatch, user);
}

/** A score sheet, its text as sent (the route stores it byte for byte). */
function scoreSheet(results: ResultsService, id: number, req: Request): Write | null {
  const raw = (req as RequestWithRawBody).rawBody;
  if (raw === undefined) return null;
  return (ifMatch, user) => results.enterSheet(id, raw.toString('utf8'), req.body, ifMatch, user);
}

/**
 * The game as written, or undefined when the route must answer instead: a sender the guard
 * would refuse, an `If-Match` the route cannot read, or a refusal of the write itself.
 */
async function written(
  auth: AuthService,
  access: TournamentAccess,
  req: AuthedRequest,
  gameId: number,
  write: Write,
): Promise<GameView | undefined> {
  let ifMatch: number | undefined;
  try {
    const { user, bearer } = await whoSent(auth, req);
    // What the guard does for `@Roles('judge')` on a game's route.
    await access.authorise(req, user, bearer, judgeOf(gameId));
    req.user = user;
    ifMatch = parseIfMatch(req.headers['if-match']);
  } catch {
    return undefined;
  }
  try {
    return await write(ifMatch, req.user ?? null);
  } catch (e) {
    // A refusal came before the commit: the route refuses it afresh in its own words. Anything
    // else may have come after it, and goes to the error filter, not to the write again.
    if (e instanceof DomainError) return undefined;
    throw e;
  }
}

/** What the guard asks of a sender of a game's result or sheet: a judge's role in its tournament. */
const judgeOf = (gameId: number): RouteCheck => ({
  roles: ['judge'],
  scope: { kind: 'games', id: String(gameId) },
});

/** A request that went through {@link hallWritesFirst}'s write and was left to the routes. */
const triedEarly = new WeakSet<IncomingMessage>();

/** A JSON body as a hall's clients send it: no other charset, no compression, its length said. */
const PLAIN_JSON = /^application\/json\s*(?:;\s*charset="?utf-?8"?\s*)?$/i;
const LENGTH = /^[1-9]\d{0,9}$/;

/** What {@link hallWritesFirst} needs of the application besides the services. */
export interface EarlyAnswer {
  /** The compression every answer passes through (`answerCompression`). */
  compress: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** Express's ETag of a body (its `etag fn` setting). */
  etag: (body: Buffer, encoding?: BufferEncoding) => string | undefined;
}

/**
 * The same two writes taken even before Express sees their request, as kept pages are
 * (`src/standings-api/kept-pages.ts`): Express's request and answer objects, its router and the
 * middleware before the body is read cost a typed result about as much again as the write
 * itself. Taken only when that is certain to do what the usual way does, decided before a
 * byte of the body is read: the canonical path (no query, no slash at its end), a bearer
 * token (a session cookie's writes need its origin checked: the usual way) naming an account
 * the route's role lets through (one lookup, shared with the usual way), an `If-Match` the
 * route reads, a plain JSON body (UTF-8, uncompressed, its length said and within the
 * route's limit). The body is then read, and when it is JSON of a nesting the body reader
 * takes, well-formed text and (for a typed result) a body its DTO takes as it is, written.
 *
 * The answer is the route's: status 200, the game as written as Express's `res.json` sends
 * it, with the headers every answer gets (`X-Content-Type-Options`, the same compression).
 * Anything else, and every refusal, goes the usual way, its body handed to the body reader as
 * read (`READ_EARLY`): a write refused has written nothing, so the route makes it afresh and
 * refuses it in its own words. Any other error may have come after the commit: it is answered
 * here as the error filter answers it, never written again. `usual` hands the request to
 * Express. Returns whether the request was taken (then it is answered, here or the usual way).
 */
export function hallWritesFirst(
  auth: AuthService,
  access: TournamentAccess,
  results: ResultsService,
  early: EarlyAnswer,
): (req: IncomingMessage, res: ServerResponse, usual: () => void) => boolean {
  return (req, res, usual) => {
    if (req.method !== 'PUT' || req.url === undefined) return false;
    const m = HOT_WRITE.exec(req.url);
    if (!m) return false;
    const h = req.headers;
    const length = h['content-length'];
    if (
      !h.authorization?.startsWith('Bearer ') ||
      length === undefined ||
      !LENGTH.test(length) ||
      h['transfer-encoding'] !== undefined ||
      (h['content-encoding'] !== undefined && h['content-encoding'].toLowerCase() !== 'identity') ||
      !PLAIN_JSON.test(h['content-type'] ?? '')
    ) {
      return false;
    }
    const rule = bodyRuleFor('PUT', req.url);
    if (rule.json === undefined || Number(length) > rule.json) return false;
    let ifMatch: number | undefined;
    try {
      ifMatch = parseIfMatch(h['if-match']);
    } catch {
      return false;
    }
    const id = Number(m[1]);
    const sheet = m[2] === 'scoresheet';
    takeEarly(auth, access, results, early, req, res, usual, { id, sheet, ifMatch }).catch(() =>
      // Not reached (each step above has its way out); the connection is not left hanging.
      res.destroy(),
    );
    return true;
  };
}

async function takeEarly(
  auth: AuthService,
  access: TournamentAccess,
  results: ResultsService,
  early: EarlyAnswer,
  req: IncomingMessage,
  res: ServerResponse,
  usual: () => void,
  write: { id: number; sheet: boolean; ifMatch: number | undefined },
): Promise<void> {
  let user: PublicUser;
  try {
    // The usual way asks again for this request and is answered from the same lookup.
    const who = await whoSent(auth, req as Request);
    await access.authorise(req as Request, who.user, who.bearer, judgeOf(write.id));
    user = who.user!;
  } catch {
    return usual();
  }
  const raw = await bodyOf(req);
  if (!raw) return; // The client went away before its body was complete: nobody to answer.
  const handOn = () => {
    (req as RequestReadEarly)[READ_EARLY] = raw;
    triedEarly.add(req);
    usual();
  };
  let view: GameView;
  try {
    if (!new JsonNesting().feed(raw)) return handOn();
    const body = parseJsonBody(raw);
    checkWellFormed(body);
    if (write.sheet) {
      view = await results.enterSheet(write.id, raw.toString('utf8'), body, write.ifMatch, user);
    } else {
      const dto = takenAsIs(EnterResultDto, body) as EnterResultDto | undefined;
      if (!dto) return handOn();
      view = await results.enterResult(write.id, dto, write.ifMatch, user);
    }
  } catch (e) {
    // A refusal is thrown before the commit (its transaction rolled back): the route makes
    // the write afresh and refuses it in its own words. Anything else may come after the
    // commit (the view read back): made again, the write would land twice, so it is answered
    // here as the route would answer it.
    if (e instanceof DomainError) return handOn();
    logger.error(`${req.method} ${req.url}`, e instanceof Error ? e.stack : String(e));
    const body = errorBody(e);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    return sendJson(req, res, early, body, body.statusCode);
  }
  (req as AuthedRequest).user = user;
  sendJson(req, res, early, view);
}

/** A body's bytes once it has all come; null if the request failed before its end. */
function bodyOf(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      chunks.push(c);
      size += c.length;
    });
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)));
    req.once('error', () => resolve(null));
  });
}

/**
 * What `res.status(200).json(view)` sends through the middleware every answer passes: the
 * same headers (`X-Content-Type-Options`, then Content-Type, Content-Length and the ETag as
 * Express sets them, `Vary` from the compression), and the body compressed as it would be.
 * A game's JSON (about 350 bytes) is below the compression's threshold, where the middleware
 * only adds `Vary`: it is sent here without passing through it.
 */
function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  early: EarlyAnswer,
  view: GameView | ErrorBody,
  status = 200,
): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  const body = Buffer.from(JSON.stringify(view), 'utf8');
  const send = () => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    const etag = early.etag(body);
    if (etag) res.setHeader('ETag', etag);
    res.end(body);
  };
  if (body.length >= COMPRESSED_FROM_BYTES) return early.compress(req, res, send);
  res.setHeader('Vary', 'Accept-Encoding');
  send();
}
