import { signInCookie } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import {
  enterResult,
  exportAndImport,
  pair,
  register,
  RoundJson,
  standings,
  readVersion,
} from '../tournament-helpers';

/**
 * Forfeits and absences: a single forfeit (the player present wins with the division's forfeit
 * spread), a double forfeit (both lose), a player absent for one round (not paired, no bye), a
 * withdrawal and a reinstatement; in the standings, the pages (in Serbian) and the export.
 */
describe(`forfeits and absences (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let judge: string;
  beforeAll(async () => {
    t = await startTestApp();
    judge = await signInCookie(t, 'judge');
  });
  afterAll(async () => {
    await t.close();
  });

  const text = (html: string) =>
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, ' ');
  const page = async (path: string) => text((await t.http.get(path).expect(200)).text);
  const seated = (r: RoundJson) => r.games.flatMap((g) => [g.first.name, g.second?.name ?? null]);

  test('a weekend run with a forfeit, a double forfeit, an absence, a withdrawal and a reinstatement', async () => {
    // --- the division's forfeit spread is a setting like the bye spread -------------------
    const created = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ name: 'Kup u kontumaciji', ruleSet: 'kvizovka', rounds: 4 })
      .expect(201);
    const tournamentId = created.body.id as number;
    await t.grant(tournamentId, judge, 'judge');
    expect(created.body.forfeitSpread).toBe(50);
    const divisionId = created.body.divisions[0].id as number;
    expect(created.body.divisions[0].forfeitSpread).toBe(50);
    const refused = await t.http
      .patch(`/api/divisions/${divisionId}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/divisions/${divisionId}`))
      .send({ forfeitSpread: -1 })
      .expect(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
    expect(refused.body.message).toContain('forfeitSpread');
    await t.http
      .patch(`/api/divisions/${divisionId}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/divisions/${divisionId}`))
      .send({ forfeitSpread: 75 })
      .expect(200);

    const [ana, bora, ceca, dule, ema] = await register(t, divisionId, [
      'Ana',
      'Bora',
      'Ceca',
      'Dule',
      'Ema',
    ]);

    // --- round 1 (by hand): Ana–Bora played, Ceca–Dule a forfeit (Dule absent), Ema a bye ---
    const r1 = await pair(t, divisionId, {
      system: 'manual',
      pairings: [
        { first: ana.id, second: bora.id },
        { first: ceca.id, second: dule.id },
        { first: ema.id, second: null },
      ],
    });
    const [anaBora, cecaDule] = r1.games;
    await enterResult(t, t.organiser, anaBora, { scores: [400, 350], clocks: ['05:00', '03:00'] });

    // Bad forfeits are a 400 naming the field, and store nothing.
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await t.http
        .put(`/api/games/${cecaDule.id}/result`)
        .set(t.organiser)
        .send(body)
        .expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.message).toContain(field);
    };
    await bad({ kind: 'forfeit' }, 'absent');
    await bad({ kind: 'forfeit', absent: 2 }, 'absent');
    await bad({ kind: 'forfeit', absent: 1, scores: [0, 0] }, 'scores');
    await bad({ kind: 'double-forfeit', absent: 1 }, 'absent');
    await bad({ kind: 'walkover', absent: 1 }, 'kind');
    await bad({ scores: [1, 0], clocks: ['01:00', '01:00'], absent: 0 }, 'absent');
    expect((await t.http.get(`/api/games/${cecaDule.id}`).expect(200)).body.status).toBe('pending');

    // The judge enters the forfeit on the result form: Dule did not come.
    const form = await t.http
      .get(`/judge/games/${cecaDule.id}/result`)
      .set('Cookie', judge)
      .expect(200);
    expect(text(form.text)).toContain('Kontumacija, izostanak: Dule');
    await t.http
      .post(`/judge/games/${cecaDule.id}/result`)
      .set('Cookie', judge)
      .set('Origin', t.url)
      .type('form')
      .send({ kind: 'forfeit-second', scoreFirst: '', scoreSecond: '' })
      .expect(303);
    const forfeit = (await t.http.get(`/api/games/${cecaDule.id}`).expect(200)).body;
    expect(forfeit).toMatchObject({ status: 'complete' });
    expect(forfeit.result).toMatchObject({
      kind: 'forfeit',
      absent: 1,
      winner: 'first',
      reason: 'forfeit',
      scores: null,
      remaining: null,
      timeLoss: null,
    });
    // A correction of it needs the version, as any result does.
    const again = await t.http
      .put(`/api/games/${cecaDule.id}/result`)
      .set(t.organiser)
      .send({ kind: 'forfeit', absent: 1 })
      .expect(409);
    expect(again.body.code).toBe('RESULT_EXISTS');

    // --- absences: only for rounds not yet paired; undone before pairing --------------------
    const absent = (playerId: number, round: unknown) =>
      t.http.post(`/api/players/${playerId}/absences`).set(t.organiser).send({ round });
    expect((await absent(ema.id, 1).expect(409)).body.code).toBe('ROUND_ALREADY_PAIRED');
    expect((await absent(ema.id, 'two').expect(400)).body.message).toContain('round');
    expect((await absent(ema.id, 9).expect(422)).body.code).toBe('ROUND_NOT_PLANNED');
    await absent(bora.id, 2).expect(200);
    const undone = await t.http
      .delete(`/api/players/${bora.id}/absences/2`)
      .set(t.organiser)
      .expect(200);
    expect(undone.body.absentRounds).toEqual([]);
    const marked = await absent(ema.id, 2).expect(200);
    expect(marked.body.absentRounds).toEqual([2]);

    // --- round 2 (Swiss): Ema is not paired and has no bye ----------------------------------
    const r2 = await pair(t, divisionId);
    expect(r2.games).toHaveLength(2);
    expect(r2.games.every((g) => g.second !== null)).toBe(true);
    expect(seated(r2)).not.toContain('Ema');
    expect((r2 as RoundJson & { notPaired: unknown[] }).notPaired).toEqual([
      { player: { id: ema.id, name: 'Ema', seed: ema.seed }, reason: 'absent' },
    ]);
    // The absence stays once its round is paired.
    await t.http.delete(`/api/players/${ema.id}/absences/2`).set(t.organiser).expect(409);
    // Score groups: Ana and Ceca on 1 point, Bora and Dule on 0; nobody meets again.
    const pairs = r2.games.map((g) => [g.first.name, g.second!.name].sort().join('–')).sort();
    expect(pairs).toEqual(['Ana–Ceca', 'Bora–Dule']);
    const anaCeca = r2.games.find((g) => [g.first.name, g.second!.name].includes('Ana'))!;
    const boraDule = r2.games.find((g) => g !== anaCeca)!;
    // Neither Ana nor Ceca came: a double forfeit.
    await t.http
      .put(`/api/games/${anaCeca.id}/result`)
      .set(t.organiser)
      .send({ kind: 'double-forfeit' })
      .expect(200);
    const boraFirst = boraDule.first.name === 'Bora';
    await enterResult(t, t.organiser, boraDule, {
      scores: boraFirst ? [380, 300] : [300, 380],
      clocks: boraFirst ? ['02:00', '06:00'] : ['06:00', '02:00'],
    });
    const double = (await t.http.get(`/api/games/${anaCeca.id}`).expect(200)).body;
    expect(double.result).toMatchObject({
      kind: 'double-forfeit',
      absent: null,
      winner: 'none',
      reason: 'double-forfeit',
      scores: null,
    });

    // --- the standings after round 2, by hand (forfeit spread 75, bye spread 50) ------------
    // Ana:  400–350 win (+50, 05:00 = 300 s); double forfeit: loss, 0 spread, 0 s
    //       → 1 point, spread 50, 300 s, one forfeit lost
    // Bora: 350–400 loss (−50, 180 s); 380–300 win (+80, 120 s) → 1 point, spread 30, 300 s
    // Ceca: forfeit won (+75, 0 s); double forfeit (0) → 1 point, spread 75, 0 s
    // Dule: forfeit lost (−75); 300–380 loss (−80, 360 s) → 0 points, spread −155, 360 s
    // Ema:  bye (+50); absent in round 2 (nothing) → 1 point, spread 50, 0 s, one absence
    // 1 point: Ceca 75; Ana 50 and Ema 50 by remaining time 300 s > 0 s; Bora 30. Then Dule.
    const after2 = await standings(t, divisionId, 2);
    const rows = after2.rows as unknown as Record<string, unknown>[];
    expect(
      rows.map((r) => [
        r.rank,
        r.name,
        r.points,
        r.wins,
        r.losses,
        r.spread,
        r.remainingSeconds,
        r.forfeitWins,
        r.forfeitLosses,
        r.absences,
        r.byes,
      ]),
    ).toEqual([
      [1, 'Ceca', 1, 1, 1, 75, 0, 1, 1, 0, 0],
      [2, 'Ana', 1, 1, 1, 50, 300, 0, 1, 0, 0],
      [3, 'Ema', 1, 0, 0, 50, 0, 0, 0, 1, 1],
      [4, 'Bora', 1, 1, 1, 30, 300, 0, 0, 0, 0],
      [5, 'Dule', 0, 0, 2, -155, 360, 0, 1, 0, 0],
    ]);
    // A forfeit is not a game played over the board: no total score from it.
    expect(rows.find((r) => r.name === 'Ceca')!.totalScore).toBe(0);

    // The forfeit spread is fixed for the division's forfeits only with confirmation.
    const change = await t.http
      .patch(`/api/divisions/${divisionId}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/divisions/${divisionId}`))
      .send({ forfeitSpread: 100 })
      .expect(409);
    expect(change.body.code).toBe('CONFIRMATION_NEEDED');
    expect(change.body.details.changes).toEqual([
      { setting: 'forfeitSpread', before: 75, after: 100 },
    ]);

    // --- round 3: Dule withdraws and is not paired ----------------------------------------
    await t.http.post(`/api/players/${dule.id}/withdraw`).set(t.organiser).expect(200);
    expect((await absent(dule.id, 3).expect(409)).body.code).toBe('PLAYER_WITHDRAWN');
    const r3 = (await pair(t, divisionId)) as RoundJson & { notPaired: unknown[] };
    expect(seated(r3).sort()).toEqual(['Ana', 'Bora', 'Ceca', 'Ema']);
    expect(r3.notPaired).toEqual([
      { player: { id: dule.id, name: 'Dule', seed: dule.seed }, reason: 'withdrawn' },
    ]);
    for (const g of r3.games) {
      await enterResult(t, t.organiser, g, { scores: [300, 200], clocks: ['01:00', '01:00'] });
    }
    expect((await standings(t, divisionId, 3)).rows.find((r) => r.name === 'Dule')!.active).toBe(
      false,
    );

    // --- round 4: Dule is reinstated and paired again --------------------------------------
    const back = await t.http
      .post(`/api/players/${dule.id}/reinstate`)
      .set(t.organiser)
      .expect(200);
    expect(back.body.active).toBe(true);
    const r4 = (await pair(t, divisionId)) as RoundJson & { notPaired: unknown[] };
    expect(seated(r4)).toContain('Dule');
    expect(r4.notPaired).toEqual([]);
    for (const g of r4.games.filter((x) => x.second !== null)) {
      await enterResult(t, t.organiser, g, { scores: [250, 260], clocks: ['02:00', '02:00'] });
    }

    // --- the pages, in Serbian --------------------------------------------------------------
    const pairings1 = await page(`/divisions/${divisionId}/pairings?round=1`);
    expect(pairings1).toContain('1–0 (kontumacijom)');
    const pairings2 = await page(`/divisions/${divisionId}/pairings?round=2`);
    expect(pairings2).toContain('0–0 (obostrana kontumacija)');
    expect(pairings2).toContain('Izostaju (bez para i bez slobodnog kola): Ema');
    const pairings3 = await page(`/divisions/${divisionId}/pairings?round=3`);
    expect(pairings3).toContain('Odustali: Dule');
    const standings2 = await page(`/divisions/${divisionId}/standings?round=2`);
    expect(standings2).toContain('Ceca (pobede kontumacijom: 1) (porazi kontumacijom: 1)');
    expect(standings2).toContain('Ema (izostanci: 1)');
    const dulePage = await page(`/players/${dule.id}`);
    expect(dulePage).toContain('poraz (kontumacijom)');
    const emaPage = await page(`/players/${ema.id}`);
    expect(emaPage).toContain('Izostaje u kolima 2');
    const english = await page(`/divisions/${divisionId}/pairings?round=2&lang=en`);
    expect(english).toContain('0–0 (double forfeit)');
    expect(english).toContain('Absent (not paired, no bye): Ema');
    const pdf = await t.http.get(`/divisions/${divisionId}/rounds/2/pairings.pdf`).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // --- export → import: the same standings after every round ------------------------------
    const { exported, imported } = await exportAndImport(t, tournamentId);
    const division = (exported.divisions as Record<string, unknown>[])[0] as {
      settings: Record<string, unknown>;
      players: { name: string; absences: number[] }[];
      rounds: { games: Record<string, unknown>[] }[];
    };
    expect(division.settings.forfeitSpread).toBe(75);
    expect(division.players.find((p) => p.name === 'Ema')!.absences).toEqual([2]);
    expect(division.rounds[0].games[1]).toMatchObject({
      kind: 'forfeit',
      winner: 'first',
      scores: null,
      remaining: null,
    });
    expect(division.rounds[1].games.map((g) => g.kind).sort()).toEqual(['double-forfeit', null]);
    const copy = imported.divisions[0].id;
    const strip = (s: Awaited<ReturnType<typeof standings>>) =>
      s.rows.map(({ playerId: _id, ...rest }) => rest);
    for (const round of [1, 2, 3, 4]) {
      expect(strip(await standings(t, copy, round))).toEqual(
        strip(await standings(t, divisionId, round)),
      );
    }
    const copyRound2 = (await t.http.get(`/api/divisions/${copy}/rounds/2`).expect(200))
      .body as RoundJson & { notPaired: { reason: string }[] };
    expect(copyRound2.notPaired.map((n) => n.reason)).toEqual(['absent']);
    // Exporting the copy gives the same document.
    const again2 = (
      await t.http.get(`/api/tournaments/${imported.id}/export`).set(t.organiser).expect(200)
    ).body as Record<string, unknown>;
    // Apart from the director's log's one new entry: the import itself.
    const log = again2.log as { action: string }[];
    expect(log[log.length - 1].action).toBe('tournament.imported');
    expect({ ...again2, exportedAt: null, log: log.slice(0, -1) }).toEqual({
      ...exported,
      exportedAt: null,
    });
  });

  test('a forfeit replaces a played result only with the version, and is in the history', async () => {
    const created = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ name: 'Ispravke', ruleSet: 'kvizovka', rounds: 2, forfeitSpread: 40 })
      .expect(201);
    const divisionId = created.body.divisions[0].id as number;
    expect(created.body.divisions[0].forfeitSpread).toBe(40);
    await register(t, divisionId, ['Iva', 'Jova']);
    const [game] = (await pair(t, divisionId)).games;
    const played = await enterResult(t, t.organiser, game, {
      scores: [300, 310],
      clocks: ['01:00', '02:00'],
    });
    const corrected = await t.http
      .put(`/api/games/${game.id}/result`)
      .set(t.organiser)
      .set('If-Match', String(played.version))
      .send({ kind: 'forfeit', absent: 0 })
      .expect(200);
    expect(corrected.body.result).toMatchObject({ kind: 'forfeit', absent: 0, winner: 'second' });
    const history = (await t.http.get(`/api/games/${game.id}/history`).expect(200)).body as {
      action: string;
      after: { reason: string };
    }[];
    expect(history.map((h) => [h.action, h.after.reason])).toEqual([
      ['result', 'score'],
      ['correction', 'forfeit'],
    ]);
    // 40 for the player present, −40 for the absent one.
    const rows = (await standings(t, divisionId)).rows;
    expect(rows.map((r) => [r.name, r.points, r.spread])).toEqual([
      ['Jova', 1, 40],
      ['Iva', 0, -40],
    ]);
  });
});
