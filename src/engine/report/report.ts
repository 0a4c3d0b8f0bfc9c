/**
 * The verification report, as fixed by the score-sheet format page. Fields
 * may be added; none may change meaning.
 */

/** Stable issue codes. The first block is required by the format; the rest are ours. */
export type IssueCode =
  | 'NOT_CONNECTED'
  | 'FIRST_PLAY_OFF_CENTRE'
  | 'WORD_TOO_SHORT'
  | 'SQUARE_OCCUPIED'
  | 'BLOCKED_SQUARE'
  | 'GAP_IN_PLAY'
  | 'WORD_EXTENDS'
  | 'UNKNOWN_WORD'
  | 'SCORE_MISMATCH'
  | 'TOTAL_MISMATCH'
  | 'TILE_OVERUSE'
  | 'TOO_MANY_TURNS'
  | 'CLOCK_EXPIRED'
  | 'FINAL_MISMATCH'
  | 'OFF_BOARD'
  // Ours:
  | 'NO_TILES_PLACED'
  | 'BAD_NOTATION'
  | 'AMBIGUOUS_READING'
  | 'DIGRAPH_READING'
  | 'CHALLENGE_UPHELD'
  | 'CHALLENGE_FAILED'
  | 'OUT_OF_TURN'
  | 'AFTER_TIME_EXPIRED'
  | 'GAME_INCOMPLETE'
  | 'END_NOT_RECORDED'
  | 'TIME_NOT_SHOWN'
  | 'RACK_MISMATCH'
  | 'PLAYED_AFTER_END'
  | 'SCORELESS_NOT_SHOWN'
  | 'OUT_NOT_SHOWN'
  | 'TIME_PENALTY_AMOUNT'
  | 'LETTER_MISMATCH'
  | 'EXCHANGE_SIZE'
  | 'END_FIELD_UNREADABLE'
  // Target-score games:
  | 'TARGET_REACHED'
  | 'TARGET_NOT_REACHED'
  | 'BLANK_SWAP_INVALID'
  | 'BLANK_NOT_USED'
  // Qwibble:
  | 'JOKER_LETTER_NOT_ALLOWED'
  | 'EXCHANGE_NOT_ALLOWED'
  | 'PASSES_NOT_SHOWN'
  | 'TIE_BY_LOT'
  // Card games (Quivit):
  | 'CARDS_MISMATCH'
  | 'BAD_GRID'
  | 'GRID_CHANGED'
  | 'ROTATION_NOT_ALLOWED'
  | 'CARD_ALREADY_USED'
  | 'DECK_EXHAUSTED'
  | 'ROUND_NOT_SCORED';

/**
 * `error`: the sheet and the rules disagree (makes `ok` false when it is an
 * illegal play or a wrong number); `warning`: something the judge should look
 * at that does not change the numbers; `info`: what the engine decided.
 */
export type Severity = 'error' | 'warning' | 'info';

/** One finding, with a message that names the turn, the square and the word. */
export interface Issue {
  code: IssueCode;
  severity: Severity;
  message: string;
  /** Index of the turn (0-based), for issues of a turn. */
  turn?: number;
  /** The player concerned. */
  player?: number;
  /** Squares concerned, by name (`F9`). */
  squares?: string[];
  /** The word concerned, in sheet notation. */
  word?: string;
  /**
   * The figure the sheet wrote: a score, total, final or card count as a number; a
   * clock reading (`mm:ss`), a rack or a word (`LETTER_MISMATCH`) as a string.
   */
  written?: number | string;
  /** What the rules give for that figure, in the same form as `written`. */
  computed?: number | string;
  /**
   * On a slip's finding (`SCORE_MISMATCH`, `TOTAL_MISMATCH` for a slip in the sheet's
   * addition, or a `LETTER_MISMATCH` that explains a score): how many written totals of
   * that player after the slipped figure follow from it (for a wrong score, the same
   * turn's total counts). Left out when none does.
   */
  carried?: number;
  /** `END_FIELD_UNREADABLE`: the field of the end of the game (`racks`, `clocks`). */
  field?: 'racks' | 'clocks';
  /** `END_FIELD_UNREADABLE`: the character that is not a letter of the game, and its place (from 1). */
  character?: string;
  position?: number;
}

