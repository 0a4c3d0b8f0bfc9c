import { Lang } from '../../i18n';
import {
  BOARD_COLOURS,
  BoardCell,
  boardGeometry,
  BoardModel,
  padlockPaths,
  premiumColour,
  premiumLabel,
  tileFill,
} from '../board-model';
import { boardLegend, LegendEntry } from '../board-svg';
import { CARD_COLOURS, CARD_SHADES, cardGeometry, CardGridModel } from '../card-grid';
import { Doc, SANS, SANS_BOLD } from './doc';
import { pdfNumber as num, placeLine, textWidth } from './seeded-fonts';

/** Centres one line of text on (cx, cy) in the given font. */
function centred(
  doc: Doc,
  text: string,
  cx: number,
  cy: number,
  size: number,
  bold: boolean,
): void {
  doc.font(bold ? SANS_BOLD : SANS).fontSize(size);
  const w = textWidth(doc, text);
  // DejaVu: the baseline sits about 0.93 em below the top of the line box; caps are 0.73 em tall.
  placeLine(doc, text, cx - w / 2, cy - size * 0.93 + size * 0.365);
}

/**
 * Column letters above and row numbers left of a square grid whose top left
 * corner is (left, top); sizes and gaps are fractions of a square.
 */
function drawCoordinates(
  doc: Doc,
  columns: readonly string[],
  left: number,
  top: number,
  cell: number,
  at: { size: number; above: number; beside: number },
): void {
  const size = cell * at.size;
  doc.fillColor(BOARD_COLOURS.coordinate);
  columns.forEach((letter, c) =>
    centred(doc, letter, left + c * cell + cell / 2, top - cell * at.above, size, false),
  );
  for (let r = 0; r < columns.length; r++) {
    doc.font(SANS).fontSize(size);
    const label = String(r + 1);
    const w = textWidth(doc, label);
    placeLine(
      doc,
      label,
      left - cell * at.beside - w,
      top + r * cell + cell / 2 - size * 0.93 + size * 0.365,
    );
  }
}

/** pdfkit's `roundedRect` curve: a quarter circle's control points. */
const KAPPA = (4 * (Math.sqrt(2) - 1)) / 3;

interface FormRef {
  end(chunk: string): void;
}
const tileForms = new WeakMap<Doc, Map<string, { name: string; form: FormRef }>>();

/**
 * The name, on the current page, of a rounded square `size` wide, filled and outlined in the
 * colours and line width it is drawn with: made once per document and size as a form that each
 * tile places. The board's tiles drawn as paths were a fifth of a game record's page.
 */
function tileForm(doc: Doc, size: number, radius: number): string {
  let forms = tileForms.get(doc);
  if (!forms) tileForms.set(doc, (forms = new Map<string, { name: string; form: FormRef }>()));
  const key = `${num(size)} ${num(radius)}`;
  let made = forms.get(key);
  if (!made) {
    const w = size;
    const r = Math.min(radius, w / 2);
    const c = r * (1 - KAPPA);
    const [R, C, W, WR, WC] = [r, c, w, w - r, w - c].map(num);
    const margin = 3; // a safe tile's edge is 2 points wide, half of it outside
    const form = (doc as unknown as { ref(data: object): FormRef }).ref({
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [-margin, -margin, W + margin, W + margin],
    });
    form.end(
      `${R} 0 m ${WR} 0 l ${WC} 0 ${W} ${C} ${W} ${R} c ${W} ${WR} l ${W} ${WC} ${WC} ${W} ${WR} ${W} c ` +
        `${R} ${W} l ${C} ${W} 0 ${WC} 0 ${WR} c 0 ${R} l 0 ${C} ${C} 0 ${R} 0 c h B`,
    );
    made = { name: `Tile${forms.size + 1}`, form };
    forms.set(key, made);
  }
  (doc.page as unknown as { xobjects: Record<string, FormRef> }).xobjects[made.name] = made.form;
  return made.name;
}

/** Items grouped by a key, in the order each key was first seen. */
function groupedBy<T>(items: readonly T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.values()];
}

/**
 * Draws the board with pdfkit vector graphics, in the look of the SVG
 * (`renderBoardSvg`). Returns the height used. Squares of one colour are filled
 * as one shape, and tiles alike drawn as one: a board is hundreds of squares, and
 * each shape and colour given is a PDF operator and a call into pdfkit.
 */
