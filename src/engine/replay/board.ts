import { THROUGH, WrittenTile } from '../rules/alphabet';
import { columnLetter, CompiledRules } from '../rules/compiled';
import type { Direction, Position } from '../sheet/notation';
import type { LongWordBonus } from '../rules/ruleset';

/** An empty square. */
export const EMPTY = 0;
/** A square closed by a black blocker tile. */
export const BLOCKER = 255;

/** True when the cell value is a letter tile (not empty, not a blocker). */
export function isTile(cell: number): boolean {
  // Literals in the loops every play passes: TypeScript's CommonJS output reads an exported
  // constant from the module's exports at every use (about five machine instructions).
  return cell !== 0 && cell !== 255; // EMPTY, BLOCKER
}

/** The board: one byte a square, `row * size + column`. */
export class Board {
  readonly cells: Uint8Array;
  /** Letter tiles on the board. */
  tileCount = 0;

  constructor(readonly size: number) {
    this.cells = squares(size * size);
  }

  /** A copy that can be changed without touching this board. */
  clone(): Board {
    const copy = new Board(this.size);
    copy.cells.set(this.cells);
    copy.tileCount = this.tileCount;
    return copy;
  }
}

/**
 * Boards' squares are cut from shared zeroed blocks: a typed array of its own costs an
 * allocation outside the heap, and its release, on every game.
 */
const BLOCK_SIZE = 1 << 16;
let block = new ArrayBuffer(0);
let blockUsed = 0;

function squares(count: number): Uint8Array {
  if (blockUsed + count > block.byteLength) {
    block = new ArrayBuffer(Math.max(BLOCK_SIZE, count));
    blockUsed = 0;
  }
  const cells = new Uint8Array(block, blockUsed, count);
  blockUsed += count;
  return cells;
}

/** A word a play forms: the main word or a cross-word. */
export interface FormedWord {
  /** Board tiles of the word, in reading order. */
  tiles: WrittenTile[];
  /** Square of the first letter. */
  start: number;
  direction: Direction;
  /** Points for this word alone, premiums applied. */
  score: number;
  /** True for the word written on the sheet, false for a cross-word. */
  main: boolean;
  /** Set by the replay once the word has been looked up in the word list. */
  known?: boolean;
}

/** A bonus earned by a play. */
export interface PlayBonus {
  kind: 'all-tiles' | 'long-word';
  points: number;
  /** For a long-word bonus: index into the play's words. */
  word?: number;
}

/** A rule a play breaks, before the replay adds the turn to the message. */
export interface PlayProblem {
  code:
    | 'OFF_BOARD'
    | 'SQUARE_OCCUPIED'
    | 'BLOCKED_SQUARE'
    | 'GAP_IN_PLAY'
    | 'NO_TILES_PLACED'
    | 'FIRST_PLAY_OFF_CENTRE'
    | 'NOT_CONNECTED'
    | 'WORD_EXTENDS'
    | 'WORD_TOO_SHORT'
    // Rules of some rule sets, checked by the replay after the board's own:
    | 'JOKER_LETTER_NOT_ALLOWED'
    | 'BLANK_NOT_USED';
  message: string;
  /** Squares the problem is about, by name (`F9`). */
  squares: string[];
  /** The word concerned, in sheet notation. */
  word?: string;
}

/** A play the rules allow, with what it forms and scores. */
export interface LegalPlay {
  ok: true;
  /**
   * The squares the play puts tiles on, in the order written, and the tile put on each: two
   * lists of numbers rather than an object a tile, made for every play of every sheet.
   */
  placedSquares: number[];
  placedTiles: WrittenTile[];
  words: FormedWord[];
  bonuses: PlayBonus[];
  score: number;
}

/** A play the rules refuse. `fits` is false when the tiles do not even fit the squares. */
export interface IllegalPlay {
  ok: false;
  fits: boolean;
  problems: PlayProblem[];
}

