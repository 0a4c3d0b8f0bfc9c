import { adminCookie, decode, signInCookie } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import {
  createTournament,
  enterResult,
  GameJson,
  pair,
  register,
  RoundJson,
  scoreSheet,
} from '../tournament-helpers';

interface Entry {
  id: number;
  action: string;
  round: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

interface RemovedTable {
  table: number;
  first: string;
  second: string | null;
  result: {
    status: string;
    winner: string | null;
    reason: string | null;
    scores: number[] | null;
    kind: string | null;
    absent: 0 | 1 | null;
    source: string | null;
  } | null;
  sheet: { text: string; ok: boolean | null } | null;
  draft: { form: string; savedBy: string | null } | null;
  history: { action: string; by: { name: string } | null; after: { scores?: number[] } }[];
}

const NAMES = [
  'Đorđe Čolić',
  'Ljiljana Šarić',
  'Njegoš Žunić',
  'Ana Ćirić',
  'Bora Džajić',
  'Ceca Lazić',
];

/**
 * Rounds with results removed or paired again: the confirmation that counts what would go,
 * one transaction, and everything removed kept in the director's log (results, forfeits,
 * score sheets as typed, drafts, history), readable on the log page and carried by export.
 */
describe(`removing and re-pairing rounds with results (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let judge: { Authorization: string };
  let judgePage: string;
  let organiserPage: string;
  let tournamentId: number;
  let divisionId: number;
  let round1: RoundJson;
  let round2: RoundJson;
  let sheetText: string;

  beforeAll(async () => {
    t = await startTestApp();
    judge = await t.account('judge', 'sudija@example.org');
    judgePage = await signInCookie(t, 'judge');
    organiserPage = await adminCookie(t);
    ({ id: tournamentId, divisionId } = await createTournament(
      t,
      {
        name: 'Kup Novog Sada',
        ruleSet: 'kvizovka',
        rounds: 4,
        pairingPlan: ['swiss'],
      },
      [judge, judgePage],
    ));
    await register(t, divisionId, NAMES);
    round1 = await pair(t, divisionId);
    const [g1, g2, g3] = round1.games;
    // Table 1: a score sheet; table 2: a typed result, then corrected; table 3: a forfeit.
    const { sheet } = scoreSheet([g1.first.name, g1.second!.name], 11);
    sheetText = JSON.stringify(sheet);
    await t.http
      .put(`/api/games/${g1.id}/scoresheet`)
      .set(judge)
      .set('Content-Type', 'application/json')
      .send(sheetText)
      .expect(200);
    const typed = await enterResult(t, judge, g2, {
      scores: [420, 380],
      clocks: ['05:00', '04:00'],
    });
    await enterResult(t, judge, typed, { scores: [400, 380], clocks: ['05:00', '04:00'] });
    await t.http
      .put(`/api/games/${g3.id}/result`)
      .set(judge)
      .send({ kind: 'forfeit', absent: 1 })
      .expect(200);
    round2 = await pair(t, divisionId);
    // Round 2: one typed result, one sheet being typed (a draft), one pending.
    await enterResult(t, judge, round2.games[0], {
      scores: [350, 300],
      clocks: ['02:00', '01:00'],
    });
    await t.http
      .put(`/judge/games/${round2.games[1].id}/scoresheet/draft`)
      .set('Origin', t.url)
      .set('Cookie', judgePage)
      .send({
        version: 0,
        form: {
          rows: [],
          end: { reason: '', racks: ['', ''], clocks: ['', ''], timeExpired: '', final: ['', ''] },
          extra: 'Započeto na stolu 2',
        },
      })
      .expect(200);
  });
  afterAll(async () => {
    await t.close();
  });

  async function wholeLog(): Promise<Entry[]> {
    const res = await t.http
      .get(`/api/tournaments/${tournamentId}/log?limit=1000`)
      .set(t.organiser)
      .expect(200);
    return [...(res.body as { entries: Entry[] }).entries].reverse();
  }
  const rounds = async () =>
    (await t.http.get(`/api/divisions/${divisionId}/rounds`).expect(200)).body as RoundJson[];
  const text = (html: string) => decode(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

  test('only the last round, and one with results only when confirmed, with the figures', async () => {
    const notLast = await t.http
      .delete(`/api/divisions/${divisionId}/rounds/1?confirm=true`)
      .set(t.organiser)
      .expect(409);
    expect(notLast.body.code).toBe('NOT_LAST_ROUND');

    for (const ask of [
      t.http.delete(`/api/divisions/${divisionId}/rounds/2`).set(t.organiser),
      t.http.delete(`/api/divisions/${divisionId}/rounds/2?confirm=false`).set(t.organiser),
      t.http.post(`/api/divisions/${divisionId}/rounds/2/re-pair`).set(t.organiser).send({}),
    ]) {
      const res = await ask.expect(409);
      expect(res.body.code).toBe('CONFIRMATION_NEEDED');
      // 3 tables: 1 result typed, 1 draft, no sheet.
      expect(res.body.details).toEqual({ round: 2, games: 3, results: 1, sheets: 0, drafts: 1 });
      expect(res.body.message).toContain('1 result, 0 score sheets, 1 draft');
    }
    const bad = await t.http
      .delete(`/api/divisions/${divisionId}/rounds/2?confirm=yes`)
      .set(t.organiser)
      .expect(400);
    expect(bad.body.message).toContain('confirm');
    await t.http
      .delete(`/api/divisions/${divisionId}/rounds/2?confirm=true`)
      .set(judge)
      .expect(403);
    // Nothing changed and nothing was logged.
    const now = await rounds();
    expect(now.map((r) => r.number)).toEqual([1, 2]);
    expect(now[1].games[0].result?.scores).toEqual([350, 300]);
    expect((await wholeLog()).map((e) => e.action)).not.toContain('round.deleted');
  });

  test('re-pairing removes the round and pairs it again on the field as it is now', async () => {
    // A player of round 2 withdraws: the round is paired again without them, with a bye.
    const leaving = round2.games[2].second!;
    await t.http.post(`/api/players/${leaving.id}/withdraw`).set(t.organiser).expect(200);
    const res = await t.http
      .post(`/api/divisions/${divisionId}/rounds/2/re-pair`)
      .set(t.organiser)
      .send({ confirm: true })
      .expect(200);
    const again = res.body as RoundJson;
    expect(again.number).toBe(2);
    const seated = again.games.flatMap((g) => [g.first.id, g.second?.id]).filter(Boolean);
    expect(seated).not.toContain(leaving.id);
    expect(seated).toHaveLength(5);
    // 5 players: 2 games pending and a bye.
    expect(again.games.filter((g) => g.status === 'pending')).toHaveLength(2);
    expect(again.games.filter((g) => g.status === 'bye')).toHaveLength(1);
    // The old games are gone, with their result and draft.
    for (const g of round2.games) await t.http.get(`/api/games/${g.id}`).expect(404);

    const entry = (await wholeLog()).filter((e) => e.action === 'round.repaired');
    expect(entry).toHaveLength(1);
    const before = entry[0].before as { system: string; counts: unknown; tables: RemovedTable[] };
    expect(entry[0].round).toBe(2);
    expect(before.system).toBe('swiss');
    expect(before.counts).toEqual({ games: 3, results: 1, sheets: 0, drafts: 1 });
    expect(before.tables.map((x) => [x.first, x.second])).toEqual(
      round2.games.map((g) => [g.first.name, g.second?.name ?? null]),
    );
    expect(before.tables[0].result).toMatchObject({
      status: 'complete',
      winner: 'first',
      scores: [350, 300],
      kind: 'played',
      source: 'result',
    });
    expect(before.tables[0].history).toHaveLength(1);
    expect(before.tables[1].result).toBeNull();
    expect(before.tables[1].draft?.form).toContain('Započeto na stolu 2');
    expect(before.tables[1].draft?.savedBy).toBeTruthy();
    const after = entry[0].after as {
      system: string;
      tables: { first: string; second: string | null }[];
    };
    expect(after.tables.map((x) => [x.first, x.second])).toEqual(
      again.games.map((g) => [g.first.name, g.second?.name ?? null]),
    );
    round2 = again;
  });

  test('a round without results goes without a question; one with results keeps them all in the log', async () => {
    await t.http.delete(`/api/divisions/${divisionId}/rounds/2`).set(t.organiser).expect(204);
    const asked = await t.http
      .delete(`/api/divisions/${divisionId}/rounds/1`)
      .set(t.organiser)
      .expect(409);
    // 3 tables, all with results; table 1's is a score sheet.
    expect(asked.body.details).toEqual({ round: 1, games: 3, results: 3, sheets: 1, drafts: 0 });
    await t.http
      .delete(`/api/divisions/${divisionId}/rounds/1?confirm=true`)
      .set(t.organiser)
      .expect(204);
    expect(await rounds()).toEqual([]);
    const standings = await t.http
      .get(`/api/divisions/${divisionId}/standings?round=0`)
      .expect(200);
    expect(standings.body.rows.every((r: { points: number }) => r.points === 0)).toBe(true);

    const deleted = (await wholeLog()).filter((e) => e.action === 'round.deleted');
    expect(deleted.map((e) => e.round)).toEqual([2, 1]);
    const tables = (deleted[1].before as { tables: RemovedTable[] }).tables;
    const [g1, g2, g3] = round1.games;
    // The sheet exactly as typed, byte for byte, and its verdict.
    expect(tables[0].sheet?.text).toBe(sheetText);
    expect(tables[0].result?.source).toBe('scoresheet');
    expect(tables[0].first).toBe(g1.first.name);
    // The typed result, its correction in the history: 420 : 380, then 400 : 380.
    expect(tables[1].result?.scores).toEqual([400, 380]);
    expect(tables[1].history.map((h) => h.action)).toEqual(['result', 'correction']);
    expect(tables[1].history.map((h) => h.after.scores)).toEqual([
      [420, 380],
      [400, 380],
    ]);
    expect(tables[1].second).toBe(g2.second!.name);
    // The forfeit: the second player did not come.
    expect(tables[2].result).toMatchObject({ kind: 'forfeit', absent: 1, winner: 'first' });
    expect(tables[2].first).toBe(g3.first.name);
  });

  test('the log page shows what each removed round held, the sheet as typed', async () => {
    const html = (
      await t.http
        .get(`/organiser/tournaments/${tournamentId}/log?lang=sr-Latn`)
        .set('Cookie', organiserPage)
        .expect(200)
    ).text;
    const words = text(html);
    expect(words).toContain('Ponovo upareno 2. kolo');
    expect(words).toContain('Poništeno 1. kolo');
    expect(words).toContain(
      'Šta je kolo imalo: Uklonjeno: stolova 3, rezultata 3, zapisnika 1, započetih zapisnika 0',
    );
    expect(words).toContain(
      `Sto 2: ${round1.games[1].first.name} – ${round1.games[1].second!.name}, 400 : 380 (po poenima; upisan rezultat)`,
    );
    expect(words).toContain('ispravljen rezultat 400 : 380');
    expect(words).toContain('Započeto na stolu 2');
    expect(decode(html)).toContain(sheetText);
    expect(words).not.toMatch(/undefined|\[object Object\]/);
    const english = text(
      (
        await t.http
          .get(`/organiser/tournaments/${tournamentId}/log?lang=en`)
          .set('Cookie', organiserPage)
          .expect(200)
      ).text,
    );
    expect(english).toContain('Round 2 paired again');
    expect(english).toContain('Removed: 3 tables, 3 results, 1 score sheets, 0 sheets being typed');
  });

  test('export and import carry the removed rounds in the log', async () => {
    const exported = (
      await t.http.get(`/api/tournaments/${tournamentId}/export`).set(t.organiser).expect(200)
    ).body as { log: { action: string; before: { tables?: RemovedTable[] } | null }[] };
    const removed = exported.log.find(
      (e) => e.action === 'round.deleted' && e.before?.tables?.[0]?.sheet,
    );
    expect(removed?.before?.tables?.[0].sheet?.text).toBe(sheetText);
    const imported = await t.http
      .post('/api/tournaments/import')
      .set(t.organiser)
      .send(exported)
      .expect(201);
    const again = (
      await t.http.get(`/api/tournaments/${imported.body.id}/export`).set(t.organiser).expect(200)
    ).body as { log: { action: string; before: unknown; after: unknown }[] };
    const strip = (log: { action: string; before: unknown; after: unknown }[]) =>
      log.filter((e) => e.action.startsWith('round.')).map((e) => [e.action, e.before, e.after]);
    expect(strip(again.log)).toEqual(strip(exported.log as never));
  });

  test('the pages ask first, with the figures, and change nothing until confirmed', async () => {
    const r1 = await pair(t, divisionId);
    await enterResult(t, judge, r1.games[0], { scores: [390, 310], clocks: ['03:00', '02:00'] });
    const page = (
      await t.http
        .get(`/organiser/divisions/${divisionId}/rounds?lang=sr-Latn`)
        .set('Cookie', organiserPage)
        .expect(200)
    ).text;
    expect(page).toContain(`action="/organiser/divisions/${divisionId}/rounds/1/delete"`);
    expect(page).toContain(`action="/organiser/divisions/${divisionId}/rounds/1/re-pair"`);
    const post = (path: string, form: Record<string, string>) =>
      t.http
        .post(`${path}?lang=sr-Latn`)
        .set('Origin', t.url)
        .set('Cookie', organiserPage)
        .type('form')
        .send(form);
    for (const [what, title] of [
      ['delete', 'Poništiti 1. kolo?'],
      ['re-pair', 'Upariti 1. kolo ponovo?'],
    ]) {
      const ask = await post(`/organiser/divisions/${divisionId}/rounds/1/${what}`, {}).expect(200);
      const words = text(ask.text);
      expect(words).toContain(title);
      // 6 players, one withdrawn: 2 games and a bye.
      expect(words).toContain('sa svim stolovima (3)');
      expect(words).toContain('Rezultati koji se brišu: 1');
      expect(words).toContain('dnevniku direktora turnira');
      expect(ask.text).toContain('name="confirm" value="1"');
      expect((await rounds()).map((r) => r.games[0].result?.scores)).toEqual([[390, 310]]);
    }
    const english = text(
      (
        await t.http
          .post(`/organiser/divisions/${divisionId}/rounds/1/delete?lang=en`)
          .set('Origin', t.url)
          .set('Cookie', organiserPage)
          .type('form')
          .send({})
          .expect(200)
      ).text,
    );
    expect(english).toContain('Results that will be deleted: 1');
    const repaired = await post(`/organiser/divisions/${divisionId}/rounds/1/re-pair`, {
      confirm: '1',
    }).expect(303);
    expect(repaired.headers.location).toContain('done=repaired');
    const now = await rounds();
    expect(now).toHaveLength(1);
    expect(now[0].games.every((g: GameJson) => g.status !== 'complete')).toBe(true);
    await post(`/organiser/divisions/${divisionId}/rounds/1/delete`, { confirm: '1' }).expect(303);
    expect(await rounds()).toEqual([]);
  });
});
