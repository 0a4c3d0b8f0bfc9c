import { Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { TournamentAccess } from '../auth/tournament-access';
import { IdParam } from '../common/api/id-param';
import { DomainError } from '../common/errors';
import { EMAIL } from '../entries/entry-forms';
import { formatDateTime } from '../i18n/time';
import type { FieldError } from '../render/view-models';
import { TournamentsService } from '../tournaments/tournaments.service';
import { Choice, ConfirmForm, Text, type CheckedForm } from '../web/form-dto';
import { refusal } from '../web/forms';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { PageForm } from '../web/page-form';
import { SameOriginGuard } from '../web/same-origin.guard';
import { urls } from '../web/urls';
import type { PeoplePage } from './access-page-models';
import { invitationLink } from './invitation-link';
import { InvitationsService } from './invitations.service';
import { TournamentRolesService, type GivenRole } from './tournament-roles.service';

const GIVEN: readonly GivenRole[] = ['co-director', 'judge'];

/** A role given to an account that exists, by its e-mail. */
export class GrantForm {
  @Text({ max: 200, required: true, match: { pattern: EMAIL, key: 'form.email' } })
  grantEmail!: string | null;
  @Choice(GIVEN, 'judge') grantRole!: GivenRole;
}

/** An invitation by e-mail: the invitee's name, e-mail and role. */
export class InviteForm {
  @Text({ max: 200, required: true }) name!: string | null;
  @Text({ max: 200, required: true, match: { pattern: EMAIL, key: 'form.email' } })
  email!: string | null;
  @Choice(GIVEN, 'judge') role!: GivenRole;
}

/** The people page's routes. */
export const peopleUrls = {
  page: urls.orgPeople,
  grant: (id: number) => `/organiser/tournaments/${id}/people/grant`,
  invite: (id: number) => `/organiser/tournaments/${id}/people/invite`,
  remove: (id: number, userId: number) => `/organiser/tournaments/${id}/people/${userId}/remove`,
  withdraw: (id: number, invitationId: number) =>
    `/organiser/tournaments/${id}/invitations/${invitationId}/withdraw`,
};

/**
 * A tournament's people, for its owner and co-directors: who holds which role, the invitations
 * awaiting an answer, a role given to an account that exists, and an invitation sent (its link
 * shown once). Taking a role away and withdrawing an invitation ask first.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('organiser')
@Controller('organiser')
export class PeoplePagesController {
  constructor(
    private readonly roles: TournamentRolesService,
    private readonly invitations: InvitationsService,
    private readonly tournaments: TournamentsService,
    private readonly access: TournamentAccess,
  ) {}

  @Get('tournaments/:id/people')
  async page(
    @IdParam('id', 'tournament') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    await this.show(page, id, {});
  }

  /** Gives `grantRole` to the account of `grantEmail`. */
  @Post('tournaments/:id/people/grant')
  async grant(
    @IdParam('id', 'tournament') id: number,
    @PageForm(GrantForm) form: CheckedForm<GrantForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const values = { grantEmail: form.typed('grantEmail') };
    if (!form.ok) {
      await this.show(page, id, { values, errors: form.errorsIn(page.lang) }, 400);
      return;
    }
    try {
      await this.roles.grant(id, form.values.grantEmail!, form.values.grantRole, page.user!);
    } catch (e) {
      await this.refused(page, id, e, values, 'grantEmail');
      return;
    }
    page.redirect(withQuery(peopleUrls.page(id), { done: 'saved' }));
  }

  /** Invites `name` at `email` to `role`: the page shows the link this once. */
  @Post('tournaments/:id/people/invite')
  async invite(
    @IdParam('id', 'tournament') id: number,
    @PageForm(InviteForm) form: CheckedForm<InviteForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const values = { name: form.typed('name'), email: form.typed('email') };
    if (!form.ok) {
      await this.show(page, id, { values, errors: form.errorsIn(page.lang) }, 400);
      return;
    }
    let sent: Awaited<ReturnType<InvitationsService['invite']>>;
    try {
      sent = await this.invitations.invite(
        id,
        {
          email: form.values.email!,
          name: form.values.name!,
          role: form.values.role,
          lang: page.lang,
        },
        page.user!,
      );
    } catch (e) {
      await this.refused(page, id, e, values, 'email');
      return;
    }
    const link = invitationLink(req, sent.token);
    const mailed = await this.invitations.mail(sent.invitation, link);
    const email = sent.invitation.email;
    // Not a redirect: the link is shown this once and never put in an address.
    await this.show(
      page,
      id,
      {
        invited: {
          link,
          linkText: page.t('people.linkOnce', { name: sent.invitation.name }),
          mailText:
            mailed === null
              ? page.t('people.noMail')
              : page.t(mailed ? 'people.mailSent' : 'people.mailFailed', { email }),
          mailTone: mailed === true ? 'ok' : 'warn',
        },
      },
      201,
    );
  }

  /** Takes an account's role in the tournament away, after asking. */
  @Post('tournaments/:id/people/:user/remove')
  async remove(
    @IdParam('id', 'tournament') id: number,
    @IdParam('user', 'account') userId: number,
    @PageForm(ConfirmForm) form: CheckedForm<ConfirmForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const tournament = (await this.tournaments.outline(id)).name;
    const member = (await this.roles.members(id)).find((m) => m.userId === userId);
    if (!member) {
      page.redirect(peopleUrls.page(id));
      return;
    }
    if (!form.values.confirm) {
      await this.confirm(page, id, tournament, {
        title: page.t('people.removeTitle', { name: member.name }),
        what: page.t('people.removeWhat', {
          name: member.name,
          email: member.email,
          role: page.t(`role.${member.role}`),
          tournament,
        }),
        action: peopleUrls.remove(id, userId),
        button: page.t('people.remove'),
      });
      return;
    }
    try {
      await this.roles.remove(id, userId, page.user!);
    } catch (e) {
      await this.refused(page, id, e, {}, '');
      return;
    }
    page.redirect(withQuery(peopleUrls.page(id), { done: 'saved' }));
  }

  /** Withdraws an open invitation, after asking. */
  @Post('tournaments/:id/invitations/:invitation/withdraw')
  async withdraw(
    @IdParam('id', 'tournament') id: number,
    @IdParam('invitation', 'invitation') invitationId: number,
    @PageForm(ConfirmForm) form: CheckedForm<ConfirmForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const invitation = await this.invitations.get(id, invitationId);
    if (!form.values.confirm) {
      await this.confirm(page, id, invitation.tournament, {
        title: page.t('people.withdrawTitle', { email: invitation.email }),
        what: page.t('people.withdrawWhat', {
          name: invitation.name,
          email: invitation.email,
          role: page.t(`role.${invitation.role}`),
        }),
        action: peopleUrls.withdraw(id, invitationId),
        button: page.t('people.withdraw'),
      });
      return;
    }
    try {
      await this.invitations.withdraw(id, invitationId, page.user!);
    } catch (e) {
      await this.refused(page, id, e, {}, '');
      return;
    }
    page.redirect(withQuery(peopleUrls.page(id), { done: 'saved' }));
  }

  private async confirm(
    page: PageContext,
    id: number,
    tournament: string,
    what: { title: string; what: string; action: string; button: string },
  ): Promise<void> {
    await page.render('organiser/confirm', {
      ...page.base(
        what.title,
        page.crumbs(
          { label: page.t('page.organiser'), url: urls.organiser },
          { label: tournament, url: urls.orgTournament(id) },
          { label: page.t('people.link'), url: peopleUrls.page(id) },
        ),
      ),
      lines: [what.what],
      items: [],
      note: null,
      action: what.action,
      fields: [],
      button: what.button,
      danger: true,
      cancel: page.t('confirm.cancel'),
      cancelUrl: peopleUrls.page(id),
    });
  }

  private async refused(
    page: PageContext,
    id: number,
    e: unknown,
    values: Partial<PeoplePage['values']>,
    field: string,
  ): Promise<void> {
    const details: unknown = e instanceof DomainError ? e.details : undefined;
    const params = Object.fromEntries(
      Object.entries(typeof details === 'object' && details !== null ? details : {}).filter(
        (kv): kv is [string, string | number] =>
          typeof kv[1] === 'string' || typeof kv[1] === 'number',
      ),
    );
    const { status, message } = refusal(page.lang, e, params);
    const onField = status === 403 ? '' : field;
    await this.show(page, id, { values, errors: [{ field: onField, message }] }, status);
  }

  private async show(
    page: PageContext,
    id: number,
    state: {
      values?: Partial<PeoplePage['values']>;
      errors?: FieldError[];
      invited?: PeoplePage['invited'];
    },
    status = 200,
  ): Promise<void> {
    const outline = await this.tournaments.outline(id);
    const user = page.user!;
    const mine = user.admin ? 'owner' : await this.access.roleIn(user.id, id);
    const owner = mine === 'owner';
    const mayTouch = (role: string) => role !== 'owner' && (owner || role === 'judge');
    const zone = page.timeZoneOf(outline);
    const members = await this.roles.members(id);
    const pending = await this.invitations.pending(id);
    const model: PeoplePage = {
      ...page.base(
        page.t('people.title', { tournament: outline.name }),
        page.crumbs(
          { label: page.t('page.organiser'), url: urls.organiser },
          { label: outline.name, url: urls.orgTournament(id) },
        ),
        page.flashFromQuery(),
      ),
      members: members.map((m) => ({
        name: m.name,
        email: m.email,
        role: page.t(`role.${m.role}`),
        removeAction: mayTouch(m.role) ? peopleUrls.remove(id, m.userId) : null,
      })),
      pending: pending.map((i) => ({
        email: i.email,
        name: i.name,
        role: page.t(`role.${i.role}`),
        expires: page.t('people.expires', {
          date: `${formatDateTime(page.lang, i.expiresAt, zone)}`,
        }),
        withdrawAction: mayTouch(i.role) ? peopleUrls.withdraw(id, i.id) : null,
      })),
      roles: (owner ? GIVEN : (['judge'] as const)).map((r) => ({
        value: r,
        label: page.t(`role.${r}`),
        selected: r === 'judge',
      })),
      grantAction: peopleUrls.grant(id),
      inviteAction: peopleUrls.invite(id),
      invited: state.invited ?? null,
      values: { email: '', name: '', grantEmail: '', ...state.values },
      errors: state.errors ?? [],
    };
    await page.render('organiser/people', model, status);
  }
}
