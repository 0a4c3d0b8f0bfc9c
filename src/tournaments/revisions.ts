import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Client } from 'pg';
import { DataSource, In } from 'typeorm';
import { Division } from './division.entity';
import { Moved, parseMoved, RevisionSteps } from '../database/revision-steps';
import { REVISIONS_CHANNEL } from '../database/moved';

export type { Moved } from '../database/revision-steps';
export { noteMoved, REVISIONS_CHANNEL, takeMoved } from '../database/moved';

type Listener = (revision: number) => void;

/** How often the listening connection is asked whether it is still there, and how long it may take. */
const PING_MS = 20_000;
const PING_TIMEOUT_MS = 5_000;
/** Waits between attempts to listen again: 0.5 s, doubling up to 10 s. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 10_000;

/**
 * The current revision of each division, known in memory, so that a cached
 * page is served without asking the database. Every write that changes what
 * division pages show bumps the division's revision (`touchDivisions`) and the
 * transaction helper applies it here once the write is committed.
 *
 * Several servers on one PostgreSQL database hear each other's writes through
 * `LISTEN arbiter_revisions` on a connection of its own. While that connection
 * is down (and before it is first up) nothing in memory is trusted: each read
 * asks the database. When it is up again, everything known is forgotten and
 * the divisions somebody watches are read again and announced. SQLite serves
 * one process, and its writes all pass through this one.
 */
@Injectable()
export class Revisions implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Revisions');
  private readonly known = new Map<number, number>();
  private readonly steps = new RevisionSteps();
  private readonly listeners = new Map<number, Set<Listener>>();
  /** Bumped whenever what is known is forgotten: a read begun before must not write back. */
  private epoch = 0;
  private trusted: boolean;
  private client: Client | null = null;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private retryMs = RETRY_FIRST_MS;

  constructor(private readonly dataSource: DataSource) {
    this.trusted = !this.postgres;
  }

  private get postgres(): boolean {
    return this.dataSource.options.type === 'postgres';
  }

  onModuleInit(): void {
    if (this.postgres) void this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    const c = this.client;
    this.client = null;
    if (c) await c.end().catch(() => undefined);
  }

  /** True when revisions are read from memory (SQLite; PostgreSQL while listening). */
  get listening(): boolean {
    return this.trusted;
  }

  /**
   * The division's current revision when it is known in memory and can be trusted (SQLite;
   * PostgreSQL while listening), without waiting; else undefined (ask {@link get}).
   */
  peek(division: number): number | undefined {
    return this.trusted ? this.known.get(division) : undefined;
  }

  /** The division's current revision, or null when there is no such division. */
  async get(division: number): Promise<number | null> {
    if (this.trusted) {
      const hit = this.known.get(division);
      if (hit !== undefined) return hit;
    }
    const epoch = this.epoch;
    const row = await this.dataSource.manager.findOne(Division, {
      where: { id: division },
      select: { id: true, revision: true },
    });
    if (!row) return null;
    if (this.trusted && epoch === this.epoch) this.raise(division, row.revision);
    return Math.max(row.revision, this.trusted ? (this.known.get(division) ?? 0) : 0);
  }

  /** Revisions a committed write (of this process or, through NOTIFY, another) gave, in order. */
  apply(moved: readonly Moved[]): void {
    for (const { division, revision, resultsOf } of moved) {
      this.raise(division, revision, resultsOf ?? 0);
    }
  }

  /**
   * The first round whose results changed between revision `since` of the division and its
   * current one, when every step between is known and changed results only: `Infinity` when
   * nothing changed, `0` when something else may have (or a step is not known: a revision read
   * from the database, one heard of out of order, steps forgotten), and always 0 while
   * revisions are not trusted. What was made at `since` for the rounds before it still holds.
   */
  resultsChangedSince(division: number, since: number): number {
    if (!this.trusted) return 0;
    return this.steps.resultsChangedSince(division, since, this.known.get(division));
  }

  /**
   * Calls `listener` with each new revision of the division, until the returned
   * function is called.
   */
  watch(division: number, listener: Listener): () => void {
    let set = this.listeners.get(division);
    if (!set) this.listeners.set(division, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(division) === set) this.listeners.delete(division);
    };
  }

  /**
   * Moves the division's revision to `revision`; `resultsOf` is what that one step changed,
   * undefined when what moved it is not known step by step (a read from the database).
   */
  private raise(division: number, revision: number, resultsOf?: number): void {
    const was = this.known.get(division);
    if (was !== undefined && was >= revision) return;
    this.known.set(division, revision);
    this.steps.step(division, was, revision, resultsOf);
    if (was === undefined && !this.listeners.has(division)) return;
    for (const listener of [...(this.listeners.get(division) ?? [])]) listener(revision);
  }

  /** Forgets everything known, then reads and announces the divisions somebody watches. */
  private async reload(): Promise<void> {
    this.epoch++;
    this.known.clear();
    this.steps.forget();
    const watched = [...this.listeners.keys()];
    if (watched.length === 0) return;
    const epoch = this.epoch;
    const rows = await this.dataSource.manager.find(Division, {
      where: { id: In(watched) },
      select: { id: true, revision: true },
    });
    if (epoch !== this.epoch) return;
    for (const r of rows) {
      const was = this.known.get(r.id);
      if (was === undefined || was < r.revision) {
        this.known.set(r.id, r.revision);
        this.steps.step(r.id, was, r.revision);
      }
      const now = this.known.get(r.id)!;
      for (const listener of [...(this.listeners.get(r.id) ?? [])]) listener(now);
    }
  }

  /** Opens the listening connection; on any failure, closes it and tries again later. */
  private async listen(): Promise<void> {
    if (this.stopped) return;
    const options = this.dataSource.options as { url?: string };
    // Loaded here, not at the top: an SQLite server never needs pg.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Client } = require('pg') as typeof import('pg');
    const client = new Client({
      connectionString: options.url,
      keepAlive: true,
      application_name: 'arbiter-revisions',
    });
    this.client = client;
    let lost = false;
    const onLost = (why: unknown) => {
      if (lost) return;
      lost = true;
      this.trusted = false;
      this.epoch++;
      if (this.pingTimer) clearInterval(this.pingTimer);
      this.pingTimer = null;
      if (this.client === client) this.client = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.logger.warn(
        `listening for other servers' writes stopped (${why instanceof Error ? why.message : String(why)}); trying again in ${this.retryMs} ms, reading revisions from the database meanwhile`,
      );
      this.retryTimer = setTimeout(() => void this.listen(), this.retryMs);
      this.retryTimer.unref();
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    };
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('connection ended')));
    client.on('notification', (n) => {
      if (n.channel === REVISIONS_CHANNEL && n.payload) this.apply(parseMoved(n.payload));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${REVISIONS_CHANNEL}`);
    } catch (error) {
      onLost(error);
      return;
    }
    if (lost || this.stopped) return;
    this.retryMs = RETRY_FIRST_MS;
    this.trusted = true;
    this.pingTimer = setInterval(() => {
      const timer = setTimeout(() => onLost(new Error('no answer to a ping')), PING_TIMEOUT_MS);
      client.query('SELECT 1').then(
        () => clearTimeout(timer),
        (error: unknown) => {
          clearTimeout(timer);
          onLost(error);
        },
      );
    }, PING_MS);
    this.pingTimer.unref();
    try {
      await this.reload();
    } catch (error) {
      onLost(error);
    }
  }
}
