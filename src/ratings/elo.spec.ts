import { prngFromString, shuffled } from '../pairing/prng';
import { expectedScore, gamesOfTable, rateHistory, rateTournament, Rating, RatedGame } from './elo';

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
    expect(gamesOfTable(['A', 'B', 'C', 'D'], [1, 2, 2, 4])).toEqual([
      { a: 'A', b: 'B', score: 1 },
      { a: 'A', b: 'C', score: 1 },
      { a: 'A', b: 'D', score: 1 },
      { a: 'B', b: 'C', score: 0.5 },
      { a: 'B', b: 'D', score: 1 },
      { a: 'C', b: 'D', score: 1 },
    ]);
  });
});
