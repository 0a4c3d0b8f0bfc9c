import { buildScorecards, buildWallChart, ScorecardLine, ScorecardPlayer } from './scorecard';
import { computeStandings } from './standings';
import type { GameRecord, StandingsOptions } from './types';

const players = (...ids: string[]): ScorecardPlayer[] => ids.map((id, i) => ({ id, seed: i + 1 }));

/** A game played: `a` moves first. */
const game = (round: number, a: string, b: string, scoreA: number, scoreB: number): GameRecord => ({
  round,
  a,
  b,
  starts: a,
  resultA: scoreA > scoreB ? 'win' : scoreA < scoreB ? 'loss' : 'draw',
  scoreA,
  scoreB,
});

type Expected = Partial<ScorecardLine> & { round: number };

interface Case {
  name: string;
  players: ScorecardPlayer[];
  games: GameRecord[];
  rounds: number;
  options?: StandingsOptions;
  /** The lines of one player's card, in round order. */
  card: { player: string; lines: Expected[] };
}

const cases: Case[] = [
  {
    name: 'games played: scores, who moved first, running record and spread',
    players: players('A', 'B', 'C', 'D'),
    games: [
      game(1, 'A', 'B', 420, 380),
      game(1, 'C', 'D', 300, 350),
      game(2, 'D', 'A', 410, 395),
      game(2, 'B', 'C', 360, 360),
      game(3, 'A', 'C', 512, 301),
      game(3, 'D', 'B', 400, 300),
    ],
    rounds: 3,
    card: {
      player: 'A',
      lines: [
        // 420 − 380 = +40; record 1–0; running +40
        {
          round: 1,
          kind: 'win',
          opponent: 'B',
          first: true,
          score: 420,
          opponentScore: 380,
          spread: 40,
          wins: 1,
          losses: 0,
          runningSpread: 40,
        },
        // D moved first; 395 − 410 = −15; record 1–1; running 40 − 15 = +25
        {
          round: 2,
          kind: 'loss',
          opponent: 'D',
          first: false,
          score: 395,
          opponentScore: 410,
          spread: -15,
          wins: 1,
          losses: 1,
          runningSpread: 25,
        },
        // 512 − 301 = +211; record 2–1; running 25 + 211 = +236
        { round: 3, kind: 'win', spread: 211, wins: 2, losses: 1, runningSpread: 236 },
      ],
    },
  },
  {
    name: 'a draw is half a win and half a loss',
    players: players('A', 'B', 'C', 'D'),
    games: [game(1, 'A', 'B', 420, 380), game(1, 'C', 'D', 300, 350), game(2, 'B', 'C', 360, 360)],
    rounds: 2,
    card: {
      player: 'C',
      lines: [
        // 300 − 350 = −50; 0–1
        {
          round: 1,
          kind: 'loss',
          first: true,
          spread: -50,
          wins: 0,
          losses: 1,
          runningSpread: -50,
        },
        // 360 − 360 = 0; 0 + ½ = ½ – 1 + ½ = 1½
        {
          round: 2,
          kind: 'draw',
          first: false,
          spread: 0,
          wins: 0.5,
          losses: 1.5,
          runningSpread: -50,
        },
      ],
    },
  },
  {
    name: 'the spread cap holds each game to the cap, either way; the scores stay as played',
    players: players('A', 'B', 'C'),
    games: [game(1, 'A', 'B', 600, 250), game(2, 'C', 'A', 500, 180), game(3, 'A', 'C', 400, 390)],
    rounds: 3,
    options: { spreadCap: 200 },
    card: {
      player: 'A',
      lines: [
        // 600 − 250 = +350, capped at +200; running +200
        {
          round: 1,
          score: 600,
          opponentScore: 250,
          gameSpread: 350,
          spread: 200,
          capped: true,
          runningSpread: 200,
        },
        // 180 − 500 = −320, capped at −200; running 200 − 200 = 0
        { round: 2, gameSpread: -320, spread: -200, capped: true, runningSpread: 0 },
        // 400 − 390 = +10, under the cap; running 0 + 10 = +10
        { round: 3, gameSpread: 10, spread: 10, capped: false, runningSpread: 10 },
      ],
    },
  },
  {
    name: 'bye, single forfeit both ways, double forfeit, absence and a pending game',
    players: [
      { id: 'A', seed: 1, absentRounds: [4] },
      { id: 'B', seed: 2 },
      { id: 'C', seed: 3 },
      { id: 'D', seed: 4 },
      { id: 'E', seed: 5 },
    ],
    games: [
      { round: 1, a: 'A', b: null },
      { round: 2, a: 'A', b: 'B', starts: 'A', resultA: 'win', forfeit: true },
      { round: 3, a: 'C', b: 'A', starts: 'C', resultA: 'win', forfeit: true },
      { round: 5, a: 'A', b: 'D', starts: 'A', resultA: 'loss', resultB: 'loss', forfeit: true },
      { round: 6, a: 'E', b: 'A', starts: 'E' },
    ],
    rounds: 6,
    options: { byeSpread: 50, forfeitSpread: 75 },
    card: {
      player: 'A',
      lines: [
        // a bye: a win with the bye spread, +50; 1–0
        {
          round: 1,
          kind: 'bye',
          opponent: null,
          spread: 50,
          wins: 1,
          losses: 0,
          runningSpread: 50,
        },
        // B did not come: +75; 2–0; 50 + 75 = +125
        {
          round: 2,
          kind: 'forfeit-win',
          opponent: 'B',
          score: null,
          spread: 75,
          wins: 2,
          losses: 0,
          runningSpread: 125,
        },
        // A did not come: −75; 2–1; 125 − 75 = +50
        { round: 3, kind: 'forfeit-loss', spread: -75, wins: 2, losses: 1, runningSpread: 50 },
        // marked absent: nothing counts; still 2–1, +50
        {
          round: 4,
          kind: 'absent',
          opponent: null,
          spread: null,
          wins: 2,
          losses: 1,
          runningSpread: 50,
        },
        // neither came: a loss, spread 0; 2–2, +50
        { round: 5, kind: 'double-forfeit', spread: 0, wins: 2, losses: 2, runningSpread: 50 },
        // paired, no result: nothing counts yet
        {
          round: 6,
          kind: 'pending',
          opponent: 'E',
          first: false,
          spread: null,
          wins: 2,
          losses: 2,
          runningSpread: 50,
        },
      ],
    },
  },
  {
    name: 'a late entry and a player left out of a round after withdrawing',
    players: [
      { id: 'A', seed: 1 },
      { id: 'B', seed: 2 },
      { id: 'L', seed: 3, joinedRound: 2 },
    ],
    games: [game(1, 'A', 'B', 300, 200), game(2, 'L', 'A', 250, 350)],
    rounds: 3,
    card: {
      player: 'L',
      lines: [
        { round: 1, kind: 'not-joined', wins: 0, losses: 0, runningSpread: 0 },
        // 250 − 350 = −100; 0–1
        { round: 2, kind: 'loss', first: true, wins: 0, losses: 1, runningSpread: -100 },
        // round 3 was not paired for L at all (L withdrew)
        { round: 3, kind: 'not-paired', spread: null, wins: 0, losses: 1, runningSpread: -100 },
      ],
    },
  },
  {
    name: 'a game whose first player was not recorded says nothing of who moved first',
    players: players('A', 'B'),
    games: [{ round: 1, a: 'A', b: 'B', resultA: 'win', scoreA: 10, scoreB: 5 }],
    rounds: 1,
    card: { player: 'B', lines: [{ round: 1, kind: 'loss', first: null, spread: -5 }] },
  },
];

