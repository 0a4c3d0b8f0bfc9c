import { createHash } from 'crypto';
import { doubling } from '../auth/sign-in-throttle';
import { DEFAULT_THROTTLE } from '../config';
import { shareAddress } from '../web/live-shares';
import { CountKey, CountRule, countKey, ThrottleCounters } from '../throttle/throttle-counters';

/**
 * Who types a table code. A phone is told apart from the others behind the hall's one
 * address by its cookie (`arbiter_table`), or, before it has one, by its address and browser;
 * once it has opened a code, its cookie carries that code's tag.
 */
export interface TableClient {
  /** The client's own count: its cookie's nonce, or its address and browser. */
  key: string;
  /** The client's address (`req.ip`). */
  address: string;
  /** The tag of the code this phone opened before (`codeTag`), or null: a stranger. */
  openedTag: string | null;
  /** Told of a code found: the phone's cookie carries its tag from now on. */
  opened(code: string): void;
}

/** How wrong table codes are held back: see docs/tournaments.md, "Results from the tables". */
export interface CodeThrottleSettings {
  /** Wrong codes a client (a phone) takes before its own wait, which doubles as a sign-in's. */
  clientFailures: number;
  /** Wrong codes the phones that opened one code take together (one player's phones). */
  openedFailures: number;
  /** Wrong codes strangers behind one address (or IPv6 /64) take in a window, and the window. */
  hallFailures: number;
  hallWindowMs: number;
  firstWaitMs: number;
  maxWaitMs: number;
}

export const DEFAULT_CODE_THROTTLE: CodeThrottleSettings = {
  clientFailures: 20,
  openedFailures: 20,
  hallFailures: 600,
  hallWindowMs: 3600 * 1000,
  firstWaitMs: DEFAULT_THROTTLE.firstWaitMs,
  maxWaitMs: DEFAULT_THROTTLE.maxWaitMs,
};

/** A code's tag in a phone's cookie: stands for the code without being it. */
export function codeTag(code: string): string {
  return createHash('sha256').update(`table-code\n${code}`).digest('base64url').slice(0, 16);
}

/** A wait the guesser must sit out: refused unchecked. */
export class CodeWait extends Error {
  constructor(readonly waitMs: number) {
    super(`wrong table codes: wait ${waitMs} ms`);
  }
}

/**
 * Table codes against guessing. A code is 50 random bits, so what must be bounded is how many
 * guesses anyone gets, and no valid code may be refused for other people's wrong ones:
 *
 * - every client has its own count (20 wrong codes, then waits doubling from 1 s to 15 min);
 * - a phone that opened a code counts with the other phones that opened the same code (the
 *   same player's), never with the hall;
 * - strangers (no code opened yet) of one address share a window of 600 wrong codes an hour,
 *   which a hall's typos do not come near; past it, their wrong codes are refused (429), while
 *   a right one still answers.
 *
 * A code is looked up unless a wait runs on the client's own count or its code's. A wrong one is
 * counted, atomically in the database, and answered 404 only while no wait ran; a right one
 * is answered only if no wait started meanwhile, so guesses sent all at once get no more
 * answers than guesses sent one by one.
 */
export class CodeThrottle {
  constructor(
    private readonly counters: ThrottleCounters,
    private readonly settings: CodeThrottleSettings = DEFAULT_CODE_THROTTLE,
  ) {}

  /**
   * The counts a client's guess is taken against: its own, and its code's phones' or its hall's.
   * `unchecked`: a wait on it refuses every guess unlooked; the hall's refuses wrong codes only.
   */
  countsOf(client: TableClient): (CountKey & { label: string; unchecked: boolean })[] {
    const s = this.settings;
    const waits = { ...DEFAULT_THROTTLE, firstWaitMs: s.firstWaitMs, maxWaitMs: s.maxWaitMs };
    const own = {
      key: countKey('code-client', client.key),
      rule: doubling(s.clientFailures, waits),
      label: `the client ${client.key}`,
      unchecked: true,
    };
    if (client.openedTag !== null) {
      return [
        own,
        {
          key: countKey('code-opened', client.openedTag),
          rule: doubling(s.openedFailures, waits),
          label: `the phones that opened the code tagged ${client.openedTag}`,
          unchecked: true,
        },
      ];
    }
    const hall: CountRule = {
      kind: 'window',
      allowance: s.hallFailures,
      firstWaitMs: s.hallWindowMs,
      maxWaitMs: s.hallWindowMs,
      forgetMs: s.hallWindowMs,
    };
    // The hall: its address; an IPv6 address by its /64, which one machine may fill.
    const address = shareAddress(client.address);
    return [
      own,
      {
        key: countKey('code-hall', address),
        rule: hall,
        label: `the new clients of ${address}`,
        unchecked: false,
      },
    ];
  }

  /**
   * Looks a code up with `lookup` unless a wait runs; the lockouts a wrong one started (for the
   * log). Throws {@link CodeWait} when the guess is refused.
   */
  async guess<T>(
    client: TableClient,
    lookup: () => Promise<T | null>,
  ): Promise<{ found: T | null; lockouts: { label: string; failures: number; waitMs: number }[] }> {
    const counts = this.countsOf(client);
    // A new phone's right code answers even while its hall's strangers wait: the hall's window
    // holds back wrong codes only, so a flood of them refuses no one's own code.
    const keys = counts.filter((c) => c.unchecked).map((c) => c.key);
    const running = await this.counters.waitMs(keys);
    if (running > 0) throw new CodeWait(running);
    const found = await lookup();
    if (found !== null) {
      const meanwhile = await this.counters.waitMs(keys);
      if (meanwhile > 0) throw new CodeWait(meanwhile);
      return { found, lockouts: [] };
    }
    const lockouts: { label: string; failures: number; waitMs: number }[] = [];
    let refused = 0;
    for (const count of counts) {
      const counted = await this.counters.fail(count, false);
      if (counted === null)
        refused = Math.max(refused, (await this.counters.waitMs([count.key])) || 1000);
      else if (counted.waitMs > 0) lockouts.push({ label: count.label, ...counted });
    }
    if (refused > 0) throw new CodeWait(refused);
    return { found: null, lockouts };
  }
}
