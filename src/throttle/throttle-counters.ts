import { createHash } from 'crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { run } from '../database/sql';

/** How one kind of count holds failures back. */
export interface CountRule {
  /** Failures counted before the first wait. */
  allowance: number;
  /**
   * `doubling`: from the allowance on, each failure starts a wait of `firstWaitMs`, twice as
   * long after each further one, up to `maxWaitMs`; the count is forgotten `forgetMs` after
   * its last failure. `window`: at most `allowance` failures within `forgetMs` of the
   * window's first failure; the one that reaches it starts a wait until the window ends.
   */
  kind: 'doubling' | 'window';
  firstWaitMs: number;
  maxWaitMs: number;
  forgetMs: number;
}

/** A count to take an attempt against: its key, the rule it keeps, and its name for the log. */
export interface CountKey {
  key: string;
  rule: CountRule;
}

/** Writes run one after another where the database needs it (`Transactions.run`). */
export interface Writer {
  run<T>(work: (m: EntityManager) => Promise<T>): Promise<T>;
}

/** A count left "being checked" by a server that stopped mid-check no longer holds after this. */
const STALE_PENDING_MS = 60_000;
/** Doublings past this are the ceiling anyway (2^31 ms is 24 days); keeps the SQL in 64 bits. */
const MOST_DOUBLINGS = 31;
/** Counts without a failure or a wait for this long are deleted, at most this often. */
const SWEEP_AFTER_MS = 24 * 3600 * 1000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** The stored key of a count: its kind and a hash of its value (addresses and e-mails are not kept as such). */
export function countKey(kind: string, value: string): string {
  return `${kind}:${createHash('sha256').update(value).digest('base64url').slice(0, 32)}`;
}

/**
 * `sql` with its `:name` placeholders as the driver takes them, and their values in order:
 * `?` (each occurrence bound again) for SQLite, `$1…` for PostgreSQL. The same text gives the
 * same statement every time, so it is prepared once.
 */
export function bind(
  sql: string,
  named: Record<string, unknown>,
  postgres: boolean,
): { sql: string; values: unknown[] } {
  const values: unknown[] = [];
  const numbers = new Map<string, number>();
  const text = sql.replace(/:([a-z][A-Za-z]*)/g, (_, name: string) => {
    if (!(name in named)) throw new Error(`no value for :${name}`);
    if (!postgres) {
      values.push(named[name]);
      return '?';
    }
    if (!numbers.has(name)) {
      values.push(named[name]);
      numbers.set(name, values.length);
    }
    return `$${numbers.get(name)}`;
  });
  return { sql: text, values };
}

/** The columns of the row being updated, in an upsert's DO UPDATE. */
const C = (column: string) => `"throttle_counters"."${column}"`;
/** Attempts being checked at `:now` (those of a server that stopped mid-check are stale). */
const PENDING = `(CASE WHEN ${C('pending_at')} <= :stalePending THEN 0 ELSE ${C('pending')} END)`;
/** The count's failures as they stand at `:now`: 0 once forgotten, never while a wait runs. */
const failuresOf = (rule: CountRule) =>
  `(CASE WHEN ${C(rule.kind === 'window' ? 'first_failure_at' : 'last_failure_at')} <= :forgotten ` +
  `AND ${C('wait_until')} <= :now THEN 0 ELSE ${C('failures')} END)`;
/** When the wait started by the failure that makes the count one more ends. */
function waitEndOf(rule: CountRule): string {
  const failures = failuresOf(rule);
  if (rule.kind === 'window')
    return `(CASE WHEN ${failures} = 0 THEN :now ELSE ${C('first_failure_at')} END + :forgetMs)`;
  // failures + 1 − allowance doublings of the first wait, at most the longest.
  const doublings = `(${failures} + 1 - :allowance)`;
  const grown = `(:firstWaitMs * (CAST(1 AS BIGINT) << ${doublings}))`;
  return (
    `(:now + CASE WHEN ${doublings} >= :mostDoublings OR ${grown} > :maxWaitMs ` +
    `THEN :maxWaitMs ELSE ${grown} END)`
  );
}

/**
 * The throttles' counts, in the `throttle_counters` table: every server on the database
 * reads and changes the same counts, and a restart keeps them. Each change is one atomic
 * statement (an insert that updates the row it meets), so that attempts sent at once from
 * any number of processes are counted as if sent one by one.
 */
