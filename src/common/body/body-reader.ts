import express from 'express';
import type { IncomingMessage } from 'http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RouteCheck } from '../roles';
import { checkWellFormed } from '../api/well-formed';
import { BadInput, DomainError, TooLarge, UnsupportedMediaType } from '../errors';
import { BodyRule, bodyRuleFor, formatBytes, isApiPath } from './body-limits';
import { parseJsonBody } from './json-body';
import { JsonNesting, MAX_JSON_DEPTH } from './json-nesting';
import { closeAfterAnswer } from '../slow-clients';

/**
 * Finds who sent a request (bearer token or session cookie) and throws the guard's own
 * 401/403 unless they may call the route (its roles, in its tournament if it acts in one).
 */
export type Authorise = (req: Request, check: RouteCheck) => Promise<void>;

/** What a route asks of its sender, known from its path before its body is read (null: anyone may). */
export type RouteRoles = (method: string, path: string) => RouteCheck | null;

/** A request whose JSON bytes are kept: score sheets are stored exactly as sent. */
export type RequestWithRawBody = Request & { rawBody?: Buffer };

/**
 * A JSON body read before Express saw its request (`src/results/writes-first.ts`), when the
 * write taken there leaves the request to the routes after all: its bytes, read here as if
 * they had just come (the same limits, nesting and parsing, so the same refusals).
 */
export const READ_EARLY = Symbol('JSON body read before Express');
export type RequestReadEarly = IncomingMessage & { [READ_EARLY]?: Buffer };

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A JSON body this large (bytes) is copied into one buffer as it comes ({@link readJson}), and
 * left unparsed for a route that reads its JSON in a job's process (`BodyRule.rawJson`).
 */
const LARGE_BODY = 256 * 1024;

/** True for a request whose `Content-Length` says its body is {@link LARGE_BODY} or more. */
function isLarge(req: Request): boolean {
  const length = Number(req.headers['content-length']);
  return Number.isSafeInteger(length) && length >= LARGE_BODY;
}

/**
 * Has a large body come a chunk a turn of the event loop, whoever reads it: the socket hands
 * over up to 32 chunks of 64 kB at a time, and checking and copying 2 MB in one go (a
 * tournament's 13 MB came so) held every other request up for 15–20 ms at a time. Paused after
 * each chunk, resumed at the next turn, so the requests waiting are answered in between. Added
 * once the reader's own `data` listener is on (a listener starts the flow).
 */
function oneChunkATurn(req: Request): void {
  let paused = false;
  req.on('data', () => {
    if (paused) return;
    paused = true;
    req.pause();
    setImmediate(() => {
      paused = false;
      // Resumed even after a refusal: what is still on its way is read into nothing.
      if (!req.destroyed) req.resume();
    });
  });
}

type Kind = 'json' | 'form' | 'multipart' | 'other';

function kindOf(req: Request): Kind {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json')))
    return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  if (type === 'multipart/form-data') return 'multipart';
  return 'other';
}

function charsetOf(req: Request): string | null {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(req.headers['content-type'] ?? '');
  return m ? m[1].toLowerCase() : null;
}

function tooLarge(rule: BodyRule, limit: number): DomainError {
  const size = formatBytes(limit);
  return new TooLarge(
    'BODY_TOO_LARGE',
    `the request body is larger than ${size}, the most ${rule.route} takes${rule.hint ? ` (${rule.hint})` : ''}`,
    { limit: size, route: rule.route },
  );
}

function tooDeep(): DomainError {
  return new BadInput(
    'BODY_TOO_DEEP',
    `the JSON body nests lists and objects more than ${MAX_JSON_DEPTH} levels deep, the most any route takes`,
    { limit: MAX_JSON_DEPTH },
  );
}

