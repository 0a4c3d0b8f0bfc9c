import { adminCookie, mainText, signInCookie } from '../../browser/site';
import { DATABASE_KIND, ORGANISER, startTestApp, TestApp } from '../harness';
import {
  enterResult,
  GameJson,
  pair,
  register,
  RoundJson,
  standings,
  readVersion,
} from '../tournament-helpers';

interface Entry {
  id: number;
  at: string;
  action: string;
  by: { userId: number | null; name: string; email: string | null } | null;
  note: string | null;
  divisionId: number | null;
  division: string | null;
  playerId: number | null;
  player: string | null;
  gameId: number | null;
  players: [string, string | null] | null;
  round: number | null;
  table: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

interface LogDoc {
  at: string;
  action: string;
  by: { name: string; email: string | null } | null;
  division: string | null;
  player: number | null;
  round: number | null;
  table: number | null;
  before: unknown;
  after: unknown;
}

/**
 * The director's log: a small event run through the API, every action in the log in order
 * with who, before and after; nothing logged for a refused action; the organiser's page in
 * Serbian; export and import carry the log (plus the import's own entry) and the standings.
 */
describe(`director's log (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let organiserPage: string;
  beforeAll(async () => {
    t = await startTestApp();
    organiserPage = await adminCookie(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const text = (html: string) =>
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/&gt;/g, '>')
      .replace(/\s+/g, ' ');

  /** The whole log, oldest first, read a few entries a page to go through the paging. */
  async function wholeLog(tournamentId: number, query = ''): Promise<Entry[]> {
    const out: Entry[] = [];
    let before: number | null = null;
    for (;;) {
      const res = await t.http
        .get(
          `/api/tournaments/${tournamentId}/log?limit=7${query}${before === null ? '' : `&before=${before}`}`,
        )
        .set(t.organiser)
        .expect(200);
      const page = res.body as { entries: Entry[]; older: number | null };
      out.push(...page.entries);
      if (page.older === null) break;
      before = page.older;
    }
    return out.reverse();
  }

  test('a small event: every action logged in order, with who, before and after; export and import keep it', async () => {
    const judge = await t.account('judge', 'judge-log@example.org');
    // --- create, a second division, players ------------------------------------------------
    const created = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ name: 'Kup s dnevnikom', ruleSet: 'kvizovka', rounds: 3 })
      .expect(201);
    const tournamentId = created.body.id as number;
    const divisionId = created.body.divisions[0].id as number;
    await t.grant(tournamentId, judge, 'judge');
    await t.http
      .post(`/api/tournaments/${tournamentId}/divisions`)
      .set(t.organiser)
      .send({ name: 'Skrabl', ruleSet: 'scrabble-en', rounds: 5 })
      .expect(201);
    const [ana, bora, ceca, dule] = await register(t, divisionId, ['Ana', 'Bora', 'Ceca', 'Dule']);
    await t.http
      .patch(`/api/players/${ana.id}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/players/${ana.id}`))
      .send({ club: 'Novi klub' })
      .expect(200);
    await t.http
      .put(`/api/divisions/${divisionId}/seeds`)
      .set(t.organiser)
      .send({ by: 'rating' })
      .expect(200);

    // --- round 1, a swap, a settings change that needs confirming, a late entry ---------------
    const r1 = await pair(t, divisionId, { system: 'swiss' });
    const a = r1.games[0].first;
    const b = r1.games[1].first;
    await t.http
      .post(`/api/divisions/${divisionId}/rounds/1/swap`)
      .set(t.organiser)
      .send({ players: [a.id, b.id] })
      .expect(200);
    // Refused actions log nothing.
    const unconfirmed = await t.http
      .patch(`/api/divisions/${divisionId}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/divisions/${divisionId}`))
      .send({ rounds: 4 })
      .expect(409);
    expect(unconfirmed.body.code).toBe('CONFIRMATION_NEEDED');
    const bad = await t.http
      .post(`/api/divisions/${divisionId}/rounds/1/swap`)
      .set(t.organiser)
      .send({ players: [a.id, 999999] })
      .expect(422);
    expect(bad.body.code).toBe('NOT_IN_ROUND');
    await t.http
      .patch(`/api/divisions/${divisionId}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/divisions/${divisionId}`))
      .send({ rounds: 4, confirm: true })
      .expect(200);
    const [ema] = await register(t, divisionId, ['Ema']);

    // --- results: one entered and corrected by a judge, one more ---------------------------
    const round1 = (await t.http.get(`/api/divisions/${divisionId}/rounds/1`).expect(200))
      .body as RoundJson;
    const [g1, g2] = round1.games;
    const entered = await enterResult(t, judge, g1, {
      scores: [420, 380],
      clocks: ['05:00', '04:00'],
    });
    const corrected: GameJson = await enterResult(
      t,
      judge,
      { id: g1.id, version: entered.version },
      { scores: [400, 380], clocks: ['05:00', '04:00'] },
    );
    expect(corrected.result!.scores).toEqual([400, 380]);
    await enterResult(t, t.organiser, g2, { scores: [300, 350], clocks: ['02:00', '03:00'] });

    // --- withdraw, reinstate, absences, round 2 paired and removed --------------------------
    await t.http.post(`/api/players/${dule.id}/withdraw`).set(t.organiser).expect(200);
    await t.http.post(`/api/players/${dule.id}/reinstate`).set(t.organiser).expect(200);
    await t.http
      .post(`/api/players/${ceca.id}/absences`)
      .set(t.organiser)
      .send({ round: 2 })
      .expect(200);
    await t.http
      .post(`/api/players/${bora.id}/absences`)
      .set(t.organiser)
      .send({ round: 3 })
      .expect(200);
    await t.http.delete(`/api/players/${bora.id}/absences/3`).set(t.organiser).expect(200);
    const r2 = await pair(t, divisionId);
    expect(r2.games.flatMap((g) => [g.first.name, g.second?.name])).not.toContain('Ceca');
    await t.http.delete(`/api/divisions/${divisionId}/rounds/2`).set(t.organiser).expect(204);

    // --- the log, oldest first, read page by page ------------------------------------------
    const log = await wholeLog(tournamentId);
    expect(log.map((e) => e.action)).toEqual([
      'tournament.created',
      'role.granted',
      'division.added',
      'player.registered',
      'player.registered',
      'player.registered',
      'player.registered',
      'player.edited',
      'seeds.set',
      'round.paired',
      'round.swapped',
      'division.settings',
      'player.registered',
      'result.entered',
      'result.corrected',
      'result.entered',
      'player.withdrawn',
      'player.reinstated',
      'player.absent',
      'player.absent',
      'player.absence-removed',
      'round.paired',
      'round.deleted',
    ]);
    const ids = log.map((e) => e.id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    const olga = { userId: expect.any(Number), name: ORGANISER.name, email: ORGANISER.email };
    const byAction = (action: string, n = 0) => log.filter((e) => e.action === action)[n];
    for (const e of log.filter((x) => !x.action.startsWith('result.'))) expect(e.by).toEqual(olga);
    expect(byAction('result.entered').by).toMatchObject({
      name: 'judge 1',
      email: 'judge-log@example.org',
    });
    expect(byAction('result.entered', 1).by).toEqual(olga);
    expect(log.every((e) => e.note === null)).toBe(true);
    expect(byAction('tournament.created').after).toMatchObject({
      name: 'Kup s dnevnikom',
      rounds: 3,
      divisions: ['Open'],
    });
    expect(byAction('role.granted')).toMatchObject({
      division: null,
      before: null,
      after: { name: 'judge 1', email: 'judge-log@example.org', role: 'judge' },
    });
    expect(byAction('division.added')).toMatchObject({
      division: 'Skrabl',
      after: { name: 'Skrabl', ruleSet: 'scrabble-en', rounds: 5 },
    });
    expect(byAction('player.registered')).toMatchObject({
      division: 'Open',
      playerId: ana.id,
      player: 'Ana',
      after: { name: 'Ana', seed: 1 },
    });
    expect(byAction('player.registered').after).not.toHaveProperty('lateEntry');
    expect(byAction('player.registered', 4)).toMatchObject({
      player: 'Ema',
      playerId: ema.id,
      after: { name: 'Ema', lateEntry: true, joinedRound: 2 },
    });
    expect(byAction('player.edited')).toMatchObject({
      player: 'Ana',
      before: { club: 'Klub 0' },
      after: { club: 'Novi klub' },
    });
    expect(byAction('seeds.set').before).toEqual({ seeds: { Ana: 1, Bora: 2, Ceca: 3, Dule: 4 } });
    expect(byAction('seeds.set').after).toEqual({
      seeds: { Ana: 4, Bora: 3, Ceca: 2, Dule: 1 },
      by: 'rating',
    });
    expect(byAction('round.paired')).toMatchObject({
      round: 1,
      after: { system: 'swiss', tables: 2, byes: 0 },
    });
    const swapped = byAction('round.swapped');
    expect(swapped.round).toBe(1);
    expect((swapped.before as { tables: unknown[] }).tables).toEqual([
      { table: 1, first: a.name, second: r1.games[0].second!.name },
      { table: 2, first: b.name, second: r1.games[1].second!.name },
    ]);
    expect((swapped.after as { tables: unknown[] }).tables).toEqual([
      { table: 1, first: b.name, second: r1.games[0].second!.name },
      { table: 2, first: a.name, second: r1.games[1].second!.name },
    ]);
    expect(byAction('division.settings')).toMatchObject({
      division: 'Open',
      before: { rounds: 3 },
      after: { rounds: 4 },
    });
    expect(byAction('result.entered')).toMatchObject({
      gameId: g1.id,
      round: 1,
      table: 1,
      players: [g1.first.name, g1.second!.name],
      before: { status: 'pending', scores: null },
      after: { status: 'complete', scores: [420, 380], winner: 'first' },
    });
    expect(byAction('result.corrected')).toMatchObject({
      gameId: g1.id,
      before: { scores: [420, 380] },
      after: { scores: [400, 380] },
    });
    expect(Object.keys(byAction('result.corrected').after!)).toEqual(['scores']);
    expect(byAction('player.withdrawn')).toMatchObject({
      player: 'Dule',
      before: { active: true },
      after: { active: false },
    });
    expect(byAction('player.reinstated')).toMatchObject({
      player: 'Dule',
      after: { active: true },
    });
    expect(byAction('player.absent')).toMatchObject({ player: 'Ceca', round: 2 });
    expect(byAction('player.absence-removed')).toMatchObject({ player: 'Bora', round: 3 });
    const deleted = byAction('round.deleted');
    expect(deleted.round).toBe(2);
    expect(deleted.before).toMatchObject({ system: 'swiss' });
    expect(
      (deleted.before as { tables: { table: number; first: string; second: string | null }[] })
        .tables,
    ).toMatchObject(
      r2.games.map((g) => ({
        table: g.table,
        first: g.first.name,
        second: g.second?.name ?? null,
      })),
    );

    // --- a filter by division, and who may read it ------------------------------------------
    const open = await wholeLog(tournamentId, `&division=${divisionId}`);
    expect(open.map((e) => e.action)).toEqual(
      log.filter((e) => e.divisionId === divisionId).map((e) => e.action),
    );
    expect(open).toHaveLength(log.length - 3);
    await t.http.get(`/api/tournaments/${tournamentId}/log`).expect(401);
    await t.http.get(`/api/tournaments/${tournamentId}/log`).set(judge).expect(403);
    const badQuery = await t.http
      .get(`/api/tournaments/${tournamentId}/log?limit=0`)
      .set(t.organiser)
      .expect(400);
    expect(badQuery.body.message).toContain('limit');
    await t.http.get('/api/tournaments/999999/log').set(t.organiser).expect(404);

    // --- the page, in Serbian, newest first -------------------------------------------------
    const tournamentPage = await t.http
      .get(`/organiser/tournaments/${tournamentId}`)
      .set('Cookie', organiserPage)
      .expect(200);
    expect(tournamentPage.text).toContain(`href="/organiser/tournaments/${tournamentId}/log"`);
    const html = text(
      (
        await t.http
          .get(`/organiser/tournaments/${tournamentId}/log?lang=sr-Latn`)
          .set('Cookie', organiserPage)
          .expect(200)
      ).text,
    );
    expect(html).toContain('Dnevnik direktora turnira');
    expect(html).toContain(`${ORGANISER.name} ${ORGANISER.email}`);
    expect(html).toContain('Poništeno 2. kolo');
    expect(html).toContain('Upareno 1. kolo');
    expect(html).toContain(
      `Ispravljen rezultat: 1. kolo, sto 1 (${g1.first.name} – ${g1.second!.name})`,
    );
    expect(html).toContain('poeni: 420 : 380 → 400 : 380');
    expect(html).toContain('Prijavljen igrač Ema · Open (naknadna prijava: igra od 2. kola)');
    expect(html).toContain('Izmenjena podešavanja grupe Open Broj kola: 3 → 4');
    expect(html).toContain('po: rejtingu');
    expect(html).toContain('Igrač Dule odjavljen sa turnira');
    expect(html).toContain('Igrač Ceca izostaje u 2. kolu');
    expect(html).toContain('Zamenjeni igrači u 1. kolu');
    expect(html).toContain('Dodata grupa Skrabl');
    expect(html).not.toMatch(/round\.|result\.|undefined|\[object Object\]/);
    expect(html.indexOf('Poništeno 2. kolo')).toBeLessThan(html.indexOf('Napravljen turnir'));
    const cyrillic = (
      await t.http
        .get(`/organiser/tournaments/${tournamentId}/log?lang=sr-Cyrl`)
        .set('Cookie', organiserPage)
        .expect(200)
    ).text;
    expect(cyrillic).toContain('Дневник директора турнира');
    expect(cyrillic).toContain('Исправљен резултат');
    const english = text(
      (
        await t.http
          .get(`/organiser/tournaments/${tournamentId}/log?lang=en`)
          .set('Cookie', organiserPage)
          .expect(200)
      ).text,
    );
    expect(english).toContain('Result corrected: round 1, table 1');
    const filtered = text(
      (
        await t.http
          .get(`/organiser/tournaments/${tournamentId}/log?lang=sr-Latn&division=${divisionId}`)
          .set('Cookie', organiserPage)
          .expect(200)
      ).text,
    );
    expect(filtered).not.toContain('Dodata grupa Skrabl');
    // An older page: the entries before one, a link back to the newest.
    const swapEntry = byAction('round.swapped');
    const olderPage = text(
      (
        await t.http
          .get(`/organiser/tournaments/${tournamentId}/log?lang=sr-Latn&before=${swapEntry.id}`)
          .set('Cookie', organiserPage)
          .expect(200)
      ).text,
    );
    expect(olderPage).toContain('Upareno 1. kolo');
    expect(olderPage).not.toContain('Zamenjeni igrači');
    expect(olderPage).toContain('← Najnovije radnje');
    const judgePage = await signInCookie(t, 'judge');
    await t.http
      .get(`/organiser/tournaments/${tournamentId}/log`)
      .set('Cookie', judgePage)
      .expect(403);
    const badPage = await t.http
      .get(`/organiser/tournaments/${tournamentId}/log?before=abc`)
      .set('Cookie', organiserPage)
      .expect(400);
    expect(badPage.text).toContain('before');

    // --- export and import ------------------------------------------------------------------
    const exported = (
      await t.http.get(`/api/tournaments/${tournamentId}/export`).set(t.organiser).expect(200)
    ).body as Record<string, unknown> & { log: LogDoc[] };
    expect(exported.log.map((e) => e.action)).toEqual(log.map((e) => e.action));
    const docEntry = (action: string, n = 0) => exported.log.filter((e) => e.action === action)[n];
    // Players by their refs (registration order), games by round and table; no database ids.
    expect(docEntry('player.registered', 4)).toMatchObject({ division: 'Open', player: 5 });
    expect(docEntry('result.corrected')).toMatchObject({ division: 'Open', round: 1, table: 1 });
    expect(docEntry('tournament.created')).toMatchObject({ division: null, player: null });
    expect(Object.keys(docEntry('result.corrected')).sort()).toEqual(
      [
        'action',
        'after',
        'at',
        'before',
        'by',
        'division',
        'note',
        'player',
        'round',
        'table',
      ].sort(),
    );
    expect(docEntry('result.entered').by).toEqual({
      name: 'judge 1',
      email: 'judge-log@example.org',
    });
    const imported = await t.http
      .post('/api/tournaments/import')
      .set(t.organiser)
      .send(exported)
      .expect(201);
    const copyId = imported.body.id as number;
    const copyDivision = (imported.body.divisions as { id: number; name: string }[]).find(
      (d) => d.name === 'Open',
    )!.id;
    const again = (
      await t.http.get(`/api/tournaments/${copyId}/export`).set(t.organiser).expect(200)
    ).body as Record<string, unknown> & { log: LogDoc[] };
    expect(again.log.slice(0, -1)).toEqual(exported.log);
    expect(again.log[again.log.length - 1]).toMatchObject({
      action: 'tournament.imported',
      by: { name: ORGANISER.name, email: ORGANISER.email },
      after: { name: 'Kup s dnevnikom', exportedAt: exported.exportedAt },
    });
    expect({ ...again, exportedAt: null, log: null }).toEqual({
      ...exported,
      exportedAt: null,
      log: null,
    });
    const strip = (s: Awaited<ReturnType<typeof standings>>) =>
      s.rows.map(({ playerId: _id, ...rest }) => rest);
    expect(strip(await standings(t, copyDivision, 1))).toEqual(
      strip(await standings(t, divisionId, 1)),
    );
    // The copy's log links its own players and games again.
    const copyLog = await wholeLog(copyId);
    const copyCorrected = copyLog.find((e) => e.action === 'result.corrected')!;
    const copyRound1 = (await t.http.get(`/api/divisions/${copyDivision}/rounds/1`).expect(200))
      .body as RoundJson;
    expect(copyCorrected.gameId).toBe(copyRound1.games[0].id);
    expect(copyCorrected.players).toEqual(byAction('result.corrected').players);
    expect(copyLog.find((e) => e.action === 'player.edited')!.player).toBe('Ana');
    expect(copyLog.map((e) => e.at).slice(0, -1)).toEqual(log.map((e) => e.at));

    // --- a log that does not fit its document is refused whole, with its path ----------------
    const count = async () =>
      ((await t.http.get('/api/tournaments').expect(200)).body as unknown[]).length;
    const before = await count();
    const broken = structuredClone(exported);
    broken.log[4].player = 99;
    broken.log[5].division = 'Nema';
    (broken.log[6] as unknown as Record<string, unknown>).after = 'tekst';
    const refused = await t.http
      .post('/api/tournaments/import')
      .set(t.organiser)
      .send(broken)
      .expect(422);
    expect(refused.body.code).toBe('IMPORT_INVALID');
    expect((refused.body.details as { path: string }[]).map((d) => d.path)).toEqual([
      'log[4].player',
      'log[5].division',
      'log[6].after',
    ]);
    expect(await count()).toBe(before);
    // A document written before the log was kept still imports: its log is the import alone.
    const older: Record<string, unknown> = structuredClone(exported);
    delete older.log;
    const fromOlder = await t.http
      .post('/api/tournaments/import')
      .set(t.organiser)
      .send(older)
      .expect(201);
    expect((await wholeLog(fromOlder.body.id as number)).map((e) => e.action)).toEqual([
      'tournament.imported',
    ]);
    // A copy's log starts with where it came from.
    const copied = await t.http
      .post(`/api/tournaments/${tournamentId}/copy`)
      .set(t.organiser)
      .send({ name: 'Kup s dnevnikom 2027', players: true })
      .expect(201);
    const copiedLog = await wholeLog(copied.body.id as number);
    expect(copiedLog).toHaveLength(1);
    expect(copiedLog[0]).toMatchObject({
      action: 'tournament.created',
      by: olga,
      after: {
        name: 'Kup s dnevnikom 2027',
        copiedFrom: 'Kup s dnevnikom',
        divisions: ['Open', 'Skrabl'],
        players: 5,
      },
    });
  });

  test('a tournament at tables, closed and reopened: its log in Serbian has no English, in English it reads', async () => {
    const created = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ name: 'Kup za stolovima', ruleSet: 'quivit', rounds: 2, tableSize: 4 })
      .expect(201);
    const tournamentId = created.body.id as number;
    const divisionId = created.body.divisions[0].id as number;
    await register(t, divisionId, ['Ana', 'Bora', 'Ceca', 'Dule']);
    // Round 1 at one table of four, its result typed; round 2 seats the same four again.
    const r1 = await pair(t, divisionId);
    await t.http
      .put(`/api/games/${r1.games[0].id}/table-result`)
      .set(t.organiser)
      .send({ scores: [30, 25, 20, 15], cards: [5, 6, 7, 8] })
      .expect(200);
    await pair(t, divisionId);
    await t.http
      .post(`/api/tournaments/${tournamentId}/close`)
      .set(t.organiser)
      .send({ confirm: true })
      .expect(200);
    await t.http
      .post(`/api/tournaments/${tournamentId}/reopen`)
      .set(t.organiser)
      .send({ confirm: true })
      .expect(200);
    const log = await wholeLog(tournamentId);
    const of = (action: string) => log.filter((e) => e.action === action);
    expect(of('round.paired').map((e) => e.after?.repeats)).toEqual([undefined, 6]);
    expect(of('tournament.closed')[0].after).toEqual({ pending: 1, complete: 1 });
    expect(Object.keys(of('result.entered')[0].after ?? {})).toContain('seats');
    expect(Object.keys(of('tournament.reopened')[0].before ?? {})).toEqual(['closedAt']);

    const read = async (lang: string) =>
      mainText(
        (
          await t.http
            .get(`/organiser/tournaments/${tournamentId}/log?lang=${lang}`)
            .set('Cookie', organiserPage)
            .expect(200)
        ).text,
      );
    const serbian = await read('sr-Latn');
    // The figures in words, with the plural each count takes; the moment as a date.
    expect(serbian).toContain('1 partija s rezultatom');
    expect(serbian).toContain('1 partija bez rezultata');
    expect(serbian).toContain('6 parova igrača ponovo za istim stolom');
    expect(serbian).toContain('poeni i mesta: – : – : – : – → 30 (1. mesto) : 25 (2. mesto)');
    expect(serbian).toMatch(/zatvoren: \d{1,2}\. \d{1,2}\. \d{4}\. \d{2}:\d{2}/);
    expect(serbian).not.toMatch(
      /\b(pending|complete|seats|repeats|closedAt|cards|place|score|undefined)\b|\d{4}-\d{2}-\d{2}T/,
    );
    const cyrillic = await read('sr-Cyrl');
    expect(cyrillic).toContain('1 партија без резултата');
    expect(cyrillic).toContain('6 парова играча поново за истим столом');
    expect(cyrillic).not.toMatch(/\b(pending|complete|seats|repeats|closedAt)\b/);
    const english = await read('en');
    expect(english).toContain('1 game with a result');
    expect(english).toContain('1 game without a result');
    expect(english).toContain('6 pairs of players at one table again');
    expect(english).toContain('scores and places: – : – : – : – → 30 (place 1) : 25 (place 2)');
    expect(english).not.toMatch(/\b(pending|repeats|closedAt): /);
  });
});