/** Notation of a position: `9E` across (row first), `E9` down (column first). */
export function positionName(p: Position): string {
  const row = String(p.row + 1);
  const col = columnLetter(p.column);
  return p.direction === 'across' ? row + col : col + row;
}

/**
 * Checks a written play against the board in the order of the rulings
 * (squares, connection, whole word, word lengths) and scores it when legal.
 * The board is not changed; see {@link applyPlay}.
 */
export function evaluatePlay(
  rules: CompiledRules,
  board: Board,
  position: Position,
  written: readonly WrittenTile[],
): LegalPlay | IllegalPlay {
  const { size, alphabet, premium, ruleSet } = rules;
  const cells = board.cells;
  const across = position.direction === 'across';
  const step = across ? 1 : size;
  const length = written.length;
  const origin = position.row * size + position.column;
  // This function is on the hot path: messages (and the arrays of problems) are made only when
  // a problem is reported, by functions rather than closures, which every call would allocate.

  const lastLine = (across ? position.column : position.row) + length - 1;
  if (lastLine >= size) return offBoard(rules, position, written);

  let misfits = false;
  let playsThrough = false;
  let placed = 0;
  // One pass over the written squares tells whether they fit (their problems are told by
  // `squareProblems`) and reads the main word with its points (used only if the play turns
  // out legal): this runs for every play of every sheet.
  // Constants are written as literals in these loops, as in `isTile`.
  const { tileValue } = alphabet;
  const mainTiles = new Array<WrittenTile>(length);
  let mainSum = 0;
  let mainMultiplier = 1;
  for (let k = 0, square = origin; k < length; k++, square += step) {
    const cell = cells[square];
    const tile = written[k];
    if (!fits(cell, tile)) {
      misfits = true;
    } else if (cell === 0 /* EMPTY */) {
      placed++;
      mainTiles[k] = tile;
      const bonus = premium[square];
      if (bonus === 0) mainSum += tileValue[tile];
      else {
        mainSum += tileValue[tile] * (bonus & 15);
        mainMultiplier *= bonus >> 4;
      }
    } else {
      // A tile already on the board is read as it lies there, whatever case is written over it.
      playsThrough = true;
      mainTiles[k] = cell;
      mainSum += tileValue[cell];
    }
  }
  if (misfits)
    return { ok: false, fits: false, problems: squareProblems(rules, cells, position, written) };
  if (placed === 0) return noTilePlaced(rules, position, written);
  // Sized at once: an array grown by push starts with room for 16. The same pass notes which
  // tiles have a tile beside them across the play's line (bit p for the pth placement, or every
  // placement from the 31st on): only those can form a cross-word, looked for below.
  // Every tile placed lies on the play's own row (across) or column (down): its place along a
  // cross-word's line is that row or column.
  const crossStep = across ? size : 1;
  const line = across ? position.row : position.column;
  const sideBefore = line > 0;
  const sideAfter = line < size - 1;
  let crossing = 0;
  const placedSquares = new Array<number>(placed);
  const placedTiles = new Array<WrittenTile>(placed);
  for (let k = 0, p = 0, square = origin; k < length; k++, square += step) {
    if (cells[square] === 0 /* EMPTY */) {
      if (
        p < 31 &&
        ((sideBefore && isTile(cells[square - crossStep])) ||
          (sideAfter && isTile(cells[square + crossStep])))
      )
        crossing |= 1 << p;
      placedSquares[p] = square;
      placedTiles[p++] = written[k];
    }
  }

  if (
    board.tileCount === 0
      ? !placedSquares.includes(rules.start)
      : !playsThrough && !touchesAny(cells, size, placedSquares)
  )
    return unconnected(rules, board, position, written, placedSquares);

  const lineStart = across ? position.column : position.row;
  const before = origin - step;
  const after = origin + length * step;
  const extendsBefore = lineStart > 0 && isTile(cells[before]);
  const extendsAfter = lastLine + 1 < size && isTile(cells[after]);
  if (extendsBefore || extendsAfter)
    return wordExtends(rules, cells, position, written, extendsBefore ? before : after);

  // Made as a literal: most plays form one word, and a list grown by push has room for 17.
  const words: FormedWord[] =
    length >= 2 ? [mainWord(mainTiles, origin, position.direction, mainSum * mainMultiplier)] : [];
  const crossDirection: Direction = across ? 'down' : 'across';
  for (let i = 0; i < placed; i++) {
    if (i < 31 && (crossing & (1 << i)) === 0) continue;
    const word = crossWord(rules, cells, placedSquares[i], placedTiles[i], line, crossDirection);
    if (word !== null) words.push(word);
  }

  let shortProblems: PlayProblem[] | null =
    words.length === 0 ? [singleTile(rules, position, written, placedSquares)] : null;
  for (let w = 0; w < words.length; w++) {
    const word = words[w];
    if (word.tiles.length < minimumLength(rules, word))
      (shortProblems ??= []).push(shortWord(rules, written, position, word));
  }
  if (shortProblems !== null) return { ok: false, fits: true, problems: shortProblems };

  let score = 0;
  for (let w = 0; w < words.length; w++) score += words[w].score;
  const { allTiles, longWord: long } = ruleSet.bonuses;
  let bonuses: PlayBonus[] = NO_BONUSES;
  if (placed === ruleSet.rackSize && allTiles > 0)
    bonuses = [{ kind: 'all-tiles', points: allTiles }];
  if (long) bonuses = withLongWordBonuses(long, words, bonuses);
  for (let b = 0; b < bonuses.length; b++) score += bonuses[b].points;
  return { ok: true, placedSquares, placedTiles, words, bonuses, score };
}

