import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { databaseOptions } from '../../src/schema/database-options';
import { DatabasePing } from '../../src/database/health-ping';
import { DATABASE_KIND } from './harness';

const postgresOnly = DATABASE_KIND === 'postgres' ? describe : describe.skip;

/** How long each query that fills the pool runs. */
const SLEEP_S = 3;
/** The connections of a data source's pool (pg's default, which TypeORM keeps). */
const POOL = 10;

postgresOnly("the health check's ping beside a busy pool (postgres)", () => {
  let dataSource: DataSource;
  let ping: DatabasePing;
  let admin: Client;

  beforeAll(async () => {
    // The server's own data source (its options, its pool); the schema is not needed.
    dataSource = new DataSource({
      ...databaseOptions({ url: process.env.DATABASE_URL }),
      migrationsRun: false,
    });
    await dataSource.initialize();
    ping = new DatabasePing(dataSource);
    admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await ping.close();
    await dataSource.destroy();
    await admin.end();
  });

  test(`answers at once while every pooled connection is busy (it waited its turn behind them: 0.1–1 s in a busy hall)`, async () => {
    const busy = Array.from({ length: POOL + 2 }, () =>
      dataSource.query(`SELECT pg_sleep(${SLEEP_S})`),
    );
    const started = Date.now();
    await expect(ping.ping()).resolves.toBeDefined();
    expect(Date.now() - started).toBeLessThan(1000);
    await Promise.all(busy);
  });

  test('answers again after PostgreSQL ended its connection', async () => {
    await ping.ping();
    const ended = await admin.query<{ pid: number }>(
      "SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity WHERE application_name = 'arbiter-health'",
    );
    expect(ended.rows).toHaveLength(1);
    // The pool drops the ended connection (an error heard, not thrown); the next ask opens another.
    await new Promise((r) => setTimeout(r, 200));
    await expect(ping.ping()).resolves.toBeDefined();
  });
});
