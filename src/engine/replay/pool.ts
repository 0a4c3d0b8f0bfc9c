/**
 * The pool rule (Qwibble): the tiles not on the board are counted, an exchange needs enough
 * of them, and the player who plays the last tile with the pool empty ends the game.
 */
import { CompiledRules } from '../rules/compiled';
import { ReplayState, ReplayTurn } from './state';

/**
 * The tiles not on the board: each rack full while the pool lasts, the pool
 * the rest. Plays take tiles from a rack and refill it; exchanges change
 * nothing (the same number goes back).
 */
export class PoolCount {
  /** Tiles in the set. */
  readonly total: number;
  /** Tiles in the pool. */
  size: number;
  /** Tiles on each rack. */
  readonly racks: number[];

  constructor(rules: CompiledRules, players: number) {
    const { alphabet, ruleSet } = rules;
    let total = alphabet.jokerCount;
    for (let code = 1; code <= alphabet.size; code++) total += alphabet.counts[code];
    this.total = total;
    this.size = total;
    this.racks = Array.from({ length: players }, () => {
      const drawn = Math.min(ruleSet.rackSize, this.size);
      this.size -= drawn;
      return drawn;
    });
  }

  onRacks(): number {
    return this.racks.reduce((a, b) => a + b, 0);
  }

  /** A play of `tiles` tiles by `player`; says why the game ends if it emptied the rack and the pool. */
  play(player: number, tiles: number): string | null {
    this.racks[player] = Math.max(0, this.racks[player] - tiles);
    const drawn = Math.min(tiles, this.size);
    this.racks[player] += drawn;
    this.size -= drawn;
    return this.racks[player] === 0 && this.size === 0
      ? 'played the last tile with the pool empty'
      : null;
  }
  /** An exchange needs enough tiles in the pool (Qwibble); one without is not counted. */
  checkExchange(state: ReplayState, t: ReplayTurn, minimum: number): void {
    if (this.size >= minimum) return;
    t.refuse();
    t.issue({
      code: 'EXCHANGE_NOT_ALLOWED',
      severity: 'error',
      message: `${t.label}: exchanging needs ${minimum} tiles in the pool, and it holds ${this.size} (${this.total} in the set − ${state.board.tileCount} on the board − ${this.onRacks()} on the racks); the exchange is not counted`,
    });
  }

  /** A play took `tiles` from the mover's rack; the game ends when it empties rack and pool. */
  played(state: ReplayState, t: ReplayTurn, tiles: number): void {
    const why = this.play(t.player, tiles);
    if (why && state.endedAt === null) {
      state.endedAt = { turn: t.index, why: `${state.who(t.player)} ${why}` };
    }
  }

  /** Each final rack as written must hold what the turns leave on it. */
  atEnd(state: ReplayState, endRacks: readonly unknown[][]): void {
    if (!state.sheet.end?.racks) return;
    endRacks.forEach((rack, p) => {
      const held = this.racks[p];
      if (rack.length !== held) {
        state.gameIssues.push({
          code: 'RACK_MISMATCH',
          severity: 'warning',
          player: p,
          message: `End of game: ${state.who(p)}'s final rack is written with ${rack.length} tile${rack.length === 1 ? '' : 's'}, but the turns leave ${held} (${this.size} in the pool)`,
          written: rack.length,
          computed: held,
        });
      }
    });
  }
}
