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
}
