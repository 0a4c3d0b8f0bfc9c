import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tshProblemMessage } from './tsh-messages';
import {
  fromTshName,
  readTsh,
  resultsNotByScore,
  roundsPlayedThrough,
  TshDivision,
  TshGameIn,
  tshEntries,
  toTshName,
  winnerByScores,
  writeTsh,
} from './tsh';

const FIXTURE = readFileSync(join(__dirname, '../../test/fixtures/tsh/open.t'), 'utf8');

function division(text: string): TshDivision {
  const read = readTsh(text);
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  return read.division;
}

describe('TSH names', () => {
  it.each([
    ['Petrović, Ana', 'Ana Petrović'],
    ['Smith,   John ', 'John Smith'],
    ['Madonna', 'Madonna'],
    ['Rossi, Maria, jr', 'Rossi, Maria, jr'], // two commas: not a surname and a name
    ['Petrović,', 'Petrović,'],
  ])('%j is read as %j', (tsh, name) => expect(fromTshName(tsh)).toBe(name));

  it.each([
    ['Ana Petrović', 'Petrović, Ana'],
    ['Ana Marija Petrović', 'Petrović, Ana Marija'], // the last word is the surname
    ['Madonna', 'Madonna'],
    ['Petrović, Ana', 'Petrović, Ana'], // already written with a comma: as is
    ['Ana;Petrović', 'Ana,Petrović'], // a `;` would end TSH's first field
  ])('%j is written as %j', (name, tsh) => expect(toTshName(name)).toBe(tsh));
});

