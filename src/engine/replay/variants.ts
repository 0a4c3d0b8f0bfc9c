/**
 * Hooks for rules that data cannot say, each used only by the rule sets that
 * name it: Qwibble's tile ownership and pool, the target-score variant's blank
 * swap, and letters a joker may not stand for.
 */
import { JOKER, LETTER_MASK } from '../rules/alphabet';
import { Board, isTile, LegalPlay, PlayProblem } from './board';
import { CompiledRules } from '../rules/compiled';
import { parseSquare } from '../sheet/scoresheet';

/** What a play does to ownership, before it is applied. */
export interface StealOutcome {
  /** Points the player gains: the tiles placed and the tiles stolen. */
  score: number;
  /** Each word's share of `score` (a tile counts in the first word that holds it). */
  wordScores: number[];
  stolenFrom: number;
  stolenPoints: number;
  stolenSquares: number[];
  /** Squares whose tiles become safe (newly placed, stolen or the player's own). */
  madeSafe: number[];
  placed: number[];
}

/**
 * Who owns each tile, and which are safe (Qwibble). A player's score is the
 * value of the tiles they own: a play gains the tiles placed, and every
 * opponent's tile that is not safe in a word the play forms moves to the
 * player. A word through a newly covered padlock square, or the main word of
 * a play of every rack tile, becomes safe.
 */
export class Ownership {
  /** `owner[square]`: 0 none, else player + 1. */
  readonly owner: Uint8Array;
  readonly safe: Uint8Array;
  readonly tilesPlayed: number[];
  readonly biggestSteal: number[];

  constructor(
    squares: number,
    private readonly players: number,
  ) {
    this.owner = new Uint8Array(squares);
    this.safe = new Uint8Array(squares);
    this.tilesPlayed = new Array<number>(players).fill(0);
    this.biggestSteal = new Array<number>(players).fill(0);
  }

  /** What a legal play would gain and take, without changing anything. */
  assess(rules: CompiledRules, play: LegalPlay, mover: number): StealOutcome {
    const { size, alphabet, safeSquare, ruleSet } = rules;
    const placed = play.placements.map((pl) => pl.square);
    const isPlaced = new Set(placed);
    const credited = new Set<number>();
    const stolenSquares: number[] = [];
    let stolenFrom = (mover + 1) % this.players;
    let stolenPoints = 0;
    const safeWords: number[] = [];
    const allTiles = ruleSet.stealing?.allTilesSafe === true && placed.length === ruleSet.rackSize;
    const wordScores = play.words.map((word, w) => {
      const step = word.direction === 'across' ? 1 : size;
      let points = 0;
      let onPadlock = false;
      for (let k = 0, sq = word.start; k < word.tiles.length; k++, sq += step) {
        if (isPlaced.has(sq) && safeSquare?.[sq]) onPadlock = true;
        if (credited.has(sq)) continue;
        const value = alphabet.valueOf(word.tiles[k]);
        if (isPlaced.has(sq)) {
          credited.add(sq);
          points += value;
        } else if (this.owner[sq] !== 0 && this.owner[sq] !== mover + 1 && !this.safe[sq]) {
          credited.add(sq);
          stolenSquares.push(sq);
          stolenFrom = this.owner[sq] - 1;
          stolenPoints += value;
          points += value;
        }
      }
      if (onPadlock || (allTiles && word.main)) safeWords.push(w);
      return points;
    });
    const madeSafe: number[] = [];
    const seen = new Set<number>();
    for (const w of safeWords) {
      const word = play.words[w];
      const step = word.direction === 'across' ? 1 : size;
      for (let k = 0, sq = word.start; k < word.tiles.length; k++, sq += step) {
        if (seen.has(sq) || this.safe[sq]) continue;
        seen.add(sq);
        // An opponent's safe tile stays theirs; everything else in the word is the player's now.
        madeSafe.push(sq);
      }
    }
    madeSafe.sort((a, b) => a - b);
    let score = 0;
    for (const points of wordScores) score += points;
    return {
      score,
      wordScores,
      stolenFrom,
      stolenPoints,
      stolenSquares,
      madeSafe,
      placed,
    };
  }

  /** Records an assessed play that was applied to the board. */
  apply(outcome: StealOutcome, mover: number): void {
    const mark = mover + 1;
    for (const sq of outcome.placed) this.owner[sq] = mark;
    for (const sq of outcome.stolenSquares) this.owner[sq] = mark;
    for (const sq of outcome.madeSafe) this.safe[sq] = 1;
    this.tilesPlayed[mover] += outcome.placed.length;
    this.biggestSteal[mover] = Math.max(this.biggestSteal[mover], outcome.stolenPoints);
  }

  /** A player's figures for the report and the tie-breaks. */
  account(
    rules: CompiledRules,
    board: Board,
    player: number,
  ): { safePoints: number; tilesPlayed: number; biggestSteal: number } {
    let safePoints = 0;
    for (let sq = 0; sq < this.owner.length; sq++) {
      if (this.owner[sq] === player + 1 && this.safe[sq]) {
        safePoints += rules.alphabet.valueOf(board.cells[sq]);
      }
    }
    return {
      safePoints,
      tilesPlayed: this.tilesPlayed[player],
      biggestSteal: this.biggestSteal[player],
    };
  }

