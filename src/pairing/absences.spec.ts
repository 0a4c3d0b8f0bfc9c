import { pairRound } from './pair';
import { GameRecord, PairingOutcome, Player } from './types';

/** A player not paired this round (absent or withdrawn) is `active: false` to the pairing. */
const roster = (absent: string[] = []): Player[] =>
  ['P1', 'P2', 'P3', 'P4', 'P5'].map((id, i) => ({
    id,
    seed: i + 1,
    active: !absent.includes(id),
  }));

function tables(outcome: PairingOutcome): string[] {
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
  return outcome.pairings.map((p) => `${p.first}-${p.second ?? 'bye'}`);
}

describe('Swiss with forfeits and absences, checked by hand', () => {
  // Round 1: P1–P4 played 400–300, P2–P5 a forfeit (P5 absent), P3 a bye.
  const history: GameRecord[] = [
    { round: 1, a: 'P1', b: 'P4', starts: 'P1', resultA: 'win', scoreA: 400, scoreB: 300 },
    { round: 1, a: 'P2', b: 'P5', starts: 'P2', resultA: 'win', forfeit: true },
    { round: 1, a: 'P3', b: null },
  ];
  const standings = { forfeitSpread: 150, byeSpread: 50 };

  test('an absent player is not paired and takes no bye; the bye goes to someone else', () => {
    // P3 absent: P1, P2, P4, P5 remain, four players, no bye at all.
    const four = tables(
      pairRound(roster(['P3']), history, { system: 'swiss', round: 2, standings }),
    );
    expect(four).toHaveLength(2);
    expect(four.join()).not.toContain('P3');
    expect(four.join()).not.toContain('bye');
    // P4 absent: five minus one is four again; P3 (who had the bye) is paired.
    const other = tables(
      pairRound(roster(['P4']), history, { system: 'swiss', round: 2, standings }),
    );
    expect(other.join()).toContain('P3');
    expect(other.join()).not.toContain('P4');
  });

  test('the forfeit spread ranks the forfeit winner among the players on 1 point', () => {
    // 1 point: P2 +150 (forfeit), P1 +100 (400 − 300), P3 +50 (bye); 0: P4 −100, P5 −150.
    // P1 absent: P2 and P3 (1 point) meet; P4 and P5 (0) meet (P2 and P5 met by forfeit).
    const out = tables(
      pairRound(roster(['P1']), history, { system: 'swiss', round: 2, standings }),
    );
    expect(out.map((t) => t.split('-').sort().join('-')).sort()).toEqual(['P2-P3', 'P4-P5']);
  });
});