/** Most plays earn no bonus: they share this empty list, which nothing adds to. */
const NO_BONUSES: PlayBonus[] = [];

/**
 * The cross-word `tile` put on `square` forms along `direction` (`line` the square's place
 * along it), scored; null when no tile lies beside it on that line.
 */
function crossWord(
  rules: CompiledRules,
  cells: Uint8Array,
  square: number,
  tile: WrittenTile,
  line: number,
  direction: Direction,
): FormedWord | null {
  const { size } = rules;
  const crossStep = direction === 'down' ? size : 1;
  let first = square;
  let firstLine = line;
  while (firstLine > 0 && isTile(cells[first - crossStep])) {
    first -= crossStep;
    firstLine--;
  }
  let last = square;
  let lastLineCross = line;
  while (lastLineCross < size - 1 && isTile(cells[last + crossStep])) {
    last += crossStep;
    lastLineCross++;
  }
  if (first === last) return null;
  const tiles = new Array<WrittenTile>(lastLineCross - firstLine + 1);
  for (let s = first, k = 0; s <= last; s += crossStep, k++)
    tiles[k] = s === square ? tile : cells[s];
  return scoreWord(rules, cells, tiles, first, crossStep, direction, false);
}

/** The main word of a play, as its one pass over the squares read it. */
function mainWord(
  tiles: WrittenTile[],
  start: number,
  direction: Direction,
  score: number,
): FormedWord {
  return { tiles, start, direction, score, main: true, known: undefined };
}

// The problems of a play, each made only when reported (off the hot path of evaluatePlay).

/** The problem of a play that runs past the board's edge. */
function offBoard(
  rules: CompiledRules,
  position: Position,
  written: readonly WrittenTile[],
): IllegalPlay {
  const { size } = rules;
  const across = position.direction === 'across';
  const first = rules.squareNames[position.row * size + position.column];
  const edge = across ? `column ${columnLetter(size - 1)}` : `row ${size}`;
  return illegal(false, {
    code: 'OFF_BOARD',
    message: `${writtenAt(rules, written, position)} runs off the board: ${written.length} squares from ${first} go past ${edge}`,
    squares: [first],
    word: rules.alphabet.formatWord(written),
  });
}

