import {
  computeGroupStandings,
  matchPoints,
  metTable,
  placesOf,
  TableResult,
  tablePlaces,
} from './placements';

describe('places at a table', () => {
  it.each<[number[][], number[], string]>([
    // [keys by seat, places, why]
    [[[310], [250], [280], [190]], [1, 3, 2, 4], 'by score'],
    [[[300], [300], [250], [200]], [1, 1, 3, 4], 'two share first, the next is third'],
    [
      [
        [0, 320],
        [1, 300],
        [0, 310],
      ],
      [2, 1, 3],
      'target variant: reaching the target first beats a higher score',
    ],
    [
      [
        [120, 14],
        [120, 18],
        [90, 20],
      ],
      [2, 1, 3],
      'Quivit: equal scores, most cards',
    ],
    [
      [
        [120, 14],
        [120, 14],
      ],
      [1, 1],
      'equal on every key: shared',
    ],
  ])('%j → %j (%s)', (keys, places) => {
    expect(placesOf(keys)).toEqual(places);
  });
});

describe('match points', () => {
  it.each<[number[], number[], string]>([
    // [places, points, arithmetic]
    [[1, 2, 3, 4], [3, 2, 1, 0], 'four seats: one point per player finished ahead of'],
    [[1, 2, 3], [2, 1, 0], 'three seats: 2/1/0'],
    [[1, 1, 3, 4], [2.5, 2.5, 1, 0], 'two share first: (3 + 2) / 2 = 2.5 each'],
    [[1, 2, 2, 2], [3, 1, 1, 1], 'three share second: (2 + 1 + 0) / 3 = 1 each'],
    [[1, 1, 1], [1, 1, 1], 'all equal at three: (2 + 1 + 0) / 3 = 1 each'],
    [[2, 1], [0, 1], 'two seats: a win is 1'],
  ])('%j → %j (%s)', (places, points) => {
    expect(matchPoints(places)).toEqual(points);
  });

  it('takes a division’s own table: 4-player 5/3/1/0, and 3-player 3/1.5/0 to weigh tables alike', () => {
    const table = { 4: [5, 3, 1, 0], 3: [3, 1.5, 0] };
    expect(matchPoints([1, 2, 3, 4], table)).toEqual([5, 3, 1, 0]);
    expect(matchPoints([2, 1, 3], table)).toEqual([1.5, 3, 0]);
    // (5 + 3) / 2 = 4 for two sharing first.
    expect(matchPoints([1, 1, 3, 4], table)).toEqual([4, 4, 1, 0]);
  });
});

describe('a table with seats that did not come', () => {
  it.each<[(number | null)[], number[], number[], string]>([
    // [scores by seat (null: did not come), places, points, arithmetic]
    [
      [210, null, 180, 150],
      [1, 4, 2, 3],
      [3, 0, 2, 1],
      'seat 2 absent: last, 0; the three present 3/2/1',
    ],
    [
      [null, 200, null, 150],
      [4, 1, 4, 2],
      [0, 3, 0, 2],
      'two absent: each the last place’s 0, not shared',
    ],
    [
      [null, null, null, null],
      [4, 4, 4, 4],
      [0, 0, 0, 0],
      'every seat absent: the double forfeit, each last',
    ],
    [[120, 120, null], [1, 1, 3], [1.5, 1.5, 0], 'two present share first of three: (2 + 1) / 2'],
  ])('%j → places %j, points %j (%s)', (scores, places, points) => {
    const keys = scores.map((s) => [s ?? 0]);
    expect(
      tablePlaces(
        scores.map((s) => s !== null),
        keys,
      ),
    ).toEqual({ places, points });
  });

  it('takes the last place’s points of the division’s own table: 5/3/1/0 gives an absent seat 0, 4/3/2/1 gives it 1', () => {
    const present = [true, false, true, true];
    const keys = [[300], [0], [200], [100]];
    expect(tablePlaces(present, keys, { 4: [5, 3, 1, 0] }).points).toEqual([5, 0, 3, 1]);
    expect(tablePlaces(present, keys, { 4: [4, 3, 2, 1] }).points).toEqual([4, 1, 3, 2]);
  });

  const four = ['A', 'B', 'C', 'D', 'E'].map((id, i) => ({ id, seed: i + 1, active: true }));
  // Round 1: B did not come to a table of four; round 2: every seat of a table absent.
  const tables: TableResult[] = [
    { round: 1, seats: ['A', 'B', 'C', 'D'], scores: [300, null, 240, 180] },
    { round: 2, seats: ['A', 'B', 'C', 'D'], scores: [null, null, null, null] },
  ];
  const rows = computeGroupStandings(four, tables);
  const by = Object.fromEntries(rows.map((r) => [r.playerId, r]));

  it.each<[string, Partial<(typeof rows)[number]>, string]>([
    // [player, figures, arithmetic]
    [
      'A',
      { points: 3, tables: 2, forfeits: 1, totalScore: 300, tableSpread: 60, places: [1, 0, 0, 1] },
      'mean of the seats present (300 + 240 + 180) / 3 = 240, not (… + 0) / 4 = 180: 300 − 240 = +60; round 2 last, 0',
    ],
    [
      'B',
      { points: 0, tables: 2, forfeits: 2, totalScore: 0, tableSpread: 0, places: [0, 0, 0, 2] },
      'absent twice: last place twice, 0 points, no score and no spread (not 0 − 180 = −180)',
    ],
    [
      'C',
      { points: 2, forfeits: 1, totalScore: 240, tableSpread: 0, places: [0, 1, 0, 1] },
      '2nd of the three present: 2 points; 240 − 240 = 0',
    ],
    [
      'D',
      { points: 1, forfeits: 1, totalScore: 180, tableSpread: -60, places: [0, 0, 1, 1] },
      '3rd of the three present: 1 point; 180 − 240 = −60',
    ],
    ['E', { points: 0, tables: 0, forfeits: 0 }, 'not seated: nothing'],
  ])('%s: %j (%s)', (id, figures) => {
    expect(by[id]).toMatchObject(figures);
  });
});

