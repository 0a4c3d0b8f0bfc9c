import { parseGrid } from '../engine/replay/cards';
import type { CardRules } from '../engine/rules/ruleset';
import { squareName } from '../engine/rules/compiled';
import { isMessageKey, Lang, t } from '../i18n';
import { BOARD_COLOURS, boardGeometry } from './board-model';
import { highlightLegend, LegendEntry } from './board-svg';
import { escapeXml } from './escape';

/** A card as drawn: its four colours clockwise from the top left, its value, and whether a Color Block card covers it. */
export interface DrawnCard {
  /** Colour letters of the rule set (`R`, `G`, `B`, `Y`): top left, top right, bottom right, bottom left. */
  colours: [string, string, string, string];
  value: number;
  blocked: boolean;
}

export interface CardGridCell {
  row: number;
  col: number;
  /** `C3` */
  name: string;
  /** Null for a place with no card. */
  card: DrawnCard | null;
  highlight: boolean;
}

/** A card game's grid ready to draw, the same for SVG and PDF. */
export interface CardGridModel {
  size: number;
  cells: CardGridCell[];
  /** Column letters, `A`…. */
  columns: string[];
  hasBlocked: boolean;
  hasHighlight: boolean;
}

/** Fill of each colour letter of a card game; shared by the SVG and the PDF. */
export const CARD_COLOURS: Readonly<Record<string, string>> = {
  R: '#d7301f',
  G: '#2e9a47',
  B: '#1f63c4',
  Y: '#f2c200',
};

const CARD_EDGE = '#3d3a33';
const BLOCKED_SHADE = '#161616';

/**
 * Lays out a card game's last recorded grid (`VerificationReport.board`), or
 * returns null when there is none to draw: the sheet recorded no grid, or the
 * rows cannot be read as one.
 */
export function buildCardGridModel(
  cards: CardRules,
  rows: readonly string[],
  highlight: readonly string[] = [],
): CardGridModel | null {
  if (rows.length !== cards.gridSize) return null;
  const read = parseGrid(rows, cards);
  if (!read.ok) return null;
  const size = cards.gridSize;
  const marked = new Set(highlight.map((s) => s.toUpperCase()));
  const cells: CardGridCell[] = read.grid.map((card, place) => {
    const name = squareName(size, place);
    return {
      row: Math.floor(place / size),
      col: place % size,
      name,
      card: card && {
        colours: card.colours.map((i) => cards.colours[i]) as DrawnCard['colours'],
        value: card.value,
        blocked: card.blocked,
      },
      highlight: marked.has(name),
    };
  });
  return {
    size,
    cells,
    columns: cells.slice(0, size).map((c) => c.name.replace(/\d+$/, '')),
    hasBlocked: cells.some((c) => c.card?.blocked),
    hasHighlight: cells.some((c) => c.highlight),
  };
}

/** `C3: red, green, blue, yellow; 2` — what a screen reader and a tooltip say of a place. */
export function describeCardCell(cell: CardGridCell, lang: Lang): string {
  if (!cell.card) return `${cell.name}: ${t(lang, 'board.noCard')}`;
  const colours = cell.card.colours.map((letter) => {
    const key = `board.colour.${letter}`;
    return isMessageKey(key) ? t(lang, key) : letter;
  });
  const blocked = cell.card.blocked ? ` (${t(lang, 'board.colourBlock')})` : '';
  return `${cell.name}: ${colours.join(', ')}; ${cell.card.value}${blocked}`;
}

const f = (n: number): string => String(Math.round(n * 100) / 100);
const FONT = "'DejaVu Sans', Verdana, Arial, sans-serif";

/** Where the parts of a card sit in its place, shared by the SVG and the PDF. */
export function cardGeometry(x: number, y: number, cell: number) {
  const inset = cell * 0.06;
  const side = cell - 2 * inset;
  const half = side / 2;
  const left = x + inset;
  const top = y + inset;
  return {
    left,
    top,
    side,
    /** Top left corner of each colour square, clockwise from the top left. */
    quadrants: [
      [left, top],
      [left + half, top],
      [left + half, top + half],
      [left, top + half],
    ] as [number, number][],
    half,
    centreX: left + half,
    centreY: top + half,
    radius: side * 0.22,
  };
}

