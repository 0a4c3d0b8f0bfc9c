import { GameResult, PlayerReport } from '../report/report';
import { TieBreakRule } from '../rules/ruleset';
import { ReplayState, ReplayTurn } from './state';

/**
 * The target-score ending: the first total to reach the target ends the game once the round
 * is complete (the players after that player still have their move); the higher score then
 * wins, and reaching it first breaks a tie.
 */
export class TargetEnding {
  /** Who reached the target first, and at which turn; the players still to move in that round. */
  private reached: { player: number; turn: number; pending: number[] } | null = null;

  constructor(
    private readonly state: ReplayState,
    readonly target: number,
  ) {}

  /** Whether a total reached the target (the game then ends with that round). */
  get wasReached(): boolean {
    return this.reached !== null;
  }

  /** A line after the target was reached: only the rest of that round may still move. */
  beforeTurn(t: ReplayTurn): void {
    const { reached, state } = this;
    if (reached === null || reached.pending.length === 0) return;
    const k = reached.pending.indexOf(t.player);
    if (k >= 0) {
      reached.pending.splice(k, 1);
      if (reached.pending.length === 0) {
        state.endedAt = { turn: t.index, why: this.roundOver(reached.player, reached.turn) };
      }
    } else {
      t.issue({
        code: 'PLAYED_AFTER_END',
        severity: 'warning',
        message: `${t.label}: after ${state.who(reached.player)} reached the target at turn ${reached.turn + 1}, only ${reached.pending.map((q) => state.who(q)).join(', ')} still move in that round`,
      });
    }
  }

  /** After the turn's points: the first total to reach the target. */
  afterScore(t: ReplayTurn): void {
    const { state, target } = this;
    const p = t.player;
    const total = state.totals[p];
    if (this.reached !== null || total < target) return;
    const pending: number[] = [];
    for (let q = p + 1; q < state.playerCount; q++) pending.push(q);
    this.reached = { player: p, turn: t.index, pending };
    if (pending.length === 0) state.endedAt ??= { turn: t.index, why: this.roundOver(p, t.index) };
    const who = (q: number) => state.who(q);
    t.issue({
      code: 'TARGET_REACHED',
      severity: 'info',
      message: `${t.playLabel}: ${who(p)} reaches ${total}, the target of ${target}: ${
        pending.length > 0
          ? `${pending.map(who).join(', ')} still ${pending.length === 1 ? 'has a last move' : 'have a last move each'} in this round, then the game ends`
          : 'the round is complete and the game ends'
      }`,
    });
  }

  /** The round the target was reached in must be complete; a target end must show the target. */
  atEnd(): void {
    const { reached, state } = this;
    if (reached !== null) {
      for (const q of reached.pending) {
        state.gameIssues.push({
          code: 'GAME_INCOMPLETE',
          severity: 'warning',
          player: q,
          message: `End of game: ${state.who(reached.player)} reached the target at turn ${reached.turn + 1}, but the sheet has no last move of ${state.who(q)} in that round`,
        });
      }
    } else if (state.sheet.end?.reason === 'target') {
      state.gameIssues.push({
        code: 'TARGET_NOT_REACHED',
        severity: 'warning',
        message: `End of game: the sheet says a player reached the target, but no total reaches ${this.target}`,
      });
    }
  }

  /** The `target-first` tie-break: 1 for who reached the target first. */
  tieBreaks(values: Partial<Record<TieBreakRule, number[]>>): void {
    const { reached, state } = this;
    if (reached === null) return;
    const values01: number[] = [];
    for (let p = 0; p < state.playerCount; p++) values01.push(p === reached.player ? 1 : 0);
    values['target-first'] = values01;
  }

  /** Reaching the target first does not win by itself: the higher score does. */
  afterResult(result: GameResult, players: PlayerReport[]): void {
    const { reached, state } = this;
    if (
      reached === null ||
      result.reason !== 'score' ||
      result.winner === null ||
      result.winner === reached.player
    ) {
      return;
    }
    const first = reached.player;
    state.gameIssues.push({
      code: 'TARGET_REACHED',
      severity: 'info',
      message: `End of game: ${state.who(first)} reached the target first (turn ${reached.turn + 1}), but ${state.who(result.winner)} ends the round with more points (${players[result.winner].final} to ${players[first].final}); the higher score wins`,
    });
  }

  private roundOver(player: number, turn: number): string {
    return `${this.state.who(player)} reached the target of ${this.target} at turn ${turn + 1} and that round is over`;
  }
}
