import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  accountByEmail,
  grantTournamentRole,
  removeTournamentRole,
  tournamentMembers,
  type TournamentMember,
} from '../auth/tournament-roles';
import { TournamentAccess } from '../auth/tournament-access';
import { setAccountRole } from '../auth/invitations';
import { Conflict, DomainError, Forbidden, NotFound, type ErrorDetails } from '../common/errors';
import type { PublicUser } from '../common/public-user';
import type { TournamentRole } from '../common/roles';
import { Transactions } from '../database/transactions';
import { writeLog } from '../log/director-log';

declare module '../common/errors' {
  interface ErrorDetails {
    /** A role given by e-mail to no account: the person is invited instead. */
    NO_ACCOUNT: { email: string };
    /** The owner's role is neither changed nor taken away. */
    OWNER_STAYS: { name: string };
    /** A co-director gives and takes judges' roles only. */
    OWNER_ONLY: Record<string, never>;
  }
}

/** A role one may give in a tournament (the owner is its creator). */
export type GivenRole = Exclude<TournamentRole, 'owner'>;

/**
 * Who holds which role in a tournament, and the changes its directors make: the owner gives
 * and takes co-directors' and judges' roles, a co-director judges' (the administrator acts as
 * an owner). Each change is in the director's log.
 */
@Injectable()
export class TournamentRolesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly access: TournamentAccess,
  ) {}

  async members(tournamentId: number): Promise<TournamentMember[]> {
    await this.exists(tournamentId);
    return this.transactions.run((m) => tournamentMembers(m, tournamentId));
  }

  /** Throws 404 for a tournament that does not exist. */
  private async exists(tournamentId: number): Promise<void> {
    if ((await this.access.tournamentOf('tournaments', tournamentId)) === null)
      throw new NotFound('tournament', tournamentId);
  }

  /** Gives the account of `email` the role `role` in the tournament. */
  async grant(
    tournamentId: number,
    email: string,
    role: GivenRole,
    actor: PublicUser,
  ): Promise<TournamentMember[]> {
    await this.exists(tournamentId);
    return this.transactions.run(async (m) => {
      const account = await accountByEmail(m, email);
      if (!account)
        throw new DomainError(
          404,
          'NO_ACCOUNT',
          `no account has the e-mail ${email}: invite them (POST /api/tournaments/${tournamentId}/invitations)`,
          { email } satisfies ErrorDetails['NO_ACCOUNT'],
        );
      await this.mayChange(m, tournamentId, actor, account.id, role);
      // A co-director reaches the organiser's pages: a judge's account is an organiser's from now
      // on (as an invitation to co-direct makes it).
      if (role === 'co-director' && account.role === 'judge')
        await setAccountRole(m, account.id, 'organiser');
      const before = await grantTournamentRole(m, tournamentId, account.id, role);
      if (before !== role)
        await writeLog(m, actor, {
          tournamentId,
          action: 'role.granted',
          before: before ? { name: account.name, email: account.email, role: before } : null,
          after: { name: account.name, email: account.email, role },
        });
      return tournamentMembers(m, tournamentId);
    });
  }

  /** Takes the role of account `userId` in the tournament away. */
  async remove(
    tournamentId: number,
    userId: number,
    actor: PublicUser,
  ): Promise<TournamentMember[]> {
    await this.exists(tournamentId);
    return this.transactions.run(async (m) => {
      const member = (await tournamentMembers(m, tournamentId)).find((x) => x.userId === userId);
      if (!member) throw new NotFound(`a role in tournament ${tournamentId} of account`, userId);
      await this.checkChange(m, tournamentId, actor, member, member.role);
      await removeTournamentRole(m, tournamentId, userId);
      await writeLog(m, actor, {
        tournamentId,
        action: 'role.removed',
        before: { name: member.name, email: member.email, role: member.role },
      });
      return tournamentMembers(m, tournamentId);
    });
  }

  /**
   * Throws unless `actor` may give or take the role of `userId` (to hold, or holding, `role`):
   * never an owner's; a co-director's (given, taken, or changed to a judge's) by the owner or the
   * administrator only.
   */
  async mayChange(
    m: EntityManager,
    tournamentId: number,
    actor: PublicUser,
    userId: number,
    role: TournamentRole,
  ): Promise<void> {
    const current = (await tournamentMembers(m, tournamentId)).find((x) => x.userId === userId);
    await this.checkChange(m, tournamentId, actor, current, role);
  }

  /** {@link mayChange} for the member already read (`current`; none for an account without a role). */
  private async checkChange(
    m: EntityManager,
    tournamentId: number,
    actor: PublicUser,
    current: TournamentMember | undefined,
    role: TournamentRole,
  ): Promise<void> {
    if (current?.role === 'owner' || role === 'owner')
      throw new Conflict(
        'OWNER_STAYS',
        `${current?.name ?? 'the owner'} owns this tournament: the owner's role is neither changed nor taken away`,
        { name: current?.name ?? '' } satisfies ErrorDetails['OWNER_STAYS'],
      );
    if (actor.admin || (role === 'judge' && current?.role !== 'co-director')) return;
    if ((await this.access.roleIn(actor.id, tournamentId, m)) !== 'owner')
      throw new Forbidden(
        "only the tournament's owner gives or takes a co-director's role",
        'OWNER_ONLY',
        {} satisfies ErrorDetails['OWNER_ONLY'],
      );
  }
}
