import {
  Controller,
  Get,
  Inject,
  Param,
  Post,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { clientAddress, SESSION_COOKIE, sessionCookieOptions } from '../auth/auth.service';
import { Public } from '../auth/roles.decorator';
import { DomainError, NotFound, TooManyRequests } from '../common/errors';
import { entryClientOf } from '../entries/entry-throttle';
import { formatDateTime } from '../i18n/time';
import type { FieldError } from '../render/view-models';
import {
  cookieOf,
  DEVICE_COOKIE,
  DeviceCookies,
  deviceCookieOptions,
} from '../throttle/device-cookies';
import { Raw, Text, type CheckedForm } from '../web/form-dto';
import { refusal } from '../web/forms';
import { PageContext } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { PageForm } from '../web/page-form';
import { SameOriginGuard } from '../web/same-origin.guard';
import { urls } from '../web/urls';
import type { InvitationPage } from './access-page-models';
import { invitationPath } from './invitation-link';
import { InvitationThrottle } from './invitation-throttle';
import { INVITATION_TOKEN } from './invitation-tokens';
import { InvitationsService, type OpenedInvitation } from './invitations.service';

/** The shortest password of an account (as the API's CreateUserDto). */
export const PASSWORD_MIN = 10;
const PASSWORD_MAX = 200;

/**
 * The answer to an invitation: the new account's name and its password twice, or the password
 * of the account that exists (then `name` and `repeat` are not read). Passwords exactly as typed.
 */
export class AcceptForm {
  @Text({ max: 200 }) name!: string | null;
  @Raw() password!: string;
  @Raw() repeat!: string;
}

/**
 * An invitation's page, by its link, for someone who may have no account yet: what it invites
 * to, and the form that sets the password (or takes the account's own) and signs in. Opens in
 * the invitation's language unless `?lang=` asks for another.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Public()
@Controller()
export class InvitationPagesController {
  constructor(
    private readonly invitations: InvitationsService,
    private readonly devices: DeviceCookies,
    @Inject(InvitationThrottle) private readonly throttle: InvitationThrottle,
  ) {}

  @Get('invitations/:token')
  async page(
    @Param('token') token: string,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const invitation = await this.invitations.open(checkedToken(token));
    const page = new PageContext(req, res, invitation.lang);
    // The browser's cookie comes with the form, so that its answers are counted as its own.
    entryClientOf(this.devices, req, res);
    await this.show(page, invitation, token, { name: invitation.name }, []);
  }

  /**
   * Accepts the invitation: `name`, `password` and `repeat` (a new account), or `password` (the
   * account of the invitation's e-mail). Signed in, to the tournament's page (a co-director) or
   * the judge's (a judge); a link used or expired is a 410 page; a wrong password a 401.
   */
  @Post('invitations/:token')
  async accept(
    @Param('token') token: string,
    @PageForm(AcceptForm) form: CheckedForm<AcceptForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const invitation = await this.invitations.open(checkedToken(token));
    const page = new PageContext(req, res, invitation.lang);
    const values = { name: form.typed('name') };
    const again = (errors: FieldError[], status: number) =>
      this.show(page, invitation, token, values, errors, status);
    try {
      await this.throttle.count(entryClientOf(this.devices, req, res));
    } catch (e) {
      if (e instanceof TooManyRequests) res.setHeader('Retry-After', String(e.retryAfter));
      const { status, message } = refusal(page.lang, e);
      await again([{ field: '', message }], status);
      return;
    }
    if (invitation.state !== 'open') {
      await this.show(page, invitation, token, values, []);
      return;
    }
    const errors = this.check(page, invitation, form);
    if (errors.length > 0) {
      await again(errors, 400);
      return;
    }
    try {
      const accepted = await this.invitations.accept(
        token,
        form.values.password,
        form.values.name ?? invitation.name,
        { address: clientAddress(req), device: cookieOf(req, DEVICE_COOKIE) },
      );
      res.cookie(
        DEVICE_COOKIE,
        accepted.deviceCookie ??
          this.devices.afterSignIn(cookieOf(req, DEVICE_COOKIE), accepted.user.email),
        deviceCookieOptions(req),
      );
      res.cookie(SESSION_COOKIE, accepted.token, sessionCookieOptions(req, accepted.expiresAt));
      page.redirect(
        accepted.role === 'co-director' ? urls.orgTournament(accepted.tournamentId) : urls.judge,
      );
    } catch (e) {
      if (e instanceof DomainError && e.status === 410) {
        // Taken by another request meanwhile, or expired this minute: the page says which.
        await this.show(page, await this.invitations.open(token), token, values, []);
        return;
      }
      if (e instanceof TooManyRequests) res.setHeader('Retry-After', String(e.retryAfter));
      if (e instanceof DomainError && e.status === 401) {
        await again([{ field: 'password', message: page.t('invitation.wrongPassword') }], 401);
        return;
      }
      const { status, message } = refusal(page.lang, e);
      await again([{ field: '', message }], status);
    }
  }

  private check(
    page: PageContext,
    invitation: OpenedInvitation,
    form: CheckedForm<AcceptForm>,
  ): FieldError[] {
    const errors = form
      .errorsIn(page.lang)
      .filter((e) => e.field === 'name' && !invitation.accountExists);
    const { password, repeat } = form.values;
    if (invitation.accountExists) {
      if (password === '' || password.length > PASSWORD_MAX)
        errors.push({ field: 'password', message: page.t('invitation.wrongPassword') });
      return errors;
    }
    if (!form.values.name && !errors.some((e) => e.field === 'name'))
      errors.push({ field: 'name', message: page.t('form.required') });
    if (password.length < PASSWORD_MIN)
      errors.push({ field: 'password', message: page.t('invitation.passwordShort') });
    else if (password.length > PASSWORD_MAX)
      errors.push({ field: 'password', message: page.t('form.tooLong', { max: PASSWORD_MAX }) });
    else if (repeat !== password)
      errors.push({ field: 'repeat', message: page.t('invitation.passwordMismatch') });
    return errors;
  }

  private async show(
    page: PageContext,
    invitation: OpenedInvitation,
    token: string,
    values: { name: string },
    errors: FieldError[],
    status = 200,
  ): Promise<void> {
    const zone = invitation.timeZone;
    const when = (d: Date) => `${formatDateTime(page.lang, d, zone)} (${zone})`;
    const role = page.t(`role.${invitation.role}`);
    const inviter = invitation.inviter || page.t('role.owner');
    const gone =
      invitation.state === 'used'
        ? page.t('err.INVITATION_USED', { date: when(invitation.acceptedAt ?? new Date()) })
        : invitation.state === 'expired'
          ? page.t('err.INVITATION_EXPIRED', { date: when(invitation.expiresAt), inviter })
          : null;
    const model: InvitationPage = {
      ...page.base(
        gone === null
          ? page.t('invitation.title', { tournament: invitation.tournament })
          : page.t(
              invitation.state === 'used' ? 'invitation.usedTitle' : 'invitation.expiredTitle',
            ),
      ),
      whatText: page.t('invitation.what', {
        inviter,
        role,
        tournament: invitation.tournament,
      }),
      expiresText: page.t('invitation.expires', { date: when(invitation.expiresAt) }),
      form:
        gone === null
          ? {
              action: invitationPath(token),
              newAccount: !invitation.accountExists,
              intro: page.t(
                invitation.accountExists ? 'invitation.existingAccount' : 'invitation.newAccount',
                { email: invitation.email },
              ),
              name: values.name,
            }
          : null,
      // Signed in already (the invitee who has just used it, say): their own page, not sign-in.
      gone:
        gone === null
          ? null
          : page.user
            ? {
                text: gone,
                nextUrl: page.user.role === 'judge' ? urls.judge : urls.organiser,
                nextText: page.t('invitation.yourPage'),
              }
            : { text: gone, nextUrl: urls.signIn, nextText: page.t('invitation.signIn') },
      errors,
    };
    await page.render('public/invitation', model, gone === null ? status : 410);
  }
}

/** A token as links carry it; anything else is no invitation's (404, nothing looked up). */
function checkedToken(token: string): string {
  if (!INVITATION_TOKEN.test(token)) throw new NotFound('invitation', 'of this link');
  return token;
}