  /** Rows of owners: `.` none, `a` `b` … the players' tiles, upper case when safe. */
  draw(size: number): string[] {
    const rows: string[] = [];
    for (let r = 0; r < size; r++) {
      const squares: string[] = [];
      for (let c = 0; c < size; c++) {
        const sq = r * size + c;
        const o = this.owner[sq];
        const ch = o === 0 ? '.' : String.fromCharCode(96 + o);
        squares.push(this.safe[sq] ? ch.toUpperCase() : ch);
      }
      rows.push(squares.join(' '));
    }
    return rows;
  }
}

/**
 * The tiles not on the board: each rack full while the pool lasts, the pool
 * the rest. Plays take tiles from a rack and refill it; exchanges change
 * nothing (the same number goes back).
 */
export class PoolCount {
  /** Tiles in the set. */
  readonly total: number;
  /** Tiles in the pool. */
  size: number;
  /** Tiles on each rack. */
  readonly racks: number[];

  constructor(rules: CompiledRules, players: number) {
    const { alphabet, ruleSet } = rules;
    let total = alphabet.jokerCount;
    for (let code = 1; code <= alphabet.size; code++) total += alphabet.counts[code];
    this.total = total;
    this.size = total;
    this.racks = Array.from({ length: players }, () => {
      const drawn = Math.min(ruleSet.rackSize, this.size);
      this.size -= drawn;
      return drawn;
    });
  }

  onRacks(): number {
    return this.racks.reduce((a, b) => a + b, 0);
  }

  /** A play of `tiles` tiles by `player`; says why the game ends if it emptied the rack and the pool. */
  play(player: number, tiles: number): string | null {
    this.racks[player] = Math.max(0, this.racks[player] - tiles);
    const drawn = Math.min(tiles, this.size);
    this.racks[player] += drawn;
    this.size -= drawn;
    return this.racks[player] === 0 && this.size === 0
      ? 'played the last tile with the pool empty'
      : null;
  }
}

/** A blank taken from the board: its square, the letter it stood for, the tile it was. */
export interface TakenBlank {
  square: number;
  letter: number;
  tile: number;
}

/**
 * Takes the blanks a turn's `swap` names (target-score games): each square must
 * hold a blank, played on an earlier turn (the turn just before, under
 * `next-turn`). The board's tile becomes the real letter. On failure nothing
 * changes and the message says why.
 */
export function takeBlanks(
  rules: CompiledRules,
  board: Board,
  swap: string | string[],
  playedAt: Int32Array,
  turn: number,
  rule: 'later-turn' | 'next-turn',
): { ok: true; taken: TakenBlank[] } | { ok: false; message: string } {
  const { size, alphabet, squareNames } = rules;
  const taken: TakenBlank[] = [];
  let problem: string | null = null;
  for (const text of Array.isArray(swap) ? swap : [swap]) {
    const at = parseSquare(text, size)!;
    const square = at.row * size + at.column;
    const name = squareNames[square];
    const cell = board.cells[square];
    if (!isTile(cell)) problem = `swap names ${name}, which is empty: there is no blank to take`;
    else if (!(cell & JOKER)) {
      problem = `swap names ${name}, which holds the lettered tile ${alphabet.display(cell)}, not a blank`;
    } else if (taken.some((t) => t.square === square)) {
      problem = `swap names ${name} twice`;
    } else if (rule === 'next-turn' && playedAt[square] !== turn - 1) {
      problem = `the blank on ${name} was played at turn ${playedAt[square] + 1}; only the turn right after may take it (blankSwap "next-turn")`;
    }
    if (problem) break;
    taken.push({ square, letter: cell & LETTER_MASK, tile: cell });
  }
  if (problem) return { ok: false, message: `${problem}; the turn is left off the board` };
  for (const t of taken) board.cells[t.square] = t.letter;
  return { ok: true, taken };
}

/** Puts taken blanks back (the turn did not stand). */
export function undoTakeBlanks(board: Board, taken: readonly TakenBlank[]): void {
  for (const t of taken) board.cells[t.square] = t.tile;
}

/**
 * Rules a play can break beyond the board's own: a joker standing for a letter
 * it may not (Qwibble's wild tiles and S), and a blank taken from the board
 * that the play does not use. Null when the play keeps them.
 */
export function variantProblems(
  rules: CompiledRules,
  play: LegalPlay,
  blanksTaken: number,
): PlayProblem[] | null {
  const problems: PlayProblem[] = [];
  const forbidden = rules.jokerForbidden;
  let jokers = 0;
  for (const { square, tile } of play.placements) {
    if (!(tile & JOKER)) continue;
    jokers++;
    if (forbidden && forbidden[tile & LETTER_MASK]) {
      const name = rules.squareNames[square];
      problems.push({
        code: 'JOKER_LETTER_NOT_ALLOWED',
        message: `the wild tile on ${name} stands for ${rules.alphabet.letters[tile & LETTER_MASK]}, which a wild tile may not`,
        squares: [name],
        word: rules.alphabet.display(tile),
      });
    }
  }
  if (jokers < blanksTaken) {
    problems.push({
      code: 'BLANK_NOT_USED',
      message: `the player took ${blanksTaken} blank${blanksTaken === 1 ? '' : 's'} from the board but the play uses ${jokers === 0 ? 'none' : `only ${jokers}`}: a blank taken must be played in the same turn (written in lower case)`,
      squares: play.placements.map((pl) => rules.squareNames[pl.square]),
    });
  }
  return problems.length > 0 ? problems : null;
}
