import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'crypto';
import { LessThan, Repository } from 'typeorm';
import { Conflict, TooManyRequests, Unauthenticated } from '../common/errors';
import { entityOf, readJoined, selectColumns, tableOf } from '../database/prepared-read';
import { placeholders } from '../database/sql';
import { Transactions } from '../database/transactions';
import { addAccount } from './accounts';
import { AuthToken } from './auth-token.entity';
import {
  dummyHash,
  hashPassword,
  needsRehash,
  TEST_COST_VARIABLE,
  verifyPassword,
} from './password';
import { SignInThrottle } from './sign-in-throttle';
import { throttleSettings } from '../config';
import { DeviceCookies } from '../throttle/device-cookies';
import { ThrottleCounters } from '../throttle/throttle-counters';
import type { PublicUser } from './public-user';
import { Role, User } from './user.entity';

export const SESSION_COOKIE = 'arbiter_session';

/** The session cookie of a request, if any (cookie-parser types `cookies` as any). */
export function sessionCookie(request: { cookies?: unknown }): string | undefined {
  const cookies = request.cookies;
  if (typeof cookies !== 'object' || cookies === null) return undefined;
  const value = (cookies as Record<string, unknown>)[SESSION_COOKIE];
  return typeof value === 'string' ? value : undefined;
}
/**
 * The client's address, as the throttle counts it: the connection's, or with TRUST_PROXY
 * the one the reverse proxy names in X-Forwarded-For (Express's `req.ip`).
 */
export function clientAddress(request: {
  ip?: string;
  socket?: { remoteAddress?: string };
}): string {
  return request.ip ?? request.socket?.remoteAddress ?? 'unknown';
}

/**
 * The session cookie's attributes: never read by scripts, not sent by other sites' forms,
 * and `Secure` when the page was reached over HTTPS (directly, or through a reverse proxy
 * that says so and is trusted: TRUST_PROXY).
 */
export function sessionCookieOptions(
  request: { secure: boolean },
  expires: Date,
): { httpOnly: true; sameSite: 'lax'; secure: boolean; expires: Date; path: '/' } {
  return { httpOnly: true, sameSite: 'lax', secure: request.secure, expires, path: '/' };
}

const LIFETIME_MS = { session: 12 * 3600 * 1000, api: 90 * 24 * 3600 * 1000 };

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export const publicUser = (u: PublicUser): PublicUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  admin: u.admin,
});

