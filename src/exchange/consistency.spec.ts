import { CLOCK_LIMIT, inconsistencies } from './consistency';
import type { GameDocument, TournamentDocument } from './format';

const snapshot = {
  status: 'pending',
  winner: null,
  reason: null,
  scores: null,
  remaining: null,
  timeLoss: null,
  source: null,
} as const;
const by = { name: 'Olga Organiser', email: 'olga@example.org' };

/** A game of two, typed: 400–350, 03:00 and 01:00 left. */
function typed(table: number, first: number, second: number): GameDocument {
  return {
    table,
    first,
    second,
    status: 'complete',
    winner: 'first',
    scores: [400, 350],
    remaining: [180, 60],
    timeLoss: null,
    source: 'result',
    kind: null,
    scoresheet: null,
    history: [
      {
        at: '2026-11-25T10:00:00.000Z',
        action: 'result',
        by,
        before: snapshot,
        after: { ...snapshot, status: 'complete', winner: 'first', source: 'result' },
      },
    ],
  };
}

function bye(table: number, player: number): GameDocument {
  return {
    table,
    first: player,
    second: null,
    status: 'bye',
    winner: 'first',
    scores: [50, 0],
    remaining: null,
    timeLoss: null,
    source: 'bye',
    kind: null,
    scoresheet: null,
    history: [],
  };
}

function pending(table: number, first: number, second: number): GameDocument {
  return {
    ...typed(table, first, second),
    status: 'pending',
    winner: null,
    scores: null,
    remaining: null,
    source: null,
    history: [],
  };
}

/** Kvizovka, three players: round 1 typed and a bye, round 2 paired. */
function tournament(): TournamentDocument {
  const settings = {
    ruleSet: 'kvizovka',
    options: {},
    rounds: 3,
    pairingPlan: ['swiss' as const],
    tieBreaks: [],
    byeSpread: 50,
  };
  return {
    format: 'arbiter-tournament/1',
    exportedAt: '2026-11-25T12:00:00.000Z',
    tournament: { name: 'Spec open', ...settings },
    divisions: [
      {
        name: 'A',
        players: ['Ana', 'Bora', 'Ceca'].map((name, i) => ({
          ref: i + 1,
          name,
          club: null,
          rating: null,
          seed: i + 1,
          active: true,
          joinedRound: 1,
        })),
        rounds: [
          { number: 1, system: 'swiss', notes: [], games: [typed(1, 1, 2), bye(2, 3)] },
          { number: 2, system: 'swiss', notes: [], games: [pending(1, 3, 1), bye(2, 2)] },
        ],
      },
    ],
    log: [
      {
        at: '2026-11-25T10:00:00.000Z',
        action: 'result.entered',
        by,
        note: null,
        division: 'A',
        player: null,
        round: 1,
        table: 1,
        before: null,
        after: null,
      },
    ],
  };
}

const paths = (doc: TournamentDocument) => inconsistencies(doc).map((e) => e.path);
const round = (doc: TournamentDocument, n: number) => doc.divisions[0].rounds[n - 1];

describe('what the server writes imports', () => {
  it('a typed result, byes, a round paired after a finished one, a log line of a game', () => {
    expect(inconsistencies(tournament())).toEqual([]);
  });

  it('a pending game before a paired round when its result was taken back since', () => {
    const doc = tournament();
    const game = round(doc, 1).games[0];
    Object.assign(game, pending(1, 1, 2));
    game.history = [
      ...typed(1, 1, 2).history,
      { ...typed(1, 1, 2).history[0], action: 'result-cleared' },
    ];
    expect(paths(doc)).toEqual([]);
  });

  it('a pending game before a round of a round robin, paired with the rest of the schedule', () => {
    const doc = tournament();
    Object.assign(round(doc, 1).games[0], pending(1, 1, 2));
    round(doc, 2).system = 'round-robin';
    expect(paths(doc)).toEqual([]);
    round(doc, 2).system = 'swiss';
    expect(paths(doc)).toEqual(['divisions[0].rounds[0].games[0].status']);
  });

  it("a sheet sent from a phone, named by the seat's player", () => {
    const doc = tournament();
    const game = round(doc, 1).games[0];
    const line = {
      ...game.history[0],
      action: 'sheet-sent',
      by: { name: 'Bora (seat 2, table code K7Q…)', email: null },
    };
    game.history.push(line);
    expect(paths(doc)).toEqual([]);
    line.by = { name: 'Ana (seat 2, table code K7Q…)', email: null }; // Ana sits at seat 1
    expect(paths(doc)).toEqual(['divisions[0].rounds[0].games[0].history[1].by']);
  });

  it.each([
    // [remaining seconds, refused]
    [1800, false], // 30:00, the start of a Kvizovka clock
    [1801, true], //  one second more than any Kvizovka clock shows
    [-CLOCK_LIMIT, false], // -999:59, the lowest the API takes
    [-CLOCK_LIMIT - 1, true],
    [-360000, true], // −100 hours
  ])('a Kvizovka clock at %d seconds: refused %s', (seconds, refused) => {
    const doc = tournament();
    round(doc, 1).games[0].remaining = [seconds, 60];
    expect(paths(doc)).toEqual(refused ? ['divisions[0].rounds[0].games[0].remaining[0]'] : []);
  });

  it('a Quivit clock may show what the API takes (no game clock bounds it), not more', () => {
    const doc = tournament();
    doc.tournament.ruleSet = 'quivit';
    round(doc, 1).games[0].remaining = [60, 30];
    round(doc, 1).games[0].cards = [13, 14];
    expect(paths(doc)).toEqual([]);
    round(doc, 1).games[0].remaining = [CLOCK_LIMIT + 1, 30];
    expect(paths(doc)).toEqual(['divisions[0].rounds[0].games[0].remaining[0]']);
  });
});

