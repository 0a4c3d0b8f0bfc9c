import { formatClock, seededRandom } from '../../../src/engine';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import {
  Auth,
  createTournament,
  enterResult,
  exportAndImport,
  GameJson,
  Ledger,
  pair,
  register,
  RoundJson,
  scoreSheet,
  seconds,
  standings,
  StandingsJson,
} from '../tournament-helpers';

const NAMES = [
  'Ana Petrović',
  'Marko Jovanović',
  'Jelena Nikolić',
  'Nikola Đorđević',
  'Milica Ilić',
  'Stefan Pavlović',
  'Ivana Marković',
  'Luka Stojanović',
  'Tamara Živković',
  'Đorđe Popović',
  'Sanja Kostić',
  'Vuk Lazić',
];
const BYE_SPREAD = 40;

/** What the test entered, per game, as it stands after corrections. */
interface Known {
  first: number;
  second: number;
  scores: number[];
  remaining: number[];
  winner: 'first' | 'second' | 'draw';
}

/** The rules' order, computed by the test itself: time loss, score, remaining time, draw. */
function expectedWinner(scores: number[], remaining: number[], timeLoss?: 0 | 1) {
  if (timeLoss !== undefined) return timeLoss === 0 ? 'second' : 'first';
  if (scores[0] !== scores[1]) return scores[0] > scores[1] ? 'first' : 'second';
  if (remaining[0] !== remaining[1]) return remaining[0] > remaining[1] ? 'first' : 'second';
  return 'draw';
}

