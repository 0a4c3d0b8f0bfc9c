import { adminCookie } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { createTournament, enterResult, pair } from '../tournament-helpers';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp();
  cookie = await adminCookie(t);
}, 60000);
afterAll(() => t.close());

const division = async (name: string, startDate: string, ruleSet = 'kvizovka') =>
  (await createTournament(t, { name, ruleSet, rounds: 2, startDate, endDate: startDate }))
    .divisionId;
const register = (divisionId: number, body: Record<string, unknown>) =>
  t.http.post(`/api/divisions/${divisionId}/players`).set(t.organiser).send(body);
const page = (path: string, form: Record<string, string>) =>
  t.http.post(path).set('Origin', t.url).set('Cookie', cookie).type('form').send(form);

interface PersonDetail {
  id: number;
  name: string;
  country: string | null;
  federationId: string | null;
  events: { tournament: string; division: string; name: string; wins: number; losses: number }[];
  games: { round: number; opponent: string; outcome: string; score: number | null }[];
}

describe(`the registry of persons across tournaments (${DATABASE_KIND})`, () => {
  let spring: number;
  let autumn: number;
  beforeAll(async () => {
    // Created autumn first: the person's page lists by date, not by creation.
    autumn = await division('Jesen 2026', '2026-10-03');
    spring = await division('Proleće 2026', '2026-04-11');
  });

  it('a registration picks the person by federation id, then by exact name, else makes one', async () => {
    const ana = (await register(spring, { name: 'Ana Petrović', country: 'SRB' }).expect(201)).body;
    expect(ana.personId).toEqual(expect.any(Number));
    const marko = (
      await register(spring, { name: 'Marko Ilić', federationId: 'SRB-771' }).expect(201)
    ).body;
    // Same name, case and spaces aside: the same person.
    const ana2 = (await register(autumn, { name: 'ana  PETROVIĆ' }).expect(201)).body;
    expect(ana2.personId).toBe(ana.personId);
    // Same federation id under another spelling: the same person, registered as written.
    const marko2 = (
      await register(autumn, { name: 'Marko M. Ilić', federationId: 'SRB-771' }).expect(201)
    ).body;
    expect(marko2.personId).toBe(marko.personId);
    expect(marko2.name).toBe('Marko M. Ilić');
    // The same person twice in one division is refused, naming the field.
    const twice = await register(autumn, { person: ana.personId, name: 'Ana P.' }).expect(409);
    expect(twice.body).toMatchObject({ code: 'PERSON_REGISTERED', details: { field: 'person' } });
  });

  it('a name two persons share is refused until the registration says which', async () => {
    const third = await division('Zima 2026', '2026-12-12');
    const other = (
      await register(third, { name: 'Ana Petrović', newPerson: true, club: 'Novi Sad' }).expect(201)
    ).body;
    const fourth = await division('Zima 2027', '2027-01-09');
    const refused = await register(fourth, { name: 'Ana Petrović' }).expect(409);
    expect(refused.body.code).toBe('PERSON_AMBIGUOUS');
    expect(refused.body.details.field).toBe('person');
    expect(refused.body.details.candidates).toHaveLength(2);
    // By id: the name and club come from the registry.
    const picked = (await register(fourth, { person: other.personId }).expect(201)).body;
    expect(picked).toMatchObject({
      personId: other.personId,
      name: 'Ana Petrović',
      club: 'Novi Sad',
    });
  });

  it('bad input is a 4xx naming the field, and nothing is stored', async () => {
    const before = (await t.http.get(`/api/divisions/${spring}/players`).expect(200)).body.length;
    const country = await register(spring, { name: 'Iva Kos', country: 'srb' }).expect(400);
    expect(JSON.stringify(country.body)).toContain('country');
    const fed = await register(spring, { name: 'Iva Kos', federationId: 'a b' }).expect(400);
    expect(JSON.stringify(fed.body)).toContain('federationId');
    const unknown = await register(spring, { person: 999999 }).expect(422);
    expect(unknown.body).toMatchObject({ code: 'UNKNOWN_PERSON', details: { field: 'person' } });
    const noName = await register(spring, {}).expect(400);
    expect(JSON.stringify(noName.body)).toContain('name');
    const q = await t.http.get('/api/persons?q=a').expect(400);
    expect(q.body.details.field).toBe('q');
    expect((await t.http.get(`/api/divisions/${spring}/players`).expect(200)).body).toHaveLength(
      before,
    );
  });

  it('search reads names as the eye does, and finds a federation id', async () => {
    const latin = (await t.http.get('/api/persons?q=petrovic').expect(200)).body;
    expect(latin.map((p: { name: string }) => p.name)).toEqual(['Ana Petrović', 'Ana Petrović']);
    const cyrillic = (
      await t.http.get(`/api/persons?q=${encodeURIComponent('ПЕТРОВИЋ')}`).expect(200)
    ).body;
    expect(cyrillic).toHaveLength(2);
    const byId = (await t.http.get('/api/persons?q=SRB-771').expect(200)).body;
    expect(byId).toEqual([
      expect.objectContaining({ name: 'Marko Ilić', federationId: 'SRB-771' }),
    ]);
    // Without q: the registry's first persons by name.
    const first = (await t.http.get('/api/persons').expect(200)).body as { name: string }[];
    expect(first.map((p) => p.name)).toEqual(
      [...first.map((p) => p.name)].sort((a, b) => a.localeCompare(b)),
    );
    expect(first.length).toBeGreaterThanOrEqual(3);
    // A pattern character is a letter: nothing is named with %.
    expect((await t.http.get('/api/persons?q=%25%25').expect(200)).body).toEqual([]);
  });

  it("a person's page lists tournaments in date order and the games of each", async () => {
    // A game in each tournament between Ana and Marko.
    for (const [d, scores] of [
      [autumn, [400, 300]],
      [spring, [250, 410]],
    ] as const) {
      const round = await pair(t, d);
      const game = round.games[0];
      await enterResult(t, t.organiser, game, { scores: [...scores], clocks: ['05:00', '04:00'] });
    }
    const players = (await t.http.get(`/api/divisions/${spring}/players`).expect(200)).body;
    const ana = players.find((p: { name: string }) => p.name === 'Ana Petrović');
    const detail = (await t.http.get(`/api/persons/${ana.personId}`).expect(200))
      .body as PersonDetail;
    expect(detail.country).toBe('SRB');
    expect(detail.events.map((e) => e.tournament)).toEqual(['Proleće 2026', 'Jesen 2026']);
    expect(detail.events.map((e) => e.name)).toEqual(['Ana Petrović', 'ana PETROVIĆ']);
    expect(detail.games.map((g) => [g.opponent, g.outcome])).toEqual([
      [expect.stringMatching(/Marko/), expect.stringMatching(/win|loss/)],
      [expect.stringMatching(/Marko/), expect.stringMatching(/win|loss/)],
    ]);
    const html = await t.http.get(`/persons/${ana.personId}?lang=en`).expect(200);
    expect(html.text).toContain('Proleće 2026');
    expect(html.text).toContain('Jesen 2026');
    expect(html.text).toContain('Games in every tournament');
    const cyr = await t.http.get(`/persons/${ana.personId}?lang=sr-Cyrl`).expect(200);
    expect(cyr.text).toContain('Партије на свим турнирима');
    await t.http.get('/persons/999999').expect(404);
    // Each tournament's player page leads to the person's.
    const scorecard = await t.http.get(`/players/${ana.id}?lang=en`).expect(200);
    expect(scorecard.text).toContain(`href="/persons/${ana.personId}"`);
  });

  it("the organiser's page searches the registry and registers the person picked", async () => {
    const d = await division('Kup 2027', '2027-03-01');
    const found = await t.http
      .get(`/organiser/divisions/${d}/players?find=ilic&lang=en`)
      .set('Cookie', cookie)
      .expect(200);
    expect(found.text).toContain('Found in the registry: 1');
    const person = /name="person" value="(\d+)"/.exec(found.text)![1];
    await page(`/organiser/divisions/${d}/players`, { person }).expect(303);
    const players = (await t.http.get(`/api/divisions/${d}/players`).expect(200)).body;
    expect(players).toEqual([
      expect.objectContaining({ personId: Number(person), name: 'Marko Ilić' }),
    ]);
    // A name two persons share: the form comes back with both to choose from.
    const again = await page(`/organiser/divisions/${d}/players?lang=en`, {
      name: 'Ana Petrović',
    }).expect(409);
    expect(again.text).toContain('Several persons of the registry have this name');
    expect(again.text.match(/name="person" value="\d+"/g)).toHaveLength(2);
    const bad = await page(`/organiser/divisions/${d}/players?lang=en`, {
      name: 'Iva Kos',
      country: 'Serbia',
    }).expect(400);
    expect(bad.text).toContain('id="e-country"');
  });

  it('the CSV import matches by federation id, then by exact name', async () => {
    const d = await division('Kup 2028', '2028-03-01');
    const csv = 'name;club;federation id;country\nM. Ilić;;SRB-771;\nAna Novak;;;CRO\n';
    await page(`/organiser/divisions/${d}/players/import`, { csvText: csv }).expect(303);
    const players = (await t.http.get(`/api/divisions/${d}/players`).expect(200)).body as {
      name: string;
      personId: number;
    }[];
    const marko = (await t.http.get('/api/persons?q=SRB-771').expect(200)).body[0];
    expect(players.find((p) => p.name === 'M. Ilić')!.personId).toBe(marko.id);
    const novak = (await t.http.get('/api/persons?q=novak').expect(200)).body;
    expect(novak).toEqual([expect.objectContaining({ name: 'Ana Novak', country: 'CRO' })]);
    const bad = await page(`/organiser/divisions/${d}/players/csv?lang=en`, {
      csvText: 'name;country\nIva;Serbia\n',
    }).expect(422);
    expect(bad.text).toContain('country &quot;Serbia&quot; is not two or three capital letters');
  });

  it('merges a person registered twice into one, after a question, and refuses two players', async () => {
    const a = await division('Kup A', '2029-01-01');
    const b = await division('Kup B', '2029-02-01');
    const x = (await register(a, { name: 'Zoran Spoj', newPerson: true }).expect(201)).body;
    const y = (
      await register(b, { name: 'Zoran Spoj', newPerson: true, country: 'MNE' }).expect(201)
    ).body;
    const merge = (id: number, body: Record<string, unknown>) =>
      t.http.post(`/api/persons/${id}/merge`).set(t.organiser).send(body);
    const ask = await merge(x.personId, { into: y.personId }).expect(409);
    expect(ask.body).toMatchObject({
      code: 'CONFIRMATION_NEEDED',
      details: { players: 1, tournaments: ['Kup A'] },
    });
    expect((await merge(x.personId, { into: x.personId }).expect(400)).body.details.field).toBe(
      'into',
    );
    expect((await merge(x.personId, { into: 999999 }).expect(422)).body.details.field).toBe('into');
    // Both in one division: two players, not one person.
    const twin = (await register(a, { name: 'Zoran S.', person: y.personId }).expect(201)).body;
    expect(
      (await merge(x.personId, { into: y.personId, confirm: true }).expect(409)).body.code,
    ).toBe('PERSONS_SHARE_DIVISION');
    await t.http.delete(`/api/players/${twin.id}`).set(t.organiser).expect(204);

    // On the person page: the organiser sees the form; the question names what moves.
    const html = (path: string) => t.http.get(path).set('Cookie', cookie);
    expect((await html(`/persons/${x.personId}?lang=en`).expect(200)).text).toContain(
      'Merge with another person',
    );
    expect((await t.http.get(`/persons/${x.personId}?lang=en`).expect(200)).text).not.toContain(
      'Merge with another person',
    );
    const question = await page(`/organiser/persons/${x.personId}/merge?lang=en`, {
      into: String(y.personId),
    }).expect(200);
    expect(question.text).toContain(`Merge Zoran Spoj into Zoran Spoj?`);
    expect(question.text).toContain('<li>Kup A</li>');
    expect((await t.http.get(`/api/persons/${x.personId}`).expect(200)).body.name).toBe(
      'Zoran Spoj',
    );
    const refused = await page(`/organiser/persons/${x.personId}/merge`, {
      into: String(x.personId),
    }).expect(303);
    expect(refused.headers.location).toContain('refused=');
    const done = await page(`/organiser/persons/${x.personId}/merge`, {
      into: String(y.personId),
      confirm: '1',
    }).expect(303);
    expect(done.headers.location).toBe(`/persons/${y.personId}?done=saved`);
    await t.http.get(`/api/persons/${x.personId}`).expect(404);
    const merged = (await t.http.get(`/api/persons/${y.personId}`).expect(200))
      .body as PersonDetail;
    expect(merged.country).toBe('MNE');
    expect(merged.events.map((e) => e.tournament)).toEqual(['Kup A', 'Kup B']);
    const player = (await t.http.get(`/api/players/${x.id}`).expect(200)).body;
    expect(player.personId).toBe(y.personId);
  });
});