export function drawBoard(
  doc: Doc,
  model: BoardModel,
  x0: number,
  y0: number,
  cell: number,
  lang: Lang,
): number {
  const g = boardGeometry(model.size, cell);
  const left = x0 + g.left;
  const top = y0 + g.top;
  const xOf = (c: BoardCell) => left + c.col * cell;
  const yOf = (c: BoardCell) => top + c.row * cell;
  drawCoordinates(doc, model.columns, left, top, cell, { size: 0.36, above: 0.32, beside: 0.15 });

  // Squares: blockers and empty squares, by colour (under a tile the square is not filled).
  const squares = model.cells.filter((c) => c.blocker || !c.tile);
  const squareColour = (c: BoardCell) =>
    c.blocker ? BOARD_COLOURS.blocker : premiumColour(c.premium).fill;
  for (const group of groupedBy(squares, squareColour)) {
    for (const c of group) doc.rect(xOf(c), yOf(c), cell, cell);
    doc.fillColor(squareColour(group[0])).fill();
  }
  for (const c of squares) if (!c.blocker) drawSquareMarks(doc, c, xOf(c), yOf(c), cell, lang);

  const tiles = model.cells.filter((c) => !c.blocker && c.tile);
  const tileLook = (c: BoardCell) => `${tileFill(c.tile!)} ${c.tile!.safe}`;
  const tile = tiles.length > 0 ? tileForm(doc, cell - 2.4, cell * 0.12) : '';
  for (const group of groupedBy(tiles, tileLook)) {
    const safe = group[0].tile!.safe;
    doc
      .lineWidth(safe ? 2 : 0.8)
      .fillColor(tileFill(group[0].tile!))
      .strokeColor(safe ? BOARD_COLOURS.safeEdge : BOARD_COLOURS.tileEdge);
    doc.addContent(
      group
        .map((c) => `q 1 0 0 1 ${num(xOf(c) + 1.2)} ${num(yOf(c) + 1.2)} cm /${tile} Do Q`)
        .join('\n'),
    );
  }
  for (const group of groupedBy(tiles, (c) => String(c.tile!.joker))) {
    doc.fillColor(group[0].tile!.joker ? BOARD_COLOURS.jokerText : BOARD_COLOURS.tileText);
    for (const c of group) {
      const tile = c.tile!;
      const size = tile.digraph ? cell * 0.4 : cell * 0.56;
      const shift = tile.value !== null ? -cell * 0.06 : 0;
      centred(doc, tile.text, xOf(c) + cell / 2 + shift, yOf(c) + cell / 2, size, true);
    }
  }
  const valued = tiles.filter((c) => c.tile!.value !== null);
  if (valued.length > 0) {
    const vs = cell * 0.24;
    doc.font(SANS).fontSize(vs).fillColor(BOARD_COLOURS.tileText);
    for (const c of valued) {
      const label = String(c.tile!.value);
      const w = textWidth(doc, label);
      placeLine(doc, label, xOf(c) + cell - 3 - w, yOf(c) + cell - 3 - vs * 0.93);
    }
  }
  const jokers = tiles.filter((c) => c.tile!.joker);
  if (jokers.length > 0) {
    const m = cell * 0.28;
    for (const c of jokers) {
      const x = xOf(c);
      const y = yOf(c);
      doc.polygon(
        [x + cell - 1.2 - m, y + 1.2],
        [x + cell - 1.2, y + 1.2],
        [x + cell - 1.2, y + 1.2 + m],
      );
    }
    doc.fillColor(BOARD_COLOURS.jokerMark).fill();
  }

  // Grid.
  for (let i = 0; i <= model.size; i++) {
    doc.moveTo(left, top + i * cell).lineTo(left + model.size * cell, top + i * cell);
    doc.moveTo(left + i * cell, top).lineTo(left + i * cell, top + model.size * cell);
  }
  doc.lineWidth(0.4).strokeColor(BOARD_COLOURS.grid).stroke();
  const placed = model.cells.filter((c) => c.placed);
  if (placed.length > 0) {
    for (const c of placed) doc.rect(xOf(c) + 2, yOf(c) + 2, cell - 4, cell - 4);
    doc.dash(3, { space: 1.5 }).lineWidth(1.5).strokeColor(BOARD_COLOURS.placed).stroke().undash();
  }
  const highlighted = model.cells.filter((c) => c.highlight);
  if (highlighted.length > 0) {
    for (const c of highlighted) doc.rect(xOf(c) + 1.2, yOf(c) + 1.2, cell - 2.4, cell - 2.4);
    doc.lineWidth(2.2).strokeColor(BOARD_COLOURS.highlight).stroke();
  }
  doc
    .rect(left, top, model.size * cell, model.size * cell)
    .lineWidth(1.2)
    .strokeColor(BOARD_COLOURS.frame)
    .stroke();
  doc.fillColor('#000000');
  return g.height;
}

