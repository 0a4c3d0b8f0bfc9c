import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { createTournament, pair, register, scoreSheet } from '../tournament-helpers';

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
    judge = await t.account('judge', undefined, [tournamentId]);
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

  test("the export carries the tournament's list and the rulings, and the import judges by them", async () => {
    const round = (await t.http.get(`/api/divisions/${divisionId}/rounds/1`).expect(200)).body;
    const gameId = round.games[0].id as number;
    const stored = (await t.http.get(`/api/games/${gameId}/scoresheet`).expect(200)).body;
    const formed: string[] = stored.report.turns.flatMap((turn: { words: { word: string }[] }) =>
      turn.words.map((w) => w.word),
    );
    // A list that holds every word of the stored sheet: an import that judged by the rule set's
    // list would find these random letters unknown.
    const text = [...new Set(formed), 'PSA'].join('\n');
    await t.http
      .put(`/api/tournaments/${tournamentId}/word-list`)
      .set(t.organiser)
      .send({ name: 'Club 2026 with the game', text })
      .expect(200);
    const exported = (
      await t.http.get(`/api/tournaments/${tournamentId}/export`).set(t.organiser).expect(200)
    ).body;
    expect(exported.wordList.name).toBe('Club 2026 with the game');
    expect(exported.wordList.words).toContain('PSA');
    expect(exported.wordRulings.slice(-2)).toEqual([
      expect.objectContaining({
        division: exported.divisions[0].name,
        round: 1,
        table: 1,
        turn: 7,
        wordList: 'tournament',
        verdict: 'VALID',
      }),
      expect.objectContaining({
        division: exported.divisions[0].name,
        round: 1,
        table: 1,
        turn: 9,
        words: ['PAS'],
        verdict: 'INVALID',
      }),
    ]);

    const imported = (
      await t.http.post('/api/tournaments/import').set(t.organiser).send(exported).expect(201)
    ).body;
    // The copy is its importer's: its judges are given their roles anew.
    await t.grant(imported.id as number, judge, 'judge');
    const list = await t.http.get(`/api/tournaments/${imported.id}/word-list`).expect(200);
    expect(list.body).toMatchObject({ source: 'tournament', name: 'Club 2026 with the game' });
    expect(list.body.words).toBe(exported.wordList.words.length);
    const newRound = (
      await t.http.get(`/api/divisions/${imported.divisions[0].id}/rounds/1`).expect(200)
    ).body;
    const newGame = newRound.games[0].id as number;
    const rulings = (
      await t.http.get(`/api/tournaments/${imported.id}/word-rulings`).set(judge).expect(200)
    ).body;
    expect(rulings.slice(-2)).toEqual([
      expect.objectContaining({ gameId: newGame, turn: 7, wordList: `tournament:${imported.id}` }),
      expect.objectContaining({ gameId: newGame, turn: 9, words: ['PAS'], verdict: 'INVALID' }),
    ]);
    const again = (await t.http.get(`/api/games/${newGame}/scoresheet`).expect(200)).body;
    const known = again.report.turns.flatMap((turn: { words: { known: boolean | null }[] }) =>
      turn.words.map((w) => w.known),
    );
    expect(known.length).toBe(formed.length);
    expect(known.every((k: boolean | null) => k === true)).toBe(true);

    // What does not hold is refused whole, each at its path.
    const refused = async (
      change: (doc: typeof exported) => void,
      path: string,
      message: RegExp,
    ) => {
      const doc = JSON.parse(JSON.stringify(exported));
      change(doc);
      const res = await t.http
        .post('/api/tournaments/import')
        .set(t.organiser)
        .send(doc)
        .expect(422);
      const found = (res.body.details as { path: string; message: string }[]).find(
        (e) => e.path === path,
      );
      expect([path, found?.message]).toEqual([path, expect.stringMatching(message)]);
    };
    await refused((d) => (d.wordList.words[1] = 'KU1A'), 'wordList.words[1]', /'1'/);
    const last = exported.wordRulings.length - 1;
    await refused(
      (d) => (d.wordRulings[last].table = 99),
      `wordRulings[${last}].table`,
      /has no game at round 1, table 99/,
    );
    await refused(
      (d) => (d.tournament.startDate = '2026-99-99'),
      'tournament.startDate',
      /day of the calendar/,
    );
    await refused(
      (d) => (d.tournament.startDate = '2026-02-30'),
      'tournament.startDate',
      /day of the calendar/,
    );
    await refused(
      (d) => {
        d.tournament.startDate = '2026-11-25';
        d.tournament.endDate = '2026-11-24';
      },
      'tournament.endDate',
      /2026-11-24 is before the start, 2026-11-25/,
    );
    await refused(
      (d) => {
        const g = d.divisions[0].rounds[0].games[0];
        g.scoresheet = null;
        g.source = 'result';
        g.timeLoss = null;
        g.winner = g.scores[0] > g.scores[1] ? 'second' : 'first';
      },
      'divisions[0].rounds[0].games[0].winner',
      /the scores \d+–\d+ make (first|second) the winner, not (first|second)/,
    );
    const history = exported.divisions[0].rounds[0].games[0].history.length as number;
    await refused(
      (d) =>
        d.divisions[0].rounds[0].games[0].history.push({
          at: '25.11.2026',
          action: 'x',
          by: null,
          before: {},
          after: {},
        }),
      `divisions[0].rounds[0].games[0].history[${history}].at`,
      /ISO date and time/,
    );
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
