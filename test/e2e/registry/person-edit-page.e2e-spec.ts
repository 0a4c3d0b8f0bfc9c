import { inputValue, mainText, signInCookie } from '../../browser/site';
import { DATABASE_KIND, ORGANISER, startTestApp, TestApp } from '../harness';
import { createTournament } from '../tournament-helpers';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp();
  cookie = await signInCookie(t, 'organiser');
}, 60000);
afterAll(() => t.close());

interface Entry {
  action: string;
  playerId: number | null;
  player: string | null;
  divisionId: number | null;
  by: { name: string } | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

interface Person {
  id: number;
  name: string;
  club: string | null;
  country: string | null;
  federationId: string | null;
  version: number;
}

/**
 * A person's edit page in the registry (issue 36): name, club, country and federation id, with
 * the version read; a change is a line in the director's log of each tournament the person
 * played in, closed ones too, in the page's language with the old and new values. The player's
 * edit page sets the person's federation id in the same transaction as the player's fields.
 */
describe(`a person's edit page (${DATABASE_KIND})`, () => {
  let spring: { id: number; divisionId: number };
  let autumn: { id: number; divisionId: number };
  let quiet: { id: number; divisionId: number };
  let ana: { id: number; personId: number };
  let anaAutumn: { id: number; personId: number };
  let bora: { id: number; personId: number };

  const register = async (divisionId: number, body: Record<string, unknown>) =>
    (
      await t.http
        .post(`/api/divisions/${divisionId}/players`)
        .set(t.organiser)
        .send(body)
        .expect(201)
    ).body as { id: number; personId: number };
  const stored = async (id = ana.personId) =>
    (await t.http.get(`/api/persons/${id}`).expect(200)).body as Person;
  const edits = async (tournamentId: number): Promise<Entry[]> =>
    (
      (await t.http.get(`/api/tournaments/${tournamentId}/log`).set(t.organiser).expect(200))
        .body as { entries: Entry[] }
    ).entries.filter((e) => e.action === 'person.edited');
  const post = (path: string, body: Record<string, string | number>, lang = 'sr-Latn') =>
    t.http
      .post(`${path}?lang=${lang}`)
      .set('Origin', t.url)
      .set('Cookie', cookie)
      .type('form')
      .send(body);
  const editPerson = (body: Record<string, string | number>, lang?: string) =>
    post(`/organiser/persons/${ana.personId}/edit`, body, lang);

  beforeAll(async () => {
    spring = await createTournament(t, {
      name: 'Proleće 2026',
      ruleSet: 'kvizovka',
      rounds: 2,
      startDate: '2026-04-11',
      endDate: '2026-04-11',
    });
    autumn = await createTournament(t, {
      name: 'Jesen 2026',
      ruleSet: 'kvizovka',
      rounds: 2,
      startDate: '2026-10-03',
      endDate: '2026-10-03',
    });
    quiet = await createTournament(t, { name: 'Bez Ane', ruleSet: 'kvizovka', rounds: 2 });
    // The organiser of the pages directs all three (the registry is the federation's).
    for (const { id } of [spring, autumn, quiet]) await t.grant(id, cookie, 'co-director');
    ana = await register(spring.divisionId, { name: 'Ana Petrović', club: 'ŠK Sever' });
    anaAutumn = await register(autumn.divisionId, { person: ana.personId, name: 'Ana Petrović' });
    expect(anaAutumn.personId).toBe(ana.personId);
    bora = await register(quiet.divisionId, { name: 'Bora Jovanović', federationId: 'SRB-42' });
    // Spring is over: closed, its results final; the registry's person still changes.
    await t.http
      .post(`/api/tournaments/${spring.id}/close`)
      .set(t.organiser)
      .send({ confirm: true })
      .expect(200);
  });

  it("is linked from the person's page for an organiser only, and shows what is stored", async () => {
    const mine = await t.http.get(`/persons/${ana.personId}`).set('Cookie', cookie).expect(200);
    expect(mine.text).toContain(`href="/organiser/persons/${ana.personId}/edit"`);
    const anyone = await t.http.get(`/persons/${ana.personId}`).expect(200);
    expect(anyone.text).not.toContain('/edit"');
    await t.http.get(`/organiser/persons/${ana.personId}/edit`).expect(303);

    const page = await t.http
      .get(`/organiser/persons/${ana.personId}/edit?lang=sr-Latn`)
      .set('Cookie', cookie)
      .expect(200);
    const { version } = await stored();
    expect(inputValue(page.text, 'f-name')).toBe('Ana Petrović');
    expect(inputValue(page.text, 'f-club')).toBe('ŠK Sever');
    expect(inputValue(page.text, 'f-federationId')).toBe('');
    expect(page.text).toContain(`name="version" value="${version}"`);
    // Where a change will be written: the two tournaments she played in, in date order.
    expect(mainText(page.text)).toContain(
      'Promena se upisuje u dnevnik svakog turnira na kome je igrao (2): Proleće 2026 Jesen 2026',
    );
  });

  it("saves a change, with a line in each of her tournaments' logs, closed ones too", async () => {
    const before = await stored();
    const res = await editPerson({
      name: 'Ana Petrović-Ilić',
      club: 'ŠK Jug',
      country: 'SRB',
      federationId: '941204',
      version: before.version,
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/persons/${ana.personId}?done=saved`);
    const now = await stored();
    expect(now).toMatchObject({
      name: 'Ana Petrović-Ilić',
      club: 'ŠK Jug',
      country: 'SRB',
      federationId: '941204',
      version: before.version + 1,
    });
    // The players keep their names as registered.
    const player = (await t.http.get(`/api/players/${ana.id}`).expect(200)).body as {
      name: string;
    };
    expect(player.name).toBe('Ana Petrović');

    for (const [tournament, playerId] of [
      [spring.id, ana.id],
      [autumn.id, anaAutumn.id],
    ]) {
      const lines = await edits(tournament);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        playerId,
        player: 'Ana Petrović',
        // The account signed in on the page.
        by: { name: 'Organizatorka Đokić' },
        before: { name: 'Ana Petrović', club: 'ŠK Sever', country: null, federationId: null },
        after: {
          name: 'Ana Petrović-Ilić',
          club: 'ŠK Jug',
          country: 'SRB',
          federationId: '941204',
        },
      });
    }
    expect(await edits(quiet.id)).toHaveLength(0);

    // The log's page says it all in the page's language, old → new.
    const sr = mainText(
      (
        await t.http
          .get(`/organiser/tournaments/${spring.id}/log?lang=sr-Latn`)
          .set('Cookie', cookie)
          .expect(200)
      ).text,
    );
    expect(sr).toContain('Izmenjeni podaci igrača Ana Petrović u registru (važe za sve turnire)');
    expect(sr).toContain('Ime: Ana Petrović → Ana Petrović-Ilić');
    expect(sr).toContain('Klub: ŠK Sever → ŠK Jug');
    expect(sr).toContain('Zemlja: — → SRB');
    expect(sr).toContain('ID u savezu: — → 941204');
    const en = mainText(
      (
        await t.http
          .get(`/organiser/tournaments/${autumn.id}/log?lang=en`)
          .set('Cookie', cookie)
          .expect(200)
      ).text,
    );
    expect(en).toContain(
      "Ana Petrović's details in the registry changed (for every tournament) Name: Ana Petrović → Ana Petrović-Ilić",
    );
    expect(en).toContain('Federation id: — → 941204');
    const cyrl = mainText(
      (
        await t.http
          .get(`/organiser/tournaments/${autumn.id}/log?lang=sr-Cyrl`)
          .set('Cookie', cookie)
          .expect(200)
      ).text,
    );
    expect(cyrl).toContain(
      'Измењени подаци играча Ana Petrović у регистру (важе за све турнире) Име: Ana Petrović → Ana Petrović-Ilić',
    );
  });

  it('a stale version is 409 with what is stored now, and changes nothing', async () => {
    const before = await stored();
    const res = await editPerson(
      {
        name: 'Neko Drugi',
        club: '',
        country: 'CRO',
        federationId: '',
        version: before.version - 1,
      },
      'en',
    );
    expect(res.status).toBe(409);
    expect(res.text).toContain('nothing was saved');
    expect(res.text).toContain('<dd id="stored-name">Ana Petrović-Ilić</dd>');
    expect(res.text).toContain('<dd id="stored-federationId">941204</dd>');
    expect(inputValue(res.text, 'f-name')).toBe('Neko Drugi'); // what was typed is kept
    // The form now carries the stored version: saving again overwrites knowingly.
    expect(res.text).toContain(`name="version" value="${before.version}"`);
    expect(await stored()).toEqual(before);
    expect(await edits(spring.id)).toHaveLength(1);
    expect(await edits(autumn.id)).toHaveLength(1);

    // A version that is not a number is stale too.
    await editPerson({ name: 'X', version: 'abc' }).expect(409);
    expect(await stored()).toEqual(before);
  });

  it('refusals name their field and write nothing', async () => {
    const before = await stored();
    const taken = await editPerson({
      name: before.name,
      federationId: 'SRB-42',
      version: before.version,
    });
    expect(taken.status).toBe(409);
    expect(taken.text).toMatch(/id="f-federationId"[^>]*aria-invalid="true"/);
    expect(taken.text).toContain('Taj ID u savezu ima druga osoba u registru.');
    const country = await editPerson({
      name: before.name,
      country: 'srbija',
      version: before.version,
    });
    expect(country.status).toBe(400);
    expect(country.text).toContain('id="e-country"');
    const empty = await editPerson({ name: '', version: before.version });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('id="e-name"');
    expect(await stored()).toEqual(before);
    expect(await edits(autumn.id)).toHaveLength(1);
  });

  it('an unchanged save writes no line; the API writes the lines as the page does', async () => {
    const before = await stored();
    await editPerson({
      name: before.name,
      club: before.club!,
      country: before.country!,
      federationId: before.federationId!,
      version: before.version,
    }).expect(303);
    expect(await stored()).toEqual(before);
    expect(await edits(autumn.id)).toHaveLength(1);

    await t.http
      .patch(`/api/persons/${ana.personId}`)
      .set(t.organiser)
      .set('If-Match', String(before.version))
      .send({ club: null })
      .expect(200);
    const lines = await edits(autumn.id);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      by: { name: ORGANISER.name },
      before: { club: 'ŠK Jug' },
      after: { club: null },
    });
    expect(await edits(spring.id)).toHaveLength(2);
  });

  describe("the player's edit page sets the person's federation id", () => {
    const editPlayer = (id: number, body: Record<string, string | number>, lang?: string) =>
      post(`/organiser/players/${id}/edit`, body, lang);
    const playerVersion = async (id: number) =>
      ((await t.http.get(`/api/players/${id}`).expect(200)).body as { version: number }).version;

    it("shows it, says whose it is and links the person's edit page", async () => {
      const page = await t.http
        .get(`/organiser/players/${anaAutumn.id}/edit?lang=sr-Latn`)
        .set('Cookie', cookie)
        .expect(200);
      const person = await stored();
      expect(inputValue(page.text, 'f-federationId')).toBe('941204');
      expect(page.text).toContain(`name="personVersion" value="${person.version}"`);
      expect(mainText(page.text)).toContain(
        'ID u savezu pripada osobi Ana Petrović-Ilić u registru i važi na svim njenim turnirima',
      );
      expect(page.text).toContain(`href="/organiser/persons/${ana.personId}/edit"`);
    });

    it('a new federation id is saved on the person, with its log lines', async () => {
      const person = await stored();
      const version = await playerVersion(anaAutumn.id);
      const res = await editPlayer(anaAutumn.id, {
        name: 'Ana Petrović',
        club: '',
        rating: '',
        federationId: 'SRB-7',
        version,
        personVersion: person.version,
      });
      expect(res.status).toBe(303);
      expect(await stored()).toMatchObject({ federationId: 'SRB-7', version: person.version + 1 });
      const lines = await edits(autumn.id);
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatchObject({
        before: { federationId: '941204' },
        after: { federationId: 'SRB-7' },
      });
      // Spring is closed, but its log still hears of the person.
      expect(await edits(spring.id)).toHaveLength(3);
    });

    it("a stale person is 409: neither the player's fields nor the id are written", async () => {
      const person = await stored();
      const version = await playerVersion(anaAutumn.id);
      const player = (await t.http.get(`/api/players/${anaAutumn.id}`).expect(200)).body as object;
      const res = await editPlayer(anaAutumn.id, {
        name: 'Ana P.',
        club: 'ŠK Istok',
        rating: '1700',
        federationId: 'SRB-8',
        version,
        personVersion: person.version - 1,
      });
      expect(res.status).toBe(409);
      expect(res.text).toContain('<dd id="stored-federationId">SRB-7</dd>');
      expect(res.text).toContain(`name="personVersion" value="${person.version}"`);
      expect(inputValue(res.text, 'f-federationId')).toBe('SRB-8');
      expect(await stored()).toEqual(person);
      expect((await t.http.get(`/api/players/${anaAutumn.id}`).expect(200)).body).toEqual(player);
      expect(await edits(autumn.id)).toHaveLength(3);
    });

    it("another person's federation id is refused on its field; the name is not written", async () => {
      const person = await stored();
      const version = await playerVersion(anaAutumn.id);
      const res = await editPlayer(anaAutumn.id, {
        name: 'Ana P.',
        federationId: 'SRB-42',
        version,
        personVersion: person.version,
      });
      expect(res.status).toBe(409);
      expect(res.text).toMatch(/id="f-federationId"[^>]*aria-invalid="true"/);
      expect(
        ((await t.http.get(`/api/players/${anaAutumn.id}`)).body as { name: string }).name,
      ).toBe('Ana Petrović');
      expect(await stored()).toEqual(person);
    });

    it("the person's id left as it was is no change of the person, even on a stale page", async () => {
      const person = await stored();
      const version = await playerVersion(bora.id);
      const boraPerson = await stored(bora.personId);
      await editPlayer(bora.id, {
        name: 'Bora Jovanović',
        club: 'ŠK Zapad',
        federationId: 'SRB-42',
        version,
        personVersion: boraPerson.version - 1,
      }).expect(303);
      expect(await stored(bora.personId)).toEqual(boraPerson);
      expect(await edits(quiet.id)).toHaveLength(0);
      expect(await stored()).toEqual(person);
    });
  });
});
