import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { checkSameOrigin } from '../common/same-origin';

/**
 * Cross-site form posts are refused: a page form's POST must carry an
 * `Origin` (or, failing that, a `Referer`) naming this very host. Browsers
 * send `Origin` with every form POST; a forged form on another site carries
 * that site's. With the session cookie's `SameSite=Lax` (a POST from another
 * site sends no cookie) this is the second of two locks, and the one that
 * holds for a page on another port of this host: to the browser that is the
 * same site, so it does send the cookie. Behind a proxy, the
 * proxy must pass the `Host` header through. (The API holds requests made
 * with the session cookie to the same rule: `AuthGuard`.)
 */
@Injectable()
export class SameOriginGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    checkSameOrigin(context.switchToHttp().getRequest<Request>());
    return true;
  }
}
