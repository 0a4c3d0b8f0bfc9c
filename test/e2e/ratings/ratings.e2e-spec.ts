import { adminCookie } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { pdfText } from '../../render/poppler';
import { binary, createTournament, enterResult, pair } from '../tournament-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60000);
afterAll(() => t.close());

interface Line {
  personId: number;
  name: string;
  old: number | null;
  source: 'list' | 'registered' | 'first';
  games: number;
  score: number;
  expected: number | null;
  performance: number;
  k: number | null;
  change: number;
  new: number;
}
const report = async (id: number) =>
  (await t.http.get(`/api/tournaments/${id}/ratings`).expect(200)).body as {
    closedAt: string | null;
    families: { family: string; lines: Line[] }[];
  };
const byName = (lines: Line[]) => Object.fromEntries(lines.map((l) => [l.name, l]));
const everything = async (ids: number[]) => ({
  reports: await Promise.all(ids.map(report)),
  list: (await t.http.get('/api/ratings?family=kvizovka').expect(200)).body,
  csv: (await t.http.get('/api/ratings.csv').expect(200)).text,
});

describe(`ratings computed when a tournament is closed (${DATABASE_KIND})`, () => {
  const ids: number[] = [];
  let players: Record<string, { id: number; personId: number }>;

  it('imports a starting list, refusing a bad one whole with the line and column', async () => {
    const bad = await t.http
      .post('/api/ratings/import')
      .set(t.organiser)
      .send({
        csv: 'federationId,name,family,rating\nX-1,Ana,kvizovka,1600\nX-2,Bora,chess,1500\n',
      })
      .expect(422);
    expect(bad.body).toMatchObject({
      code: 'RATING_LIST_INVALID',
      details: { line: 3, field: 'family' },
    });
    expect((await t.http.get('/api/persons?q=X-1').expect(200)).body).toEqual([]);
    const noCsv = await t.http.post('/api/ratings/import').set(t.organiser).send({}).expect(400);
    expect(JSON.stringify(noCsv.body)).toContain('csv');
    const ok = await t.http
      .post('/api/ratings/import')
      .set(t.organiser)
      .send({
        csv:
          'federationId;name;country;family;rating;games\n' +
          'X-1;Ana;SRB;kvizovka;1600;50\nX-2;Bora;;kvizovka;1500;50\nX-3;Ceca;;kvizovka;1400;10\n',
      })
      .expect(200);
    expect(ok.body.imported).toBe(3);
  });

  it("rates docs/ratings.md's worked example when the tournament is closed, after asking", async () => {
    const { id, divisionId } = await createTournament(t, {
      name: 'Kup novembra',
      ruleSet: 'kvizovka',
      rounds: 3,
      pairingPlan: ['manual'],
      startDate: '2026-11-21',
      endDate: '2026-11-21',
    });
    ids.push(id);
    players = {};
    for (const [name, federationId] of [
      ['Ana', 'X-1'],
      ['Bora', 'X-2'],
      ['Ceca', 'X-3'],
      ['Dule', undefined],
    ] as const) {
      players[name] = (
        await t.http
          .post(`/api/divisions/${divisionId}/players`)
          .set(t.organiser)
          .send({ name, federationId })
          .expect(201)
      ).body;
    }
    const round = (pairs: [string, string][]) =>
      pair(t, divisionId, {
        system: 'manual',
        pairings: pairs.map(([a, b]) => ({ first: players[a].id, second: players[b].id })),
      });
    const win = ['05:00', '04:00'];
    const r1 = await round([
      ['Ana', 'Bora'],
      ['Ceca', 'Dule'],
    ]);
    await enterResult(t, t.organiser, r1.games[0], { scores: [400, 300], clocks: win }); // Ana beats Bora
    await enterResult(t, t.organiser, r1.games[1], { scores: [300, 400], clocks: win }); // Dule beats Ceca
    const r2 = await round([
      ['Ana', 'Ceca'],
      ['Bora', 'Dule'],
    ]);
    await enterResult(t, t.organiser, r2.games[0], {
      scores: [350, 350],
      clocks: ['03:00', '03:00'],
    }); // a draw
    await t.http
      .put(`/api/games/${r2.games[1].id}/result`)
      .set(t.organiser)
      .send({ kind: 'double-forfeit' })
      .expect(200); // not played: not rated
    const r3 = await round([
      ['Dule', 'Ana'],
      ['Bora', 'Ceca'],
    ]);
    await enterResult(t, t.organiser, r3.games[0], { scores: [200, 410], clocks: win }); // Ana beats Dule
    await enterResult(t, t.organiser, r3.games[1], { scores: [280, 390], clocks: win }); // Ceca beats Bora

    expect((await report(id)).families).toEqual([]);
    const ask = await t.http
      .post(`/api/tournaments/${id}/close`)
      .set(t.organiser)
      .send({})
      .expect(409);
    expect(ask.body).toMatchObject({
      code: 'CONFIRMATION_NEEDED',
      details: { pending: 0, complete: 6 },
    });
    await t.http
      .post(`/api/tournaments/${id}/close`)
      .set(t.organiser)
      .send({ confirm: true })
      .expect(200);
    const closed = await report(id);
    expect(closed.closedAt).not.toBeNull();
    const by = byName(closed.families[0].lines);
    // Ana: K 20; E = 0.64006 (Bora) + 0.75975 (Ceca) = 1.39981; W = 1.5 → +2.00 → 1602.
    expect(by.Ana).toMatchObject({
      old: 1600,
      games: 2,
      score: 1.5,
      expected: 1.4,
      k: 20,
      change: 2,
      new: 1602,
    });
    // Bora: K 20; E = 0.35994 + 0.64006 = 1.00; W = 0 → −20 → 1480 (the double forfeit is not a game).
    expect(by.Bora).toMatchObject({
      old: 1500,
      games: 2,
      score: 0,
      expected: 1,
      change: -20,
      new: 1480,
    });
    // Ceca: K 40; E = 0.24025 + 0.35994 = 0.60; W = 1.5 → 40 × 0.89981 = +35.99 → 1436.
    expect(by.Ceca).toMatchObject({ old: 1400, k: 40, expected: 0.6, change: 35.99, new: 1436 });
    // Dule: first rating, (1600 + 1400) / 2 + 400 × (1 − 1) / 2 = 1500.
    expect(by.Dule).toMatchObject({ old: null, games: 2, score: 1, performance: 1500, new: 1500 });
    expect(closed.families[0].lines.map((l) => l.name)).toEqual(
      ['Ana', 'Dule', 'Bora', 'Ceca'].sort((a, b) => by[b].new - by[a].new || a.localeCompare(b)),
    );
  });

  it('a closed tournament refuses every change of its results, rounds and players', async () => {
    const id = ids[0];
    const division = (await t.http.get(`/api/tournaments/${id}`).expect(200)).body.divisions[0].id;
    const rounds = (await t.http.get(`/api/divisions/${division}/rounds`).expect(200)).body;
    const game = rounds[0].games[0];
    const refused = await t.http
      .put(`/api/games/${game.id}/result`)
      .set(t.organiser)
      .set('If-Match', String(game.version))
      .send({ scores: [100, 200], clocks: ['01:00', '01:00'] })
      .expect(409);
    expect(refused.body.code).toBe('TOURNAMENT_CLOSED');
    const withdraw = await t.http
      .post(`/api/players/${players.Bora.id}/withdraw`)
      .set(t.organiser)
      .expect(409);
    expect(withdraw.body.code).toBe('TOURNAMENT_CLOSED');
    expect((await t.http.get(`/api/players/${players.Bora.id}`).expect(200)).body.active).toBe(
      true,
    );
    expect((await t.http.get(`/api/games/${game.id}`).expect(200)).body.result.scores).toEqual([
      400, 300,
    ]);
    const again = await t.http
      .post(`/api/tournaments/${id}/close`)
      .set(t.organiser)
      .send({ confirm: true })
      .expect(409);
    expect(again.body.code).toBe('ALREADY_CLOSED');
  });

  it('rates later tournaments after earlier ones, and recomputing from scratch gives the same numbers', async () => {
    const { id, divisionId } = await createTournament(t, {
      name: 'Kup decembra',
      ruleSet: 'kvizovka',
      rounds: 1,
      pairingPlan: ['manual'],
      startDate: '2026-12-05',
    });
    ids.push(id);
    const ana = (
      await t.http
        .post(`/api/divisions/${divisionId}/players`)
        .set(t.organiser)
        .send({ person: players.Ana.personId })
        .expect(201)
    ).body;
    const dule = (
      await t.http
        .post(`/api/divisions/${divisionId}/players`)
        .set(t.organiser)
        .send({ person: players.Dule.personId })
        .expect(201)
    ).body;
    const r = await pair(t, divisionId, {
      system: 'manual',
      pairings: [{ first: dule.id, second: ana.id }],
    });
    await enterResult(t, t.organiser, r.games[0], {
      scores: [420, 380],
      clocks: ['02:00', '02:00'],
    }); // Dule wins
    await t.http
      .post(`/api/tournaments/${id}/close`)
      .set(t.organiser)
      .send({ confirm: true })
      .expect(200);
    const by = byName((await report(id)).families[0].lines);
    // Ana (1602, K 20): E = 1 / (1 + 10^((1500 − 1602) / 400)) = 0.64271; 20 × −0.64271 = −12.85 → 1589.
    expect(by.Ana).toMatchObject({ old: 1602, change: -12.85, new: 1589 });
    // Dule (1500, 2 games: K 40): E = 0.35729; 40 × 0.64271 = +25.71 → 1526.
    expect(by.Dule).toMatchObject({ old: 1500, k: 40, change: 25.71, new: 1526 });

    const before = await everything(ids);
    expect(before.list.map((l: { name: string; rating: number }) => [l.name, l.rating])).toEqual([
      ['Ana', 1589],
      ['Dule', 1526],
      ['Bora', 1480],
      ['Ceca', 1436],
    ]);
    await t.http.post('/api/ratings/recompute').set(t.organiser).expect(200);
    expect(await everything(ids)).toEqual(before);

    // Reopening the first recomputes without it; closing it again gives the same numbers.
    await t.http.post(`/api/tournaments/${ids[0]}/reopen`).set(t.organiser).send({}).expect(409);
    await t.http
      .post(`/api/tournaments/${ids[0]}/reopen`)
      .set(t.organiser)
      .send({ confirm: true })
      .expect(200);
    expect((await report(ids[0])).families).toEqual([]);
    const without = byName((await report(id)).families[0].lines);
    // Ana from the list (1600, 50 games: K 20). Dule has no rating now, but was registered here
    // with the 1500 he had then (a registration without a rating takes the person's), so he
    // starts there with no rated games behind it (K 40):
    // Ana: E = 1 / (1 + 10^((1500 − 1600) / 400)) = 0.64006; 20 × −0.64006 = −12.80 → 1587.
    expect(without.Ana).toMatchObject({
      old: 1600,
      source: 'list',
      games: 1,
      change: -12.8,
      new: 1587,
    });
    // Dule: E = 0.35994; 40 × (1 − 0.35994) = +25.60 → 1525.60 → 1526.
    expect(without.Dule).toMatchObject({
      old: 1500,
      source: 'registered',
      k: 40,
      change: 25.6,
      new: 1526,
    });
    await t.http
      .post(`/api/tournaments/${ids[0]}/close`)
      .set(t.organiser)
      .send({ confirm: true })
      .expect(200);
    const after = await everything(ids);
    expect(after.reports.map((r) => r.families)).toEqual(before.reports.map((r) => r.families));
    expect(after.list).toEqual(before.list);
    expect(after.csv).toBe(before.csv);
  });

  it('exports the lists as CSV, and a person page shows their ratings', async () => {
    const csv = await t.http.get('/api/ratings.csv?family=kvizovka').expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text.split('\n').slice(0, 3)).toEqual([
      'federationId,name,country,family,rating,games',
      'X-1,Ana,SRB,kvizovka,1589,53',
      ',Dule,,kvizovka,1526,3',
    ]);
    expect((await t.http.get('/api/ratings?family=chess').expect(400)).body.details.field).toBe(
      'family',
    );
    const page = await t.http.get(`/persons/${players.Ana.personId}?lang=en`).expect(200);
    expect(page.text).toMatch(
      /Kvizovka<\/a><\/td><td class="num">1589<\/td><td class="num">53<\/td>/,
    );
  });

  it("the report page and the organiser's question before closing, in every language", async () => {
    const cookie = await adminCookie(t);
    const form = (path: string, body: Record<string, string>) =>
      t.http.post(path).set('Origin', t.url).set('Cookie', cookie).type('form').send(body);
    const en = await t.http.get(`/tournaments/${ids[0]}/ratings?lang=en`).expect(200);
    expect(en.text).toContain('Rating report · Kup novembra');
    expect(en.text).toMatch(
      /Ana<\/a>[^]*?<td class="num">list 1600<\/td>[^]*?\+2<\/td>[^]*?<strong>1602<\/strong>/,
    );
    expect(en.text).toContain('first rating');
    expect(en.text).toContain(`href="/tournaments/${ids[0]}/ratings.pdf"`);
    const pdf = await t.http
      .get(`/tournaments/${ids[0]}/ratings.pdf?lang=en`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.body as Buffer, true);
    expect(text).toMatch(/Ana \(Open\)\s+list 1600\s+2\s+1\.5\s+1\.4\s+\d+\s+20\s+\+2\s+1602/);
    expect(text).toMatch(
      /Ceca \(Open\)\s+list 1400\s+2\s+1\.5\s+0\.6\s+\d+\s+40\s+\+35\.99\s+1436/,
    );
    expect(text).toContain('Kup novembra · 2026-11-21');
    // The public tournament page leads to the report once the tournament is closed.
    const home = await t.http.get(`/tournaments/${ids[0]}?lang=en`).expect(200);
    expect(home.text).toContain(`href="/tournaments/${ids[0]}/ratings"`);
    const cyr = await t.http.get(`/tournaments/${ids[0]}/ratings?lang=sr-Cyrl`).expect(200);
    expect(cyr.text).toContain('Рејтинг извештај');
    expect(cyr.text).toContain('−20');
    // Reopen from the page: a question first, naming the tournament; nothing changes by asking.
    const ask = await form(`/organiser/tournaments/${ids[0]}/reopen?lang=en`, {}).expect(200);
    expect(ask.text).toContain('Reopen Kup novembra?');
    expect(ask.text).toContain('name="confirm" value="1"');
    expect((await report(ids[0])).closedAt).not.toBeNull();
    const done = await form(`/organiser/tournaments/${ids[0]}/reopen`, { confirm: '1' }).expect(
      303,
    );
    const flash = await t.http
      .get(`${done.headers.location}&lang=en`)
      .set('Cookie', cookie)
      .expect(200);
    expect(flash.text).toContain('The tournament is open again; ratings are computed without it.');
    expect(flash.text).toContain('Close the tournament');
    const open = await t.http.get(`/tournaments/${ids[0]}/ratings?lang=en`).expect(200);
    expect(open.text).toContain('The tournament is not closed yet');
    const close = await form(`/organiser/tournaments/${ids[0]}/close?lang=sr-Latn`, {}).expect(200);
    expect(close.text).toContain('Zatvoriti turnir Kup novembra?');
    await form(`/organiser/tournaments/${ids[0]}/close`, { confirm: '1' }).expect(303);
    expect((await report(ids[0])).closedAt).not.toBeNull();
    // Closed twice: the page says so in its language.
    const twice = await form(`/organiser/tournaments/${ids[0]}/close`, { confirm: '1' }).expect(
      303,
    );
    expect(twice.headers.location).toContain('refused=ALREADY_CLOSED');
  });

  it("registration and seeding by rating take the person's current rating in the family", async () => {
    const { divisionId } = await createTournament(t, {
      name: 'Kup januara',
      ruleSet: 'kvizovka',
      rounds: 3,
      startDate: '2027-01-09',
    });
    const add = async (body: Record<string, unknown>) =>
      (
        await t.http
          .post(`/api/divisions/${divisionId}/players`)
          .set(t.organiser)
          .send(body)
          .expect(201)
      ).body as { id: number; name: string; rating: number | null; seed: number };
    // Registered in the order Ceca, Bora, Dule, Ana, Ema (new); no rating typed.
    const ceca = await add({ person: players.Ceca.personId });
    const bora = await add({ person: players.Bora.personId, rating: 1700 }); // typed: kept as typed
    await add({ person: players.Dule.personId });
    const ana = await add({ person: players.Ana.personId });
    await add({ name: 'Ema Nova', rating: 1450 });
    expect([ceca.rating, bora.rating, ana.rating]).toEqual([1436, 1700, 1589]);
    // Scrabble has no ratings yet: nothing carried over.
    const scrabble = (
      await createTournament(t, { name: 'Scrabble', ruleSet: 'scrabble-en', rounds: 1 })
    ).divisionId;
    const inScrabble = (
      await t.http
        .post(`/api/divisions/${scrabble}/players`)
        .set(t.organiser)
        .send({ person: players.Ana.personId })
        .expect(201)
    ).body;
    expect(inScrabble.rating).toBeNull();
    // Seeding by rating: Bora's person is rated 1480 now, whatever was typed at registration;
    // Ema has no person rating, so her registered 1450 counts.
    const seeded = (
      await t.http
        .put(`/api/divisions/${divisionId}/seeds`)
        .set(t.organiser)
        .send({ by: 'rating' })
        .expect(200)
    ).body as { name: string; seed: number }[];
    expect(seeded.sort((a, b) => a.seed - b.seed).map((p) => p.name)).toEqual([
      'Ana', // 1589
      'Dule', // 1526
      'Bora', // 1480 (not the 1700 typed)
      'Ema Nova', // 1450
      'Ceca', // 1436
    ]);
  });

  it("the rating list page, its CSV, and the import form in the page's language", async () => {
    const cookie = await adminCookie(t);
    const list = await t.http.get('/ratings?family=kvizovka&lang=en').expect(200);
    expect(list.text).toContain('Rating list · Kvizovka');
    expect(list.text).toMatch(/1\.<\/td><td><a href="\/persons\/\d+">Ana<\/a>/);
    expect(list.text).toMatch(/href="\/api\/ratings\.csv\?family(=|&#x3D;)kvizovka"/);
    expect(list.text).not.toContain('Import a rating list'); // visitors do not import
    await t.http.get('/ratings?family=chess').expect(400);
    const form = (body: Record<string, string>, lang: string) =>
      t.http
        .post(`/organiser/ratings/import?lang=${lang}`)
        .set('Origin', t.url)
        .set('Cookie', cookie)
        .type('form')
        .send(body);
    const bad = await form(
      { csvText: 'name,family,rating\nIva,šah,1500\nOla,kvizovka,x\n' },
      'sr-Latn',
    ).expect(422);
    expect(bad.text).toContain('Red 2: igra „šah” nije jedna od: kvizovka');
    expect(bad.text).toContain('Red 3: rejting „x” nije ceo broj od 0 do 5000');
    const cyr = await form({ csvText: 'name,family,rating\nIva,šah,1500\n' }, 'sr-Cyrl').expect(
      422,
    );
    expect(cyr.text).toContain('игра „šah” није једна од: kvizovka');
    expect((await t.http.get('/api/persons?q=iva').expect(200)).body).toEqual([]);
    const list2 = 'name,family,rating,games\nIva Kos,scrabble-en,1550,12\nAna,kvizovka,1600,50\n';
    // The page asks first, with what the list would do; nothing is imported by asking.
    const ask = await form({ csvText: list2 }, 'en').expect(200);
    expect(ask.text).toContain('Import the rating list?');
    expect(ask.text).toContain('New persons in the registry: 1');
    expect(ask.text).toContain('Ratings imported before that are replaced: 1');
    expect((await t.http.get('/api/persons?q=iva').expect(200)).body).toEqual([]);
    // A long list's figures are written as the page's language writes numbers.
    const long = ['name,family,rating'];
    for (let i = 1; i <= 1200; i++) long.push(`Dugačka ${i},kvizovka,1500`);
    const longList = `${long.join('\n')}\n`;
    const askSr = await form({ csvText: longList }, 'sr-Latn').expect(200);
    expect(askSr.text).toContain('Rejtinga u listi: 1.200.');
    expect(askSr.text).toContain('Novih osoba u registru: 1.200');
    const askEn = await form({ csvText: longList }, 'en').expect(200);
    expect(askEn.text).toContain('New persons in the registry: 1,200');
    const ok = await form({ csvText: list2, confirm: '1' }, 'en').expect(303);
    const flash = await t.http
      .get(`${ok.headers.location}&lang=en`)
      .set('Cookie', cookie)
      .expect(200);
    expect(flash.text).toContain('Ratings imported: 2; every rating is computed again.');
    const en = (await t.http.get('/api/ratings?family=scrabble-en').expect(200)).body;
    expect(en.find((l: { name: string }) => l.name === 'Iva Kos')).toMatchObject({
      rating: 1550,
      games: 12,
    });
  });

  it('two tournaments closed at once both count, with the numbers of closing them one by one', async () => {
    const make = async (name: string, date: string) => {
      const { id, divisionId } = await createTournament(t, {
        name,
        ruleSet: 'kvizovka',
        rounds: 1,
        pairingPlan: ['manual'],
        startDate: date,
      });
      const [a, b] = [players.Bora, players.Ceca];
      const p1 = (
        await t.http
          .post(`/api/divisions/${divisionId}/players`)
          .set(t.organiser)
          .send({ person: a.personId })
          .expect(201)
      ).body;
      const p2 = (
        await t.http
          .post(`/api/divisions/${divisionId}/players`)
          .set(t.organiser)
          .send({ person: b.personId })
          .expect(201)
      ).body;
      const r = await pair(t, divisionId, {
        system: 'manual',
        pairings: [{ first: p1.id, second: p2.id }],
      });
      await enterResult(t, t.organiser, r.games[0], {
        scores: [400, 300],
        clocks: ['01:00', '01:00'],
      });
      return id;
    };
    const first = await make('Kup marta', '2027-03-06');
    const second = await make('Kup aprila', '2027-04-03');
    const close = (id: number) =>
      t.http.post(`/api/tournaments/${id}/close`).set(t.organiser).send({ confirm: true });
    const answers = await Promise.all([close(first), close(second)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const together = await everything([...ids, first, second]);
    await t.http.post('/api/ratings/recompute').set(t.organiser).expect(200);
    expect(await everything([...ids, first, second])).toEqual(together);
    // Bora won both: two reports, March's before April's.
    const march = byName((await report(first)).families[0].lines);
    const april = byName((await report(second)).families[0].lines);
    expect(april.Bora.old).toBe(march.Bora.new);
  });
});

describe(`a rating list written in a few statements (${DATABASE_KIND})`, () => {
  it('fills in a person found by name, replaces a rating imported before, and adds new persons', async () => {
    const zora = (
      await t.http.post('/api/persons').set(t.organiser).send({ name: 'Zora Filić' }).expect(201)
    ).body as { id: number; version: number; federationId: string | null };
    expect(zora.federationId).toBeNull();
    const send = (csv: string) =>
      t.http.post('/api/ratings/import').set(t.organiser).send({ csv }).expect(200);
    await send(
      'federationId,name,country,family,rating,games\n' +
        'Z-9,Zora Filić,SRB,kvizovka,1700,30\nZ-10,Novi Igrač,,kvizovka,1200,0\n',
    );
    // The registry's person gained the list's federation id and country, and a new version.
    const filled = (await t.http.get(`/api/persons/${zora.id}`).expect(200)).body as {
      federationId: string;
      country: string;
      version: number;
    };
    expect(filled).toMatchObject({ federationId: 'Z-9', country: 'SRB' });
    expect(filled.version).toBe(zora.version + 1);
    const rated = async () =>
      Object.fromEntries(
        (
          (await t.http.get('/api/ratings?family=kvizovka').expect(200)).body as {
            name: string;
            federationId: string;
            rating: number;
            games: number;
          }[]
        )
          .filter((l) => l.federationId === 'Z-9' || l.federationId === 'Z-10')
          .map((l) => [l.name, [l.rating, l.games]]),
      );
    expect(await rated()).toEqual({ 'Zora Filić': [1700, 30], 'Novi Igrač': [1200, 0] });
    // The same persons again, found by federation id: their list ratings are replaced, nobody added.
    await send(
      'federationId,name,family,rating,games\nZ-9,Zora Filić,kvizovka,1750,31\nZ-10,,kvizovka,1250,2\n',
    );
    expect(await rated()).toEqual({ 'Zora Filić': [1750, 31], 'Novi Igrač': [1250, 2] });
    expect((await t.http.get('/api/persons?q=Z-10').expect(200)).body).toHaveLength(1);
    expect((await t.http.get('/api/persons?q=zora').expect(200)).body).toHaveLength(1);
  });
});
