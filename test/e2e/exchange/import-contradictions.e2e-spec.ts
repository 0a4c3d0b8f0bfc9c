import { adminCookie, decode } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import {
  createTournament,
  enterResult,
  GameJson,
  pair,
  register,
  scoreSheet,
} from '../tournament-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents are mutated field by field */
type Doc = any;

let t: TestApp;
let doc: Doc;
let tournamentId: number;
beforeAll(async () => {
  t = await startTestApp();
  // Kvizovka: 5 players (a bye each round); round 1 a verified sheet and a typed result,
  // round 2 typed results, round 3 paired; round 1's typed result then taken back, as the
  // server lets a director do. Quivit beside it: one typed game with cards.
  const { id, divisionId } = await createTournament(t, {
    name: 'Contradictions open',
    ruleSet: 'kvizovka',
    rounds: 4,
  });
  tournamentId = id;
  await register(t, divisionId, ['Ana', 'Bora', 'Ceca', 'Dule', 'Ema']);
  const played = (games: GameJson[]) => games.filter((g) => g.second !== null);
  const round1 = played((await pair(t, divisionId)).games);
  const { sheet } = scoreSheet([round1[0].first.name, round1[0].second!.name], 11);
  await t.http
    .put(`/api/games/${round1[0].id}/scoresheet`)
    .set(t.organiser)
    .send(sheet)
    .expect(200);
  const typed = await enterResult(t, t.organiser, round1[1], {
    scores: [400, 350],
    clocks: ['03:00', '01:00'],
  });
  for (const g of played((await pair(t, divisionId)).games)) {
    await enterResult(t, t.organiser, g, { scores: [300, 310], clocks: ['02:00', '04:00'] });
  }
  await pair(t, divisionId);
  await t.http
    .delete(`/api/games/${round1[1].id}/result`)
    .set(t.organiser)
    .set('If-Match', String((typed as GameJson & { version: number }).version))
    .expect(200);

  const cards = await t.http
    .post(`/api/tournaments/${id}/divisions`)
    .set(t.organiser)
    .send({ name: 'Cards', ruleSet: 'quivit', rounds: 1 })
    .expect(201);
  const cardsId = cards.body.id as number;
  await register(t, cardsId, ['Filip', 'Goca']);
  const [cardGame] = (await pair(t, cardsId)).games;
  await enterResult(t, t.organiser, cardGame, {
    scores: [26, 19],
    clocks: ['00:00', '01:00'],
    cards: [13, 14],
  } as never);
  doc = (await t.http.get(`/api/tournaments/${id}/export`).set(t.organiser).expect(200)).body;
}, 120000);
afterAll(() => t.close());

/** Where things are in the exported document. */
const main = (d: Doc) => d.divisions[0];
const gameIndex = (d: Doc, round: number, test: (g: Doc) => boolean) =>
  main(d).rounds[round].games.findIndex(test);
const sheetGame = (d: Doc) => gameIndex(d, 0, (g) => g.scoresheet !== null);
const clearedGame = (d: Doc) => gameIndex(d, 0, (g) => g.status === 'pending');
const typedGame = (d: Doc) => gameIndex(d, 1, (g) => g.status === 'complete');
const byeGame = (d: Doc) => gameIndex(d, 1, (g) => g.status === 'bye');
const game = (d: Doc, round: number, index: number) => main(d).rounds[round].games[index];
const logLine = (d: Doc, action: string) =>
  (d.log as Doc[]).findIndex((e) => e.action === action && e.table !== null);

interface Case {
  name: string;
  change: (d: Doc) => void;
  path: (d: Doc) => string;
  says: string;
}

const at = (round: number, index: number) => `divisions[0].rounds[${round}].games[${index}]`;

