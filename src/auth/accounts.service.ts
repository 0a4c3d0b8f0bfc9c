import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Conflict, NotFound } from '../common/errors';
import type { TournamentRole } from '../common/roles';
import { Transactions } from '../database/transactions';
import { AuthToken } from './auth-token.entity';
import { hashPassword } from './password';
import { TournamentRoleRow } from './tournament-role.entity';
import { TournamentScopes } from './tournament-scopes';
import { User } from './user.entity';

declare module '../common/errors' {
  interface ErrorDetails {
    OWN_ACCOUNT: { name: string };
  }
}

/** One tournament an account holds a role in. */
export interface AccountTournament {
  tournamentId: number;
  name: string;
  role: TournamentRole;
}

/** An account as the administrator's page lists it. */
export interface AccountListing {
  user: User;
  /** By the tournament's name. */
  tournaments: AccountTournament[];
}

/**
 * The site administrator's work on accounts: every account with its tournaments, a new
 * password for one (its sessions and API tokens end), and an account's removal (its roles go
 * with it; the director's log keeps its name as written).
 */
@Injectable()
export class AccountsService {
  private readonly logger = new Logger('Accounts');

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly transactions: Transactions,
    private readonly scopes: TournamentScopes,
  ) {}

  /** The account `id`; 404 when there is none. */
  async get(id: number): Promise<User> {
    const user = await this.find(id);
    if (!user) throw new NotFound('account', id);
    return user;
  }

  /** The account `id`, or null. */
  find(id: number): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  /** Every account in the order made, each with the tournaments it has a role in. */
  async list(): Promise<AccountListing[]> {
    const users = await this.users.find({ order: { id: 'ASC' } });
    const roles = await this.tournamentsBy(await this.users.manager.find(TournamentRoleRow));
    return users.map((user) => ({ user, tournaments: roles.get(user.id) ?? [] }));
  }

  /** The tournaments account `id` has a role in (what goes with it when it is removed). */
  async tournamentsOf(id: number): Promise<AccountTournament[]> {
    const rows = await this.users.manager.findBy(TournamentRoleRow, { userId: id });
    return (await this.tournamentsBy(rows)).get(id) ?? [];
  }

  /** Roles by account, each account's by the tournament's name (names from the port). */
  private async tournamentsBy(
    rows: TournamentRoleRow[],
  ): Promise<Map<number, AccountTournament[]>> {
    const names = await this.scopes.namesOf(
      this.users.manager,
      rows.map((r) => r.tournamentId),
    );
    const by = new Map<number, AccountTournament[]>();
    for (const r of rows) {
      const name = names.get(r.tournamentId);
      if (name === undefined) continue;
      const list = by.get(r.userId) ?? [];
      list.push({ tournamentId: r.tournamentId, name, role: r.role });
      by.set(r.userId, list);
    }
    for (const list of by.values())
      list.sort((a, b) => a.name.localeCompare(b.name) || a.tournamentId - b.tournamentId);
    return by;
  }

  /**
   * Sets account `id`'s password (an administrator's answer to a forgotten one) and ends every
   * session and API token of it: whoever knew the old password is signed out everywhere. The
   * number of sign-ins ended.
   */
  async setPassword(id: number, password: string): Promise<{ user: User; signedOut: number }> {
    const user = await this.get(id);
    const passwordHash = await hashPassword(password);
    const signedOut = await this.transactions.run(async (m) => {
      await m.update(User, { id }, { passwordHash });
      const ended = await m.count(AuthToken, { where: { userId: id } });
      await m.delete(AuthToken, { userId: id });
      return ended;
    });
    this.logger.log(`New password set for ${user.email}; ${signedOut} sign-in(s) ended`);
    return { user, signedOut };
  }

  /**
   * Removes account `id` with its sign-ins and its tournament roles; never the administrator's
   * own (409 OWN_ACCOUNT). What it wrote stays, under its name as written then.
   */
  async remove(id: number, by: { id: number }): Promise<{ user: User; roles: number }> {
    const user = await this.get(id);
    if (id === by.id) {
      throw new Conflict('OWN_ACCOUNT', 'you cannot remove your own account', {
        name: user.name,
      } satisfies { name: string });
    }
    const roles = await this.transactions.run(async (m) => {
      const held = await m.count(TournamentRoleRow, { where: { userId: id } });
      await m.delete(AuthToken, { userId: id });
      await m.delete(TournamentRoleRow, { userId: id });
      await m.delete(User, { id });
      return held;
    });
    this.logger.log(`Removed the account ${user.email} with ${roles} tournament role(s)`);
    return { user, roles };
  }
}
