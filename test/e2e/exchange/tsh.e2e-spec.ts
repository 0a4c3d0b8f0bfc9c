import { readFileSync } from 'fs';
import { join } from 'path';
import { adminCookie, decode } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { RoundJson, standings, StandingsJson } from '../tournament-helpers';

/** Hand-written after TSH's documentation: test/fixtures/tsh/README.md. */
const FIXTURE_PATH = join(__dirname, '..', '..', 'fixtures', 'tsh', 'open.t');
const FIXTURE = readFileSync(FIXTURE_PATH, 'utf8');

/** Each player's line of the standings that a round trip must keep. */
const table = (s: StandingsJson) =>
  s.rows.map((r) => ({
    rank: r.rank,
    name: r.name,
    seed: r.seed,
    active: r.active,
    points: r.points,
    wins: r.wins,
    draws: r.draws,
    losses: r.losses,
    byes: r.byes,
    spread: r.spread,
    totalScore: r.totalScore,
  }));

describe(`TSH .t files: import, standings, export, re-import (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let tournamentId: number;
  let divisionId: number;

  beforeAll(async () => {
    t = await startTestApp();
    const res = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ name: 'Kup sa Skrablom', ruleSet: 'kvizovka', rounds: 7 })
      .expect(201);
    tournamentId = res.body.id;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('imports the hand-written file as a new Scrabble division: players, seeds, rounds, first player, byes', async () => {
    const res = await t.http
      .post(`/api/tournaments/${tournamentId}/divisions/tsh`)
      .set(t.organiser)
      .send({ name: 'Skrabl A', file: FIXTURE, ruleSet: 'scrabble-en' })
      .expect(201);
    divisionId = res.body.id;
    expect(res.body).toMatchObject({
      name: 'Skrabl A',
      ruleSet: 'scrabble-en', // not the tournament's Kvizovka: asked for
      players: 9,
      activePlayers: 8, // Stefan Ilić: `off 1`
      roundsPaired: 5,
      rounds: 7, // the tournament's 7 planned, which the file's 5 do not exceed
      byeSpread: 50, // the byes of the file
    });
    const players = (await t.http.get(`/api/divisions/${divisionId}/players`).expect(200)).body as {
      name: string;
      seed: number;
      rating: number | null;
      club: string | null;
    }[];
    expect(players.map((p) => [p.seed, p.name, p.rating, p.club])).toEqual([
      [1, 'Ana Petrović', 1850, 'ŠK Vračar'],
      [2, 'Marko Jovanović', 1790, null],
      [3, 'Jelena Nikolić', 1720, 'ŠK Vračar'],
      [4, 'John Smith', 1680, null],
      [5, 'Claire Dubois', 1610, null],
      [6, 'Ivan Kovač', 1550, 'Zagreb'],
      [7, 'Milica Marković', 1490, null],
      [8, 'Luka Horvat', null, null], // rating 0 in the file: none
      [9, 'Stefan Ilić', 1400, null],
    ]);
    const round1 = (await t.http.get(`/api/divisions/${divisionId}/rounds/1`).expect(200))
      .body as RoundJson;
    const tables = round1.games.map((g) => [
      g.first.name,
      g.second?.name ?? null,
      g.result?.scores ?? null,
    ]);
    expect(tables).toEqual([
      ['Ana Petrović', 'Claire Dubois', [432, 385]], // p12 1 on Ana's line
      ['Ivan Kovač', 'Marko Jovanović', [401, 455]], // Marko's p12 2: Ivan went first
      ['Jelena Nikolić', 'Milica Marković', [398, 410]],
      ['Luka Horvat', 'John Smith', [367, 422]],
      ['Stefan Ilić', null, [50, 0]], // opponent 0, score 50: the bye
    ]);
  });

  it('gives the standings worked out by hand from the file', async () => {
    const s = await standings(t, divisionId);
    expect(s.pendingGames).toBe(0);
    const row = (name: string) => s.rows.find((r) => r.name === name)!;
    // Jelena: L 398–410 (−12), D 376–376, W 471–333 (+138), W 489–350 (+139), W 437–430 (+7)
    expect(row('Jelena Nikolić')).toMatchObject({ rank: 1, points: 3.5, draws: 1, spread: 272 });
    // Ana: +47, 0, +74, −21, +79 = 179; 3 wins, the draw with Jelena, a loss
    expect(row('Ana Petrović')).toMatchObject({ rank: 2, points: 3.5, wins: 3, spread: 179 });
    // Claire: −47 +31 +35, the bye +50, the 399–399 draw: 69
    expect(row('Claire Dubois')).toMatchObject({ rank: 3, points: 3.5, byes: 1, spread: 69 });
    // Marko: +54 +162 −74 +14 −7 = 149; Luka: −55 −42 +50 +35 +111 = 99
    expect(row('Marko Jovanović')).toMatchObject({ rank: 4, points: 3, spread: 149 });
    expect(row('Luka Horvat')).toMatchObject({ rank: 5, points: 3, spread: 99 });
    // John: +55 −162 −14 +21 and the draw = −100
    expect(row('John Smith')).toMatchObject({ rank: 6, points: 2.5, spread: -100 });
    // Milica: +12 +50 −35 −14 −111 = −98; Ivan: −54 +42 +14 −139 −79 = −216
    expect(row('Milica Marković')).toMatchObject({ rank: 7, points: 2, spread: -98 });
    expect(row('Ivan Kovač')).toMatchObject({ rank: 8, points: 2, spread: -216 });
    // Stefan: the bye +50, then −31 −138 −35; withdrawn before round 5
    expect(row('Stefan Ilić')).toMatchObject({ rank: 9, points: 1, spread: -154, active: false });
    // Every game's spread is one player's gain and the other's loss; the 4 byes add 4 × 50.
    expect(s.rows.reduce((sum, r) => sum + r.spread, 0)).toBe(200);
  });

  it("writes the results through the results' path (history) and logs the import as one action", async () => {
    const round2 = (await t.http.get(`/api/divisions/${divisionId}/rounds/2`).expect(200))
      .body as RoundJson;
    const draw = round2.games.find((g) => g.first.name === 'Jelena Nikolić')!;
    expect(draw.result).toMatchObject({ winner: 'draw', scores: [376, 376] });
    const history = (await t.http.get(`/api/games/${draw.id}/history`).expect(200)).body as {
      action: string;
      by: { name: string } | null;
    }[];
    expect(history).toHaveLength(1);
    expect(history[0].action).toBe('result');
    expect(history[0].by?.name).toBeTruthy();
    const log = (
      await t.http
        .get(`/api/tournaments/${tournamentId}/log?division=${divisionId}`)
        .set(t.organiser)
        .expect(200)
    ).body as { entries: { action: string; after: Record<string, unknown> }[] };
    expect(log.entries.map((e) => e.action)).toEqual(['division.imported']);
    expect(log.entries[0].after).toMatchObject({
      name: 'Skrabl A',
      from: 'tsh',
      players: 9,
      rounds: 5,
      results: 20, // 4 games in each of 5 rounds (9 players: a bye in rounds 1–4, Stefan gone in 5)
      byes: 4,
    });
  });

  it('exports the division as TSH reads it, byte for byte the file imported', async () => {
    const res = await t.http.get(`/api/divisions/${divisionId}/tsh`).expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Skrabl A.t"; filename*=UTF-8''Skrabl%20A.t`,
    );
    expect(res.text).toBe(FIXTURE);
  });

  it('imports its own export again into the same standings', async () => {
    const exported = (await t.http.get(`/api/divisions/${divisionId}/tsh`).expect(200)).text;
    const res = await t.http
      .post(`/api/tournaments/${tournamentId}/divisions/tsh`)
      .set(t.organiser)
      .send({ name: 'Skrabl A (ponovo)', file: exported, ruleSet: 'scrabble-en' })
      .expect(201);
    expect(table(await standings(t, res.body.id))).toEqual(table(await standings(t, divisionId)));
    const again = await t.http.get(`/api/divisions/${res.body.id}/tsh`).expect(200);
    expect(again.text).toBe(FIXTURE);
  });

  it('exports only the rounds played through, and a division with none as players and ratings', async () => {
    const res = await t.http
      .post(`/api/tournaments/${tournamentId}/divisions/tsh`)
      .set(t.organiser)
      // Round 2 is paired but not played: TSH writes pairings before scores.
      .send({ name: 'U toku', file: 'Petrović, Ana 1850 2 2; 432\nSmith, John 0 1 1; 385\n' })
      .expect(201);
    expect(res.body).toMatchObject({ roundsPaired: 2, ruleSet: 'kvizovka' });
    const text = (await t.http.get(`/api/divisions/${res.body.id}/tsh`).expect(200)).text;
    expect(text).toBe('Petrović, Ana 1850 2; 432; p12 1\nSmith, John 0 1; 385; p12 2\n');
    const empty = await t.http
      .post(`/api/tournaments/${tournamentId}/divisions`)
      .set(t.organiser)
      .send({ name: 'Prazna' })
      .expect(201);
    await t.http
      .post(`/api/divisions/${empty.body.id}/players`)
      .set(t.organiser)
      .send({ name: 'Ema', rating: 1500 })
      .expect(201);
    expect((await t.http.get(`/api/divisions/${empty.body.id}/tsh`).expect(200)).text).toBe(
      'Ema 1500;\n',
    );
  });

  it('refuses to write a game the scores do not decide: TSH would give the other result', async () => {
    const division = await t.http
      .post(`/api/tournaments/${tournamentId}/divisions`)
      .set(t.organiser)
      .send({ name: 'Na vreme' })
      .expect(201);
    for (const name of ['Ana Petrović', 'Boris Jović'])
      await t.http
        .post(`/api/divisions/${division.body.id}/players`)
        .set(t.organiser)
        .send({ name })
        .expect(201);
    const round = await t.http
      .post(`/api/divisions/${division.body.id}/rounds`)
      .set(t.organiser)
      .send({})
      .expect(201);
    // Kvizovka: the first player scores more but his clock ran out: the second wins.
    await t.http
      .put(`/api/games/${round.body.games[0].id}/result`)
      .set(t.organiser)
      .send({ scores: [420, 380], clocks: ['-00:10', '02:00'] })
      .expect(200);
    const res = await t.http.get(`/api/divisions/${division.body.id}/tsh`).expect(409);
    expect(res.body.code).toBe('TSH_RESULT_NOT_BY_SCORE');
    expect(res.body.message).toContain(
      'round 1, table 1: Ana Petrović 420 : 380 Boris Jović, won by Boris Jović',
    );
  });

  it('refuses a bad file whole, naming each line and field, and stores nothing', async () => {
    const before = (await t.http.get(`/api/tournaments/${tournamentId}/divisions`).expect(200)).body
      .length as number;
    const broken = FIXTURE.replace(
      'Smith, John 1680 8 2 6 1 5;',
      'Smith, John 1680 8 2 6 1 9;',
    ).replace('432 376 463', '432 x 463');
    const res = await t.http
      .post(`/api/tournaments/${tournamentId}/divisions/tsh`)
      .set(t.organiser)
      .send({ name: 'Pokvarena', file: broken })
      .expect(422);
    expect(res.body.code).toBe('TSH_INVALID');
    expect(res.body.details.problems).toEqual([
      { line: 1, field: 'scores', code: 'not-a-number', params: { value: 'x' } },
    ]);
    expect(res.body.message).toContain('line 1, scores: "x" is not a whole number');
    // With every line readable, the pairings are checked against each other.
    const unpaired = FIXTURE.replace('Smith, John 1680 8 2 6 1 5;', 'Smith, John 1680 8 2 6 1 9;');
    const res2 = await t.http
      .post(`/api/tournaments/${tournamentId}/divisions/tsh`)
      .set(t.organiser)
      .send({ name: 'Pokvarena', file: unpaired })
      .expect(422);
    expect(
      (res2.body.details.problems as { line: number; field: string; code: string }[]).map(
        (p) => `${p.line} ${p.field} ${p.code}`,
      ),
    ).toEqual(['4 opponents opponent-unpaired', '5 opponents not-mutual']);
    expect(res2.body.message).toContain(
      'line 4, opponents: round 5: the opponent is player 9, who has no opponent (0) that round',
    );
    // Nothing half-imported, and the name is still free.
    expect(
      (await t.http.get(`/api/tournaments/${tournamentId}/divisions`).expect(200)).body,
    ).toHaveLength(before);
    await t.http
      .post(`/api/tournaments/${tournamentId}/divisions/tsh`)
      .set(t.organiser)
      .send({ name: 'Skrabl A', file: FIXTURE })
      .expect(409);
    await t.http
      .post(`/api/tournaments/${tournamentId}/divisions/tsh`)
      .set(t.organiser)
      .send({ name: 'Bez datoteke' })
      .expect(400);
    const judge = await t.account('judge');
    await t.http
      .post(`/api/tournaments/${tournamentId}/divisions/tsh`)
      .set(judge)
      .send({ name: 'Sudija', file: FIXTURE })
      .expect(403);
  });

  it("the organiser's pages: import by upload, problems in the page's language, the export link", async () => {
    const cookie = await adminCookie(t);
    const page = await t.http
      .get(`/organiser/tournaments/${tournamentId}?lang=sr-Latn`)
      .set('Cookie', cookie)
      .expect(200);
    expect(page.text).toContain(`action="/organiser/tournaments/${tournamentId}/divisions/tsh"`);
    expect(page.text).toContain(`href="/api/divisions/${divisionId}/tsh"`);

    const bad = FIXTURE.replace('; 455 512 389', '; 455 512');
    const refused = await t.http
      .post(`/organiser/tournaments/${tournamentId}/divisions/tsh?lang=sr-Latn`)
      .set('Cookie', cookie)
      .set('Origin', t.url)
      .field('tshName', 'Sa stranice')
      .field('tshRules', 'scrabble-en')
      .attach('tsh', Buffer.from(bad, 'utf8'), 'open.t')
      .expect(422);
    const text = decode(refused.text);
    // Marko's line lost a score: four for five rounds, so round 5 has none, but Jelena's has.
    expect(text).toContain(
      'red 2, rezultati: 5. kolo: nema rezultata, a protivnik (igrač 3) ga ima',
    );
    expect(text).toContain('Jovanović, Marko 1790'); // the file is shown again to be corrected
    const english = await t.http
      .post(`/organiser/tournaments/${tournamentId}/divisions/tsh?lang=en`)
      .set('Cookie', cookie)
      .set('Origin', t.url)
      .field('tshName', 'Sa stranice')
      .field('tshText', bad)
      .expect(422);
    expect(decode(english.text)).toContain(
      'line 2, scores: round 5: no score, but the opponent (player 3) has one',
    );

    const done = await t.http
      .post(`/organiser/tournaments/${tournamentId}/divisions/tsh?lang=sr-Latn`)
      .set('Cookie', cookie)
      .set('Origin', t.url)
      .field('tshName', 'Sa stranice')
      .field('tshRules', 'scrabble-en')
      .attach('tsh', Buffer.from(FIXTURE, 'utf8'), 'open.t')
      .expect(303);
    expect(done.headers.location).toBe(
      `/organiser/tournaments/${tournamentId}?done=tshImported&n=9`,
    );
    const divisions = (await t.http.get(`/api/tournaments/${tournamentId}/divisions`).expect(200))
      .body as { id: number; name: string }[];
    const imported = divisions.find((d) => d.name === 'Sa stranice')!;
    expect((await t.http.get(`/api/divisions/${imported.id}/tsh`).expect(200)).text).toBe(FIXTURE);
    const settings = await t.http
      .get(`/organiser/divisions/${imported.id}/settings`)
      .set('Cookie', cookie)
      .expect(200);
    expect(settings.text).toContain(`href="/api/divisions/${imported.id}/tsh"`);
  });
});
