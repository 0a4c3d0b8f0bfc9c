import { Grid } from './grid';

/**
 * The cards a rotation takes: every card holding a square of a same-colour
 * region (squares touching edge to edge) that contains a square of the
 * rotated card and reaches another card. Blocked cards and empty places have
 * no colour. With `colour` (Random Color), only regions of that colour count.
 * Returns the places taken, in reading order (empty when nothing links).
 */
export function linkedCards(
  grid: Grid,
  size: number,
  place: number,
  colour: number | null,
): number[] {
  const cells = size * 2;
  const colourAt = (x: number, y: number): number => {
    const card = grid[Math.floor(y / 2) * size + Math.floor(x / 2)];
    if (!card || card.blocked) return -1;
    const quadrant = (y % 2) * 2 + (x % 2); // 0 TL, 1 TR, 2 BL, 3 BR
    return card.colours[[0, 1, 3, 2][quadrant]];
  };
  const cardOf = (x: number, y: number) => Math.floor(y / 2) * size + Math.floor(x / 2);
  const taken = new Set<number>();
  const px = (place % size) * 2;
  const py = Math.floor(place / size) * 2;
  for (const [sx, sy] of [
    [px, py],
    [px + 1, py],
    [px, py + 1],
    [px + 1, py + 1],
  ]) {
    const c = colourAt(sx, sy);
    if (c < 0 || (colour !== null && c !== colour)) continue;
    const seen = new Set<number>([sy * cells + sx]);
    const stack = [[sx, sy]];
    const region = new Set<number>();
    while (stack.length > 0) {
      const [x, y] = stack.pop()!;
      region.add(cardOf(x, y));
      for (const [nx, ny] of [
        [x - 1, y],
        [x + 1, y],
        [x, y - 1],
        [x, y + 1],
      ]) {
        if (nx < 0 || ny < 0 || nx >= cells || ny >= cells) continue;
        const key = ny * cells + nx;
        if (seen.has(key) || colourAt(nx, ny) !== c) continue;
        seen.add(key);
        stack.push([nx, ny]);
      }
    }
    if (region.size > 1) for (const card of region) taken.add(card);
  }
  return [...taken].sort((a, b) => a - b);
}