@Injectable()
export class AuthService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Auth');
  private readonly throttle: SignInThrottle;
  /** The statement that finds a token's user, made when first needed. */
  private tokenRead?: string;

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(AuthToken) private readonly tokens: Repository<AuthToken>,
    private readonly transactions: Transactions,
    private readonly config: ConfigService,
    counters: ThrottleCounters,
    private readonly devices: DeviceCookies,
  ) {
    this.throttle = new SignInThrottle(
      counters,
      throttleSettings((name) => config.get<string>(name)),
    );
  }

  /** The first organiser comes from ORGANISER_EMAIL/ORGANISER_PASSWORD, never from a default password. */
  async onApplicationBootstrap(): Promise<void> {
    if (process.env[TEST_COST_VARIABLE]) {
      this.logger.warn(
        `${TEST_COST_VARIABLE}=${process.env[TEST_COST_VARIABLE]}: passwords are hashed with N = 2^${process.env[TEST_COST_VARIABLE]} ` +
          'and p = 1 instead of N = 2^14 and p = 5, far cheaper to guess; it is for the test suite only, never for an event',
      );
    }
    // The hash unknown e-mails are checked against is made now, not at the first of them.
    await dummyHash();
    const email = this.config.get<string>('ORGANISER_EMAIL');
    const password = this.config.get<string>('ORGANISER_PASSWORD');
    if (!email || !password) {
      if ((await this.users.count()) === 0) {
        this.logger.warn(
          'No accounts yet: set ORGANISER_EMAIL and ORGANISER_PASSWORD, or run `npm run cli -- create-user`',
        );
      }
      return;
    }
    // The account from the environment is the site administrator, made so at each start.
    const first = await this.users.findOneBy({ email: email.toLowerCase() });
    if (first) {
      if (!first.admin) await this.users.update({ id: first.id }, { admin: true });
      return;
    }
    await this.createUser({
      email,
      password,
      name: this.config.get<string>('ORGANISER_NAME') ?? 'Organiser',
      role: 'organiser',
      admin: true,
    });
    this.logger.log(`Created the organiser account ${email}, the site administrator`);
  }

  async createUser(input: {
    email: string;
    password: string;
    name: string;
    role: Role;
    admin?: boolean;
  }): Promise<User> {
    const email = input.email.trim().toLowerCase();
    const passwordHash = await hashPassword(input.password);
    const created = await this.transactions.run((m) =>
      addAccount(m, {
        email,
        name: input.name,
        role: input.role,
        admin: input.admin ?? false,
        passwordHash,
      }),
    );
    if (!created) throw new Conflict('USER_EXISTS', `an account for ${email} already exists`);
    return created;
  }

  listUsers(): Promise<User[]> {
    return this.users.find({ order: { id: 'ASC' } });
  }

  /**
   * Checks the password and issues a token; the same message, and the same scrypt work,
   * for an unknown email and a wrong password. Throttled (`SignInThrottle`): a device whose
   * cookie (`device`, the `arbiter_device` cookie's value) vouches for the account counts
   * alone; any other client counts against the account and its `address`. 429
   * SIGN_IN_THROTTLED while a wait runs, the right password too. Signed in, the device's
   * cookie vouches for the account from then on (`deviceCookie`, to set). A hash made with a
   * lower cost than today's is made again with the password just checked.
   */
  async signIn(
    email: string,
    password: string,
    kind: 'session' | 'api',
    client: { address: string; device?: string },
  ): Promise<{ token: string; user: User; expiresAt: Date; deviceCookie: string }> {
    const account = email.trim().toLowerCase();
    const seen: { user: User | null } = { user: null };
    const trustedDevice = this.devices.trustedFor(client.device, account);
    const attempt = await this.throttle.attempt(
      account,
      { address: client.address, trustedDevice },
      async () => {
        seen.user = await this.users.findOneBy({ email: account });
        return verifyPassword(password, seen.user?.passwordHash ?? (await dummyHash()));
      },
    );
    if (attempt.outcome === 'wait') {
      const seconds = Math.ceil(attempt.waitMs / 1000);
      throw new TooManyRequests(
        'SIGN_IN_THROTTLED',
        trustedDevice
          ? `too many failed sign-ins from this device: try again in ${seconds} s`
          : `too many failed sign-ins for this account or from this address: try again in ${seconds} s (a device that signed in to this account before is not held back)`,
        seconds,
      );
    }
    const user = seen.user;
    if (attempt.outcome === 'wrong' || !user) {
      if (attempt.outcome === 'wrong') {
        for (const lock of attempt.lockouts) {
          const whose = {
            account: 'for the account',
            address: 'from the address',
            device: 'from',
          }[lock.kind];
          this.logger.warn(
            `Sign-in locked for ${Math.ceil(lock.waitMs / 1000)} s: ${lock.failures} failed sign-ins ` +
              `${whose} ${lock.key}${lock.kind === 'account' ? ' (on devices it has not signed in on)' : ''}`,
          );
        }
      }
      throw new Unauthenticated('the email or the password is wrong');
    }
    if (needsRehash(user.passwordHash)) await this.rehash(user, password);
    const deviceCookie = this.devices.afterSignIn(client.device, account);
    return { ...(await this.issueToken(user, kind)), user, deviceCookie };
  }

  /** Stores the password's hash at today's cost (the account's hash was made cheaper). */
  private async rehash(user: User, password: string): Promise<void> {
    const was = user.passwordHash;
    const passwordHash = await hashPassword(password);
    // Only over the hash just checked: a password changed meanwhile is not undone.
    await this.transactions.run((m) =>
      m.update(User, { id: user.id, passwordHash: was }, { passwordHash }),
    );
    user.passwordHash = passwordHash;
    this.logger.log(`Re-hashed the password of ${user.email} at today's cost`);
  }

  async issueToken(
    user: User,
    kind: 'session' | 'api',
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + LIFETIME_MS[kind]);
    await this.transactions.run(async (m) => {
      await m.delete(AuthToken, { expiresAt: LessThan(new Date()) });
      await m.insert(AuthToken, { userId: user.id, tokenHash: sha256(token), kind, expiresAt });
    });
    return { token, expiresAt };
  }

  async userForToken(token: string): Promise<User | null> {
    // Every signed-in request asks: one statement, made once, its value bound.
    const ds = this.tokens.manager.connection;
    this.tokenRead ??=
      `SELECT ${selectColumns(ds, AuthToken, 'token')}, ${selectColumns(ds, User, 'user')} ` +
      `FROM ${tableOf(ds, AuthToken)} "token" ` +
      `JOIN ${tableOf(ds, User)} "user" ON "user"."id" = "token"."user_id" ` +
      `WHERE "token"."token_hash" = ${placeholders(this.tokens.manager, 1)[0]}`;
    const [row] = await readJoined(this.tokens.manager, this.tokenRead, [sha256(token)]);
    const found = row ? entityOf(ds, AuthToken, 'token', row) : null;
    if (!found || found.expiresAt.getTime() < Date.now()) return null;
    return entityOf(ds, User, 'user', row);
  }

  async signOut(token: string): Promise<void> {
    await this.transactions.run((m) => m.delete(AuthToken, { tokenHash: sha256(token) }));
  }
}
