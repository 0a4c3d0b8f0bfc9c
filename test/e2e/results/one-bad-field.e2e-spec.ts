import type { Scoresheet } from '../../../src/engine';
import { decode, mainText, signInCookie } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { formFields } from '../sheet-form-helpers';
import { createTournament, GameJson, pair, register, scoreSheet } from '../tournament-helpers';

interface GameCodes {
  gameId: number;
  seats: { seat: number; code: string; url: string }[];
}

/**
 * Issue 34, defect 4: one bad field hid the sheet. A clock typed into the tiles left made the
 * whole sheet unreadable and the message was the engine's English path (`end.racks[0]: …`) on a
 * Serbian page. Through HTTP on a real database: the judge's form and the phone's flag each end
 * field that cannot be read on its cell, in the page's language, and the turn-5 flag stays; a
 * pasted document whose structure is wrong names its line and field in the page's language,
 * and the API answers 400 with a code, its parameters and the sentence.
 */
describe(`one bad field does not hide the sheet (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let judgeApi: { Authorization: string };
  let judge: string;
  let divisionId: number;
  let games: GameJson[];
  let codes: GameCodes[];

  beforeAll(async () => {
    t = await startTestApp();
    judgeApi = await t.account('judge');
    judge = await signInCookie(t, 'judge');
    let tournamentId: number;
    ({ id: tournamentId, divisionId } = await createTournament(t, {
      name: 'Jedno polje',
      ruleSet: 'kvizovka',
      rounds: 2,
    }));
    await t.grant(tournamentId, [judgeApi, judge], 'judge');
    await register(t, divisionId, [
      'Ana Petrović',
      'Bora Ilić',
      'Ceca Lazić',
      'Dule Savić',
      'Ema Jović',
      'Fića Kos',
    ]);
    games = (await pair(t, divisionId)).games.filter((g) => g.second !== null);
    codes = (
      await t.http.get(`/api/divisions/${divisionId}/rounds/1/codes`).set(judgeApi).expect(200)
    ).body as GameCodes[];
  });
  afterAll(async () => {
    await t?.close();
  });

  const namesOf = (g: GameJson): [string, string] => [g.first.name, g.second!.name];
  const status = async (id: number) =>
    ((await t.http.get(`/api/games/${id}`).expect(200)).body as GameJson).status;
  const codeOf = (g: GameJson) => codes.find((c) => c.gameId === g.id)!.seats[0];
  /** A sheet of the game with turn 5's score written 7 too many. */
  const slipped = (g: GameJson, seed: number): Scoresheet => {
    const { sheet } = scoreSheet(namesOf(g), seed);
    sheet.turns[4] = { ...sheet.turns[4], score: (sheet.turns[4].score ?? 0) + 7 };
    return sheet;
  };
  /** The sheet as a judge pastes it, one line a field, with `change` made to it. */
  const pasted = (sheet: Scoresheet, change: (doc: Record<string, unknown>) => void) => {
    const doc = structuredClone(sheet) as unknown as Record<string, unknown>;
    change(doc);
    return JSON.stringify(doc, null, 2);
  };
  const lineOf = (text: string, needle: string) =>
    text.split('\n').findIndex((l) => l.includes(needle)) + 1;
  const racksNotText = (doc: Record<string, unknown>) =>
    (doc.end = { ...(doc.end as object), racks: [1634, ''] });

  test('the API: a rack at the end that is not text is a 400 with its line, field, player, code and sentence; nothing stored', async () => {
    const g = games[0];
    const text = pasted(slipped(g, 3), racksNotText);
    const res = await t.http
      .put(`/api/games/${g.id}/scoresheet`)
      .set(judgeApi)
      .set('Content-Type', 'application/json')
      .send(text)
      .expect(400);
    const line = lineOf(text, '1634');
    expect(res.body.code).toBe('SHEET_UNREADABLE');
    expect(res.body.details).toEqual([
      {
        path: 'end.racks[0]',
        line,
        turn: null,
        field: 'end.racks',
        player: 0,
        code: 'RACK_TEXT',
        params: {},
        message: `Line ${line}, field “end.racks”, player ${g.first.name}: tiles are written as text (? for a joker)`,
      },
    ]);
    expect(res.body.message).toBe(
      `the score sheet cannot be read: ${res.body.details[0].message as string} (end.racks[0])`,
    );
    await t.http.get(`/api/games/${g.id}/scoresheet`).expect(404);
    expect(await status(g.id)).toBe('pending');
  });

  test('the API: a turn’s score that is no number names the turn and the field, with the code', async () => {
    const g = games[0];
    const text = pasted(slipped(g, 3), (doc) => {
      (doc.turns as Record<string, unknown>[])[2].score = 'dvanaest';
    });
    const res = await t.http
      .put(`/api/games/${g.id}/scoresheet`)
      .set(judgeApi)
      .set('Content-Type', 'application/json')
      .send(text)
      .expect(400);
    const line = lineOf(text, 'dvanaest');
    expect(res.body.details).toEqual([
      expect.objectContaining({
        path: 'turns[2].score',
        line,
        turn: 3,
        field: 'score',
        player: null,
        code: 'WHOLE_NUMBER',
        message: `Line ${line}, turn 3, field “score”: must be a whole number`,
      }),
    ]);
  });

  test('the API: a clock typed into the tiles left is stored, the racks flagged and turn 5 still checked', async () => {
    const g = games[1];
    const sheet = slipped(g, 5);
    sheet.end = { ...sheet.end, racks: ['1634', sheet.end?.racks?.[1] ?? ''] };
    const res = await t.http
      .put(`/api/games/${g.id}/scoresheet`)
      .set(judgeApi)
      .send(sheet)
      .expect(200);
    expect(res.body.scoresheet).toEqual({ ok: false });
    const { report } = (await t.http.get(`/api/games/${g.id}/scoresheet`).expect(200)).body as {
      report: { turns: { issues: { code: string }[] }[]; issues: { code: string }[] };
    };
    expect(report.turns[4].issues.map((i) => i.code)).toContain('SCORE_MISMATCH');
    expect(report.issues.map((i) => i.code)).toContain('END_FIELD_UNREADABLE');
  });

  test('a table’s phone sending a sheet whose structure is wrong gets the same 400; nothing kept', async () => {
    const g = games[2];
    const text = pasted(slipped(g, 7), racksNotText);
    const res = await t.http
      .post(`/api/codes/${codeOf(g).code}/sheet`)
      .set('Content-Type', 'application/json')
      .send(text)
      .expect(400);
    expect(res.body.code).toBe('SHEET_UNREADABLE');
    expect(res.body.details[0]).toMatchObject({
      line: lineOf(text, '1634'),
      field: 'end.racks',
      player: 0,
      code: 'RACK_TEXT',
    });
    const open = await t.http.get(`/api/codes/${codeOf(g).code}`).expect(200);
    expect(open.body.submissions).toEqual([]);
  });

  test.each([
    {
      lang: 'sr-Latn',
      said: (line: number, name: string) =>
        `Red ${line}, polje „end.racks”, igrač ${name}: pločice se pišu kao tekst (? je džoker)`,
    },
    {
      lang: 'sr-Cyrl',
      said: (line: number, name: string) =>
        `Ред ${line}, поље „end.racks”, играч ${name}: плочице се пишу као текст (? је џокер)`,
    },
    {
      lang: 'en',
      said: (line: number, name: string) =>
        `Line ${line}, field “end.racks”, player ${name}: tiles are written as text (? for a joker)`,
    },
  ])(
    'a pasted sheet with a rack that is not text, in $lang: the judge’s import and the phone’s name the line and field',
    async ({ lang, said }) => {
      const g = games[2];
      const text = pasted(slipped(g, 7), racksNotText);
      const expected = said(lineOf(text, '1634'), g.first.name);
      const judges = await t.http
        .post(`/judge/games/${g.id}/scoresheet?lang=${lang}`)
        .set('Origin', t.url)
        .set('Cookie', judge)
        .type('form')
        .send({ import: text, intent: 'import' })
        .expect(422);
      const phone = await t.http
        .post(`/t/${codeOf(g).code}/sheet?lang=${lang}`)
        .set('Origin', t.url)
        .type('form')
        .send({ import: text, intent: 'import' })
        .expect(422);
      for (const page of [judges, phone]) {
        const main = mainText(page.text);
        expect(main).toContain(expected);
        expect(main).not.toContain('end.racks[0]');
        expect(main).not.toMatch(/must be a string/);
        // Said once, not with its line again before it.
        expect(main).not.toMatch(/\((red|ред|line) \d+\)/);
      }
    },
  );

  test.each([
    ['the judge’s', (g: GameJson) => `/judge/games/${g.id}/scoresheet`],
    ['the phone’s', (g: GameJson) => `/t/${codeOf(g).code}/sheet`],
  ])(
    '%s import of a sheet with a clock typed into the tiles left fills the form, the cell flagged in Serbian and turn 5 still',
    async (_what, url) => {
      const g = games[2];
      const sheet = slipped(g, 7);
      const text = pasted(sheet, (doc) => {
        doc.end = { ...(doc.end as object), racks: ['1634', sheet.end?.racks?.[1] ?? ''] };
      });
      const req = t.http.post(url(g)).set('Origin', t.url).type('form');
      const res = await (url(g).startsWith('/judge') ? req.set('Cookie', judge) : req)
        .send({ import: text, intent: 'import' })
        .expect(200);
      const html = decode(res.text);
      expect(html).toMatch(/id="end-racks-0" value="1634"[^>]*class="bad"/);
      expect(html).toMatch(/id="c-4-score" value="\d+"[^>]*class="bad"/);
      expect(mainText(/id="msg-end">([\s\S]*?)<\/fieldset>/.exec(res.text)![1])).toContain(
        'preostale pločice „1634“: „1“ na 1. mestu nije slovo ove igre',
      );
    },
  );

  test.each([
    ['the judge’s form', (g: GameJson) => `/judge/games/${g.id}/scoresheet`],
    ['the phone’s form', (g: GameJson) => `/t/${codeOf(g).code}/sheet`],
  ])(
    '%s posted with a final, an ending, a time-out and tiles left that cannot be read: each flagged on its cell in Serbian, turn 5 flagged still',
    async (_what, url) => {
      // A game whose sheet page has no draft yet (an import keeps one: this post would meet it).
      const g = games[0];
      const sheet = slipped(g, 3);
      const body = formFields(sheet, namesOf(g), { intent: 'verify' }, (form) => {
        form.end.reason = 'umor';
        form.end.timeExpired = '5';
        form.end.racks[0] = '1634';
        form.end.final[1] = '48З';
      });
      const req = t.http.post(url(g)).set('Origin', t.url).type('form');
      const res = await (url(g).startsWith('/judge') ? req.set('Cookie', judge) : req)
        .send(body)
        .expect(200);
      const html = decode(res.text);
      const flagged = (id: string) =>
        new RegExp(`id="${id}"[^>]*class="bad"`).test(html) ||
        new RegExp(`class="bad"[^>]*id="${id}"`).test(html);
      for (const id of ['c-4-score', 'end-reason', 'end-timeExpired', 'end-racks-0', 'end-final-1'])
        expect([id, flagged(id)]).toEqual([id, true]);
      for (const id of ['end-racks-1', 'end-final-0', 'end-clocks-0'])
        expect([id, flagged(id)]).toEqual([id, false]);
      const end = mainText(/id="msg-end">([\s\S]*?)<\/fieldset>/.exec(res.text)?.[1] ?? '');
      expect(end).toContain('„umor” nije kraj partije ove igre');
      expect(end).toContain('„5” nije igrač ove partije');
      expect(end).toContain('„48З” nije konačan rezultat: upišite ceo broj.');
      expect(end).toContain('„1“ na 1. mestu nije slovo ove igre');
      expect(end).not.toMatch(/end\.racks|not a letter/);
      // The value no option has stays in its select, chosen.
      expect(html).toMatch(/<option value="umor" selected>umor<\/option>/);
      const main = mainText(res.text);
      expect(main).toContain(`po pravilima ${sheet.turns[4].score! - 7}`);
    },
  );
});