describe(`a 12-player, 7-round Swiss tournament over HTTP (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let judge: Auth;
  let otherJudge: Auth;
  let tournamentId: number;
  let divisionId: number;
  let players: { id: number; name: string; seed: number; rating: number }[] = [];
  const nameOf = new Map<number, string>();
  const known = new Map<number, Known>();
  const byes: { round: number; player: number }[] = [];
  const met = new Set<string>();
  const withdrawn: number[] = [];
  let lateEntry: { id: number; joinedRound: number };
  const rounds: RoundJson[] = [];
  const rng = seededRandom(2026);

  beforeAll(async () => {
    t = await startTestApp();
    judge = await t.account('judge');
    otherJudge = await t.account('judge');
  });
  afterAll(async () => {
    await t.close();
  });

  const ledger = (through: number) => {
    const l = new Ledger(BYE_SPREAD);
    for (const b of byes) if (b.round <= through) l.bye(b.player);
    for (const r of rounds.filter((x) => x.number <= through)) {
      for (const g of r.games) {
        const k = known.get(g.id);
        if (k) l.game(k.first, k.second, k.scores, k.remaining, k.winner);
      }
    }
    return l;
  };

  /** Standings after `round` agree with the test's own ledger and are in the rules' order. */
  async function checkStandings(round: number): Promise<StandingsJson> {
    const s = await standings(t, divisionId, round);
    expect(s.round).toBe(round);
    expect(s.pendingGames).toBe(0);
    expect(s.tieBreaks).toEqual(['spread', 'remaining-time', 'seed']);
    const l = ledger(round);
    for (const row of s.rows) {
      const mine = l.rows.get(row.playerId) ?? {
        points: 0,
        spread: 0,
        remaining: 0,
        byes: 0,
        played: 0,
      };
      expect({
        who: row.name,
        points: row.points,
        spread: row.spread,
        time: row.remainingSeconds,
        byes: row.byes,
      }).toEqual({
        who: nameOf.get(row.playerId),
        points: mine.points,
        spread: mine.spread,
        time: mine.remaining,
        byes: mine.byes,
      });
      expect(row.gamesPlayed).toBe(mine.played);
    }
    const key = (r: StandingsJson['rows'][number]) => [
      r.points,
      r.spread,
      r.remainingSeconds,
      -r.seed,
    ];
    for (let i = 1; i < s.rows.length; i++) {
      const [a, b] = [key(s.rows[i - 1]), key(s.rows[i])];
      const k = a.findIndex((v, j) => v !== b[j]);
      expect(k).toBeGreaterThanOrEqual(0);
      expect(a[k]).toBeGreaterThan(b[k]);
      expect(s.rows[i].rank).toBe(i + 1);
    }
    return s;
  }

  /** Pairs round n and checks what Swiss promises: everyone active once, no rematch, fair byes. */
  async function pairRound(n: number): Promise<RoundJson> {
    const round = await pair(t, divisionId);
    expect(round.number).toBe(n);
    expect(round.system).toBe('swiss');
    const active = players.filter(
      (p) => !withdrawn.includes(p.id) && (p.id !== lateEntry?.id || n >= lateEntry.joinedRound),
    );
    const seated = round.games.flatMap((g) => [g.first.id, ...(g.second ? [g.second.id] : [])]);
    expect([...seated].sort((a, b) => a - b)).toEqual(
      active.map((p) => p.id).sort((a, b) => a - b),
    );
    const roundByes = round.games.filter((g) => g.status === 'bye');
    expect(roundByes).toHaveLength(active.length % 2);
    for (const g of round.games) {
      if (g.status === 'bye') {
        expect(byes.map((b) => b.player)).not.toContain(g.first.id);
        expect(g.result).toMatchObject({ winner: 'first', reason: 'bye', scores: [BYE_SPREAD, 0] });
        byes.push({ round: n, player: g.first.id });
      } else {
        const pairKey = [g.first.id, g.second!.id].sort((a, b) => a - b).join('-');
        expect(met.has(pairKey)).toBe(false);
        met.add(pairKey);
        expect(g.status).toBe('pending');
      }
    }
    rounds.push(round);
    return round;
  }

  async function typeResult(game: GameJson, who: Auth = judge): Promise<GameJson> {
    const scores = [250 + Math.floor(rng() * 300), 250 + Math.floor(rng() * 300)];
    const remaining = [30 + Math.floor(rng() * 900), 30 + Math.floor(rng() * 900)];
    const body = await enterResult(t, who, game, {
      scores,
      clocks: remaining.map((s) => formatClock(s)),
    });
    const winner = expectedWinner(scores, remaining);
    expect(body.result).toMatchObject({
      winner,
      scores,
      remaining: remaining.map((s) => formatClock(s)),
      source: 'result',
    });
    known.set(game.id, {
      first: game.first.id,
      second: game.second!.id,
      scores,
      remaining,
      winner,
    });
    return body;
  }

  async function finishRound(round: RoundJson, skip: number[] = []): Promise<void> {
    for (const g of round.games) {
      if (g.status === 'pending' && !known.has(g.id) && !skip.includes(g.id)) await typeResult(g);
    }
  }

  test('registration: twelve players, seeded by rating', async () => {
    ({ id: tournamentId, divisionId } = await createTournament(t, {
      name: 'Kup Beograda',
      ruleSet: 'kvizovka',
      rounds: 7,
      pairingPlan: ['swiss'],
      byeSpread: BYE_SPREAD,
    }));
    // The tournament's two judges.
    await t.grant(tournamentId, [judge, otherJudge], 'judge');
    await register(t, divisionId, NAMES, (i) => 1400 + ((i * 97) % 500));
    const seeded = await t.http
      .put(`/api/divisions/${divisionId}/seeds`)
      .set(t.organiser)
      .send({ by: 'rating' })
      .expect(200);
    players = seeded.body;
    for (const p of players) nameOf.set(p.id, p.name);
    expect(players.map((p) => p.seed)).toEqual([...Array(12).keys()].map((i) => i + 1));
    const ratings = players.map((p) => p.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  test('round 1: paired, the next round refused while results are missing, results typed in', async () => {
    const round = await pairRound(1);
    expect(round.games).toHaveLength(6);
    // Top half against bottom half by seed in round 1.
    expect(
      round.games.map((g) =>
        [g.first.id, g.second!.id]
          .map((id) => players.find((p) => p.id === id)!.seed)
          .sort((a, b) => a - b),
      ),
    ).toEqual([
      [1, 7],
      [2, 8],
      [3, 9],
      [4, 10],
      [5, 11],
      [6, 12],
    ]);
    await finishRound(round, [round.games[5].id]);
    const early = await t.http
      .post(`/api/divisions/${divisionId}/rounds`)
      .set(t.organiser)
      .send({})
      .expect(409);
    expect(early.body.code).toBe('ROUND_IN_PROGRESS');
    expect(early.body.message).toContain('round 1 (tables 6)');
    await finishRound(round);
    await checkStandings(1);
  });

  test('round 2: one game from a score sheet, stored exactly as sent', async () => {
    const round = await pairRound(2);
    const g = round.games[0];
    const { sheet } = scoreSheet([g.first.name, g.second!.name], 11);
    // Odd formatting and a trailing newline: the server keeps the bytes, not a re-serialisation.
    const text = `${JSON.stringify(sheet, null, 3).replace('"format"', '"format" ')}\n`;
    const res = await t.http
      .put(`/api/games/${g.id}/scoresheet`)
      .set(judge)
      .set('Content-Type', 'application/json')
      .send(text)
      .expect(200);
    const finals = sheet.claimed!.final!;
    const remaining = sheet.end!.clocks!.map(seconds);
    const winner = expectedWinner(finals, remaining);
    expect(res.body.result).toMatchObject({
      winner,
      scores: finals,
      source: 'scoresheet',
      timeLoss: null,
    });
    expect(res.body.scoresheet).toEqual({ ok: true });
    known.set(g.id, { first: g.first.id, second: g.second!.id, scores: finals, remaining, winner });
    const stored = await t.http.get(`/api/games/${g.id}/scoresheet`).expect(200);
    expect(stored.body.text).toBe(text);
    expect(stored.body.ok).toBe(true);
    expect(stored.body.report.players.map((p: { final: number }) => p.final)).toEqual(finals);
    await finishRound(round);
    await checkStandings(2);
  });

  test('round 3: a withdrawal makes the field odd (a bye); a correction keeps its history', async () => {
    const leaving = players.find((p) => p.seed === 6)!;
    const w = await t.http.post(`/api/players/${leaving.id}/withdraw`).set(t.organiser).expect(200);
    expect(w.body).toMatchObject({ id: leaving.id, active: false });
    withdrawn.push(leaving.id);
    const round = await pairRound(3);
    expect(round.games.filter((g) => g.status === 'bye')).toHaveLength(1);

    const g = round.games.find((x) => x.status === 'pending')!;
    const first = await enterResult(t, judge, g, {
      scores: [410, 395],
      clocks: ['04:10', '02:00'],
    });
    expect(first.result!.winner).toBe('first');
    // A second entry without saying which version it corrects is refused: no silent overwrite.
    const blind = await t.http
      .put(`/api/games/${g.id}/result`)
      .set(otherJudge)
      .send({ scores: [395, 410], clocks: ['04:10', '02:00'] })
      .expect(409);
    expect(blind.body.code).toBe('RESULT_EXISTS');
    const stale = await t.http
      .put(`/api/games/${g.id}/result`)
      .set(otherJudge)
      .set('If-Match', String(g.version))
      .send({ scores: [395, 410], clocks: ['04:10', '02:00'] })
      .expect(409);
    expect(stale.body.code).toBe('STALE_VERSION');
    const corrected = await enterResult(t, otherJudge, first, {
      scores: [395, 410],
      clocks: ['04:10', '02:00'],
    });
    expect(corrected.result!.winner).toBe('second');
    expect(corrected.version).toBe(first.version + 1);
    known.set(g.id, {
      first: g.first.id,
      second: g.second!.id,
      scores: [395, 410],
      remaining: [250, 120],
      winner: 'second',
    });

    const history = await t.http.get(`/api/games/${g.id}/history`).expect(200);
    expect(history.body).toHaveLength(2);
    const [entered, correction] = history.body;
    expect(entered).toMatchObject({
      action: 'result',
      by: { name: 'judge 1' },
      before: { status: 'pending', winner: null, scores: null },
      after: {
        status: 'complete',
        winner: 'first',
        scores: [410, 395],
        remaining: ['04:10', '02:00'],
      },
    });
    expect(correction).toMatchObject({
      action: 'correction',
      by: { name: 'judge 2' },
      before: { winner: 'first', scores: [410, 395] },
      after: { winner: 'second', scores: [395, 410], reason: 'score' },
    });
    expect(Date.parse(correction.at)).toBeGreaterThanOrEqual(Date.parse(entered.at));
    await finishRound(round);
    await checkStandings(3);
  });

  test('round 4: a time loss from a score sheet; a typed result contradicting it is refused', async () => {
    const round = await pairRound(4);
    expect(round.games.filter((g) => g.status === 'bye')).toHaveLength(1);
    const g = round.games.find((x) => x.status === 'pending')!;
    const { sheet, leaderOnScore } = scoreSheet([g.first.name, g.second!.name], 500, {
      timeLoss: true,
    });
    const res = await t.http
      .put(`/api/games/${g.id}/scoresheet`)
      .set(judge)
      .send(sheet)
      .expect(200);
    const finals = sheet.claimed!.final!;
    const loser = leaderOnScore;
    const winner = loser === 0 ? 'second' : 'first';
    expect(finals[loser]).toBeGreaterThan(finals[1 - loser]);
    expect(res.body.scoresheet).toEqual({ ok: true });
    expect(res.body.result).toMatchObject({
      winner,
      reason: 'time-expired',
      timeLoss: loser,
      scores: finals,
      source: 'scoresheet',
    });
    expect(res.body.result.remaining[loser]).toBe('00:00');
    const remaining = sheet.end!.clocks!.map(seconds);
    known.set(g.id, { first: g.first.id, second: g.second!.id, scores: finals, remaining, winner });

    const contradiction = await t.http
      .put(`/api/games/${g.id}/result`)
      .set(judge)
      .set('If-Match', String(res.body.version))
      .send({ scores: finals, clocks: ['10:00', '10:00'] })
      .expect(422);
    expect(contradiction.body.code).toBe('RESULT_CONTRADICTS_SHEET');
    expect(contradiction.body.message).toContain(
      `winner ${winner === 'first' ? 'second' : 'first'} but the verified sheet gives ${winner}`,
    );
    expect(contradiction.body.message).toContain('time loss');
    const wrongScores = await t.http
      .put(`/api/games/${g.id}/result`)
      .set(judge)
      .set('If-Match', String(res.body.version))
      .send({ scores: [finals[0] + 10, finals[1]], clocks: sheet.end!.clocks, timeLoss: loser })
      .expect(422);
    expect(wrongScores.body.message).toContain(
      `final scores ${finals[0] + 10}–${finals[1]} but the verified sheet gives ${finals.join('–')}`,
    );
    // Agreeing with the sheet is accepted and changes nothing.
    const agreeing = await enterResult(t, judge, res.body, {
      scores: finals,
      clocks: sheet.end!.clocks!,
      timeLoss: loser,
    });
    expect(agreeing.version).toBe(res.body.version);
    const history = await t.http.get(`/api/games/${g.id}/history`).expect(200);
    expect(history.body.map((h: { action: string }) => h.action)).toEqual(['scoresheet']);
    await finishRound(round);
    const s = await checkStandings(4);
    expect(
      s.rows.find((r) => r.playerId === (loser === 0 ? g.first.id : g.second!.id))!.losses,
    ).toBeGreaterThan(0);
  });

  test('round 5: a late entry makes the field even; a power cut loses no committed result', async () => {
    const res = await t.http
      .post(`/api/divisions/${divisionId}/players`)
      .set(t.organiser)
      .send({ name: 'Petar Kasni', rating: 1500 })
      .expect(201);
    expect(res.body).toMatchObject({ joinedRound: 5, seed: 13, active: true });
    lateEntry = res.body;
    players.push(res.body);
    nameOf.set(res.body.id, res.body.name);
    // Standings after round 4 do not list someone who had not joined yet.
    expect((await standings(t, divisionId, 4)).rows.map((r) => r.playerId)).not.toContain(
      lateEntry.id,
    );

    const round = await pairRound(5);
    expect(round.games.filter((g) => g.status === 'bye')).toHaveLength(0);
    expect(
      round.games.some((g) => g.first.id === lateEntry.id || g.second?.id === lateEntry.id),
    ).toBe(true);
    await finishRound(round);

    t = await t.restart();
    const after = await t.http.get(`/api/divisions/${divisionId}/rounds`).expect(200);
    expect(after.body).toHaveLength(5);
    for (const r of after.body as RoundJson[]) {
      for (const g of r.games) {
        if (g.status === 'bye') continue;
        const k = known.get(g.id)!;
        expect({ id: g.id, scores: g.result?.scores, winner: g.result?.winner }).toEqual({
          id: g.id,
          scores: k.scores,
          winner: k.winner,
        });
      }
    }
    const s = await checkStandings(5);
    expect(s.rows.find((r) => r.playerId === lateEntry.id)!.gamesPlayed).toBe(1);
  });

  test('rounds 6 and 7: another withdrawal, byes never twice to one player, final standings', async () => {
    const leaving = players.find((p) => p.seed === 12)!;
    await t.http.post(`/api/players/${leaving.id}/withdraw`).set(t.organiser).expect(200);
    withdrawn.push(leaving.id);
    for (const n of [6, 7]) {
      const round = await pairRound(n);
      expect(round.games.filter((g) => g.status === 'bye')).toHaveLength(1);
      await finishRound(round);
      await checkStandings(n);
    }
    expect(new Set(byes.map((b) => b.player)).size).toBe(byes.length);
    expect(byes).toHaveLength(4);
    const refused = await t.http
      .post(`/api/divisions/${divisionId}/rounds`)
      .set(t.organiser)
      .send({})
      .expect(409);
    expect(refused.body.code).toBe('ALL_ROUNDS_PAIRED');

    const final = await standings(t, divisionId);
    expect(final.round).toBe(7);
    expect(final.rows).toHaveLength(13);
    for (const id of withdrawn)
      expect(final.rows.find((r) => r.playerId === id)!.active).toBe(false);
    // Every earlier round's standings are still there.
    for (let n = 1; n <= 7; n++) await checkStandings(n);
    const total = final.rows.reduce((sum, r) => sum + r.points, 0);
    // 6 + 6 + 5 + 5 + 6 + 5 + 5 games, plus 4 byes
    expect(total).toBe(38 + 4);
  });

  test('export → import: the same standings after every round and the same history', async () => {
    const { exported, imported } = await exportAndImport(t, tournamentId);
    expect(exported.format).toBe('arbiter-tournament/1');
    const newDivision = imported.divisions[0].id;
    expect(imported.id).not.toBe(tournamentId);

    const strip = (s: StandingsJson) => s.rows.map(({ playerId: _id, ...row }) => row);
    for (let n = 1; n <= 7; n++) {
      expect(strip(await standings(t, newDivision, n))).toEqual(
        strip(await standings(t, divisionId, n)),
      );
    }
    const oldRounds = (await t.http.get(`/api/divisions/${divisionId}/rounds`).expect(200))
      .body as RoundJson[];
    const newRounds = (await t.http.get(`/api/divisions/${newDivision}/rounds`).expect(200))
      .body as RoundJson[];
    let histories = 0;
    for (const [i, r] of oldRounds.entries()) {
      for (const [k, g] of r.games.entries()) {
        const twin = newRounds[i].games[k];
        expect([twin.table, twin.first.name, twin.second?.name, twin.result]).toEqual([
          g.table,
          g.first.name,
          g.second?.name,
          g.result,
        ]);
        const [a, b] = await Promise.all([
          t.http.get(`/api/games/${g.id}/history`).expect(200),
          t.http.get(`/api/games/${twin.id}/history`).expect(200),
        ]);
        expect(b.body).toEqual(a.body);
        histories += a.body.length;
        if (g.scoresheet) {
          const [sa, sb] = await Promise.all([
            t.http.get(`/api/games/${g.id}/scoresheet`).expect(200),
            t.http.get(`/api/games/${twin.id}/scoresheet`).expect(200),
          ]);
          expect(sb.body.text).toBe(sa.body.text);
          expect(sb.body.report).toEqual(sa.body.report);
        }
      }
    }
    expect(histories).toBeGreaterThan(38);
    // Exporting the copy gives the same document.
    const again = await t.http
      .get(`/api/tournaments/${imported.id}/export`)
      .set(t.organiser)
      .expect(200);
    // Apart from the director's log's one new entry: the import itself.
    const log = (again.body as { log: { action: string }[] }).log;
    expect(log[log.length - 1].action).toBe('tournament.imported');
    expect({ ...again.body, exportedAt: null, log: log.slice(0, -1) }).toEqual({
      ...exported,
      exportedAt: null,
    });
  });
});