describe('readTsh', () => {
  it('reads the hand-written fixture: players by line, pairings, who went first, byes, withdrawal', () => {
    const d = division(FIXTURE);
    expect(d.players).toHaveLength(9);
    expect(d.players[0]).toEqual({
      name: 'Ana Petrović',
      rating: 1850,
      club: 'ŠK Vračar',
      active: true,
    });
    expect(d.players[7]).toEqual({ name: 'Luka Horvat', rating: null, club: null, active: true }); // rating 0
    expect(d.players[8].active).toBe(false); // `off 1`
    expect(d.rounds).toHaveLength(5);
    expect(d.byeSpread).toBe(50);
    // Round 1: 1–5 (p12 1: Ana first), 2–6 (Marko has p12 2: Ivan first), 3–7, 4–8 (8 first); 9 has the bye.
    expect(d.rounds[0].games).toEqual([
      { first: 0, second: 4, scores: [432, 385] },
      { first: 5, second: 1, scores: [401, 455] },
      { first: 2, second: 6, scores: [398, 410] },
      { first: 7, second: 3, scores: [367, 422] },
    ]);
    expect(d.rounds[0].byes).toEqual([8]);
    // Round 5: Stefan withdrew (off, opponent 0 with 0 to the end): no bye, no absence.
    expect(d.rounds[4].byes).toEqual([]);
    expect(d.rounds[4].absent).toEqual([]);
    expect(d.rounds[4].games).toHaveLength(4);
  });

  it('takes any whitespace between fields, as TSH pads names to a column', () => {
    const padded =
      'Petrović, Ana          1850  2 ;  432 ; p12 1\nJovanović, Marko\t1790 1; 385; p12 2\n';
    expect(division(padded).rounds[0].games).toEqual([{ first: 0, second: 1, scores: [432, 385] }]);
  });

  it('reads a round paired but not yet played as games without scores', () => {
    const d = division('A, B 1500 2 2; 400\nC, D 1400 1 1; 300\n');
    expect(d.rounds.map((r) => r.games[0].scores)).toEqual([[400, 300], null]);
  });

  it('reads opponent 0 with 0 or less as an absence, and without p12 the lower line first', () => {
    const d = division('A, B 1500 2 0; 400 -50\nC, D 1400 1 0; 300 0\n');
    expect(d.rounds[0].games).toEqual([{ first: 0, second: 1, scores: [400, 300] }]);
    expect(d.rounds[1].absent).toEqual([0, 1]);
    expect(d.byeSpread).toBeNull();
  });

  it('ignores blank lines, `#` comments and fields of its own (id, board, newr…)', () => {
    const d = division(
      '# division A\n\nA, B 1500 2; 400; board 3; id AA001; newr 1510\nC, D 1400 1; 300\n',
    );
    expect(d.players.map((p) => p.name)).toEqual(['B A', 'D C']);
  });

  // Each bad file names the line and the field; nothing is read from it.
  it.each([
    ['no player', '\n\n', [{ line: 0, field: 'file', code: 'no-players' }]],
    ['no rating', 'Petrović, Ana; 400\n', [{ line: 1, field: 'rating', code: 'no-rating' }]],
    [
      'a score not a number',
      'A, B 1500 2; 4x0\nC, D 1400 1; 300\n',
      [{ line: 1, field: 'scores', code: 'not-a-number' }],
    ],
    ['a rating too high', 'A, B 9000; \n', [{ line: 1, field: 'rating', code: 'rating-range' }]],
    [
      // As every name is read: a right-to-left override or a zero-width space is refused too.
      'a direction-changing character in a name',
      'A, \u202eB 1500; \nC, D\u200b 1400; \n',
      [
        { line: 1, field: 'name', code: 'name-control' },
        { line: 2, field: 'name', code: 'name-control' },
      ],
    ],
    [
      'more scores than rounds',
      'A, B 1500 2; 400 300\nC, D 1400 1; 300\n',
      [{ line: 1, field: 'scores', code: 'too-many-scores' }],
    ],
    [
      'rounds differ',
      'A, B 1500 2 0; 400\nC, D 1400 1; 300\n',
      [{ line: 2, field: 'opponents', code: 'rounds-differ' }],
    ],
    [
      'an opponent beyond the players',
      'A, B 1500 3; 400\nC, D 1400 1; 300\n',
      [
        { line: 1, field: 'opponents', code: 'opponent-range' },
        { line: 2, field: 'opponents', code: 'not-mutual' }, // line 1 does not name 2 back
      ],
    ],
    [
      'own opponent',
      'A, B 1500 1; 400\nC, D 1400 0; 0\n',
      [{ line: 1, field: 'opponents', code: 'own-opponent' }],
    ],
    [
      'an opponent who has none that round',
      'A, B 1500 2; 400\nC, D 1400 0; 0\n',
      [{ line: 1, field: 'opponents', code: 'opponent-unpaired' }],
    ],
    [
      'not paired both ways',
      'A, B 1500 2; 400\nC, D 1400 3; 300\nE, F 1300 2; 200\n',
      // 1 names 2, but 2 and 3 name each other: line 1 is the odd one out.
      [{ line: 1, field: 'opponents', code: 'not-mutual' }],
    ],
    [
      'a score on one side only',
      'A, B 1500 2; 400\nC, D 1400 1;\n',
      [{ line: 2, field: 'scores', code: 'score-missing' }],
    ],
    [
      'p12 both first',
      'A, B 1500 2; 400; p12 1\nC, D 1400 1; 300; p12 1\n',
      [{ line: 2, field: 'p12', code: 'p12-clash' }],
    ],
    [
      'p12 of a game is 0',
      'A, B 1500 2; 400; p12 0\nC, D 1400 1; 300\n',
      [{ line: 1, field: 'p12', code: 'p12-value' }],
    ],
    [
      'p12 too short',
      'A, B 1500 2 0; 400 50; p12 1\nC, D 1400 1 0; 300 0\n',
      [{ line: 1, field: 'p12', code: 'p12-length' }],
    ],
    [
      'two bye spreads',
      'A, B 1500 0 2; 50 400\nC, D 1400 0 1; 30 300\n',
      [{ line: 2, field: 'scores', code: 'bye-spread' }],
    ],
    [
      'the same name twice',
      'Petrović, Ana 1500 2; 400\npetrović,  ana 1400 1; 300\n',
      [{ line: 2, field: 'name', code: 'duplicate-name' }],
    ],
    [
      // Round 1's A–B has no scores, yet round 2 was played (C–D): it was paired too early.
      'a round without results before a round played',
      'A, B 1500 2 2;\nC, D 1400 1 1;\nE, F 1300 4 4; 300 310\nG, H 1200 3 3; 250 260\n',
      [{ line: 1, field: 'scores', code: 'round-unfinished' }],
    ],
    [
      'a field twice',
      'A, B 1500 2; 400; team X; team Y\nC, D 1400 1; 300\n',
      [{ line: 1, field: 'fields', code: 'duplicate-field' }],
    ],
  ])('%s', (_, text, expected) => {
    const read = readTsh(text);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems.map(({ line, field, code }) => ({ line, field, code }))).toEqual(expected);
  });

  it('words a problem with its line and field, in each language', () => {
    const read = readTsh('A, B 1500 2; 400\nC, D 1400 1;\n');
    if (read.ok) throw new Error('read');
    expect(tshProblemMessage('en', read.problems[0])).toBe(
      'line 2, scores: round 1: no score, but the opponent (player 1) has one',
    );
    expect(tshProblemMessage('sr-Latn', read.problems[0])).toBe(
      'red 2, rezultati: 1. kolo: nema rezultata, a protivnik (igrač 1) ga ima',
    );
    expect(tshProblemMessage('sr-Cyrl', read.problems[0])).toMatch(/^ред 2, резултати: 1\. коло/);
  });
});

