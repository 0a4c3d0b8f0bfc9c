import { bergerRound, roundRobinLength, roundRobinRound } from './round-robin';
import { pairRound } from './pair';
import { GameRecord, Player } from './types';

const show = (tables: [number, number | null][]): string =>
  tables.map(([a, b]) => `${a}-${b ?? 'bye'}`).join(' ');

describe('Berger tables', () => {
  // FIDE Handbook C.05 Annex 1 (Berger tables for round-robin tournaments)
  it.each([
    [4, ['1-4 2-3', '4-3 1-2', '2-4 3-1']],
    [6, ['1-6 2-5 3-4', '6-4 5-3 1-2', '2-6 3-1 4-5', '6-5 1-4 2-3', '3-6 4-2 5-1']],
    [
      8,
      [
        '1-8 2-7 3-6 4-5',
        '8-5 6-4 7-3 1-2',
        '2-8 3-1 4-7 5-6',
        '8-6 7-5 1-4 2-3',
        '3-8 4-2 5-1 6-7',
        '8-7 1-6 2-5 3-4',
        '4-8 5-3 6-2 7-1',
      ],
    ],
  ])('%i slots match the published table', (slots, rounds) => {
    rounds.forEach((want, i) => expect(show(bergerRound(slots, i + 1))).toBe(want));
  });

  it.each([2, 4, 6, 8, 10, 12, 14, 16, 20, 30])(
    '%i slots: everyone meets everyone once, first moves differ by at most one',
    (slots) => {
      const met = new Set<string>();
      const firsts = new Array<number>(slots + 1).fill(0);
      for (let r = 1; r < slots; r++) {
        const seen = new Set<number>();
        for (const [a, b] of bergerRound(slots, r)) {
          const key = `${Math.min(a, b)}-${Math.max(a, b)}`;
          expect(met.has(key)).toBe(false);
          met.add(key);
          seen.add(a).add(b);
          firsts[a]++;
        }
        expect(seen.size).toBe(slots);
      }
      expect(met.size).toBe((slots * (slots - 1)) / 2);
      for (let s = 1; s <= slots; s++) {
        // (slots-1) games: slots/2 or slots/2 - 1 first moves
        expect(firsts[s]).toBeGreaterThanOrEqual(slots / 2 - 1);
        expect(firsts[s]).toBeLessThanOrEqual(slots / 2);
      }
    },
  );

  it('rejects an odd slot count and a round outside the cycle', () => {
    expect(() => bergerRound(5, 1)).toThrow(RangeError);
    expect(() => bergerRound(6, 6)).toThrow(RangeError);
    expect(() => bergerRound(6, 0)).toThrow(RangeError);
  });
});

describe('roundRobinRound', () => {
  it('gives the empty slot of an odd field as a bye', () => {
    // 5 players use the 6-slot table; slot 6 is the bye
    expect(show(roundRobinRound(5, 1))).toBe('1-bye 2-5 3-4');
    expect(show(roundRobinRound(5, 2))).toBe('4-bye 5-3 1-2');
  });

  it('second cycle repeats the first with first moves swapped', () => {
    for (let r = 1; r <= 5; r++) {
      const first = roundRobinRound(6, r);
      const second = roundRobinRound(6, r + 5);
      expect(second).toEqual(first.map(([a, b]) => [b, a]));
    }
    expect(roundRobinLength(6, true)).toBe(10);
    expect(roundRobinLength(5, false)).toBe(5);
  });

  it('two players meet every round, alternating who starts', () => {
    expect([1, 2, 3, 4].map((r) => show(roundRobinRound(2, r)))).toEqual([
      '1-2',
      '2-1',
      '1-2',
      '2-1',
    ]);
  });
});

describe('pairRound: round robin', () => {
  const roster: Player[] = ['ana', 'bora', 'ceca', 'dule', 'eva', 'fića'].map((id, i) => ({
    id,
    seed: i + 1,
    active: true,
  }));

  it('round 1 of six players is 1-6, 2-5, 3-4 by seed', () => {
    const out = pairRound(roster, [], { system: 'round-robin', round: 1 });
    expect(out).toEqual({
      ok: true,
      rematches: 0,
      avoided: 0,
      overLimit: 0,
      notes: [],
      pairings: [
        { table: 1, first: 'ana', second: 'fića' },
        { table: 2, first: 'bora', second: 'eva' },
        { table: 3, first: 'ceca', second: 'dule' },
      ],
    });
  });

  it('orders the roster by seed, not by input order', () => {
    const shuffledRoster = [roster[3], roster[0], roster[5], roster[2], roster[4], roster[1]];
    const a = pairRound(roster, [], { system: 'round-robin', round: 3 });
    const b = pairRound(shuffledRoster, [], { system: 'round-robin', round: 3 });
    expect(b).toEqual(a);
  });

  it('double round robin: round 6 of six players is round 1 with starts swapped', () => {
    const out = pairRound(roster, [], { system: 'double-round-robin', round: 6 });
    expect(out.ok && out.pairings.map((p) => `${p.first}-${p.second}`)).toEqual([
      'fića-ana',
      'eva-bora',
      'dule-ceca',
    ]);
  });

  it('a withdrawn player keeps the slot; the scheduled opponent gets a bye', () => {
    const withWithdrawal = roster.map((p) => (p.id === 'eva' ? { ...p, active: false } : p));
    const out = pairRound(withWithdrawal, [], { system: 'round-robin', round: 1 });
    expect(out.ok && out.pairings).toEqual([
      { table: 1, first: 'ana', second: 'fića' },
      { table: 2, first: 'ceca', second: 'dule' },
      { table: 3, first: 'bora', second: null },
    ]);
  });

  it('an odd field: the player drawn against the empty slot sits out', () => {
    const five = roster.slice(0, 5);
    const out = pairRound(five, [], { system: 'round-robin', round: 1 });
    expect(out.ok && out.pairings).toEqual([
      { table: 1, first: 'bora', second: 'eva' },
      { table: 2, first: 'ceca', second: 'dule' },
      { table: 3, first: 'ana', second: null },
    ]);
  });

  it('all rounds of a double round robin: each pair meets twice, each starting once', () => {
    const history: GameRecord[] = [];
    for (let round = 1; round <= 10; round++) {
      const out = pairRound(roster, history, { system: 'double-round-robin', round });
      if (!out.ok) throw new Error(out.message);
      for (const p of out.pairings) {
        history.push({ round, a: p.first, b: p.second, starts: p.first, resultA: 'win' });
      }
    }
    const starts = new Map<string, number>();
    for (const g of history) {
      const key = [g.a, g.b].sort().join('/');
      starts.set(`${key} ${g.a}`, (starts.get(`${key} ${g.a}`) ?? 0) + 1);
    }
    // 15 pairs x 2 directions, each exactly once
    expect(starts.size).toBe(30);
    expect([...starts.values()].every((v) => v === 1)).toBe(true);
  });
});
