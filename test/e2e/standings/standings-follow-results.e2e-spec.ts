import { seededRandom } from '../../../src/engine';
import { computeStandings, GameRecord } from '../../../src/standings';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import {
  createTournament,
  enterResult,
  GameJson,
  pair,
  register,
  RoundJson,
  seconds,
  standings,
  StandingsJson,
} from '../tournament-helpers';

/**
 * Standings are brought up to date from the game a write changed, not read and made again
 * whole: a result of the current round leaves the pages of the rounds before it as they were
 * made (issue 33: every result rebuilt every round's page), and after any sequence of writes
 * the table is what a computation from the games gives.
 */
describe(`standings follow each result (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let divisionId: number;
  const rounds: RoundJson[] = [];

  const roundOf = async (n: number): Promise<RoundJson> =>
    (await t.http.get(`/api/divisions/${divisionId}/rounds/${n}`).expect(200)).body as RoundJson;
  /** A result the test makes up for game `g` (`k` varies it). */
  const figures = (g: GameJson, k: number) => ({
    scores: [300 + ((g.id * 37 + k * 11) % 120), 300 + ((g.id * 53 + k * 7) % 120)],
    clocks: [`0${(g.id + k) % 8}:${10 + ((g.id * 3 + k) % 40)}`, `0${(g.id * 5 + k) % 8}:05`],
  });

  beforeAll(async () => {
    t = await startTestApp();
    ({ divisionId } = await createTournament(t, {
      name: 'Kup Čačka',
      ruleSet: 'kvizovka',
      rounds: 5,
    }));
    await register(
      t,
      divisionId,
      Array.from({ length: 12 }, (_, i) => `Igrač ${String.fromCharCode(65 + i)}`),
    );
    for (let n = 1; n <= 3; n++) {
      const round = await pair(t, divisionId);
      // Rounds 1 and 2 are played; round 3 is being played.
      if (n < 3) {
        for (const g of round.games) {
          if (g.second) await enterResult(t, t.organiser, g, figures(g, 0));
        }
      }
      rounds.push(await roundOf(n));
    }
  }, 120_000);
  afterAll(() => t?.close());

  it("a result of the current round leaves the pages of the rounds before it as made; one of a past round remakes that round's and later ones", async () => {
    const standingsOf = (n: number) => `/divisions/${divisionId}/standings?round=${n}`;
    const pairingsOf = (n: number) => `/divisions/${divisionId}/pairings?round=${n}`;
    const before = {
      standings1: await t.http.get(standingsOf(1)).expect(200),
      standings2: await t.http.get(standingsOf(2)).expect(200),
      pairings2: await t.http.get(pairingsOf(2)).expect(200),
      table1: await t.http.get(`/api/divisions/${divisionId}/standings?round=1`).expect(200),
    };
    const made = liveRevision(before.standings1.text);
    const game = rounds[2].games.find((g) => g.second && g.status === 'pending')!;
    await enterResult(t, t.organiser, game, figures(game, 1));

    const current = await t.http.get(`/divisions/${divisionId}/standings`).expect(200);
    expect(liveRevision(current.text)).toBe(made + 1);
    for (const [path, was] of [
      [standingsOf(1), before.standings1],
      [standingsOf(2), before.standings2],
      [pairingsOf(2), before.pairings2],
    ] as const) {
      const after = await t.http.get(path).expect(200);
      // The same bytes as made before the result (a page made again would say the new revision) …
      expect({ path, revision: liveRevision(after.text) }).toEqual({ path, revision: made });
      expect(after.text).toBe(was.text);
      expect(after.headers.etag).toBe(was.headers.etag);
      // … and current as of the result, which the live script reads (so it asks no more).
      expect(after.headers['x-arbiter-revision']).toBe(String(made + 1));
    }
    const table1 = await t.http.get(`/api/divisions/${divisionId}/standings?round=1`).expect(200);
    expect(table1.headers.etag).toBe(before.table1.headers.etag);

    // A correction in round 2 changes the standings after round 2, not after round 1.
    const past = (await roundOf(2)).games.find((g) => g.second)!;
    const corrected = {
      scores: [past.result!.scores![1] + 50, past.result!.scores![0]],
      clocks: ['01:00', '02:00'],
    };
    await enterResult(t, t.organiser, past, corrected);
    const again1 = await t.http.get(standingsOf(1)).expect(200);
    expect(liveRevision(again1.text)).toBe(made);
    const again2 = await t.http.get(standingsOf(2)).expect(200);
    expect(liveRevision(again2.text)).toBe(made + 2);
    expect(again2.text).not.toBe(before.standings2.text);
    const pairings2 = await t.http.get(pairingsOf(2)).expect(200);
    expect(pairings2.text).toContain(`${corrected.scores[0]} : ${corrected.scores[1]}`);
  });

  it('after each of a run of results, corrections and clearings in any round, every round’s table is what the games give', async () => {
    const random = seededRandom(33);
    const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
    for (let step = 0; step < 14; step++) {
      const n = pick([1, 2, 3, 3, 3]);
      const game = pick((await roundOf(n)).games.filter((g) => g.second));
      if (game.status === 'pending') {
        await enterResult(t, t.organiser, game, figures(game, step));
      } else if (random() < 0.25) {
        await t.http
          .delete(`/api/games/${game.id}/result`)
          .set(t.organiser)
          .set('If-Match', String(game.version))
          .expect(200);
      } else {
        await enterResult(t, t.organiser, game, figures(game, step + 5));
      }
      // Asked for after each write, so that each is caught up with from the one before.
      const games = [];
      for (let r = 1; r <= 3; r++) games.push(...(await roundOf(r)).games);
      for (let through = 0; through <= 3; through++) {
        const served = await standings(t, divisionId, through);
        expect({ step, through, rows: served.rows.map(comparable) }).toEqual({
          step,
          through,
          rows: computed(served, games, through),
        });
      }
      const last = await standings(t, divisionId);
      const page = await t.http.get(`/divisions/${divisionId}/standings`).expect(200);
      const order = last.rows.map((r) => page.text.indexOf(`>${r.name}<`));
      expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]))).toBe(true);
    }
    // A server started afresh on the same database reads everything whole: the same tables.
    const tables = [];
    for (let through = 0; through <= 3; through++)
      tables.push(await standings(t, divisionId, through));
    t = await t.restart();
    for (let through = 0; through <= 3; through++) {
      expect(await standings(t, divisionId, through)).toEqual(tables[through]);
    }
  }, 120_000);
});

const liveRevision = (html: string) => Number(/data-live-revision="(\d+)"/.exec(html)![1]);

type Row = StandingsJson['rows'][number];

function comparable(r: Row) {
  return {
    playerId: r.playerId,
    rank: r.rank,
    points: r.points,
    spread: r.spread,
    remainingSeconds: r.remainingSeconds,
    buchholz: r.buchholz,
    tieBreakValues: r.tieBreakValues,
  };
}

/** The table src/standings makes of the games as the API gives them, with the served table's players and tie-breaks. */
function computed(served: StandingsJson, games: GameJson[], through: number) {
  const records: GameRecord[] = games.map((g) => {
    const record: GameRecord = { round: g.round, a: String(g.first.id), b: String(g.second!.id) };
    if (g.status !== 'complete') return record;
    const r = g.result!;
    record.resultA = r.winner === 'first' ? 'win' : r.winner === 'draw' ? 'draw' : 'loss';
    record.resultB = r.winner === 'second' ? 'win' : r.winner === 'draw' ? 'draw' : 'loss';
    record.scoreA = r.scores![0];
    record.scoreB = r.scores![1];
    record.remainingA = seconds(r.remaining![0]);
    record.remainingB = seconds(r.remaining![1]);
    return record;
  });
  const players = served.rows.map((r) => ({ id: String(r.playerId), seed: r.seed, active: true }));
  return computeStandings(players, records, {
    throughRound: through,
    tieBreaks: served.tieBreaks as never,
  }).map((r) => ({
    playerId: Number(r.playerId),
    rank: r.rank,
    points: r.points,
    spread: r.spread,
    remainingSeconds: r.remainingSeconds,
    buchholz: r.buchholz,
    tieBreakValues: r.tieBreaks,
  }));
}

const describePostgres = process.env.DATABASE_URL ? describe : describe.skip;

/**
 * Two servers on one PostgreSQL database: what one keeps of a past round holds across
 * results written through the other only while they are results of later rounds, and its
 * standings follow the other's writes (heard of by NOTIFY, with the round each changed).
 */
describePostgres('standings follow results written through another server (postgres)', () => {
  let a: TestApp;
  let b: TestApp;
  let divisionId: number;

  beforeAll(async () => {
    a = await startTestApp();
    b = await a.another();
    ({ divisionId } = await createTournament(a, {
      name: 'Dva servera',
      ruleSet: 'kvizovka',
      rounds: 3,
    }));
    await register(
      a,
      divisionId,
      Array.from({ length: 8 }, (_, i) => `Igrač ${String.fromCharCode(65 + i)}`),
    );
    const first = await pair(a, divisionId);
    for (const [i, g] of first.games.entries()) {
      await enterResult(a, a.organiser, g, { scores: [350 + i, 300], clocks: ['01:00', '02:00'] });
    }
    await pair(a, divisionId);
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("a past round's page kept on one server stays across another's result of a later round, and is made again after a correction of its own round", async () => {
    const path = `/divisions/${divisionId}/standings?round=1`;
    const kept = await b.http.get(path).expect(200);
    const made = liveRevision(kept.text);
    const [current, past] = [
      (await a.http.get(`/api/divisions/${divisionId}/rounds/2`).expect(200)).body as RoundJson,
      (await a.http.get(`/api/divisions/${divisionId}/rounds/1`).expect(200)).body as RoundJson,
    ];
    await enterResult(a, a.organiser, current.games[0], {
      scores: [410, 380],
      clocks: ['01:00', '02:00'],
    });
    const heard = async (revision: number) => {
      const until = Date.now() + 5000;
      for (;;) {
        const page = await b.http.get(`/divisions/${divisionId}/standings`).expect(200);
        if (liveRevision(page.text) >= revision) return;
        if (Date.now() > until) throw new Error(`B did not hear of revision ${revision}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await heard(made + 1);
    const after = await b.http.get(path).expect(200);
    expect(liveRevision(after.text)).toBe(made);
    expect(after.headers['x-arbiter-revision']).toBe(String(made + 1));
    expect(await standings(b, divisionId)).toEqual(await standings(a, divisionId));

    const g = past.games[0];
    await enterResult(a, a.organiser, g, { scores: [200, 420], clocks: ['01:00', '02:00'] });
    await heard(made + 2);
    const remade = await b.http.get(path).expect(200);
    expect(liveRevision(remade.text)).toBe(made + 2);
    for (const round of [1, 2]) {
      expect(await standings(b, divisionId, round)).toEqual(await standings(a, divisionId, round));
    }
    const loser = (await standings(b, divisionId, 1)).rows.find((r) => r.playerId === g.first.id)!;
    expect(loser.points).toBe(0);
  });
});
