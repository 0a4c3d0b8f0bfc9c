import { WrittenTile } from '../rules/alphabet';
import { OutByTheLines } from './settlement';
import { ReplayState, ReplayTurn } from './state';
import { TargetEnding } from './target';

/**
 * How a game ends: the turn limit, scoreless turns and passes in a row, the end another rule
 * saw (going out with the pool empty, a target round over). Lines after the end are flagged,
 * and an end the sheet claims must show on the sheet.
 */
export class Ending {
  private readonly turnLimit: number | null;
  private readonly scorelessLimit: number | null;
  private scorelessStreak = 0;
  private scorelessEndTurn = Infinity;
  private readonly passLimit: number | null;
  private passStreak = 0;
  private passEndTurn = Infinity;

  constructor(
    private readonly state: ReplayState,
    private readonly target: TargetEnding | null,
  ) {
    const { ruleSet } = state.rules;
    this.turnLimit = ruleSet.turnsPerPlayer;
    this.scorelessLimit = ruleSet.endOfGame.scorelessTurns;
    this.passLimit = ruleSet.endOfGame.consecutivePasses ?? null;
  }

  /** A line after the game ended. */
  beforeTurn(t: ReplayTurn): void {
    const { state } = this;
    const { index } = t;
    if (index > this.scorelessEndTurn) {
      t.issue({
        code: 'PLAYED_AFTER_END',
        severity: 'warning',
        message: `${t.label}: recorded after ${this.scorelessLimit} scoreless turns in a row (to turn ${this.scorelessEndTurn + 1}), which end the game`,
      });
    }
    const { endedAt } = state;
    if (endedAt !== null && index > endedAt.turn) {
      t.issue({
        code: 'PLAYED_AFTER_END',
        severity: 'warning',
        message: `${t.label}: recorded after the end of the game (${endedAt.why})`,
      });
    } else if (this.target) {
      this.target.beforeTurn(t);
    }
  }

  /**
   * Counts the mover's turn; false (and the turn refused) when it is beyond the rules' number
   * of turns a player.
   */
  countTurn(t: ReplayTurn): boolean {
    const { state, turnLimit } = this;
    const p = t.player;
    const taken = ++state.turnsTaken[p];
    if (turnLimit === null || taken <= turnLimit) return true;
    t.refuse();
    t.issue({
      code: 'TOO_MANY_TURNS',
      severity: 'error',
      message: `${t.playLabel}: this is ${state.who(p)}'s turn ${taken}, but each player has ${turnLimit} turns; the turn is not counted`,
    });
    return false;
  }

  /** After the turn's points: scoreless turns and passes in a row, and the target. */
  afterScore(t: ReplayTurn): void {
    const { report, index } = t;
    const counted = report.status !== 'illegal';
    const { scorelessLimit, passLimit } = this;
    if (scorelessLimit !== null && counted) {
      this.scorelessStreak = report.score.computed === 0 ? this.scorelessStreak + 1 : 0;
      if (this.scorelessStreak >= scorelessLimit && this.scorelessEndTurn === Infinity)
        this.scorelessEndTurn = index;
    }
    if (passLimit !== null && counted) {
      this.passStreak = t.kind === 'pass' ? this.passStreak + 1 : 0;
      if (this.passStreak >= passLimit && this.passEndTurn === Infinity) {
        this.passEndTurn = index;
        this.state.endedAt ??= {
          turn: index,
          why: `${passLimit} passes in a row, to turn ${index + 1}, end it`,
        };
      }
    }
    if (this.target) this.target.afterScore(t);
  }

  /** The game stalled (passes in a row): the racks are settled by the rules' stalled rule. */
  get stalled(): boolean {
    return this.passEndTurn !== Infinity || this.state.sheet.end?.reason === 'passes';
  }