describe('buildScorecards, table-driven', () => {
  test.each(cases)('$name', ({ players: ps, games, rounds, options, card }) => {
    const cards = buildScorecards(ps, games, rounds, options);
    const lines = cards.get(card.player)!.lines;
    expect(lines).toHaveLength(rounds);
    card.lines.forEach((e) => expect(lines[e.round - 1]).toMatchObject(e));
  });

  test.each(cases)(
    'the last line of every card is the standings line after the last round: $name',
    ({ players: ps, games, rounds, options }) => {
      const cards = buildScorecards(ps, games, rounds, options);
      const rows = computeStandings(
        ps.map((p) => ({ id: p.id, seed: p.seed, active: true })),
        games,
        options,
      );
      for (const row of rows) {
        const c = cards.get(row.playerId)!;
        expect([row.playerId, c.wins, c.spread]).toEqual([row.playerId, row.points, row.spread]);
        // losses + points = games counted (byes and forfeits included, pending not)
        expect(c.wins + c.losses).toBe(row.gamesPlayed + row.byes);
      }
    },
  );

  test('each round of the standings after round N equals the running figures of round N', () => {
    const { players: ps, games, options } = cases[3];
    const cards = buildScorecards(ps, games, 6, options);
    for (let n = 1; n <= 6; n++) {
      const rows = computeStandings(
        ps.map((p) => ({ id: p.id, seed: p.seed, active: true })),
        games,
        { ...options, throughRound: n },
      );
      for (const row of rows) {
        const line = cards.get(row.playerId)!.lines[n - 1];
        expect([n, row.playerId, line.wins, line.runningSpread]).toEqual([
          n,
          row.playerId,
          row.points,
          row.spread,
        ]);
      }
    }
  });

  test('games of rounds past `rounds` are left out, whatever their spread', () => {
    // round 2, 900 − 100 = +800 over a cap of 100, but only round 1 is asked for
    const games = [game(1, 'A', 'B', 300, 200), game(2, 'A', 'B', 900, 100)];
    const cards = buildScorecards(players('A', 'B'), games, 1, { spreadCap: 100 });
    // 300 − 200 = +100 (at the cap, not over it)
    expect(cards.get('A')!.lines).toMatchObject([{ round: 1, spread: 100, capped: false }]);
    expect(cards.get('A')!.spread).toBe(100);
  });

  test('a duplicate player id is refused', () => {
    expect(() => buildScorecards(players('A', 'A'), [], 1)).toThrow(RangeError);
  });
});

