import { CardRules } from '../../rules/ruleset';
import { squareName } from '../../rules/compiled';
import { CardReplayState, CardTurn } from './state';

/** A card of the grid: colour indexes clockwise from the top left (TL, TR, BR, BL), value, covered by a Color Block card. */
export interface GridCard {
  colours: [number, number, number, number];
  value: number;
  blocked: boolean;
}

/** A grid read from a sheet: `cards[row * size + column]`, null for an empty place. */
export type Grid = (GridCard | null)[];

/** Reads a grid: rows of cards separated by spaces (`RGBY2`, `GYRB-1#`, `.`). */
export function parseGrid(
  rows: readonly string[],
  cards: CardRules,
): { ok: true; grid: Grid } | { ok: false; message: string } {
  const size = cards.gridSize;
  const values = new Set(cards.deck.map((d) => d.value));
  const grid: Grid = [];
  for (let r = 0; r < size; r++) {
    const tokens = rows[r].trim().split(/\s+/);
    if (tokens.length !== size) {
      return { ok: false, message: `grid row ${r + 1} has ${tokens.length} cards, not ${size}` };
    }
    for (let c = 0; c < size; c++) {
      const token = tokens[c];
      if (token === '.') {
        grid.push(null);
        continue;
      }
      const name = squareName(size, r * size + c);
      const m = /^([A-Za-z]{4})(-?\d+)(#?)$/.exec(token);
      const colours = m ? [...m[1].toUpperCase()].map((ch) => cards.colours.indexOf(ch)) : [];
      if (!m || colours.some((i) => i < 0)) {
        return {
          ok: false,
          message: `grid card ${name} is '${token}': write its four colours clockwise from the top left, then its value (RGBY2), # when blocked, or . for no card`,
        };
      }
      if (new Set(colours).size !== 4) {
        return { ok: false, message: `grid card ${name} '${token}' must show each colour once` };
      }
      const value = Number(m[2]);
      if (!values.has(value)) {
        return {
          ok: false,
          message: `grid card ${name} '${token}' has the value ${value}; cards are worth ${[...values].join(', ')}`,
        };
      }
      grid.push({
        colours: colours as GridCard['colours'],
        value,
        blocked: m[3] === '#',
      });
    }
  }
  return { ok: true, grid };
}

/** Writes a card back in grid notation. */
export function formatCard(card: GridCard | null, cards: CardRules): string {
  if (!card) return '.';
  return (
    card.colours.map((i) => cards.colours[i]).join('') + card.value + (card.blocked ? '#' : '')
  );
}

/**
 * The grids the sheet records, turn by turn: each is read and checked against the grid the last
 * turn left, where that is known.
 */
export class RecordedGrids {
  /** The grid after the last turn with a grid, taken places null; null when unknown. */
  private previous: Grid | null = null;
  /** The last grid the sheet records (the report's board). */
  last: Grid | null = null;

  constructor(private readonly state: CardReplayState) {}

  /**
   * The line's grid, null when it records none. A grid that cannot be read refuses the turn;
   * one that can is checked against the grid the last turn left and the cards `covered`.
   */
  read(t: CardTurn, covered: ReadonlySet<number>): Grid | null {
    if (t.turn.grid === undefined) return null;
    const { cards, size } = this.state;
    const read = parseGrid(t.turn.grid, cards);
    if (!read.ok) {
      t.refuse({ code: 'BAD_GRID', severity: 'error', message: read.message });
      this.previous = null;
      return null;
    }
    this.last = read.grid;
    checkGridAgainst(read.grid, this.previous, covered, size, cards, (message) =>
      t.issue({ code: 'GRID_CHANGED', severity: 'warning', message: `${t.label}: ${message}` }),
    );
    return read.grid;
  }

  /** What the turn left: the grid with the places it took empty, or null when not known. */
  leave(grid: Grid | null): void {
    this.previous = grid;
  }
}

/**
 * A grid recorded after another: every card the last turn did not take keeps
 * its place and orientation (the rotated card as turned); new cards fill the
 * places taken. Cards covered by a Color Block card must show `#`.
 */
function checkGridAgainst(
  grid: Grid,
  previous: Grid | null,
  blocked: ReadonlySet<number>,
  size: number,
  cards: CardRules,
  report: (message: string) => void,
): void {
  const changed: string[] = [];
  const unmarked: string[] = [];
  for (let place = 0; place < size * size; place++) {
    const card = grid[place];
    if (blocked.has(place) && card && !card.blocked) unmarked.push(squareName(size, place));
    const before = previous?.[place];
    if (!before) continue;
    const same =
      card !== null &&
      card.value === before.value &&
      card.colours.every((c, k) => c === before.colours[k]);
    if (!same) {
      changed.push(
        `${squareName(size, place)} was ${formatCard({ ...before, blocked: false }, cards)}, now ${formatCard(card && { ...card, blocked: false }, cards)}`,
      );
    }
  }
  if (changed.length > 0) {
    report(`cards the last turn did not take have changed: ${changed.join('; ')}`);
  }
  if (unmarked.length > 0) {
    report(
      `${unmarked.join(', ')} ${unmarked.length === 1 ? 'is' : 'are'} covered by a Color Block card but not marked # in the grid`,
    );
  }
}

/** The grid as rows of cards in grid notation, for the report's board. */
export function drawGrid(grid: Grid, size: number, cards: CardRules): string[] {
  const rows: string[] = [];
  for (let r = 0; r < size; r++) {
    rows.push(
      grid
        .slice(r * size, (r + 1) * size)
        .map((card) => formatCard(card, cards))
        .join(' '),
    );
  }
  return rows;
}
