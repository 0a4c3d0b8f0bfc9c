import { Alphabet, WordReading } from './alphabet';
import { Direction, Position } from './board';
import { columnLetter } from './rules';

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

const ROW_FIRST = /^(\d{1,2})([A-Za-z])$/;
const COLUMN_FIRST = /^([A-Za-z])(\d{1,2})$/;

/**
 * Reads a GCG-style position: `9E` (row first) runs across from row 9,
 * column E; `E9` (column first) runs down. Lower case columns are accepted.
 */
export function parsePosition(text: string, size: number): { ok: true; position: Position } | NotationError {
  let row: number;
  let column: number;
  let direction: Direction;
  let m = ROW_FIRST.exec(text);
  if (m) {
    row = Number(m[1]) - 1;
    column = m[2].toUpperCase().charCodeAt(0) - 65;
    direction = 'across';
  } else if ((m = COLUMN_FIRST.exec(text))) {
    column = m[1].toUpperCase().charCodeAt(0) - 65;
    row = Number(m[2]) - 1;
    direction = 'down';
  } else {
    return {
      ok: false,
      code: 'BAD_NOTATION',
      message: `'${text}' is not a position: write the row first for a word across (9E) or the column first for a word down (E9)`,
    };
  }
  if (row < 0 || row >= size || column >= size) {
    return {
      ok: false,
      code: 'OFF_BOARD',
      message: `'${text}' is off the board: rows run 1 to ${size}, columns A to ${columnLetter(size - 1)}`,
    };
  }
  return { ok: true, position: { row, column, direction } };
}

/** Reads `"POSITION WORD"` (`"9F KUĆA"`) into a position and the word's readings. */
export function parsePlay(text: string, alphabet: Alphabet, size: number): ParsedPlay | NotationError {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 2 || parts[0] === '') {
    return {
      ok: false,
      code: 'BAD_NOTATION',
      message: `'${text}' is not a play: write the position and the word, e.g. "9F KUĆA"`,
    };
  }
  const position = parsePosition(parts[0], size);
  if (!position.ok) return position;
  const word = alphabet.parseWord(parts[1]);
  if (!word.ok) return { ok: false, code: 'BAD_NOTATION', message: word.message };
  return { ok: true, position: position.position, readings: word.readings };
}
