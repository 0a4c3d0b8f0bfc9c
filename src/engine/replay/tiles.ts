import { JOKER, LETTER_MASK, WrittenTile } from '../rules/alphabet';
import { CompiledRules } from '../rules/compiled';
import { ReplayState, ReplayTurn } from './state';

/**
 * The tile set: how many tiles of each letter the board holds (and, at the end, the final
 * racks), against how many the set has. Each letter's overuse is a finding once.
 */
export class TileCount {
  /**
   * Tiles of each letter the set has that the board does not hold (slot 0 jokers), below zero
   * for a letter overused: one list read and written for each tile played, not a count on the
   * board and the set's beside it.
   */
  private readonly left: number[];
  /** Letters whose overuse was a finding (made at the first: most games have none). */
  private reported: Set<number> | null = null;
  /** Tiles of each letter the set has (slot 0 jokers). */
  private readonly limits: readonly number[];

  constructor(private readonly rules: CompiledRules) {
    this.limits = limitsOf(rules);
    this.left = this.limits.slice();
  }

  /** The tiles a play put down; a letter the board now holds too many of is a finding. */
  placed(t: ReplayTurn, tiles: readonly WrittenTile[]): void {
    const { left } = this;
    for (let i = 0; i < tiles.length; i++) {
      const tile = tiles[i];
      // Literals for JOKER and LETTER_MASK: an imported constant is read from its module's
      // exports at every use, about five machine instructions each.
      const slot = tile & 64 ? 0 : tile & 63;
      if (--left[slot] < 0 && !this.reported?.has(slot)) {
        (this.reported ??= new Set()).add(slot);
        const limit = this.limits[slot];
        t.issue({
          code: 'TILE_OVERUSE',
          severity: 'warning',
          message: `${t.playLabel}: the board now holds ${limit - left[slot]} ${this.what(slot)}, but the set has ${limit}`,
        });
      }
    }
  }

  /** A blank taken from the board for its letter (target-score games). */
  swapped(letter: number): void {
    this.left[0]++;
    this.left[letter]--;
  }

  /** A square found to hold another letter than an earlier line wrote (a letter slip). */
  corrected(earlier: WrittenTile, later: WrittenTile): void {
    if (earlier & JOKER) return;
    this.left[earlier & LETTER_MASK]++;
    this.left[later & LETTER_MASK]--;
  }

  /** The board and the final racks together: a letter they hold too many of is a finding. */
  atEnd(state: ReplayState, endRacks: readonly WrittenTile[][]): void {
    // Indexed loops and the fields read once: every game ends here.
    const { left, limits } = this;
    for (let r = 0; r < endRacks.length; r++) {
      const rack = endRacks[r];
      for (let i = 0; i < rack.length; i++) {
        const tile = rack[i];
        // Literals for JOKER and LETTER_MASK, as in placed.
        left[tile === 64 ? 0 : tile & 63]--;
      }
    }
    const letters = this.rules.alphabet.size;
    for (let slot = 0; slot <= letters; slot++) {
      const limit = limits[slot];
      if (left[slot] < 0 && !this.reported?.has(slot)) {
        state.gameIssues.push({
          code: 'TILE_OVERUSE',
          severity: 'warning',
          message: `End of game: the board and the final racks hold ${limit - left[slot]} ${this.what(slot)}, but the set has ${limit}`,
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
