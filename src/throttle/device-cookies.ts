import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'crypto';
import { DataSource } from 'typeorm';
import { Transactions } from '../database/transactions';
import { run } from '../database/sql';

/** The cookie that says a device has signed in to accounts before (OWASP's device cookie). */
export const DEVICE_COOKIE = 'arbiter_device';
/** The cookie that tells one phone at the tables from another behind the hall's one address. */
export const TABLE_CLIENT_COOKIE = 'arbiter_table';

/** Accounts one device cookie vouches for at most; the oldest sign-in goes first. */
const MOST_ACCOUNTS = 8;
const SECRET_NAME = 'device-cookies';

/** A device cookie's attributes: a year, never read by scripts, `Secure` over HTTPS. */
export function deviceCookieOptions(request: { secure: boolean }): {
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  maxAge: number;
  path: '/';
} {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.secure,
    maxAge: 365 * 24 * 3600 * 1000,
    path: '/',
  };
}

/** A cookie's value from a request (cookie-parser types `cookies` as any). */
export function cookieOf(request: { cookies?: unknown }, name: string): string | undefined {
  const cookies = request.cookies;
  if (typeof cookies !== 'object' || cookies === null) return undefined;
  const value = (cookies as Record<string, unknown>)[name];
  return typeof value === 'string' && value.length <= 2000 ? value : undefined;
}

/**
 * Device cookies, signed with a key kept in the database (`server_secrets`), made by the first
 * server that needs it and read by every other, so that a cookie one server issued holds on all.
 *
 * - Sign-in: after a successful sign-in the device gets an entry `nonce.mac` whose MAC covers
 *   the account's e-mail, so the cookie names no account and vouches only for the one it was
 *   issued for; a wrong password from it counts against that entry alone, never against the
 *   account's untrusted clients (OWASP, "Slow Down Online Guessing Attacks with Device Cookies").
 * - Tables: each phone gets `nonce.tag.mac`, where `tag` stands for the code it last opened
 *   (empty before), so that a phone that opened its code is counted apart from strangers.
 */
@Injectable()
export class DeviceCookies implements OnApplicationBootstrap {
  private key?: Buffer;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.secret();
  }

  /** The signing key: the database's, made (once, by whichever server is first) when missing. */
  async secret(): Promise<Buffer> {
    if (this.key) return this.key;
    const postgres = this.dataSource.options.type === 'postgres';
    const [a, b] = postgres ? ['$1', '$2'] : ['?', '?'];
    await this.transactions.run((m) =>
      run(
        m,
        `INSERT INTO "server_secrets" ("name", "value") VALUES (${a}, ${b}) ON CONFLICT ("name") DO NOTHING`,
        [SECRET_NAME, randomBytes(32).toString('base64url')],
      ),
    );
    const rows = await this.dataSource.manager.query<{ value: string }[]>(
      `SELECT "value" FROM "server_secrets" WHERE "name" = ${a}`,
      [SECRET_NAME],
    );
    this.key = Buffer.from(rows[0].value, 'base64url');
    return this.key;
  }

  private mac(...parts: string[]): string {
    if (!this.key) throw new Error('the device-cookie key is read at start-up');
    return createHmac('sha256', this.key).update(parts.join('\n')).digest('base64url').slice(0, 22);
  }

  private same(a: string, b: string): boolean {
    return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  }

  /** The nonce of the entry of `cookie` issued for `account` (an e-mail as signed in), or null. */
  trustedFor(cookie: string | undefined, account: string): string | null {
    for (const entry of (cookie ?? '').split('~').slice(0, MOST_ACCOUNTS)) {
      const [nonce, mac, more] = entry.split('.');
      if (!nonce || !mac || more !== undefined) continue;
      if (this.same(mac, this.mac('sign-in', account, nonce))) return nonce;
    }
    return null;
  }

  /** The cookie after signing in to `account`: a new entry for it first, the others' kept. */
  afterSignIn(cookie: string | undefined, account: string): string {
    const nonce = randomBytes(12).toString('base64url');
    const others = (cookie ?? '')
      .split('~')
      .filter((e) => /^[\w-]+\.[\w-]+$/.test(e))
      .filter((e) => this.trustedFor(e, account) === null);
    return [`${nonce}.${this.mac('sign-in', account, nonce)}`, ...others]
      .slice(0, MOST_ACCOUNTS)
      .join('~');
  }

  /** A phone's cookie as issued: its nonce and the tag of the code it opened ('' for none), or null. */
  tableClient(cookie: string | undefined): { nonce: string; tag: string } | null {
    const [nonce, tag, mac, more] = (cookie ?? '').split('.');
    if (!nonce || tag === undefined || !mac || more !== undefined) return null;
    return this.same(mac, this.mac('table', nonce, tag)) ? { nonce, tag } : null;
  }

  /** A phone's cookie value; a new phone is given a new nonce. */
  tableCookie(nonce: string | null, tag: string): string {
    const n = nonce ?? randomBytes(12).toString('base64url');
    return `${n}.${tag}.${this.mac('table', n, tag)}`;
  }
}
