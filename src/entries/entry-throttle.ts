import type { Request, Response } from 'express';
import { clientAddress } from '../auth/auth.service';
import { DEFAULT_ENTRY_THROTTLE, type EntryThrottleSettings } from '../config';
import { TooManyRequests } from '../common/errors';
import {
  cookieOf,
  DeviceCookies,
  deviceCookieOptions,
  TABLE_CLIENT_COOKIE,
} from '../throttle/device-cookies';
import { countKey, CountRule, ThrottleCounters } from '../throttle/throttle-counters';
import { shareAddress } from '../web/live-shares';

/**
 * Who sends an entry. A phone is told apart from the others behind the hall's one address by
 * the same cookie the tables give (`arbiter_table`), given with the entry form; a client
 * without one is counted by its address and browser, and with the other such clients of its
 * address.
 */
export interface EntryClient {
  /** The client's own count: its cookie's nonce, or its address and browser. */
  key: string;
  /** The address a client without a cookie shares its count with (IPv6 by its /64). */
  hall: string | null;
}

/** The client of a request; a phone without a valid cookie is given one now. */
export function entryClientOf(devices: DeviceCookies, req: Request, res: Response): EntryClient {
  const held = devices.tableClient(cookieOf(req, TABLE_CLIENT_COOKIE));
  if (held !== null) return { key: `cookie ${held.nonce}`, hall: null };
  if (!res.headersSent)
    res.cookie(TABLE_CLIENT_COOKIE, devices.tableCookie(null, ''), deviceCookieOptions(req));
  const address = clientAddress(req);
  const browser = String(req.headers['user-agent'] ?? '').slice(0, 300);
  return { key: `address ${address} browser ${browser}`, hall: shareAddress(address) };
}

/**
 * Entries sent, counted per client as table codes are: a phone's entries count against its own
 * cookie only, never against the other phones of the hall's address, so that a hall full of
 * players entering at once refuses none of them. Only clients that refuse the cookie share
 * their address's count. Every entry sent counts (taken, refused or mistyped).
 */
export class EntryThrottle {
  constructor(
    private readonly counters: ThrottleCounters,
    private readonly settings: EntryThrottleSettings = DEFAULT_ENTRY_THROTTLE,
  ) {}

  private rule(allowance: number): CountRule {
    const w = this.settings.windowMs;
    return { kind: 'window', allowance, firstWaitMs: w, maxWaitMs: w, forgetMs: w };
  }

  /** Counts one entry sent by `client`; throws 429 ENTRIES_THROTTLED when its count is spent. */
  async count(client: EntryClient): Promise<void> {
    const counts = [
      { key: countKey('entry-client', client.key), rule: this.rule(this.settings.clientEntries) },
      ...(client.hall !== null
        ? [{ key: countKey('entry-hall', client.hall), rule: this.rule(this.settings.hallEntries) }]
        : []),
    ];
    for (const c of counts) {
      if ((await this.counters.fail(c, false)) === null) {
        const waitMs = await this.counters.waitMs([c.key]);
        throw new TooManyRequests(
          'ENTRIES_THROTTLED',
          'too many entries from this client; wait before sending another',
          Math.max(1, Math.ceil(waitMs / 1000)),
        );
      }
    }
  }
}