/** An issue before it is given its turn and player. */
export type IssueNote = Omit<Issue, 'turn' | 'player'>;

/**
 * The issue of a turn: `{ ...note, message, turn, player }`, written out field by field in
 * that key order, the note's figures last (after the turn and player, where they were added
 * to the format). With every word unknown, object spread (V8's generic clone) took a quarter
 * of the replay's time.
 */
export function turnIssue(note: IssueNote, message: string, turn: number, player: number): Issue {
  const made: Issue = { code: note.code, severity: note.severity, message };
  if (note.squares !== undefined) made.squares = note.squares;
  if (note.word !== undefined) made.word = note.word;
  made.turn = turn;
  made.player = player;
  if (note.written !== undefined) made.written = note.written;
  if (note.computed !== undefined) made.computed = note.computed;
  if (note.carried !== undefined) made.carried = note.carried;
  return made;
}

/**
 * The lists a turn's report starts with, shared and frozen: most turns add no issue or bonus and
 * leave an exchange's words and squares empty (four new lists a turn fewer: about 1k machine
 * instructions a game, measured). A list is made on the first thing added ({@link addTurnIssue});
 * adding to a shared one throws (frozen), rather than writing into every report.
 */
export const NO_ISSUES = Object.freeze([]) as unknown as Issue[];
export const NO_BONUSES = Object.freeze([]) as unknown as TurnReport['bonuses'];
export const NO_WORDS = Object.freeze([]) as unknown as TurnReport['words'];
export const NO_SQUARES = Object.freeze([]) as unknown as string[];

/** Adds an issue to a turn's report, making its list on the first. */
export function addTurnIssue(report: TurnReport, issue: Issue): void {
  if (report.issues === NO_ISSUES) report.issues = [issue];
  else report.issues.push(issue);
}

/** Status of a turn after replay. */
export type TurnStatus =
  | 'ok'
  | 'score-mismatch'
  | 'illegal'
  | 'withdrawn'
  | 'exchange'
  | 'pass'
  /** Card games: cards taken in a last round that did not finish, which score nothing. */
  | 'unscored';

/** A word a play formed, as reported. */
export interface WordReport {
  /** Sheet notation: upper case tiles, lower case jokers, `|` where needed. */
  word: string;
  score: number;
  /** In the dictionary; `null` when the game was verified without one. */
  known: boolean | null;
  /** Where the word lies, in position notation (`9F` across, `F9` down). */
  position: string;
  /** True for the word the sheet wrote, false for a cross-word. */
  main: boolean;
}

/** A bonus a play earned. */
export interface BonusReport {
  kind: 'all-tiles' | 'long-word';
  points: number;
  /** For a long-word bonus, the word. */
  word?: string;
}

/** One turn of the replay. */
export interface TurnReport {
  index: number;
  player: number;
  /** `rotate`: a card game's turn (rotate a card, take the linked cards). */
  kind: 'play' | 'exchange' | 'pass' | 'rotate';
  status: TurnStatus;
  /** The play as the sheet wrote it. */
  play?: string;
  /** The play as the engine read it (canonical notation); differs from `play` after a digraph reading. */
  reading?: string;
  score: { claimed: number | null; computed: number };
  total: { claimed: number | null; computed: number };
  /** The clock as written and the remaining time after this player's penalties. */
  clock?: { claimed: string; remaining: string };
  /** For a withdrawn play: what it would have scored had it stood (null if it was not legal). */
  withdrawnScore?: number | null;
  words: WordReport[];
  bonuses: BonusReport[];
  /** Squares that received tiles, by name. */
  placed: string[];
  /** Tiles exchanged. */
  exchanged?: number;
  /** Points the player received because a challenge of this play failed. */
  challengeBonus?: number;
  penalty?: { player: number; minutes: number };
  /** Blanks taken from the board before the play (target-score games): the square and the letter put down. */
  swapped?: { square: string; letter: string }[];
  /** Stealing games: opponent's tiles this play took over (squares, their value, whose they were). */
  stolen?: { from: number; points: number; squares: string[] };
  /** Stealing games: squares whose tiles became safe with this play. */
  madeSafe?: string[];
  /** Card games: the cards taken, as written and as the grid gives them (null without a grid). */
  cards?: { claimed: number | null; computed: number };
  /** Card games: the cards the linking takes, `C3 2` (square and value), when the grid is recorded. */
  taken?: string[];
  /** Card games: the round of the turn, from 1. */
  round?: number;
  issues: Issue[];
}