/** The problem of a play every square of which already holds a tile. */
function noTilePlaced(
  rules: CompiledRules,
  position: Position,
  written: readonly WrittenTile[],
): IllegalPlay {
  return illegal(true, {
    code: 'NO_TILES_PLACED',
    message: `${writtenAt(rules, written, position)} places no tile: every square of it already holds one`,
    squares: [],
    word: rules.alphabet.formatWord(written),
  });
}

/** The problem of a first play off the centre, or of a later one touching no tile. */
function unconnected(
  rules: CompiledRules,
  board: Board,
  position: Position,
  written: readonly WrittenTile[],
  placedSquares: number[],
): IllegalPlay {
  if (board.tileCount === 0) {
    const centre = rules.squareNames[rules.start];
    return illegal(true, {
      code: 'FIRST_PLAY_OFF_CENTRE',
      message: `${writtenAt(rules, written, position)} is the first play but does not cover the centre square ${centre}`,
      squares: squareNamesOf(rules, placedSquares),
      word: rules.alphabet.formatWord(written),
    });
  }
  return illegal(true, {
    code: 'NOT_CONNECTED',
    message: `${writtenAt(rules, written, position)} touches no tile already on the board`,
    squares: squareNamesOf(rules, placedSquares),
    word: rules.alphabet.formatWord(written),
  });
}

/** The problem of a play whose word runs on into the tile on `beside` (before or after it). */
function wordExtends(
  rules: CompiledRules,
  cells: Uint8Array,
  position: Position,
  written: readonly WrittenTile[],
  beside: number,
): IllegalPlay {
  const { size } = rules;
  const across = position.direction === 'across';
  const step = across ? 1 : size;
  const origin = position.row * size + position.column;
  const run = runThrough(cells, size, origin, step, across, written);
  const runText = rules.alphabet.formatWord(run.tiles);
  const from = rules.squareNames[run.start];
  const to = rules.squareNames[run.start + (run.tiles.length - 1) * step];
  return illegal(true, {
    code: 'WORD_EXTENDS',
    message: `${writtenAt(rules, written, position)} is not the whole word: the tiles run on from ${from} to ${to} and read ${runText}`,
    squares: [rules.squareNames[beside]],
    word: rules.alphabet.formatWord(written),
  });
}

/** The problem of a play of a single tile that forms no word. */
function singleTile(
  rules: CompiledRules,
  position: Position,
  written: readonly WrittenTile[],
  placedSquares: number[],
): PlayProblem {
  return {
    code: 'WORD_TOO_SHORT',
    message: `${writtenAt(rules, written, position)} is a single tile and forms no word`,
    squares: squareNamesOf(rules, placedSquares),
    word: rules.alphabet.formatWord(written),
  };
}

/** `bonuses` and the long-word bonus of each word long enough (rule sets that give one). */
function withLongWordBonuses(
  long: LongWordBonus,
  words: FormedWord[],
  bonuses: PlayBonus[],
): PlayBonus[] {
  for (let w = 0; w < words.length; w++) {
    const n = words[w].tiles.length;
    if (n >= long.fromLength) {
      const points = Math.min(long.max, long.base + long.perExtraLetter * (n - long.fromLength));
      if (bonuses === NO_BONUSES) bonuses = [];
      bonuses.push({ kind: 'long-word', points, word: w });
    }
  }
  return bonuses;
}

/** `KUĆA at 9F`, the start of a problem's message. */
function writtenAt(rules: CompiledRules, written: readonly WrittenTile[], position: Position) {
  return `${rules.alphabet.formatWord(written)} at ${positionName(position)}`;
}

/**
 * Whether a written tile fits its square: a new tile on an empty square, or the tile already
 * there (`.`, or its letter in either case) on a square that holds one; never a blocker.
 */
function fits(cell: number, tile: WrittenTile): boolean {
  // Literals for EMPTY, THROUGH, BLOCKER and LETTER_MASK, as in `isTile`.
  return cell === 0 ? tile !== 0 : cell !== 255 && (tile === 0 || (cell & 63) === (tile & 63));
}

