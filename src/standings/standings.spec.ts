import fc from 'fast-check';
import { computeStandings, rankTally, tallyGames, UnknownPlayerError } from './standings';
import { GameRecord, Player, StandingsOptions, StandingsRow } from './types';

const players = (...ids: string[]): Player[] =>
  ids.map((id, i) => ({ id, seed: i + 1, active: true }));

type Expect = Partial<StandingsRow> & { playerId: string };

interface Case {
  name: string;
  players: Player[];
  games: GameRecord[];
  options?: StandingsOptions;
  expected: Expect[];
}

const cases: Case[] = [
  {
    name: 'Quivit: equal points and scores, decided by most cards taken',
    players: players('A', 'B', 'C'),
    games: [
      { round: 1, a: 'A', b: 'B', resultA: 'win', scoreA: 20, scoreB: 12, cardsA: 9, cardsB: 5 },
      { round: 2, a: 'B', b: 'C', resultA: 'win', scoreA: 20, scoreB: 12, cardsA: 11, cardsB: 4 },
      { round: 3, a: 'C', b: 'A', resultA: 'win', scoreA: 20, scoreB: 12, cardsA: 8, cardsB: 6 },
    ],
    options: { tieBreaks: ['spread', 'cards', 'seed'] },
    expected: [
      // all 1 point, spread +8 − 8 = 0 each; cards B 5 + 11 = 16, A 9 + 6 = 15, C 4 + 8 = 12
      { playerId: 'B', rank: 1, points: 1, spread: 0, cards: 16 },
      { playerId: 'A', rank: 2, points: 1, spread: 0, cards: 15 },
      { playerId: 'C', rank: 3, points: 1, spread: 0, cards: 12 },
    ],
  },
  {
    name: 'wins, losses, byes and spread with a bye spread of 50',
    players: players('A', 'B', 'C'),
    games: [
      { round: 1, a: 'A', b: 'B', resultA: 'win', scoreA: 410, scoreB: 380 },
      { round: 1, a: 'C', b: null },
      { round: 2, a: 'A', b: 'C', resultA: 'loss', scoreA: 402, scoreB: 420 },
      { round: 2, a: 'B', b: null },
    ],
    options: { byeSpread: 50 },
    expected: [
      // bye + win = 2; spread 50 + (420-402) = 50 + 18 = 68
      { playerId: 'C', rank: 1, points: 2, wins: 1, byes: 1, spread: 68, totalScore: 420 },
      // loss + bye = 1; spread (380-410) + 50 = -30 + 50 = 20
      { playerId: 'B', rank: 2, points: 1, losses: 1, byes: 1, spread: 20, gamesPlayed: 1 },
      // 410-380 + 402-420 = 30 - 18 = 12; total 410 + 402 = 812
      { playerId: 'A', rank: 3, points: 1, wins: 1, losses: 1, spread: 12, totalScore: 812 },
    ],
  },
  {
    name: 'a spread cap of 150 counts a 520–180 game as +150/−150; total scores stay uncapped',
    players: players('A', 'B', 'C'),
    games: [
      { round: 1, a: 'A', b: 'B', resultA: 'win', scoreA: 520, scoreB: 180 },
      { round: 2, a: 'B', b: 'C', resultA: 'win', scoreA: 410, scoreB: 300 },
      { round: 3, a: 'C', b: 'A', resultA: 'win', scoreA: 450, scoreB: 200 },
    ],
    options: { spreadCap: 150, tieBreaks: ['spread', 'seed'] },
    expected: [
      // all 1 point; C: −110 (under the cap) + min(250, 150) = −110 + 150 = 40
      { playerId: 'C', rank: 1, points: 1, spread: 40 },
      // A: min(340, 150) − min(250, 150) = 150 − 150 = 0, total 520 + 200 = 720 (uncapped)
      { playerId: 'A', rank: 2, points: 1, spread: 0, totalScore: 720 },
      // B: −150 + 110 = −40
      { playerId: 'B', rank: 3, points: 1, spread: -40 },
    ],
  },
  {
    name: 'a time loss counts as a loss whatever the score; spread still comes from the scores',
    players: players('A', 'B'),
    games: [{ round: 1, a: 'A', b: 'B', resultA: 'loss', scoreA: 450, scoreB: 400 }],
    expected: [
      // B wins on A's clock; spread 400-450 = -50
      { playerId: 'B', rank: 1, points: 1, wins: 1, spread: -50 },
      { playerId: 'A', rank: 2, points: 0, losses: 1, spread: 50 },
    ],
  },
  {
    name: 'draws give half a point; unfinished games are ignored; a double loss is possible',
    players: players('A', 'B', 'C', 'D'),
    games: [
      { round: 1, a: 'A', b: 'B', resultA: 'draw', scoreA: 390, scoreB: 390 },
      { round: 1, a: 'C', b: 'D', resultA: 'loss', resultB: 'loss' },
      { round: 2, a: 'A', b: 'C', scoreA: 500, scoreB: 100 }, // no result yet
      { round: 2, a: 'B', b: 'D', resultB: 'win', scoreA: 300, scoreB: 350 },
    ],
    expected: [
      // D: double loss 0 + win 1 = 1; spread 0 + (350-300) = 50
      { playerId: 'D', rank: 1, points: 1, wins: 1, losses: 1, spread: 50, gamesPlayed: 2 },
      // A: draw ½, the unfinished game counts nothing
      { playerId: 'A', rank: 2, points: 0.5, draws: 1, spread: 0, gamesPlayed: 1 },
      // B: draw ½ + loss 0; spread 0 + (300-350) = -50
      { playerId: 'B', rank: 3, points: 0.5, draws: 1, losses: 1, spread: -50 },
      { playerId: 'C', rank: 4, points: 0, losses: 1, gamesPlayed: 1 },
    ],
  },
  {
    name: 'remaining time breaks a tie on points and spread; byes add byeRemainingSeconds',
    players: players('A', 'B', 'C', 'D'),
    games: [
      {
        round: 1,
        a: 'A',
        b: 'C',
        resultA: 'win',
        scoreA: 400,
        scoreB: 380,
        remainingA: 95,
        remainingB: 0,
      },
      {
        round: 1,
        a: 'B',
        b: 'D',
        resultA: 'win',
        scoreA: 420,
        scoreB: 400,
        remainingA: 60,
        remainingB: 300,
      },
      { round: 2, a: 'A', b: null },
      { round: 2, a: 'B', b: null },
    ],
    options: { byeRemainingSeconds: 30 },
    expected: [
      // A: 95 + 30 = 125 s; B: 60 + 30 = 90 s; both 2 points, spread +20
      { playerId: 'A', rank: 1, points: 2, spread: 20, remainingSeconds: 125 },
      { playerId: 'B', rank: 2, points: 2, spread: 20, remainingSeconds: 90 },
      // D: 300 s beats C: 0 s at 0 points, -20 spread each
      { playerId: 'D', rank: 3, remainingSeconds: 300 },
      { playerId: 'C', rank: 4, remainingSeconds: 0 },
    ],
  },
  {
    name: 'players equal on every tie-break share a rank (no seed tie-break)',
    players: players('A', 'B', 'C', 'D'),
    games: [
      { round: 1, a: 'A', b: 'C', resultA: 'win', scoreA: 400, scoreB: 350 },
      { round: 1, a: 'B', b: 'D', resultA: 'win', scoreA: 400, scoreB: 350 },
    ],
    options: { tieBreaks: ['spread'] },
    expected: [
      { playerId: 'A', rank: 1, spread: 50 },
      { playerId: 'B', rank: 1, spread: 50 },
      { playerId: 'C', rank: 3, spread: -50 },
      { playerId: 'D', rank: 3, spread: -50 },
    ],
  },
  {
    name: 'the default order ends with seed, so nobody shares a rank',
    players: [
      { id: 'A', seed: 2, active: true },
      { id: 'B', seed: 1, active: true },
    ],
    games: [],
    expected: [
      { playerId: 'B', rank: 1, tieBreaks: [0, 0, -1] },
      { playerId: 'A', rank: 2, tieBreaks: [0, 0, -2] },
    ],
  },
  {
    name: 'buchholz sums opponents’ points; a bye adds 0',
    players: players('A', 'B', 'C', 'D'),
    games: [
      { round: 1, a: 'A', b: 'B', resultA: 'win' },
      { round: 1, a: 'C', b: 'D', resultA: 'win' },
      { round: 2, a: 'A', b: 'C', resultA: 'loss' },
      { round: 2, a: 'B', b: null },
      { round: 2, a: 'D', b: null },
    ],
    // points: A 1, B 0+1 = 1, C 2, D 0+1 = 1
    options: { tieBreaks: ['buchholz', 'seed'] },
    expected: [
      // C met D (1) and A (1): 1 + 1 = 2
      { playerId: 'C', rank: 1, points: 2, buchholz: 2 },
      // A met B (1) and C (2): 1 + 2 = 3
      { playerId: 'A', rank: 2, points: 1, buchholz: 3 },
      // B met A (1), then bye (0): 1; D met C (2), then bye: 2
      { playerId: 'D', rank: 3, points: 1, buchholz: 2 },
      { playerId: 'B', rank: 4, points: 1, buchholz: 1 },
    ],
  },
  {
    name: 'head-to-head counts only games among the tied players',
    players: players('A', 'B', 'C', 'D'),
    games: [
      { round: 1, a: 'A', b: 'B', resultA: 'loss' },
      { round: 1, a: 'C', b: 'D', resultA: 'win' },
      { round: 2, a: 'A', b: 'D', resultA: 'win' },
      { round: 2, a: 'B', b: 'C', resultA: 'loss' },
      { round: 3, a: 'A', b: 'C', resultA: 'win' },
      { round: 3, a: 'B', b: 'D', resultA: 'win' },
    ],
    // points: A 0+1+1 = 2, B 1+0+1 = 2, C 1+1+0 = 2, D 0
    options: { tieBreaks: ['head-to-head', 'seed'] },
    expected: [
      // among {A, B, C}: A beat C (1), B beat A (1), C beat B (1) -> all 1, seed decides
      { playerId: 'A', rank: 1, headToHead: 1 },
      { playerId: 'B', rank: 2, headToHead: 1 },
      { playerId: 'C', rank: 3, headToHead: 1 },
      { playerId: 'D', rank: 4, points: 0, headToHead: 0 },
    ],
  },
  {
    name: 'head-to-head applies inside the group left tied by the earlier tie-breaks',
    players: players('A', 'B', 'C'),
    games: [
      { round: 1, a: 'A', b: 'B', resultA: 'loss', scoreA: 300, scoreB: 400 },
      { round: 1, a: 'C', b: null },
      { round: 2, a: 'A', b: 'C', resultA: 'win', scoreA: 450, scoreB: 400 },
      { round: 2, a: 'B', b: null },
      { round: 3, a: 'B', b: 'C', resultA: 'loss', scoreA: 350, scoreB: 500 },
      { round: 3, a: 'A', b: null },
    ],
    // all on 2 points. spread: A -100 + 50 = -50, B 100 - 150 = -50, C -50 + 150 = 100
    options: { tieBreaks: ['spread', 'head-to-head', 'seed'] },
    expected: [
      { playerId: 'C', rank: 1, points: 2, spread: 100 },
      // among {A, B} only: B beat A, 1 - 0. (Among all three each has 1 and seed would put A first.)
      { playerId: 'B', rank: 2, points: 2, spread: -50, headToHead: 1 },
      { playerId: 'A', rank: 3, points: 2, spread: -50, headToHead: 0 },
    ],
  },
  {
    name: 'head-to-head separates two tied players who met',
    players: players('A', 'B', 'C', 'D'),
    games: [
      { round: 1, a: 'A', b: 'B', resultA: 'loss' },
      { round: 1, a: 'C', b: 'D', resultA: 'win' },
      { round: 2, a: 'A', b: 'D', resultA: 'win' },
      { round: 2, a: 'B', b: 'C', resultA: 'loss' },
    ],
    // points: A 1, B 1, C 2, D 0
    options: { tieBreaks: ['head-to-head', 'seed'] },
    expected: [
      { playerId: 'C', rank: 1 },
      // B beat A: B 1 - A 0
      { playerId: 'B', rank: 2, headToHead: 1 },
      { playerId: 'A', rank: 3, headToHead: 0 },
      { playerId: 'D', rank: 4 },
    ],
  },
  {
    name: 'total score as a tie-break',
    players: players('A', 'B', 'C', 'D'),
    games: [
      { round: 1, a: 'A', b: 'C', resultA: 'win', scoreA: 350, scoreB: 300 },
      { round: 1, a: 'B', b: 'D', resultA: 'win', scoreA: 500, scoreB: 450 },
    ],
    options: { tieBreaks: ['spread', 'total-score', 'seed'] },
    expected: [
      // both +50; 500 > 350
      { playerId: 'B', rank: 1, totalScore: 500 },
      { playerId: 'A', rank: 2, totalScore: 350 },
      { playerId: 'D', rank: 3, totalScore: 450 },
      { playerId: 'C', rank: 4, totalScore: 300 },
    ],
  },
  {
    name: 'throughRound leaves later games out; withdrawn players stay listed',
    players: [
      { id: 'A', seed: 1, active: true },
      { id: 'B', seed: 2, active: false },
    ],
    games: [
      { round: 1, a: 'A', b: 'B', resultA: 'loss', scoreA: 300, scoreB: 310 },
      { round: 2, a: 'A', b: null },
    ],
    options: { throughRound: 1 },
    expected: [
      { playerId: 'B', rank: 1, points: 1, spread: 10, active: false },
      { playerId: 'A', rank: 2, points: 0, byes: 0, spread: -10 },
    ],
  },
];

