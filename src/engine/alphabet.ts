import { LetterSpec } from './ruleset';

/**
 * A written tile: a letter code (1…63), plus {@link JOKER} when a joker stands
 * for it, or {@link THROUGH} for a `.` (a tile already on the board).
 */
export type WrittenTile = number;

/** Bit set on a tile code when the tile is a joker. */
export const JOKER = 64;
/** A `.` in a written word: the tile already on that square. */
export const THROUGH = 0;
/** Mask that takes the letter code out of a tile. */
export const LETTER_MASK = 63;

/** Reading of a written word: its tiles, and whether a Latin digraph could also be read as two tiles. */
export interface WordReading {
  tiles: WrittenTile[];
  /** How many `LJ`/`NJ`/`DŽ` of the Latin text were split into two tiles in this reading. */
  splits: number;
}

/** A word that could not be read, with what is wrong. */
export interface WordError {
  ok: false;
  message: string;
}

/** Every reading of a written word, the default (digraphs joined) first. */
export interface ParsedWord {
  ok: true;
  readings: WordReading[];
}

const MAX_AMBIGUOUS_DIGRAPHS = 6;

function isLowerCase(ch: string): boolean {
  return ch === ch.toLowerCase() && ch !== ch.toUpperCase();
}

/**
 * The letters of a rule set as small integer codes, with everything needed to
 * read words written on a score sheet and to write them back.
 */
export class Alphabet {
  /** `letters[code]`: canonical upper-case spelling (`''` at 0). */
  readonly letters: string[] = [''];
  /** `values[code]`: face value. */
  readonly values: number[] = [0];
  /** `counts[code]`: how many tiles of the letter the set holds. */
  readonly counts: number[] = [0];
  /** `keys[code]`: word-list key character (see `words.ts`). */
  readonly keys: string[] = [''];
  readonly jokerCount: number;
  readonly jokerValue: number;
  private readonly single = new Map<string, number>();
  /** First char of a Latin digraph → (second char → digraph code). */
  private readonly digraphs = new Map<string, Map<string, number>>();
  /** Digraph code → the codes of its two letters when written apart. */
  private readonly splitsOf = new Map<number, [number, number]>();

  constructor(specs: readonly LetterSpec[], jokers: { count: number; value: number }) {
    if (specs.length > LETTER_MASK) throw new Error('a rule set has at most 63 letters');
    this.jokerCount = jokers.count;
    this.jokerValue = jokers.value;
    for (const spec of specs) {
      const code = this.letters.length;
      this.letters.push(spec.letter);
      this.values.push(spec.value);
      this.counts.push(spec.count);
      this.keys.push(spec.key ?? spec.letter);
      if ([...spec.letter].length === 1) this.single.set(spec.letter, code);
      for (const alias of spec.aliases ?? []) this.single.set(alias, code);
    }
    for (let code = 1; code < this.letters.length; code++) {
      const chars = [...this.letters[code]];
      if (chars.length !== 2) continue;
      const [a, b] = chars;
      const first = this.single.get(a);
      const second = this.single.get(b);
      if (first === undefined || second === undefined) continue;
      if (!this.digraphs.has(a)) this.digraphs.set(a, new Map());
      this.digraphs.get(a)!.set(b, code);
      this.splitsOf.set(code, [first, second]);
    }
  }

  /** Number of distinct letters. */
  get size(): number {
    return this.letters.length - 1;
  }

  /** The code of a letter written in canonical upper case (`DŽ`, `A`), or undefined. */
  codeOf(letter: string): number | undefined {
    const normal = letter.normalize('NFC');
    const single = this.single.get(normal);
    if (single !== undefined) return single;
    const index = this.letters.indexOf(normal);
    return index > 0 ? index : undefined;
  }

  /** Points a tile is worth before premiums. */
  valueOf(tile: WrittenTile): number {
    return tile & JOKER ? this.jokerValue : this.values[tile & LETTER_MASK];
  }

  /** A tile as written on a sheet: upper case, or lower case for a joker. */
  display(tile: WrittenTile): string {
    const letter = this.letters[tile & LETTER_MASK];
    return tile & JOKER ? letter.toLowerCase() : letter;
  }

  /** The word-list key of a tile sequence (jokers as their letter). */
  keyOf(tiles: ArrayLike<WrittenTile>): string {
    let key = '';
    for (let i = 0; i < tiles.length; i++) key += this.keys[tiles[i] & LETTER_MASK];
    return key;
  }

