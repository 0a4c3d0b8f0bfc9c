import { Lang, t } from '../i18n';
import {
  BOARD_COLOURS,
  BoardCell,
  boardGeometry,
  BoardInput,
  BoardModel,
  buildBoardModel,
  premiumColour,
  premiumLabel,
  premiumLegend,
  ownerColour,
  padlockPaths,
  tileFill,
} from './board-model';
import { escapeXml } from './escape';

export interface BoardSvgOptions {
  lang: Lang;
  /** Side of a square in SVG units; the drawing scales to its container anyway. Default 32. */
  cell?: number;
  /** Accessible title; defaults to the translated "board" title. */
  title?: string;
}

/** One entry of a board's legend, for the HTML beside the SVG. */
export interface LegendEntry {
  kind: 'premium' | 'blocker' | 'joker' | 'highlight' | 'owner' | 'safe';
  label: string;
  /** Swatch fill colour. */
  fill: string;
  /** Swatch outline colour, for the highlight and safe tiles. */
  stroke?: string;
}

const FONT = "'DejaVu Sans', Verdana, Arial, sans-serif";

const f = (n: number): string => String(Math.round(n * 100) / 100);

/** The board as an SVG document fragment (an `<svg>` element), for pages. */
export function renderBoardSvg(input: BoardInput | BoardModel, options: BoardSvgOptions): string {
  const model = 'cells' in input ? input : buildBoardModel(input);
  const g = boardGeometry(model.size, options.cell ?? 32);
  const { cell } = g;
  const title = options.title ?? t(options.lang, 'board.title');
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 ${g.width} ${g.height}" ` +
      `width="${g.width}" height="${g.height}" role="img" aria-label="${escapeXml(title)}" ` +
      `font-family="${FONT}" data-size="${model.size}">`,
  );
  out.push(`<title>${escapeXml(title)}</title>`);
  out.push(`<rect x="0" y="0" width="${g.width}" height="${g.height}" fill="#ffffff"/>`);
  const coordSize = cell * 0.36;
  for (let c = 0; c < model.size; c++) {
    const x = g.left + c * cell + cell / 2;
    out.push(
      `<text class="coord" x="${f(x)}" y="${f(g.top - cell * 0.2)}" font-size="${f(coordSize)}" ` +
        `text-anchor="middle" fill="${BOARD_COLOURS.coordinate}">${model.columns[c]}</text>`,
    );
  }
  for (let r = 0; r < model.size; r++) {
    const y = g.top + r * cell + cell / 2 + coordSize * 0.35;
    out.push(
      `<text class="coord" x="${f(g.left - cell * 0.15)}" y="${f(y)}" font-size="${f(coordSize)}" ` +
        `text-anchor="end" fill="${BOARD_COLOURS.coordinate}">${r + 1}</text>`,
    );
  }
  const ownerNames: string[] = [];
  for (const o of model.owners) ownerNames[o.player] = o.name;
  for (const c of model.cells) out.push(cellSvg(c, g.left, g.top, cell, options.lang, ownerNames));
  // Outlines last, so that no neighbouring square covers them.
  for (const c of model.cells) {
    if (!c.placed && !c.highlight) continue;
    const x = g.left + c.col * cell;
    const y = g.top + c.row * cell;
    if (c.placed) {
      out.push(
        `<rect class="placed-mark" data-square="${c.name}" x="${f(x + 2)}" y="${f(y + 2)}" ` +
          `width="${f(cell - 4)}" height="${f(cell - 4)}" fill="none" stroke="${BOARD_COLOURS.placed}" ` +
          `stroke-width="2" stroke-dasharray="4 2"/>`,
      );
    }
    if (c.highlight) {
      out.push(
        `<rect class="highlight-mark" data-square="${c.name}" x="${f(x + 1.5)}" y="${f(y + 1.5)}" ` +
          `width="${f(cell - 3)}" height="${f(cell - 3)}" fill="none" stroke="${BOARD_COLOURS.highlight}" ` +
          `stroke-width="3"/>`,
      );
    }
  }
  const size = model.size * cell;
  out.push(
    `<rect x="${g.left}" y="${g.top}" width="${size}" height="${size}" fill="none" ` +
      `stroke="${BOARD_COLOURS.frame}" stroke-width="1.5"/>`,
  );
  out.push('</svg>');
  return out.join('\n');
}

