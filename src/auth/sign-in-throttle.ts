import { DEFAULT_THROTTLE, type ThrottleSettings } from '../config';
import { CountKey, CountRule, countKey, ThrottleCounters } from '../throttle/throttle-counters';

/** Counts are forgotten after this long without a failure. */
export const FORGET_MS = 24 * 3600 * 1000;

/** Past `allowance` failures, waits doubling from the settings' first to their longest. */
export function doubling(allowance: number, settings: ThrottleSettings): CountRule {
  return {
    kind: 'doubling',
    allowance,
    firstWaitMs: settings.firstWaitMs,
    maxWaitMs: settings.maxWaitMs,
    forgetMs: FORGET_MS,
  };
}

/** Who tries a password: the client's address, and whether its device cookie vouches for the account. */
export interface SignInClient {
  address: string;
  /** The nonce of a device cookie issued to this device for this very account; null for an untrusted client. */
  trustedDevice: string | null;
}

/** A lock that started: whom it holds, for how long, after how many failures. */
export interface Lockout {
  kind: 'account' | 'address' | 'device';
  key: string;
  failures: number;
  waitMs: number;
}

/** What became of an attempt. */
export type Attempt =
  | { outcome: 'right' }
  | { outcome: 'wrong'; lockouts: Lockout[] }
  /** Refused unchecked: a wait runs (or as many attempts as are left are being checked). */
  | { outcome: 'wait'; waitMs: number };

interface SignInCount extends CountKey {
  kind: Lockout['kind'];
  /** What the log names: the account, the address. */
  label: string;
}

/**
 * Failed sign-ins, after OWASP's device cookies. A device that signed in to an account before
 * carries a cookie that vouches for it ({@link SignInClient.trustedDevice}): its wrong
 * passwords count against that device alone, and no failure elsewhere holds it back. Every
 * other client is untrusted: their wrong passwords count against the account (the e-mail as
 * typed, whether it has an account or not, so that the answer says nothing about which e-mails
 * exist) and against their address. Past an allowance, each failure makes the next attempt of
 * those it counts against wait, twice as long each time up to a ceiling; while a wait runs,
 * every attempt is refused unchecked, the right password too. So a guesser locks the account's
 * untrusted clients, and the owner signs in from a device used before.
 *
 * Attempts being checked count against the allowance, so that guesses sent all at once are no
 * more than guesses sent one by one; the counts are the database's (`ThrottleCounters`), so
 * this holds across every server on it and through a restart. A successful sign-in clears the
 * count it was taken against (the device's, or the account's untrusted one), not the address's.
 */
export class SignInThrottle {
  constructor(
    private readonly counters: ThrottleCounters,
    private readonly settings: ThrottleSettings = DEFAULT_THROTTLE,
  ) {}

  /** Checks a password with `check` unless a wait runs on what the attempt counts against. */
  async attempt(
    account: string,
    client: SignInClient,
    check: () => Promise<boolean>,
  ): Promise<Attempt> {
    const counts = this.countsOf(account.trim().toLowerCase(), client);
    const taken: SignInCount[] = [];
    for (const count of counts) {
      if (await this.counters.reserve(count)) {
        taken.push(count);
        continue;
      }
      for (const t of taken) await this.counters.release(t.key);
      // A wait runs, or as many attempts as failures are left are being checked: those are
      // answered within a second (a check takes half of one).
      const waitMs = await this.counters.waitMs(counts.map((c) => c.key));
      return { outcome: 'wait', waitMs: waitMs > 0 ? waitMs : 1000 };
    }
    let right: boolean;
    try {
      right = await check();
    } catch (e) {
      for (const t of taken) await this.counters.release(t.key);
      throw e;
    }
    if (right) {
      await this.counters.clear(counts[0].key);
      for (const t of counts.slice(1)) await this.counters.release(t.key);
      return { outcome: 'right' };
    }
    const lockouts: Lockout[] = [];
    for (const count of counts) {
      const counted = await this.counters.fail(count, true);
      if (counted && counted.waitMs > 0)
        lockouts.push({ kind: count.kind, key: count.label, ...counted });
    }
    return { outcome: 'wrong', lockouts };
  }

  /** A trusted device counts alone; an untrusted client against the account and its address. */
  private countsOf(account: string, client: SignInClient): SignInCount[] {
    const { accountFailures, addressFailures } = this.settings;
    if (client.trustedDevice !== null) {
      return [
        {
          kind: 'device',
          label: `a device trusted by ${account}`,
          key: countKey('sign-in-device', `${account}\n${client.trustedDevice}`),
          rule: doubling(accountFailures, this.settings),
        },
      ];
    }
    return [
      {
        kind: 'account',
        label: account,
        key: countKey('sign-in-account', account),
        rule: doubling(accountFailures, this.settings),
      },
      {
        kind: 'address',
        label: client.address,
        key: countKey('sign-in-address', client.address),
        rule: doubling(addressFailures, this.settings),
      },
    ];
  }
}
