import { Board, LegalPlay } from './board';
import { describePlay } from './describe';
import { Expiry } from './result';
import {
  addTurnIssue,
  CarriedTotals,
  Issue,
  IssueNote,
  turnIssue,
  TurnReport,
} from '../report/report';
import { ReplayTurnReport } from './report-json';
import { CompiledRules } from '../rules/compiled';
import { WordList } from '../rules/words';
import { Scoresheet, SheetTurn } from '../sheet/scoresheet';

/** What kind of move a line of the sheet records. */
export type MoveKind = 'play' | 'exchange' | 'pass';

/**
 * The game as the replay has it so far: the board, the scores, the turns each player has
 * had, whose turn is next, the clocks' expiries and where the game ended. The rules' modules
 * read and change it; each keeps the rest of what only its rule needs.
 */
export class ReplayState {
  readonly names: readonly string[];
  readonly playerCount: number;
  readonly board: Board;
  /** Each player's total from moves, as the rules compute it. */
  readonly totals: number[];
  /** Turns each player has had (every line, counted or not). */
  readonly turnsTaken: number[];
  /**
   * Each line's report, by turn (the replay adds them in order). Grown from empty rather than
   * made at the sheet's size: a list made by `new Array(n)` is holey to V8, and JSON.stringify
   * on Node 20 writes a holey list element by element through a property lookup.
   */
  readonly turns: TurnReport[];
  /** Findings about the whole game. */
  readonly gameIssues: Issue[] = [];
  /** The differences the sheet's own running totals carry (one slip, one finding). */
  readonly carriedTotals: CarriedTotals;
  /** Where each player's clock first reached zero. */
  readonly expiries: (Expiry | null)[];
  /** The first turn at which a clock reached zero. */
  firstExpiryTurn = Infinity;
  /** The end the replay saw (passes, going out, a target round over); later turns are flagged. */
  endedAt: { turn: number; why: string } | null = null;
  /** Points stolen from each player since their last turn (for the totals' hint). */
  readonly lostSince: number[];
  /** Player who loses their next turn to a failed challenge (rules where that is the cost). */
  skipNext: number | null = null;
  private expected = 0;
  /**
   * Applied plays whose turns' reports are yet to be given their words, bonuses and squares, by
   * turn: most reports are judged and stored, or summed up in a line, rather than read turn by
   * turn, and writing out every word's text was about an eighth of a verification.
   */
  private undescribed: (LegalPlay | undefined)[] | null = null;

  constructor(
    readonly rules: CompiledRules,
    readonly sheet: Scoresheet,
    readonly words: WordList | null,
  ) {
    this.names = sheet.players;
    this.playerCount = sheet.players.length;
    this.board = new Board(rules.size);
    this.turns = [];
    this.totals = filled(this.playerCount, 0);
    this.turnsTaken = filled(this.playerCount, 0);
    this.expiries = filled<Expiry | null>(this.playerCount, null);
    this.lostSince = filled(this.playerCount, 0);
    this.carriedTotals = new CarriedTotals(this.playerCount);
  }

  who(player: number): string {
    return this.names[player];
  }

  /** `Turn 5 (Ana)`; built only when a message is, so that clean turns make no strings. */
  label(index: number): string {
    return `Turn ${index + 1} (${this.names[this.sheet.turns[index].player]})`;
  }

  /**
   * `Turn 5 (Ana, 9F KUĆA)`: the label with the play as written, for a finding whose message
   * does not name the play's square and word itself (a wrong score or total, a tile overused).
   */
  playLabel(index: number): string {
    const turn = this.sheet.turns[index];
    return turn.play === undefined
      ? this.label(index)
      : `Turn ${index + 1} (${this.names[turn.player]}, ${turn.play})`;
  }

