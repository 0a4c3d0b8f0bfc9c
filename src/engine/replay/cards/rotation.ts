import { squareName } from '../../rules/compiled';
import { Grid, GridCard } from './grid';
import { CardReplayState, CardTurn } from './state';

/** How a card is turned: a quarter clockwise or counter-clockwise, a half (Double Rotate), or not at all (a free link claimed). */
export type Turning = 'cw' | 'ccw' | '180' | 'free';

/** Reads `C3 cw` (`ccw`, `180`, `free`) into a place and a turning. */
export function parseRotation(
  text: string,
  size: number,
): { ok: true; place: number; turning: Turning } | { ok: false; message: string } {
  const m = /^([A-Za-z])(\d{1,2})\s+(cw|ccw|180|free)$/i.exec(text.trim());
  const column = m ? (m[1].charCodeAt(0) | 32) - 97 : -1;
  const row = m ? Number(m[2]) - 1 : -1;
  if (!m || column >= size || row < 0 || row >= size) {
    return {
      ok: false,
      message: `'${text}' is not a rotation: write the card and the turning, e.g. "C3 cw", "C3 ccw", "C3 180" or "C3 free" (columns A to ${String.fromCharCode(64 + size)}, rows 1 to ${size})`,
    };
  }
  return { ok: true, place: row * size + column, turning: m[3].toLowerCase() as Turning };
}

/** The card turned: `cw` moves the top-left square to the top right. */
export function turnCard(card: GridCard, turning: Turning): GridCard {
  const shift = turning === 'cw' ? 3 : turning === 'ccw' ? 1 : turning === '180' ? 2 : 0;
  const c = card.colours;
  return {
    ...card,
    colours: [c[shift % 4], c[(1 + shift) % 4], c[(2 + shift) % 4], c[(3 + shift) % 4]],
  };
}

/** A rotation the replay allows: the place of the card and how it is turned. */
export interface Rotation {
  place: number;
  turning: Turning;
}

/**
 * The rotations the sheet records, and the Double Rotate card each player holds (option
 * doubleRotate): a half turn or a free link plays it, once a game.
 */
export class Rotations {
  /** The turn at which each player played their Double Rotate card. */
  readonly doubleRotateAt: (number | null)[];

  constructor(private readonly state: CardReplayState) {
    this.doubleRotateAt = new Array<number | null>(state.playerCount).fill(null);
  }

  /**
   * The line's rotation, null when it records none or the turn is refused: a rotation that
   * cannot be read, a Double Rotate the player does not have, or a card of `grid` that is
   * missing or covered.
   */
  read(t: CardTurn, grid: Grid | null, covered: ReadonlySet<number>): Rotation | null {
    if (t.turn.rotate === undefined) return null;
    const read = parseRotation(t.turn.rotate, this.state.size);
    if (!read.ok) {
      t.refuse({ code: 'BAD_NOTATION', severity: 'error', message: read.message });
      return null;
    }
    const refusal =
      this.doubleRotateRefusal(t, read.turning) ?? cardRefusal(this.state, read, grid, covered);
    if (refusal) {
      t.refuse({ code: refusal.code, severity: 'error', message: refusal.message });
      return null;
    }
    return read;
  }

  /**
   * The value of the card `player` drew at the end for a Double Rotate card still held (the
   * sheet's `end.drawn`), 0 for none; a card drawn for one played is a finding and not counted.
   */
  drawnCard(player: number): number {
    const { state } = this;
    const drawn = state.sheet.end?.drawn?.[player] ?? null;
    if (drawn === null) return 0;
    const usedAt = this.doubleRotateAt[player];
    if (usedAt === null) return drawn;
    state.gameIssues.push({
      code: 'CARD_ALREADY_USED',
      severity: 'error',
      player,
      message: `End of game: ${state.who(player)} draws a card for a Double Rotate card, but played it at turn ${usedAt + 1}; the card is not counted`,
    });
    return 0;
  }

  /** A half turn or a free link plays the player's Double Rotate card, if the game has them. */
  private doubleRotateRefusal(t: CardTurn, turning: Turning): Refusal | null {
    if (turning !== '180' && turning !== 'free') return null;
    const what = turning === '180' ? 'a half turn' : 'a free link';
    const p = t.player;
    const usedAt = this.doubleRotateAt[p];
    if (!this.state.cards.doubleRotate) {
      return {
        code: 'ROTATION_NOT_ALLOWED',
        message: `${what} needs a Double Rotate card, and this game is played without them (option doubleRotate)`,
      };
    }
    if (usedAt !== null) {
      return {
        code: 'CARD_ALREADY_USED',
        message: `${what} needs a Double Rotate card, and ${this.state.who(p)} played theirs at turn ${usedAt + 1}`,
      };
    }
    this.doubleRotateAt[p] = t.index;
    return null;
  }
}

interface Refusal {
  code: 'ROTATION_NOT_ALLOWED' | 'CARD_ALREADY_USED';
  message: string;
}

/** A rotation of a place of the recorded grid with no card, or with a covered one. */
function cardRefusal(
  state: CardReplayState,
  rotation: Rotation,
  grid: Grid | null,
  covered: ReadonlySet<number>,
): Refusal | null {
  if (!grid) return null;
  const card = grid[rotation.place];
  const placeName = squareName(state.size, rotation.place);
  if (!card)
    return { code: 'ROTATION_NOT_ALLOWED', message: `there is no card on ${placeName} to rotate` };
  if (card.blocked || covered.has(rotation.place)) {
    return {
      code: 'ROTATION_NOT_ALLOWED',
      message: `${placeName} is covered by a Color Block card and cannot be rotated`,
    };
  }
  return null;
}
