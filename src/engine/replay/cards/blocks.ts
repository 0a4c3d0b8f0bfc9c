import { parseSquare } from '../../sheet/scoresheet';
import { CardReplayState, CardTurn } from './state';

/**
 * Color Block cards (option colourBlock): each player has one, and the card it covers cannot be
 * rotated and shows no colour for the rest of the game.
 */
export class ColourBlocks {
  /** The turn at which each player played their Color Block card. */
  private readonly usedAt: (number | null)[];
  /** The places covered, `row * size + column`. */
  readonly covered = new Set<number>();

  constructor(private readonly state: CardReplayState) {
    this.usedAt = new Array<number | null>(state.playerCount).fill(null);
  }

  /** The blocks the line records before its turn; a second block of a player's is refused. */
  play(t: CardTurn): void {
    const { size } = this.state;
    for (const b of t.turn.blocks ?? []) {
      const at = parseSquare(b.card, size)!; // checked when the sheet was read
      const used = this.usedAt[b.by];
      if (used !== null) {
        t.issue({
          code: 'CARD_ALREADY_USED',
          severity: 'error',
          message: `${t.label}: ${this.state.who(b.by)} blocks ${b.card}, but played their only Color Block card at turn ${used + 1}`,
        });
        continue;
      }
      this.usedAt[b.by] = t.index;
      this.covered.add(at.row * size + at.column);
    }
  }
}
