import { pairRound } from './pair';
import { GameRecord, PairingOutcome, PairingRequest, PairingSystem, Player } from './types';

const roster = (n: number): Player[] =>
  Array.from({ length: n }, (_, i) => ({ id: `P${i + 1}`, seed: i + 1, active: true }));

const win = (round: number, a: string, b: string): GameRecord => ({
  round,
  a,
  b,
  starts: a,
  resultA: 'win',
  resultB: 'loss',
  scoreA: 400,
  scoreB: 300,
});

function tables(outcome: PairingOutcome): string[] {
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
  return outcome.pairings.map((p) => [p.first, p.second ?? 'bye'].sort().join('-')).sort();
}

/**
 * Four players, four rounds: everyone met everyone in rounds 1–3 (a round robin), then P1–P2 and
 * P3–P4 met again in round 4. Points before round 5: P1 4 (won all), P2 2, P3 2, P4 0.
 * Meetings: P1–P2 2, P3–P4 2, P1–P3 1, P1–P4 1, P2–P3 1, P2–P4 1.
 */
const history: GameRecord[] = [
  win(1, 'P1', 'P2'),
  win(1, 'P3', 'P4'),
  win(2, 'P1', 'P3'),
  win(2, 'P2', 'P4'),
  win(3, 'P1', 'P4'),
  win(3, 'P2', 'P3'),
  win(4, 'P1', 'P2'),
  win(4, 'P3', 'P4'),
];

const request = (
  system: PairingSystem,
  maxMeetings?: number,
  extra: Partial<PairingRequest> = {},
) => ({ system, round: 5, seed: 'limit', maxMeetings, ...extra }) as PairingRequest;

describe('a pair may meet at most N times', () => {
  // Every round-5 pairing of four is two rematches (all six pairs have met). Only the limit
  // tells them apart: at 2, P1–P2 and P3–P4 (met twice each) are over it, P1–P3 and P2–P4 are not.
  test.each([
    // system, limit, expected tables (null: not decided by the limit), over the limit, rematches
    ['swiss', undefined, null, 0, 2],
    // No pair has met 3 times: the limit changes nothing.
    ['swiss', 3, null, 0, 2],
    ['swiss', 2, ['P1-P3', 'P2-P4'], 0, 2],
    // Everyone has met once: any pairing is 2 pairs over a limit of 1, paired anyway.
    ['swiss', 1, null, 2, 2],
    ['king-of-the-hill', undefined, null, 0, 2],
    ['king-of-the-hill', 3, null, 0, 2],
    ['king-of-the-hill', 2, ['P1-P3', 'P2-P4'], 0, 2],
    ['king-of-the-hill', 1, null, 2, 2],
    // Random and seeded rounds only count: seeded split is P1–P3, P2–P4, random is its shuffle.
    ['seeded', 1, ['P1-P3', 'P2-P4'], 2, 2],
  ] as const)('%s, at most %s meetings', (system, limit, expected, overLimit, rematches) => {
    const algorithms =
      system === 'swiss' ? (['auto', 'exact', 'greedy'] as const) : (['auto'] as const);
    for (const algorithm of algorithms) {
      const out = pairRound(roster(4), history, request(system, limit, { algorithm }));
      const free = pairRound(roster(4), history, request(system, undefined, { algorithm }));
      if (expected) expect(tables(out)).toEqual(expected);
      // A limit no pair has reached gives the same tables as none.
      else if (overLimit === 0) expect(tables(out)).toEqual(tables(free));
      expect(out.ok && [out.overLimit, out.rematches]).toEqual([overLimit, rematches]);
      if (overLimit > 0) {
        expect(out.ok && out.notes.join(' ')).toContain(
          `${overLimit} pair(s) meet more often than the limit of ${limit} allows`,
        );
      } else {
        expect(out.ok && out.notes.join(' ')).not.toContain('limit');
      }
    }
  });

  test('King of the Hill without the limit pairs neighbours, whoever they have met', () => {
    // P1 leads with 4; P2 and P3 have 2 each; P4 0. 1–2 and 3–4 are two pairs met twice, or
    // P1–P3, P2–P4 when P3 ranks second: either way a neighbours' pairing.
    const out = pairRound(roster(4), history, request('king-of-the-hill'));
    expect([
      ['P1-P2', 'P3-P4'],
      ['P1-P3', 'P2-P4'],
    ]).toContainEqual(tables(out));
  });

  test('with an odd field the bye is chosen first, then the limit among the rest', () => {
    // P5 joins before round 5 with no games: the lowest with the fewest byes takes the bye;
    // everyone else has 0 byes too, so the bye goes to the lowest ranked, P4 or P5 (0 points).
    const players = roster(5);
    const out = pairRound(players, history, request('swiss', 2));
    expect(out.ok && out.overLimit).toBe(0);
    const seated = tables(out);
    expect(seated).toHaveLength(3);
    expect(seated).not.toContain('P1-P2');
    expect(seated).not.toContain('P3-P4');
  });

  test('a limit must be a whole number from 1', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      const out = pairRound(roster(4), history, request('swiss', bad));
      expect(out.ok ? 'ok' : out.code).toBe('invalid-limit');
    }
  });
});
