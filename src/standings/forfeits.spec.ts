import { computeStandings } from './standings';
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

/** A forfeit: `a`, `b` and who was absent (`b` absent: `a` wins). */
const forfeit = (round: number, a: string, b: string, absent: 'a' | 'b'): GameRecord => ({
  round,
  a,
  b,
  resultA: absent === 'b' ? 'win' : 'loss',
  forfeit: true,
});
const doubleForfeit = (round: number, a: string, b: string): GameRecord => ({
  round,
  a,
  b,
  resultA: 'loss',
  resultB: 'loss',
  forfeit: true,
});

const cases: Case[] = [
  {
    name: 'a single forfeit: the player present wins with +forfeitSpread, the absent one −forfeitSpread',
    players: players('A', 'B'),
    games: [forfeit(1, 'A', 'B', 'b')],
    options: { forfeitSpread: 75 },
    expected: [
      { playerId: 'A', rank: 1, points: 1, wins: 1, forfeitWins: 1, spread: 75, gamesPlayed: 1 },
      { playerId: 'B', rank: 2, points: 0, losses: 1, forfeitLosses: 1, spread: -75 },
    ],
  },
  {
    name: 'a forfeit ignores any scores and clocks on the record: nothing was played',
    players: players('A', 'B'),
    games: [
      { ...forfeit(1, 'A', 'B', 'a'), scoreA: 400, scoreB: 100, remainingA: 60, remainingB: 90 },
    ],
    options: { forfeitSpread: 50 },
    expected: [
      // B present: +50, no total score, no remaining time
      { playerId: 'B', rank: 1, points: 1, spread: 50, totalScore: 0, remainingSeconds: 0 },
      { playerId: 'A', rank: 2, points: 0, spread: -50, totalScore: 0, remainingSeconds: 0 },
    ],
  },
  {
    name: 'a double forfeit: a loss for both, spread 0, no remaining time',
    players: players('A', 'B', 'C', 'D'),
    games: [
      doubleForfeit(1, 'A', 'B'),
      {
        round: 1,
        a: 'C',
        b: 'D',
        resultA: 'loss',
        scoreA: 300,
        scoreB: 320,
        remainingA: 30,
        remainingB: 10,
      },
    ],
    options: { forfeitSpread: 75, tieBreaks: ['spread', 'remaining-time', 'seed'] },
    expected: [
      // D: 320 − 300 = +20, 1 point
      { playerId: 'D', rank: 1, points: 1, spread: 20 },
      // A and B: 0 points, spread 0, 0 s; C: 0 points, −20, 30 s → A, B (by seed), then C
      {
        playerId: 'A',
        rank: 2,
        points: 0,
        losses: 1,
        forfeitLosses: 1,
        spread: 0,
        remainingSeconds: 0,
      },
      {
        playerId: 'B',
        rank: 3,
        points: 0,
        losses: 1,
        forfeitLosses: 1,
        spread: 0,
        remainingSeconds: 0,
      },
      { playerId: 'C', rank: 4, points: 0, spread: -20, remainingSeconds: 30 },
    ],
  },
  {
    name: 'a forfeit is no meeting for Buchholz or head-to-head',
    players: players('A', 'B', 'C'),
    games: [
      forfeit(1, 'A', 'B', 'b'),
      { round: 2, a: 'B', b: 'C', resultA: 'win', scoreA: 300, scoreB: 200 },
    ],
    options: { forfeitSpread: 100, tieBreaks: ['head-to-head', 'buchholz', 'seed'] },
    expected: [
      // A and B 1 point each; head-to-head: A's forfeit win over B is not counted → 0 each;
      // Buchholz: A met nobody over the board → 0; B met C (0 points) → 0; then the seed
      { playerId: 'A', rank: 1, points: 1, headToHead: 0, buchholz: 0 },
      { playerId: 'B', rank: 2, points: 1, headToHead: 0, buchholz: 0 },
      { playerId: 'C', rank: 3, points: 0 },
    ],
  },
  {
    name: 'forfeit spread defaults to 0; a bye keeps its own spread',
    players: players('A', 'B', 'C'),
    games: [forfeit(1, 'A', 'B', 'b'), { round: 1, a: 'C', b: null }],
    options: { byeSpread: 50 },
    expected: [
      // C: bye +50; A: forfeit +0; both 1 point → C first on spread 50 > 0
      { playerId: 'C', rank: 1, points: 1, byes: 1, spread: 50, forfeitWins: 0 },
      { playerId: 'A', rank: 2, points: 1, spread: 0, forfeitWins: 1 },
      { playerId: 'B', rank: 3, points: 0, spread: 0, forfeitLosses: 1 },
    ],
  },
];

describe('computeStandings: forfeits, table-driven', () => {
  test.each(cases)('$name', ({ players: ps, games, options, expected }) => {
    const rows = computeStandings(ps, games, options);
    expect(rows.map((r) => r.playerId)).toEqual(expected.map((e) => e.playerId));
    for (const e of expected) {
      expect(rows.find((r) => r.playerId === e.playerId)).toMatchObject(e);
    }
  });
});
