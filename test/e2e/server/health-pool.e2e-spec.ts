import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { databaseOptions } from '../../../src/schema/database-options';
import { DatabasePing } from '../../../src/database/health-ping';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';

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

postgresOnly("a server's pool of PostgreSQL connections (postgres)", () => {
  let t: TestApp;
  let admin: Client;
  const connections = async (): Promise<number> => {
    const database = new URL(t.databaseEnv.DATABASE_URL).pathname.slice(1);
    const { rows } = await admin.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND query NOT LIKE 'LISTEN%'`,
      [database],
    );
    return Number(rows[0].n);
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  test('is whole when the server first serves, and kept through a lull longer than 10 s', async () => {
    // Started by the server before it listens (the first burst after a restart finds them),
    // not one by one as requests come. The harness's one sign-in could have opened two.
    expect(await connections()).toBeGreaterThanOrEqual(POOL);
    // node-postgres closes a connection idle for 10 s unless told otherwise.
    await new Promise((resolve) => setTimeout(resolve, 11_500));
    expect(await connections()).toBeGreaterThanOrEqual(POOL);
  }, 30_000);
});