/** The grid as an `<svg>` element: each card's four colours, its value in the middle, Color Block cards shaded. */
export function renderCardGridSvg(
  model: CardGridModel,
  options: { lang: Lang; cell?: number },
): string {
  const g = boardGeometry(model.size, options.cell ?? 64);
  const { cell } = g;
  const title = t(options.lang, 'board.gridTitle');
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="board card-grid" viewBox="0 0 ${g.width} ${g.height}" ` +
      `width="${g.width}" height="${g.height}" role="img" aria-label="${escapeXml(title)}" ` +
      `font-family="${FONT}" data-size="${model.size}">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect x="0" y="0" width="${g.width}" height="${g.height}" fill="#ffffff"/>`,
  ];
  const coordSize = cell * 0.24;
  for (let c = 0; c < model.size; c++) {
    out.push(
      `<text class="coord" x="${f(g.left + c * cell + cell / 2)}" y="${f(g.top - cell * 0.12)}" ` +
        `font-size="${f(coordSize)}" text-anchor="middle" fill="${BOARD_COLOURS.coordinate}">${model.columns[c]}</text>`,
    );
  }
  for (let r = 0; r < model.size; r++) {
    out.push(
      `<text class="coord" x="${f(g.left - cell * 0.1)}" y="${f(g.top + r * cell + cell / 2 + coordSize * 0.35)}" ` +
        `font-size="${f(coordSize)}" text-anchor="end" fill="${BOARD_COLOURS.coordinate}">${r + 1}</text>`,
    );
  }
  for (const c of model.cells) {
    const x = g.left + c.col * cell;
    const y = g.top + c.row * cell;
    const classes = ['place', c.card ? 'card' : 'empty'];
    if (c.card?.blocked) classes.push('blocked');
    if (c.highlight) classes.push('highlight');
    const parts: string[] = [];
    const k = cardGeometry(x, y, cell);
    if (!c.card) {
      parts.push(
        `<rect x="${f(k.left)}" y="${f(k.top)}" width="${f(k.side)}" height="${f(k.side)}" rx="${f(cell * 0.06)}" ` +
          `fill="none" stroke="${BOARD_COLOURS.grid}" stroke-width="1" stroke-dasharray="4 3"/>`,
      );
    } else {
      c.card.colours.forEach((letter, i) => {
        const [qx, qy] = k.quadrants[i];
        parts.push(
          `<rect class="colour colour-${letter}" x="${f(qx)}" y="${f(qy)}" width="${f(k.half)}" height="${f(k.half)}" ` +
            `fill="${CARD_COLOURS[letter] ?? '#888888'}"/>`,
        );
      });
      parts.push(
        `<rect x="${f(k.left)}" y="${f(k.top)}" width="${f(k.side)}" height="${f(k.side)}" fill="none" ` +
          `stroke="${CARD_EDGE}" stroke-width="1.5"/>`,
        `<circle cx="${f(k.centreX)}" cy="${f(k.centreY)}" r="${f(k.radius)}" fill="#ffffff" stroke="${CARD_EDGE}" stroke-width="1"/>`,
        `<text class="value" x="${f(k.centreX)}" y="${f(k.centreY + k.radius * 0.45)}" font-size="${f(k.radius * 1.2)}" ` +
          `font-weight="bold" text-anchor="middle" fill="${BOARD_COLOURS.tileText}">${c.card.value}</text>`,
      );
      if (c.card.blocked) {
        parts.push(
          `<rect class="blocked-mark" x="${f(k.left)}" y="${f(k.top)}" width="${f(k.side)}" height="${f(k.side)}" ` +
            `fill="${BLOCKED_SHADE}" fill-opacity="0.6"/>`,
        );
      }
    }
    if (c.highlight) {
      parts.push(
        `<rect class="highlight-mark" x="${f(x + 1.5)}" y="${f(y + 1.5)}" width="${f(cell - 3)}" height="${f(cell - 3)}" ` +
          `fill="none" stroke="${BOARD_COLOURS.highlight}" stroke-width="3"/>`,
      );
    }
    out.push(
      `<g class="${classes.join(' ')}" data-square="${c.name}"><title>${escapeXml(describeCardCell(c, options.lang))}</title>` +
        parts.join('') +
        '</g>',
    );
  }
  out.push('</svg>');
  return out.join('\n');
}

/** The legend of a grid: Color Block cards and findings, when present. */
export function cardGridLegend(model: CardGridModel, lang: Lang): LegendEntry[] {
  const out: LegendEntry[] = [];
  if (model.hasBlocked)
    out.push({ kind: 'blocker', label: t(lang, 'board.colourBlock'), fill: BLOCKED_SHADE });
  if (model.hasHighlight) out.push(highlightLegend(lang));
  return out;
}

/** Shade of a Color Block card over a card, and the card edge: for the PDF drawing. */
export const CARD_SHADES = { edge: CARD_EDGE, blocked: BLOCKED_SHADE } as const;