function unsupported(rule: BodyRule, kind: Kind, req: Request): DomainError {
  const takes = [
    rule.json !== undefined ? 'JSON (Content-Type: application/json)' : null,
    rule.form !== undefined ? 'a form (application/x-www-form-urlencoded)' : null,
    rule.multipart !== undefined ? 'a file upload (multipart/form-data)' : null,
  ].filter(Boolean);
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().slice(0, 60) || 'none';
  const why =
    isApiPath(req.path) && (kind === 'form' || kind === 'multipart')
      ? '; the API refuses form posts, so that no page of another site can post one with your session'
      : '';
  return new UnsupportedMediaType(
    `${rule.route} takes ${takes.join(' or ')}, not a body of type ${type}${why}`,
    { type },
  );
}

/**
 * Reads a JSON body chunk by chunk: past the size limit, or nested deeper than
 * {@link MAX_JSON_DEPTH}, it stops reading at once and refuses it; nothing of
 * it is parsed. Resolves with the bytes.
 */
function readJson(req: Request, res: Response, rule: BodyRule, limit: number): Promise<Buffer> {
  const early = (req as RequestReadEarly)[READ_EARLY];
  if (early) {
    const refusal = !new JsonNesting().feed(early)
      ? tooDeep()
      : early.length > limit
        ? tooLarge(rule, limit)
        : null;
    return refusal ? Promise.reject(refusal) : Promise.resolve(early);
  }
  return new Promise((resolve, reject) => {
    const nesting = new JsonNesting();
    const chunks: Buffer[] = [];
    // A large body of known length is copied into its place chunk by chunk as it comes, rather
    // than joined at its end: megabytes copied at once would hold up every other request.
    const length = Number(req.headers['content-length']);
    const whole =
      Number.isSafeInteger(length) && length >= LARGE_BODY && length <= limit
        ? Buffer.allocUnsafeSlow(length)
        : null;
    let size = 0;
    let settled = false;
    const stop = () => {
      settled = true;
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('error', onError);
    };
    const fail = (error: DomainError) => {
      if (settled) return;
      stop();
      closeAfterAnswer(req, res);
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      if (!nesting.feed(chunk)) return fail(tooDeep());
      if (size + chunk.length > limit) return fail(tooLarge(rule, limit));
      if (whole && size + chunk.length <= whole.length) chunk.copy(whole, size);
      else chunks.push(chunk);
      size += chunk.length;
    };
    const onEnd = () => {
      if (settled) return;
      stop();
      if (!whole) return resolve(Buffer.concat(chunks, size));
      if (chunks.length === 0)
        return resolve(size === whole.length ? whole : whole.subarray(0, size));
      resolve(
        Buffer.concat(
          [whole.subarray(0, size - chunks.reduce((n, c) => n + c.length, 0)), ...chunks],
          size,
        ),
      );
    };
    const onError = () =>
      fail(new BadInput('BODY_INCOMPLETE', 'the request body ended before it was complete'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    if (whole) oneChunkATurn(req);
  });
}

/** body-parser's refusals of a form, in words that name the limit. */
function formRefusal(rule: BodyRule, error: unknown): DomainError {
  const type = (error as { type?: unknown } | null)?.type;
  const form = rule.form!;
  switch (type) {
    case 'entity.too.large':
      return tooLarge(rule, form.bytes);
    case 'parameters.too.many':
      return new TooLarge(
        'TOO_MANY_FIELDS',
        `the form has more than ${form.fields} fields, the most ${rule.route} takes${rule.hint ? ` (${rule.hint})` : ''}; nothing of it was read`,
        { limit: form.fields, route: rule.route },
      );
    case 'querystring.parse.rangeError':
      return new BadInput(
        'BAD_FORM',
        'a field name of the form nests deeper than name[n][m]; nothing of it was read',
      );
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new UnsupportedMediaType('send the form as UTF-8 and uncompressed');
    default:
      return new BadInput('BAD_FORM', 'the form could not be read');
  }
}

const formParsers = new Map<string, RequestHandler>();

function formParser(rule: BodyRule): RequestHandler {
  const key = `${rule.form!.bytes}/${rule.form!.fields}`;
  let parser = formParsers.get(key);
  if (!parser) {
    // `depth` (body-parser 2, not in its types): `name[21]` is as deep as a page's field goes.
    const options = {
      extended: true,
      limit: rule.form!.bytes,
      parameterLimit: rule.form!.fields,
      depth: 2,
      inflate: false,
    };
    parser = express.urlencoded(options);
    formParsers.set(key, parser);
  }
  return parser;
}

/**
 * Reads request bodies, each route within its own limits
 * (`src/common/body/body-limits.ts`): JSON on the API and for the sheet
 * form's script, forms on the pages, a multipart upload where a page takes a
 * file. The limits are checked before reading (the `Content-Length`) and
 * while reading (bytes, JSON nesting, form fields), so a hostile body is
 * refused after its first bytes and never parsed. A body to a route that needs
 * a role (`@Roles`, {@link RouteRoles}) is read only once its sender is found
 * signed in with one; anyone else has the guard's 401/403 before a byte of it is
 * read. A body of a type the route does not take is a 415: the API takes JSON
 * only. Text that is not well-formed Unicode (a JSON `\ud800` escape) is a 400
 * naming its field. Refusals are domain errors, answered by the error filter
 * like any other, at once: the rest of a refused body is not waited for, and the
 * connection is closed after the answer (`closeAfterAnswer`).
 */
export function bodyReader(authorise: Authorise, routeRoles: RouteRoles): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    read(req, res, next, authorise, routeRoles).catch((error: unknown) => {
      // Answered at once; what is still on its way is read into nothing, then the connection closes.
      closeAfterAnswer(req, res);
      next(error);
    });
  };
}

