import { CardReplayState, CardTurn } from './state';

/**
 * The draw deck and the grid's count of cards: the cards a turn takes are replaced from the
 * deck while it lasts; after that the grid holds fewer.
 */
export class Deck {
  /** Cards left in the draw deck. */
  count: number;
  /** Cards on the grid. */
  private onGrid: number;
  private emptyReported = false;

  constructor(private readonly state: CardReplayState) {
    const { cards, size } = state;
    const deckCards = cards.deck.reduce((sum, d) => sum + d.count, 0) * cards.decks;
    this.count = deckCards - size * size;
    this.onGrid = size * size;
  }

  /** A turn took `taken` cards: more than the grid holds is a finding; the deck refills the grid. */
  take(t: CardTurn, taken: number): void {
    const { size } = this.state;
    if (taken > this.onGrid) {
      t.issue({
        code: 'CARDS_MISMATCH',
        severity: 'error',
        message: `${t.label}: ${taken} cards taken, but the grid holds only ${this.onGrid} (the deck is empty)`,
        written: taken,
        computed: this.onGrid,
      });
    }
    const refill = Math.min(taken, this.count);
    this.onGrid += refill - Math.min(taken, this.onGrid);
    this.count -= refill;
    if (this.count === 0 && this.onGrid < size * size && !this.emptyReported) {
      this.emptyReported = true;
      t.issue({
        code: 'DECK_EXHAUSTED',
        severity: 'info',
        message: `${t.label}: the draw deck is empty; the grid keeps ${this.onGrid} cards from here on`,
      });
    }
  }
}