describe('standings of a division played at tables', () => {
  const players = ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((id, i) => ({
    id,
    seed: i + 1,
    active: true,
  }));
  // Round 1: a table of 4 and a table of 3. Round 2: the same sizes, reseated.
  const results: TableResult[] = [
    { round: 1, seats: ['A', 'B', 'C', 'D'], scores: [300, 280, 250, 170] },
    { round: 1, seats: ['E', 'F', 'G'], scores: [200, 260, 230] },
    { round: 2, seats: ['F', 'A', 'G', 'E'], scores: [240, 240, 300, 120] },
    { round: 2, seats: ['B', 'C', 'D'], scores: [210, 190, 250] },
  ];

  it('adds match points by place, then total score, spread against the table average, seed', () => {
    const rows = computeGroupStandings(players, results);
    const by = Object.fromEntries(rows.map((r) => [r.playerId, r]));
    // A: 1st of 4 (3) + shares 2nd with F of 4 ((2 + 1) / 2 = 1.5) = 4.5
    // F: 1st of 3 (2) + shares 2nd (1.5) = 3.5;  G: 2nd of 3 (1) + 1st of 4 (3) = 4
    // B: 2nd of 4 (2) + 2nd of 3 (1) = 3;  D: 4th of 4 (0) + 1st of 3 (2) = 2
    // C: 3rd of 4 (1) + 3rd of 3 (0) = 1;  E: 3rd of 3 (0) + 4th of 4 (0) = 0
    expect(rows.map((r) => [r.playerId, r.points])).toEqual([
      ['A', 4.5],
      ['G', 4],
      ['F', 3.5],
      ['B', 3],
      ['D', 2],
      ['C', 1],
      ['E', 0],
    ]);
    // A's table spread: round 1 mean (300+280+250+170)/4 = 250 → +50; round 2 mean
    // (240+240+300+120)/4 = 225 → +15; total +65. Its places: one 1st, one 2nd (shared).
    expect(by.A).toMatchObject({ tables: 2, totalScore: 540, tableSpread: 65, places: [1, 1] });
    // E: round 1 mean (200+260+230)/3 = 230 → −30; round 2 → 120 − 225 = −105; total −135.
    expect(by.E).toMatchObject({ totalScore: 320, tableSpread: -135, places: [0, 0, 1, 1] });
  });

  it('breaks equal points by the tie-breaks in order; equal on all shares the rank', () => {
    const two = players.slice(0, 4);
    const tied: TableResult[] = [
      { round: 1, seats: ['A', 'B'], scores: [300, 200] },
      { round: 1, seats: ['C', 'D'], scores: [350, 200] },
    ];
    // A and C both won (1 point); C's total 350 > A's 300.
    expect(computeGroupStandings(two, tied).map((r) => r.playerId)).toEqual(['C', 'A', 'B', 'D']);
    // By seed alone: A (seed 1) before C (seed 3); B and D equal but for seed.
    const bySeed = computeGroupStandings(two, tied, { tieBreaks: ['seed'] });
    expect(bySeed.map((r) => [r.playerId, r.rank])).toEqual([
      ['A', 1],
      ['C', 2],
      ['B', 3],
      ['D', 4],
    ]);
    const noSeed = computeGroupStandings(two, tied, { tieBreaks: [] });
    expect(noSeed.map((r) => r.rank)).toEqual([1, 1, 3, 3]);
  });

  it('Quivit: most cards after the score; a bye, a table without a result, rounds to come', () => {
    const q = players.slice(0, 5);
    const tables: TableResult[] = [
      {
        round: 1,
        seats: ['A', 'B'],
        scores: [100, 100],
        keys: [
          [100, 12],
          [100, 15],
        ],
        cards: [12, 15],
      },
      { round: 1, seats: ['C', 'D'] }, // no result yet
      { round: 1, seats: ['E'] }, // a bye
      { round: 2, seats: ['A', 'E'], scores: [50, 90] },
    ];
    const rows = computeGroupStandings(q, tables, {
      tieBreaks: ['cards', 'seed'],
      throughRound: 1,
    });
    const by = Object.fromEntries(rows.map((r) => [r.playerId, r]));
    // B took more cards at equal scores: first, 1 point; the bye is worth 1 too.
    expect(by.B.points).toBe(1);
    expect(by.E).toMatchObject({ points: 1, byes: 1, tables: 0 });
    expect(by.A).toMatchObject({ points: 0, cards: 12 });
    expect(by.C).toMatchObject({ points: 0, tables: 0 });
  });

  it('the met table counts every two players who shared a table', () => {
    const met = metTable(results);
    expect(met.get('A')!.get('F')).toBe(1); // round 2 only
    expect(met.get('B')!.get('C')).toBe(2); // rounds 1 and 2
    expect(met.get('A')!.get('E')).toBe(1);
    expect(met.get('E')!.get('B')).toBeUndefined();
    expect(metTable(results, 1).get('B')!.get('C')).toBe(1);
  });
});