export class ThrottleCounters {
  private lastSweep = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly writer: Writer,
    private readonly now: () => number = Date.now,
  ) {}

  private get postgres(): boolean {
    return this.dataSource.options.type === 'postgres';
  }

  /** The longest wait running on any of `keys` (ms), 0 when none runs. */
  async waitMs(keys: readonly string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const named = Object.fromEntries(keys.map((k, i) => [`key${String.fromCharCode(97 + i)}`, k]));
    const { sql, values } = bind(
      `SELECT "wait_until" FROM "throttle_counters" WHERE "key" IN (${Object.keys(named)
        .map((n) => `:${n}`)
        .join(', ')})`,
      named,
      this.postgres,
    );
    const rows = await this.dataSource.manager.query<{ wait_until: string | number }[]>(
      sql,
      values,
    );
    const t = this.now();
    return Math.max(0, ...rows.map((r) => Number(r.wait_until) - t));
  }

  /**
   * Takes an attempt on `count` for checking, unless a wait runs or as many attempts are being
   * checked as failures are left before one (they are answered within a second).
   */
  async reserve(count: CountKey): Promise<boolean> {
    const sql =
      `INSERT INTO "throttle_counters" ("key", "pending", "pending_at") VALUES (:key, 1, :now) ` +
      `ON CONFLICT ("key") DO UPDATE SET "pending" = ${PENDING} + 1, "pending_at" = :now ` +
      `WHERE ${C('wait_until')} <= :now AND (${PENDING} = 0 ` +
      `OR ${failuresOf(count.rule)} + ${PENDING} < :allowance) ` +
      `RETURNING "pending"`;
    return (await this.write(sql, this.values(count))).length > 0;
  }

  /** An attempt taken by {@link reserve} is answered: no longer being checked. */
  async release(key: string): Promise<void> {
    await this.write(
      `UPDATE "throttle_counters" SET "pending" = CASE WHEN "pending" > 0 THEN "pending" - 1 ELSE 0 END ` +
        `WHERE "key" = :key`,
      { key },
    );
  }

  /** Forgets a count (the right password clears its account's). */
  async clear(key: string): Promise<void> {
    await this.write(`DELETE FROM "throttle_counters" WHERE "key" = :key`, { key });
  }

  /**
   * Counts a failure on `count`. `reserved`: the attempt was taken by {@link reserve} (it is
   * counted whatever happened meanwhile, and no longer being checked). Otherwise it is counted
   * only while no wait runs; null when one does (the attempt is refused, not counted).
   * Returns the failures and the wait this one started (0 when none).
   */
  async fail(
    count: CountKey,
    reserved: boolean,
  ): Promise<{ failures: number; waitMs: number } | null> {
    const { rule } = count;
    const failures = failuresOf(rule);
    const sql =
      `INSERT INTO "throttle_counters" ("key", "failures", "first_failure_at", "last_failure_at", "wait_until") ` +
      `VALUES (:key, 1, :now, :now, :firstWaitEnd) ` +
      `ON CONFLICT ("key") DO UPDATE SET "failures" = ${failures} + 1, ` +
      `"pending" = ${reserved ? `CASE WHEN ${C('pending')} > 0 THEN ${C('pending')} - 1 ELSE 0 END` : C('pending')}, ` +
      `"first_failure_at" = CASE WHEN ${failures} = 0 THEN :now ELSE ${C('first_failure_at')} END, ` +
      `"last_failure_at" = :now, ` +
      `"wait_until" = CASE WHEN ${failures} + 1 >= :allowance THEN ${waitEndOf(rule)} ELSE ${C('wait_until')} END ` +
      (reserved ? '' : `WHERE ${C('wait_until')} <= :now `) +
      `RETURNING "failures", "wait_until"`;
    const values = this.values(count);
    const rows = await this.write<{ failures: number | string; wait_until: number | string }>(
      sql,
      values,
    );
    this.sweepNowAndThen(values.now);
    if (rows.length === 0) return null;
    const counted = Number(rows[0].failures);
    const waitMs =
      counted >= rule.allowance ? Math.max(0, Number(rows[0].wait_until) - values.now) : 0;
    return { failures: counted, waitMs };
  }

  /** The values a count's statements name. */
  private values(count: CountKey) {
    const { rule } = count;
    const now = this.now();
    return {
      key: count.key,
      now,
      stalePending: now - STALE_PENDING_MS,
      forgotten: now - rule.forgetMs,
      forgetMs: rule.forgetMs,
      allowance: rule.allowance,
      firstWaitMs: rule.firstWaitMs,
      maxWaitMs: rule.maxWaitMs,
      mostDoublings: MOST_DOUBLINGS,
      // The first failure of a count with an allowance of 1 starts a wait at once.
      firstWaitEnd:
        rule.allowance > 1
          ? 0
          : now +
            (rule.kind === 'window' ? rule.forgetMs : Math.min(rule.firstWaitMs, rule.maxWaitMs)),
    };
  }

  /** Deletes counts with no failure, wait or check for a day: at most every ten minutes a process. */
  private sweepNowAndThen(t: number): void {
    if (t - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = t;
    const sql =
      `DELETE FROM "throttle_counters" WHERE "last_failure_at" < :old ` +
      `AND "wait_until" < :now AND ("pending" = 0 OR "pending_at" < :stalePending)`;
    const values = { old: t - SWEEP_AFTER_MS, now: t, stalePending: t - STALE_PENDING_MS };
    // Housekeeping: a failure here loses nothing that counts, and must not fail the attempt.
    this.write(sql, values).catch(() => undefined);
  }

  private write<Row>(sql: string, named: Record<string, unknown>): Promise<Row[]> {
    const bound = bind(sql, named, this.postgres);
    const write = async (m: EntityManager) =>
      (await run(m, bound.sql, bound.values)).records as Row[];
    // One statement is its own transaction on PostgreSQL's pooled connections; SQLite's one
    // connection may be inside another request's transaction, so it waits its turn.
    return this.postgres ? write(this.dataSource.manager) : this.writer.run(write);
  }
}