describe('writing', () => {
  const g = (
    round: number,
    first: number,
    second: number | null,
    rest: Partial<TshGameIn> = {},
  ): TshGameIn => ({
    round,
    first,
    second,
    status: second === null ? 'bye' : 'complete',
    winner: 'first',
    scores: second === null ? [50, 0] : [400, 350],
    kind: null,
    ...rest,
  });

  it.each([
    // [games, rounds paired, played through]
    [[g(1, 0, 1), g(2, 0, 1, { status: 'pending' })], 2, 1],
    [[g(1, 0, 1), g(2, 0, 1)], 2, 2],
    [[g(1, 0, 1, { status: 'pending' })], 1, 0],
    [[], 0, 0],
  ])('rounds played through: %#', (games, paired, through) =>
    expect(roundsPlayedThrough(games, paired)).toBe(through),
  );

  it('writes a game, a bye, a forfeit, a double forfeit and a round without a game', () => {
    const entries = tshEntries(
      5,
      [
        g(1, 0, 1, { scores: [420, 380] }),
        g(1, 2, null, { scores: [50, 0] }),
        g(1, 3, 4, { kind: 'forfeit', winner: 'second', scores: null }),
        g(2, 0, 1, { kind: 'double-forfeit', winner: 'none', scores: null }),
      ],
      2,
      40,
    );
    expect(entries.map((e) => e.map((x) => [x.opponent, x.score, x.p12]))).toEqual([
      [
        [2, 420, 1],
        [0, -40, 0],
      ], // a double forfeit: −forfeit spread for both
      [
        [1, 380, 2],
        [0, -40, 0],
      ],
      [
        [0, 50, 0],
        [0, 0, 0],
      ], // a bye, then no game: 0 and 0
      [
        [0, -40, 0],
        [0, 0, 0],
      ], // absent from the forfeit
      [
        [0, 40, 0],
        [0, 0, 0],
      ], // present: +forfeit spread
    ]);
  });

  it('writes lines in TSH order: name, rating, opponents; scores; off; p12; team', () => {
    expect(
      writeTsh([
        {
          name: 'Ana Petrović',
          rating: 1850,
          club: 'ŠK Vračar',
          active: true,
          entries: [{ opponent: 2, score: 432, p12: 1 }],
        },
        {
          name: 'Marko Jovanović',
          rating: null,
          club: null,
          active: false,
          entries: [{ opponent: 1, score: 385, p12: 2 }],
        },
        { name: 'Ema', rating: 1500, club: null, active: true, entries: [] },
      ]),
    ).toBe(
      'Petrović, Ana 1850 2; 432; p12 1; team ŠK Vračar\n' +
        'Jovanović, Marko 0 1; 385; off 1; p12 2\n' +
        'Ema 1500;\n',
    );
  });

  it.each([
    [[400, 350], 'first'],
    [[350, 400], 'second'],
    [[376, 376], 'draw'], // TSH counts equal scores as a tie
  ] as const)('scores %j: %s', (scores, winner) =>
    expect(winnerByScores([...scores])).toBe(winner),
  );

  it('writes the fixture back byte for byte from what it read', () => {
    const d = division(FIXTURE);
    const games: TshGameIn[] = d.rounds.flatMap((r, k) => [
      ...r.games.map((x) => ({
        round: k + 1,
        first: x.first,
        second: x.second,
        status: 'complete' as const,
        winner: winnerByScores(x.scores!),
        scores: x.scores,
        kind: null,
      })),
      ...r.byes.map((b) => g(k + 1, b, null, { scores: [d.byeSpread!, 0] })),
    ]);
    const entries = tshEntries(
      d.players.length,
      games,
      roundsPlayedThrough(games, d.rounds.length),
      50,
    );
    expect(writeTsh(d.players.map((p, i) => ({ ...p, entries: entries[i] })))).toBe(FIXTURE);
  });
});

describe('results TSH cannot say', () => {
  const game = (winner: TshGameIn['winner'], scores: [number, number]): TshGameIn => ({
    round: 1,
    first: 0,
    second: 1,
    status: 'complete',
    winner,
    scores,
    kind: null,
  });
  it.each<[string, TshGameIn, boolean]>([
    ['the higher score won', game('first', [420, 380]), false],
    ['a tie of scores, a draw', game('draw', [400, 400]), false],
    ['lost on time at 420 : 380', game('second', [420, 380]), true],
    ['equal scores, won on a tie-break', game('first', [400, 400]), true],
    [
      'a forfeit is written as TSH writes forfeits',
      { ...game('first', [0, 0]), kind: 'forfeit', scores: null },
      false,
    ],
  ])('%s → refused: %s', (_what, g, refused) => {
    expect(resultsNotByScore([g], 1)).toHaveLength(refused ? 1 : 0);
  });
  it('only rounds the file would hold', () => {
    expect(resultsNotByScore([{ ...game('second', [420, 380]), round: 2 }], 1)).toEqual([]);
  });
});
