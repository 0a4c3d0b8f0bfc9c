import { GridCard } from './grid';

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