/**
 * What is wrong with each square of a written play that does not fit the board: told apart
 * from {@link evaluatePlay}'s pass over the squares, which then holds no call (V8 compiles the
 * loop shorter without one, even one seldom made: about 700 machine instructions a game).
 */
function squareProblems(
  rules: CompiledRules,
  cells: Uint8Array,
  position: Position,
  written: readonly WrittenTile[],
): PlayProblem[] {
  const step = position.direction === 'across' ? 1 : rules.size;
  const origin = position.row * rules.size + position.column;
  const problems: PlayProblem[] = [];
  for (let k = 0; k < written.length; k++) {
    const cell = cells[origin + k * step];
    if (!fits(cell, written[k])) problems.push(squareProblem(rules, written, position, k, cell));
  }
  return problems;
}

/** What is wrong with the `k`th square of a written play, whose cell holds `cell`. */
function squareProblem(
  rules: CompiledRules,
  written: readonly WrittenTile[],
  position: Position,
  k: number,
  cell: number,
): PlayProblem {
  const { alphabet, size } = rules;
  const step = position.direction === 'across' ? 1 : size;
  const name = rules.squareNames[position.row * size + position.column + k * step];
  const at = writtenAt(rules, written, position);
  const word = alphabet.formatWord(written);
  if (cell === BLOCKER) {
    return {
      code: 'BLOCKED_SQUARE',
      message: `${at} needs ${name}, which is closed by a blocker (black tile)`,
      squares: [name],
      word,
    };
  }
  if (cell === EMPTY) {
    return {
      code: 'GAP_IN_PLAY',
      message: `${at} plays through ${name} with '.', but ${name} is empty: the play has a gap`,
      squares: [name],
      word,
    };
  }
  return {
    code: 'SQUARE_OCCUPIED',
    message: `${at} puts ${alphabet.display(written[k])} on ${name}, which already holds ${alphabet.display(cell)}`,
    squares: [name],
    word,
  };
}

/** A word of the play shorter than the rules allow. */
function shortWord(
  rules: CompiledRules,
  written: readonly WrittenTile[],
  position: Position,
  word: FormedWord,
): PlayProblem {
  const { ruleSet, alphabet } = rules;
  const n = word.tiles.length;
  const text = alphabet.formatWord(word.tiles);
  const edgeNote =
    ruleSet.minWordLengthAtEdge !== null && ruleSet.minWordLengthAtEdge < ruleSet.minWordLength
      ? `; words need ${ruleSet.minWordLength} letters, or ${ruleSet.minWordLengthAtEdge} when an end lies on the board's edge`
      : `; words need ${ruleSet.minWordLength} letters`;
  return {
    code: 'WORD_TOO_SHORT',
    message: `${writtenAt(rules, written, position)} forms ${text} (${word.direction} from ${rules.squareNames[word.start]}), ${n} letter${n === 1 ? '' : 's'}${edgeNote}`,
    squares: wordSquares(rules.size, word).map((s) => rules.squareNames[s]),
    word: text,
  };
}

/** The names of squares (`I9`), in their order. */
export function squareNamesOf(rules: CompiledRules, squares: readonly number[]): string[] {
  return squares.map((square) => rules.squareNames[square]);
}

function touchesAny(cells: Uint8Array, size: number, squares: readonly number[]): boolean {
  for (let i = 0; i < squares.length; i++) if (touchesTile(cells, size, squares[i])) return true;
  return false;
}

/**
 * Puts a legal play's tiles on the board and, when the rules use blockers,
 * closes every word it formed with a blocker before its first and after its
 * last letter (none off the board).
 */