  /**
   * Whether `player`, whose final rack the sheet writes empty, went out by the lines: not when
   * scoreless turns in a row ended the game, nor when the player's last line is not a play that
   * stood (a play ruled illegal or challenged off puts its tiles back on the rack, counted when
   * the line records the rack). When not, a finding says why the empty rack earns nothing, and the
   * racks settle as in a game that nobody went out of.
   */
  wentOut(player: number): OutByTheLines {
    const { state } = this;
    const who = state.who(player);
    const empty = `End of game: the sheet has ${who}'s rack empty, but`;
    const nothing = `nobody went out and nobody gains the others' racks`;
    let why: string | null = null;
    let held: WrittenTile[] | null = null;
    if (this.scorelessEndTurn !== Infinity) {
      why = `${empty} ${this.scorelessLimit} scoreless turns in a row (to turn ${this.scorelessEndTurn + 1}) ended the game: ${nothing}`;
    } else {
      const { turns } = state;
      let last = turns.length - 1;
      while (last >= 0 && turns[last].player !== player) last--;
      const line = last >= 0 ? turns[last] : null;
      if (line === null) {
        why = `${empty} ${who} has no turn on the sheet: ${who} did not go out`;
      } else if (line.kind !== 'play') {
        why = `${empty} ${who}'s last turn (turn ${last + 1}) is ${line.kind === 'pass' ? 'a pass' : 'an exchange'}, not a play that empties the rack: ${who} did not go out`;
      } else if (line.status === 'illegal' || line.status === 'withdrawn') {
        // The play's tiles are back on the rack: the rack written with the line, when it is.
        const written = state.sheet.turns[last].rack;
        const parsed = written === undefined ? null : state.rules.alphabet.parseRack(written);
        held = parsed?.ok ? parsed.tiles : null;
        why = `${empty} ${who}'s last play (turn ${last + 1}, ${line.play}) was ${line.status === 'illegal' ? 'refused by the rules' : 'challenged off'}: its tiles went back to the rack${held ? ` (${written})` : ''}, so ${who} did not go out and gains nothing from the others' racks`;
      }
    }
    if (why === null) return true;
    state.gameIssues.push({ code: 'OUT_NOT_SHOWN', severity: 'warning', player, message: why });
    return held;
  }

  /**
   * A pass keeps the rack: a player whose last turn is a pass with its rack written ends the game
   * holding that rack. A final rack written with other tiles (a GCG end line that counts other
   * letters than the rack before them, `?AEIOTT (?AEEOTT) -6`) is a finding, and the rack the
   * pass kept is the one counted: the final racks to count, `endRacks` itself when none differs.
   * A rack written empty is left to {@link wentOut}. `turnRacks`: the turns' racks as the sheet's
   * reading read them.
   */
  racksKeptByPasses(
    endRacks: WrittenTile[][],
    turnRacks: readonly (WrittenTile[] | undefined)[] | null,
  ): WrittenTile[][] {
    const { state } = this;
    const written = state.sheet.end?.racks;
    if (!written) return endRacks;
    const { turns, playerCount } = state;
    const sheetTurns = state.sheet.turns;
    const seen = new Array<boolean>(playerCount).fill(false);
    let counted = endRacks;
    let left = playerCount;
    // Each player's last turn, from the end of the sheet.
    for (let k = turns.length - 1; k >= 0 && left > 0; k--) {
      const line = turns[k];
      const p = line.player;
      if (seen[p]) continue;
      seen[p] = true;
      left--;
      const rack = sheetTurns[k].rack;
      const end = endRacks[p];
      if (line.kind !== 'pass' || line.status === 'illegal' || rack === undefined) continue;
      // A rack written empty is the going-out question's: one slip, one finding.
      if (end === undefined || end.length === 0) continue;
      let held = turnRacks?.[k];
      if (held === undefined) {
        const parsed = state.rules.alphabet.parseRack(rack);
        if (!parsed.ok) continue;
        held = parsed.tiles;
      }
      if (sameTiles(held, end)) continue;
      if (counted === endRacks) counted = endRacks.slice();
      counted[p] = held;
      const who = state.who(p);
      state.gameIssues.push({
        code: 'RACK_MISMATCH',
        severity: 'warning',
        player: p,
        message: `End of game: ${who}'s final rack is written ${written[p]}, but ${who}'s last turn (turn ${k + 1}) is a pass with the rack ${rack}, and a pass keeps the rack: ${rack} is counted`,
        written: written[p],
        computed: rack,
      });
    }
    return counted;
  }

