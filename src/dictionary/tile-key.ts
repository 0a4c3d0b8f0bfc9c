/**
 * Tile keys for word lists: Serbian words written in Latin or Cyrillic, and
 * English/French words, turned into the keys `WordList.has` takes (see
 * `src/engine/rules/words.ts`): one character per tile, upper case, the Serbian
 * digraph tiles as the single letters `Ǉ` `Ǌ` `Ǆ`.
 *
 * This is the reader for word *lists* (files, uploads, the dictionary build).
 * The engine reads score-sheet notation with its own parser (`engine/rules/alphabet.ts`).
 */
import { DIGRAPH_KEYS } from '../engine/rules/words';

/**
 * The Serbian tile alphabet in Latin alphabetical order (abeceda), as tile keys.
 * 30 tiles: A B C Č Ć D DŽ Đ E F G H I J K L LJ M N NJ O P R S Š T U V Z Ž.
 */
export const SERBIAN_TILE_KEYS: readonly string[] = [
  'A', 'B', 'C', 'Č', 'Ć', 'D', DIGRAPH_KEYS.DŽ, 'Đ', 'E', 'F', 'G', 'H', 'I', 'J', 'K',
  'L', DIGRAPH_KEYS.LJ, 'M', 'N', DIGRAPH_KEYS.NJ, 'O', 'P', 'R', 'S', 'Š', 'T', 'U', 'V',
  'Z', 'Ž',
]; // prettier-ignore

/** The 26 Scrabble letters A–Z, as tile keys. */
export const LATIN_AZ_KEYS: readonly string[] = Array.from({ length: 26 }, (_, i) =>
  String.fromCharCode(65 + i),
);

/** Serbian Cyrillic (upper case) → tile key. One Cyrillic letter is always one tile. */
const CYRILLIC_TO_KEY: ReadonlyMap<string, string> = new Map<string, string>([
  ['А', 'A'], ['Б', 'B'], ['В', 'V'], ['Г', 'G'], ['Д', 'D'], ['Ђ', 'Đ'], ['Е', 'E'],
  ['Ж', 'Ž'], ['З', 'Z'], ['И', 'I'], ['Ј', 'J'], ['К', 'K'], ['Л', 'L'], ['Љ', DIGRAPH_KEYS.LJ],
  ['М', 'M'], ['Н', 'N'], ['Њ', DIGRAPH_KEYS.NJ], ['О', 'O'], ['П', 'P'], ['Р', 'R'], ['С', 'S'],
  ['Т', 'T'], ['Ћ', 'Ć'], ['У', 'U'], ['Ф', 'F'], ['Х', 'H'], ['Ц', 'C'], ['Ч', 'Č'],
  ['Џ', DIGRAPH_KEYS.DŽ], ['Ш', 'Š'],
]); // prettier-ignore

/** Latin single-letter tiles (upper case), including the one-character digraph letters. */
const LATIN_SINGLE: ReadonlySet<string> = new Set(SERBIAN_TILE_KEYS);

/** First letter of a Latin digraph → second letter → tile key. */
const LATIN_DIGRAPHS: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map<
  string,
  ReadonlyMap<string, string>
>([
  ['L', new Map<string, string>([['J', DIGRAPH_KEYS.LJ]])],
  ['N', new Map<string, string>([['J', DIGRAPH_KEYS.NJ]])],
  ['D', new Map<string, string>([['Ž', DIGRAPH_KEYS.DŽ]])],
]);

/** Separator that keeps two Latin letters apart (`IN|JEKCIJA` is I N J E K C I J A). */
export const DIGRAPH_SPLIT = '|';

/** The result of reading one written word. */
export type TileKeyResult = { ok: true; key: string } | { ok: false; message: string };

function isCyrillic(ch: string): boolean {
  const c = ch.codePointAt(0)!;
  return c >= 0x0400 && c <= 0x04ff;
}

function describe(ch: string): string {
  const cp = ch.codePointAt(0)!;
  return `'${ch}' (U+${cp.toString(16).toUpperCase().padStart(4, '0')})`;
}

