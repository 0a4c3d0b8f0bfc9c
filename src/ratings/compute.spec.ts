import fc from 'fast-check';
import { computeRatings, FamilyTournament, ListRating, StoredGame } from './compute';

const played = (a: number, b: number, winner: 'first' | 'second' | 'draw'): StoredGame => ({
  firstPersonId: a,
  secondPersonId: b,
  status: 'complete',
  winner,
  resultKind: null,
});

/** The same game with the seats swapped: the other player moved first. */
const swapped = (g: StoredGame): StoredGame => ({
  ...g,
  firstPersonId: g.secondPersonId,
  secondPersonId: g.firstPersonId,
  winner: g.winner === 'first' ? 'second' : g.winner === 'second' ? 'first' : g.winner,
});

describe('ratings from closed tournaments', () => {
  // docs/ratings.md's worked example, with persons 1 (A), 2 (B), 3 (C), 4 (D).
  const list: ListRating[] = [
    { personId: 1, family: 'kvizovka', rating: 1600, games: 50 },
    { personId: 2, family: 'kvizovka', rating: 1500, games: 50 },
    { personId: 3, family: 'kvizovka', rating: 1400, games: 10 },
  ];
  const example: FamilyTournament = {
    tournamentId: 7,
    date: '2026-11-21',
    family: 'kvizovka',
    games: [
      played(1, 2, 'first'), // A beat B
      played(3, 1, 'draw'), // C drew A
      played(2, 3, 'second'), // C beat B
      played(4, 1, 'second'), // A beat D
      played(4, 3, 'first'), // D beat C
      // Not rated: a forfeit, a double forfeit, a bye, a game without a result.
      { ...played(1, 3, 'first'), resultKind: 'forfeit' },
      { ...played(2, 4, 'draw'), winner: 'none', resultKind: 'double-forfeit' },
      { firstPersonId: 2, secondPersonId: null, status: 'bye', winner: 'first', resultKind: null },
      { ...played(2, 4, 'first'), status: 'pending', winner: null },
    ],
  };

  it('rates the worked 4-player example as the hand does, and skips what was not played', () => {
    const [kvizovka] = computeRatings([example], list);
    const by = new Map(kvizovka.reports[0].changes.map((c) => [c.personId, c]));
    // A: K 20; E = 0.64006 (B) + 0.75975 (C) = 1.39981; W = 1.5; 20 × 0.10019 = +2.00 → 1602.
    expect(by.get(1)).toMatchObject({
      old: 1600,
      games: 2,
      score: 1.5,
      expected: 1.4,
      change: 2,
      new: 1602,
    });
    // B: K 20; E = 0.35994 (A) + 0.64006 (C) = 1.00; W = 0; 20 × −1 = −20 → 1480.
    expect(by.get(2)).toMatchObject({
      old: 1500,
      games: 2,
      score: 0,
      expected: 1,
      change: -20,
      new: 1480,
    });
    // C: K 40 (10 games); E = 0.24025 (A) + 0.35994 (B) = 0.60; W = 1.5; 40 × 0.89981 = +35.99 → 1436.
    expect(by.get(3)).toMatchObject({
      old: 1400,
      games: 2,
      k: 40,
      expected: 0.6,
      change: 35.99,
      new: 1436,
    });
    // D: no rating; performance against A and C: (1600 + 1400) / 2 + 400 × (1 − 1) / 2 = 1500.
    expect(by.get(4)).toMatchObject({
      old: null,
      games: 2,
      score: 1,
      performance: 1500,
      new: 1500,
    });
    expect(kvizovka.ratings.get(1)).toEqual({ rating: 1602, games: 52 });
    expect(kvizovka.ratings.get(4)).toEqual({ rating: 1500, games: 2 });
  });

  it('rates tournaments in date order, then by id, whatever order they come in', () => {
    const later: FamilyTournament = {
      tournamentId: 3, // a smaller id, but a later date
      date: '2026-12-05',
      family: 'kvizovka',
      games: [played(4, 1, 'first')], // D (1500, 2 games: K 40) beats A (1602, K 20)
    };
    const a = computeRatings([later, example], list);
    const b = computeRatings([example, later], list);
    expect(a).toEqual(b);
    const [k] = a;
    expect(k.reports.map((r) => r.tournamentId)).toEqual([7, 3]);
    // A: E = 1 / (1 + 10^((1500 − 1602) / 400)) = 0.64271; 20 × (0 − 0.64271) = −12.85 → 1589.
    expect(k.reports[1].changes.find((c) => c.personId === 1)).toMatchObject({
      old: 1602,
      change: -12.85,
      new: 1589,
    });
    // D: E = 1 − 0.64271 = 0.35729; 40 × (1 − 0.35729) = +25.71 → 1526.
    expect(k.reports[1].changes.find((c) => c.personId === 4)).toMatchObject({
      old: 1500,
      change: 25.71,
      new: 1526,
    });
  });

  it('keeps each family apart', () => {
    const scrabble: FamilyTournament = { ...example, tournamentId: 8, family: 'scrabble-en' };
    const [kvizovka, en] = computeRatings([example, scrabble], list);
    expect(kvizovka.family).toBe('kvizovka');
    expect(en.family).toBe('scrabble-en');
    // Nobody has a Scrabble rating: everyone's first comes from the tournament against 1500s.
    expect(en.reports[0].changes.every((c) => c.old === null)).toBe(true);
  });

  it('does not depend on the order results were entered in, nor on who moved first', () => {
    const game = fc
      .tuple(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom('first' as const, 'second' as const, 'draw' as const),
      )
      .filter(([a, b]) => a !== b)
      .map(([a, b, w]) => played(a, b, w));
    const tournament = fc.record({
      tournamentId: fc.integer({ min: 1, max: 50 }),
      date: fc.constantFrom('2026-01-10', '2026-02-14', '2026-03-21'),
      family: fc.constant('kvizovka'),
      games: fc.array(game, { minLength: 1, maxLength: 30 }),
    });
    const startList = fc.uniqueArray(
      fc.record({
        personId: fc.integer({ min: 1, max: 8 }),
        family: fc.constant('kvizovka'),
        rating: fc.integer({ min: 800, max: 2600 }),
        games: fc.integer({ min: 0, max: 80 }),
      }),
      { selector: (r) => r.personId },
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(tournament, { selector: (t) => t.tournamentId, maxLength: 4 }),
        startList,
        fc.infiniteStream(fc.boolean()),
        fc.nat(),
        (tournaments, start, flips, seed) => {
          const before = computeRatings(tournaments, start);
          // Each tournament's games in another order, some with the seats swapped, the
          // tournaments themselves in reverse.
          let s = seed;
          const reordered = [...tournaments].reverse().map((t) => ({
            ...t,
            games: [...t.games]
              .map((g) => ({ g, k: (s = (s * 1103515245 + 12345) % 2147483648) }))
              .sort((x, y) => x.k - y.k)
              .map(({ g }) => (flips.next().value ? swapped(g) : g)),
          }));
          expect(computeRatings(reordered, [...start].reverse())).toEqual(before);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('starts a player without a list rating from the rating registered; the list wins', () => {
    const t: FamilyTournament = {
      tournamentId: 9,
      date: '2026-12-12',
      family: 'kvizovka',
      games: [played(1, 5, 'second'), played(5, 6, 'first')], // E beat A, E beat F
      // A registered 1900, but A's list rating (1600) stands; E registered 1400; F neither.
      registered: [
        { personId: 1, rating: 1900 },
        { personId: 5, rating: 1400 },
        { personId: 5, rating: 2000 }, // a second division's registration: the first counts
      ],
    };
    const [k] = computeRatings([t], list);
    const by = new Map(k.reports[0].changes.map((c) => [c.personId, c]));
    // A (list 1600, K 20) lost to E (registered 1400): E = 0.75975; 20 × −0.75975 = −15.19 → 1585.
    expect(by.get(1)).toMatchObject({ old: 1600, source: 'list', change: -15.19, new: 1585 });
    // E (registered 1400, 0 games: K 40): only the game with A counts (F has no rating):
    // E = 0.24025; 40 × (1 − 0.24025) = +30.39 → 1430; 1 rated game after.
    expect(by.get(5)).toMatchObject({ old: 1400, source: 'registered', k: 40, new: 1430 });
    expect(k.ratings.get(5)).toEqual({ rating: 1430, games: 1 });
    // F: first rating against E, rated met: 1400 + 400 × (0 − 1) / 1 = 1000.
    expect(by.get(6)).toMatchObject({ old: null, source: 'first', new: 1000 });
  });

  it('rates a table of four as its six pairs, and skips a forfeited table', () => {
    const t: FamilyTournament = {
      tournamentId: 10,
      date: '2026-12-19',
      family: 'kvizovka',
      games: [],
      tables: [
        {
          gameId: 40,
          status: 'complete',
          resultKind: null,
          // Places A 1, B 2, C 2, D 4 (D is unrated: its pairs count for nobody rated).
          seats: [
            { personId: 1, place: 1 },
            { personId: 2, place: 2 },
            { personId: 3, place: 2 },
            { personId: 4, place: 4 },
          ],
        },
        {
          gameId: 41,
          status: 'complete',
          resultKind: 'forfeit',
          seats: [
            { personId: 1, place: 4 },
            { personId: 2, place: 1 },
            { personId: 3, place: 2 },
          ],
        },
      ],
    };
    const [k] = computeRatings([t], list);
    const by = new Map(k.reports[0].changes.map((c) => [c.personId, c]));
    // A (1600, K 20) beat B and C, each 1/3: W = 2/3 = 0.67; E = (0.64006 + 0.75975) / 3 =
    // 0.46660; 20 × (0.66667 − 0.46660) = +4.00 → 1604; one table is one game.
    expect(by.get(1)).toMatchObject({
      games: 1,
      score: 0.67,
      expected: 0.47,
      change: 4,
      new: 1604,
    });
    // B (1500, K 20): lost to A, drew C: W = ½ / 3 = 0.17; E = (0.35994 + 0.64006) / 3 = 0.33333;
    // 20 × (0.16667 − 0.33333) = −3.33 → 1496.67 → 1497.
    expect(by.get(2)).toMatchObject({ games: 1, score: 0.17, change: -3.33, new: 1497 });
    // D: first rating against A, B, C (1/3 each): average 1500, three losses:
    // 1500 + 400 × (−1) = 1100.
    expect(by.get(4)).toMatchObject({ source: 'first', games: 1, new: 1100 });
  });
});
