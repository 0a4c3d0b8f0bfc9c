import { Issue, IssueNote } from '../report/report';
import { formatClock, parseClock } from '../sheet/scoresheet';
import { filled, ReplayState, ReplayTurn } from './state';

/**
 * Chess clocks and time penalties: each reading less the penalties given so far is the time
 * left, and a player whose time reaches zero has lost (rulings: time). A penalty comes off the
 * clock when it is given, so it can run a clock out by itself.
 */
export class Clocks {
  private readonly penaltiesGiven: number[];
  /** Penalty seconds given to each player so far. */
  readonly penaltySeconds: number[];
  /** Each player's last clock reading, in seconds. */
  private readonly lastClock: (number | null)[];
  /** Each player's last clock reading as the sheet wrote it. */
  private readonly lastReading: (string | null)[];
  private readonly schedule: readonly number[];
  private readonly fullSeconds: number;

  /** `seconds`: each turn's clock reading in seconds, by turn, as the sheet's reading found them. */
  constructor(
    private readonly state: ReplayState,
    private readonly seconds: readonly (number | undefined)[],
  ) {
    const n = state.playerCount;
    this.penaltiesGiven = filled(n, 0);
    this.penaltySeconds = filled(n, 0);
    this.lastClock = filled<number | null>(n, null);
    this.lastReading = filled<string | null>(n, null);
    this.schedule = state.rules.ruleSet.clock.penaltyMinutes;
    this.fullSeconds = state.rules.ruleSet.clock.minutes * 60;
  }

  /** The player's next time penalty in minutes (the schedule escalates), or null where the rules give none. */
  nextPenalty(player: number): number | null {
    const { schedule } = this;
    if (schedule.length === 0) return null;
    const minutes = schedule[Math.min(this.penaltiesGiven[player], schedule.length - 1)];
    this.penaltiesGiven[player]++;
    return minutes;
  }

  /** A line after a clock ran out: the game was already lost on time. */
  beforeTurn(t: ReplayTurn): void {
    const { firstExpiryTurn } = this.state;
    if (t.index > firstExpiryTurn) {
      t.issue({
        code: 'AFTER_TIME_EXPIRED',
        severity: 'warning',
        message: `${t.label}: recorded after a clock ran out at turn ${firstExpiryTurn + 1}; the game was already lost on time`,
      });
    }
  }

  /** The turn's clock reading, then the penalty the turn gives: either may run a clock out. */
  afterTurn(t: ReplayTurn): void {
    const { state } = this;
    const { turn, index, report } = t;
    const p = t.player;
    if (turn.clock !== undefined) {
      const reading = this.seconds[index]!;
      const remaining = reading - this.penaltySeconds[p];
      this.lastClock[p] = reading;
      this.lastReading[p] = turn.clock;
      // A reading written `mm:ss` with no penalty to take off is the time left as written.
      const shown =
        remaining === reading && turn.clock.length === 5 && turn.clock.charCodeAt(0) !== 45
          ? turn.clock
          : formatClock(remaining);
      report.clock = { claimed: turn.clock, remaining: shown };
      if (remaining <= 0 && !state.expiries[p]) {
        state.expire(p, index, remaining, index);
        const penaltyNote =
          this.penaltySeconds[p] > 0 ? ` less ${penaltyMinutes(this.penaltySeconds[p])}` : '';
        const who = state.who(p);
        t.issue({
          code: 'CLOCK_EXPIRED',
          severity: 'info',
          message: `${t.label}: the clock reads ${turn.clock}${penaltyNote}, so ${who}'s time has run out and ${who} loses the game whatever the score`,
          written: turn.clock,
          computed: shown,
        });
      }
    }
    const penalty = t.penalty;
    if (!penalty) return;
    report.penalty = penalty;
    const q = penalty.player;
    this.penaltySeconds[q] += penalty.minutes * 60;
    // The penalty comes off the clock when it is given, after this turn's reading: the
    // flag falls then if the last reading (the full clock without one) is used up.
    const remaining = (this.lastClock[q] ?? this.fullSeconds) - this.penaltySeconds[q];
    if (remaining <= 0 && !state.expiries[q]) {
      // Half a turn on: after the clock readings of this turn, before the next turn.
      state.expire(q, index + 0.5, remaining, index);
      const read = this.lastReading[q];
      const from =
        read !== null
          ? `last reading ${read}`
          : `no reading: the full ${formatClock(this.fullSeconds)}`;
      const who = state.who(q);
      const note: IssueNote = {
        code: 'CLOCK_EXPIRED',
        severity: 'info',
        message: `${t.label}: the ${penalty.minutes}-minute penalty takes ${who}'s clock to ${formatClock(remaining)} (${from} less ${penaltyMinutes(this.penaltySeconds[q])}), so ${who}'s time has run out and ${who} loses the game whatever the score`,
        computed: formatClock(remaining),
      };
      if (read !== null) note.written = read;
      // The issue is the penalised player's, who is not the mover when a challenge failed.
      t.issueOf(q, note);
    }
  }

  /**
   * The player's time left at the end: the final clock written, else the last reading (the
   * full clock without one), less the penalties. A final clock at zero, or the sheet's mark
   * that the player's time ran out, is a time loss. With no clock written at all, points taken
   * for going over time (`overtimeMinutes`, a rule set's points a minute over) say the time
   * went below zero by that much, not that the whole clock was left.
   */
  atEnd(player: number, overtimeMinutes = 0): number {
    const { state } = this;
    const end = state.sheet.end ?? {};
    const name = state.who(player);
    const penalties = this.penaltySeconds[player];
    const atTheEnd = state.sheet.turns.length;
    let remaining: number;
    const endClock = end.clocks?.[player];
    if (endClock !== undefined) {
      remaining = parseClock(endClock)! - penalties;
      if (remaining <= 0 && !state.expiries[player]) {
        state.expiries[player] = { at: atTheEnd, remaining };
        state.gameIssues.push({
          code: 'CLOCK_EXPIRED',
          severity: 'info',
          player,
          message: `End of game: ${name}'s final clock reads ${endClock}${penalties > 0 ? ` less ${penaltyMinutes(penalties)}` : ''}, so ${name}'s time has run out and ${name} loses whatever the score`,
          written: endClock,
          computed: formatClock(remaining),
        });
      }
    } else if (this.lastClock[player] === null && overtimeMinutes > 0) {
      remaining = -overtimeMinutes * 60 - penalties;
    } else {
      remaining = (this.lastClock[player] ?? this.fullSeconds) - penalties;
    }
    if (end.timeExpired === player && !state.expiries[player]) {
      state.expiries[player] = { at: atTheEnd, remaining: Math.min(remaining, 0) };
      state.gameIssues.push({
        code: 'CLOCK_EXPIRED',
        severity: 'info',
        player,
        message: `End of game: the sheet marks ${name}'s time as run out, so ${name} loses whatever the score`,
      });
    }
    return remaining;
  }

  /** The sheet says time ran out, but no clock shows it. */
  checkTimeEnd(): Issue | null {
    const { state } = this;
    if (state.sheet.end?.reason !== 'time' || !state.expiries.every((e) => e === null)) return null;
    return {
      code: 'TIME_NOT_SHOWN',
      severity: 'warning',
      message:
        'End of game: the sheet says time ran out, but no clock reading reaches zero and end.timeExpired is not set',
    };
  }
}

/** `1 penalty minute`, `3 penalty minutes`. */
function penaltyMinutes(seconds: number): string {
  const minutes = seconds / 60;
  return `${minutes} penalty minute${minutes === 1 ? '' : 's'}`;
}
