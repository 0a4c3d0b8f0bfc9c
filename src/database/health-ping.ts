import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';

/** How long a ping waits to connect to PostgreSQL, or for its answer, before it fails. */
const PING_TIMEOUT_MS = 5000;

/**
 * `SELECT 1` for the health check. On PostgreSQL it goes through a connection of its own, not
 * the pool the requests share: in a busy hall a hundred queries wait there for one of its ten
 * connections, and a monitor's ask waited behind them (0.1–1 s), as if the server were failing.
 * SQLite's one connection answers at once.
 */
export class DatabasePing {
  /** Opened at the first ping. */
  private pool: Pool | null = null;

  constructor(private readonly dataSource: DataSource) {}

  ping(): Promise<unknown> {
    if (this.dataSource.options.type !== 'postgres') return this.dataSource.query('SELECT 1');
    if (!this.pool) {
      // Loaded here, not at the top: an SQLite server never needs pg.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { Pool } = require('pg') as typeof import('pg');
      this.pool = new Pool({
        connectionString: (this.dataSource.options as { url?: string }).url,
        application_name: 'arbiter-health',
        max: 1,
        // Kept open between pings (a new connection is a new PostgreSQL process), but never
        // keeping the process from exiting.
        idleTimeoutMillis: 0,
        allowExitOnIdle: true,
        connectionTimeoutMillis: PING_TIMEOUT_MS,
        query_timeout: PING_TIMEOUT_MS,
      });
      // A connection lost while idle (PostgreSQL restarted) is dropped by the pool and the next
      // ping opens another; unheard, the error would end the process.
      this.pool.on('error', () => undefined);
    }
    return this.pool.query('SELECT 1');
  }

  /** Closes its connection (the server stops). */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.end().catch(() => undefined);
  }
}