  /**
   * Reads a word written on a score sheet: upper case = lettered tile, lower
   * case = joker, `.` = played through, Latin `LJ`/`NJ`/`DŽ` = one tile unless
   * split by `|`, Cyrillic and the Unicode digraph letters as single tiles.
   * Returns every reading a Latin digraph allows, the default first.
   */
  parseWord(text: string): ParsedWord | WordError {
    const s = text.normalize('NFC');
    if (s.length === 0) return { ok: false, message: 'the word is empty' };
    const tiles: WrittenTile[] = [];
    const ambiguous: number[] = [];
    for (let i = 0; i < s.length; i++) {
      const ch = s[i];
      if (ch === '|') {
        if (i === 0 || i === s.length - 1 || s[i + 1] === '|' || s[i - 1] === '|') {
          return { ok: false, message: `'|' in '${text}' must stand between two letters` };
        }
        continue;
      }
      if (ch === '.') {
        tiles.push(THROUGH);
        continue;
      }
      const upper = ch.toUpperCase();
      const joker = isLowerCase(ch) ? JOKER : 0;
      const next = s[i + 1];
      if (next !== undefined && next !== '|' && isLowerCase(next) === (joker !== 0)) {
        const code = this.digraphs.get(upper)?.get(next.toUpperCase());
        if (code !== undefined) {
          ambiguous.push(tiles.length);
          tiles.push(code | joker);
          i++;
          continue;
        }
      }
      const code = this.single.get(upper) ?? this.single.get(ch);
      if (code === undefined) {
        const what = /\s/.test(ch) ? 'a space' : `'${ch}'`;
        return {
          ok: false,
          message: `'${text}' has ${what} at character ${i + 1}, which is not a letter of this game`,
        };
      }
      tiles.push(code | joker);
    }
    if (ambiguous.length === 0 || ambiguous.length > MAX_AMBIGUOUS_DIGRAPHS) {
      return { ok: true, readings: [{ tiles, splits: 0 }] };
    }
    const readings: WordReading[] = [];
    for (let mask = 0; mask < 1 << ambiguous.length; mask++) {
      const split: WrittenTile[] = [];
      let splits = 0;
      let next = 0;
      for (let t = 0; t < tiles.length; t++) {
        if (next < ambiguous.length && ambiguous[next] === t) {
          if (mask & (1 << next)) {
            const [a, b] = this.splitsOf.get(tiles[t] & LETTER_MASK)!;
            const joker = tiles[t] & JOKER;
            split.push(a | joker, b | joker);
            splits++;
          } else {
            split.push(tiles[t]);
          }
          next++;
        } else {
          split.push(tiles[t]);
        }
      }
      readings.push({ tiles: split, splits });
    }
    readings.sort((x, y) => x.splits - y.splits);
    return { ok: true, readings };
  }

  /**
   * Writes tiles back in sheet notation, with `|` wherever two tiles would
   * otherwise be read as one digraph (`IN|JEKCIJA`).
   */
  formatWord(tiles: ArrayLike<WrittenTile>): string {
    let out = '';
    for (let i = 0; i < tiles.length; i++) {
      const tile = tiles[i];
      if (tile === THROUGH) {
        out += '.';
        continue;
      }
      const text = this.display(tile);
      if (i > 0 && tiles[i - 1] !== THROUGH) {
        const prev = tiles[i - 1];
        const prevLetter = this.letters[prev & LETTER_MASK];
        const sameCase = (prev & JOKER) === (tile & JOKER);
        if (
          sameCase &&
          [...prevLetter].length === 1 &&
          this.digraphs.get(prevLetter)?.has([...this.letters[tile & LETTER_MASK]][0])
        ) {
          out += '|';
        }
      }
      out += text;
    }
    return out;
  }

  /**
   * Reads a rack or a set of exchanged tiles: letters as in words, `?` for a
   * joker. Returns the tiles, joker tiles as {@link JOKER} alone.
   */
  parseRack(text: string): { ok: true; tiles: WrittenTile[] } | WordError {
    const tiles: WrittenTile[] = [];
    const letters = text.replace(/\?/g, '');
    const jokers = text.length - letters.length;
    for (let j = 0; j < jokers; j++) tiles.push(JOKER);
    if (letters.length > 0) {
      if (/[.]/.test(letters)) {
        return { ok: false, message: `'${text}' may hold letters and ? only` };
      }
      const parsed = this.parseWord(letters.toUpperCase());
      if (!parsed.ok) return parsed;
      tiles.push(...parsed.readings[0].tiles);
    }
    return { ok: true, tiles };
  }
}
