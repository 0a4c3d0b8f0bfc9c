import { adminCookie } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { createTournament, register } from '../tournament-helpers';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp();
  cookie = await adminCookie(t);
}, 60000);
afterAll(() => t.close());

interface Entry {
  action: string;
  playerId: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** A player's edit page (issue 36): name, club and rating, with the version it was read at. */
describe(`a player's edit page (${DATABASE_KIND})`, () => {
  let tournamentId: number;
  let divisionId: number;
  let playerId: number;
  beforeAll(async () => {
    ({ id: tournamentId, divisionId } = await createTournament(t, {
      name: 'Edits',
      ruleSet: 'kvizovka',
      rounds: 3,
    }));
    [{ id: playerId }] = await register(t, divisionId, ['Ana Petrović', 'Bora Jovanović']);
  });

  const stored = async () =>
    (await t.http.get(`/api/players/${playerId}`).expect(200)).body as {
      name: string;
      club: string | null;
      rating: number | null;
      version: number;
    };
  const edits = async (): Promise<Entry[]> =>
    (
      (await t.http.get(`/api/tournaments/${tournamentId}/log`).set(t.organiser).expect(200))
        .body as { entries: Entry[] }
    ).entries.filter((e) => e.action === 'player.edited');
  const post = (body: Record<string, string | number>, lang = 'sr-Latn') =>
    t.http
      .post(`/organiser/players/${playerId}/edit?lang=${lang}`)
      .set('Origin', t.url)
      .set('Cookie', cookie)
      .type('form')
      .send(body);

  it('is linked from the players list and shows the stored values and version', async () => {
    const list = await t.http
      .get(`/organiser/divisions/${divisionId}/players`)
      .set('Cookie', cookie)
      .expect(200);
    expect(list.text).toContain(`href="/organiser/players/${playerId}/edit"`);
    const { version } = await stored();
    const page = await t.http
      .get(`/organiser/players/${playerId}/edit`)
      .set('Cookie', cookie)
      .expect(200);
    expect(page.text).toContain('value="Ana Petrović"');
    expect(page.text).toContain(`name="version" value="${version}"`);
  });

  it('saves a change through the page, with one line in the log', async () => {
    const { version } = await stored();
    const res = await post({ name: 'Ana Petrović-Ilić', club: 'ŠK Novi', rating: 1720, version });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/organiser/divisions/${divisionId}/players?done=saved`);
    const now = await stored();
    expect(now).toMatchObject({ name: 'Ana Petrović-Ilić', club: 'ŠK Novi', rating: 1720 });
    expect(now.version).toBe(version + 1);
    const lines = await edits();
    expect(lines).toHaveLength(1);
    expect(lines[0].playerId).toBe(playerId);
    expect(lines[0].after).toMatchObject({ name: 'Ana Petrović-Ilić', club: 'ŠK Novi' });
  });

  it('a stale version is 409 with what is stored now, and changes nothing', async () => {
    const before = await stored();
    const res = await post(
      { name: 'Neko Drugi', club: '', rating: 1500, version: before.version - 1 },
      'en',
    );
    expect(res.status).toBe(409);
    expect(res.text).toContain('nothing was saved');
    expect(res.text).toContain('<dd id="stored-name">Ana Petrović-Ilić</dd>');
    expect(res.text).toContain('value="Neko Drugi"'); // what was typed is kept
    // The form now carries the stored version: saving again overwrites knowingly.
    expect(res.text).toContain(`name="version" value="${before.version}"`);
    expect(await stored()).toEqual(before);
    expect(await edits()).toHaveLength(1);
  });

  it('a version that is not a number is stale too', async () => {
    const before = await stored();
    const res = await post({ name: 'X', version: 'abc' });
    expect(res.status).toBe(409);
    expect(await stored()).toEqual(before);
  });

  it('a rating of 99999 is 400 with the message on its field, and changes nothing', async () => {
    const before = await stored();
    const res = await post({ name: 'Ana', rating: 99999, version: before.version });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/id="f-rating"[^>]*aria-invalid="true"/);
    expect(res.text).toContain('id="e-rating"');
    expect(await stored()).toEqual(before);
    expect(await edits()).toHaveLength(1);
  });

  it("another player's name is refused on the name field, nothing written", async () => {
    const before = await stored();
    const res = await post({ name: 'Bora Jovanović', version: before.version });
    expect(res.status).toBe(409);
    expect(res.text).toContain('id="e-name"');
    expect(await stored()).toEqual(before);
    expect(await edits()).toHaveLength(1);
  });

  it('an empty club and rating clear them', async () => {
    const { version } = await stored();
    await post({ name: 'Ana Petrović-Ilić', club: '', rating: '', version }).expect(303);
    expect(await stored()).toMatchObject({ club: null, rating: null });
    expect(await edits()).toHaveLength(2);
  });
});