/** What is drawn on an empty square over its colour: a padlock, a premium's label. */
function drawSquareMarks(
  doc: Doc,
  c: BoardCell,
  x: number,
  y: number,
  cell: number,
  lang: Lang,
): void {
  if (c.premium.type === 'padlock') {
    const lock = padlockPaths(x, y, cell);
    doc
      .path(lock.shackle)
      .lineWidth(cell * 0.07)
      .strokeColor(BOARD_COLOURS.padlock)
      .stroke();
    doc.path(lock.body).fillColor(BOARD_COLOURS.padlock).fill();
  }
  const label = premiumLabel(c.premium, lang);
  if (label) {
    doc.fillColor(
      premiumColour(c.premium).dark ? BOARD_COLOURS.premiumTextOnDark : BOARD_COLOURS.premiumText,
    );
    centred(
      doc,
      label,
      x + cell / 2,
      y + cell / 2,
      c.premium.type === 'start' ? cell * 0.55 : cell * 0.32,
      false,
    );
  }
}

/** The legend as a row of swatches; returns the height used. */
export function drawLegend(
  doc: Doc,
  legend: BoardModel | readonly LegendEntry[],
  x: number,
  y: number,
  width: number,
  lang: Lang,
): number {
  const entries = 'cells' in legend ? boardLegend(legend, lang) : legend;
  if (entries.length === 0) return 0;
  const sw = 10;
  let cx = x;
  let cy = y;
  doc.font(SANS).fontSize(8);
  for (const e of entries) {
    const w = sw + 4 + textWidth(doc, e.label) + 14;
    if (cx + w > x + width) {
      cx = x;
      cy += 14;
    }
    if (e.kind === 'highlight') {
      doc
        .rect(cx, cy, sw, sw)
        .lineWidth(1.6)
        .strokeColor(e.stroke ?? BOARD_COLOURS.highlight)
        .stroke();
    } else if (e.kind === 'joker') {
      doc.rect(cx, cy, sw, sw).fillColor(BOARD_COLOURS.tile).fill();
      doc
        .polygon([cx + sw - 5, cy], [cx + sw, cy], [cx + sw, cy + 5])
        .fillColor(e.fill)
        .fill();
    } else if (e.kind === 'safe') {
      doc
        .rect(cx + 0.8, cy + 0.8, sw - 1.6, sw - 1.6)
        .lineWidth(1.6)
        .fillAndStroke(e.fill, e.stroke ?? BOARD_COLOURS.safeEdge);
    } else {
      doc.rect(cx, cy, sw, sw).lineWidth(0.4).fillAndStroke(e.fill, BOARD_COLOURS.grid);
    }
    doc.font(SANS).fontSize(8).fillColor('#333333');
    placeLine(doc, e.label, cx + sw + 4, cy + 0.5);
    cx += w;
  }
  doc.fillColor('#000000');
  return cy + 14 - y;
}

/** Draws a card game's grid in the look of the SVG (`renderCardGridSvg`). Returns the height used. */
export function drawCardGrid(
  doc: Doc,
  model: CardGridModel,
  x0: number,
  y0: number,
  cell: number,
): number {
  const g = boardGeometry(model.size, cell);
  const left = x0 + g.left;
  const top = y0 + g.top;
  drawCoordinates(doc, model.columns, left, top, cell, { size: 0.24, above: 0.2, beside: 0.1 });
  for (const c of model.cells) {
    const x = left + c.col * cell;
    const y = top + c.row * cell;
    const k = cardGeometry(x, y, cell);
    if (!c.card) {
      doc
        .roundedRect(k.left, k.top, k.side, k.side, cell * 0.06)
        .dash(3, { space: 2 })
        .lineWidth(0.8)
        .strokeColor(BOARD_COLOURS.grid)
        .stroke()
        .undash();
    } else {
      c.card.colours.forEach((letter, i) => {
        const [qx, qy] = k.quadrants[i];
        doc
          .rect(qx, qy, k.half, k.half)
          .fillColor(CARD_COLOURS[letter] ?? '#888888')
          .fill();
      });
      doc.rect(k.left, k.top, k.side, k.side).lineWidth(1.2).strokeColor(CARD_SHADES.edge).stroke();
      doc
        .circle(k.centreX, k.centreY, k.radius)
        .lineWidth(0.8)
        .fillAndStroke('#ffffff', CARD_SHADES.edge);
      doc.fillColor(BOARD_COLOURS.tileText);
      centred(doc, String(c.card.value), k.centreX, k.centreY, k.radius * 1.2, true);
      if (c.card.blocked) {
        doc
          .rect(k.left, k.top, k.side, k.side)
          .fillOpacity(0.6)
          .fillColor(CARD_SHADES.blocked)
          .fill()
          .fillOpacity(1);
      }
    }
    if (c.highlight) {
      doc
        .rect(x + 1.2, y + 1.2, cell - 2.4, cell - 2.4)
        .lineWidth(2.2)
        .strokeColor(BOARD_COLOURS.highlight)
        .stroke();
    }
  }
  doc.fillColor('#000000');
  return g.height;
}
