import { decode, mainText, signInCookie } from '../../browser/site';
import { formFields } from '../sheet-form-helpers';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import {
  Auth,
  createTournament,
  GameJson,
  pair,
  register,
  scoreSheet,
} from '../tournament-helpers';

/**
 * Whether a sheet is the game's is decided once, by the engine
 * (`readGameSheet`), for the API and the judge's import alike; a refusal is a
 * code with its fields, which the API gives in `details` and each page words
 * in its own language (no page reads the rule sets out of an English message).
 */
describe(`a sheet of another rule set, options or players (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let judge: Auth;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp();
    judge = await t.account('judge');
    cookie = await signInCookie(t, 'judge');
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (path: string, form: Record<string, string>) =>
    t.http.post(path).set('Origin', t.url).set('Cookie', cookie).type('form').send(form);
  /** A Kvizovka game of a tournament with a 30-minute clock, new for each test (its sheet form has no draft yet). */
  async function newGame(): Promise<GameJson> {
    const { id, divisionId } = await createTournament(t, {
      name: `Pravila ${Math.random().toString(36).slice(2, 8)}`,
      ruleSet: 'kvizovka',
      rounds: 2,
      pairingPlan: ['manual'],
      options: { clockMinutes: 30 },
    });
    await t.grant(id, [judge, cookie], 'judge');
    const [a, b] = await register(t, divisionId, ['Ana Ruiz', 'Ben Okafor']);
    const round = await pair(t, divisionId, {
      system: 'manual',
      pairings: [{ first: a.id, second: b.id }],
    });
    return round.games[0];
  }
  const sheet = (game: GameJson) => scoreSheet([game.first.name, game.second!.name], 3).sheet;

  test.each([
    {
      name: 'another rule set: both rule sets',
      change: { rules: 'scrabble-en' },
      code: 'SHEET_RULES_MISMATCH',
      message: "the sheet is for rule set 'scrabble-en' but the tournament plays 'kvizovka'",
      details: { sheet: 'scrabble-en', rules: 'kvizovka' },
    },
    {
      name: 'another clock: the option, as the sheet and the tournament give it',
      change: { options: { clockMinutes: 35 } },
      code: 'SHEET_OPTIONS_MISMATCH',
      message: "the sheet's options differ from the tournament's: clockMinutes 35 (tournament: 30)",
      details: { clashes: [{ option: 'clockMinutes', sheet: '35', game: '30' }] },
    },
    {
      name: 'the players the other way round: both orders, and that it is only the order',
      change: { players: ['Ben Okafor', 'Ana Ruiz'] },
      code: 'SHEET_PLAYERS_MISMATCH',
      message: expect.stringContaining('in the other order') as unknown,
      details: {
        expected: ['Ana Ruiz', 'Ben Okafor'],
        got: ['Ben Okafor', 'Ana Ruiz'],
        swapped: true,
      },
    },
  ])('the API refuses $name in details', async ({ change, code, message, details }) => {
    const game = await newGame();
    const res = await t.http
      .put(`/api/games/${game.id}/scoresheet`)
      .set(judge)
      .send({ ...sheet(game), ...change })
      .expect(422);
    expect(res.body).toMatchObject({ code, message, details });
    expect((await t.http.get(`/api/games/${game.id}`).expect(200)).body.status).toBe('pending');
  });

  test.each([
    {
      lang: 'sr-Latn',
      game: 'Zapisnik je za pravila „scrabble-en”, a turnir se igra po „kvizovka”.',
      check:
        'Zapisnik je za pravila „scrabble-en”, a izabrana su „kvizovka”: izaberite pravila zapisnika gore.',
    },
    {
      lang: 'sr-Cyrl',
      game: 'Записник је за правила „scrabble-en”, а турнир се игра по „kvizovka”.',
      check:
        'Записник је за правила „scrabble-en”, а изабрана су „kvizovka”: изаберите правила записника горе.',
    },
    {
      lang: 'en',
      game: "The sheet is for 'scrabble-en' but the tournament plays 'kvizovka'.",
      check:
        "The sheet is for 'scrabble-en' but 'kvizovka' is chosen: choose the sheet's rules above.",
    },
  ])(
    'the rule-set mismatch of an imported sheet in $lang, not filled in as the game’s',
    async ({ lang, game: inGame, check }) => {
      const game = await newGame();
      const text = JSON.stringify({ ...sheet(game), rules: 'scrabble-en' }, null, 2);
      const refused = await post(`/judge/games/${game.id}/scoresheet?lang=${lang}`, {
        import: text,
        intent: 'import',
      }).expect(422);
      expect(mainText(refused.text)).toContain(inGame);
      // A sheet of no game: the rules chosen on the page, not a tournament's.
      const loose = await post(`/judge/check?rules=kvizovka&lang=${lang}`, {
        import: text,
        intent: 'import',
      }).expect(422);
      expect(mainText(loose.text)).toContain(check);
      // The same sheet with the game's rules fills the form.
      await post(`/judge/games/${game.id}/scoresheet?lang=${lang}`, {
        import: JSON.stringify(sheet(game)),
        intent: 'import',
      }).expect(200);
    },
  );

  test("a sheet of no game keeps the imported sheet's players by name, through the checks of its rows", async () => {
    const doc = scoreSheet(['Ana Petrović', 'Đorđe Šćekić'], 3).sheet;
    const filled = await post('/judge/check?rules=kvizovka', {
      import: JSON.stringify(doc),
      intent: 'import',
    }).expect(200);
    const page = decode(filled.text);
    expect(page).toContain('<input type="hidden" name="playerName" value="Ana Petrović">');
    expect(page).toContain('<option value="1">Đorđe Šćekić</option>');
    expect(page).not.toContain('>Igrač 1<');
    // Checked again as typed, the names travel with the rows.
    const checked = await t.http
      .post('/judge/check?rules=kvizovka&players=2')
      .set('Origin', t.url)
      .set('Cookie', cookie)
      .type('form')
      .send(
        `${formFields(doc, doc.players, { intent: 'verify' })}&playerName=${encodeURIComponent('Ana Petrović')}&playerName=${encodeURIComponent('Đorđe Šćekić')}`,
      )
      .expect(200);
    expect(decode(checked.text)).toContain('<option value="0">Ana Petrović</option>');
    // Without names, or with as many as the page does not seat, the seats are numbered.
    const numbered = await post('/judge/check?rules=kvizovka&players=2', {
      playerName: 'Ana Petrović',
      intent: 'verify',
    }).expect(200);
    expect(decode(numbered.text)).toContain('<option value="0">Igrač 1</option>');
  });

  test('the first link of a sheet page skips to where the first row is typed; other pages keep the main one (issue 36)', async () => {
    const game = await newGame();
    const firstLink = (html: string) =>
      /<body[^>]*>\s*<a class="skip" href="#([^"]+)"[^>]*>([^<]+)<\/a>/.exec(decode(html));
    const cases: [string, string, string][] = [
      [`/judge/games/${game.id}/scoresheet`, 'c-0-position', 'Pređi na zapisnik'],
      ['/judge/check?rules=kvizovka&players=2&lang=en', 'c-0-position', 'Skip to the score sheet'],
      [
        '/judge/check?rules=scrabble-en&players=2&lang=sr-Cyrl',
        'c-0-position',
        'Пређи на записник',
      ],
      // A card game's row begins with the card turned.
      ['/judge/check?rules=quivit&players=2', 'c-0-rotation', 'Pređi na zapisnik'],
    ];
    for (const [path, target, label] of cases) {
      const res = await t.http.get(path).set('Cookie', cookie).expect(200);
      expect([path, firstLink(res.text)?.slice(1)]).toEqual([path, [target, label]]);
      // The target is a cell of the sheet form, which has the focus once the link is followed.
      expect(res.text).toMatch(new RegExp(`<input type="text" name="\\w+" id="${target}"`));
      expect(res.text).toContain('<a class="skip" href="#main">');
    }
    const home = await t.http.get('/').expect(200);
    expect(firstLink(home.text)?.[1]).toBe('main');
  });

  test('an imported sheet whose options contradict the tournament’s is refused, not silently replaced', async () => {
    const game = await newGame();
    const res = await post(`/judge/games/${game.id}/scoresheet?lang=en`, {
      import: JSON.stringify({ ...sheet(game), options: { clockMinutes: 35 } }),
      intent: 'import',
    }).expect(422);
    expect(mainText(res.text)).toContain("The sheet's options differ from the tournament's.");
  });
});
