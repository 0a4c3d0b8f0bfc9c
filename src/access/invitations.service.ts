import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource, type EntityManager } from 'typeorm';
import { addAccount } from '../auth/accounts';
import { AuthService } from '../auth/auth.service';
import { hashPassword } from '../auth/password';
import {
  accountNames,
  claimInvitation,
  deleteInvitation,
  insertInvitation,
  invitationByHash,
  invitationById,
  invitationsOf,
  setAccountRole,
  type InvitationRow,
} from '../auth/invitations';
import { accountByEmail, grantTournamentRole, tournamentMembers } from '../auth/tournament-roles';
import { eventsTimeZone, invitationDays } from '../config';
import { Conflict, DomainError, NotFound, type ErrorDetails } from '../common/errors';
import type { PublicUser } from '../common/public-user';
import type { Role, TournamentRole } from '../common/roles';
import { Transactions } from '../database/transactions';
import { formatDateTime } from '../i18n/time';
import { t, type Lang } from '../i18n';
import { changedFields, writeLog } from '../log/director-log';
import { MAILER, type Mailer } from '../mail/mailer';
import { TournamentsService } from '../tournaments/tournaments.service';
import { invitationTokenHash, newInvitationToken } from './invitation-tokens';
import { TournamentRolesService, type GivenRole } from './tournament-roles.service';

declare module '../common/errors' {
  interface ErrorDetails {
    /** The invitation's link was used already (on `date`, an ISO time). */
    INVITATION_USED: { date: string };
    /** The invitation's link expired (at `date`, an ISO time); `inviter` sends a new one. */
    INVITATION_EXPIRED: { date: string; inviter: string };
    /** The account of the e-mail holds that role, or a higher one, in the tournament already. */
    ROLE_HELD: { name: string; role: TournamentRole };
  }
}

/** What is given when inviting (checked by the DTO or the form already). */
export interface InvitationInput {
  email: string;
  name: string;
  role: GivenRole;
  lang: Lang;
}

/** An invitation as the API and the pages show it (never its token). */
export interface InvitationView {
  id: number;
  tournamentId: number;
  tournament: string;
  email: string;
  name: string;
  role: GivenRole;
  lang: Lang;
  expiresAt: Date;
  acceptedAt: Date | null;
  /** The zone its times are said in: the tournament's, else the server's. */
  timeZone: string;
  /** Who sent it ('' when their account is gone). */
  inviter: string;
}

/** An invitation opened by its link: whether an account has its e-mail already. */
export interface OpenedInvitation extends InvitationView {
  accountExists: boolean;
  /** Usable now, or why not. */
  state: 'open' | 'used' | 'expired';
}

/** An account as accepting an invitation needs it. */
interface Account {
  id: number;
  name: string;
  email: string;
  role: Role;
}

/** An invitation taken: the account signed in, with its session. */
export interface Accepted {
  user: Account;
  token: string;
  expiresAt: Date;
  /** The device cookie to set (an account that signed in with its password), if any. */
  deviceCookie: string | null;
  tournamentId: number;
  role: GivenRole;
}

const RANK: Record<TournamentRole, number> = { owner: 0, 'co-director': 1, judge: 2 };
const DAY_MS = 24 * 3600 * 1000;

/**
 * Invitations to a role in one tournament: a one-time link that expires (INVITATION_DAYS,
 * 7 by default), shown once to whoever sends it and mailed when SMTP is set up. The invitee
 * sets a password (a new account) or gives their own (an account that exists); accepting is
 * one-time even when two requests race. See docs/roles-and-invitations.md.
 */
@Injectable()
export class InvitationsService {
  private readonly days: number;
  private readonly zone: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly roles: TournamentRolesService,
    private readonly tournaments: TournamentsService,
    private readonly auth: AuthService,
    config: ConfigService,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {
    this.days = invitationDays((name) => config.get<string>(name));
    this.zone = eventsTimeZone(config.get<string>('TIME_ZONE'));
  }

  get mailConfigured(): boolean {
    return this.mailer.configured;
  }

