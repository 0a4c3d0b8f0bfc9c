import { CompiledRules } from '../rules/compiled';
import { Board, BLOCKER, EMPTY } from './board';

/** The board as rows of squares: `.` empty, `#` blocker, letters, lower case jokers. */
export function drawBoard(rules: CompiledRules, board: Board): string[] {
  const { size } = rules;
  const { cells } = board;
  const { text, spaced, emptyRun, emptyLead, emptyRow } = cellTexts(rules);
  // Runs of empty squares come from tables, so that a row costs one join per tile rather than
  // one per square: string joins are most of the cost of drawing.
  const rows: string[] = [];
  for (let square = 0; square < size * size; square += size) {
    const end = square + size;
    let c = square;
    while (c < end && cells[c] === EMPTY) c++;
    if (c === end) {
      rows.push(emptyRow);
      continue;
    }
    let row = emptyLead[c - square] + text[cells[c]];
    for (c++; c < end;) {
      if (cells[c] === EMPTY) {
        const from = c;
        while (c < end && cells[c] === EMPTY) c++;
        row += emptyRun[c - from];
      } else {
        row += spaced[cells[c++]];
      }
    }
    rows.push(row);
  }
  return rows;
}

/** What {@link drawBoard} draws each cell and run of empty squares as. */
export interface CellTexts {
  /** What each cell value is drawn as. */
  text: string[];
  /** The same after a space. */
  spaced: string[];
  /** `emptyRun[k]`: k empty squares after a square (` . .`). */
  emptyRun: string[];
  /** `emptyLead[k]`: k empty squares starting a row (`. . `). */
  emptyLead: string[];
  emptyRow: string;
}

const cellTextCache = new WeakMap<object, CellTexts>();

/** The texts a rule set's boards are drawn with, made when first asked for and kept. */
export function cellTexts(rules: CompiledRules): CellTexts {
  let texts = cellTextCache.get(rules);
  if (!texts) {
    const { alphabet, size } = rules;
    const text = Array.from({ length: 256 }, (_, v) =>
      v === EMPTY ? '.' : v === BLOCKER ? '#' : v < 128 ? alphabet.display(v) : '?',
    );
    texts = {
      text,
      spaced: text.map((t) => ' ' + t),
      emptyRun: Array.from({ length: size + 1 }, (_, k) => ' .'.repeat(k)),
      emptyLead: Array.from({ length: size + 1 }, (_, k) => '. '.repeat(k)),
      emptyRow: new Array<string>(size).fill('.').join(' '),
    };
    cellTextCache.set(rules, texts);
  }
  return texts;
}
