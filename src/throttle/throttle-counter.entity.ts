import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One throttle count (a client, an account, an address, a table code's devices), shared by
 * every server on the database and kept across restarts. Times are milliseconds since 1970.
 * Written by hand in `throttle-counters.ts`, one atomic statement a change.
 */
@Entity('throttle_counters')
export class ThrottleCounter {
  /** What is counted: its kind and a hash of its value (`sign-in-account:…`). */
  @PrimaryColumn({ type: 'varchar', length: 80 })
  key: string;

  /** Failures since the count last started. */
  @Column({ type: 'integer', default: 0 })
  failures: number;

  /** Attempts being checked right now (a password being hashed). */
  @Column({ type: 'integer', default: 0 })
  pending: number;

  /** When an attempt was last taken for checking: a count left by a stopped server goes stale. */
  @Column({ name: 'pending_at', type: 'bigint', default: 0 })
  pendingAt: string;

  @Column({ name: 'first_failure_at', type: 'bigint', default: 0 })
  firstFailureAt: string;

  @Column({ name: 'last_failure_at', type: 'bigint', default: 0 })
  lastFailureAt: string;

  /** No attempt is checked before this; 0 when no wait runs. */
  @Column({ name: 'wait_until', type: 'bigint', default: 0 })
  waitUntil: string;
}

/** A secret every server on the database shares (the key that signs device cookies). */
@Entity('server_secrets')
export class ServerSecret {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  name: string;

  /** Random bytes, base64url. */
  @Column({ type: 'varchar', length: 200 })
  value: string;
}