describe('computeStandings', () => {
  it.each(cases)('$name', ({ players: ps, games, options, expected }) => {
    const rows = computeStandings(ps, games, options);
    expect(rows.map((r) => r.playerId)).toEqual(expected.map((e) => e.playerId));
    rows.forEach((row, i) => expect(row).toMatchObject(expected[i]));
  });

  it('throws on a game with an unknown player', () => {
    expect(() =>
      computeStandings(players('A'), [{ round: 1, a: 'A', b: 'Z', resultA: 'win' }]),
    ).toThrow(UnknownPlayerError);
  });

  it('throws on duplicate player ids', () => {
    expect(() => computeStandings([...players('A'), ...players('A')], [])).toThrow(/duplicate/);
  });

  it('lists no player twice and keeps totals consistent on random tournaments', () => {
    const gameArb = (n: number) =>
      fc.record({
        round: fc.integer({ min: 1, max: 6 }),
        a: fc.integer({ min: 0, max: n - 1 }),
        b: fc.option(fc.integer({ min: 0, max: n - 1 }), { nil: null }),
        result: fc.constantFrom('win', 'draw', 'loss', undefined),
        scoreA: fc.integer({ min: 0, max: 600 }),
        scoreB: fc.integer({ min: 0, max: 600 }),
      });
    const arb = fc
      .integer({ min: 1, max: 8 })
      .chain((n) => fc.tuple(fc.constant(n), fc.array(gameArb(n), { maxLength: 25 })));
    fc.assert(
      fc.property(arb, ([n, raw]) => {
        const ps = Array.from({ length: n }, (_, i) => ({
          id: `p${i}`,
          seed: i + 1,
          active: true,
        }));
        const games: GameRecord[] = raw
          .filter((g) => g.b !== g.a)
          .map((g) => ({
            round: g.round,
            a: `p${g.a}`,
            b: g.b === null ? null : `p${g.b}`,
            resultA: g.result,
            scoreA: g.scoreA,
            scoreB: g.scoreB,
          }));
        const rows = computeStandings(ps, games, {
          tieBreaks: ['spread', 'buchholz', 'head-to-head', 'total-score'],
        });
        expect(new Set(rows.map((r) => r.playerId)).size).toBe(n);
        const finished = games.filter((g) => g.b !== null && g.resultA !== undefined);
        // every finished game hands out exactly one point; every bye one point
        const byes = games.filter((g) => g.b === null).length;
        const total = rows.reduce((s, r) => s + r.points, 0);
        expect(total).toBe(finished.length + byes);
        // spreads of real games cancel out
        expect(rows.reduce((s, r) => s + r.spread, 0)).toBe(0);
        for (let i = 1; i < rows.length; i++) {
          expect(rows[i].points).toBeLessThanOrEqual(rows[i - 1].points);
          expect(rows[i].rank).toBeGreaterThanOrEqual(rows[i - 1].rank);
          if (rows[i].rank === rows[i - 1].rank) {
            expect(rows[i].tieBreaks).toEqual(rows[i - 1].tieBreaks);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('ranks the games of later rounds added to a kept tally as it ranks all the games', () => {
    const gameArb = (n: number) =>
      fc.record({
        round: fc.integer({ min: 1, max: 6 }),
        a: fc.integer({ min: 0, max: n - 1 }),
        b: fc.option(fc.integer({ min: 0, max: n - 1 }), { nil: null }),
        result: fc.constantFrom('win', 'draw', 'loss', undefined),
        forfeit: fc.boolean(),
        scoreA: fc.integer({ min: 0, max: 600 }),
        scoreB: fc.integer({ min: 0, max: 600 }),
        remainingA: fc.integer({ min: 0, max: 900 }),
        cardsB: fc.integer({ min: 0, max: 20 }),
      });
    const arb = fc
      .integer({ min: 1, max: 8 })
      .chain((n) =>
        fc.tuple(
          fc.constant(n),
          fc.array(gameArb(n), { maxLength: 30 }),
          fc.integer({ min: 1, max: 6 }),
        ),
      );
    fc.assert(
      fc.property(arb, ([n, raw, split]) => {
        const ps = Array.from({ length: n }, (_, i) => ({
          id: `p${i}`,
          seed: (i * 7) % 5,
          active: i % 3 !== 0,
        }));
        const games: GameRecord[] = raw
          .filter((g) => g.b !== g.a)
          .map((g) => ({
            ...g,
            a: `p${g.a}`,
            b: g.b === null ? null : `p${g.b}`,
            resultA: g.result,
          }))
          .sort((x, y) => x.round - y.round);
        const options: StandingsOptions = {
          tieBreaks: ['spread', 'buchholz', 'head-to-head', 'remaining-time', 'cards'],
          byeSpread: 50,
          forfeitSpread: 100,
          spreadCap: 250,
          throughRound: 5,
        };
        const kept = tallyGames(
          ps,
          games.filter((g) => g.round < split),
          options,
        );
        const keptTable = rankTally(kept, options);
        const later = games.filter((g) => g.round >= split);
        const twice = rankTally(tallyGames(ps, later, options, kept), options);
        expect(twice).toEqual(computeStandings(ps, games, options));
        // The kept tally is as it was: ranked again, it gives the same table.
        expect(rankTally(kept, options)).toEqual(keptTable);
        expect(rankTally(tallyGames(ps, later, options, kept), options)).toEqual(twice);
        // The same players in another list (the tallies are copied, not shared): the same table.
        const again = ps.map((p) => ({ ...p }));
        expect(rankTally(tallyGames(again, later, options, kept), options)).toEqual(twice);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses to add games to a tally of other players or other options', () => {
    const kept = tallyGames(players('A', 'B'), [], { byeSpread: 50 });
    expect(() => tallyGames(players('A', 'C'), [], { byeSpread: 50 }, kept)).toThrow(RangeError);
    expect(() => tallyGames(players('A', 'B'), [], { byeSpread: 40 }, kept)).toThrow(RangeError);
  });
});