describe('each inconsistency has a reason of its own for the pages, with its figures', () => {
  const g = (doc: TournamentDocument) => round(doc, 1).games[0];
  it.each<[string, (doc: TournamentDocument) => void, string, string, Record<string, unknown>]>([
    // [what, change, path, code, params]
    [
      'a round paired after a game without result',
      (doc) => Object.assign(g(doc), pending(1, 1, 2)),
      'divisions[0].rounds[0].games[0].status',
      'IMPORT_PAIRED_BEFORE_RESULT',
      { round: 1, table: 1, later: 2 },
    ],
    [
      'a bye with a typed result',
      (doc) => (round(doc, 1).games[1].source = 'result'),
      'divisions[0].rounds[0].games[1].source',
      'IMPORT_BYE_RESULT',
      {},
    ],
    [
      'a game of two with the result of a bye',
      (doc) => (g(doc).source = 'bye'),
      'divisions[0].rounds[0].games[0].source',
      'IMPORT_NOT_A_BYE',
      {},
    ],
    [
      'a result from a sheet the game does not have',
      (doc) => (g(doc).source = 'scoresheet'),
      'divisions[0].rounds[0].games[0].scoresheet',
      'IMPORT_NO_SHEET',
      {},
    ],
    [
      'a clock above the start: 30:01 > 30:00',
      (doc) => (g(doc).remaining = [1801, 60]),
      'divisions[0].rounds[0].games[0].remaining[0]',
      'IMPORT_CLOCK_ABOVE_START',
      { value: '30:01', start: '30:00', ruleSet: 'kvizovka' },
    ],
    [
      'a clock past the API’s: −999:59 − 1 s',
      (doc) => (g(doc).remaining = [-CLOCK_LIMIT - 1, 60]),
      'divisions[0].rounds[0].games[0].remaining[0]',
      'IMPORT_CLOCK_BEYOND',
      { value: '-1000:00', limit: '999:59' },
    ],
    [
      'cards in a game of tiles',
      (doc) => (g(doc).cards = [3, 4]),
      'divisions[0].rounds[0].games[0].cards',
      'IMPORT_NO_CARDS',
      { ruleSet: 'kvizovka' },
    ],
    [
      'a history line of an action the server does not write',
      (doc) => (g(doc).history[0].action = 'made-up'),
      'divisions[0].rounds[0].games[0].history[0].action',
      'IMPORT_NOT_ONE_OF',
      { allowed: expect.stringContaining('result, correction') as unknown },
    ],
    [
      'a change by an account without its e-mail',
      (doc) => (g(doc).history[0].by = { name: 'Olga', email: null }),
      'divisions[0].rounds[0].games[0].history[0].by',
      'IMPORT_EMAIL_MISSING',
      {},
    ],
    [
      'a log line of an action the log does not have',
      (doc) => (doc.log![0].action = 'round.invented'),
      'log[0].action',
      'IMPORT_LOG_ACTION',
      { action: 'round.invented' },
    ],
    [
      'a log line of a game the document does not hold',
      (doc) => (doc.log![0].table = 9),
      'log[0].table',
      'IMPORT_UNKNOWN_GAME',
      { division: 'A', round: 1, table: 9 },
    ],
  ])('%s', (_what, change, path, code, params) => {
    const doc = tournament();
    change(doc);
    expect(inconsistencies(doc)).toEqual([
      { path, message: expect.any(String) as unknown, reason: { code, params } },
    ]);
  });

  it('a Quivit seat with a clock: no game clock, said so', () => {
    const doc = tournament();
    doc.tournament.ruleSet = 'quivit';
    g(doc).timeLoss = 0;
    expect(inconsistencies(doc).map((e) => [e.path, e.reason])).toEqual([
      [
        'divisions[0].rounds[0].games[0].timeLoss',
        { code: 'IMPORT_NO_CLOCK', params: { ruleSet: 'quivit' } },
      ],
    ]);
  });
});
