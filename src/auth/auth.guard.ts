import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { Forbidden } from '../common/errors';
import { AuthService, sessionCookie } from './auth.service';
import { checkSameOrigin } from '../common/same-origin';
import { PUBLIC_KEY, ROLES_KEY } from './roles.decorator';
import type { RouteRole } from '../common/roles';
import type { AuthedRequest, PublicUser } from '../common/public-user';
import type { User } from './user.entity';
import { routeRule } from './route-roles';
import { TournamentAccess } from './tournament-access';

/** The request after the guard: the signed-in user, if any (declared in src/common, for src/web). */
export type { AuthedRequest };

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The token a request carries: a bearer header (which wins), else the session cookie. */
export function requestToken(request: Request): { token: string; bearer: boolean } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), bearer: true };
  const cookie = sessionCookie(request);
  return cookie ? { token: cookie, bearer: false } : null;
}

/** What a write made with the session cookie from elsewhere is told. */
const COOKIE_WRITE =
  'a request signed in with the session cookie must come from a page of this site ' +
  '(its Origin, or Referer, must name this host); programs sign in for a bearer token ' +
  '(POST /api/auth/sign-in with "kind": "api") and send it in the Authorization header';

/** The account each request's token names, looked up once a request. */
const tokenLookups = new WeakMap<Request, Promise<User | null>>();

/**
 * Who sent a request: the account of its bearer token, else of its session
 * cookie. The browser attaches the cookie to any request to this host,
 * including a form posted or a script run by a page of another origin (even
 * another port of this host, which `SameSite=Lax` counts as the same site),
 * so a write signed in by the cookie must come from a page of this site
 * (403 `CROSS_SITE`). A bearer token is never attached by a browser on its
 * own, so it needs no such check.
 */
export async function whoSent(
  auth: AuthService,
  request: Request,
): Promise<{ user: PublicUser | undefined; bearer: boolean }> {
  const found = requestToken(request);
  let user: PublicUser | undefined;
  if (found?.token) {
    // Asked twice for a request with a body (before reading it, then by the guard): one query.
    let lookup = tokenLookups.get(request);
    if (!lookup) {
      lookup = auth.userForToken(found.token);
      tokenLookups.set(request, lookup);
    }
    user = (await lookup) ?? undefined;
  }
  if (user && found && !found.bearer) checkSameOrigin(request, COOKIE_WRITE);
  return { user, bearer: found?.bearer ?? false };
}

/**
 * Global guard. Reads the session cookie or a bearer token ({@link whoSent}:
 * a write made with the cookie must come from a page of this site). Reads are
 * public; a write needs the roles its route declares, and a write route that
 * declares none is refused, so a new route can never be open by accident. A
 * route acting in a tournament (its first parameter names the tournament or a
 * row of it) needs a role there ({@link TournamentAccess}).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
    private readonly access: TournamentAccess,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const { user, bearer } = await whoSent(this.auth, request);
    request.user = user;

    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const roles = this.reflector.getAllAndOverride<RouteRole[]>(ROLES_KEY, targets);
    if (!roles) {
      if (READS.has(request.method)) return true;
      throw new Forbidden('this route declares no role that may write');
    }
    // The route as Express matched it ('/api/games/:id/result') and its parameters' values.
    const route = (request.route as { path?: unknown } | undefined)?.path;
    const rule = routeRule(request.method, typeof route === 'string' ? route : '', roles);
    const first = typeof route === 'string' ? /\/:(\w+)/.exec(route)?.[1] : undefined;
    const id = first === undefined ? undefined : (request.params as Record<string, string>)[first];
    await this.access.authorise(request, user, bearer, {
      roles: rule.roles,
      scope: rule.scope && id !== undefined ? { kind: rule.scope, id } : null,
    });
    return true;
  }
}