/** A player's final account. */
export interface PlayerReport {
  name: string;
  /** Sum of the player's turn scores. */
  moves: number;
  /** Deducted for tiles left on the rack. */
  rackPenalty: number;
  /** Gained from the others' racks for going out (rule sets that transfer racks). */
  rackBonus: number;
  final: number;
  claimedFinal: number | null;
  /** Total time penalty, in minutes. */
  penaltyMinutes: number;
  /**
   * Points taken off for going over time (rule sets with an overtime penalty), where the sheet
   * writes any; `final` is after it.
   */
  timePenalty?: number;
  /** Remaining time after penalties, `mm:ss` (negative with a leading `-`). */
  remaining: string;
  /** Remaining time after penalties, in seconds. */
  remainingSeconds: number;
  turns: number;
  /** True when this player lost on time. */
  timeExpired: boolean;
  /** Stealing games: value of the safe tiles the player owns at the end. */
  safePoints?: number;
  /** Stealing games: tiles the player put on the board over the game. */
  tilesPlayed?: number;
  /** Stealing games: the most points the player stole in one move. */
  biggestSteal?: number;
  /** Card games: cards the player took (scored rounds only); the standings tie-break. */
  cards?: number;
  /** Card games: value of the card drawn at the end for an unused Double Rotate card. */
  drawnCard?: number;
}

/** How the game was decided. */
export interface GameResult {
  winner: number | null;
  /** `tie-break`: equal scores decided by the rule set's tie-break named in `tieBreak`. */
  reason: 'score' | 'time-tiebreak' | 'time-expired' | 'draw' | 'tie-break';
  tieBreak?: 'target-first' | 'safe-points' | 'tiles-played' | 'biggest-steal' | 'cards';
}

/** The whole verification report. */
export interface VerificationReport {
  ok: boolean;
  rules: string;
  turns: TurnReport[];
  players: PlayerReport[];
  result: GameResult;
  issues: Issue[];
  /**
   * The final board, one string a row, squares separated by a space:
   * `.` empty, `#` blocker, upper case letter tile, lower case joker.
   * Card games: the last recorded grid, cards in grid notation (empty when none was recorded).
   */
  board: string[];
  /**
   * Stealing games: who owns each tile of the final board, rows as `board`:
   * `.` empty, `a` `b` the first and second player's tiles, `A` `B` when safe.
   */
  ownership?: string[];
}

/**
 * One slip, one finding: what each player's written totals carry. The sheet's running
 * total may differ from the rules' because of an earlier slip (a wrong score, a wrong
 * addition) that every later total repeats; such a total follows from the sheet's own
 * arithmetic and is not a new finding. It counts on the findings of the slips it follows
 * from (`carried`), and a written total is a new slip only when its difference from the
 * rules is not the one the sheet already carried.
 */
export class CarriedTotals {
  /** Per player: the sheet's total less the rules' total, as the sheet's own figures carry it. */
  private readonly drift: number[];
  /** Per player: the findings of the slips that difference comes from. */
  private readonly open: Issue[][];
  /** Every slip's finding, to name what follows from it once the sheet is read. */
  private readonly slips: Issue[] = [];

