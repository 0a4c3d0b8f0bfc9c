/** How sign-in failures are throttled (from the environment: see docs/tournaments.md). */
export interface ThrottleSettings {
  /** Wrong passwords an account takes before the first wait. */
  accountFailures: number;
  /** Wrong passwords (to any accounts) a client address takes before the first wait. */
  addressFailures: number;
  /** The first wait; each further failure doubles it. */
  firstWaitMs: number;
  /** The longest wait. */
  maxWaitMs: number;
}

export const DEFAULT_THROTTLE: ThrottleSettings = {
  accountFailures: 5,
  addressFailures: 20,
  firstWaitMs: 1000,
  maxWaitMs: 15 * 60 * 1000,
};

/** What is known of one account or one address. */
interface Entry {
  failures: number;
  /** Attempts being checked right now. */
  pending: number;
  /** When the last failure was (ms). */
  last: number;
  /** No attempt is checked before this (ms); 0 when none is due. */
  until: number;
}

/** A lock that started: whom it holds, for how long, after how many failures. */
export interface Lockout {
  kind: 'account' | 'address';
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

/** Forgotten after this long without a failure. */
const FORGET_MS = 24 * 3600 * 1000;
/** At most this many accounts and addresses are remembered; the oldest go first. */
const MAX_RECORDS = 100_000;

/**
 * Failed sign-ins by account (the e-mail as typed, whether it has an account or not, so
 * that the answer says nothing about which e-mails exist) and by client address. Past
 * an allowance, each failure makes the next attempt wait, twice as long each time up to
 * a ceiling; while a wait runs every attempt is refused unchecked, the right password
 * too. Attempts being checked count against the allowance, so that guesses sent all at
 * once are no more than guesses sent one by one. A successful sign-in clears the
 * account's failures (not the address's).
 *
 * Kept in the server's memory: Arbiter runs as one process, and a restart, which only
 * its operator can cause, forgets the counts (docs/tournaments.md says why that is
 * enough). Pure apart from the clock it is given.
 */
export class SignInThrottle {
  private readonly records = new Map<string, Entry>();

  constructor(
    private readonly settings: ThrottleSettings = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Checks a password with `check` unless a wait runs for the account or the address. */
  async attempt(account: string, address: string, check: () => Promise<boolean>): Promise<Attempt> {
    const keys = this.keysOf(account, address);
    const t = this.now();
    let waitMs = 0;
    for (const { key, allowance } of keys) {
      // Looked at, not made: a refused attempt must not add a record (made-up e-mails by the
      // hundred thousand would otherwise push the real ones, and their waits, out).
      const e = this.peek(key, t);
      if (e.until > t) waitMs = Math.max(waitMs, e.until - t);
      // As many attempts at once as failures are left before a wait; the others wait
      // for those to be answered (a second at most: a check takes half of one).
      else if (e.pending > 0 && e.failures + e.pending >= allowance)
        waitMs = Math.max(waitMs, 1000);
    }
    if (waitMs > 0) return { outcome: 'wait', waitMs };
    for (const { key } of keys) this.entry(key, t).pending += 1;
    let right: boolean;
    try {
      right = await check();
    } finally {
      for (const { key } of keys) {
        const e = this.records.get(key);
        if (e) e.pending = Math.max(0, e.pending - 1);
      }
    }
    if (right) {
      this.records.delete(keys[0].key);
      return { outcome: 'right' };
    }
    return { outcome: 'wrong', lockouts: keys.flatMap((k) => this.fail(k)) };
  }

  /** Counts a failure; the wait it starts, if any. */
  private fail(k: { key: string; kind: Lockout['kind']; allowance: number }): Lockout[] {
    const t = this.now();
    const e = this.entry(k.key, t);
    e.failures += 1;
    e.last = t;
    // Most recent last, so that the oldest is the first to go when there are too many.
    this.records.delete(k.key);
    this.records.set(k.key, e);
    if (e.failures < k.allowance) return [];
    const doublings = Math.min(e.failures - k.allowance, 40);
    const waitMs = Math.min(this.settings.firstWaitMs * 2 ** doublings, this.settings.maxWaitMs);
    e.until = t + waitMs;
    return [
      { kind: k.kind, key: k.key.slice(k.key.indexOf(':') + 1), failures: e.failures, waitMs },
    ];
  }

  /** The entry of a key as it stands, without keeping one for a key never seen. */
  private peek(key: string, t: number): Entry {
    const old = this.records.get(key);
    if (old && (old.pending > 0 || t - old.last < FORGET_MS)) return old;
    return { failures: 0, pending: 0, last: t, until: 0 };
  }

  /** The entry of a key, a fresh one when it was never seen or forgotten. */
  private entry(key: string, t: number): Entry {
    const old = this.records.get(key);
    if (old && (old.pending > 0 || t - old.last < FORGET_MS)) return old;
    const fresh: Entry = { failures: 0, pending: 0, last: t, until: 0 };
    this.records.delete(key);
    this.records.set(key, fresh);
    this.evict(t);
    return fresh;
  }

  /**
   * Past {@link MAX_RECORDS}, the oldest records go first, but never one whose wait still runs
   * or whose attempt is being checked: a flood of new keys cannot lift a lockout.
   */
  private evict(t: number): void {
    if (this.records.size <= MAX_RECORDS) return;
    for (const [key, e] of this.records) {
      if (this.records.size <= MAX_RECORDS) break;
      if (e.until > t || e.pending > 0) continue;
      this.records.delete(key);
    }
  }

  /** An account's key is its e-mail as the sign-in reads it (trimmed, lower case). */
  private keysOf(account: string, address: string) {
    return [
      {
        key: `account:${account.trim().toLowerCase()}`,
        kind: 'account' as const,
        allowance: this.settings.accountFailures,
      },
      {
        key: `address:${address}`,
        kind: 'address' as const,
        allowance: this.settings.addressFailures,
      },
    ];
  }
}
