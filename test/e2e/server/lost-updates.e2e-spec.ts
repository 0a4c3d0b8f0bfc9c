import {
  adminCookie,
  inputValue,
  mainText,
  seedSite,
  signInCookie,
  Site,
} from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { formFields } from '../sheet-form-helpers';
import { GameJson, pair, readVersion, register, scoreSheet } from '../tournament-helpers';
import { emptyRow } from '../../../src/sheet-form/form';

/**
 * No lost update: every edit of something that exists names the version it was based on
 * (If-Match on the API, a hidden field on the pages). None is 428 on the API; a stale one
 * is 409 with the thing as it is now; of writes racing on one version exactly one wins,
 * on SQLite (writes queued) and PostgreSQL (the row locked) alike.
 */
describe(`no lost update (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let site: Site;

  beforeAll(async () => {
    t = await startTestApp();
    site = await seedSite(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const game = async (id: number) =>
    (await t.http.get(`/api/games/${id}`).expect(200)).body as GameJson;
  const page = (path: string, cookie: string) => t.http.get(path).set('Cookie', cookie);
  const postForm = (path: string, body: string, cookie: string) =>
    t.http.post(path).set('Origin', t.url).type('form').set('Cookie', cookie).send(body);
  const statuses = (answers: { status: number }[]) =>
    answers.map((a) => a.status).sort((a, b) => a - b);

  test('the player edit race: two organisers on one version, one 200 and one 409 saying what changed', async () => {
    // A co-director of the tournament beside its owner.
    const second = await t.account('organiser', undefined, [site.tournamentId]);
    const [ana] = await register(t, site.divisionId, ['Ana Race']);
    const read = await readVersion(t, `/api/players/${ana.id}`);
    expect(read).toEqual({ 'If-Match': '1' });

    const first = await t.http
      .patch(`/api/players/${ana.id}`)
      .set(t.organiser)
      .set(read)
      .send({ club: 'Klub A' })
      .expect(200);
    expect(first.body).toMatchObject({ club: 'Klub A', version: 2 });
    const stale = await t.http
      .patch(`/api/players/${ana.id}`)
      .set(second)
      .set(read)
      .send({ club: 'Klub B', rating: 1700 })
      .expect(409);
    expect(stale.body.code).toBe('STALE_VERSION');
    expect(stale.body.message).toBe(
      `player ${ana.id} has changed since you read it (you sent version 1, it is at 2): ` +
        'club is now "Klub A", rating is now 1500; reload it and make your change again',
    );
    expect(stale.body.details).toMatchObject({
      version: 2,
      current: { id: ana.id, club: 'Klub A', version: 2 },
      changed: [
        { field: 'club', now: 'Klub A', yours: 'Klub B' },
        { field: 'rating', now: 1500, yours: 1700 },
      ],
    });
    // Nothing of the stale edit was written.
    const now = (await t.http.get(`/api/players/${ana.id}`).expect(200)).body;
    expect(now).toMatchObject({ club: 'Klub A', rating: 1500, version: 2 });

    // Without If-Match: 428, nothing written; with the version read now: 200.
    const blind = await t.http
      .patch(`/api/players/${ana.id}`)
      .set(second)
      .send({ club: 'Klub B' })
      .expect(428);
    expect(blind.body).toMatchObject({ code: 'IF_MATCH_REQUIRED' });
    expect(blind.body.message).toMatch(
      /^to change player \d+, send the version you read in If-Match/,
    );
    await t.http
      .patch(`/api/players/${ana.id}`)
      .set(second)
      .set({ 'If-Match': 'W/"2"' })
      .send({ club: 'Klub B' })
      .expect(200);

    // Eight organisers' edits sent at once on version 3: exactly one wins.
    const racing = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.http
          .patch(`/api/players/${ana.id}`)
          .set(i % 2 ? second : t.organiser)
          .set('If-Match', '3')
          .send({ club: `Klub ${i}` }),
      ),
    );
    expect(statuses(racing)).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = racing.find((r) => r.status === 200)!.body as { club: string };
    expect((await t.http.get(`/api/players/${ana.id}`).expect(200)).body).toMatchObject({
      club: winner.club,
      version: 4,
    });
  });

  test('a reseed moves the players on: an edit read before it is stale', async () => {
    const { body } = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ name: 'Reseed', ruleSet: 'kvizovka', rounds: 3 })
      .expect(201);
    const divisionId = body.divisions[0].id as number;
    const [a] = await register(t, divisionId, ['A', 'B', 'C']);
    const read = await readVersion(t, `/api/players/${a.id}`);
    await t.http
      .put(`/api/divisions/${divisionId}/seeds`)
      .set(t.organiser)
      .send({ by: 'rating' })
      .expect(200);
    const stale = await t.http
      .patch(`/api/players/${a.id}`)
      .set(t.organiser)
      .set(read)
      .send({ seed: 1 })
      .expect(409);
    expect(stale.body.code).toBe('STALE_VERSION');
  });

  test('tournaments and divisions: 428 without If-Match, 409 when stale; results do not move a division version', async () => {
    const tournament = `/api/tournaments/${site.tournamentId}`;
    const division = `/api/divisions/${site.divisionId}`;
    const t0 = await readVersion(t, tournament);
    const d0 = await readVersion(t, division);
    expect(
      (await t.http.patch(tournament).set(t.organiser).send({ name: 'X' }).expect(428)).body.code,
    ).toBe('IF_MATCH_REQUIRED');
    expect(
      (await t.http.patch(division).set(t.organiser).send({ name: 'Y' }).expect(428)).body.code,
    ).toBe('IF_MATCH_REQUIRED');

    // A result entered changes the division's standings, not its settings: its version stays.
    await t.http
      .put(`/api/games/${site.pendingGame}/result`)
      .set(t.organiser)
      .send({ scores: [300, 250], clocks: ['01:00', '02:00'] })
      .expect(200);
    expect(await readVersion(t, division)).toEqual(d0);

    await t.http.patch(division).set(t.organiser).set(d0).send({ name: 'Prva liga A' }).expect(200);
    const staleDivision = await t.http
      .patch(division)
      .set(t.organiser)
      .set(d0)
      .send({ name: 'Prva liga B' })
      .expect(409);
    expect(staleDivision.body.message).toMatch(
      /^division \d+ has changed since you read it \(you sent version 1, it is at 2\): name is now "Prva liga A"/,
    );
    await t.http
      .patch(tournament)
      .set(t.organiser)
      .set(t0)
      .send({ name: 'Kup Čačka 2026 (jesen)' })
      .expect(200);
    const staleTournament = await t.http
      .patch(tournament)
      .set(t.organiser)
      .set(t0)
      .send({ name: 'Kup Čačka' })
      .expect(409);
    expect(staleTournament.body.details).toMatchObject({
      version: Number(t0['If-Match']) + 1,
      changed: [{ field: 'name', now: 'Kup Čačka 2026 (jesen)', yours: 'Kup Čačka' }],
    });
  });

  const newDivision = async () => {
    const { body } = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ name: `Race ${Date.now()}`, ruleSet: 'kvizovka', rounds: 3 })
      .expect(201);
    const divisionId = body.divisions[0].id as number;
    await register(t, divisionId, ['Ana Prva', 'Bora Drugi', 'Ceca Treća', 'Duško Četvrti']);
    return { divisionId, tournamentId: body.id as number };
  };

  test('the two-judge sheet race: two saves of the sheet page for one game give one 303 and one 409', async () => {
    const { divisionId, tournamentId } = await newDivision();
    const round = await pair(t, divisionId);
    const [g1, g2] = round.games;
    const judgeA = await signInCookie(t, 'judge', [tournamentId]);
    const judgeB = await signInCookie(t, 'judge', [tournamentId]);
    const players = (g: GameJson) => [g.first.name, g.second!.name];

    // Both judges open the page of game 1: it carries the game's version in a hidden field.
    const pageA = (await page(`/judge/games/${g1.id}/scoresheet`, judgeA).expect(200)).text;
    const pageB = (await page(`/judge/games/${g1.id}/scoresheet`, judgeB).expect(200)).text;
    const version = inputValue(pageA, 'game-version');
    expect(version).toBe(String(g1.version));
    expect(inputValue(pageB, 'game-version')).toBe(version);
    const a = scoreSheet([g1.first.name, g1.second!.name], 31).sheet;
    const b = scoreSheet([g1.first.name, g1.second!.name], 32).sheet;
    await postForm(
      `/judge/games/${g1.id}/scoresheet`,
      formFields(a, players(g1), { intent: 'save', version }),
      judgeA,
    ).expect(303);
    // B's page is stale: refused, A's sheet stays, B's rows come back as typed.
    const stale = await postForm(
      `/judge/games/${g1.id}/scoresheet`,
      formFields(b, players(g1), { intent: 'save', version }),
      judgeB,
    ).expect(409);
    expect(mainText(stale.text)).toContain('Neko je u međuvremenu promenio rezultat ove partije');
    expect(inputValue(stale.text, 'c-0-position')).toBe(b.turns[0].play!.split(' ')[0]);
    // Without the page's version it is refused too: the game has a result now.
    const blind = await postForm(
      `/judge/games/${g1.id}/scoresheet`,
      formFields(b, players(g1), { intent: 'save' }),
      judgeB,
    ).expect(409);
    expect(mainText(blind.text)).toContain('Partija već ima rezultat');
    const stored = (await t.http.get(`/api/games/${g1.id}/scoresheet`).expect(200)).body;
    expect(JSON.parse(stored.text).turns).toEqual(a.turns);
    const saved = await game(g1.id);
    expect(saved.version).toBe(g1.version + 1);
    // The API says what changed: the result as it is now.
    const staleApi = await t.http
      .put(`/api/games/${g1.id}/result`)
      .set(t.organiser)
      .set('If-Match', version)
      .send({ scores: [300, 250], clocks: ['01:00', '02:00'] })
      .expect(409);
    expect(staleApi.body.code).toBe('STALE_VERSION');
    expect(staleApi.body.details).toMatchObject({
      version: saved.version,
      current: { status: 'complete', source: 'scoresheet' },
    });
    expect(staleApi.body.message).toContain(
      `; its result is now ${staleApi.body.details.current.scores.join(' : ')}, won by the `,
    );
    expect(staleApi.body.message).toContain(', from a score sheet): reload it and try again');

    // Both judges press save at the same moment on game 2: exactly one wins.
    const c = scoreSheet([g2.first.name, g2.second!.name], 33).sheet;
    const d = scoreSheet([g2.first.name, g2.second!.name], 34).sheet;
    const at = String(g2.version);
    const both = await Promise.all([
      postForm(
        `/judge/games/${g2.id}/scoresheet`,
        formFields(c, players(g2), { intent: 'save', version: at }),
        judgeA,
      ),
      postForm(
        `/judge/games/${g2.id}/scoresheet`,
        formFields(d, players(g2), { intent: 'save', version: at }),
        judgeB,
      ),
    ]);
    expect(statuses(both)).toEqual([303, 409]);
    const history = (await t.http.get(`/api/games/${g2.id}/history`).expect(200)).body as unknown[];
    expect(history).toHaveLength(1);
  });

  test('drafts saved at the same moment on one version: one 200, the others 409, never a 500', async () => {
    const { divisionId, tournamentId } = await newDivision();
    const [g] = (await pair(t, divisionId)).games;
    const judges = await Promise.all(
      [0, 1, 2, 3].map(() => signInCookie(t, 'judge', [tournamentId])),
    );
    // Each judge's rows differ (the same rows again would be no conflict: see below).
    const formOf = (extra: string) => ({
      rows: [],
      end: { reason: '', timeExpired: '', racks: [], clocks: [], final: [] },
      extra,
    });
    const put = (cookie: string, version: number, extra: string) =>
      t.http
        .put(`/judge/games/${g.id}/scoresheet/draft`)
        .set('Origin', t.url)
        .set('Cookie', cookie)
        .send({ form: formOf(extra), version });
    // No draft yet: four judges create one at once.
    const created = await Promise.all(judges.map((j, i) => put(j, 0, `first ${i}`)));
    expect(statuses(created)).toEqual([200, 409, 409, 409]);
    // One draft at version 1: four judges save over it at once.
    const saved = await Promise.all(judges.map((j, i) => put(j, 1, `second ${i}`)));
    expect(statuses(saved)).toEqual([200, 409, 409, 409]);
    expect(saved.find((r) => r.status === 200)!.body.version).toBe(2);
  });

  test('a page posting the rows its own draft just saved (the draft unanswered yet) meets no conflict', async () => {
    const { divisionId, tournamentId } = await newDivision();
    const [g] = (await pair(t, divisionId)).games;
    const judge = await signInCookie(t, 'judge', [tournamentId]);
    const form = (word: string) => ({
      rows: [{ ...emptyRow(0), position: '8H', word, score: '12' }],
      end: { reason: '', timeExpired: '', racks: [], clocks: [], final: [] },
      extra: '',
    });
    const put = (version: number, word: string) =>
      t.http
        .put(`/judge/games/${g.id}/scoresheet/draft`)
        .set('Origin', t.url)
        .set('Cookie', judge)
        .send({ form: form(word), version });
    expect((await put(0, 'KUĆA').expect(200)).body.version).toBe(1);
    // The same rows on the version the page still had (0): the server's draft is theirs already.
    expect((await put(0, 'KUĆA').expect(200)).body.version).toBe(1);
    // Other rows on that old version would overwrite version 1: refused with what it holds.
    const refused = await put(0, 'MAČKA').expect(409);
    expect(refused.body.details).toMatchObject({ version: 1 });
    expect(JSON.stringify(refused.body.details.form)).toContain('KUĆA');
  });

  test('the division settings page carries its version: a stale post is a 409 naming what changed, the values kept', async () => {
    const { divisionId } = await newDivision();
    const organiser = await adminCookie(t);
    const url = `/organiser/divisions/${divisionId}/settings`;
    const opened = (await page(url, organiser).expect(200)).text;
    const version = inputValue(opened, 'division-version');
    expect(version).toBe('1');
    const form = (rounds: string, extra: Record<string, string> = {}) =>
      new URLSearchParams({
        rounds,
        system: 'swiss',
        byeSpread: '50',
        spreadCap: '',
        kothLastRounds: '0',
        ...extra,
      }).toString();
    // Another organiser changes the rounds through the API meanwhile.
    await t.http
      .patch(`/api/divisions/${divisionId}`)
      .set(t.organiser)
      .set({ 'If-Match': version })
      .send({ rounds: 5 })
      .expect(200);
    const stale = await postForm(url, form('6', { version }), organiser).expect(409);
    const text = mainText(stale.text);
    expect(text).toContain('Neko je promenio podešavanja grupe otkad ste otvorili stranicu');
    expect(text).toContain('5 → 6');
    expect(inputValue(stale.text, 'f-rounds')).toBe('6');
    // The page now carries the version it showed the change of: saving again is informed.
    expect(inputValue(stale.text, 'division-version')).toBe('2');
    await postForm(url, form('6', { version: '2' }), organiser).expect(303);
    expect((await t.http.get(`/api/divisions/${divisionId}`).expect(200)).body).toMatchObject({
      rounds: 6,
      version: 3,
    });
    // A post without the version (an old page) changes nothing.
    const blind = await postForm(url, form('7'), organiser).expect(428);
    expect(mainText(blind.text)).toContain('Obrazac ne kaže koju verziju je menjao');
  });
});
