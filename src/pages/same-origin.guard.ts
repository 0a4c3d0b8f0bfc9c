import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DomainError } from '../common/errors';

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

/**
 * Cross-site form posts are refused: a page form's POST must carry an
 * `Origin` (or, failing that, a `Referer`) naming this very host. Browsers
 * send `Origin` with every form POST; a forged form on another site carries
 * that site's. With the session cookie's `SameSite=Lax` (a cross-site POST
 * sends no cookie) this is the second of two locks. Behind a proxy, the
 * proxy must pass the `Host` header through.
 */
@Injectable()
export class SameOriginGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (READS.has(req.method)) return true;
    const host = (req.headers.host ?? '').toLowerCase();
    const origin = req.headers.origin;
    const from = origin !== undefined ? hostOf(origin) : hostOf(req.headers.referer);
    if (host !== '' && from === host) return true;
    throw new DomainError(
      403,
      'CROSS_SITE',
      'a form may only be posted from a page of this site (Origin or Referer must name this host)',
    );
  }
}
