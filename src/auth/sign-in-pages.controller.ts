import { Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from './auth.guard';
import {
  AuthService,
  clientAddress,
  SESSION_COOKIE,
  sessionCookie,
  sessionCookieOptions,
} from './auth.service';
import { Public } from './roles.decorator';
import { SignInForm } from './sign-in-forms';
import type { Role } from '../common/roles';
import { DomainError, TooManyRequests } from '../common/errors';
import { cookieOf, DEVICE_COOKIE, deviceCookieOptions } from '../throttle/device-cookies';
import type { SignInPage } from './sign-in-page-models';
import type { CheckedForm } from '../web/form-dto';
import { waitText } from '../web/forms';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { PageForm } from '../web/page-form';
import { SameOriginGuard } from '../web/same-origin.guard';
import { urls } from '../web/urls';

/** Where to go after signing in: a path of this site only (never `//other.site`). */
export function safeNext(next: string | null | undefined, role: Role): string {
  // eslint-disable-next-line no-control-regex
  if (next && /^\/(?![/\\])/.test(next) && !/[\u0000-\u001f\\]/.test(next)) return next;
  return role === 'organiser' ? urls.organiser : urls.judge;
}

/**
 * Signing in and out from the pages: the form posts the account's email and
 * password; a session cookie (`HttpOnly`, `SameSite=Lax`) is set and the
 * browser goes back where it came from.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Controller()
export class SignInPagesController {
  constructor(private readonly auth: AuthService) {}

  @Get('sign-in')
  async form(@Req() req: AuthedRequest, @Res() res: Response): Promise<void> {
    const page = new PageContext(req, res);
    const next = page.query('next');
    await page.render('judge/sign-in', this.model(page, { next }));
  }

  @Public()
  @Post('sign-in')
  async signIn(
    @PageForm(SignInForm) form: CheckedForm<SignInForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const username = form.values.username.trim();
    const password = form.values.password;
    const next = form.values.next || undefined;
    if (username === '' || password === '' || username.length > 200 || password.length > 200) {
      await page.render('judge/sign-in', this.model(page, { username, next, failed: true }), 400);
      return;
    }
    try {
      const { token, expiresAt, user, deviceCookie } = await this.auth.signIn(
        username,
        password,
        'session',
        { address: clientAddress(req), device: cookieOf(req, DEVICE_COOKIE) },
      );
      res.cookie(DEVICE_COOKIE, deviceCookie, deviceCookieOptions(req));
      res.cookie(SESSION_COOKIE, token, sessionCookieOptions(req, expiresAt));
      page.redirect(safeNext(next, user.role));
    } catch (e) {
      if (e instanceof TooManyRequests) {
        res.setHeader('Retry-After', String(e.retryAfter));
        // A person reads minutes past one: "15 min", not "900 s"; in the page's letters.
        const throttled = page.t('err.SIGN_IN_THROTTLED', {
          wait: waitText(page.lang, e.retryAfter),
        });
        await page.render('judge/sign-in', this.model(page, { username, next, throttled }), 429);
        return;
      }
      if (!(e instanceof DomainError) || e.status !== 401) throw e;
      await page.render('judge/sign-in', this.model(page, { username, next, failed: true }), 401);
    }
  }

  @Public()
  @Post('sign-out')
  async signOut(@Req() req: AuthedRequest, @Res() res: Response): Promise<void> {
    const page = new PageContext(req, res);
    const token = sessionCookie(req);
    if (token) await this.auth.signOut(token);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    page.redirect(withQuery(urls.home, {}));
  }

  private model(
    page: PageContext,
    values: { username?: string; next?: string; failed?: boolean; throttled?: string },
  ): SignInPage {
    return {
      ...page.base(page.t('page.signIn')),
      action: urls.signIn,
      username: values.username,
      next: values.next,
      failed: values.failed ?? false,
      throttled: values.throttled,
    };
  }
}
