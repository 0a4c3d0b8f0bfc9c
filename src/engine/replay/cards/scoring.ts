import { CarriedTotals, PlayerReport, turnList } from '../../report/report';
import { takenText } from './links';
import { CardReplayState, CardTurn } from './state';

/**
 * The scores: each counted turn's points beside the sheet's, the running totals, and each
 * player's final. Under Drain the Deck the cards of a last round that did not finish are not
 * scored, which is known only once every line is read: the turns are scored after the replay.
 */
export class CardScoring {
  /** Each player's total from cards, as the rules compute it. */
  readonly totals: number[];
  /** Cards each player took in scored turns (the tie-break). */
  readonly cardTotals: number[];
  /** The differences the sheet's own running totals carry (one slip, one finding). */
  private readonly carriedTotals: CarriedTotals;

  constructor(private readonly state: CardReplayState) {
    const n = state.playerCount;
    this.totals = new Array<number>(n).fill(0);
    this.cardTotals = new Array<number>(n).fill(0);
    this.carriedTotals = new CarriedTotals(n);
  }

  /** Scores every line replayed, in order, and checks the sheet's scores and totals. */
  scoreTurns(): void {
    const { cards, rounds, lastRoundUnfinished } = this.state;
    const unscoredRound =
      cards.drainDeck && lastRoundUnfinished && rounds > cards.rounds ? rounds : null;
    for (const t of this.state.replayed) {
      this.scoreTurn(t, unscoredRound);
      this.checkScore(t);
      this.checkTotal(t);
    }
    this.carriedTotals.finish();
  }

  /** A counted turn adds its points and cards, unless its round is not scored. */
  private scoreTurn(t: CardTurn, unscoredRound: number | null): void {
    const { report, index: i, player: p } = t;
    if (t.counted && report.round === unscoredRound) {
      report.status = 'unscored';
      report.issues.push({
        code: 'ROUND_NOT_SCORED',
        severity: 'info',
        turn: i,
        player: p,
        message: `${t.label}: round ${unscoredRound} did not finish, so its cards (${t.points} points) are not scored`,
      });
    } else if (t.counted) {
      report.score.computed = t.points;
      this.totals[p] += t.points;
      this.cardTotals[p] += t.taken;
    }
  }

  /** The turn's written score beside the rules' (an unscored turn may write its cards' points). */
  private checkScore(t: CardTurn): void {
    const { report, index: i, player: p } = t;
    const claimed = report.score.claimed;
    const allowed = report.status === 'unscored' ? t.points : null;
    if (claimed === null || claimed === report.score.computed || claimed === allowed) return;
    report.issues.push({
      code: 'SCORE_MISMATCH',
      severity: 'error',
      turn: i,
      player: p,
      message: `${t.label}: the sheet says ${claimed} points, the rules give ${report.score.computed}${report.taken ? takenText(report.taken) : ''}`,
      written: claimed,
      computed: report.score.computed,
    });
    this.carriedTotals.slip(
      p,
      claimed - report.score.computed,
      report.issues[report.issues.length - 1],
    );
    if (report.status === 'ok') report.status = 'score-mismatch';
  }

  /** The turn's written total beside the rules'; one that only repeats an earlier slip is not a finding of its own. */
  private checkTotal(t: CardTurn): void {
    const { report, index: i, player: p } = t;
    const total = this.totals[p];
    report.total.computed = total;
    const claimedTotal = report.total.claimed;
    if (claimedTotal === null || !this.carriedTotals.total(p, claimedTotal, total)) return;
    report.issues.push({
      code: 'TOTAL_MISMATCH',
      severity: 'error',
      turn: i,
      player: p,
      message: `${t.label}: the sheet's total is ${claimedTotal}, the rules give ${total}`,
      written: claimedTotal,
      computed: total,
    });
    this.carriedTotals.slip(p, 0, report.issues[report.issues.length - 1]);
    if (report.status === 'ok') report.status = 'score-mismatch';
  }

  /**
   * A player's account at the end: the total from cards, `drawnCard` (the card drawn for an
   * unused Double Rotate card, 0 for none), and the sheet's final beside the rules'.
   */
  account(player: number, drawnCard: number): PlayerReport {
    const { cards, rules } = this.state;
    const final = this.totals[player] + drawnCard;
    const seconds = rules.ruleSet.clock.minutes * 60;
    return {
      name: this.state.who(player),
      moves: this.totals[player],
      rackPenalty: 0,
      rackBonus: 0,
      final,
      claimedFinal: this.checkFinal(player, final, drawnCard),
      penaltyMinutes: 0,
      remaining: `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`,
      remainingSeconds: seconds,
      turns: this.state.countedTurns(player),
      timeExpired: false,
      cards: this.cardTotals[player],
      ...(cards.doubleRotate ? { drawnCard } : {}),
    };
  }

  /** The player's final as the sheet writes it, beside the rules' `final`. */
  private checkFinal(player: number, final: number, drawnCard: number): number | null {
    const claimedFinal = this.state.sheet.claimed?.final?.[player] ?? null;
    if (claimedFinal === null || claimedFinal === final) return claimedFinal;
    const follows = this.carriedTotals.finalFollows(player, claimedFinal, final);
    this.state.gameIssues.push({
      code: 'FINAL_MISMATCH',
      severity: 'error',
      player,
      message: `End of game: the sheet gives ${this.state.who(player)} ${claimedFinal}, the rules give ${final} (${this.totals[player]} from cards${drawnCard ? ` + ${drawnCard} drawn for the unused Double Rotate card` : ''})${follows ? `; the difference follows from the ${follows.length === 1 ? 'slip' : 'slips'} on ${turnList(follows)}` : ''}`,
      written: claimedFinal,
      computed: final,
    });
    return claimedFinal;
  }
}
