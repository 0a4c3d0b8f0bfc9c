import { pairRound } from './pair';
import { GameRecord, PairingOutcome, PairingRequest, Player } from './types';

/*
 * Pairing with a lag: round 3 paired from the standings after round 1 (`standingsAfter`), while
 * round 2's games, with or without results, still count as met.
 */

const roster = (n: number): Player[] =>
  Array.from({ length: n }, (_, i) => ({ id: `P${i + 1}`, seed: i + 1, active: true }));

/** A finished game: `a` moved first and scored `sa`, `b` scored `sb`; higher score wins. */
const game = (round: number, a: string, b: string, sa: number, sb: number): GameRecord => ({
  round,
  a,
  b,
  starts: a,
  resultA: sa > sb ? 'win' : sa < sb ? 'loss' : 'draw',
  scoreA: sa,
  scoreB: sb,
});
/** A game paired, its result not in yet. */
const pending = (round: number, a: string, b: string): GameRecord => ({ round, a, b, starts: a });

/** The round's pairs, each pair's ids sorted, the tables in order. */
function pairs(outcome: PairingOutcome): string[] {
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
  return outcome.pairings.map((p) => [p.first, p.second ?? 'bye'].sort().join('-'));
}

const players = roster(6);
// Round 1. Standings after it: P1 (1, +100), P2 (1, +50), P3 (1, +10), P6 (0, −10),
// P5 (0, −50), P4 (0, −100).
const round1 = [game(1, 'P1', 'P4', 400, 300), game(1, 'P2', 'P5', 350, 300)];
round1.push(game(1, 'P3', 'P6', 310, 300));
// Round 2 with its results. Standings after it: P2 (2, +250); then on 1 point by spread P4
// (+200), P6 (+190), P1 (−100), P3 (−190); P5 (0, −350).
const round2 = [game(2, 'P1', 'P2', 200, 400), game(2, 'P3', 'P6', 200, 400)];
round2.push(game(2, 'P4', 'P5', 400, 100));
const round2Pending = round2.map((g) => pending(g.round, g.a, g.b!));

const hill = (extra: Partial<PairingRequest> = {}): PairingRequest => ({
  system: 'king-of-the-hill',
  round: 3,
  standings: { tieBreaks: ['spread', 'seed'] },
  ...extra,
});

describe('pairing round 3 from the standings after round 1', () => {
  it('King of the Hill pairs neighbours of the standings after round 1, not after round 2', () => {
    const history = [...round1, ...round2];
    // After round 2: P2, P4, P6, P1, P3, P5 -> P2–P4, P6–P1, P3–P5.
    expect(pairs(pairRound(players, history, hill()))).toEqual(['P2-P4', 'P1-P6', 'P3-P5']);
    // After round 1: P1, P2, P3, P6, P5, P4 -> P1–P2, P3–P6, P5–P4.
    expect(pairs(pairRound(players, history, hill({ standingsAfter: 1 })))).toEqual([
      'P1-P2',
      'P3-P6',
      'P4-P5',
    ]);
  });

  it('games of round 2 without results count as met: King of the Hill counts the rematches', () => {
    const out = pairRound(players, [...round1, ...round2Pending], hill({ standingsAfter: 1 }));
    expect(pairs(out)).toEqual(['P1-P2', 'P3-P6', 'P4-P5']);
    // Every pair of the standings after round 1 met in round 2 (still without a result).
    expect(out.ok && out.rematches).toBe(3);
  });

  it('Swiss ranks by round 1 and avoids the opponents of round 2 though it has no results', () => {
    const history = [...round1, ...round2Pending];
    const out = pairRound(players, history, {
      system: 'swiss',
      round: 3,
      standingsAfter: 1,
      standings: { tieBreaks: ['spread', 'seed'] },
    });
    const met = new Set(history.map((g) => [g.a, g.b!].sort().join('-')));
    expect(out.ok && out.rematches).toBe(0);
    for (const pair of pairs(out)) expect(met.has(pair)).toBe(false);
    // The winners of round 1 (P1, P2, P3) are one group: P1 has met P2 (round 2), so P1–P3, and
    // P2 floats down; P2–P6 would leave P4–P5, who met in round 2, so P2–P4 and P5–P6.
    expect(pairs(out)).toEqual(['P1-P3', 'P2-P4', 'P5-P6']);
  });

  it('without a lag, a pending game of round 2 changes nothing in the standings', () => {
    const history = [...round1, ...round2Pending];
    expect(pairs(pairRound(players, history, hill()))).toEqual(
      pairs(pairRound(players, history, hill({ standingsAfter: 1 }))),
    );
  });

  it('standings after round 0 rank by seed', () => {
    const out = pairRound(players, [...round1, ...round2], hill({ standingsAfter: 0 }));
    expect(pairs(out)).toEqual(['P1-P2', 'P3-P4', 'P5-P6']);
  });

  it('refuses standings after this round or a later one', () => {
    for (const standingsAfter of [3, 4, -1, 1.5]) {
      const out = pairRound(players, round1, hill({ standingsAfter }));
      expect(out.ok ? 'paired' : out.code).toBe('invalid-standings-round');
    }
  });
});
