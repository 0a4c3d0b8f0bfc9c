import { DATABASE_KIND, startTestApp, TestApp } from './harness';
import { createTournament, pair, register, scoreSheet } from './tournament-helpers';

describe(`word lists and the word judge over HTTP (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let tournamentId: number;
  let divisionId: number;
  let judge: { Authorization: string };
  beforeAll(async () => {
    t = await startTestApp();
    ({ id: tournamentId, divisionId } = await createTournament(t, {
      name: 'Word cup',
      ruleSet: 'kvizovka',
      rounds: 1,
      pairingPlan: ['seeded'],
      byeSpread: 50,
    }));
    judge = await t.account('judge');
  });
  afterAll(async () => {
    await t.close();
  });

  const judgeWords = (body: Record<string, unknown>, who = judge) =>
    t.http.post('/api/word-judge').set(who).send(body);

  test('the default list rules until the tournament has its own', async () => {
    const view = await t.http.get(`/api/tournaments/${tournamentId}/word-list`).expect(200);
    expect(view.body).toMatchObject({ source: 'default', name: 'sr-kvizovka', words: 1169391 });
    const valid = await judgeWords({ tournamentId, words: ['KUĆA', 'LJUBAV'] }).expect(200);
    expect(valid.body.verdict).toBe('VALID');
    const invalid = await judgeWords({ tournamentId, words: ['KUĆA', 'PSA'] }).expect(200);
    expect(invalid.body).toEqual({ verdict: 'INVALID', rulingId: expect.any(Number) }); // nothing about which word
  });

  test('an uploaded list with bad lines is refused whole, every bad line named; nothing is stored', async () => {
    const text = ['# club list', 'KUĆA', 'PAS2', '', 'ЉУБАВ', 'two words', 'XYZW'].join('\n');
    const res = await t.http
      .put(`/api/tournaments/${tournamentId}/word-list`)
      .set(t.organiser)
      .send({ name: 'Club', text })
      .expect(422);
    expect(res.body.code).toBe('WORD_LIST_INVALID');
    expect(res.body.details.map((e: { line: number }) => e.line)).toEqual([3, 6, 7]); // PAS2, a space, X Y W
    const view = await t.http.get(`/api/tournaments/${tournamentId}/word-list`).expect(200);
    expect(view.body.source).toBe('default');
  });

  test("the tournament's own list then rules, and judges' rulings are logged with game and turn", async () => {
    const text = ['KUĆA', 'ЉУБАВ', 'IN|JEKCIJA', 'PSA'].join('\n');
    const up = await t.http
      .put(`/api/tournaments/${tournamentId}/word-list`)
      .set(t.organiser)
      .send({ name: 'Club 2026', text })
      .expect(200);
    expect(up.body).toMatchObject({ source: 'tournament', name: 'Club 2026', words: 4 });
    await register(t, divisionId, ['Ana', 'Boris']);
    const round = await pair(t, divisionId);
    const gameId = round.games[0].id;
    const psa = await judgeWords({ gameId, turn: 7, words: ['PSA', 'injekcija'] }).expect(200);
    expect(psa.body.verdict).toBe('VALID'); // on this list, PSA is a word
    const pas = await judgeWords({ gameId, turn: 9, words: ['PAS'] }).expect(200);
    expect(pas.body.verdict).toBe('INVALID');
    const log = await t.http
      .get(`/api/tournaments/${tournamentId}/word-rulings`)
      .set(judge)
      .expect(200);
    expect(log.body.slice(-2)).toEqual([
      expect.objectContaining({
        gameId,
        turn: 7,
        words: ['PSA', 'injekcija'],
        verdict: 'VALID',
        wordList: `tournament:${tournamentId}`,
      }),
      expect.objectContaining({ gameId, turn: 9, words: ['PAS'], verdict: 'INVALID' }),
    ]);
  });

  test('score sheets of the tournament are checked against its list', async () => {
    const round = (await t.http.get(`/api/divisions/${divisionId}/rounds/1`).expect(200)).body;
    const game = round.games[0];
    const names: [string, string] = [game.first.name, game.second.name];
    const { sheet } = scoreSheet(names, 7);
    const res = await t.http
      .put(`/api/games/${game.id}/scoresheet`)
      .set(judge)
      .send(sheet)
      .expect(200);
    expect(res.body).toBeDefined();
    const stored = (await t.http.get(`/api/games/${game.id}/scoresheet`).expect(200)).body;
    const words = stored.report.turns.flatMap(
      (turn: { words: { known: boolean | null }[] }) => turn.words,
    );
    expect(words.length).toBeGreaterThan(0);
    expect(words.every((w: { known: boolean | null }) => w.known === false)).toBe(true); // random letters, a four-word list
  });

  test('bad requests are 4xx with the reason', async () => {
    const bad = await judgeWords({ words: ['KU1A'] }).expect(400);
    expect(bad.body).toMatchObject({ code: 'WORD_UNREADABLE' });
    expect(bad.body.message).toContain("words[0]: 'KU1A' has '1'");
    await judgeWords({ words: [] }).expect(400);
    await judgeWords({ gameId: 999999, words: ['KUĆA'] }).expect(404);
    await judgeWords({ rules: 'chess', words: ['E4'] }).expect(400);
    await judgeWords({ words: ['KUĆA'] }, {} as { Authorization: string }).expect(401);
  });
});
