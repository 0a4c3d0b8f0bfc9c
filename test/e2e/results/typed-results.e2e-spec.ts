import { readFileSync } from 'fs';
import { join } from 'path';
import { mainText, signInCookie } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { Auth, createTournament, GameJson, pair, register, standings } from '../tournament-helpers';

/**
 * A typed result goes through the engine's own decision with the rule set's
 * tie-breaks (a Quivit tie by the cards, Qwibble's safe points, the target
 * reached first), and a figure the decision needs but was not typed is asked
 * for by name, on the API and on the result form in the page's language.
 */
describe(`typed results by each rule set's own tie-breaks (${DATABASE_KIND})`, () => {
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

  /** A tournament of the rule set with two players and its first round paired: the one game. */
  async function oneGame(
    ruleSet: string,
    more: Record<string, unknown> = {},
  ): Promise<{ game: GameJson; divisionId: number }> {
    const { id, divisionId } = await createTournament(t, {
      name: `Typed ${ruleSet} ${Math.random().toString(36).slice(2, 8)}`,
      ruleSet,
      rounds: 2,
      pairingPlan: ['manual'],
      byeSpread: 0,
      ...more,
    });
    await t.grant(id, [judge, cookie], 'judge');
    const [a, b] = await register(t, divisionId, ['Ana Ruiz', 'Ben Okafor']);
    const round = await pair(t, divisionId, {
      system: 'manual',
      pairings: [{ first: a.id, second: b.id }],
    });
    return { game: round.games[0], divisionId };
  }

  const put = (game: { id: number }, body: Record<string, unknown>, version?: number) => {
    const req = t.http.put(`/api/games/${game.id}/result`).set(judge);
    if (version !== undefined) void req.set('If-Match', String(version));
    return req.send(body);
  };
  /** A form post of a page of this site, signed in as a judge. */
  const post = (path: string, form: Record<string, string>) =>
    t.http.post(path).set('Origin', t.url).set('Cookie', cookie).type('form').send(form);

  interface Case {
    name: string;
    body: Record<string, unknown>;
    status: number;
    /** The result, or the refusal's code and details. */
    expected: Record<string, unknown>;
  }

  /** Each case on a fresh game of the rule set (a refusal leaves it pending). */
  const decides = (ruleSet: string, cases: Case[], more: Record<string, unknown> = {}) =>
    test.each(cases)('$name', async ({ body, status, expected }) => {
      const { game } = await oneGame(ruleSet, more);
      const res = await put(game, body);
      expect(res.status).toBe(status);
      if (status === 200) expect(res.body.result).toMatchObject(expected);
      else expect(res.body).toMatchObject(expected);
    });

  describe('a typed Quivit result is decided by the most cards, its own tie-break', () => {
    decides('quivit', [
      {
        name: 'equal points, more cards: the second player wins, not the first on a clock Quivit does not have',
        // 20 = 20; cards 13 < 14 (the fixed order gave the first player the win on 01:00 > 00:30)
        body: { scores: [20, 20], clocks: ['01:00', '00:30'], cards: [13, 14] },
        status: 200,
        expected: { winner: 'second', scores: [20, 20], cards: [13, 14], timeLoss: null },
      },
      {
        name: 'equal points without the cards: 422 asking for "cards"',
        body: { scores: [20, 20], clocks: ['01:00', '00:30'] },
        status: 422,
        expected: {
          code: 'TIE_BREAK_FIGURE_NEEDED',
          message: expect.stringContaining(
            'Quivit then decides by the cards each player took: give "cards"',
          ),
          details: { tieBreak: 'cards', field: 'cards', scores: [20, 20] },
        },
      },
      {
        name: 'more points: no cards needed, and a clock at 00:00 is no time loss',
        body: { scores: [26, 19], clocks: ['00:00', '01:00'] }, // 26 > 19
        status: 200,
        expected: { winner: 'first', reason: 'score', timeLoss: null },
      },
      {
        name: 'a time loss named: 422, Quivit has no game clock',
        body: { scores: [26, 19], clocks: ['01:00', '01:00'], timeLoss: 0 },
        status: 422,
        expected: { code: 'NO_GAME_CLOCK', details: { rules: 'quivit' } },
      },
      {
        name: 'equal points and cards: a draw',
        body: { scores: [20, 20], clocks: ['01:00', '00:10'], cards: [13, 13] },
        status: 200,
        expected: { winner: 'draw', cards: [13, 13] },
      },
    ]);

    test('cards are checked: two whole numbers from 0 (400)', async () => {
      const { game } = await oneGame('quivit');
      for (const cards of [[13], [13, -1], [13, 1.5], 'many']) {
        const res = await put(game, { scores: [20, 20], clocks: ['01:00', '01:00'], cards });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
      }
    });

    test('a typed result whose cards differ from the verified sheet is refused', async () => {
      const { game } = await oneGame('quivit');
      const sheet = JSON.parse(
        readFileSync(
          join(__dirname, '..', '..', 'fixtures', 'quivit', '01-totals-most-cards.sheet.json'),
          'utf8',
        ),
      ) as object; // 20–20, cards 13–14: the second player wins on cards
      const stored = await t.http
        .put(`/api/games/${game.id}/scoresheet`)
        .set(judge)
        .send({ ...sheet, players: ['Ana Ruiz', 'Ben Okafor'] })
        .expect(200);
      expect(stored.body.result).toMatchObject({ winner: 'second', cards: [13, 14] });
      const typed = { scores: [20, 20], clocks: ['01:00', '01:00'] };
      const differs = await put(game, { ...typed, cards: [15, 16] }, stored.body.version).expect(
        422,
      );
      expect(differs.body.code).toBe('RESULT_CONTRADICTS_SHEET');
      expect(differs.body.details).toEqual({
        differences: ['cards 15–16 but the verified sheet gives 13–14'],
      });
      await put(game, { ...typed, cards: [13, 14] }, stored.body.version).expect(200);
    });

    test("typed cards reach the standings, as a sheet's do", async () => {
      const { game, divisionId } = await oneGame('quivit', { tieBreaks: ['cards', 'spread'] });
      await put(game, { scores: [20, 20], clocks: ['01:00', '01:00'], cards: [13, 14] }).expect(
        200,
      );
      const rows = (await standings(t, divisionId)).rows as unknown as {
        name: string;
        points: number;
        cards: number;
      }[];
      // Ben: a win on cards (1 point, 14 cards); Ana: a loss (0 points, 13 cards)
      expect(rows.map((r) => [r.name, r.points, r.cards])).toEqual([
        ['Ben Okafor', 1, 14],
        ['Ana Ruiz', 0, 13],
      ]);
    });
  });

  describe("a typed result of another rule set is decided by that rule set's tie-breaks", () => {
    describe('Qwibble: safe points, tiles played, biggest steal; never remaining time', () => {
      decides('qwibble', [
        {
          name: 'equal scores, more safe points',
          body: { scores: [150, 150], clocks: ['01:00', '05:00'], safePoints: [30, 25] }, // 30 > 25
          status: 200,
          expected: { winner: 'first' },
        },
        {
          name: 'equal safe points: the tiles played are asked for',
          body: { scores: [150, 150], clocks: ['01:00', '05:00'], safePoints: [30, 30] },
          status: 422,
          expected: {
            code: 'TIE_BREAK_FIGURE_NEEDED',
            details: { tieBreak: 'tiles-played', field: 'tilesPlayed' },
          },
        },
        {
          name: 'every figure equal: a draw (the judge draws lots), not the second on 05:00 > 01:00',
          body: {
            scores: [150, 150],
            clocks: ['01:00', '05:00'],
            safePoints: [30, 30],
            tilesPlayed: [44, 44],
            biggestSteal: [9, 9],
          },
          status: 200,
          expected: { winner: 'draw' },
        },
        {
          name: 'cards: 422, Qwibble decides nothing by them',
          body: { scores: [150, 140], clocks: ['01:00', '05:00'], cards: [3, 4] },
          status: 422,
          expected: { code: 'TIE_BREAK_FIGURE_UNUSED', details: { field: 'cards' } },
        },
      ]);
    });

    describe('target score: who reached the target first, then remaining time', () => {
      decides('scrabble-target', [
        {
          name: 'equal at 210, past the target of 200: the second reached it first',
          body: { scores: [210, 210], clocks: ['05:00', '01:00'], targetFirst: 1 },
          status: 200,
          expected: { winner: 'second' },
        },
        {
          name: 'equal at 210 without saying who reached it first: 422 asking for "targetFirst"',
          body: { scores: [210, 210], clocks: ['05:00', '01:00'] },
          status: 422,
          expected: {
            code: 'TIE_BREAK_FIGURE_NEEDED',
            details: { tieBreak: 'target-first', field: 'targetFirst' },
          },
        },
        {
          name: 'equal at 150, below the target: remaining time (02:00 < 03:00)',
          body: { scores: [150, 150], clocks: ['02:00', '03:00'] },
          status: 200,
          expected: { winner: 'second', reason: 'time-tiebreak' },
        },
      ]);
    });
  });

  describe("the result form asks the rule set's figures and says what is missing in the page's language", () => {
    test('a Quivit form has fields for the cards and no time loss', async () => {
      const { game } = await oneGame('quivit');
      const page = (
        await t.http.get(`/judge/games/${game.id}/result?lang=en`).set('Cookie', cookie).expect(200)
      ).text;
      expect(page).toContain('name="cardsFirst"');
      expect(page).toContain('name="cardsSecond"');
      expect(page).not.toContain('name="timeLoss"');
      expect(mainText(page)).toContain('Cards taken: Ana Ruiz');
      expect(mainText(page)).toContain('Equal scores are decided by the cards taken');
    });

    test.each([
      {
        lang: 'sr-Latn',
        text: 'Poeni su jednaki (20 : 20), a tada po pravilima odlučuje broj uzetih karata: upišite to za oba igrača.',
      },
      {
        lang: 'sr-Cyrl',
        text: 'Поени су једнаки (20 : 20), а тада по правилима одлучује број узетих карата: упишите то за оба играча.',
      },
      {
        lang: 'en',
        text: 'The scores are equal (20 : 20), and the rules then go by the cards taken: enter it for both players.',
      },
    ])(
      'equal Quivit points without the cards: a 422 in $lang by the cards field',
      async ({ lang, text }) => {
        const { game } = await oneGame('quivit');
        const fields = {
          scoreFirst: '20',
          scoreSecond: '20',
          remainingFirst: '01:00',
          remainingSecond: '00:30',
        };
        const refused = await post(`/judge/games/${game.id}/result?lang=${lang}`, fields).expect(
          422,
        );
        expect(mainText(refused.text)).toContain(text);
        expect(refused.text).toContain('id="e-cardsFirst"');
        const saved = await post(`/judge/games/${game.id}/result?lang=${lang}`, {
          ...fields,
          cardsFirst: '13',
          cardsSecond: '14',
        }).expect(303);
        expect(saved.headers.location).toBe(`/judge/games/${game.id}/result?done=saved`);
        const stored = (await t.http.get(`/api/games/${game.id}`).expect(200)).body as GameJson & {
          result: { cards: number[] };
        };
        expect(stored.result).toMatchObject({ winner: 'second', cards: [13, 14] }); // 13 < 14
        // The correction form starts from the stored cards.
        const again = (
          await t.http.get(`/judge/games/${game.id}/result`).set('Cookie', cookie).expect(200)
        ).text;
        expect(again).toMatch(/name="cardsSecond" value="14"/);
      },
    );
  });
});
