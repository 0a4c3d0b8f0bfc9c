import { WrittenTile } from '../rules/alphabet';
import { CompiledRules } from '../rules/compiled';
import { Scoresheet } from '../sheet/scoresheet';
import { ReplayState } from './state';

/** What the racks left at the end take from or give to a player. */
export interface RackSettlement {
  rackPenalty: number;
  rackBonus: number;
  wentOut: boolean;
}

/**
 * What the lines say of a player whose final rack the sheet writes empty: `true`, they went out;
 * else they did not, and hold the tiles given (a refused last play's, from its recorded rack), or
 * `null`, the rack as the sheet writes it.
 */
export type OutByTheLines = true | readonly WrittenTile[] | null;

/** Points of a rack's tiles. */
function rackValue(
  rack: readonly WrittenTile[],
  jokerOnRack: number,
  letterValues: readonly number[],
): number {
  let value = 0;
  for (let i = 0; i < rack.length; i++) {
    const tile = rack[i];
    // Literals for JOKER and LETTER_MASK: an imported constant is read at every use.
    value += tile === 64 ? jokerOnRack : letterValues[tile & 63];
  }
  return value;
}

/**
 * Settles the racks at the end. When exactly one player emptied their rack, the game did
 * not end on scoreless turns or passes, and the lines show that player going out
 * (`wentOut`: their last line a play that stood), the going-out rule
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
  wentOut: (player: number) => OutByTheLines,
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
    values[p] = rackValue(rack, jokerOnRack, letterValues);
    if (rack.length === 0) {
      emptied++;
      outPlayer = p;
    }
  }
  const rule = ruleSet.endOfGame.goingOut;
  if (end.reason === 'scoreless' || stalledEnd || missing || emptied !== 1) outPlayer = -1;
  else if (rule !== 'none' && rule !== 'keep') {
    // Going out changes the racks' points: the lines must show it.
    const out = wentOut(outPlayer);
    if (out !== true) {
      if (out !== null) values[outPlayer] = rackValue(out, jokerOnRack, letterValues);
      outPlayer = -1;
    }
  }
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

/**
 * The points the sheet takes off each player for going over time (`end.timePenalty`), checked
 * against the rule set's overtime penalty: so many points for each minute or part of one, so a
 * whole number of minutes' worth. Null when the sheet writes none.
 */
export function overtimePenalties(state: ReplayState): readonly number[] | null {
  const written = state.sheet.end?.timePenalty;
  const perMinute = state.rules.ruleSet.endOfGame.overtimePoints;
  if (written === undefined || perMinute === undefined) return null;
  for (let p = 0; p < written.length; p++) {
    const points = written[p];
    if (points % perMinute === 0) continue;
    state.gameIssues.push({
      code: 'TIME_PENALTY_AMOUNT',
      severity: 'error',
      player: p,
      message: `End of game: the sheet takes ${points} points off ${state.who(p)} for going over time, but the penalty is ${perMinute} points for each minute or part of one over, and ${points} is not a whole number of minutes' worth`,
      written: points,
    });
  }
  return written;
}