  /**
   * Invites `input.email` to `input.role` in the tournament: the owner (or the administrator)
   * invites co-directors and judges, a co-director judges. The invitation and its one-time
   * token (shown once, only its hash stored); an open invitation to the same address is
   * replaced (its link no longer works).
   */
  async invite(
    tournamentId: number,
    input: InvitationInput,
    actor: PublicUser,
  ): Promise<{ invitation: InvitationView; token: string }> {
    const tournament = await this.tournament(tournamentId);
    const token = newInvitationToken();
    const email = input.email.trim().toLowerCase();
    const id = await this.transactions.run(async (m) => {
      const account = await accountByEmail(m, email);
      await this.roles.mayChange(m, tournamentId, actor, account?.id ?? 0, input.role);
      const held = account
        ? (await tournamentMembers(m, tournamentId)).find((x) => x.userId === account.id)
        : undefined;
      if (held && RANK[held.role] <= RANK[input.role])
        throw new Conflict(
          'ROLE_HELD',
          `${held.name} is a ${held.role} of this tournament already`,
          { name: held.name, role: held.role } satisfies ErrorDetails['ROLE_HELD'],
        );
      const name = input.name.trim();
      // Sent again (the first mail lost, or the role changed): the newer link replaces the open
      // ones to the same address, so that one invitation is pending and one link works.
      const replaced = (await invitationsOf(m, tournamentId)).filter(
        (r) => r.email === email && r.acceptedAt === null,
      );
      for (const r of replaced) await deleteInvitation(m, r.id);
      const created = await insertInvitation(m, {
        tournamentId,
        role: input.role,
        email,
        name,
        lang: input.lang,
        tokenHash: invitationTokenHash(token),
        expiresAt: new Date(Date.now() + this.days * DAY_MS),
        invitedBy: actor.id,
      });
      // What the invitation it replaced said otherwise (a new name, another role).
      const changed =
        replaced.length > 0
          ? changedFields(
              { name: replaced[0].name, role: replaced[0].role },
              { name, role: input.role },
            )
          : null;
      await writeLog(m, actor, {
        tournamentId,
        action: 'invitation.sent',
        after: { name, email, role: input.role },
        ...(changed && { before: changed.before }),
      });
      return created;
    });
    const row = (await invitationById(this.dataSource.manager, id))!;
    return { invitation: this.viewOf(row, tournament, actor.name), token };
  }

  /** The tournament's invitations still open: not accepted, not expired; the newest first. */
  async pending(tournamentId: number): Promise<InvitationView[]> {
    const tournament = await this.tournament(tournamentId);
    const now = Date.now();
    const rows = (await invitationsOf(this.dataSource.manager, tournamentId)).filter(
      (r) => r.acceptedAt === null && r.expiresAt.getTime() > now,
    );
    const inviters = await this.names(rows.map((r) => r.invitedBy));
    return rows.map((r) => this.viewOf(r, tournament, inviters.get(r.invitedBy ?? 0) ?? ''));
  }

  /** One open invitation of the tournament (404 for none, or one accepted or expired). */
  async get(tournamentId: number, invitationId: number): Promise<InvitationView> {
    const found = (await this.pending(tournamentId)).find((i) => i.id === invitationId);
    if (!found)
      throw new NotFound(`an open invitation of tournament ${tournamentId}:`, invitationId);
    return found;
  }

  /** Withdraws an open invitation: its link no longer works. */
  async withdraw(tournamentId: number, invitationId: number, actor: PublicUser): Promise<void> {
    await this.get(tournamentId, invitationId);
    await this.transactions.run(async (m) => {
      const row = await invitationById(m, invitationId);
      if (!row || row.tournamentId !== tournamentId || row.acceptedAt !== null)
        throw new NotFound(`an open invitation of tournament ${tournamentId}:`, invitationId);
      await this.roles.mayChange(m, tournamentId, actor, 0, row.role);
      await deleteInvitation(m, row.id);
      await writeLog(m, actor, {
        tournamentId,
        action: 'invitation.withdrawn',
        before: { name: row.name, email: row.email, role: row.role },
      });
    });
  }

  /** The invitation of a link's token (404 for none), usable or not. */
  async open(token: string): Promise<OpenedInvitation> {
    const m = this.dataSource.manager;
    const row = await invitationByHash(m, invitationTokenHash(token));
    if (!row) throw new NotFound('invitation', 'of this link');
    const tournament = await this.tournament(row.tournamentId);
    const inviter = (await this.names([row.invitedBy])).get(row.invitedBy ?? 0) ?? '';
    return {
      ...this.viewOf(row, tournament, inviter),
      accountExists: (await accountByEmail(m, row.email)) !== null,
      state: stateOf(row),
    };
  }

  /**
   * Accepts the invitation of `token` with `password`: the new account's (its name `name`), or
   * the existing account's own, checked by the sign-in throttle. 410 when the link was used or
   * has expired; 401/429 for a wrong password. The account holds the role and is signed in.
   */
  async accept(
    token: string,
    password: string,
    name: string,
    client: { address: string; device?: string },
  ): Promise<Accepted> {
    const invitation = await this.open(token);
    usable(invitation);
    if (invitation.accountExists) {
      const signed = await this.auth.signIn(invitation.email, password, 'session', client);
      try {
        await this.transactions.run((m) => this.take(m, invitation, signed.user));
      } catch (e) {
        await this.auth.signOut(signed.token);
        throw e;
      }
      return { ...signed, tournamentId: invitation.tournamentId, role: invitation.role };
    }
    const passwordHash = await hashPassword(password);
    const user = await this.transactions.run(async (m) => {
      // The link is taken first: of two requests racing, the second finds it used.
      await this.claim(m, invitation);
      const made = await addAccount(m, {
        email: invitation.email,
        name,
        role: invitation.role === 'co-director' ? 'organiser' : 'judge',
        admin: false,
        passwordHash,
      });
      if (!made)
        throw new Conflict('USER_EXISTS', `an account for ${invitation.email} already exists`);
      await this.grant(m, invitation, made);
      return made;
    });
    const issued = await this.auth.issueToken(user, 'session');
    return {
      user,
      ...issued,
      deviceCookie: null,
      tournamentId: invitation.tournamentId,
      role: invitation.role,
    };
  }