const cases: Case[] = [
  {
    name: 'a forged empty report over a verified sheet',
    change: (d) => (game(d, 0, sheetGame(d)).scoresheet.report = {}),
    path: (d) => `${at(0, sheetGame(d))}.scoresheet.report`,
    says: 'does not match the sheet verified again: ok',
  },
  {
    name: 'a report with its turns emptied',
    change: (d) => (game(d, 0, sheetGame(d)).scoresheet.report.turns = []),
    path: (d) => `${at(0, sheetGame(d))}.scoresheet.report`,
    says: 'does not match the sheet verified again: turns 0 in the report',
  },
  {
    name: 'a report whose final scores are not the sheet’s',
    change: (d) => (game(d, 0, sheetGame(d)).scoresheet.report.players[0].final += 100),
    path: (d) => `${at(0, sheetGame(d))}.scoresheet.report`,
    says: 'final scores',
  },
  {
    name: 'a result from a score sheet the game does not have',
    change: (d) => (game(d, 1, typedGame(d)).source = 'scoresheet'),
    path: (d) => `${at(1, typedGame(d))}.scoresheet`,
    says: 'the result is said to come from a score sheet, but there is none',
  },
  {
    name: 'remaining time of +100 hours',
    change: (d) => (game(d, 1, typedGame(d)).remaining = [360000, 240]),
    path: (d) => `${at(1, typedGame(d))}.remaining[0]`,
    says: '6000:00 left is more than the 30:00 each player starts with in kvizovka',
  },
  {
    name: 'remaining time of −100 hours',
    change: (d) => (game(d, 1, typedGame(d)).remaining = [120, -360000]),
    path: (d) => `${at(1, typedGame(d))}.remaining[1]`,
    says: 'beyond 999:59 either side of zero',
  },
  {
    name: 'a sheet’s result with clocks that are not the sheet’s',
    change: (d) => (game(d, 0, sheetGame(d)).remaining = [1799, 1798]),
    path: (d) => `${at(0, sheetGame(d))}.remaining`,
    says: "the result is the sheet's, whose clocks leave",
  },
  {
    name: 'cards on a Kvizovka game',
    change: (d) => (game(d, 1, typedGame(d)).cards = [13, 14]),
    path: (d) => `${at(1, typedGame(d))}.cards`,
    says: 'kvizovka is not a card game',
  },
  {
    name: 'a time loss on a Quivit game (a clock on a card game)',
    change: (d) => (d.divisions[1].rounds[0].games[0].timeLoss = 1), // first wins on 26–19
    path: () => 'divisions[1].rounds[0].games[0].timeLoss',
    says: 'quivit has no game clock',
  },
  {
    name: 'a bye with a score-sheet result',
    change: (d) => (game(d, 1, byeGame(d)).source = 'scoresheet'),
    path: (d) => `${at(1, byeGame(d))}.source`,
    says: "a bye's result is the bye's",
  },
  {
    name: 'a game of two players with the result of a bye',
    change: (d) => (game(d, 1, typedGame(d)).source = 'bye'),
    path: (d) => `${at(1, typedGame(d))}.source`,
    says: 'only a bye has the result of a bye',
  },
  {
    name: 'round 1 pending while rounds 2–3 are paired (no result ever taken back)',
    change: (d) => (game(d, 0, clearedGame(d)).history = []),
    path: (d) => `${at(0, clearedGame(d))}.status`,
    says: 'round 1, table',
  },
  {
    name: 'a history line by an account without its e-mail (anyone)',
    change: (d) => (game(d, 1, typedGame(d)).history[0].by = { name: 'Anyone', email: null }),
    path: (d) => `${at(1, typedGame(d))}.history[0].by`,
    says: 'a change by an account names its e-mail',
  },
  {
    name: 'a history line from a phone naming someone not at the table',
    change: (d) =>
      game(d, 1, typedGame(d)).history.push({
        ...game(d, 1, typedGame(d)).history[0],
        action: 'sheet-sent',
        by: { name: 'Zoran Stranac (seat 1, table code K7Q…)', email: null },
      }),
    path: (d) => `${at(1, typedGame(d))}.history[1].by`,
    says: 'names the player of a seat of this game',
  },
  {
    name: 'a history line of an action the server never writes',
    change: (d) => (game(d, 1, typedGame(d)).history[0].action = 'promoted'),
    path: (d) => `${at(1, typedGame(d))}.history[0].action`,
    says: 'must be one of result, correction',
  },
  {
    name: 'a director-log line naming a game not in the document',
    change: (d) => (d.log[logLine(d, 'result.entered')].table = 99),
    path: (d) => `log[${logLine(d, 'result.entered')}].table`,
    says: 'has no game at round',
  },
  {
    name: 'a director-log line by an account without its e-mail',
    change: (d) => (d.log[0].by = { name: 'Anyone', email: null }),
    path: () => 'log[0].by',
    says: 'an action by an account names its e-mail',
  },
  {
    name: 'a director-log line of an action the log never writes',
    change: (d) => (d.log[0].action = 'user.promoted'),
    path: () => 'log[0].action',
    says: "user.promoted is not an action of the director's log",
  },
];

