import { adminCookie, inputValue, mainText } from '../../browser/site';
import { pdfText, POPPLER } from '../../render/poppler';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import {
  binary,
  createTournament,
  enterResult,
  pair,
  register,
  RoundJson,
  standings,
} from '../tournament-helpers';

const NAMES = [
  'Đorđe Čolić',
  'Ljiljana Šarić',
  'Njegoš Žunić',
  'Ana Ćirić',
  'Bora Džajić',
  'Ceca Lazić',
  'Dragan Jović',
  'Eva Radić',
];

type LaggedRound = RoundJson & { basedOn: number | null };

/** The pairs of a round, each pair's ids sorted, as `a-b`. */
const pairsOf = (r: RoundJson): string[] =>
  r.games.filter((g) => g.second).map((g) => [g.first.id, g.second!.id].sort().join('-'));

/**
 * Pairing with a lag: with the division's lag at 0 a round waits for every earlier result (the
 * API refuses with the results missing, the rounds page offers no button and says why); with
 * lag 1, round 3 is paired from the standings after round 1 while round 2 still has games
 * without a result, the round records it, and the pages and the PDF say so; the missing
 * results are entered as usual; export and import carry the lag and each round's basis.
 */
describe(`pairing with a lag (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let judge: { Authorization: string };
  let organiserPage: string;
  let tournamentId: number;
  let divisionId: number;
  let round1: LaggedRound;
  let round2: LaggedRound;
  let round3: LaggedRound;

  const page = (path: string) => t.http.get(path).set('Cookie', organiserPage);
  const postForm = (path: string, body: Record<string, string>) =>
    t.http
      .post(path)
      .set('Origin', t.url)
      .type('form')
      .set('Cookie', organiserPage)
      .send(new URLSearchParams(body).toString());
  const getRound = async (n: number) =>
    (await t.http.get(`/api/divisions/${divisionId}/rounds/${n}`).expect(200)).body as LaggedRound;
  /** Every game of the round gets a result: the first player wins by 40 + 10 × table. */
  const finish = async (r: RoundJson, only?: number[]) => {
    for (const g of r.games) {
      if (!g.second || (only && !only.includes(g.table))) continue;
      await enterResult(t, judge, g, {
        scores: [340 + 10 * g.table, 300],
        clocks: ['05:00', '04:00'],
      });
    }
  };

  beforeAll(async () => {
    t = await startTestApp();
    judge = await t.account('judge', 'sudija.lag@example.org');
    organiserPage = await adminCookie(t);
    ({ id: tournamentId, divisionId } = await createTournament(
      t,
      {
        name: 'Kup Zrenjanina',
        ruleSet: 'kvizovka',
        rounds: 5,
        pairingPlan: ['swiss'],
      },
      [judge],
    ));
    await register(t, divisionId, NAMES);
    round1 = (await pair(t, divisionId)) as LaggedRound;
    await finish(round1);
    round2 = (await pair(t, divisionId)) as LaggedRound;
    // Round 2: tables 1 and 2 in; tables 3 and 4 still without a result.
    await finish(round2, [1, 2]);
  });
  afterAll(async () => {
    await t.close();
  });

  test('without a lag: rounds are based on the round before; an older file without the lag imports', async () => {
    expect((await t.http.get(`/api/divisions/${divisionId}`).expect(200)).body.pairingLag).toBe(0);
    expect((await getRound(1)).basedOn).toBe(0);
    expect((await getRound(2)).basedOn).toBe(1);
    // A document written before the lag and the rounds' basis were kept.
    const doc = (
      await t.http.get(`/api/tournaments/${tournamentId}/export`).set(t.organiser).expect(200)
    ).body as {
      tournament: Record<string, unknown>;
      divisions: { settings?: Record<string, unknown>; rounds: Record<string, unknown>[] }[];
    };
    expect(doc.divisions[0].settings?.pairingLag).toBe(0);
    expect(doc.divisions[0].rounds.map((r) => r.basedOn)).toEqual([0, 1]);
    delete doc.tournament.pairingLag;
    for (const d of doc.divisions) {
      delete d.settings?.pairingLag;
      for (const r of d.rounds) delete r.basedOn;
    }
    doc.tournament.name = 'Kup Zrenjanina (stari zapis)';
    const imported = (
      await t.http.post('/api/tournaments/import').set(t.organiser).send(doc).expect(201)
    ).body as { divisions: { id: number; pairingLag: number }[] };
    expect(imported.divisions[0].pairingLag).toBe(0);
    const old = (
      await t.http.get(`/api/divisions/${imported.divisions[0].id}/rounds/2`).expect(200)
    ).body as LaggedRound;
    expect(old.basedOn).toBeNull();
  });

  test('lag 0: round 3 is refused while round 2 has results missing (409 with the tables), and the page offers no button', async () => {
    const refused = await t.http
      .post(`/api/divisions/${divisionId}/rounds`)
      .set(t.organiser)
      .send({})
      .expect(409);
    expect(refused.body.code).toBe('ROUND_IN_PROGRESS');
    expect(refused.body.message).toContain('round 2 (tables 3, 4), 2 results missing');
    expect(refused.body.details).toMatchObject({
      round: 3,
      basedOn: 2,
      lag: 0,
      missing: [{ round: 2, tables: [3, 4] }],
    });
    const rounds = await page(`/organiser/divisions/${divisionId}/rounds`).expect(200);
    const text = mainText(rounds.text);
    expect(text).toContain(
      '3. kolo još ne može da se upari: nedostaju 2 rezultata 2. kola (stolovi 3, 4).',
    );
    expect(text).not.toContain('Upari 3. kolo');
    expect(text).toContain('Upareno prema poretku posle 1. kola');
    // A post all the same (an old page) is refused in the page's words, nothing paired.
    const posted = await postForm(`/organiser/divisions/${divisionId}/rounds`, {
      system: 'swiss',
      round: '3',
    }).expect(409);
    expect(mainText(posted.text)).toContain(
      'Sledeće kolo ne može da se upari dok partije nemaju rezultat: nedostaju 2 rezultata 2. kola (stolovi 3, 4).',
    );
    const listed = await t.http.get(`/api/divisions/${divisionId}/rounds`).expect(200);
    expect((listed.body as RoundJson[]).length).toBe(2);
  });

  test('the settings page sets lag 1 (a running division: confirmed first)', async () => {
    const url = `/organiser/divisions/${divisionId}/settings`;
    const opened = (await page(url).expect(200)).text;
    expect(mainText(opened)).toContain('Uparivanje prema poretku');
    expect(opened).toContain('<option value="0" selected>');
    const form = {
      rounds: '5',
      system: 'swiss',
      spreadCap: '',
      kothLastRounds: '0',
      maxMeetings: '',
      pairingLag: '1',
      version: inputValue(opened, 'division-version'),
    };
    const asked = await postForm(url, form).expect(200);
    expect(mainText(asked.text)).toContain('Uparivanje prema poretku: 0 → 1');
    await postForm(url, { ...form, confirm: '1' }).expect(303);
    expect((await t.http.get(`/api/divisions/${divisionId}`).expect(200)).body.pairingLag).toBe(1);
    // A lag past 2 is refused by the API.
    const division = (await t.http.get(`/api/divisions/${divisionId}`).expect(200)).body as {
      version: number;
    };
    const bad = await t.http
      .patch(`/api/divisions/${divisionId}`)
      .set(t.organiser)
      .set('If-Match', String(division.version))
      .send({ pairingLag: 3, confirm: true })
      .expect(400);
    expect(JSON.stringify(bad.body)).toContain('pairingLag');
  });

  test('lag 1: round 3 is paired from the standings after round 1 while round 2 has results missing', async () => {
    const rounds = await page(`/organiser/divisions/${divisionId}/rounds`).expect(200);
    expect(mainText(rounds.text)).toContain('Upari 3. kolo');
    await postForm(`/organiser/divisions/${divisionId}/rounds`, {
      system: 'swiss',
      round: '3',
    }).expect(303);
    round3 = await getRound(3);
    expect(round3.basedOn).toBe(1);
    expect((await getRound(2)).pending).toBe(2);
    // The standings after round 1: four winners on 1 point, by spread. Round 2 paired them
    // top half against bottom half (1st–3rd, 2nd–4th); round 3, from the same standings, pairs
    // them as close to that as there is without a rematch: 1st–4th, 2nd–3rd (the results of
    // round 2's tables 1 and 2, in, count for nothing in it).
    const after1 = (await standings(t, divisionId, 1)).rows.map((r) => r.playerId);
    const [w1, w2, w3, w4] = after1;
    const pair = (a: number, b: number) => [a, b].sort().join('-');
    expect(pairsOf(round2).slice(0, 2)).toEqual([pair(w1, w3), pair(w2, w4)]);
    expect(pairsOf(round3).slice(0, 2)).toEqual([pair(w1, w4), pair(w2, w3)]);
    // Nobody meets an opponent of round 1 or of round 2 again, results or not.
    const met = new Set([...pairsOf(round1), ...pairsOf(round2)]);
    for (const p of pairsOf(round3)) expect(met.has(p)).toBe(false);
    // The log says what it was paired from.
    const log = await t.http
      .get(`/api/tournaments/${tournamentId}/log`)
      .set(t.organiser)
      .expect(200);
    const entries = (log.body as { entries?: unknown[] }).entries ?? (log.body as unknown[]);
    const paired = (entries as { action: string; round: number | null; after: unknown }[]).find(
      (e) => e.action === 'round.paired' && e.round === 3,
    );
    expect(paired?.after).toMatchObject({ system: 'swiss', basedOn: 1 });
  });

  test('the pairings pages and the PDF say which standings round 3 was paired from', async () => {
    const organiser = await page(`/organiser/divisions/${divisionId}/rounds`).expect(200);
    expect(mainText(organiser.text)).toContain('Upareno prema poretku posle 1. kola');
    const pub = await t.http.get(`/divisions/${divisionId}/pairings?round=3`).expect(200);
    expect(mainText(pub.text)).toContain('Upareno prema poretku posle 1. kola');
    const en = await t.http
      .get(`/divisions/${divisionId}/pairings?round=3`)
      .set('Cookie', 'arbiter_lang=en')
      .expect(200);
    expect(mainText(en.text)).toContain('Paired from the standings after round 1');
    const pdf = await t.http
      .get(`/divisions/${divisionId}/rounds/3/pairings.pdf`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    if (POPPLER)
      expect(pdfText(pdf.body as Buffer).replace(/\s+/g, ' ')).toContain(
        'Upareno prema poretku posle 1. kola',
      );
  });

  test("round 2's missing results are entered as usual; round 4 waits for round 2 only, round 5 for round 3", async () => {
    // Round 4 (from the standings after round 2) waits for round 2's tables 3 and 4.
    const early = await t.http
      .post(`/api/divisions/${divisionId}/rounds`)
      .set(t.organiser)
      .send({})
      .expect(409);
    expect(early.body.message).toContain(
      'from the standings after round 2 (lag 1) while games have no result: round 2 (tables 3, 4)',
    );
    await finish(round2, [3, 4]);
    expect((await getRound(2)).pending).toBe(0);
    // Round 3 has no result at all: round 4 is paired all the same.
    const round4 = (await pair(t, divisionId)) as LaggedRound;
    expect(round4.basedOn).toBe(2);
    const met = new Set([...pairsOf(round1), ...pairsOf(round2), ...pairsOf(round3)]);
    for (const p of pairsOf(round4)) expect(met.has(p)).toBe(false);
    const rounds = await page(`/organiser/divisions/${divisionId}/rounds`).expect(200);
    const text = mainText(rounds.text);
    expect(text).toContain(
      '5. kolo još ne može da se upari: nedostaju 4 rezultata 3. kola (stolovi 1, 2, 3, 4). Uparuje se prema poretku posle 3. kola (pomak 1).',
    );
    expect(text).not.toContain('Upari 5. kolo');
  });

  test('export and import carry the lag and each round’s basis', async () => {
    const doc = (
      await t.http.get(`/api/tournaments/${tournamentId}/export`).set(t.organiser).expect(200)
    ).body as {
      tournament: Record<string, unknown>;
      divisions: { settings?: Record<string, unknown>; rounds: { basedOn?: number | null }[] }[];
    };
    expect(doc.divisions[0].settings?.pairingLag).toBe(1);
    expect(doc.divisions[0].rounds.map((r) => r.basedOn)).toEqual([0, 1, 1, 2]);
    doc.tournament.name = 'Kup Zrenjanina (kopija)';
    const imported = (
      await t.http.post('/api/tournaments/import').set(t.organiser).send(doc).expect(201)
    ).body as { divisions: { id: number; pairingLag: number }[] };
    expect(imported.divisions[0].pairingLag).toBe(1);
    const copy = imported.divisions[0].id;
    const basis = [];
    for (const n of [1, 2, 3, 4])
      basis.push(
        ((await t.http.get(`/api/divisions/${copy}/rounds/${n}`).expect(200)).body as LaggedRound)
          .basedOn,
      );
    expect(basis).toEqual([0, 1, 1, 2]);
    // A lag out of range is refused with where it is.
    const bad = structuredClone(doc);
    bad.divisions[0].settings!.pairingLag = 5;
    bad.tournament.name = 'Kup Zrenjanina (loš)';
    const refused = await t.http
      .post('/api/tournaments/import')
      .set(t.organiser)
      .send(bad)
      .expect(422);
    expect(JSON.stringify(refused.body)).toContain('divisions[0].settings.pairingLag');
  });
});
