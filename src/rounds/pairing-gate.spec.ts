import { GateGame, missingCount, pairingGate } from './pairing-gate';

/** Rounds 1–3 of four tables: round 1 complete, round 2 with tables 2 and 4 pending, round 3 pending. */
const games: GateGame[] = [
  ...[1, 2, 3, 4].map((table) => ({ round: 1, table, status: 'complete' as const })),
  { round: 2, table: 1, status: 'complete' },
  { round: 2, table: 2, status: 'pending' },
  { round: 2, table: 3, status: 'bye' },
  { round: 2, table: 4, status: 'pending' },
  ...[1, 2, 3, 4].map((table) => ({ round: 3, table, status: 'pending' as const })),
];

describe('when a round may be paired, and from which standings', () => {
  it('lag 0: every earlier result must be in', () => {
    const gate = pairingGate(4, 'swiss', 0, games);
    expect(gate).toEqual({
      basedOn: 3,
      completeThrough: 3,
      missing: [
        { round: 2, tables: [2, 4] },
        { round: 3, tables: [1, 2, 3, 4] },
      ],
    });
    expect(missingCount(gate.missing)).toBe(6);
  });

  it('lag 1: round 4 from the standings after round 2, round 3 may lack every result', () => {
    expect(pairingGate(4, 'king-of-the-hill', 1, games)).toEqual({
      basedOn: 2,
      completeThrough: 2,
      missing: [{ round: 2, tables: [2, 4] }],
    });
  });

  it('lag 2: round 4 from the standings after round 1, which is complete', () => {
    expect(pairingGate(4, 'swiss', 2, games)).toEqual({
      basedOn: 1,
      completeThrough: 1,
      missing: [],
    });
  });

  it('a lag longer than the rounds played pairs from the seeds', () => {
    expect(pairingGate(2, 'swiss', 2, games.slice(0, 4))).toMatchObject({ basedOn: 0 });
  });

  it('systems that rank by no standings wait alike, but record no basis; a round robin waits for none', () => {
    expect(pairingGate(4, 'manual', 1, games)).toEqual({
      basedOn: null,
      completeThrough: 2,
      missing: [{ round: 2, tables: [2, 4] }],
    });
    expect(pairingGate(4, 'round-robin', 0, games)).toEqual({
      basedOn: null,
      completeThrough: null,
      missing: [],
    });
  });
});
