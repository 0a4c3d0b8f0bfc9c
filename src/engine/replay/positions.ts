import { TurnReport, VerificationReport } from '../report/report';
import { WordList } from '../rules/words';
import { Scoresheet, SheetReading, sheetReading } from '../sheet/scoresheet';
import { drawBoard } from './draw';
import { verifyScoresheet } from './verify';

/** The game as it stands after one line of the sheet, for a replay shown turn by turn. */
export interface TurnPosition {
  /** The line (0-based) the position follows. */
  turn: number;
  /**
   * The board after the line, rows as the report's `board` (`.` empty, `#` blocker, letters,
   * lower case jokers); a card game's grid as the sheet recorded it last (none when none was).
   */
  board: string[];
  /** Stealing games (Qwibble): who owns each tile after the line, rows as the report's `ownership`. */
  ownership?: string[];
  /**
   * The squares of that line's tiles (`F9`): those a play put down; for a card game the places
   * of the cards the turn took. Empty for an exchange, a pass or a refused play.
   */
  placed: string[];
  /** Each player's total after the line, as the rules compute it (from moves; the end not yet settled). */
  totals: number[];
  /**
   * Each player's clock after the line: the time left as written on their last line so far, after
   * their time penalties; null before their first written clock.
   */
  clocks: (string | null)[];
  /** That line's report: the play, its words and score, its findings (`issues`). */
  report: TurnReport;
}

/** A verified game, turn by turn: its report, and the position after each line of the sheet. */
export interface GamePositions {
  report: VerificationReport;
  /** One a line of the sheet, in order: `positions[n - 1]` is the game after its n-th line. */
  positions: TurnPosition[];
}

/**
 * Replays a score sheet that passed `readScoresheet` as {@link verifyScoresheet} does, and keeps
 * the game after each line: the board (a card game's grid), the tiles that line put down, the
 * totals, the clocks and that line's report. The last position's board is the report's `board`,
 * and the report is the one `verifyScoresheet` gives for the sheet.
 */
export function replayPositions(
  sheet: Scoresheet,
  options: { words?: WordList | null } = {},
  reading: SheetReading = sheetReading(sheet),
): GamePositions {
  const { rules } = reading;
  const boards: string[][] = [];
  const owners: (string[] | undefined)[] = [];
  const totals: (number[] | null)[] = [];
  const report = verifyScoresheet(
    sheet,
    {
      words: options.words ?? null,
      observer: {
        afterTurn(index, board, moves, ownership) {
          boards[index] = drawBoard(rules, board);
          owners[index] = ownership ? ownership() : undefined;
          totals[index] = moves.slice();
        },
        afterCardTurn(index, grid) {
          boards[index] = grid;
          totals[index] = null;
        },
      },
    },
    reading,
  );
  const players = sheet.players.length;
  const running: number[] = new Array<number>(players).fill(0);
  const clocks: (string | null)[] = new Array<string | null>(players).fill(null);
  const positions = report.turns.map((turn, index): TurnPosition => {
    // A card game's totals are its turns' own (cards are scored when the round is over).
    running[turn.player] = turn.total.computed;
    if (turn.clock) clocks[turn.player] = turn.clock.remaining;
    const position: TurnPosition = {
      turn: index,
      board: boards[index] ?? [],
      placed: turn.taken ? turn.taken.map((taken) => taken.split(' ')[0]) : turn.placed.slice(),
      totals: totals[index] ?? running.slice(),
      clocks: clocks.slice(),
      report: turn,
    };
    const ownership = owners[index];
    if (ownership) position.ownership = ownership;
    return position;
  });
  return { report, positions };
}