  constructor(players: number) {
    // Made at their size: lists grown by push get room for 17, through a call into V8, on
    // every game.
    this.drift = new Array<number>(players);
    this.open = new Array<Issue[]>(players);
    for (let p = 0; p < players; p++) {
      this.drift[p] = 0;
      this.open[p] = [];
    }
  }

  /** The difference the player's sheet carries so far (written − computed). */
  carriedBy(player: number): number {
    return this.drift[player];
  }

  /**
   * A slip of the player that the sheet's later totals will carry: a written score
   * `difference` away from the rules' (call before that turn's total), or a total the
   * sheet got wrong by itself (after {@link total} said so; `difference` 0).
   */
  slip(player: number, difference: number, finding: Issue): void {
    this.drift[player] += difference;
    this.open[player].push(finding);
    this.slips.push(finding);
  }

  /**
   * A written total: `true` when it is a new slip, i.e. it differs from the rules' total by
   * something other than what the sheet carried; the caller reports it and passes its
   * finding to {@link slip}. A total that only carries earlier slips counts on their findings.
   */
  total(player: number, written: number, computed: number): boolean {
    const difference = written - computed;
    const carried = this.drift[player];
    this.drift[player] = difference;
    if (difference === 0) {
      if (this.open[player].length > 0) this.open[player] = [];
      return false;
    }
    if (difference === carried) {
      for (const finding of this.open[player]) finding.carried = (finding.carried ?? 0) + 1;
      return false;
    }
    return true;
  }

  /** Another finding takes a slip's place (the same slip, better explained), with its count. */
  replace(finding: Issue, by: Issue): void {
    if (finding.carried !== undefined) by.carried = finding.carried;
    for (const list of [...this.open, this.slips]) {
      const k = list.indexOf(finding);
      if (k >= 0) list[k] = by;
    }
  }

  /**
   * The turns (0-based) of the slips a written final follows from, when it is off from the
   * rules' final by exactly what the sheet carries; null when it is a slip of its own.
   */
  finalFollows(player: number, written: number, computed: number): number[] | null {
    const difference = written - computed;
    if (difference === 0 || difference !== this.drift[player]) return null;
    const turns: number[] = [];
    for (const finding of this.open[player])
      if (finding.turn !== undefined) turns.push(finding.turn);
    return turns.length > 0 ? turns : null;
  }

  /** Adds to each slip's message how many written totals follow from it. */
  finish(): void {
    for (const finding of this.slips) {
      const n = finding.carried;
      if (n === undefined) continue;
      finding.message += `; the sheet carries this into the ${n === 1 ? 'total' : `${n} totals`} written after it`;
    }
  }
}

/** `turn 5`, `turns 5 and 9`, `turns 3, 5 and 9` (0-based turns, named from 1). */
export function turnList(turns: readonly number[]): string {
  const named = turns.map((t) => String(t + 1));
  if (named.length === 1) return `turn ${named[0]}`;
  return `turns ${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
}

/**
 * A report is `ok` when no turn is illegal, every written total is the rules' total, no finding
 * is an error, and the sheet records the whole game (an unfinished sheet, `END_NOT_RECORDED`, is
 * right so far, not right).
 */
export function reportOk(turns: readonly TurnReport[], gameIssues: readonly Issue[]): boolean {
  for (let k = 0; k < turns.length; k++) {
    const t = turns[k];
    if (t.status === 'illegal') return false;
    if (t.total.claimed !== null && t.total.claimed !== t.total.computed) return false;
    if (hasError(t.issues)) return false;
  }
  if (hasError(gameIssues)) return false;
  for (let i = 0; i < gameIssues.length; i++)
    if (gameIssues[i].code === 'END_NOT_RECORDED') return false;
  return true;
}

function hasError(issues: readonly Issue[]): boolean {
  for (let i = 0; i < issues.length; i++) if (issues[i].severity === 'error') return true;
  return false;
}
