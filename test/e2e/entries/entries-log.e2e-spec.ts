import { adminCookie, mainText } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { createTournament } from '../tournament-helpers';

interface LogEntry {
  id: number;
  action: string;
  by: { name: string; email: string | null } | null;
  note: string | null;
  division: string | null;
  player: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

interface EntryView {
  id: number;
  name: string;
  status: string;
  place: number | null;
}

/**
 * Entries online in the director's log: opening and closing them, refusing an entry and undoing
 * the refusal, a player's own withdrawal (no account: the note says whose link) and a confirmation
 * (its player's registration names the entry), each in the log page's words in every language,
 * and an export with these lines imports.
 */
describe(`entries online in the director's log (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let organiser: string;
  let tournamentId: number;
  let a: number;
  let b: number;

  beforeAll(async () => {
    t = await startTestApp();
    organiser = await adminCookie(t);
    const created = await createTournament(t, {
      name: 'Kup dnevnika',
      ruleSet: 'kvizovka',
      rounds: 3,
      timeZone: 'Europe/Belgrade',
    });
    tournamentId = created.id;
    a = created.divisionId;
    b = (
      await t.http
        .post(`/api/tournaments/${tournamentId}/divisions`)
        .set(t.organiser)
        .send({ name: 'B grupa' })
        .expect(201)
    ).body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const orgPost = (path: string, form: Record<string, string>) =>
    t.http.post(path).set('Origin', t.url).set('Cookie', organiser).type('form').send(form);

  async function enter(name: string, divisionId: number): Promise<{ id: number; link: string }> {
    const res = await t.http
      .post(`/api/tournaments/${tournamentId}/entries`)
      .send({ name, email: 'igrac@example.org', divisionId })
      .expect(201);
    return { id: res.body.entry.id, link: res.body.link };
  }

  async function entries(): Promise<Map<string, EntryView>> {
    const res = await t.http
      .get(`/api/tournaments/${tournamentId}/entries`)
      .set(t.organiser)
      .expect(200);
    return new Map((res.body as EntryView[]).map((e) => [e.name, e]));
  }

  async function log(): Promise<LogEntry[]> {
    const res = await t.http
      .get(`/api/tournaments/${tournamentId}/log?limit=500`)
      .set(t.organiser)
      .expect(200);
    return (res.body.entries as LogEntry[]).reverse();
  }

  const lines = async (action: string) => (await log()).filter((e) => e.action === action);

  test('each step logged with who, before and after; undoing a refusal follows the rules of entries', async () => {
    // Opened: A with 2 places and a waiting list, B with 1 place and none.
    await orgPost(`/organiser/tournaments/${tournamentId}/entries`, {
      deadline: '2099-12-20T18:00',
      [`takes${a}`]: '1',
      [`cap${a}`]: '2',
      [`waiting${a}`]: '1',
      [`takes${b}`]: '1',
      [`cap${b}`]: '1',
    }).expect(303);
    const [opened] = await lines('entries.opened');
    expect(opened).toMatchObject({
      by: { name: expect.any(String), email: expect.any(String) },
      note: null,
      before: null,
      after: {
        // 18:00 in Belgrade in December is 17:00 UTC.
        deadline: '2099-12-20T17:00:00.000Z',
        entryDivisions: [
          { division: expect.any(String), cap: 2, waitingList: true },
          { division: 'B grupa', cap: 1, waitingList: false },
        ],
      },
    });

    const bora = await enter('Bora Jović', a);
    const ceca = await enter('Ceca Lukić', a);
    await enter('Dule Savić', a);
    expect((await entries()).get('Dule Savić')).toMatchObject({ status: 'waiting', place: 1 });

    // Refused (after asking): Dule moves up.
    await orgPost(`/organiser/entries/${bora.id}/refuse`, { confirm: '1' }).expect(303);
    expect((await entries()).get('Dule Savić')!.status).toBe('entered');
    expect(await lines('entry.refused')).toMatchObject([
      {
        division: expect.any(String),
        by: { name: expect.any(String) },
        before: { entryStatus: 'entered' },
        after: { entry: 'Bora Jović', entryStatus: 'refused' },
      },
    ]);

    // The organiser's page offers to undo the refusal, which asks nothing: A is full, so Bora
    // goes to the waiting list.
    const page = (
      await t.http
        .get(`/organiser/tournaments/${tournamentId}/entries`)
        .set('Cookie', organiser)
        .expect(200)
    ).text;
    expect(page).toContain(`action="/organiser/entries/${bora.id}/restore"`);
    expect(mainText(page)).toContain('Poništi odbijanje');
    await orgPost(`/organiser/entries/${bora.id}/restore`, {}).expect(303);
    expect((await entries()).get('Bora Jović')).toMatchObject({ status: 'waiting', place: 1 });
    expect(await lines('entry.restored')).toMatchObject([
      {
        before: { entryStatus: 'refused' },
        after: { entry: 'Bora Jović', entryStatus: 'waiting' },
      },
    ]);

    // Through the API: only a refused entry is restored; one with a free place waits for a
    // decision again.
    const notRefused = await t.http
      .post(`/api/entries/${ceca.id}/restore`)
      .set(t.organiser)
      .expect(409);
    expect(notRefused.body.code).toBe('ENTRY_NOT_REFUSED');
    await orgPost(`/organiser/entries/${ceca.id}/refuse`, { confirm: '1' }).expect(303);
    expect((await entries()).get('Bora Jović')!.status).toBe('entered');
    const back = await t.http.post(`/api/entries/${ceca.id}/restore`).set(t.organiser).expect(200);
    expect(back.body).toMatchObject({ name: 'Ceca Lukić', status: 'waiting', place: 1 });
    // An account without a role in this tournament is refused, nothing written.
    const outsider = await t.account('organiser');
    await t.http.post(`/api/entries/${ceca.id}/restore`).set(outsider).expect(403);
    await t.http.post('/api/entries/999999/restore').set(t.organiser).expect(404);

    // B is full and has no waiting list: a refusal is not undone there.
    const ema = await enter('Ema Kostić', b);
    await orgPost(`/organiser/entries/${ema.id}/refuse`, { confirm: '1' }).expect(303);
    const fila = await enter('Fila Perić', b);
    const restoredBefore = (await lines('entry.restored')).length;
    const full = await t.http.post(`/api/entries/${ema.id}/restore`).set(t.organiser).expect(409);
    expect(full.body.code).toBe('ENTRIES_FULL');
    const fullPage = await orgPost(`/organiser/entries/${ema.id}/restore`, {}).expect(409);
    expect(mainText(fullPage.text)).toContain('Ema Kostić: ');
    expect((await entries()).get('Ema Kostić')!.status).toBe('refused');
    expect(await lines('entry.restored')).toHaveLength(restoredBefore);

    // Fila withdraws by her link: no account; the log says it was the entry's own link.
    await t.http
      .post(`${fila.link}/withdraw`)
      .set('Origin', t.url)
      .type('form')
      .send({ confirm: '1' })
      .expect(200);
    expect(await lines('entry.withdrawn')).toMatchObject([
      {
        by: null,
        note: 'the player, by the private link of the entry',
        division: 'B grupa',
        before: { entryStatus: 'entered' },
        after: { entry: 'Fila Perić', entryStatus: 'withdrawn' },
      },
    ]);

    // Confirmed: the player's registration names the entry.
    await orgPost(`/organiser/entries/${bora.id}/confirm`, {}).expect(303);
    expect(await lines('player.registered')).toMatchObject([
      { player: 'Bora Jović', after: { name: 'Bora Jović', fromEntry: bora.id } },
    ]);

    // Opened again with another cap: before and after; closed once (closing closed entries
    // logs nothing).
    await orgPost(`/organiser/tournaments/${tournamentId}/entries`, {
      deadline: '2099-12-21T18:00',
      [`takes${a}`]: '1',
      [`cap${a}`]: '3',
      [`waiting${a}`]: '1',
    }).expect(303);
    const reopened = (await lines('entries.opened'))[1];
    expect(reopened.before).toEqual(opened.after);
    expect(reopened.after).toMatchObject({
      deadline: '2099-12-21T17:00:00.000Z',
      entryDivisions: [{ cap: 3, waitingList: true }],
    });
    await orgPost(`/organiser/tournaments/${tournamentId}/entries/close`, {}).expect(303);
    await orgPost(`/organiser/tournaments/${tournamentId}/entries/close`, {}).expect(303);
    expect(await lines('entries.closed')).toHaveLength(1);
  });

  test.each([
    [
      'sr-Latn',
      [
        'Otvorene prijave preko interneta',
        'rok za prijave',
        '20. 12. 2099. 18:00',
        'B grupa: najviše 1, bez liste čekanja',
        'Odbijena prijava: Bora Jović',
        'Poništeno odbijanje prijave: Bora Jović',
        'na listi čekanja',
        'Igrač Fila Perić je povukao prijavu',
        'igrač, preko privatne veze prijave',
        'Prijavljen igrač Bora Jović · Open (potvrđena prijava preko interneta)',
        'Zatvorene prijave preko interneta',
      ],
    ],
    ['sr-Cyrl', ['Отворене пријаве преко интернета', 'Одбијена пријава: Bora Jović']],
    [
      'hr',
      [
        'Otvorene prijave preko interneta',
        'igrač, preko privatne poveznice prijave',
        'Igrač Fila Perić povukao je prijavu',
      ],
    ],
    [
      'en',
      [
        'Entries online opened',
        'deadline for entries',
        'B grupa: at most 1, no waiting list',
        'Entry refused: Bora Jović',
        'Refusal of an entry undone: Bora Jović',
        'on the waiting list',
        'Fila Perić withdrew their entry',
        "the player, by the entry's private link",
        'an entry online confirmed',
        'Entries online closed',
      ],
    ],
  ])('the log page says each step in words (%s)', async (lang, words) => {
    const html = (
      await t.http
        .get(`/organiser/tournaments/${tournamentId}/log?lang=${lang}`)
        .set('Cookie', organiser)
        .expect(200)
    ).text;
    const text = mainText(html);
    for (const w of words) expect(text).toContain(w);
    for (const code of [
      'entries.opened',
      'entries.closed',
      'entry.refused',
      'entry.withdrawn',
      'entry.restored',
      'entryStatus',
      'entryDivisions',
      'fromEntry',
      'waitingList',
      '2099-12-20T17',
    ])
      expect(text).not.toContain(code);
  });

  test('an export with these lines imports, the log kept', async () => {
    const exported = (
      await t.http.get(`/api/tournaments/${tournamentId}/export`).set(t.organiser).expect(200)
    ).body as { log: { action: string; note: string | null }[] };
    expect(exported.log.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'entries.opened',
        'entries.closed',
        'entry.refused',
        'entry.restored',
        'entry.withdrawn',
      ]),
    );
    const imported = await t.http
      .post('/api/tournaments/import')
      .set(t.organiser)
      .send(exported)
      .expect(201);
    const again = (
      await t.http.get(`/api/tournaments/${imported.body.id}/export`).set(t.organiser).expect(200)
    ).body as { log: unknown[] };
    expect(again.log.slice(0, -1)).toEqual(exported.log);
  });
});
