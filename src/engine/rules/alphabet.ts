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
  /** The character that is not a letter of the game, and its place (from 1), where one is. */
  character?: string;
  position?: number;
}

/** Every reading of a written word, the default (digraphs joined) first. */
export interface ParsedWord {
  ok: true;
  readings: WordReading[];
}

const MAX_AMBIGUOUS_DIGRAPHS = 6;

/** In `Alphabet.charInfo`: the tile + 1, and whether the character can start or end a digraph. */
const TILE_BITS = 0xff;
const DIGRAPH_FIRST = 0x100;
const DIGRAPH_SECOND = 0x200;

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
  /**
   * `charInfo[charCode]`: for a character that reads as a tile (either case, and `.` as
   * {@link THROUGH}), the tile + 1 in the low byte (0: not a letter); {@link DIGRAPH_FIRST}
   * when it can start a Latin digraph, {@link DIGRAPH_SECOND} when it can end one. One table,
   * so that a character is looked up once: every character of every play is read through it.
   */
  private readonly charInfo = new Uint16Array(65536);
  /** `first << 16 | second` char codes of a Latin digraph (same case) → tile. */
  private readonly digraphTiles = new Map<number, WrittenTile>();
  /** `tileValue[tile]`: what a tile is worth before premiums, a joker's value for a joker. */
  readonly tileValue = new Int32Array(128);
  /** `displayOf[tile]`: the tile as written (lower case for a joker). */
  private readonly displayOf: string[] = [];
  /**
   * `pairText[first * 128 + second]`: two tiles written one after the other, `|` between them
   * where needed; `''` until {@link formatWord} first meets the pair (made then, at most one
   * string a pair of tiles).
   */
  private pairText: string[] | null = null;
  /** `wide[tile]`: 1 when the tile is written with a character beyond Latin-1 (`Č`, `Ж`). */
  private readonly wide = new Uint8Array(128);
  /**
   * Whether any tile is: only then are words' texts made of two-byte pieces (see
   * {@link formatWord}); an alphabet within Latin-1 keeps its words one-byte, as a report's
   * JSON is then one-byte too.
   */
  private readonly anyWide: boolean;
  /** `splitBefore[prev * 128 + tile]`: a `|` must stand between the two tiles. */
  private readonly splitBefore = new Uint8Array(128 * 128);
  /**
   * Where the word `readTiles` read last has a Latin digraph read as one tile; null for most
   * words. Kept here rather than returned beside the tiles: every word read would allocate
   * the pair.
   */
  private digraphsRead: number[] | null = null;

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
    for (const [char, code] of this.single) {
      const lower = char.toLowerCase();
      const upper = char.toUpperCase();
      const set = (ch: string, tile: WrittenTile) => {
        if (ch.length === 1) {
          const at = ch.charCodeAt(0);
          this.charInfo[at] = (this.charInfo[at] & ~TILE_BITS) | (tile + 1);
        }
      };
      if (!isLowerCase(char)) set(char, code);
      if (upper !== char && !isLowerCase(upper)) set(upper, code);
      if (lower !== char && isLowerCase(lower)) set(lower, code | JOKER);
    }
    // `.` is the tile already on the square, whatever letters the rule set has.
    this.charInfo[46] = (this.charInfo[46] & ~TILE_BITS) | (THROUGH + 1);
    for (const [a, seconds] of this.digraphs) {
      for (const [b, code] of seconds) {
        for (const [x, y, tile] of [
          [a, b, code],
          [a.toLowerCase(), b.toLowerCase(), code | JOKER],
        ] as const) {
          this.charInfo[x.charCodeAt(0)] |= DIGRAPH_FIRST;
          this.charInfo[y.charCodeAt(0)] |= DIGRAPH_SECOND;
          this.digraphTiles.set((x.charCodeAt(0) << 16) | y.charCodeAt(0), tile);
        }
        for (const joker of [0, JOKER]) {
          this.splitBefore[
            (this.splitsOf.get(code)![0] | joker) * 128 + (this.splitsOf.get(code)![1] | joker)
          ] = 1;
        }
      }
    }
    for (let tile = 0; tile < 128; tile++) {
      this.tileValue[tile] =
        tile & JOKER ? this.jokerValue : (this.values[tile & LETTER_MASK] ?? 0);
      const letter = this.letters[tile & LETTER_MASK] ?? '';
      const display = tile === THROUGH ? '.' : tile & JOKER ? letter.toLowerCase() : letter;
      this.displayOf.push(display);
      for (let i = 0; i < display.length; i++)
        if (display.charCodeAt(i) > 0xff) this.wide[tile] = 1;
    }
    this.anyWide = this.wide.includes(1);
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
    return this.displayOf[tile & 127];
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
    return this.parseWordAt(text, 0);
  }

  /**
   * {@link parseWord} of `text` from `from` on, without cutting it out (a play's word after its
   * position); a message quotes only that part.
   */
  parseWordAt(text: string, from: number): ParsedWord | WordError {
    const tiles = this.readTiles(text, from);
    if (!Array.isArray(tiles)) return tiles;
    const ambiguous = this.digraphsRead;
    if (ambiguous === null || ambiguous.length > MAX_AMBIGUOUS_DIGRAPHS) {
      return { ok: true, readings: [{ tiles, splits: 0 }] };
    }
    return { ok: true, readings: this.readingsOf(tiles, ambiguous) };
  }

  /**
   * The first reading alone of {@link parseWordAt} (Latin digraphs joined), for a reader that
   * makes the others only when it needs them ({@link readingsOf}): most plays need only the
   * first. Where its digraphs could be split is then {@link digraphsOfLast}.
   */
  readFirst(text: string, from: number): WrittenTile[] | WordError {
    return this.readTiles(text, from);
  }

  /**
   * The places of the Latin digraphs that the word {@link readFirst} read last could have split,
   * when {@link parseWordAt} would give it other readings; null when it has only the first.
   */
  get digraphsOfLast(): readonly number[] | null {
    const ambiguous = this.digraphsRead;
    return ambiguous === null || ambiguous.length > MAX_AMBIGUOUS_DIGRAPHS ? null : ambiguous;
  }

  /**
   * Every reading of tiles read with their Latin digraphs joined, those at `ambiguous` joined or
   * split, as {@link parseWordAt} gives them: fewest splits first (for a word {@link readFirst}
   * read, with its {@link digraphsOfLast}).
   */
  readingsOf(tiles: readonly WrittenTile[], ambiguous: readonly number[]): WordReading[] {
    const readings: WordReading[] = [];
    // Fewest splits first; among equals, in the order of the split masks.
    for (let wanted = 0; wanted <= ambiguous.length; wanted++) {
      for (let mask = 0; mask < 1 << ambiguous.length; mask++) {
        if (bitCount(mask) !== wanted) continue;
        const split: WrittenTile[] = [];
        let splits = 0;
        let next = 0;
        for (let t = 0; t < tiles.length; t++) {
          if (next < ambiguous.length && ambiguous[next] === t) {
            if (mask & (1 << next)) {
              const pair = this.splitsOf.get(tiles[t] & LETTER_MASK)!;
              const joker = tiles[t] & JOKER;
              split.push(pair[0] | joker, pair[1] | joker);
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
    }
    return readings;
  }

  /**
   * The tiles of `text` from `from` on, Latin digraphs joined; where they were read is left in
   * {@link digraphsRead}.
   */
  private readTiles(text: string, from: number): WrittenTile[] | WordError {
    const n = text.length;
    if (from > 0 && from >= n) return this.readTiles(text.slice(from), 0);
    if (n === 0) return { ok: false, message: 'the word is empty' };
    // Sized at once for a tile a character (digraphs and `|` leave it longer, copied shorter at
    // the end): a list grown by push starts with room for 16, and every play's word is read here.
    const tiles = new Array<WrittenTile>(n - from);
    let count = 0;
    let ambiguous: number[] | null = null;
    this.digraphsRead = null;
    const { charInfo } = this;
    for (let i = from; i < n; i++) {
      const ch = text.charCodeAt(i);
      const info = charInfo[ch];
      // The digraph bits first: L, N and D are common, and most are not followed by J or Ž.
      if (
        // Literals (DIGRAPH_FIRST, DIGRAPH_SECOND, TILE_BITS): a module's constant is read
        // from its scope at every use, about five machine instructions each.
        (info & 0x100) !== 0 &&
        i + 1 < n &&
        (charInfo[text.charCodeAt(i + 1)] & 0x200) !== 0
      ) {
        const digraph = this.digraphTiles.get((ch << 16) | text.charCodeAt(i + 1));
        if (digraph !== undefined) {
          // `[count]` rather than `[]` and a push, which makes room for 16.
          if (ambiguous === null) ambiguous = [count];
          else ambiguous.push(count);
          tiles[count++] = digraph;
          i++;
          continue;
        }
      }
      // A letter, or `.` (the table reads it as THROUGH).
      const tile = (info & 0xff) - 1;
      if (tile >= 0) {
        tiles[count++] = tile;
        continue;
      }
      // A `|` between two letters; anything else is told apart from the loop, which every
      // character of every play passes.
      if (
        ch === 124 /* | */ &&
        i !== from &&
        i !== n - 1 &&
        text.charCodeAt(i + 1) !== 124 &&
        text.charCodeAt(i - 1) !== 124
      ) {
        continue;
      }
      return this.unreadable(text, from, i);
    }
    this.digraphsRead = ambiguous;
    // A copy of the tiles read rather than the list cut short: setting a list's length is a call
    // into V8's runtime, which costs more than a copy of a word's tiles.
    return count < tiles.length ? tiles.slice(0, count) : tiles;
  }

  /** What is wrong with the character at `i` of a word read from `from` (or the word read again). */
  private unreadable(text: string, from: number, i: number): WrittenTile[] | WordError {
    if (from > 0) return this.readTiles(text.slice(from), 0);
    if (text.charCodeAt(i) === 124 /* | */) {
      return { ok: false, message: `'|' in '${text}' must stand between two letters` };
    }
    // Decomposed letters (Z + combining caron) are rare: normalise only when needed.
    const normal = text.normalize('NFC');
    if (normal !== text) return this.readTiles(normal, 0);
    const what = /\s/.test(text[i]) ? 'a space' : `'${text[i]}'`;
    return {
      ok: false,
      message: `'${text}' has ${what} at character ${i + 1}, which is not a letter of this game`,
      character: text[i],
      position: i + 1,
    };
  }

  /**
   * Writes tiles back in sheet notation, with `|` wherever two tiles would
   * otherwise be read as one digraph (`IN|JEKCIJA`).
   */
  formatWord(tiles: ArrayLike<WrittenTile>): string {
    // Joined two tiles at a time, each pair's text made once and kept (every word of every
    // report is written here): measured about half the instructions of one string made from the
    // word's character codes, which needed a list grown by push and a spread call. In an
    // alphabet beyond Latin-1 every piece is a two-byte string: V8 joins a one-byte string to a
    // two-byte one (`KU` and `ĆA`) in its runtime, at several times the cost. A lone one-byte
    // letter cannot be held two-byte, so an odd word starts or ends with its two-byte letter
    // where it has one, and is otherwise joined with a `.` past its end, cut off.
    const { splitBefore, displayOf, wide } = this;
    const pairs = (this.pairText ??= new Array<string>(128 * 128).fill(''));
    const n = tiles.length;
    let text = '';
    let prev = THROUGH;
    let i = 0;
    if (n % 2 === 1 && wide[tiles[0]] === 1) {
      prev = tiles[0];
      text = displayOf[prev];
      i = 1;
    }
    for (; i + 1 < n; i += 2) {
      const first = tiles[i];
      const second = tiles[i + 1];
      if (splitBefore[prev * 128 + first] === 1) text += '|';
      const pair = pairs[first * 128 + second];
      text += pair !== '' ? pair : this.pairOf(first, second);
      prev = second;
    }
    return i < n ? this.withLast(text, prev, tiles[i]) : text;
  }

  /** `text`, whose last tile is `prev`, and one tile more (see {@link formatWord}). */
  private withLast(text: string, prev: WrittenTile, last: WrittenTile): string {
    if (this.splitBefore[prev * 128 + last] === 1) text += '|';
    if (this.wide[last] === 1 || !this.anyWide) return text + this.displayOf[last];
    // THROUGH (`.`) never needs a `|` before it.
    const pair = this.pairText![last * 128];
    return (text + (pair !== '' ? pair : this.pairOf(last, THROUGH))).slice(0, -1);
  }

  /**
   * The text of two tiles written one after the other, kept in {@link pairText}: for an
   * alphabet beyond Latin-1, two-byte whatever its letters, cut from a two-byte string (which
   * V8 keeps two-byte).
   */
  private pairOf(first: WrittenTile, second: WrittenTile): string {
    const at = first * 128 + second;
    const text =
      this.displayOf[first] + (this.splitBefore[at] === 1 ? '|' : '') + this.displayOf[second];
    const pair = this.anyWide ? ('\u0100' + text).slice(1) : text;
    this.pairText![at] = pair;
    return pair;
  }

  private isUpperCaseTileChar(ch: number): boolean {
    const tile = (this.charInfo[ch] & TILE_BITS) - 1;
    return tile > 0 && (tile & JOKER) === 0;
  }

  /**
   * Reads a rack or a set of exchanged tiles: letters as in words, `?` for a
   * joker. Returns the tiles, joker tiles as {@link JOKER} alone.
   */
  parseRack(text: string): { ok: true; tiles: WrittenTile[] } | WordError {
    const tiles = this.plainRack(text);
    return tiles !== null ? { ok: true, tiles } : this.parseAnyRack(text);
  }

  /**
   * The tiles of a rack written plainly (its jokers first, then upper-case letters, no Latin
   * digraph), read in one pass over its characters; null for any other rack, which
   * {@link parseAnyRack} reads. Every rack of every sheet is read: a character read from a
   * string costs several times one read from an array, and the general reading reads each twice.
   */
  private plainRack(text: string): WrittenTile[] | null {
    const n = text.length;
    const tiles = new Array<WrittenTile>(n);
    const { charInfo } = this;
    let letters = false;
    for (let i = 0; i < n; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 63 /* ? */) {
        if (letters) return null;
        tiles[i] = 64; // JOKER: a literal, as in readTiles
        continue;
      }
      const info = charInfo[ch];
      const tile = (info & 0xff) - 1;
      // Not a letter (or `.`), a joker's lower case, or a letter that may start a digraph here.
      if (
        tile <= 0 ||
        (tile & 64) !== 0 ||
        ((info & 0x100) !== 0 && i + 1 < n && (charInfo[text.charCodeAt(i + 1)] & 0x200) !== 0)
      )
        return null;
      letters = true;
      tiles[i] = tile;
    }
    return tiles;
  }

  /** {@link parseRack} of any rack: jokers anywhere, lower-case letters, digraphs, errors. */
  private parseAnyRack(text: string): { ok: true; tiles: WrittenTile[] } | WordError {
    let jokers = 0;
    let lastJoker = -1;
    let lowerCase = false;
    // Every rack of every sheet passes here: a scan rather than regular expressions, and
    // toUpperCase (slow outside ASCII) only for a rack written with lower case letters.
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 63 /* ? */) {
        jokers++;
        lastJoker = i;
      } else if (ch === 46 /* . */)
        return { ok: false, message: `'${text}' may hold letters and ? only` };
      else if (ch >= 97 /* a */ && !this.isUpperCaseTileChar(ch)) lowerCase = true;
    }
    let letters: WrittenTile[] = [];
    if (jokers < text.length) {
      // The tiles as read, digraphs joined: the first reading, without making the others. The
      // letters after jokers written first (`??KUĆA`) are read in place, not cut out of the rack.
      let read: WrittenTile[] | WordError;
      if (lastJoker === jokers - 1 && !lowerCase) read = this.readTiles(text, jokers);
      else {
        const written = jokers === 0 ? text : text.replaceAll('?', '');
        read = this.readTiles(lowerCase ? written.toUpperCase() : written, 0);
      }
      if (!Array.isArray(read)) return read;
      if (jokers === 0) return { ok: true, tiles: read };
      letters = read;
    }
    // Made at its size: a list grown by push gets room for 17, through a call into V8.
    const tiles = new Array<WrittenTile>(jokers + letters.length);
    for (let j = 0; j < jokers; j++) tiles[j] = JOKER;
    for (let i = 0; i < letters.length; i++) tiles[jokers + i] = letters[i];
    return { ok: true, tiles };
  }
}

function bitCount(mask: number): number {
  let count = 0;
  for (let m = mask; m !== 0; m &= m - 1) count++;
  return count;
}