export function applyPlay(rules: CompiledRules, board: Board, play: LegalPlay): void {
  const { size } = rules;
  const cells = board.cells;
  const { placedSquares, placedTiles, words } = play;
  // Indexed loops: every play passes here, and `for…of` (with destructuring) cost about three
  // times as many instructions. `& 255` tells V8 the tile is a small integer: it otherwise
  // stores a number into a byte through a floating-point conversion (measured: 0.7k machine
  // instructions a game).
  for (let i = 0; i < placedSquares.length; i++) cells[placedSquares[i]] = placedTiles[i] & 255;
  board.tileCount += placedSquares.length;
  if (!rules.ruleSet.blockers) return;
  // Told by the squares' indexes rather than their rows and columns: no division for a word down.
  for (let w = 0; w < words.length; w++) {
    const word = words[w];
    const { start } = word;
    const n = word.tiles.length;
    if (word.direction === 'across') {
      const column = start % size;
      if (column > 0) cells[start - 1] = 255; // BLOCKER
      if (column + n < size) cells[start + n] = 255;
    } else {
      if (start >= size) cells[start - size] = 255;
      if (start + n * size < size * size) cells[start + n * size] = 255;
    }
  }
}

/** Squares a formed word covers. */
export function wordSquares(size: number, word: FormedWord): number[] {
  const step = word.direction === 'across' ? 1 : size;
  return word.tiles.map((_, k) => word.start + k * step);
}

/** The minimum length of this word under the rules, counting an end on the edge. */
function minimumLength(rules: CompiledRules, word: FormedWord): number {
  const { minWordLength, minWordLengthAtEdge } = rules.ruleSet;
  if (minWordLengthAtEdge === null) return minWordLength;
  const size = rules.size;
  const across = word.direction === 'across';
  const startLine = across ? word.start % size : Math.floor(word.start / size);
  const endLine = startLine + word.tiles.length - 1;
  return startLine === 0 || endLine === size - 1 ? minWordLengthAtEdge : minWordLength;
}

function scoreWord(
  rules: CompiledRules,
  cells: Uint8Array,
  tiles: WrittenTile[],
  start: number,
  step: number,
  direction: Direction,
  main: boolean,
): FormedWord {
  const { premium } = rules;
  const { tileValue } = rules.alphabet;
  let sum = 0;
  let multiplier = 1;
  for (let k = 0, square = start; k < tiles.length; k++, square += step) {
    const value = tileValue[tiles[k]];
    const bonus = cells[square] === 0 /* EMPTY */ ? premium[square] : 0;
    if (bonus === 0) sum += value;
    else {
      sum += value * (bonus & 15);
      multiplier *= bonus >> 4;
    }
  }
  return { tiles, start, direction, score: sum * multiplier, main, known: undefined };
}

function touchesTile(cells: Uint8Array, size: number, square: number): boolean {
  const row = Math.floor(square / size);
  const column = square - row * size;
  return (
    (column > 0 && isTile(cells[square - 1])) ||
    (column < size - 1 && isTile(cells[square + 1])) ||
    (row > 0 && isTile(cells[square - size])) ||
    (row < size - 1 && isTile(cells[square + size]))
  );
}

function runThrough(
  cells: Uint8Array,
  size: number,
  origin: number,
  step: number,
  across: boolean,
  written: readonly WrittenTile[],
): { start: number; tiles: WrittenTile[] } {
  const lineOf = (s: number) => (across ? s % size : Math.floor(s / size));
  let start = origin;
  while (lineOf(start) > 0 && isTile(cells[start - step])) start -= step;
  let end = origin + (written.length - 1) * step;
  while (lineOf(end) < size - 1 && isTile(cells[end + step])) end += step;
  const tiles: WrittenTile[] = [];
  for (let s = start; s <= end; s += step) {
    const k = (s - origin) / step;
    const own = k >= 0 && k < written.length ? written[k] : THROUGH;
    tiles.push(own !== THROUGH && cells[s] === EMPTY ? own : cells[s]);
  }
  return { start, tiles };
}

function illegal(fits: boolean, problem: PlayProblem): IllegalPlay {
  return { ok: false, fits, problems: [problem] };
}
