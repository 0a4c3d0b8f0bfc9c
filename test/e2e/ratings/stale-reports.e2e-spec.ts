import Database from 'better-sqlite3';
import { Client } from 'pg';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { createTournament, enterResult, pair, register } from '../tournament-helpers';

/**
 * Issue 36, "Ratings answer once", for a server that already holds reports: those computed
 * before a report said where each start came from are another formula's figures. The server
 * computes them again by itself when it starts, once, and leaves current ones alone.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60000);
afterAll(() => t.close());

interface Line {
  name: string;
  old: number | null;
  source: string;
  new: number;
}
const lines = async (app: TestApp, id: number) =>
  (
    (await app.http.get(`/api/tournaments/${id}/ratings`).expect(200)).body as {
      families: { lines: Line[] }[];
    }
  ).families[0].lines;

/** Runs `sql` on the server's database, as a report written by an earlier version would be. */
async function onDatabase(app: TestApp, sql: string): Promise<void> {
  if (app.databaseEnv.DATABASE_URL) {
    const client = new Client({ connectionString: app.databaseEnv.DATABASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(app.databaseEnv.DATABASE_PATH);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

describe(`rating reports of the earlier formula are computed again at start (${DATABASE_KIND})`, () => {
  it('a report without start sources is recomputed by the next start; a current one is not', async () => {
    const { id, divisionId } = await createTournament(t, {
      name: 'Kup starih izveštaja',
      ruleSet: 'kvizovka',
      rounds: 1,
    });
    await register(t, divisionId, ['Ana', 'Bora'], (i) => [1850, 1400][i]);
    const [game] = (await pair(t, divisionId)).games;
    await enterResult(t, t.organiser, game, { scores: [420, 300], clocks: ['05:00', '04:00'] });
    await t.http
      .post(`/api/tournaments/${id}/close`)
      .set(t.organiser)
      .send({ confirm: true })
      .expect(200);
    const current = await lines(t, id);
    expect(current.map((l) => l.source).sort()).toEqual(['registered', 'registered']);

    // As the earlier formula left it: no sources, everyone unrated, other new ratings.
    await onDatabase(
      t,
      `UPDATE rating_reports SET changes = '${JSON.stringify(
        current.map((l, i) => ({ personId: i + 1, old: null, new: 1600 + i, games: 1 })),
      )}'`,
    );
    expect((await lines(t, id)).every((l) => l.new >= 1600 && l.new <= 1601)).toBe(true);

    t = await t.restart();
    // The recomputation runs in the background: its figures are there within seconds.
    const deadline = Date.now() + 30_000;
    let after = await lines(t, id);
    while (JSON.stringify(after) !== JSON.stringify(current) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      after = await lines(t, id);
    }
    expect(after).toEqual(current);
    expect(t.log()).toMatch(/1 rating report\(s\) were computed by the earlier formula/);

    // Current reports: the next start leaves them alone.
    t = await t.restart();
    await lines(t, id);
    expect(t.log()).not.toMatch(/earlier formula/);
  }, 120_000);
});
