import { squareName } from '../../rules/compiled';
import { Grid } from './grid';
import { Rotation, turnCard } from './rotation';
import { CardReplayState, CardTurn } from './state';

/** What a turn takes: the cards and their points, and the grid it leaves (null when not known). */
export interface Taking {
  points: number;
  taken: number;
  left: Grid | null;
}

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

/**
 * The cards a rotation of the recorded grid takes (the cards `covered` show no colour), beside
 * the cards the sheet writes; the report lists them. The grid left has the taken places empty.
 */
export function takeLinkedCards(
  state: CardReplayState,
  t: CardTurn,
  grid: Grid,
  rotation: Rotation,
  covered: ReadonlySet<number>,
): Taking {
  const { cards, size } = state;
  const { turn } = t;
  const turned = grid.slice();
  turned[rotation.place] = turnCard(grid[rotation.place]!, rotation.turning);
  for (const place of covered)
    if (turned[place]) turned[place] = { ...turned[place], blocked: true };
  const colour = turn.colour !== undefined ? cards.colours.indexOf(turn.colour) : null;
  const places = linkedCards(turned, size, rotation.place, colour);
  const values = places.map((place) => turned[place]!.value);
  const points = values.reduce((sum, value) => sum + value, 0);
  t.report.taken = places.map((place, k) => `${squareName(size, place)} ${values[k]}`);
  checkWrittenCards(t, places.length, values);
  for (const place of places) turned[place] = null;
  return { points, taken: places.length, left: turned };
}

/** The cards the sheet writes (a count, a list of values) beside the ones the grid gives. */
function checkWrittenCards(t: CardTurn, taken: number, values: number[]): void {
  const { turn, report } = t;
  if (turn.cards !== undefined && turn.cards !== taken) {
    t.issue({
      code: 'CARDS_MISMATCH',
      severity: 'error',
      message: `${t.label}: the sheet says ${turn.cards} cards, the grid gives ${taken}${takenText(report.taken!)}`,
      written: turn.cards,
      computed: taken,
    });
  }
  const written = turn.taken;
  if (written !== undefined && !sameValues(written, values)) {
    t.issue({
      code: 'CARDS_MISMATCH',
      severity: 'error',
      message: `${t.label}: the sheet lists cards worth [${written.join(', ')}], the grid gives [${values.join(', ')}]${takenText(report.taken!)}`,
      written: written.join(', '),
      computed: values.join(', '),
    });
  }
}

/**
 * Without the grid and rotation the sheet's own figures stand: the values it lists, else its
 * count of cards and its score, checked against each other.
 */
export function takeWrittenCards(t: CardTurn): Taking {
  const { turn } = t;
  const taken = turn.taken?.length ?? turn.cards ?? 0;
  const points = turn.taken ? turn.taken.reduce((a, b) => a + b, 0) : (turn.score ?? 0);
  if (turn.taken !== undefined && turn.cards !== undefined && turn.cards !== taken) {
    t.issue({
      code: 'CARDS_MISMATCH',
      severity: 'error',
      message: `${t.label}: the sheet says ${turn.cards} cards but lists ${taken} (${turn.taken.join(', ')})`,
      written: turn.cards,
      computed: taken,
    });
  }
  return { points, taken, left: null };
}

/** ` (C3 2, D3 1)`: the cards taken, for a message. */
export function takenText(taken: string[]): string {
  return taken.length > 0 ? ` (${taken.join(', ')})` : ' (no card links)';
}

function sameValues(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort((m, k) => m - k);
  const y = [...b].sort((m, k) => m - k);
  return x.every((v, i) => v === y[i]);
}
