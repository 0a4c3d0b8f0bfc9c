import { adminCookie, signInCookie } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { createTournament, pair, readVersion, register } from '../tournament-helpers';

interface LogEntry {
  at: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

interface ExportedDocument {
  tournament: Record<string, unknown> & { timeZone?: string | null };
  log: { at: string; action: string }[];
}

/** An instant whose local time differs in each zone: 11:30 in New York (EDT), 16:30 in Belgrade (CET), 15:30 in UTC. */
const KNOWN_INSTANT = '2026-03-14T15:30:00.000Z';

/**
 * A tournament's time zone: set on create and by PATCH (a bad one is a 400 naming the field),
 * shown and changed on the organiser's page, logged, copied, carried by export and import
 * (a document without one is the server's zone), and every time of the tournament's pages is
 * in it: the log's entries, the judge's sheet form. The server's own zone is UTC here.
 */
describe(`time zones of tournaments (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let organiserPage: string;
  beforeAll(async () => {
    t = await startTestApp(undefined, { TIME_ZONE: 'UTC' });
    organiserPage = await adminCookie(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const base = { ruleSet: 'kvizovka', rounds: 3 };

  /** The log page's text in English, tags taken out. */
  async function logPageText(tournamentId: number): Promise<string> {
    const res = await t.http
      .get(`/organiser/tournaments/${tournamentId}/log?lang=en`)
      .set('Cookie', organiserPage)
      .expect(200);
    return res.text
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, ' ');
  }

  async function logOf(tournamentId: number): Promise<LogEntry[]> {
    const res = await t.http
      .get(`/api/tournaments/${tournamentId}/log?limit=100`)
      .set(t.organiser)
      .expect(200);
    return (res.body as { entries: LogEntry[] }).entries;
  }

  /** `2026-03-14 11:30`: as the English log page writes `iso` in `timeZone`. */
  function localTime(iso: string, timeZone: string): string {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(iso))
        .map((p) => [p.type, p.value]),
    );
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  }

  test('set on create and by PATCH; a bad zone is a 400 naming the field', async () => {
    const ny = await createTournament(t, {
      ...base,
      name: 'New York Open',
      timeZone: 'America/New_York',
    });
    expect((await t.http.get(`/api/tournaments/${ny.id}`).expect(200)).body).toMatchObject({
      timeZone: 'America/New_York',
    });
    // None given: the server's (null).
    const plain = await createTournament(t, { ...base, name: 'Bez zone' });
    expect((await t.http.get(`/api/tournaments/${plain.id}`).expect(200)).body.timeZone).toBeNull();

    for (const bad of ['Europe/Nowhere', 'not a zone', 42, 'x'.repeat(65)]) {
      const created = await t.http
        .post('/api/tournaments')
        .set(t.organiser)
        .send({ ...base, name: 'Loša zona', timeZone: bad })
        .expect(400);
      expect(created.body.message).toContain('timeZone');
      const patched = await t.http
        .patch(`/api/tournaments/${ny.id}`)
        .set(t.organiser)
        .set(await readVersion(t, `/api/tournaments/${ny.id}`))
        .send({ timeZone: bad })
        .expect(400);
      expect(patched.body.message).toContain('timeZone');
    }
    expect((await t.http.get(`/api/tournaments/${ny.id}`).expect(200)).body.timeZone).toBe(
      'America/New_York',
    );

    // Changed, and back to the server's: each change in the log, before and after.
    await t.http
      .patch(`/api/tournaments/${plain.id}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/tournaments/${plain.id}`))
      .send({ timeZone: 'Europe/Belgrade' })
      .expect(200);
    await t.http
      .patch(`/api/tournaments/${plain.id}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/tournaments/${plain.id}`))
      .send({ timeZone: null })
      .expect(200);
    const settings = (await logOf(plain.id)).filter((e) => e.action === 'tournament.settings');
    expect(settings.map((e) => [e.before, e.after])).toEqual([
      [{ timeZone: 'Europe/Belgrade' }, { timeZone: null }],
      [{ timeZone: null }, { timeZone: 'Europe/Belgrade' }],
    ]);
    const text = await logPageText(plain.id);
    expect(text).toContain("time zone: Europe/Belgrade → the server's zone");
    expect(text).toContain("time zone: the server's zone → Europe/Belgrade");
  });

  test("the log page shows each entry in its tournament's zone", async () => {
    const ny = await createTournament(t, {
      ...base,
      name: 'Manhattan',
      timeZone: 'America/New_York',
    });
    const bg = await createTournament(t, { ...base, name: 'Beograd', timeZone: 'Europe/Belgrade' });
    for (const [{ id }, zone] of [
      [ny, 'America/New_York'],
      [bg, 'Europe/Belgrade'],
    ] as const) {
      const [created] = await logOf(id);
      const text = await logPageText(id);
      expect(text).toContain(localTime(created.at, zone));
    }

    // At a known instant (a document's log keeps its times): the same entry in three zones.
    const doc = (await t.http.get(`/api/tournaments/${ny.id}/export`).set(t.organiser).expect(200))
      .body as ExportedDocument;
    expect(doc.tournament.timeZone).toBe('America/New_York');
    doc.log[0].at = KNOWN_INSTANT;
    const inNewYork = (
      await t.http
        .post('/api/tournaments/import')
        .set(t.organiser)
        .send({ ...doc, tournament: { ...doc.tournament, name: 'Manhattan 2' } })
        .expect(201)
    ).body as { id: number; timeZone: string | null };
    expect(inNewYork.timeZone).toBe('America/New_York');
    const inBelgrade = (
      await t.http
        .post('/api/tournaments/import')
        .set(t.organiser)
        .send({
          ...doc,
          tournament: { ...doc.tournament, name: 'Beograd 2', timeZone: 'Europe/Belgrade' },
        })
        .expect(201)
    ).body as { id: number; timeZone: string | null };
    expect(inBelgrade.timeZone).toBe('Europe/Belgrade');
    // A document written before tournaments had a zone: the server's (UTC here).
    const { timeZone: _, ...older } = doc.tournament;
    const inServerZone = (
      await t.http
        .post('/api/tournaments/import')
        .set(t.organiser)
        .send({ ...doc, tournament: { ...older, name: 'Stari dokument' } })
        .expect(201)
    ).body as { id: number; timeZone: string | null };
    expect(inServerZone.timeZone).toBeNull();

    const nyText = await logPageText(inNewYork.id);
    expect(nyText).toContain('2026-03-14 11:30');
    expect(nyText).not.toContain('2026-03-14 16:30');
    const bgText = await logPageText(inBelgrade.id);
    expect(bgText).toContain('2026-03-14 16:30');
    expect(bgText).not.toContain('2026-03-14 11:30');
    expect(await logPageText(inServerZone.id)).toContain('2026-03-14 15:30');

    // Exported again, the zone is the same; a bad one in a document is refused at its place.
    const again = (
      await t.http.get(`/api/tournaments/${inBelgrade.id}/export`).set(t.organiser).expect(200)
    ).body as ExportedDocument;
    expect(again.tournament.timeZone).toBe('Europe/Belgrade');
    const refused = await t.http
      .post('/api/tournaments/import')
      .set(t.organiser)
      .send({
        ...doc,
        tournament: { ...doc.tournament, name: 'Loš dokument', timeZone: 'Mars/Olympus' },
      })
      .expect(422);
    expect(JSON.stringify(refused.body)).toContain('tournament.timeZone');
  });

  test("the organiser's page shows and changes it; a copy keeps it", async () => {
    const { id } = await createTournament(t, { ...base, name: 'Kup zona' });
    const page = await t.http
      .get(`/organiser/tournaments/${id}?lang=en`)
      .set('Cookie', organiserPage)
      .expect(200);
    expect(page.text).toContain(`action="/organiser/tournaments/${id}/time-zone"`);
    expect(page.text).toContain('<option value="America/New_York">');
    expect(page.text).toContain('placeholder="UTC"');
    const post = (timeZone: string, version: number) =>
      t.http
        .post(`/organiser/tournaments/${id}/time-zone?lang=en`)
        .set('Origin', t.url)
        .set('Cookie', organiserPage)
        .type('form')
        .send({ timeZone, version: String(version) });
    const { version } = (await t.http.get(`/api/tournaments/${id}`).expect(200)).body as {
      version: number;
    };
    const bad = await post('Europe/Atlantis', version).expect(400);
    expect(bad.text).toContain('Not a time zone: write it as Europe/Belgrade.');
    expect(bad.text).toContain('value="Europe/Atlantis"');
    await post('America/New_York', version).expect(303);
    const after = (await t.http.get(`/api/tournaments/${id}`).expect(200)).body as {
      timeZone: string;
      version: number;
    };
    expect(after.timeZone).toBe('America/New_York');
    const shown = await t.http
      .get(`/organiser/tournaments/${id}?lang=sr-Latn`)
      .set('Cookie', organiserPage)
      .expect(200);
    expect(shown.text).toContain('Vremenska zona');
    expect(shown.text).toContain('value="America/New_York"');
    // Emptied: the server's again.
    await post('', after.version).expect(303);
    expect((await t.http.get(`/api/tournaments/${id}`).expect(200)).body.timeZone).toBeNull();

    await post('Asia/Tokyo', after.version + 1).expect(303);
    const copy = await t.http
      .post(`/api/tournaments/${id}/copy`)
      .set(t.organiser)
      .send({ name: 'Kup zona 2' })
      .expect(201);
    expect(copy.body.timeZone).toBe('Asia/Tokyo');
  });

  test("the judge's sheet form keeps times in the tournament's zone", async () => {
    const { id, divisionId } = await createTournament(t, {
      ...base,
      name: 'Sheet zone',
      timeZone: 'America/New_York',
    });
    await register(t, divisionId, ['Ana', 'Bora']);
    const round = await pair(t, divisionId);
    const game = round.games.find((g) => g.second !== null)!;
    const judge = await signInCookie(t, 'judge', [id]);
    const form = await t.http
      .get(`/judge/games/${game.id}/scoresheet`)
      .set('Cookie', judge)
      .expect(200);
    expect(form.text).toMatch(/"timeZone":"America\\?(\/|u002F)New_York"/);
  });
});
