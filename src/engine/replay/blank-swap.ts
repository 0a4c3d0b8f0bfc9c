/**
 * The target-score variant's blank swap: a player may take a blank from the board, paying its
 * letter from the rack, and must play it in the same turn.
 */
import { JOKER, LETTER_MASK } from '../rules/alphabet';
import { CompiledRules } from '../rules/compiled';
import { parseSquare } from '../sheet/scoresheet';
import { Board, isTile, LegalPlay } from './board';
import { ReplayTurn } from './state';
import { TileCount } from './tiles';

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

/** The blank swap as the replay meets it: which turn played each blank, and what a turn took. */
export class BlankSwap {
  /** Turn at which the blank on each square was played (for the next-turn rule). */
  private readonly playedAt: Int32Array;

  constructor(
    private readonly rules: CompiledRules,
    private readonly rule: 'later-turn' | 'next-turn',
  ) {
    this.playedAt = new Int32Array(rules.size * rules.size);
  }

  /** Takes the blanks a turn's `swap` names, or says why it may not. */
  take(
    board: Board,
    swap: string | string[],
    turn: number,
  ): { ok: true; taken: TakenBlank[] } | { ok: false; message: string } {
    return takeBlanks(this.rules, board, swap, this.playedAt, turn, this.rule);
  }

  /** Puts taken blanks back (the turn did not stand). */
  undo(board: Board, taken: readonly TakenBlank[]): void {
    undoTakeBlanks(board, taken);
  }

  /** A turn that took blanks stood: the report names them, and the tile count follows. */
  record(t: ReplayTurn, taken: readonly TakenBlank[], tiles: TileCount): void {
    const { rules } = this;
    t.report.swapped = taken.map((x) => ({
      square: rules.squareNames[x.square],
      letter: rules.alphabet.display(x.letter),
    }));
    for (const x of taken) tiles.swapped(x.letter);
  }

  /** The blanks a play put down, and when. */
  played(play: LegalPlay, turn: number): void {
    const { placedSquares, placedTiles } = play;
    for (let i = 0; i < placedTiles.length; i++)
      if (placedTiles[i] & JOKER) this.playedAt[placedSquares[i]] = turn;
  }
}
