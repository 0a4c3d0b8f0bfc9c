import { adminCookie, decode } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { createTournament, enterResult, pair, readVersion, RoundJson } from '../tournament-helpers';

interface Entry {
  id: number;
  action: string;
  round: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

interface Player {
  id: number;
  name: string;
  seed: number;
  rating: number | null;
  divisionId: number;
  personId: number;
}

/**
 * The director's toolkit between rounds: a limit of how often two players meet (the division
 * setting, its pairing, the export, the copy and the settings page), seeding by rating (the
 * order, the confirmation once round 1 is paired, the log), and removing a player paired in no
 * round with its undo from the log; the pages ask first.
 */
describe(`director's toolkit (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let judge: { Authorization: string };
  let organiserPage: string;
  beforeAll(async () => {
    t = await startTestApp();
    judge = await t.account('judge', 'sudija@example.org');
    organiserPage = await adminCookie(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const text = (html: string) => decode(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
  const form = (path: string, fields: Record<string, string>, lang = 'sr-Latn') =>
    t.http
      .post(`${path}?lang=${lang}`)
      .set('Origin', t.url)
      .set('Cookie', organiserPage)
      .type('form')
      .send(fields);
  async function log(tournamentId: number): Promise<Entry[]> {
    const res = await t.http
      .get(`/api/tournaments/${tournamentId}/log?limit=1000`)
      .set(t.organiser)
      .expect(200);
    return [...(res.body as { entries: Entry[] }).entries].reverse();
  }
  async function add(divisionId: number, name: string, rating: number | null): Promise<Player> {
    const res = await t.http
      .post(`/api/divisions/${divisionId}/players`)
      .set(t.organiser)
      .send({ name, rating })
      .expect(201);
    return res.body as Player;
  }
  const players = async (divisionId: number) =>
    (await t.http.get(`/api/divisions/${divisionId}/players`).expect(200)).body as Player[];

  test('a pair may meet at most N times: the setting, its pairing, export, copy and page', async () => {
    const bad = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ name: 'Loše', ruleSet: 'kvizovka', rounds: 6, maxMeetings: 0 })
      .expect(400);
    expect(bad.body.message).toContain('maxMeetings');
    const { id, divisionId } = await createTournament(
      t,
      {
        name: 'Kup susreta',
        ruleSet: 'kvizovka',
        rounds: 6,
        pairingPlan: ['swiss'],
        maxMeetings: 2,
      },
      [judge],
    );
    const division = (await t.http.get(`/api/divisions/${divisionId}`).expect(200)).body;
    expect(division.maxMeetings).toBe(2);
    for (const [i, name] of ['Ana', 'Bora', 'Ceca', 'Dule'].entries())
      await add(divisionId, name, 1600 - 10 * i);
    await t.http
      .patch(`/api/divisions/${divisionId}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/divisions/${divisionId}`))
      .send({ maxMeetings: 1 })
      .expect(200);
    // Three Swiss rounds of four without a rematch are a round robin: everyone meets everyone.
    let round: RoundJson | undefined;
    for (let n = 1; n <= 3; n++) {
      round = await pair(t, divisionId);
      for (const g of round.games)
        await enterResult(t, judge, g, { scores: [400, 300], clocks: ['05:00', '04:00'] });
    }
    const met = new Set<string>();
    for (const r of (await t.http.get(`/api/divisions/${divisionId}/rounds`).expect(200))
      .body as RoundJson[])
      for (const g of r.games) met.add([g.first.id, g.second!.id].sort().join('-'));
    expect(met.size).toBe(6);
    // Round 4 must repeat two pairs, over a limit of one meeting: paired anyway, and said.
    round = await pair(t, divisionId);
    expect(round.notes.join(' ')).toContain('2 pair(s) meet more often than the limit of 1 allows');
    const paired = (await log(id)).filter((e) => e.action === 'round.paired');
    expect(paired[3].after).toMatchObject({ system: 'swiss', tables: 2, overLimit: 2 });
    expect(paired[2].after).not.toHaveProperty('overLimit');

    // A running division changes it only when confirmed.
    const ask = await t.http
      .patch(`/api/divisions/${divisionId}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/divisions/${divisionId}`))
      .send({ maxMeetings: 2 })
      .expect(409);
    expect(ask.body.code).toBe('CONFIRMATION_NEEDED');
    expect(ask.body.details.changes).toEqual([{ setting: 'maxMeetings', before: 1, after: 2 }]);
    await t.http
      .patch(`/api/divisions/${divisionId}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/divisions/${divisionId}`))
      .send({ maxMeetings: 2, confirm: true })
      .expect(200);
    const changed = (await log(id)).filter((e) => e.action === 'division.settings').pop()!;
    expect([changed.before, changed.after]).toEqual([{ maxMeetings: 1 }, { maxMeetings: 2 }]);

    // The export carries it, the import and a copy keep it.
    const exported = (
      await t.http.get(`/api/tournaments/${id}/export`).set(t.organiser).expect(200)
    ).body;
    expect(exported.divisions[0].settings.maxMeetings).toBe(2);
    const imported = await t.http
      .post('/api/tournaments/import')
      .set(t.organiser)
      .send(exported)
      .expect(201);
    expect(imported.body.divisions[0].maxMeetings).toBe(2);
    const noLimit = structuredClone(exported);
    delete noLimit.divisions[0].settings.maxMeetings;
    delete noLimit.tournament.maxMeetings;
    const older = await t.http
      .post('/api/tournaments/import')
      .set(t.organiser)
      .send(noLimit)
      .expect(201);
    // A document written before the limit existed has none.
    expect(older.body.divisions[0].maxMeetings).toBeNull();
    const wrong = structuredClone(exported);
    wrong.divisions[0].settings.maxMeetings = 0;
    const refused = await t.http
      .post('/api/tournaments/import')
      .set(t.organiser)
      .send(wrong)
      .expect(422);
    expect(JSON.stringify(refused.body)).toContain('divisions[0].settings.maxMeetings');
    const copy = await t.http
      .post(`/api/tournaments/${id}/copy`)
      .set(t.organiser)
      .send({ name: 'Kup susreta 2027' })
      .expect(201);
    expect(copy.body.divisions[0].maxMeetings).toBe(2);

    // The settings page shows it and asks before clearing it on a running division.
    const page = (
      await t.http
        .get(`/organiser/divisions/${divisionId}/settings?lang=sr-Latn`)
        .set('Cookie', organiserPage)
        .expect(200)
    ).text;
    expect(page).toMatch(/name="maxMeetings"[^>]*value="2"/);
    const version = (await t.http.get(`/api/divisions/${divisionId}`).expect(200)).body.version;
    const confirm = await form(`/organiser/divisions/${divisionId}/settings`, {
      rounds: '6',
      system: 'swiss',
      spreadCap: '',
      kothLastRounds: '0',
      maxMeetings: '',
      version: String(version),
    }).expect(200);
    expect(text(confirm.text)).toContain(
      'Koliko se puta najviše isti par može sresti: 2 → bez ograničenja',
    );
    expect((await t.http.get(`/api/divisions/${divisionId}`).expect(200)).body.maxMeetings).toBe(2);
  });

  test('seeding by rating: by name on equal ratings, unrated last; confirmed once round 1 is paired', async () => {
    const { id, divisionId } = await createTournament(t, {
      name: 'Kup nosilaca',
      ruleSet: 'kvizovka',
      rounds: 4,
      pairingPlan: ['swiss'],
    });
    // Registered (so seeded) in this order; the ratings give another.
    const people = [
      await add(divisionId, 'Đuro', null),
      await add(divisionId, 'Žika', 1800),
      await add(divisionId, 'Čeda', 1700),
      await add(divisionId, 'Bojan', null),
      await add(divisionId, 'Ceca', 1700),
      await add(divisionId, 'Ana', 1800),
    ];
    expect(people.map((p) => p.seed)).toEqual([1, 2, 3, 4, 5, 6]);
    const seeded = await t.http
      .put(`/api/divisions/${divisionId}/seeds`)
      .set(t.organiser)
      .send({ by: 'rating' })
      .expect(200);
    const order = (seeded.body as Player[]).sort((a, b) => a.seed - b.seed).map((p) => p.name);
    // 1800: Ana, Žika; 1700: Ceca, Čeda (C before Č); no rating: Bojan, Đuro.
    expect(order).toEqual(['Ana', 'Žika', 'Ceca', 'Čeda', 'Bojan', 'Đuro']);
    const set = (await log(id)).filter((e) => e.action === 'seeds.set');
    expect(set).toHaveLength(1);
    // Every seed moved: Đuro 1 → 6, Žika 2 → 2 stays, …
    expect(set[0].before).toEqual({ seeds: { Ana: 6, Ceca: 5, Čeda: 3, Bojan: 4, Đuro: 1 } });
    expect(set[0].after).toEqual({
      seeds: { Ana: 1, Ceca: 3, Čeda: 4, Bojan: 5, Đuro: 6 },
      by: 'rating',
    });

    await pair(t, divisionId);
    // Nothing moves: no question, no entry.
    await t.http
      .put(`/api/divisions/${divisionId}/seeds`)
      .set(t.organiser)
      .send({ by: 'rating' })
      .expect(200);
    const bojan = people[3];
    await t.http
      .patch(`/api/players/${bojan.id}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/players/${bojan.id}`))
      .send({ rating: 1900 })
      .expect(200);
    const ask = await t.http
      .put(`/api/divisions/${divisionId}/seeds`)
      .set(t.organiser)
      .send({ by: 'rating' })
      .expect(409);
    expect(ask.body.code).toBe('CONFIRMATION_NEEDED');
    expect(ask.body.details.paired).toBe(1);
    // Bojan 5 → 1 pushes Ana, Žika, Ceca, Čeda one down.
    expect(
      ask.body.details.moves.map((m: { name: string; before: number; after: number }) => [
        m.name,
        m.before,
        m.after,
      ]),
    ).toEqual([
      ['Bojan', 5, 1],
      ['Ana', 1, 2],
      ['Žika', 2, 3],
      ['Ceca', 3, 4],
      ['Čeda', 4, 5],
    ]);
    expect((await players(divisionId)).find((p) => p.name === 'Bojan')!.seed).toBe(5);

    // The page asks with the same figures, then seeds.
    const page = (
      await t.http
        .get(`/organiser/divisions/${divisionId}/players?lang=sr-Latn`)
        .set('Cookie', organiserPage)
        .expect(200)
    ).text;
    expect(page).toContain(`action="/organiser/divisions/${divisionId}/seeds"`);
    const confirm = text(
      (await form(`/organiser/divisions/${divisionId}/seeds`, {}).expect(200)).text,
    );
    expect(confirm).toContain('Odrediti nosioce po rejtingu?');
    expect(confirm).toContain('Upareno je kola: 1.');
    expect(confirm).toContain('Bojan: 5 → 1');
    expect(confirm).toContain('Čeda: 4 → 5');
    expect((await players(divisionId)).find((p) => p.name === 'Bojan')!.seed).toBe(5);
    const done = await form(`/organiser/divisions/${divisionId}/seeds`, { confirm: '1' }).expect(
      303,
    );
    expect(done.headers.location).toContain('done=seeded');
    expect((await players(divisionId)).find((p) => p.name === 'Bojan')!.seed).toBe(1);
    const last = (await log(id)).filter((e) => e.action === 'seeds.set').pop()!;
    expect(last.after).toMatchObject({
      seeds: { Bojan: 1, Čeda: 5 },
      by: 'rating',
      roundsPaired: 1,
    });

    // A round robin under way keeps its seeds, confirmed or not.
    const rr = await createTournament(t, {
      name: 'Kružni',
      ruleSet: 'kvizovka',
      rounds: 3,
      pairingPlan: ['round-robin'],
    });
    for (const [i, name] of ['Ana', 'Bora', 'Ceca', 'Dule'].entries())
      await add(rr.divisionId, name, 1500 + 10 * i);
    await pair(t, rr.divisionId);
    const fixed = await t.http
      .put(`/api/divisions/${rr.divisionId}/seeds`)
      .set(t.organiser)
      .send({ by: 'rating', confirm: true })
      .expect(409);
    expect(fixed.body.code).toBe('SEEDS_FIXED');
  });

  test('a player paired in no round is removed after a question, and the log brings them back', async () => {
    const { id, divisionId } = await createTournament(t, {
      name: 'Kup prijava',
      ruleSet: 'kvizovka',
      rounds: 4,
      pairingPlan: ['swiss'],
    });
    const [ana, bora, ceca, dule] = [
      await add(divisionId, 'Ana', 1500),
      await add(divisionId, 'Bora', 1500),
      await add(divisionId, 'Ceca', 1500),
      await add(divisionId, 'Dule', 1500),
    ];
    // The page asks first, naming the player and the seed.
    const ask = text((await form(`/organiser/players/${ceca.id}/remove`, {}).expect(200)).text);
    expect(ask).toContain('Ukloniti igrača Ceca?');
    expect(ask).toContain('Ceca (nosilac 3, grupa Open) biće uklonjen iz grupe.');
    expect(ask).toContain('Vrati igrača');
    expect((await players(divisionId)).map((p) => p.name)).toContain('Ceca');
    await form(`/organiser/players/${ceca.id}/remove`, { confirm: '1' }).expect(303);
    expect((await players(divisionId)).map((p) => p.name)).toEqual(['Ana', 'Bora', 'Dule']);
    const removed = (await log(id)).find((e) => e.action === 'player.removed')!;
    expect(removed.before).toEqual({
      name: 'Ceca',
      person: ceca.personId,
      club: null,
      rating: 1500,
      seed: 3,
      active: true,
      joinedRound: 1,
      absentRounds: [],
    });

    // The log page offers the undo; it comes back with the same seed, once.
    const logPage = (
      await t.http
        .get(`/organiser/tournaments/${id}/log?lang=sr-Latn`)
        .set('Cookie', organiserPage)
        .expect(200)
    ).text;
    expect(text(logPage)).toContain('Uklonjen igrač Ceca');
    const restore = `/organiser/tournaments/${id}/log/${removed.id}/restore`;
    expect(logPage).toContain(`action="${restore}"`);
    const back = await form(restore, {}).expect(303);
    expect(back.headers.location).toContain('done=playerRestored');
    const again = (await players(divisionId)).find((p) => p.name === 'Ceca')!;
    expect(again.seed).toBe(3);
    const twice = await t.http
      .post('/api/players/restore')
      .set(t.organiser)
      .send({ tournament: id, logEntry: removed.id })
      .expect(409);
    expect(twice.body.code).toBe('ALREADY_RESTORED');
    const after = text(
      (
        await t.http
          .get(`/organiser/tournaments/${id}/log?lang=sr-Latn`)
          .set('Cookie', organiserPage)
          .expect(200)
      ).text,
    );
    expect(after).toContain('Prijavljen igrač Ceca · Open (vraćen posle uklanjanja)');
    expect(after).not.toContain('Vrati igrača');

    // Paired players are withdrawn, not removed; the withdrawal asks first too.
    await pair(t, divisionId);
    const refused = await t.http.delete(`/api/players/${ana.id}`).set(t.organiser).expect(409);
    expect(refused.body.code).toBe('PLAYER_HAS_GAMES');
    const players1 = (
      await t.http
        .get(`/organiser/divisions/${divisionId}/players`)
        .set('Cookie', organiserPage)
        .expect(200)
    ).text;
    expect(players1).not.toContain('/remove"');
    const withdraw = text(
      (await form(`/organiser/players/${bora.id}/withdraw`, {}).expect(200)).text,
    );
    expect(withdraw).toContain('Odjaviti igrača Bora?');
    expect(withdraw).toContain('Partije u kojima još čeka rezultat: 1');
    expect(withdraw).toContain('Vrati na turnir');
    expect((await players(divisionId)).find((p) => p.id === bora.id)).toMatchObject({
      active: true,
    });
    const english = text(
      (await form(`/organiser/players/${bora.id}/withdraw`, {}, 'en').expect(200)).text,
    );
    expect(english).toContain('Games still waiting for a result: 1');
    await form(`/organiser/players/${bora.id}/withdraw`, { confirm: '1' }).expect(303);
    expect((await players(divisionId)).find((p) => p.id === bora.id)).toMatchObject({
      active: false,
    });
    // A round number that cannot be read is a 400 beside that player's field, the value kept.
    for (const typed of ['abc', '-5']) {
      const bad = await form(`/organiser/players/${dule.id}/absences`, { round: typed }).expect(
        400,
      );
      expect(bad.text).toContain(`value="${typed}" aria-invalid="true"`);
      expect(text(bad.text)).toContain('Upišite ceo broj od 1 do 100.');
    }
    expect((await players(divisionId)).find((p) => p.id === dule.id)).toMatchObject({
      absentRounds: [],
    });
    // A late entry removed before its first round goes too.
    const late = await add(divisionId, 'Ema', null);
    await t.http.delete(`/api/players/${late.id}`).set(t.organiser).expect(204);
    await t.http.delete(`/api/players/${late.id}`).set(t.organiser).expect(404);
    await t.http.delete(`/api/players/${dule.id}`).set(judge).expect(403);
  });
});
