import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { Forbidden, Unauthenticated } from '../common/errors';
import { AuthService, sessionCookie } from './auth.service';
import { PUBLIC_KEY, ROLES_KEY } from './roles.decorator';
import type { Role, User } from './user.entity';

/** The request after the guard: the signed-in user, if any. */
export type AuthedRequest = Request & { user?: User };

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The token a request carries: a bearer header (which wins), else the session cookie. */
export function requestToken(request: Request): { token: string; bearer: boolean } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), bearer: true };
  const cookie = sessionCookie(request);
  return cookie ? { token: cookie, bearer: false } : null;
}

/** Throws the 401 or 403 for a user who is not one of `roles` (an organiser may do anything). */
export function checkRoles(user: User | undefined | null, roles: Role[], bearer: boolean): void {
  if (!user)
    throw new Unauthenticated(
      bearer ? 'the bearer token is unknown or has expired' : 'sign in first',
    );
  const allowed = user.role === 'organiser' || roles.includes(user.role);
  if (!allowed)
    throw new Forbidden(
      `only ${roles.join(' or ')} accounts may do this; you are signed in as a ${user.role}`,
    );
}

/**
 * Global guard. Reads the session cookie or a bearer token. Reads are public;
 * a write needs the roles its route declares, and a write route that declares
 * none is refused, so a new route can never be open by accident.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const found = requestToken(request);
    request.user = found?.token
      ? ((await this.auth.userForToken(found.token)) ?? undefined)
      : undefined;

    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const roles = this.reflector.getAllAndOverride<Role[]>(ROLES_KEY, targets);
    if (!roles) {
      if (READS.has(request.method)) return true;
      throw new Forbidden('this route declares no role that may write');
    }
    checkRoles(request.user, roles, found?.bearer ?? false);
    return true;
  }
}
