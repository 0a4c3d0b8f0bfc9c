import { pairRound } from './pair';
import { GameRecord, PairingOutcome, PairingRequest, Player } from './types';

const roster = (n: number): Player[] =>
  Array.from({ length: n }, (_, i) => ({ id: `P${i + 1}`, seed: i + 1, active: true }));

const win = (round: number, a: string, b: string): GameRecord => ({
  round,
  a,
  b,
  starts: a,
  resultA: 'win',
  scoreA: 400,
  scoreB: 300,
});

function tables(outcome: PairingOutcome): string[] {
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
  return outcome.pairings.map((p) => [p.first, p.second ?? 'bye'].sort().join('-'));
}

const swiss = (round: number, extra: Partial<PairingRequest> = {}): PairingRequest => ({
  system: 'swiss',
  round,
  ...extra,
});

describe('keeping club-mates and listed pairs apart', () => {
  // Round 1 of four by seed is P1–P3, P2–P4 (top half against bottom half); P1–P4, P2–P3 and
  // P1–P2, P3–P4 are the other two ways, equally far from that shape.
  test.each([
    ['no request', undefined, ['P1-P3', 'P2-P4'], 0],
    ['P1 and P3 of one club', { clubs: { P1: 'Šabac', P3: 'Šabac' } }, ['P1-P3'], 0],
    ['P2–P4 listed', { forbidden: [['P4', 'P2']] as [string, string][] }, ['P2-P4'], 0],
    // Everyone in one club: no pairing avoids it; both tables are club pairs and say so.
    ['all four of one club', { clubs: { P1: 'A', P2: 'A', P3: 'A', P4: 'A' } }, [], 2],
    // An empty club name is no club.
    ['empty club names', { clubs: { P1: '', P3: '' } }, ['P1-P3', 'P2-P4'], 0],
  ])('%s', (name, avoid, kept, avoided) => {
    for (const algorithm of ['auto', 'exact', 'greedy'] as const) {
      const out = tables(pairRound(roster(4), [], swiss(1, { avoid, algorithm })));
      const result = pairRound(roster(4), [], swiss(1, { avoid, algorithm }));
      expect(result.ok && result.avoided).toBe(avoided);
      if (name === 'no request' || name === 'empty club names') expect(out.sort()).toEqual(kept);
      // The pair to avoid is not a table, unless nothing else is possible.
      else if (avoided === 0) for (const pair of kept) expect(out).not.toContain(pair);
      else
        expect(result.ok && result.notes.join()).toMatch(/2 pairing\(s\) of players to keep apart/);
    }
  });

  test('a rematch weighs more than a club pairing', () => {
    // Round 2 of four after P1–P3 and P2–P4: winners P1, P2 meet, losers P3, P4 meet. With P1
    // and P2 club-mates the only other pairing without a rematch is P1–P4, P2–P3.
    const history = [win(1, 'P1', 'P3'), win(1, 'P2', 'P4')];
    const out = pairRound(roster(4), history, swiss(2, { avoid: { clubs: { P1: 'X', P2: 'X' } } }));
    expect(tables(out).sort()).toEqual(['P1-P4', 'P2-P3']);
    expect(out.ok && [out.rematches, out.avoided]).toEqual([0, 0]);
    // With P1, P2 and P4 club-mates every rematch-free pairing has a club pair: one is kept.
    const all = pairRound(
      roster(4),
      history,
      swiss(2, { avoid: { clubs: { P1: 'X', P2: 'X', P4: 'X' } } }),
    );
    expect(all.ok && [all.rematches, all.avoided]).toEqual([0, 1]);
  });
});

describe('Gibsonization', () => {
  const players = roster(6);
  // Four rounds played; P1 wins them all. Round 1: P1>P2, P3>P4, P5>P6. Round 2: P1>P3,
  // P2>P5, P4>P6. Round 3: P1>P4, P2>P6, P5>P3. Round 4: P1>P5, P3>P6, P4>P2.
  const history: GameRecord[] = [
    win(1, 'P1', 'P2'),
    win(1, 'P3', 'P4'),
    win(1, 'P5', 'P6'),
    win(2, 'P1', 'P3'),
    win(2, 'P2', 'P5'),
    win(2, 'P4', 'P6'),
    win(3, 'P1', 'P4'),
    win(3, 'P2', 'P6'),
    win(3, 'P5', 'P3'),
    win(4, 'P1', 'P5'),
    win(4, 'P3', 'P6'),
    win(4, 'P4', 'P2'),
  ];
  // Points before round 5: P1 4; P2, P3, P4, P5 2 each; P6 0.

  test('5 rounds planned (1 left): P1 4 − 2 = 2 > 1 cannot be caught and meets P6, out of the race', () => {
    // Out of the race for second: 0 + 1 < 2 (P6); 2 + 1 is not. P1 has not met P6.
    const out = pairRound(players, history, swiss(5, { gibson: { rounds: 5 } }));
    expect(out.ok && out.gibsonized).toEqual({ player: 'P1', opponent: 'P6' });
    // The rest are paired among themselves without a rematch: P2 has met all but P3, P4 all
    // but P5.
    expect(tables(out).sort()).toEqual(['P1-P6', 'P2-P3', 'P4-P5']);
    expect(out.ok && out.notes.join()).toContain('P1 cannot be caught for first place');
    // King of the Hill Gibsonizes the same way, the rest 1–2, 3–4 by rank.
    const koth = pairRound(players, history, {
      system: 'king-of-the-hill',
      round: 5,
      gibson: { rounds: 5 },
    });
    expect(koth.ok && koth.gibsonized).toEqual({ player: 'P1', opponent: 'P6' });
  });

  test('6 rounds planned (2 left): 4 − 2 = 2 is not more than 2, so P1 is paired as usual', () => {
    const out = pairRound(players, history, swiss(5, { gibson: { rounds: 6 } }));
    expect(out.ok && out.gibsonized).toBeUndefined();
    expect(out.ok && out.notes.join()).not.toContain('cannot be caught');
  });

  test('without the request nobody is Gibsonized', () => {
    const out = pairRound(players, history, swiss(5));
    expect(out.ok && out.gibsonized).toBeUndefined();
    expect(out.ok && out.notes.join()).not.toContain('cannot be caught');
  });

  test('when everyone can still reach second place the leader is paired as usual, and told so', () => {
    // Round 4 P6 beats P3 instead: P3 1, P6 1; 1 + 1 is not < 2, so nobody is out of the race.
    const changed = [...history.slice(0, 10), win(4, 'P6', 'P3'), history[11]];
    const out = pairRound(players, changed, swiss(5, { gibson: { rounds: 5 } }));
    expect(out.ok && out.gibsonized).toEqual({ player: 'P1', opponent: null });
    expect(out.ok && out.notes.join()).toContain('every other player can still reach second place');
  });
});