  /** Starts a line's replay: its report, and whether it was that player's turn. */
  beginTurn(index: number): ReplayTurn {
    const turn = this.sheet.turns[index];
    const t = new ReplayTurn(this, index, turn);
    const p = turn.player;
    if (p !== this.expected) {
      t.issue({
        code: 'OUT_OF_TURN',
        severity: 'warning',
        message: `${this.playLabel(index)}: it was ${this.who(this.expected)}'s turn`,
      });
    }
    let next = (p + 1) % this.playerCount;
    if (this.skipNext !== null && next === this.skipNext) next = (next + 1) % this.playerCount;
    this.expected = next;
    this.skipNext = null;
    return t;
  }

  /** Leaves the words of turn `index`'s applied play to be written out when first read. */
  describeLater(index: number, play: LegalPlay): void {
    (this.undescribed ??= new Array<LegalPlay | undefined>(this.sheet.turns.length))[index] = play;
  }

  /** The play of turn `index` whose words are left to be written out, if any. */
  playLeft(index: number): LegalPlay | undefined {
    const plays = this.undescribed;
    return plays === null ? undefined : plays[index];
  }

  /** Writes out the words of turn `index`'s play in its report, if they were left. */
  describeTurn(index: number, report: TurnReport): void {
    const play = this.undescribed?.[index];
    if (play === undefined) return;
    this.undescribed![index] = undefined;
    describePlay(this.rules, report, play, this.words !== null, null);
  }

  /** Writes out every turn's words left so far (see {@link describeLater}). */
  describeTurns(): void {
    const plays = this.undescribed;
    if (plays === null) return;
    this.undescribed = null;
    for (let i = 0; i < plays.length; i++) {
      const play = plays[i];
      if (play !== undefined)
        describePlay(this.rules, this.turns[i], play, this.words !== null, null);
    }
  }

  /** A clock reached zero at `at` (a turn, half a turn on for a penalty, or the end). */
  expire(player: number, at: number, remaining: number, turn: number): void {
    this.expiries[player] = { at, remaining };
    this.firstExpiryTurn = Math.min(this.firstExpiryTurn, turn);
  }
}

/** One line of the sheet being replayed: the line, its report, and what it costs or gives. */
export class ReplayTurn {
  readonly player: number;
  readonly kind: MoveKind;
  readonly report: TurnReport;
  /** The time penalty this turn gives, and to whom. */
  penalty: { player: number; minutes: number } | undefined = undefined;

  constructor(
    private readonly state: ReplayState,
    readonly index: number,
    readonly turn: SheetTurn,
  ) {
    const p = turn.player;
    const kind: MoveKind =
      turn.play !== undefined ? 'play' : turn.exchange !== undefined ? 'exchange' : 'pass';
    this.player = p;
    this.kind = kind;
    this.report = new ReplayTurnReport(
      index,
      p,
      kind,
      turn.play,
      turn.score ?? null,
      turn.total ?? null,
    );
  }

  /** `Turn 5 (Ana)`. */
  get label(): string {
    return this.state.label(this.index);
  }

  /** `Turn 5 (Ana, 9F KUĆA)` for a play, else {@link label}. */
  get playLabel(): string {
    return this.state.playLabel(this.index);
  }

  /** Adds a finding to the turn, the mover's (`message` defaults to the note's). */
  issue(note: IssueNote, message = note.message): void {
    addTurnIssue(this.report, turnIssue(note, message, this.index, this.player));
  }

  /** Adds a finding to the turn that belongs to another player (a penalty on the challenger). */
  issueOf(player: number, note: IssueNote): void {
    addTurnIssue(this.report, turnIssue(note, note.message, this.index, player));
  }

  /** The turn breaks a rule: it is not counted, and the report says so. */
  refuse(): void {
    this.report.status = 'illegal';
  }
}

/** A new array of `length` copies of `value`; a loop costs less than `Array.prototype.fill` on a few items. */
export function filled<T>(length: number, value: T): T[] {
  // Most games have two players: a literal list of two, where one grown by push gets room for 17.
  if (length === 2) return [value, value];
  const array: T[] = [];
  for (let i = 0; i < length; i++) array.push(value);
  return array;
}