  /**
   * Whether the lines show the game's end without an end reason: a clock at zero (or the time
   * loss the sheet names), passes or scoreless turns in a row, another rule's end.
   */
  private overWithoutReason(): boolean {
    const { state } = this;
    return (
      state.expiries.some((expiry) => expiry !== null) ||
      state.sheet.end?.timeExpired !== undefined ||
      state.endedAt !== null ||
      this.scorelessEndTurn !== Infinity ||
      this.passEndTurn !== Infinity
    );
  }

  /**
   * A game without a turn limit whose sheet says nothing of its end, and whose lines and racks
   * do not show it either (nobody out of tiles, a target not reached): `END_NOT_RECORDED`, with
   * no number of turns.
   */
  private endNotShown(): void {
    const { state, target } = this;
    const racks = state.sheet.end?.racks;
    if (racks?.some((rack) => rack.trim() === '') || target?.wasReached) return;
    const { scorelessLimit, passLimit } = this;
    const shown = [
      'no player out of tiles',
      scorelessLimit !== null ? `no ${scorelessLimit} scoreless turns in a row` : '',
      passLimit !== null ? `no ${passLimit} passes in a row` : '',
      target !== null ? 'no total at the target' : '',
      'no clock at zero',
    ].filter(Boolean);
    state.gameIssues.push({
      code: 'END_NOT_RECORDED',
      severity: 'warning',
      message: `End of game: the sheet does not say how the game ended, and its lines do not show the end (${shown.join(', ')}); if the game is over, say how it ended`,
    });
  }

  /** The end the sheet claims, beside what its lines show. */
  atEnd(): void {
    const { state, turnLimit, scorelessLimit, passLimit } = this;
    const reason = state.sheet.end?.reason;
    if (reason === 'turns' && turnLimit !== null) {
      for (let p = 0; p < state.playerCount; p++) {
        if (state.turnsTaken[p] < turnLimit) {
          state.gameIssues.push({
            code: 'GAME_INCOMPLETE',
            severity: 'warning',
            player: p,
            message: `End of game: the sheet says the turns ran out, but ${state.who(p)} has ${state.turnsTaken[p]} of ${turnLimit} turns`,
          });
        }
      }
    }
    if (reason === undefined && turnLimit === null && !this.overWithoutReason()) {
      this.endNotShown();
    } else if (reason === undefined && turnLimit !== null && !this.overWithoutReason()) {
      const short = state.turnsTaken.some((taken) => taken < turnLimit);
      if (short) {
        const turns = state.turnsTaken
          .map((taken, p) => `${state.who(p)} ${taken} of ${turnLimit}`)
          .join(', ');
        state.gameIssues.push({
          code: 'END_NOT_RECORDED',
          severity: 'warning',
          message: `End of game: the sheet does not say how the game ended, and not every player has had ${turnLimit} turns (${turns}); if the game is over, say how it ended`,
          computed: turnLimit,
        });
      }
    }
    if (reason === 'scoreless' && scorelessLimit !== null && this.scorelessEndTurn === Infinity) {
      state.gameIssues.push({
        code: 'SCORELESS_NOT_SHOWN',
        severity: 'warning',
        message: `End of game: the sheet says the game ended on scoreless turns, but it never has ${scorelessLimit} in a row`,
      });
    }
    if (this.target) this.target.atEnd();
    if (reason === 'passes' && passLimit !== null && this.passEndTurn === Infinity) {
      state.gameIssues.push({
        code: 'PASSES_NOT_SHOWN',
        severity: 'warning',
        message: `End of game: the sheet says the game ended on passes, but it never has ${passLimit} in a row`,
      });
    }
  }
}

/** Whether two racks hold the same tiles, in any order. */
function sameTiles(a: readonly WrittenTile[], b: readonly WrittenTile[]): boolean {
  if (a.length !== b.length) return false;
  const x = a.slice().sort((m, n) => m - n);
  const y = b.slice().sort((m, n) => m - n);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}
