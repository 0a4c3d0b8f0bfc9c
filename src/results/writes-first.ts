import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { checkRoles, whoSent, type AuthedRequest } from '../auth/auth.guard';
import type { AuthService } from '../auth/auth.service';
import { parseIfMatch } from '../common/api/if-match';
import { takenAsIs } from '../common/api/validation';
import type { RequestWithRawBody } from '../common/body/body-reader';
import type { User } from '../auth/user.entity';
import type { GameView } from '../rounds/game.view';
import { EnterResultDto } from './dto/result.dto';
import type { ResultsService } from './results.service';

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
 * Anything else goes the usual way, and so does every refusal: a write that throws has written
 * nothing (its transaction is rolled back), so the route makes it afresh and refuses it in its
 * own words (`test/e2e/write-statements.e2e-spec.ts` compares the two ways).
 */
export function resultWritesFirst(auth: AuthService, results: ResultsService): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const m = req.method === 'PUT' ? HOT_WRITE.exec(req.path) : null;
    if (!m) return next();
    const id = Number(m[1]);
    const write = m[2] === 'result' ? typedResult(results, id, req) : scoreSheet(results, id, req);
    if (!write) return next();
    written(auth, req, write).then(
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
type Write = (ifMatch: number | undefined, user: User | null) => Promise<GameView>;

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
  req: AuthedRequest,
  write: Write,
): Promise<GameView | undefined> {
  let ifMatch: number | undefined;
  try {
    const { user, bearer } = await whoSent(auth, req);
    // What the guard does for `@Roles('judge')`.
    checkRoles(user, ['judge'], bearer);
    req.user = user;
    ifMatch = parseIfMatch(req.headers['if-match']);
  } catch {
    return undefined;
  }
  try {
    return await write(ifMatch, req.user ?? null);
  } catch {
    return undefined;
  }
}
