import { Deck } from './deck';
import { CardReplayState, CardTurn } from './state';

/**
 * When the game ends: after its rounds, or with Drain the Deck (option drainDeck) after the
 * first round past them before which the deck holds `drainAt` cards or fewer. Turns after the
 * end are refused.
 */
export class CardEnding {
  /** The last round played; with Drain the Deck, null until the deck runs low. */
  lastRound: number | null;

  constructor(
    private readonly state: CardReplayState,
    private readonly deck: Deck,
  ) {
    const { cards } = state;
    this.lastRound = cards.drainDeck ? null : cards.rounds;
  }

  /** Whether the turn is played: a turn after the game's last round is refused. */
  countTurn(t: CardTurn): boolean {
    const { cards, playerCount } = this.state;
    const { round } = t;
    const startsRound = t.index % playerCount === 0;
    if (
      this.lastRound === null &&
      round > cards.rounds &&
      startsRound &&
      this.deck.count <= cards.drainAt
    ) {
      this.lastRound = round - 1;
    }
    if (this.lastRound === null || round <= this.lastRound) return true;
    t.refuse({
      code: 'TOO_MANY_TURNS',
      severity: 'error',
      message: cards.drainDeck
        ? `the deck held ${this.deck.count} cards before round ${round} (${cards.drainAt} or fewer end the game), so the game ended after round ${this.lastRound}`
        : `the game has ${cards.rounds} rounds of ${playerCount} turns`,
    });
    return false;
  }

  /**
   * A game that stops short of its rounds (or, with Drain the Deck, of a deck run low), unless
   * the players agreed to end it: `GAME_INCOMPLETE` when the sheet says how it ended, and when
   * it says nothing, a sheet not yet over (`END_NOT_RECORDED`, with the turns a player is due).
   */
  atEnd(): void {
    const { cards, playerCount, turns, rounds, lastRoundUnfinished } = this.state;
    if (this.state.sheet.end?.reason === 'agreed') return;
    const fullRounds = lastRoundUnfinished ? rounds - 1 : rounds;
    if (!cards.drainDeck && turns.length < cards.rounds * playerCount) {
      this.short(
        `End of game: the sheet has ${turns.length} of the ${cards.rounds * playerCount} turns of ${cards.rounds} rounds`,
        cards.rounds,
      );
    } else if (cards.drainDeck && fullRounds < cards.rounds) {
      this.short(
        `End of game: the sheet has ${fullRounds} full rounds; Drain the Deck plays at least ${cards.rounds}`,
        cards.rounds,
      );
    } else if (cards.drainDeck && this.lastRound === null && !lastRoundUnfinished) {
      this.short(
        `End of game: the deck still holds ${this.deck.count} cards after round ${rounds}, more than ${cards.drainAt}: Drain the Deck plays another round`,
        rounds + 1,
      );
    }
  }

  private short(message: string, due: number): void {
    const { state } = this;
    if (state.sheet.end?.reason !== undefined) {
      state.gameIssues.push({ code: 'GAME_INCOMPLETE', severity: 'warning', message });
      return;
    }
    const had = state.names
      .map((name, p) => `${name} ${state.countedTurns(p)} of ${due}`)
      .join(', ');
    state.gameIssues.push({
      code: 'END_NOT_RECORDED',
      severity: 'warning',
      message: `End of game: the sheet does not say how the game ended, and not every player has had ${due} turns (${had}); if the game is over, say how it ended`,
      computed: due,
    });
  }
}