async function read(
  req: Request,
  res: Response,
  next: NextFunction,
  authorise: Authorise,
  routeRoles: RouteRoles,
): Promise<void> {
  if (READS.has(req.method)) return next();
  const kind = kindOf(req);
  const header = req.headers['content-length'];
  const length = header === undefined ? null : Number(header);
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (!chunked && (length === null || length === 0)) {
    // No body: as body-parser does, an empty JSON or form body is an empty object.
    if (length === 0 && (kind === 'json' || kind === 'form')) req.body = {};
    return next();
  }
  const rule = bodyRuleFor(req.method, req.path);
  // The sender of a body to a route that needs a role is known before any of it is read.
  const check =
    routeRoles(req.method, req.path) ?? (rule.roles ? { roles: rule.roles, scope: null } : null);
  if (check) await authorise(req, check);
  const limit =
    kind === 'json'
      ? rule.json
      : kind === 'form'
        ? rule.form?.bytes
        : kind === 'multipart'
          ? rule.multipart
          : undefined;
  if (limit === undefined) throw unsupported(rule, kind, req);
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  const charset = charsetOf(req);
  if (encoding !== 'identity' || (charset !== null && charset !== 'utf-8' && charset !== 'utf8')) {
    throw new UnsupportedMediaType('send the request body as UTF-8 and uncompressed');
  }
  if (length !== null && length > limit) throw tooLarge(rule, limit);
  if (kind === 'multipart') return next();
  if (kind === 'form') {
    // A large form (a pasted CSV of 20,000 lines) comes a chunk a turn, and its parsing, its
    // check and the route each have a turn of their own: some 10 ms each, not 40 ms in one go.
    const large = isLarge(req);
    const turn = (then: () => void): void => void (large ? setImmediate(then) : then());
    formParser(rule)(req, res, (error?: unknown) => {
      if (error) return next(formRefusal(rule, error));
      turn(() => {
        try {
          checkWellFormed(req.body);
        } catch (refusal) {
          return next(refusal);
        }
        turn(() => next());
      });
    });
    if (large) oneChunkATurn(req);
    return;
  }
  const raw = await readJson(req, res, rule, limit);
  (req as RequestWithRawBody).rawBody = raw;
  // A route that reads its JSON in a job's process has a large body's bytes only: parsing
  // megabytes here would hold up every other request. A small one is read here as any other
  // (a body that is not JSON is refused at once, without a worker).
  if (rule.rawJson && raw.length >= LARGE_BODY) return next();
  req.body = parseJsonBody(raw);
  checkWellFormed(req.body);
  next();
}
