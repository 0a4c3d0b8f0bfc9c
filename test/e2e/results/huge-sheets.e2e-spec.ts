import type { Scoresheet } from '../../../src/engine';
import { adminCookie, decode, mainText, signInCookie } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { formFields } from '../sheet-form-helpers';
import {
  binary,
  createTournament,
  GameJson,
  pair,
  register,
  RoundJson,
  scoreSheet,
} from '../tournament-helpers';

/** A sheet of the game's players: a real game's 20 turns, then passes up to `turns`. */
function padded(game: GameJson, turns: number): Scoresheet {
  const { sheet } = scoreSheet([game.first.name, game.second!.name], 3);
  const out: Scoresheet = { ...sheet, turns: [...sheet.turns] };
  while (out.turns.length < turns) out.turns.push({ player: out.turns.length % 2, pass: true });
  return out;
}

describe(`no stored score sheet can crash a page (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let games: GameJson[];
  let divisionId: number;
  let tournamentId: number;

  beforeAll(async () => {
    t = await startTestApp();
    const created = await createTournament(t, {
      name: 'Dugi zapisnici',
      ruleSet: 'kvizovka',
      rounds: 3,
    });
    divisionId = created.divisionId;
    tournamentId = created.id;
    await register(t, divisionId, ['Ana', 'Branko', 'Cveta', 'Dušan', 'Ema', 'Filip']);
    const round: RoundJson = await pair(t, divisionId);
    games = round.games.filter((g) => g.second !== null);
  });
  afterAll(async () => {
    await t.close();
  });

  const pending = async (id: number) =>
    ((await t.http.get(`/api/games/${id}`).expect(200)).body as GameJson).status === 'pending';

  test("a judge's sheet of 200,000 passes (5.8 MB) is refused naming turns, nothing stored", async () => {
    const sheet = padded(games[0], 200_000);
    const body = JSON.stringify(sheet);
    expect(body.length).toBeGreaterThan(5_000_000);
    const res = await t.http
      .put(`/api/games/${games[0].id}/scoresheet`)
      .set(t.organiser)
      .set('Content-Type', 'application/json')
      .send(body);
    expect([res.status, res.body.code]).toEqual([413, 'BODY_TOO_LARGE']);
    expect(res.body.message).toMatch(/512 KB.*at most 200 turns/);
    expect(await pending(games[0].id)).toBe(true);
  });

  test('a sheet of 201 turns is unreadable, its turns named; nothing stored', async () => {
    const res = await t.http
      .put(`/api/games/${games[0].id}/scoresheet`)
      .set(t.organiser)
      .send(padded(games[0], 201));
    expect([res.status, res.body.code]).toEqual([400, 'SHEET_UNREADABLE']);
    expect(res.body.details).toEqual([
      {
        path: 'turns',
        line: 1,
        turn: null,
        field: 'turns',
        player: null,
        code: 'OTHER',
        params: {},
        message: 'Line 1, field “turns”: a score sheet has at most 200 turns; this one has 201',
      },
    ]);
    expect(await pending(games[0].id)).toBe(true);
  });

  test("the judge's form of 201 rows is refused with a sentence; nothing stored", async () => {
    const judge = await signInCookie(t, 'judge', [tournamentId]);
    const g = games[1];
    const body = formFields(
      padded(g, 20),
      [g.first.name, g.second!.name],
      { intent: 'save' },
      (form) => {
        while (form.rows.length < 201) form.rows.push({ ...form.rows[form.rows.length - 1] });
      },
    );
    const res = await t.http
      .post(`/judge/games/${g.id}/scoresheet?v=${g.version}`)
      .set('Origin', t.url)
      .set('Cookie', judge)
      .type('form')
      .send(body)
      .expect(422);
    expect(mainText(res.text)).toContain('Zapisnik može imati najviše 200 redova.');
    expect(await pending(g.id)).toBe(true);
  });

  test('a sheet at the limit (200 turns) is stored, and its page and record PDF are drawn whole', async () => {
    const g = games[2];
    const stored = await t.http
      .put(`/api/games/${g.id}/scoresheet`)
      .set(t.organiser)
      .send(padded(g, 200))
      .expect(200);
    expect(stored.body.status).toBe('complete');
    const page = await t.http.get(`/games/${g.id}`).expect(200);
    expect(page.text).toContain('id="turn-200"');
    expect(page.text).not.toContain('class="small muted omitted"');
    expect(page.text.length).toBeLessThan(2_000_000);
    const pdf = await t.http
      .get(`/games/${g.id}/record.pdf`)
      .buffer(true)
      .parse(binary)
      .expect(200)
      .expect('Content-Type', /application\/pdf/);
    const bytes = pdf.body as Buffer;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeLessThan(5_000_000);
  });

  describe('import', () => {
    let exported: {
      divisions: {
        rounds: { games: { scoresheet: { text: string; report: unknown } | null }[] }[];
      }[];
    };
    let sheetAt: number;
    const count = async () => (await t.http.get('/api/tournaments').expect(200)).body.length;

    beforeAll(async () => {
      exported = (
        await t.http.get(`/api/tournaments/${tournamentId}/export`).set(t.organiser).expect(200)
      ).body;
      sheetAt = exported.divisions[0].rounds[0].games.findIndex((x) => x.scoresheet !== null);
    });

    test('an export holding a sheet at the limit imports', async () => {
      await t.http.post('/api/tournaments/import').set(t.organiser).send(exported).expect(201);
    });

    test('an import with a sheet of 201 turns is refused whole, the sheet and its turns named', async () => {
      const before = await count();
      const doc = structuredClone(exported);
      const game = doc.divisions[0].rounds[0].games[sheetAt];
      const sheet = JSON.parse(game.scoresheet!.text) as Scoresheet;
      sheet.turns.push({ player: 0, pass: true });
      game.scoresheet!.text = JSON.stringify(sheet);
      const res = await t.http.post('/api/tournaments/import').set(t.organiser).send(doc);
      expect([res.status, res.body.code]).toEqual([422, 'IMPORT_INVALID']);
      expect(res.body.details).toContainEqual({
        path: `divisions[0].rounds[0].games[${sheetAt}].scoresheet.text`,
        message: 'turns: a score sheet has at most 200 turns; this one has 201',
      });
      expect(await count()).toBe(before);
    });

    test('an import whose stored report has 5,000 turns, or whose sheet is 600 KB, is refused whole', async () => {
      const before = await count();
      const doc = structuredClone(exported);
      const game = doc.divisions[0].rounds[0].games[sheetAt];
      const report = game.scoresheet!.report as { turns: unknown[] };
      report.turns = Array.from({ length: 5000 }, () => report.turns[0]);
      const res = await t.http.post('/api/tournaments/import').set(t.organiser).send(doc);
      expect([res.status, res.body.code]).toEqual([422, 'IMPORT_INVALID']);
      expect(res.body.message).toContain('report.turns must be a list of at most 200');

      const long = structuredClone(exported);
      const sheet = long.divisions[0].rounds[0].games[sheetAt].scoresheet!;
      sheet.text = sheet.text.replace('{', `{"meta":{"pad":"${'x'.repeat(600 * 1024)}"},`);
      const big = await t.http.post('/api/tournaments/import').set(t.organiser).send(long);
      expect([big.status, big.body.message]).toEqual([
        422,
        expect.stringContaining('scoresheet.text: is longer than 512 KB'),
      ]);
      expect(await count()).toBe(before);
    });
  });

  test('a players CSV with a 300-character name or a seed of 150,000 names the lines, and imports no one', async () => {
    const organiser = await adminCookie(t);
    const { divisionId: other } = await createTournament(t, {
      name: 'CSV',
      ruleSet: 'kvizovka',
      rounds: 3,
    });
    const path = `/organiser/divisions/${other}/players`;
    const csv = `ime;klub;rejting;nosilac\n${'Ž'.repeat(300)};Čačak;1500;1\nMarko;${'K'.repeat(201)};;2\nJovan;;;150000\n`;
    const send = (to: string) =>
      t.http
        .post(to)
        .set('Origin', t.url)
        .set('Cookie', organiser)
        .type('form')
        .send({ csvText: csv });
    const preview = decode(mainText((await send(`${path}/csv`).expect(422)).text));
    expect(preview).toContain('ime ima 300 znakova; najviše je 200');
    // 201, as 1 and 21: "znak" (issue 35's plurals; "znakova" before).
    expect(preview).toContain('klub ima 201 znak; najviše je 200');
    expect(preview).toContain('nosilac „150000” nije ceo broj od 1 do 100000');
    await send(`${path}/import`).expect(422);
    expect((await t.http.get(`/api/divisions/${other}/players`).expect(200)).body).toEqual([]);
  });
});