function cellSvg(
  c: BoardCell,
  left: number,
  top: number,
  cell: number,
  lang: Lang,
  ownerNames: readonly string[],
): string {
  const x = left + c.col * cell;
  const y = top + c.row * cell;
  const classes = ['sq'];
  const parts: string[] = [];
  if (c.blocker) {
    classes.push('blocker');
    parts.push(
      `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${BOARD_COLOURS.blocker}" ` +
        `stroke="${BOARD_COLOURS.grid}" stroke-width="0.5"/>`,
    );
  } else if (c.tile) {
    classes.push('tile');
    if (c.tile.joker) classes.push('joker');
    if (c.tile.digraph) classes.push('digraph');
    if (c.tile.owner !== null) classes.push(`owner-${c.tile.owner + 1}`);
    if (c.tile.safe) classes.push('safe');
    const edge = c.tile.safe
      ? `stroke="${BOARD_COLOURS.safeEdge}" stroke-width="2.5"`
      : `stroke="${BOARD_COLOURS.tileEdge}" stroke-width="1"`;
    parts.push(
      `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="#ffffff" stroke="${BOARD_COLOURS.grid}" stroke-width="0.5"/>`,
      `<rect x="${f(x + 1.5)}" y="${f(y + 1.5)}" width="${f(cell - 3)}" height="${f(cell - 3)}" rx="${f(cell * 0.12)}" ` +
        `fill="${tileFill(c.tile)}" ${edge}/>`,
    );
    const size = c.tile.digraph ? cell * 0.4 : cell * 0.56;
    const colour = c.tile.joker ? BOARD_COLOURS.jokerText : BOARD_COLOURS.tileText;
    const shift = c.tile.value !== null ? -cell * 0.06 : 0;
    parts.push(
      `<text x="${f(x + cell / 2 + shift)}" y="${f(y + cell / 2 + size * 0.36)}" font-size="${f(size)}" ` +
        `font-weight="bold" text-anchor="middle" fill="${colour}">${escapeXml(c.tile.text)}</text>`,
    );
    if (c.tile.value !== null) {
      parts.push(
        `<text class="value" x="${f(x + cell - 3.5)}" y="${f(y + cell - 3.5)}" font-size="${f(cell * 0.24)}" ` +
          `text-anchor="end" fill="${BOARD_COLOURS.tileText}">${c.tile.value}</text>`,
      );
    }
    if (c.tile.joker) {
      const m = cell * 0.28;
      parts.push(
        `<path class="joker-mark" d="M${f(x + cell - 1.5 - m)} ${f(y + 1.5)}h${f(m)}v${f(m)}z" fill="${BOARD_COLOURS.jokerMark}"/>`,
      );
    }
  } else {
    const { fill, dark } = premiumColour(c.premium);
    if (c.premium.type !== 'none') classes.push('premium', `premium-${premiumClass(c)}`);
    parts.push(
      `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${fill}" ` +
        `stroke="${BOARD_COLOURS.grid}" stroke-width="0.5"/>`,
    );
    if (c.premium.type === 'padlock') {
      const lock = padlockPaths(x, y, cell);
      parts.push(
        `<path class="padlock" d="${lock.shackle}" fill="none" stroke="${BOARD_COLOURS.padlock}" stroke-width="${f(cell * 0.07)}"/>`,
        `<path d="${lock.body}" fill="${BOARD_COLOURS.padlock}"/>`,
      );
    }
    const label = premiumLabel(c.premium, lang);
    if (label) {
      const size = c.premium.type === 'start' ? cell * 0.55 : cell * 0.32;
      parts.push(
        `<text x="${f(x + cell / 2)}" y="${f(y + cell / 2 + size * 0.36)}" font-size="${f(size)}" ` +
          `text-anchor="middle" fill="${dark ? BOARD_COLOURS.premiumTextOnDark : BOARD_COLOURS.premiumText}">` +
          `${escapeXml(label)}</text>`,
      );
    }
  }
  if (c.highlight) classes.push('highlight');
  const premiumTitle = premiumLegend(c.premium, lang);
  const owner =
    c.tile && c.tile.owner !== null ? (ownerNames[c.tile.owner] ?? String(c.tile.owner + 1)) : '';
  const tip = [c.name, c.tile ? c.tile.text : '', owner, premiumTitle].filter(Boolean).join(' ');
  return (
    `<g class="${classes.join(' ')}" data-square="${c.name}"><title>${escapeXml(tip)}</title>` +
    parts.join('') +
    '</g>'
  );
}

function premiumClass(c: BoardCell): string {
  const p = c.premium;
  return p.type === 'none' || p.type === 'padlock' || p.type === 'start'
    ? p.type
    : `${p.type}${p.multiplier}`;
}

/** The legend of a board: its premiums, whose tiles are whose and which are safe, then blockers, jokers and highlights when present. */
export function boardLegend(input: BoardInput | BoardModel, lang: Lang): LegendEntry[] {
  const model = 'cells' in input ? input : buildBoardModel(input);
  const out: LegendEntry[] = model.premiums.map((p) => ({
    kind: 'premium',
    label: `${premiumLabel(p, lang)} ${premiumLegend(p, lang)}`.trim(),
    fill: premiumColour(p).fill,
  }));
  for (const o of model.owners) {
    out.push({
      kind: 'owner',
      label: t(lang, 'board.owner', { name: o.name }),
      fill: ownerColour(o.player),
    });
  }
  if (model.hasSafe)
    out.push({
      kind: 'safe',
      label: t(lang, 'board.safe'),
      fill: BOARD_COLOURS.tile,
      stroke: BOARD_COLOURS.safeEdge,
    });
  if (model.hasBlocker)
    out.push({ kind: 'blocker', label: t(lang, 'board.blocker'), fill: BOARD_COLOURS.blocker });
  if (model.hasJoker)
    out.push({ kind: 'joker', label: t(lang, 'board.joker'), fill: BOARD_COLOURS.jokerText });
  if (model.hasHighlight) out.push(highlightLegend(lang));
  return out;
}

/** The legend entry of the red outline around squares with a finding. */
export function highlightLegend(lang: Lang): LegendEntry {
  return {
    kind: 'highlight',
    label: t(lang, 'board.highlight'),
    fill: '#ffffff',
    stroke: BOARD_COLOURS.highlight,
  };
}