/**
 * Reads a Serbian word written in Latin or Cyrillic (any case) as a tile key,
 * without throwing. Latin `LJ` `NJ` `DŽ` are one tile each unless a `|` stands
 * between the two letters; Cyrillic has one letter per tile (`ИНЈЕКЦИЈА` is 9
 * tiles, `ЉУБАВ` 5). The single-character digraph letters `Ǉ ǈ ǉ Ǌ ǋ ǌ Ǆ ǅ ǆ`
 * are read as their tile too. A word must be all Latin or all Cyrillic.
 */
export function readSerbianWord(text: string): TileKeyResult {
  const word = text.normalize('NFC').trim().toUpperCase();
  if (word.length === 0) return { ok: false, message: 'empty word' };
  const chars = [...word];
  const cyrillic = chars.filter(isCyrillic).length;
  if (cyrillic > 0 && cyrillic < chars.filter((ch) => ch !== DIGRAPH_SPLIT).length) {
    return { ok: false, message: 'mixes Latin and Cyrillic letters' };
  }
  let key = '';
  if (cyrillic > 0) {
    for (const ch of chars) {
      const k = CYRILLIC_TO_KEY.get(ch);
      if (k === undefined) {
        return {
          ok: false,
          message:
            ch === DIGRAPH_SPLIT
              ? "'|' has no use in Cyrillic (each letter is one tile)"
              : `${describe(ch)} is not a letter of the Serbian alphabet`,
        };
      }
      key += k;
    }
    return { ok: true, key };
  }
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    if (ch === DIGRAPH_SPLIT) {
      const before = chars[i - 1];
      const after = chars[i + 1];
      if (!(before && after && LATIN_DIGRAPHS.get(before)?.has(after))) {
        return { ok: false, message: `'|' must stand inside LJ, NJ or DŽ (at position ${i + 1})` };
      }
      continue;
    }
    const digraph = LATIN_DIGRAPHS.get(ch)?.get(chars[i + 1] ?? '');
    if (digraph !== undefined) {
      key += digraph;
      i++;
      continue;
    }
    if (!LATIN_SINGLE.has(ch)) {
      return { ok: false, message: `${describe(ch)} is not a letter of the Serbian alphabet` };
    }
    key += ch;
  }
  return { ok: true, key };
}

/** Error thrown by {@link toTileKey} for text that is not a Serbian word. */
export class TileKeyError extends Error {
  constructor(
    readonly text: string,
    message: string,
  ) {
    super(`cannot read "${text}": ${message}`);
    this.name = 'TileKeyError';
  }
}

/**
 * The tile key of a Serbian word written in Latin or Cyrillic:
 * `toTileKey('ljubav')` and `toTileKey('ЉУБАВ')` are `ǇUBAV` (5 tiles),
 * `toTileKey('ИНЈЕКЦИЈА')` and `toTileKey('IN|JEKCIJA')` are `INJEKCIJA` (9 tiles).
 * Throws {@link TileKeyError} for anything else.
 */
export function toTileKey(text: string): string {
  const read = readSerbianWord(text);
  if (!read.ok) throw new TileKeyError(text, read.message);
  return read.key;
}

/**
 * Key of a word for an A–Z Scrabble list (English, French): upper case,
 * accents dropped (`é` → `E`, `ç` → `C`), `Œ` → `OE`, `Æ` → `AE`.
 * Returns undefined when anything else is left (hyphens, apostrophes, spaces,
 * digits): Scrabble does not play such words.
 */
export function toLatinAZKey(text: string): string | undefined {
  const key = text
    .trim()
    .toUpperCase()
    .replace(/Œ/g, 'OE')
    .replace(/Æ/g, 'AE')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  return /^[A-Z]+$/.test(key) ? key : undefined;
}

/** Number of tiles in a tile key (one UTF-16 unit per tile). */
export function tileCount(key: string): number {
  return key.length;
}
