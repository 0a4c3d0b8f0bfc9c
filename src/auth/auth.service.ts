import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'crypto';
import { LessThan, Repository } from 'typeorm';
import { Conflict, Unauthenticated } from '../common/errors';
import { Transactions } from '../database/transactions';
import { AuthToken } from './auth-token.entity';
import { hashPassword, verifyPassword } from './password';
import { Role, User } from './user.entity';

export const SESSION_COOKIE = 'arbiter_session';

/** The session cookie of a request, if any (cookie-parser types `cookies` as any). */
export function sessionCookie(request: { cookies?: unknown }): string | undefined {
  const cookies = request.cookies;
  if (typeof cookies !== 'object' || cookies === null) return undefined;
  const value = (cookies as Record<string, unknown>)[SESSION_COOKIE];
  return typeof value === 'string' ? value : undefined;
}
const LIFETIME_MS = { session: 12 * 3600 * 1000, api: 90 * 24 * 3600 * 1000 };

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** A user as the API shows it: never the hash. */
export interface PublicUser {
  id: number;
  email: string;
  name: string;
  role: Role;
}

export const publicUser = (u: User): PublicUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
});

@Injectable()
export class AuthService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Auth');

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(AuthToken) private readonly tokens: Repository<AuthToken>,
    private readonly transactions: Transactions,
    private readonly config: ConfigService,
  ) {}

  /** The first organiser comes from ORGANISER_EMAIL/ORGANISER_PASSWORD, never from a default password. */
  async onApplicationBootstrap(): Promise<void> {
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
    if (await this.users.findOneBy({ email: email.toLowerCase() })) return;
    await this.createUser({
      email,
      password,
      name: this.config.get<string>('ORGANISER_NAME') ?? 'Organiser',
      role: 'organiser',
    });
    this.logger.log(`Created the organiser account ${email}`);
  }

  async createUser(input: {
    email: string;
    password: string;
    name: string;
    role: Role;
  }): Promise<User> {
    const email = input.email.trim().toLowerCase();
    const passwordHash = await hashPassword(input.password);
    return this.transactions.run(async (m) => {
      if (await m.findOneBy(User, { email }))
        throw new Conflict('USER_EXISTS', `an account for ${email} already exists`);
      return m.save(
        m.create(User, { email, name: input.name.trim(), role: input.role, passwordHash }),
      );
    });
  }

  listUsers(): Promise<User[]> {
    return this.users.find({ order: { id: 'ASC' } });
  }

  /** Checks the password and issues a token; the same message for an unknown email and a wrong password. */
  async signIn(
    email: string,
    password: string,
    kind: 'session' | 'api',
  ): Promise<{ token: string; user: User; expiresAt: Date }> {
    const user = await this.users.findOneBy({ email: email.trim().toLowerCase() });
    if (!user || !(await verifyPassword(password, user.passwordHash))) {
      throw new Unauthenticated('the email or the password is wrong');
    }
    return { ...(await this.issueToken(user, kind)), user };
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
    const found = await this.tokens.findOne({
      where: { tokenHash: sha256(token) },
      relations: { user: true },
    });
    if (!found || found.expiresAt.getTime() < Date.now()) return null;
    return found.user;
  }

  async signOut(token: string): Promise<void> {
    await this.transactions.run((m) => m.delete(AuthToken, { tokenHash: sha256(token) }));
  }
}
