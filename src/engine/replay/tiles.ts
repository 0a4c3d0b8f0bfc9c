import { JOKER, LETTER_MASK, WrittenTile } from '../rules/alphabet';
import { CompiledRules } from '../rules/compiled';
import { ReplayState, ReplayTurn } from './state';

/**
 * The tile set: how many tiles of each letter the board holds (and, at the end, the final
 * racks), against how many the set has. Each letter's overuse is a finding once.
 */
export class TileCount {
  /** Tiles of each letter on the board (slot 0 jokers). */
  readonly onBoard: number[];
  /** Letters whose overuse was a finding (made at the first: most games have none). */
  private reported: Set<number> | null = null;
  /** Tiles of each letter the set has (slot 0 jokers). */
  private readonly limits: readonly number[];

  constructor(private readonly rules: CompiledRules) {
    // Filled by a loop: `fill` on a new array is a call into V8's runtime, on every game.
    const slots = rules.alphabet.size + 2;
    this.onBoard = new Array<number>(slots);
    for (let slot = 0; slot < slots; slot++) this.onBoard[slot] = 0;
    this.limits = limitsOf(rules);
  }

  /** The tiles a play put down; a letter the board now holds too many of is a finding. */
  placed(t: ReplayTurn, tiles: readonly WrittenTile[]): void {
    const { onBoard, limits } = this;
    for (let i = 0; i < tiles.length; i++) {
      const tile = tiles[i];
      // Literals for JOKER and LETTER_MASK: an imported constant is read from its module's
      // exports at every use, about five machine instructions each.
      const slot = tile & 64 ? 0 : tile & 63;
      const limit = limits[slot];
      if (++onBoard[slot] > limit && !this.reported?.has(slot)) {
        (this.reported ??= new Set()).add(slot);
        t.issue({
          code: 'TILE_OVERUSE',
          severity: 'warning',
          message: `${t.label}: the board now holds ${onBoard[slot]} ${this.what(slot)}, but the set has ${limit}`,
        });
      }
    }
  }

  /** A blank taken from the board for its letter (target-score games). */
  swapped(letter: number): void {
    this.onBoard[0]--;
    this.onBoard[letter]++;
  }

  /** A square found to hold another letter than an earlier line wrote (a letter slip). */
  corrected(earlier: WrittenTile, later: WrittenTile): void {
    if (earlier & JOKER) return;
    this.onBoard[earlier & LETTER_MASK]--;
    this.onBoard[later & LETTER_MASK]++;
  }

  /** The board and the final racks together: a letter they hold too many of is a finding. */
  atEnd(state: ReplayState, endRacks: readonly WrittenTile[][]): void {
    // Indexed loops and the fields read once: every game ends here.
    const { onBoard, limits } = this;
    for (let r = 0; r < endRacks.length; r++) {
      const rack = endRacks[r];
      for (let i = 0; i < rack.length; i++) {
        const tile = rack[i];
        // Literals for JOKER and LETTER_MASK, as in placed.
        onBoard[tile === 64 ? 0 : tile & 63]++;
      }
    }
    const letters = this.rules.alphabet.size;
    for (let slot = 0; slot <= letters; slot++) {
      const limit = limits[slot];
      if (onBoard[slot] > limit && !this.reported?.has(slot)) {
        state.gameIssues.push({
          code: 'TILE_OVERUSE',
          severity: 'warning',
          message: `End of game: the board and the final racks hold ${onBoard[slot]} ${this.what(slot)}, but the set has ${limit}`,
        });
      }
    }
  }

  private what(slot: number): string {
    return slot === 0 ? 'jokers' : `${this.rules.alphabet.letters[slot]} tiles`;
  }
}

/** The tiles of each letter a set has, by compiled rules (slot 0 jokers). */
const LIMITS = new WeakMap<CompiledRules, number[]>();

function limitsOf(rules: CompiledRules): readonly number[] {
  let limits = LIMITS.get(rules);
  if (!limits) {
    const { alphabet } = rules;
    limits = [alphabet.jokerCount];
    for (let slot = 1; slot <= alphabet.size; slot++) limits.push(alphabet.counts[slot]);
    LIMITS.set(rules, limits);
  }
  return limits;
}