describe('buildWallChart', () => {
  test('rows by seed, the opponent by number, the record and spread after each round', () => {
    const ps: ScorecardPlayer[] = [
      { id: 'x', seed: 3 },
      { id: 'y', seed: 1 },
      { id: 'z', seed: 2 },
    ];
    const games: GameRecord[] = [
      game(1, 'y', 'z', 400, 350),
      { round: 1, a: 'x', b: null },
      game(2, 'x', 'y', 300, 320),
    ];
    const chart = buildWallChart(ps, buildScorecards(ps, games, 2, { byeSpread: 30 }));
    expect(chart.map((r) => r.seed)).toEqual([1, 2, 3]);
    // y (#1): round 1 beat #2, 400 − 350 = +50 → 1–0 +50; round 2 beat #3, 320 − 300 = +20 → 2–0 +70
    expect(chart[0].cells).toMatchObject([
      { kind: 'win', opponentSeed: 2, first: true, wins: 1, losses: 0, runningSpread: 50 },
      { kind: 'win', opponentSeed: 3, first: false, wins: 2, losses: 0, runningSpread: 70 },
    ]);
    // x (#3): bye +30 → 1–0 +30; lost to #1 by 20 → 1–1, 30 − 20 = +10
    expect(chart[2].cells).toMatchObject([
      { kind: 'bye', opponentSeed: null, wins: 1, runningSpread: 30 },
      { kind: 'loss', opponentSeed: 1, wins: 1, losses: 1, runningSpread: 10 },
    ]);
    // z (#2): round 2 not paired
    expect(chart[1].cells[1]).toMatchObject({ kind: 'not-paired', wins: 0, losses: 1 });
    expect(chart[1]).toMatchObject({ wins: 0, losses: 1, spread: -50 });
  });
});