  /**
   * Mails the invitation in its own language: the tournament, the role, who invites, the link
   * and the day it expires. Null when no mail is set up, false when it could not be sent.
   */
  async mail(invitation: InvitationView, link: string): Promise<boolean | null> {
    if (!this.mailer.configured) return null;
    const lang = invitation.lang;
    const params = {
      name: invitation.name,
      tournament: invitation.tournament,
      role: t(lang, `role.${invitation.role}`),
      inviter: invitation.inviter,
      date: `${formatDateTime(lang, invitation.expiresAt, invitation.timeZone)} (${invitation.timeZone})`,
    };
    try {
      await this.mailer.send({
        to: invitation.email,
        subject: t(lang, 'invitation.mail.subject', params),
        text: [
          t(lang, 'invitation.mail.greeting', params),
          t(lang, 'invitation.mail.body', params),
          '',
          t(lang, 'invitation.mail.link', params),
          link,
        ].join('\n'),
      });
      return true;
    } catch {
      return false;
    }
  }

  /** Takes the invitation for `user` (an account that exists), in `m`'s transaction. */
  private async take(m: EntityManager, invitation: OpenedInvitation, user: Account): Promise<void> {
    await this.claim(m, invitation);
    if (invitation.role === 'co-director' && user.role === 'judge')
      // A co-director reaches the organiser's pages: the account is an organiser's from now on.
      await setAccountRole(m, user.id, 'organiser');
    await this.grant(m, invitation, user);
  }

  /** Marks the invitation accepted, once: 410 when another request took it first. */
  private async claim(m: EntityManager, invitation: OpenedInvitation): Promise<void> {
    const now = new Date();
    if (invitation.expiresAt.getTime() <= now.getTime())
      usable({ ...invitation, state: 'expired' });
    if (!(await claimInvitation(m, invitation.id, now))) {
      const row = await invitationById(m, invitation.id);
      usable({ ...invitation, acceptedAt: row?.acceptedAt ?? now, state: 'used' });
    }
  }

  /** Gives the invitation's role (a higher one held stays) and logs the acceptance. */
  private async grant(
    m: EntityManager,
    invitation: OpenedInvitation,
    user: Account,
  ): Promise<void> {
    const held = (await tournamentMembers(m, invitation.tournamentId)).find(
      (x) => x.userId === user.id,
    );
    if (!held || RANK[held.role] > RANK[invitation.role])
      await grantTournamentRole(m, invitation.tournamentId, user.id, invitation.role);
    await writeLog(
      m,
      { id: user.id, name: user.name, email: user.email },
      {
        tournamentId: invitation.tournamentId,
        action: 'invitation.accepted',
        after: { name: user.name, email: user.email, role: invitation.role },
      },
    );
  }

  private names(ids: (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    return accountNames(this.dataSource.manager, wanted);
  }

  private async tournament(id: number): Promise<{ name: string; timeZone: string }> {
    const outline = await this.tournaments.outline(id);
    return { name: outline.name, timeZone: outline.timeZone ?? this.zone };
  }

  private viewOf(
    row: InvitationRow,
    tournament: { name: string; timeZone: string },
    inviter: string,
  ): InvitationView {
    return {
      id: row.id,
      tournamentId: row.tournamentId,
      tournament: tournament.name,
      timeZone: tournament.timeZone,
      email: row.email,
      name: row.name,
      role: row.role,
      lang: row.lang as Lang,
      expiresAt: row.expiresAt,
      acceptedAt: row.acceptedAt,
      inviter,
    };
  }
}

function stateOf(row: { acceptedAt: Date | null; expiresAt: Date }): OpenedInvitation['state'] {
  if (row.acceptedAt !== null) return 'used';
  return row.expiresAt.getTime() <= Date.now() ? 'expired' : 'open';
}

/** Throws 410 for an invitation used or expired. */
export function usable(invitation: OpenedInvitation): void {
  if (invitation.state === 'used')
    throw new DomainError(
      410,
      'INVITATION_USED',
      `this invitation was used on ${invitation.acceptedAt?.toISOString() ?? ''}`,
      {
        date: invitation.acceptedAt?.toISOString() ?? '',
      } satisfies ErrorDetails['INVITATION_USED'],
    );
  if (invitation.state === 'expired')
    throw new DomainError(
      410,
      'INVITATION_EXPIRED',
      `this invitation expired on ${invitation.expiresAt.toISOString()}; ask ${invitation.inviter || 'the tournament’s owner'} for a new one`,
      {
        date: invitation.expiresAt.toISOString(),
        inviter: invitation.inviter,
      } satisfies ErrorDetails['INVITATION_EXPIRED'],
    );
}
