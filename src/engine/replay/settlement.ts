import { WrittenTile } from '../rules/alphabet';
import { CompiledRules } from '../rules/compiled';
import { Scoresheet } from '../sheet/scoresheet';

/** What the racks left at the end take from or give to a player. */
export interface RackSettlement {
  rackPenalty: number;
  rackBonus: number;
  wentOut: boolean;
}

/**
 * Settles the racks at the end. When exactly one player emptied their rack
 * (and the game did not end on scoreless turns or passes), the going-out rule
 * applies: `none`, every player loses their own rack; `transfer`, the others
 * lose theirs and the player who went out gains them; `double`, that player
 * gains twice the others' racks and they lose nothing; `gain`, that player
 * gains them once and they lose nothing; `keep`, racks count nothing.
 * Otherwise the rule set's `stalled` rule: `lose` (default), every player
 * loses their own rack; `gain`, every player gains the others'; `keep`, nothing.
 */
export function settleRacks(
  rules: CompiledRules,
  end: NonNullable<Scoresheet['end']>,
  racks: WrittenTile[][],
  playerCount: number,
  stalledEnd: boolean,
): RackSettlement[] {
  const { alphabet, ruleSet } = rules;
  // Plain loops: this runs once a game, and array callbacks cost more than the arithmetic here.
  /** Points of each player's final rack; null where the sheet has no rack for them. */
  // Lists made at their size: one grown by push gets room for 17, through a call into V8.
  const values = new Array<number | null>(playerCount);
  let missing = false;
  let emptied = 0;
  let outPlayer = -1;
  const { jokerOnRack } = ruleSet.endOfGame;
  const letterValues = alphabet.values;
  for (let p = 0; p < playerCount; p++) {
    if (end.racks?.[p] === undefined) {
      values[p] = null;
      missing = true;
      continue;
    }
    const rack = racks[p];
    let value = 0;
    for (let i = 0; i < rack.length; i++) {
      const tile = rack[i];
      // Literals for JOKER and LETTER_MASK: an imported constant is read at every use.
      value += tile === 64 ? jokerOnRack : letterValues[tile & 63];
    }
    values[p] = value;
    if (rack.length === 0) {
      emptied++;
      outPlayer = p;
    }
  }
  if (end.reason === 'scoreless' || stalledEnd || missing || emptied !== 1) outPlayer = -1;
  const settlement = (rackPenalty: number, rackBonus: number, wentOut: boolean) => ({
    rackPenalty,
    rackBonus,
    wentOut,
  });
  const own = () => {
    const settled = new Array<RackSettlement>(values.length);
    for (let p = 0; p < values.length; p++) settled[p] = settlement(values[p] ?? 0, 0, false);
    return settled;
  };
  const rule = ruleSet.endOfGame.goingOut;
  if (outPlayer >= 0) {
    if (rule === 'none') return own();
    let others = 0;
    for (let p = 0; p < playerCount; p++) if (p !== outPlayer) others += values[p]!;
    return values.map((v, p) => {
      if (rule === 'keep') return settlement(0, 0, p === outPlayer);
      if (p === outPlayer) return settlement(0, rule === 'double' ? 2 * others : others, true);
      return settlement(rule === 'transfer' ? v! : 0, 0, false);
    });
  }
  const stalled = ruleSet.endOfGame.stalled ?? 'lose';
  if (stalled === 'lose') return own();
  if (stalled === 'keep') return values.map(() => settlement(0, 0, false));
  let all = 0;
  for (const v of values) all += v ?? 0;
  return values.map((v) => settlement(0, all - (v ?? 0), false));
}
