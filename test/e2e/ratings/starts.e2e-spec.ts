import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { pdfText } from '../../render/poppler';
import { binary, createTournament, enterResult, pair } from '../tournament-helpers';

/**
 * Issue 36, "Ratings answer once": a player starts from the rating list, else from the rating
 * registered with them, else gets a first rating; the report says which; seeding, class prizes
 * and the report read the same number; a division at tables of four is rated as the pairs of
 * each table, each 1/3 of a game (docs/ratings.md, "Tables").
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60000);
afterAll(() => t.close());

interface Line {
  personId: number;
  playerId: number | null;
  name: string;
  old: number | null;
  source: 'list' | 'registered' | 'first';
  games: number;
  score: number;
  expected: number | null;
  k: number | null;
  change: number;
  new: number;
  totalGames: number;
}
const report = async (id: number) =>
  (await t.http.get(`/api/tournaments/${id}/ratings`).expect(200)).body as {
    families: { family: string; lines: Line[] }[];
  };
const byName = (lines: Line[]) => Object.fromEntries(lines.map((l) => [l.name, l]));
const close = (id: number) =>
  t.http.post(`/api/tournaments/${id}/close`).set(t.organiser).send({ confirm: true }).expect(200);
const prizeRatings = async (divisionId: number) =>
  Object.fromEntries(
    (
      (await t.http.get(`/api/divisions/${divisionId}/prizes`).expect(200)).body as {
        players: { name: string; rating: number | null }[];
      }
    ).players.map((p) => [p.name, p.rating]),
  );

describe(`ratings start where players stand (${DATABASE_KIND})`, () => {
  it('a closed tournament rates from the registered ratings, the list where it has one, and a first rating for neither', async () => {
    // Lazar is on the list (1700, 40 games: K 20); the others are not.
    await t.http
      .post('/api/ratings/import')
      .set(t.organiser)
      .send({ csv: 'federationId,name,family,rating,games\nR-1,Lazar,kvizovka,1700,40\n' })
      .expect(200);
    const { id, divisionId } = await createTournament(t, {
      name: 'Kup prijava',
      ruleSet: 'kvizovka',
      rounds: 2,
      pairingPlan: ['manual'],
      startDate: '2027-06-05',
    });
    const players: Record<string, { id: number }> = {};
    for (const [name, body] of [
      ['Ana', { rating: 1850 }],
      ['Bora', { rating: 1400 }],
      ['Lazar', { federationId: 'R-1', rating: 1900 }], // typed 1900, but the list says 1700
      ['Nena', {}],
    ] as const) {
      players[name] = (
        await t.http
          .post(`/api/divisions/${divisionId}/players`)
          .set(t.organiser)
          .send({ name, ...body })
          .expect(201)
      ).body;
    }

    // Seeding by rating reads the starts: Ana 1850, Lazar 1700 (the list's, not 1900), Bora 1400,
    // Nena none.
    const seeded = (
      await t.http
        .put(`/api/divisions/${divisionId}/seeds`)
        .set(t.organiser)
        .send({ by: 'rating' })
        .expect(200)
    ).body as { name: string; seed: number }[];
    expect([...seeded].sort((a, b) => a.seed - b.seed).map((p) => p.name)).toEqual([
      'Ana',
      'Lazar',
      'Bora',
      'Nena',
    ]);
    const starts = { Ana: 1850, Bora: 1400, Lazar: 1700, Nena: null };
    expect(await prizeRatings(divisionId)).toEqual(starts);

    const round = (pairs: [string, string][]) =>
      pair(t, divisionId, {
        system: 'manual',
        pairings: pairs.map(([a, b]) => ({ first: players[a].id, second: players[b].id })),
      });
    const win = ['05:00', '04:00'];
    const r1 = await round([
      ['Ana', 'Bora'],
      ['Lazar', 'Nena'],
    ]);
    await enterResult(t, t.organiser, r1.games[0], { scores: [420, 300], clocks: win }); // Ana beats Bora
    await enterResult(t, t.organiser, r1.games[1], { scores: [390, 310], clocks: win }); // Lazar beats Nena
    const r2 = await round([
      ['Lazar', 'Ana'],
      ['Nena', 'Bora'],
    ]);
    await enterResult(t, t.organiser, r2.games[0], {
      scores: [350, 350],
      clocks: ['03:00', '03:00'],
    }); // Lazar and Ana draw
    await enterResult(t, t.organiser, r2.games[1], { scores: [280, 330], clocks: win }); // Bora beats Nena
    await close(id);

    const [kvizovka] = (await report(id)).families;
    const by = byName(kvizovka.lines);
    // Ana: registered 1850, no rated games behind it: K 40. Nena has no rating, so only Bora
    // and Lazar count. E = 1/(1 + 10^((1400 − 1850)/400)) + 1/(1 + 10^((1700 − 1850)/400))
    //   = 0.93024 + 0.70339 = 1.63363; W = 1 + ½ = 1.5;
    // change 40 × (1.5 − 1.63363) = −5.35 → 1844.65 → 1845.
    expect(by.Ana).toMatchObject({
      old: 1850,
      source: 'registered',
      games: 2,
      score: 1.5,
      expected: 1.63,
      k: 40,
      change: -5.35,
      new: 1845,
      totalGames: 2,
    });
    // Bora: registered 1400, K 40; only Ana counts (Nena unrated): E = 1 − 0.93024 = 0.06976;
    // W = 0; change 40 × −0.06976 = −2.79 → 1397.21 → 1397.
    expect(by.Bora).toMatchObject({
      old: 1400,
      source: 'registered',
      games: 1,
      expected: 0.07,
      k: 40,
      change: -2.79,
      new: 1397,
    });
    // Lazar: the list's 1700 (40 games: K 20), not the 1900 typed; only Ana counts:
    // E = 1 − 0.70339 = 0.29661; W = ½; change 20 × 0.20339 = +4.07 → 1704.07 → 1704.
    expect(by.Lazar).toMatchObject({
      old: 1700,
      source: 'list',
      games: 1,
      k: 20,
      change: 4.07,
      new: 1704,
      totalGames: 41,
    });
    // Nena: neither: a first rating against the rated met, Lazar and Bora:
    // (1700 + 1400) / 2 + 400 × (0 − 2) / 2 = 1550 − 400 = 1150.
    expect(by.Nena).toMatchObject({ old: null, source: 'first', k: null, new: 1150 });

    // Class prizes read the same starts once the tournament is closed (not the new ratings).
    expect(await prizeRatings(divisionId)).toEqual(starts);
    expect(Object.fromEntries(kvizovka.lines.map((l) => [l.name, l.old]))).toEqual(starts);

    // The report says where each start came from, in the page's language, page and PDF.
    const sr = (await t.http.get(`/tournaments/${id}/ratings`).expect(200)).text;
    expect(sr).toContain('prijava 1850');
    expect(sr).toContain('lista 1700');
    expect(sr).toContain('prvi rejting');
    expect(sr).not.toMatch(/<td class="num">bez rejtinga<\/td>/);
    expect(sr).toMatch(/Ana<\/a>[^]*?<td class="num">prijava 1850<\/td>/);
    expect(sr).toContain(
      'Polazni rejtinzi: 1 igrač s rejting liste, 2 s rejtingom iz prijave, 1 s prvim rejtingom.',
    );
    const en = (await t.http.get(`/tournaments/${id}/ratings?lang=en`).expect(200)).text;
    expect(en).toContain('registered 1850');
    expect(en).toContain('registered 1400');
    expect(en).toContain('list 1700');
    expect(en).toContain(
      'Starts: 1 player from the rating list, 2 from registered ratings, 1 first rating.',
    );
    const pdf = await t.http
      .get(`/tournaments/${id}/ratings.pdf?lang=en`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    const text = pdfText(pdf.body as Buffer, true);
    expect(text).toMatch(/Ana \(Open\)\s+registered 1850\s+2\s+1\.5\s+1\.63/);
    expect(text).toMatch(/Lazar \(Open\)\s+list 1700/);
    expect(text).toMatch(/Nena \(Open\)\s+first rating/);

    // The next tournament starts Ana from her rating now (1845), no longer the one registered.
    const next = await createTournament(t, {
      name: 'Kup posle',
      ruleSet: 'kvizovka',
      rounds: 1,
      startDate: '2027-07-03',
    });
    await t.http
      .post(`/api/divisions/${next.divisionId}/players`)
      .set(t.organiser)
      .send({ person: by.Ana.personId, rating: 1850 })
      .expect(201);
    expect(await prizeRatings(next.divisionId)).toEqual({ Ana: 1845 });
  });

  it('a division at tables of four is rated as the pairs of each table (docs/ratings.md)', async () => {
    await t.http
      .post('/api/ratings/import')
      .set(t.organiser)
      .send({
        csv:
          'federationId,name,family,rating,games\n' +
          'Q-1,Ana Q,quivit,1700,50\nQ-2,Bora Q,quivit,1600,50\nQ-4,Dule Q,quivit,1400,50\n',
      })
      .expect(200);
    const { id, divisionId } = await createTournament(t, {
      name: 'Quivit kup',
      ruleSet: 'quivit',
      rounds: 1,
      tableSize: 4,
      startDate: '2027-08-07',
    });
    for (const body of [
      { name: 'Ana Q', federationId: 'Q-1' },
      { name: 'Bora Q', federationId: 'Q-2' },
      { name: 'Ceca Q', rating: 1500 }, // registered only
      { name: 'Dule Q', federationId: 'Q-4' },
    ]) {
      await t.http
        .post(`/api/divisions/${divisionId}/players`)
        .set(t.organiser)
        .send(body)
        .expect(201);
    }
    const r1 = (await pair(t, divisionId)) as unknown as {
      games: { id: number; seats: { player: { name: string } }[] }[];
    };
    expect(r1.games).toHaveLength(1);
    // Places: Bora 1; Ana and Ceca 2 (equal points and cards); Dule 4.
    const figures: Record<string, [number, number]> = {
      'Bora Q': [40, 12],
      'Ana Q': [30, 10],
      'Ceca Q': [30, 10],
      'Dule Q': [20, 8],
    };
    const seats = r1.games[0].seats.map((s) => figures[s.player.name]);
    const placed = await t.http
      .put(`/api/games/${r1.games[0].id}/table-result`)
      .set(t.organiser)
      .send({ scores: seats.map((f) => f[0]), cards: seats.map((f) => f[1]) })
      .expect(200);
    expect(
      Object.fromEntries(
        (placed.body.seats as { player: { name: string }; place: number }[]).map((s) => [
          s.player.name,
          s.place,
        ]),
      ),
    ).toEqual({ 'Bora Q': 1, 'Ana Q': 2, 'Ceca Q': 2, 'Dule Q': 4 });
    await close(id);

    const families = (await report(id)).families;
    expect(families.map((f) => f.family)).toEqual(['quivit']);
    const by = byName(families[0].lines);
    // Each of a player's three pairs counts 1/3 of a game; one table is one rated game.
    // Ana (list 1700, K 20): E = (0.64006 Bora + 0.75975 Ceca + 0.84902 Dule) / 3 = 0.74961;
    // W = (0 + ½ + 1) / 3 = 0.5; 20 × (0.5 − 0.74961) = −4.99 → 1695.01 → 1695.
    expect(by['Ana Q']).toMatchObject({
      old: 1700,
      source: 'list',
      games: 1,
      score: 0.5,
      expected: 0.75,
      k: 20,
      change: -4.99,
      new: 1695,
      totalGames: 51,
    });
    // Bora (list 1600, K 20): E = (0.35994 + 0.64006 + 0.75975) / 3 = 0.58658; W = 3/3 = 1;
    // 20 × 0.41342 = +8.27 → 1608.
    expect(by['Bora Q']).toMatchObject({ old: 1600, score: 1, change: 8.27, new: 1608 });
    // Ceca (registered 1500, K 40): E = (0.24025 + 0.35994 + 0.64006) / 3 = 0.41342;
    // W = (½ + 0 + 1) / 3 = 0.5; 40 × 0.08658 = +3.46 → 1503.
    expect(by['Ceca Q']).toMatchObject({
      old: 1500,
      source: 'registered',
      k: 40,
      score: 0.5,
      expected: 0.41,
      change: 3.46,
      new: 1503,
      totalGames: 1,
    });
    // Dule (list 1400, K 20): E = (0.15098 + 0.24025 + 0.35994) / 3 = 0.25039; W = 0;
    // 20 × −0.25039 = −5.01 → 1395.
    expect(by['Dule Q']).toMatchObject({ old: 1400, score: 0, change: -5.01, new: 1395 });
    const list = (await t.http.get('/api/ratings?family=quivit').expect(200)).body as {
      name: string;
      rating: number;
    }[];
    expect(Object.fromEntries(list.map((l) => [l.name, l.rating]))).toEqual({
      'Ana Q': 1695,
      'Bora Q': 1608,
      'Ceca Q': 1503,
      'Dule Q': 1395,
    });
    const en = (await t.http.get(`/tournaments/${id}/ratings?lang=en`).expect(200)).text;
    expect(en).toContain('registered 1500');
    expect(en).not.toContain('is not rated');
  });
});
