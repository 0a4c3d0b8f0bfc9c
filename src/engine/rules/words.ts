import type { WrittenTile } from './alphabet';

/**
 * The engine's view of a dictionary.
 *
 * Words are passed as *tile keys*: one UTF-16 code unit per tile, upper case,
 * jokers written as the letter they stand for. Serbian digraph tiles use the
 * single Unicode digraph letters, so that a key's length is its tile count and
 * no two tile sequences share a key:
 *
 * | tile | key char |
 * |------|----------|
 * | LJ   | `Ǉ` (U+01C7) |
 * | NJ   | `Ǌ` (U+01CA) |
 * | DŽ   | `Ǆ` (U+01C4) |
 *
 * Every other letter is its own upper-case character (`Č`, `Š`, `A` …).
 * `LJUBAV` (5 tiles) has the key `ǇUBAV`; `INJEKCIJA` (9 tiles) has `INJEKCIJA`.
 */
export interface WordList {
  /** True when the word, given as a tile key, is in the list. */
  has(key: string): boolean;
  /**
   * The same question asked with the tiles themselves, where a list can answer
   * it without building the key: tile `t` stands for the key character
   * `keys[t & LETTER_MASK]` (the alphabet's `keys`). Optional; the replay asks
   * `has` when a list has no such method.
   */
  hasTiles?(tiles: ArrayLike<WrittenTile>, keys: readonly string[]): boolean;
  /** Number of words in the list. */
  readonly size: number;
}

/** Tile key characters of the three Serbian digraph tiles. */
export const DIGRAPH_KEYS = { LJ: '\u01C7', NJ: '\u01CA', DŽ: '\u01C4' } as const;

/** A word list held in a JavaScript `Set`; for tests and small uploaded lists. */
export class SetWordList implements WordList {
  private readonly words: Set<string>;

  constructor(keys: Iterable<string>) {
    this.words = new Set(keys);
  }

  has(key: string): boolean {
    return this.words.has(key);
  }

  get size(): number {
    return this.words.size;
  }
}