describe(`an import refuses a document that contradicts itself, naming the field (${DATABASE_KIND})`, () => {
  test('the document as exported holds what the cases change', () => {
    expect(sheetGame(doc)).toBeGreaterThanOrEqual(0);
    expect(game(doc, 0, sheetGame(doc)).scoresheet.report.ok).toBe(true);
    expect(clearedGame(doc)).toBeGreaterThanOrEqual(0);
    expect(game(doc, 0, clearedGame(doc)).history.at(-1).action).toBe('result-cleared');
    expect(typedGame(doc)).toBeGreaterThanOrEqual(0);
    expect(byeGame(doc)).toBeGreaterThanOrEqual(0);
    expect(main(doc).rounds).toHaveLength(3);
    expect(doc.divisions[1].rounds[0].games[0].cards).toEqual([13, 14]);
    expect(logLine(doc, 'result.entered')).toBeGreaterThanOrEqual(0);
  });

  test.each(cases)('$name', async ({ change, path, says }) => {
    const before = (await t.http.get('/api/tournaments').expect(200)).body.length;
    const forged = structuredClone(doc);
    change(forged);
    const res = await t.http.post('/api/tournaments/import').set(t.organiser).send(forged);
    expect({ status: res.status, code: res.body.code }).toEqual({
      status: 422,
      code: 'IMPORT_INVALID',
    });
    const where = path(doc);
    const found = (res.body.details as { path: string; message: string }[]).find(
      (e) => e.path === where,
    );
    expect({ found: found?.path, all: res.body.details }).toMatchObject({ found: where });
    expect(found!.message).toContain(says);
    expect(res.body.message).toContain(`${where}: `);
    // All or nothing: no tournament was made.
    expect((await t.http.get('/api/tournaments').expect(200)).body).toHaveLength(before);
  });

  test('the document as exported imports, its round 1 result taken back included', async () => {
    const res = await t.http.post('/api/tournaments/import').set(t.organiser).send(doc);
    expect({ status: res.status, body: res.status === 201 ? null : res.body }).toEqual({
      status: 201,
      body: null,
    });
  });
});

describe(`a TSH file with a round played after one without results is refused (${DATABASE_KIND})`, () => {
  // Round 1's Petrović–Jovanović has no scores, yet round 2 was played by the others.
  const file =
    'Petrović, Ana 1500 2 2;\nJovanović, Marko 1400 1 1;\n' +
    'Smith, John 1300 4 4; 300 310\nNikolić, Ivana 1200 3 3; 250 260\n';

  test('in English on the API, in the page’s language on the organiser’s page; nothing imported', async () => {
    const before = (await t.http.get(`/api/tournaments/${tournamentId}/divisions`).expect(200)).body
      .length as number;
    const res = await t.http
      .post(`/api/tournaments/${tournamentId}/divisions/tsh`)
      .set(t.organiser)
      .send({ name: 'Prerano', file })
      .expect(422);
    expect(res.body.code).toBe('TSH_INVALID');
    expect(res.body.details.problems).toEqual([
      {
        line: 1,
        field: 'scores',
        code: 'round-unfinished',
        params: { round: 1, opponent: 2, later: 2 },
      },
    ]);
    expect(res.body.message).toContain(
      'line 1, scores: round 1: no score against player 2, yet round 2 was played after it',
    );
    const cookie = await adminCookie(t);
    const page = await t.http
      .post(`/organiser/tournaments/${tournamentId}/divisions/tsh?lang=sr-Latn`)
      .set('Cookie', cookie)
      .set('Origin', t.url)
      .field('tshName', 'Prerano')
      .field('tshText', file)
      .expect(422);
    expect(decode(page.text)).toContain(
      'red 1, rezultati: 1. kolo: nema rezultata protiv igrača 2, a posle njega je odigrano 2. kolo',
    );
    expect(
      (await t.http.get(`/api/tournaments/${tournamentId}/divisions`).expect(200)).body,
    ).toHaveLength(before);
  });
});
