import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import {
  createTournament,
  enterResult,
  pair,
  register,
  RoundJson,
  scoreSheet,
} from '../tournament-helpers';

/**
 * What a result costs the database: the statements a typed result and a score sheet run.
 * Their text must not depend on the game (values are bound), so SQLite compiles each once
 * for the whole hall, and a write reads its game once and nothing back.
 */
describe(`a result's statements (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let round: RoundJson;
  beforeAll(async () => {
    t = await startTestApp(undefined, { DATABASE_LOG: 'queries' });
    const { divisionId } = await createTournament(t, {
      name: 'Hall',
      ruleSet: 'kvizovka',
      rounds: 3,
    });
    await register(
      t,
      divisionId,
      Array.from({ length: 16 }, (_, i) => `Igrač ${i + 1}`),
    );
    round = await pair(t, divisionId);
  }, 60000);
  afterAll(() => t.close());

  /** The statements `write` made, each without its parameters. */
  async function statementsOf(write: () => Promise<unknown>): Promise<string[]> {
    const from = t.log().length;
    await write();
    return t
      .log()
      .slice(from)
      .split(/\n(?=query: )/)
      .filter((s) => s.startsWith('query: '))
      .map((s) => s.replace(/ -- PARAMETERS: [\s\S]*$/, '').trim());
  }

  const typed = (i: number) =>
    statementsOf(() =>
      enterResult(t, t.organiser, round.games[i], {
        scores: [300 + 7 * i, 250 + i],
        clocks: ['05:00', `0${i}:10`],
      }),
    );

  const sheet = (i: number) =>
    statementsOf(async () => {
      const game = round.games[i];
      const { sheet: body } = scoreSheet([game.first.name, game.second!.name], 100 + i);
      await t.http.put(`/api/games/${game.id}/scoresheet`).set(t.organiser).send(body).expect(200);
    });

  it('a typed result reads the game once and writes four rows, each statement the same for every game', async () => {
    const first = await typed(0);
    const second = await typed(1);
    expect(second).toEqual(first);
    const reads = first.filter((s) => /^query: SELECT "game"/.test(s));
    expect(reads).toHaveLength(1);
    const writes = first.filter((s) => /^query: (UPDATE|INSERT)/.test(s));
    // The game's result, its history row, the division's revision, the director's log.
    expect(writes.map((s) => s.split(/\s+/).slice(1, 4).join(' '))).toEqual([
      'UPDATE "games" SET',
      'INSERT INTO "result_changes"',
      'UPDATE divisions SET',
      'INSERT INTO "director_log"',
    ]);
    // Nothing is read after the commit: the answer is made from what was written.
    const commit = first.findIndex((s) => /^query: COMMIT/.test(s));
    expect(commit).toBe(first.length - 1);
  });

  it("a score sheet's statements are the same for every game, and none reads the game again", async () => {
    const first = await sheet(2);
    const second = await sheet(3);
    expect(second).toEqual(first);
    expect(first.filter((s) => /^query: SELECT "game"/.test(s))).toHaveLength(1);
    expect(first.filter((s) => /^query: INSERT INTO "score_sheets"/.test(s))).toHaveLength(1);
    expect(first.findIndex((s) => /^query: COMMIT/.test(s))).toBe(first.length - 1);
    // Which word list the tournament has comes with the game: no statement of its own.
    expect(first.filter((s) => /"word_lists"/.test(s) && !/^query: SELECT "game"/.test(s))).toEqual(
      [],
    );
  });

  it("a write taken before the routes answers as the route does, and a refusal is the route's", async () => {
    // The canonical path is taken at once (src/results/writes-first.ts); with a slash at its
    // end the same route answers through Express and Nest.
    const played = { scores: [321, 300], clocks: ['04:00', '03:00'] };
    const [early, routed] = await Promise.all(
      [`/api/games/${round.games[5].id}/result`, `/api/games/${round.games[6].id}/result/`].map(
        (path) => t.http.put(path).set(t.organiser).send(played).expect(200),
      ),
    );
    const kept = (h: Record<string, string>) =>
      Object.keys(h)
        .filter((k) => !['date', 'etag', 'content-length'].includes(k))
        .sort()
        .map((k) => `${k}: ${k === 'x-request-id' ? '' : h[k]}`);
    expect(kept(early.headers)).toEqual(kept(routed.headers));
    expect(early.headers.etag).toMatch(/^W\/"/);
    for (const [res, game] of [
      [early, round.games[5]],
      [routed, round.games[6]],
    ] as const) {
      expect(res.body).toEqual((await t.http.get(`/api/games/${game.id}`).expect(200)).body);
    }
    // A second result without If-Match: 409 RESULT_EXISTS, in the route's words either way.
    const refusals = await Promise.all(
      [`/api/games/${round.games[5].id}/result`, `/api/games/${round.games[5].id}/result/`].map(
        (path) => t.http.put(path).set(t.organiser).send(played).expect(409),
      ),
    );
    expect(refusals[0].body).toEqual(refusals[1].body);
    expect(refusals[0].body.code).toBe('RESULT_EXISTS');
    // A judge's token is let through, a refused sender is answered by the guard.
    const anonymous = await t.http.put(`/api/games/${round.games[7].id}/result`).send(played);
    expect(anonymous.status).toBe(401);
  });

  it('a body read before the routes and left to them is refused in their words', async () => {
    // Each is read at the canonical path before Express, then handed to the body reader and
    // the route as read; with a slash at its end the same route reads it the usual way.
    const game = round.games[7];
    const { sheet: body } = scoreSheet(['Nobody', 'Somebody'], 300);
    const cases: [string, string | object, number, string][] = [
      ['result', { scores: [321], clocks: ['04:00', '03:00'] }, 400, 'VALIDATION_FAILED'],
      ['result', '{"scores": [321, 300], "clocks":', 400, 'BAD_JSON'],
      ['result', '['.repeat(100) + ']'.repeat(100), 400, 'BODY_TOO_DEEP'],
      ['result', '{"scores": [321, 300], "clocks": ["04:00", "\\ud800"]}', 400, ''],
      ['scoresheet', body, 422, ''],
    ];
    for (const [route, sent, status, code] of cases) {
      const [early, routed] = await Promise.all(
        [`/api/games/${game.id}/${route}`, `/api/games/${game.id}/${route}/`].map((path) =>
          t.http
            .put(path)
            .set(t.organiser)
            .set('Content-Type', 'application/json')
            .send(typeof sent === 'string' ? sent : JSON.stringify(sent)),
        ),
      );
      expect([early.status, routed.status]).toEqual([status, status]);
      expect(early.body).toEqual(routed.body);
      if (code) expect(early.body.code).toBe(code);
    }
    // Nothing of them was written.
    const read = await t.http.get(`/api/games/${game.id}`).expect(200);
    expect(read.body.status).toBe('pending');
    expect(read.body.version).toBe(game.version);
  });

  it('the answer is the game as written, as a fresh read gives it', async () => {
    const written = await enterResult(t, t.organiser, round.games[4], {
      scores: [355, 340],
      clocks: ['02:00', '01:30'],
    });
    const read = await t.http.get(`/api/games/${round.games[4].id}`).expect(200);
    expect(written).toEqual(read.body);
    const game = round.games[3];
    const { sheet: body } = scoreSheet([game.first.name, game.second!.name], 200);
    const corrected = await t.http
      .put(`/api/games/${game.id}/scoresheet`)
      .set(t.organiser)
      .set('If-Match', String((await t.http.get(`/api/games/${game.id}`)).body.version))
      .send(body)
      .expect(200);
    const again = await t.http.get(`/api/games/${game.id}`).expect(200);
    expect(corrected.body).toEqual(again.body);
    expect(again.body.scoresheet).toEqual({ ok: true });
  });
});
