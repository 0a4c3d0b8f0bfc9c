import { prngFromString, shuffled } from '../pairing/prng';
import {
  expectedScore,
  gamesOfTable,
  rateHistory,
  rateTournament,
  Rating,
  RatedGame,
  startOf,
} from './elo';

describe('Elo ratings', () => {
  it('expects by the rating difference: 1 / (1 + 10^(Δ/400))', () => {
    expect(expectedScore(1500, 1500)).toBe(0.5);
    // 100 points higher: 1 / (1 + 10^−0.25) = 1 / 1.56234 = 0.64006
    expect(expectedScore(1600, 1500)).toBeCloseTo(0.64006, 5);
    // 200 points higher: 1 / (1 + 10^−0.5) = 1 / 1.31623 = 0.75975
    expect(expectedScore(1600, 1400)).toBeCloseTo(0.75975, 5);
  });

  it('rates a 4-player tournament as worked out by hand', () => {
    const before = new Map<string, Rating>([
      ['A', { rating: 1600, games: 50 }],
      ['B', { rating: 1500, games: 50 }],
      ['C', { rating: 1400, games: 10 }], // under 30 games: K = 40
    ]); // D has no rating
    const games: RatedGame[] = [
      { a: 'A', b: 'B', score: 1 },
      { a: 'A', b: 'C', score: 0.5 },
      { a: 'B', b: 'C', score: 0 },
      { a: 'A', b: 'D', score: 1 },
      { a: 'C', b: 'D', score: 0 },
    ];
    const by = Object.fromEntries(rateTournament(before, games).map((c) => [c.player, c]));
    // A (K 20): the game with unrated D does not count. Expected 0.64006 (B) + 0.75975 (C)
    // = 1.39981; scored 1 + ½ = 1.5; change 20 × (1.5 − 1.39981) = +2.00 → 1602.
    expect(by.A).toMatchObject({
      old: 1600,
      games: 2,
      score: 1.5,
      expected: 1.4,
      k: 20,
      change: 2,
      new: 1602,
    });
    // B (K 20): expected 0.35994 (A) + 0.64006 (C) = 1.00; scored 0; change −20 → 1480.
    expect(by.B).toMatchObject({
      old: 1500,
      games: 2,
      score: 0,
      expected: 1,
      k: 20,
      change: -20,
      new: 1480,
    });
    // C (K 40): expected 0.24025 (A) + 0.35994 (B) = 0.60019; scored ½ + 1 = 1.5;
    // change 40 × 0.89981 = +35.99 → 1435.99 → 1436.
    expect(by.C).toMatchObject({
      old: 1400,
      games: 2,
      score: 1.5,
      expected: 0.6,
      k: 40,
      change: 35.99,
      new: 1436,
    });
    // D: first rating = performance against the rated met: average (1600 + 1400) / 2 = 1500,
    // one win and one loss: + 400 × 0 / 2 → 1500.
    expect(by.D).toMatchObject({
      old: null,
      games: 2,
      score: 1,
      expected: null,
      performance: 1500,
      new: 1500,
    });
    // Performance of C: average (1600 + 1500) / 2 = 1550, one win one draw: + 400 × 1 / 2 = 1750.
    expect(by.C.performance).toBe(1750);
  });

  it('does not depend on the order results were entered in a tournament', () => {
    const random = prngFromString('elo order');
    const players = Array.from({ length: 12 }, (_, i) => `P${i + 1}`);
    const before = new Map<string, Rating>(
      players.slice(0, 10).map((id, i) => [id, { rating: 1300 + 37 * i, games: 5 * i }]),
    );
    const games: RatedGame[] = [];
    for (let r = 0; r < 60; r++) {
      const [a, b] = shuffled(players, random);
      games.push({ a, b, score: ([0, 0.5, 1] as const)[Math.floor(random() * 3)] });
    }
    const once = rateTournament(before, games);
    for (let k = 0; k < 20; k++) {
      // Shuffled, and each game written from either side.
      const again = shuffled(games, random).map((g) =>
        random() < 0.5 ? g : { a: g.b, b: g.a, score: (1 - g.score) as 0 | 0.5 | 1 },
      );
      expect(rateTournament(before, again)).toEqual(once);
    }
  });

  it('recomputed from scratch gives the same ratings; tournaments go in date order', () => {
    const t1 = {
      id: 'club-1',
      date: '2026-10-01',
      games: [{ a: 'A', b: 'B', score: 1 } as RatedGame],
    };
    const t2 = {
      id: 'club-2',
      date: '2026-11-01',
      games: [{ a: 'B', b: 'C', score: 1 } as RatedGame],
    };
    const initial = new Map<string, Rating>([
      ['A', { rating: 1500, games: 40 }],
      ['B', { rating: 1500, games: 40 }],
      ['C', { rating: 1500, games: 40 }],
    ]);
    const first = rateHistory([t2, t1], initial);
    const second = rateHistory([t1, t2], initial);
    expect(second).toEqual(first);
    // Club 1: A beats B at equal ratings: ±20 × ½ = ±10 → A 1510, B 1490. Club 2: B (1490)
    // beats C (1500): expected 1 / (1 + 10^(10/400)) = 0.48561; +20 × 0.51439 = +10.29 → 1500.
    expect(first.ratings.get('A')).toEqual({ rating: 1510, games: 41 });
    expect(first.ratings.get('B')).toEqual({ rating: 1500, games: 42 });
    expect(first.ratings.get('C')).toEqual({ rating: 1490, games: 41 });
    expect(first.reports.map((r) => r.id)).toEqual(['club-1', 'club-2']);
  });

  it('counts a table of four as six games between every two, by place', () => {
    // Places 1, 2, 2, 4: the first beats all, the two seconds draw, everyone beats the fourth.
    const table = { id: 't1', seats: 4 };
    expect(gamesOfTable('t1', ['A', 'B', 'C', 'D'], [1, 2, 2, 4])).toEqual([
      { a: 'A', b: 'B', score: 1, table },
      { a: 'A', b: 'C', score: 1, table },
      { a: 'A', b: 'D', score: 1, table },
      { a: 'B', b: 'C', score: 0.5, table },
      { a: 'B', b: 'D', score: 1, table },
      { a: 'C', b: 'D', score: 1, table },
    ]);
    // Two seats are a game of two, weighed as one.
    expect(gamesOfTable('t2', ['A', 'B'], [2, 1])).toEqual([{ a: 'A', b: 'B', score: 0 }]);
  });

  describe('where a player starts', () => {
    const listed: Rating = { rating: 1700, games: 12 };
    it.each([
      // have (list or earlier tournaments), registered → start
      ['the list wins over a registered rating', listed, 1850, listed, 'list'],
      ['the list alone', listed, null, listed, 'list'],
      [
        'the registered rating, with no games behind it',
        undefined,
        1850,
        { rating: 1850, games: 0 },
        'registered',
      ],
      ['neither: a first rating', undefined, null, null, 'first'],
      ['a registered 0 is no rating', undefined, 0, null, 'first'],
    ] as const)('%s', (_, have, registered, rating, source) => {
      expect(startOf(have, registered)).toEqual({ rating, source });
    });
  });

  it('starts a player without a list rating from the rating registered', () => {
    // B has no list rating; registered 1400, so B starts there with K 40 (no rated games).
    const before = new Map<string, Rating>([['A', { rating: 1600, games: 50 }]]);
    const registered = new Map([
      ['A', 1900], // A's list rating wins
      ['B', 1400],
    ]);
    const by = Object.fromEntries(
      rateTournament(before, [{ a: 'A', b: 'B', score: 0 }], {}, registered).map((c) => [
        c.player,
        c,
      ]),
    );
    // A (K 20): E = 1 / (1 + 10^(−200/400)) = 0.75975; W = 0; 20 × −0.75975 = −15.19 → 1585.
    expect(by.A).toMatchObject({ old: 1600, source: 'list', k: 20, change: -15.19, new: 1585 });
    // B (K 40): E = 0.24025; W = 1; 40 × 0.75975 = +30.39 → 1430.39 → 1430; 1 game after.
    expect(by.B).toMatchObject({
      old: 1400,
      source: 'registered',
      k: 40,
      expected: 0.24,
      change: 30.39,
      new: 1430,
      totalGames: 1,
    });
  });

  describe('a table of four (docs/ratings.md): each pair a game of weight 1 / 3', () => {
    // A 1700 and B 1600 (50 games, K 20), C registered 1500 (K 40), D 1400 (50 games, K 20).
    // Places: B 1, A 2, C 2 (shared), D 4.
    const before = new Map<string, Rating>([
      ['A', { rating: 1700, games: 50 }],
      ['B', { rating: 1600, games: 50 }],
      ['D', { rating: 1400, games: 50 }],
    ]);
    const changes = rateTournament(
      before,
      gamesOfTable('1', ['A', 'B', 'C', 'D'], [2, 1, 2, 4]),
      {},
      new Map([['C', 1500]]),
    );
    const by = Object.fromEntries(changes.map((c) => [c.player, c]));
    it.each([
      // A: E = (0.64006 B + 0.75975 C + 0.84902 D) / 3 = 2.24883 / 3 = 0.74961;
      //    W = (0 + ½ + 1) / 3 = 0.5; 20 × (0.5 − 0.74961) = −4.99 → 1695.01 → 1695.
      ['A', 1700, 'list', 0.5, 0.75, 20, -4.99, 1695],
      // B: E = (0.35994 + 0.64006 + 0.75975) / 3 = 1.75975 / 3 = 0.58658;
      //    W = 3 / 3 = 1; 20 × 0.41342 = +8.27 → 1608.27 → 1608.
      ['B', 1600, 'list', 1, 0.59, 20, 8.27, 1608],
      // C: E = (0.24025 + 0.35994 + 0.64006) / 3 = 1.24025 / 3 = 0.41342;
      //    W = (½ + 0 + 1) / 3 = 0.5; 40 × 0.08658 = +3.46 → 1503.46 → 1503.
      ['C', 1500, 'registered', 0.5, 0.41, 40, 3.46, 1503],
      // D: E = (0.15098 + 0.24025 + 0.35994) / 3 = 0.75117 / 3 = 0.25039;
      //    W = 0; 20 × −0.25039 = −5.01 → 1394.99 → 1395.
      ['D', 1400, 'list', 0, 0.25, 20, -5.01, 1395],
    ] as const)('%s', (player, old, source, score, expected, k, change, rating) => {
      expect(by[player]).toMatchObject({
        old,
        source,
        games: 1, // one table is one game
        score,
        expected,
        k,
        change,
        new: rating,
      });
    });
    it('weighs a table like one game: winning it against equals gains K / 2', () => {
      const equals = new Map<string, Rating>(
        ['A', 'B', 'C', 'D'].map((p) => [p, { rating: 1500, games: 50 }]),
      );
      const won = rateTournament(equals, gamesOfTable('1', ['A', 'B', 'C', 'D'], [1, 2, 3, 4]));
      // A: 3 pairs, each 1/3 × 20 × (1 − ½) = +3.33: in all +10, as one won game of two.
      expect(won[0]).toMatchObject({ player: 'A', score: 1, expected: 0.5, change: 10, new: 1510 });
      const single = rateTournament(equals, [{ a: 'A', b: 'B', score: 1 }]);
      expect(single[0].change).toBe(10);
    });
  });

  it('rates a table with a player without a rating: their pairs do not count for the rated', () => {
    // A 1500 and B 1500 (K 20); N none. Places A 1, N 2, B 3 at a table of three (weight ½).
    const before = new Map<string, Rating>([
      ['A', { rating: 1500, games: 40 }],
      ['B', { rating: 1500, games: 40 }],
    ]);
    const by = Object.fromEntries(
      rateTournament(before, gamesOfTable('9', ['A', 'N', 'B'], [1, 2, 3])).map((c) => [
        c.player,
        c,
      ]),
    );
    // A: only the pair with B: ½ × (1 − 0.5) × 20 = +5 → 1505.
    expect(by.A).toMatchObject({ games: 1, score: 0.5, expected: 0.25, change: 5, new: 1505 });
    expect(by.B).toMatchObject({ games: 1, score: 0, expected: 0.25, change: -5, new: 1495 });
    // N: first rating against the rated met, A and B (each ½): average 1500,
    // one loss and one win: 1500 + 400 × (½ − ½) / 1 = 1500.
    expect(by.N).toMatchObject({ old: null, source: 'first', games: 1, new: 1500 });
  });
});
