import { Issue, IssueNote, turnIssue, TurnReport } from '../../report/report';
import { CompiledRules } from '../../rules/compiled';
import { CardRules } from '../../rules/ruleset';
import { Scoresheet, SheetTurn } from '../../sheet/scoresheet';

/**
 * A card game as the replay has it so far: the players, each line's report and what it took,
 * and the findings about the whole game. The rules' modules (blocks, grid, rotation, the
 * cards taken, the deck, the ending, the scoring) read and change it; each keeps the rest of
 * what only its rule needs.
 */
export class CardReplayState {
  readonly names: readonly string[];
  readonly playerCount: number;
  readonly cards: CardRules;
  /** The grid is `size` x `size` cards. */
  readonly size: number;
  /** Each line replayed so far, with its report. */
  readonly replayed: CardTurn[] = [];
  /** Each line's report, by turn. */
  readonly turns: TurnReport[] = [];
  /** Findings about the whole game. */
  readonly gameIssues: Issue[] = [];

  constructor(
    readonly rules: CompiledRules,
    readonly sheet: Scoresheet,
  ) {
    this.names = sheet.players;
    this.playerCount = sheet.players.length;
    this.cards = rules.ruleSet.cards!;
    this.size = this.cards.gridSize;
  }

  who(player: number): string {
    return this.names[player];
  }

  /** `Turn 5 (Ana)`. */
  label(index: number): string {
    return `Turn ${index + 1} (${this.names[this.sheet.turns[index].player]})`;
  }

  /**
   * Starts a line's replay: its report, and whether it was that player's turn. Round r starts
   * with player (r − 1) mod n: the deck and timepiece move on each round.
   */
  beginTurn(index: number): CardTurn {
    const t = new CardTurn(this, index, this.sheet.turns[index]);
    this.replayed.push(t);
    this.turns.push(t.report);
    const n = this.playerCount;
    const { round } = t;
    const expected = (round - 1 + (index % n)) % n;
    if (t.player !== expected) {
      t.issue({
        code: 'OUT_OF_TURN',
        severity: 'warning',
        message: `${t.label}: round ${round} starts with ${this.who((round - 1) % n)}, so this was ${this.who(expected)}'s turn`,
      });
    }
    return t;
  }

  /** Rounds the sheet's lines reach (the last one perhaps unfinished). */
  get rounds(): number {
    return Math.ceil(this.turns.length / this.playerCount);
  }

  /** Whether the sheet's last round is unfinished. */
  get lastRoundUnfinished(): boolean {
    return this.turns.length % this.playerCount !== 0;
  }

  /** The turns `player` had that counted. */
  countedTurns(player: number): number {
    let counted = 0;
    for (const t of this.replayed) if (t.player === player && t.counted) counted++;
    return counted;
  }
}

/** One line of a card game's sheet being replayed: the line, its report, and what it took. */
export class CardTurn {
  readonly player: number;
  /** The round of the turn, from 1. */
  readonly round: number;
  readonly report: TurnReport;
  /** The turn was played by the rules and its cards taken (not refused, not after the end). */
  counted = false;
  /** The points of the cards it took (scored unless its round is not). */
  points = 0;
  /** The number of cards it took. */
  taken = 0;

  constructor(
    private readonly state: CardReplayState,
    readonly index: number,
    readonly turn: SheetTurn,
  ) {
    const p = turn.player;
    this.player = p;
    this.round = Math.floor(index / state.playerCount) + 1;
    this.report = {
      index,
      player: p,
      kind: 'rotate',
      status: 'ok',
      play: turn.rotate,
      score: { claimed: turn.score ?? null, computed: 0 },
      total: { claimed: turn.total ?? null, computed: 0 },
      words: [],
      bonuses: [],
      placed: [],
      cards: { claimed: turn.cards ?? turn.taken?.length ?? null, computed: 0 },
      round: this.round,
      issues: [],
    };
  }

  /** `Turn 5 (Ana)`. */
  get label(): string {
    return this.state.label(this.index);
  }

  /** Adds a finding to the turn, the mover's. */
  issue(note: IssueNote): void {
    this.report.issues.push(turnIssue(note, note.message, this.index, this.player));
  }

  /** The turn breaks a rule: it is not counted, and the finding says so. */
  refuse(note: IssueNote): void {
    this.report.status = 'illegal';
    const message = `${this.label}: ${note.message}; the turn is not counted`;
    this.report.issues.push(turnIssue(note, message, this.index, this.player));
  }

  /** True once the turn was refused. */
  get refused(): boolean {
    return this.report.status === 'illegal';
  }

  /** The turn counts: it took `taken` cards worth `points`. */
  count(points: number, taken: number): void {
    this.counted = true;
    this.points = points;
    this.taken = taken;
    this.report.cards!.computed = taken;
  }
}
