import { formatClock, seededRandom } from '../../../src/engine';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import {
  createTournament,
  enterResult,
  ledgerFromRounds,
  pair,
  register,
  RoundJson,
  standings,
  readVersion,
} from '../tournament-helpers';

describe(`round robins over HTTP (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const meetings = (rounds: RoundJson[]) => {
    const byPair = new Map<string, { first: number; second: number }[]>();
    for (const r of rounds) {
      for (const g of r.games) {
        if (!g.second) continue;
        const key = [g.first.id, g.second.id].sort((a, b) => a - b).join('-');
        byPair.set(key, [...(byPair.get(key) ?? []), { first: g.first.id, second: g.second.id }]);
      }
    }
    return byPair;
  };

  test('single round robin of six: every pair meets once; the schedule can be paired ahead', async () => {
    const { id: tournamentId, divisionId } = await createTournament(t, {
      name: 'Round robin',
      ruleSet: 'kvizovka',
      rounds: 5,
      pairingPlan: ['round-robin'],
      byeSpread: 30,
    });
    const players = await register(t, divisionId, [
      'Ana',
      'Boris',
      'Vesna',
      'Goran',
      'Dragana',
      'Đura',
    ]);
    const rounds: RoundJson[] = [];
    // A round robin's tables do not depend on results: every round is paired before play.
    rounds.push(await pair(t, divisionId));
    const late = await t.http
      .post(`/api/divisions/${divisionId}/players`)
      .set(t.organiser)
      .send({ name: 'Kasni' })
      .expect(409);
    expect(late.body.code).toBe('ROUND_ROBIN_STARTED');
    for (let n = 2; n <= 5; n++) rounds.push(await pair(t, divisionId));
    const more = await t.http
      .post(`/api/divisions/${divisionId}/rounds`)
      .set(t.organiser)
      .send({})
      .expect(409);
    expect(more.body.code).toBe('ALL_ROUNDS_PAIRED');

    for (const r of rounds) {
      expect(r.system).toBe('round-robin');
      expect(r.games).toHaveLength(3);
      const seated = r.games.flatMap((g) => [g.first.id, g.second!.id]).sort((a, b) => a - b);
      expect(seated).toEqual(players.map((p) => p.id).sort((a, b) => a - b));
    }
    const met = meetings(rounds);
    expect(met.size).toBe(15); // 6 · 5 / 2 pairs
    for (const games of met.values()) expect(games).toHaveLength(1);
    const starts = new Map<number, number>();
    for (const r of rounds)
      for (const g of r.games) starts.set(g.first.id, (starts.get(g.first.id) ?? 0) + 1);
    for (const p of players) expect([2, 3]).toContain(starts.get(p.id) ?? 0);

    const rng = seededRandom(5);
    for (const r of rounds) {
      for (const g of r.games) {
        await enterResult(t, t.organiser, g, {
          scores: [300 + Math.floor(rng() * 200), 300 + Math.floor(rng() * 200)],
          clocks: [
            formatClock(60 + Math.floor(rng() * 600)),
            formatClock(60 + Math.floor(rng() * 600)),
          ],
        });
      }
    }
    const final = await standings(t, divisionId);
    const all = (await t.http.get(`/api/divisions/${divisionId}/rounds`).expect(200))
      .body as RoundJson[];
    const ledger = ledgerFromRounds(all, 30);
    expect(final.rows).toHaveLength(6);
    for (const row of final.rows) {
      const mine = ledger.rows.get(row.playerId)!;
      expect([row.points, row.spread, row.remainingSeconds, row.gamesPlayed]).toEqual([
        mine.points,
        mine.spread,
        mine.remaining,
        5,
      ]);
    }
    expect(final.rows.reduce((s, r) => s + r.points, 0)).toBe(15);

    // Clients may poll with If-None-Match: unchanged standings are a 304, a write changes the tag.
    const url = `/api/divisions/${divisionId}/standings`;
    const tag = (await t.http.get(url).expect(200)).headers.etag;
    expect(tag).toMatch(/^W\/".+"$/);
    await t.http.get(url).set('If-None-Match', tag).expect(304);
    await t.http
      .patch(`/api/tournaments/${tournamentId}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/tournaments/${tournamentId}`))
      .send({ tieBreaks: ['buchholz', 'spread'], confirm: true })
      .expect(200);
    const changed = await t.http.get(url).set('If-None-Match', tag).expect(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect(changed.body.tieBreaks).toEqual(['buchholz', 'spread', 'seed']);
  });

  test('double round robin of five: each pair twice with swapped starts, one bye each cycle', async () => {
    const { divisionId } = await createTournament(t, {
      name: 'Double round robin',
      ruleSet: 'kvizovka',
      rounds: 10,
      pairingPlan: ['double-round-robin'],
      byeSpread: 30,
    });
    const players = await register(t, divisionId, ['Ana', 'Boris', 'Vesna', 'Goran', 'Dragana']);
    const rounds: RoundJson[] = [];
    for (let n = 1; n <= 10; n++) rounds.push(await pair(t, divisionId));
    const met = meetings(rounds);
    expect(met.size).toBe(10);
    for (const [key, games] of met) {
      expect({ key, n: games.length }).toEqual({ key, n: 2 });
      expect(games[1]).toEqual({ first: games[0].second, second: games[0].first });
    }
    const byes = rounds.flatMap((r) =>
      r.games
        .filter((g) => g.status === 'bye')
        .map((g) => ({ round: r.number, player: g.first.id })),
    );
    expect(byes).toHaveLength(10);
    for (const p of players) {
      const own = byes.filter((b) => b.player === p.id).map((b) => b.round);
      expect(own).toHaveLength(2);
      expect(own[0]).toBeLessThanOrEqual(5);
      expect(own[1]).toBeGreaterThan(5);
    }
    // Standings count the byes with the tournament's spread before any game is played.
    const s = await standings(t, divisionId, 1);
    const byeRow = s.rows.find((r) => r.playerId === byes[0].player)!;
    expect(byeRow).toMatchObject({ rank: 1, points: 1, byes: 1, spread: 30 });
  });

  test('a division of two: Swiss pairs the only possible game again and says so', async () => {
    const { divisionId } = await createTournament(t, {
      name: 'Dvoje',
      ruleSet: 'kvizovka',
      rounds: 2,
    });
    await register(t, divisionId, ['Prvi', 'Drugi']);
    const r1 = await pair(t, divisionId);
    await enterResult(t, t.organiser, r1.games[0], {
      scores: [400, 300],
      clocks: ['05:00', '05:00'],
    });
    const r2 = await pair(t, divisionId);
    expect(r2.games).toHaveLength(1);
    expect(r2.notes.join(' ')).toMatch(/rematch/);
    // Starts alternate.
    expect(r2.games[0].first.id).toBe(r1.games[0].second!.id);
  });

  test('other systems through the plan or the body: random (deterministic), seeded, king of the hill', async () => {
    const names = ['A1', 'B2', 'C3', 'D4', 'E5', 'F6'];
    const tables = async (seed: string) => {
      const { divisionId } = await createTournament(t, {
        name: `Random ${seed}`,
        ruleSet: 'kvizovka',
        rounds: 3,
        pairingPlan: ['random', 'swiss'],
      });
      await register(t, divisionId, names);
      const r = await pair(t, divisionId, { seed });
      expect(r.system).toBe('random');
      return {
        divisionId,
        r,
        key: r.games.map((g) => `${g.first.name}-${g.second!.name}`).join(' '),
      };
    };
    const [a, b, c] = [await tables('x'), await tables('x'), await tables('y')];
    expect(b.key).toBe(a.key);
    expect(c.key).not.toBe(a.key);

    for (const g of a.r.games) {
      await enterResult(t, t.organiser, g, { scores: [400, 300], clocks: ['01:00', '01:00'] });
    }
    const koth = await pair(t, a.divisionId, { system: 'king-of-the-hill' });
    expect(koth.system).toBe('king-of-the-hill');
    const leaders = new Set(a.r.games.map((g) => g.first.name));
    // King of the hill pairs 1–2, 3–4, … by standings: table 1 is two of round 1's winners.
    expect(leaders.has(koth.games[0].first.name) && leaders.has(koth.games[0].second!.name)).toBe(
      true,
    );

    const { divisionId } = await createTournament(t, {
      name: 'Seeded',
      ruleSet: 'kvizovka',
      rounds: 1,
    });
    await register(t, divisionId, names);
    const seeded = await pair(t, divisionId, { system: 'seeded', seeding: 'fold' });
    expect(seeded.games.map((g) => [g.first.seed, g.second!.seed].sort((x, y) => x - y))).toEqual([
      [1, 6],
      [2, 5],
      [3, 4],
    ]);
  });
});
