import { Alphabet, WordReading, WrittenTile } from '../rules/alphabet';
import { columnLetter } from '../rules/compiled';

/** `across` runs left to right along a row, `down` top to bottom along a column. */
export type Direction = 'across' | 'down';

/** Where a written word starts and which way it runs (0-based row and column). */
export interface Position {
  row: number;
  column: number;
  direction: Direction;
}

/** A written play read into a position and the readings of its word. */
export interface ParsedPlay {
  ok: true;
  position: Position;
  readings: WordReading[];
}

/** Notation that cannot be read, with what is wrong. */
export interface NotationError {
  ok: false;
  code: 'BAD_NOTATION' | 'OFF_BOARD';
  message: string;
}

/**
 * Where the one space of a play written the usual way is (`9F KUĆA`), or -1
 * when the text has no space, more than one, or other white space. One scan:
 * every play of every sheet passes here.
 */
function singleSpace(text: string): number {
  let space = -1;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 32) {
      if (space >= 0) return -1;
      space = i;
    } else if (ch === 9 || ch === 10 || ch === 13) {
      return -1;
    }
  }
  return space;
}

const isDigit = (code: number) => code >= 48 && code <= 57;
const isLatinLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/**
 * The position written in `text` from `start` to `end` (`9E`, `E9`), or null when it is not
 * one; it may lie off the board ({@link onBoard}). Hand-written rather than a regular
 * expression, and read in place: every play of every sheet passes here.
 */
function positionAt(text: string, start: number, end: number): Position | null {
  const n = end - start;
  if (n < 2 || n > 3) return null;
  const first = text.charCodeAt(start);
  const second = text.charCodeAt(start + 1);
  const last = text.charCodeAt(end - 1);
  let rowNumber: number;
  let columnCode: number;
  let direction: Direction;
  if (isLatinLetter(last) && isDigit(first) && (n === 2 || isDigit(second))) {
    rowNumber = n === 2 ? first - 48 : (first - 48) * 10 + (second - 48);
    columnCode = last;
    direction = 'across';
  } else if (isLatinLetter(first) && isDigit(second) && (n === 2 || isDigit(last))) {
    rowNumber = n === 2 ? second - 48 : (second - 48) * 10 + (last - 48);
    columnCode = first;
    direction = 'down';
  } else {
    return null;
  }
  return { row: rowNumber - 1, column: (columnCode | 32) - 97, direction };
}

const onBoard = (p: Position, size: number) => p.row >= 0 && p.row < size && p.column < size;

/**
 * Reads a GCG-style position: `9E` (row first) runs across from row 9,
 * column E; `E9` (column first) runs down. Lower case columns are accepted.
 */
export function parsePosition(
  text: string,
  size: number,
): { ok: true; position: Position } | NotationError {
  const position = positionAt(text, 0, text.length);
  if (position !== null && onBoard(position, size)) return { ok: true, position };
  if (position === null) {
    return {
      ok: false,
      code: 'BAD_NOTATION',
      message: `'${text}' is not a position: write the row first for a word across (9E) or the column first for a word down (E9)`,
    };
  }
  return {
    ok: false,
    code: 'OFF_BOARD',
    message: `'${text}' is off the board: rows run 1 to ${size}, columns A to ${columnLetter(size - 1)}`,
  };
}

/**
 * The position of a play written the usual way, read in place; null for anything else (other
 * white space, a position off the board), which the general path reads and says what is wrong
 * with. A position has two or three characters, so the usual space is the third or fourth: two
 * reads rather than a search (a prefix holding a space is no position). The word starts after
 * {@link usualSpace}.
 */
function usualPosition(text: string, size: number): Position | null {
  const space = usualSpace(text);
  if (space < 0) return null;
  const position = positionAt(text, 0, space);
  return position !== null && onBoard(position, size) ? position : null;
}

/**
 * Where the space after a position written the usual way is, or -1: read again by the callers
 * of {@link usualPosition} rather than returned with the position (an object a play).
 */
const usualSpace = (text: string) =>
  text.charCodeAt(2) === 32 ? 2 : text.charCodeAt(3) === 32 ? 3 : -1;

/** Reads `"POSITION WORD"` (`"9F KUĆA"`) into a position and the word's readings. */
export function parsePlay(
  text: string,
  alphabet: Alphabet,
  size: number,
): ParsedPlay | NotationError {
  const usual = usualPosition(text, size);
  if (usual !== null) {
    const word = alphabet.parseWordAt(text, usualSpace(text) + 1);
    if (word.ok) return { ok: true, position: usual, readings: word.readings };
  }
  const single = singleSpace(text);
  let positionText: string;
  let wordText: string;
  if (single > 0) {
    positionText = text.slice(0, single);
    wordText = text.slice(single + 1);
  } else {
    const parts = text.trim().split(/\s+/);
    positionText = parts.length === 2 ? parts[0] : '';
    wordText = parts.length === 2 ? parts[1] : '';
  }
  if (positionText === '') {
    return {
      ok: false,
      code: 'BAD_NOTATION',
      message: `'${text}' is not a play: write the position and the word, e.g. "9F KUĆA"`,
    };
  }
  const position = parsePosition(positionText, size);
  if (!position.ok) return position;
  const word = alphabet.parseWord(wordText);
  if (!word.ok) return { ok: false, code: 'BAD_NOTATION', message: word.message };
  return { ok: true, position: position.position, readings: word.readings };
}

/** A play read for the replay: its position and its word's first reading, the others left. */
export interface FirstReading {
  ok: true;
  position: Position;
  /** The word's tiles, Latin digraphs joined (the first reading). */
  tiles: WrittenTile[];
  /**
   * Where the word has Latin digraphs that other readings split (`Alphabet.readingsOf` makes
   * them), or null; null too when `readings` holds them.
   */
  digraphs: readonly number[] | null;
  /** Every reading, the first first, when they were made on the way; else null. */
  readings: WordReading[] | null;
}

/**
 * {@link parsePlay} for the replay: the position and the first reading, and where the word's
 * other readings would split it, so that they are made only for a play that needs them (most
 * need only the first: every play of every sheet is read here).
 */
export function parsePlayFirst(
  text: string,
  alphabet: Alphabet,
  size: number,
): FirstReading | NotationError {
  const usual = usualPosition(text, size);
  if (usual !== null) {
    const tiles = alphabet.readFirst(text, usualSpace(text) + 1);
    if (Array.isArray(tiles)) {
      const digraphs = alphabet.digraphsOfLast;
      return { ok: true, position: usual, tiles, digraphs, readings: null };
    }
  }
  const parsed = parsePlay(text, alphabet, size);
  if (!parsed.ok) return parsed;
  const { position, readings } = parsed;
  return { ok: true, position, tiles: readings[0].tiles, digraphs: null, readings };
}
