import { Client } from 'pg';
import { startTestApp, TestApp } from '../harness';
import { openEvents } from '../sse';
import { createTournament, enterResult, pair, register, RoundJson } from '../tournament-helpers';
import { mainText } from '../../browser/site';

/**
 * Several servers on one PostgreSQL database (behind one address, say): a
 * result written through one reaches the live pages and the page cache of the
 * other through LISTEN/NOTIFY. SQLite serves one process, so this runs only
 * with DATABASE_URL.
 */
const NEEDS_POSTGRES =
  'live pages across servers need PostgreSQL: skipped (run with DATABASE_URL=postgres://…)';
const describePostgres = (name: string, fn: () => void): void => {
  if (process.env.DATABASE_URL) {
    describe(name, fn);
  } else {
    describe.skip(`${name} — SKIPPED: ${NEEDS_POSTGRES}`, fn);
    console.warn(NEEDS_POSTGRES);
  }
};

const waitFor = async (what: string, check: () => Promise<boolean> | boolean, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

describePostgres('live pages on two servers sharing one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  let divisionId: number;
  let round: RoundJson;
  let admin: Client;

  const listeners = async (): Promise<number> => {
    const db = new URL(a.databaseEnv.DATABASE_URL).pathname.slice(1);
    const res = await admin.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'arbiter-revisions'",
      [db],
    );
    return (res.rows[0] as { n: number }).n;
  };

  beforeAll(async () => {
    a = await startTestApp();
    b = await a.another();
    admin = new Client({ connectionString: a.databaseEnv.DATABASE_URL });
    await admin.connect();
    ({ divisionId } = await createTournament(a, {
      name: 'Dva servera',
      ruleSet: 'kvizovka',
      rounds: 3,
      divisions: ['A'],
    }));
    await register(a, divisionId, [
      'Ana Ćirić',
      'Đorđe Šljivić',
      'Ljiljana Žutić',
      'Njegoš Džakić',
    ]);
    round = await pair(a, divisionId);
    await waitFor('both servers listening', async () => (await listeners()) === 2);
  });
  afterAll(async () => {
    await admin?.end();
    await b?.close();
    await a?.close();
  });

  test('a result written through one server reaches an events stream and the cached page of the other within a second', async () => {
    const standings = `/divisions/${divisionId}/standings`;
    const before = await b.http.get(standings).expect(200); // cached on B
    await b.http.get(standings).expect(200);
    const shown = Number(/data-live-revision="(\d+)"/.exec(before.text)![1]);
    const stream = await openEvents(`${b.url}/divisions/${divisionId}/events`);
    try {
      expect(await stream.revisionAtLeast(shown, 1000)).toBe(shown);
      const game = round.games[0];
      const started = Date.now();
      await enterResult(a, a.organiser, game, { scores: [433, 377], clocks: ['01:00', '02:00'] });
      const next = await stream.revisionAtLeast(shown + 1, 1000);
      const page = await b.http.get(`/divisions/${divisionId}/pairings`).expect(200);
      const elapsed = Date.now() - started;
      expect(elapsed).toBeLessThan(1000);
      expect(mainText(page.text)).toContain('433 : 377');
      const after = await b.http.get(standings).expect(200);
      expect(Number(/data-live-revision="(\d+)"/.exec(after.text)![1])).toBe(next);
      const winner = mainText(after.text).indexOf(game.first.name);
      const loser = mainText(after.text).indexOf(game.second!.name);
      expect(winner).toBeLessThan(loser); // 1 point, +56 above 0 points, −56
    } finally {
      stream.close();
    }
  });

  test('when the listening connection is cut, pages read revisions from the database, and streams catch up once it is back', async () => {
    const pairings = `/divisions/${divisionId}/pairings`;
    await b.http.get(pairings).expect(200);
    const stream = await openEvents(`${b.url}/divisions/${divisionId}/events`);
    try {
      const shown = await stream.revisionAtLeast(0, 1000);
      const logFrom = b.log().length;
      const db = new URL(a.databaseEnv.DATABASE_URL).pathname.slice(1);
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'arbiter-revisions'",
        [db],
      );
      await waitFor('B notices', () => b.log().slice(logFrom).includes('listening for other'));
      // No notification can reach B now; its page must still be fresh.
      await enterResult(a, a.organiser, round.games[1], {
        scores: [290, 312],
        clocks: ['00:40', '03:10'],
      });
      const page = await b.http.get(pairings).expect(200);
      expect(mainText(page.text)).toContain('290 : 312');
      // B listens again (0.5 s later) and tells its streams the revision they missed.
      expect(await stream.revisionAtLeast(shown + 1, 5000)).toBeGreaterThan(shown);
      await waitFor('both servers listening again', async () => (await listeners()) === 2);
    } finally {
      stream.close();
    }
  });
});
