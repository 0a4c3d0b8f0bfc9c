import { compileRules } from '../engine/rules/compiled';
import type { RuleOptions, SquareKind } from '../engine/rules/ruleset';
import { findRuleSet } from '../engine/rules/rulesets';
import { Lang, t } from '../i18n';

/**
 * What to draw: a report's final board and the rule set's premium layout.
 * Fill it with {@link boardInputFor} from a rule-set id, or by hand.
 */
export interface BoardInput {
  /** `VerificationReport.board`: one string a row, squares separated by a space. */
  rows: readonly string[];
  /** Layout character of each square, row by row (`CompiledRules.layout`), or one string a row. */
  layout: string | readonly string[];
  /** What each layout character means (the rule set's `board.legend`). */
  legend: Readonly<Record<string, SquareKind>>;
  /** Tile values by letter (`A` → 1, `LJ` → 4), printed small on tiles; none printed when missing. */
  values?: Readonly<Record<string, number>>;
  /** Squares to outline in red (`F9`), e.g. every issue's `squares`. */
  highlight?: readonly string[];
  /** Squares of one play to outline softly (the turn a judge is looking at). */
  placed?: readonly string[];
  /**
   * `VerificationReport.ownership` of a stealing game (Qwibble), rows as `rows`:
   * `a`, `b`… the first, second… player's tile, upper case when safe.
   */
  ownership?: readonly string[];
  /** Player names, in sheet order, for the legend of `ownership`. */
  players?: readonly string[];
}

/** The kind of premium a square has, for colour and label. */
export type PremiumKind =
  | { type: 'none' }
  | { type: 'start'; wordMultiplier: number }
  | { type: 'letter'; multiplier: number }
  | { type: 'word'; multiplier: number }
  /** Qwibble: a tile newly placed here makes the play's words through it safe. */
  | { type: 'padlock' };

export interface BoardTile {
  /** As shown: upper case, digraphs as two letters (`LJ`). */
  text: string;
  joker: boolean;
  /** True for LJ, NJ, DŽ and other multi-letter tiles. */
  digraph: boolean;
  /** Points printed on the tile; `null` for none (jokers, or no values given). */
  value: number | null;
  /** Stealing games: the index of the player who owns the tile; null where ownership is not kept. */
  owner: number | null;
  /** Stealing games: the tile can no longer be stolen. */
  safe: boolean;
}

export interface BoardCell {
  row: number;
  col: number;
  /** `F9` */
  name: string;
  premium: PremiumKind;
  blocker: boolean;
  tile: BoardTile | null;
  highlight: boolean;
  placed: boolean;
}

/** A board ready to draw, the same for SVG and PDF. */
export interface BoardModel {
  size: number;
  cells: BoardCell[];
  /** Column letters, `A`…. */
  columns: string[];
  /** The premium kinds that occur, for the legend, in a stable order. */
  premiums: PremiumKind[];
  hasJoker: boolean;
  hasBlocker: boolean;
  hasHighlight: boolean;
  /** Stealing games: the players who own tiles on the board, by index, with their names for the legend. */
  owners: { player: number; name: string }[];
  hasSafe: boolean;
}

const COLUMN_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A {@link BoardInput} from a rule-set id and a report's board. */
export function boardInputFor(
  rulesId: string,
  rows: readonly string[],
  extra: {
    options?: RuleOptions;
    highlight?: readonly string[];
    placed?: readonly string[];
    ownership?: readonly string[];
    players?: readonly string[];
  } = {},
): BoardInput {
  const ruleSet = findRuleSet(rulesId);
  if (!ruleSet) throw new Error(`unknown rule set '${rulesId}'`);
  const compiled = compileRules(ruleSet, extra.options);
  const values: Record<string, number> = {};
  for (const l of compiled.ruleSet.letters) values[l.letter] = l.value;
  return {
    rows,
    layout: compiled.layout,
    legend: compiled.ruleSet.board.legend,
    values,
    highlight: extra.highlight,
    placed: extra.placed,
    ownership: extra.ownership,
    players: extra.players,
  };
}

function premiumOf(kind: SquareKind | undefined): PremiumKind {
  if (!kind) return { type: 'none' };
  if (kind.start) return { type: 'start', wordMultiplier: kind.wordMultiplier ?? 1 };
  if ((kind.wordMultiplier ?? 1) > 1) return { type: 'word', multiplier: kind.wordMultiplier! };
  if ((kind.letterMultiplier ?? 1) > 1)
    return { type: 'letter', multiplier: kind.letterMultiplier! };
  if (kind.safe) return { type: 'padlock' };
  return { type: 'none' };
}

const premiumKey = (p: PremiumKind): string =>
  p.type === 'none' || p.type === 'padlock'
    ? p.type
    : p.type === 'start'
      ? `start${p.wordMultiplier}`
      : `${p.type}${p.multiplier}`;

const premiumOrder = (p: PremiumKind): number =>
  p.type === 'letter'
    ? p.multiplier
    : p.type === 'word'
      ? 100 + p.multiplier
      : p.type === 'padlock'
        ? 500
        : p.type === 'start'
          ? 1000
          : 0;

/** Lays a report's board over the premium layout. */
export function buildBoardModel(input: BoardInput): BoardModel {
  const rows = input.rows.map((r) => r.split(' '));
  const size = rows.length;
  const layout = typeof input.layout === 'string' ? input.layout : input.layout.join('');
  if (layout.length !== size * size) {
    throw new Error(`layout has ${layout.length} squares, the board ${size * size}`);
  }
  const owned = input.ownership?.map((r) => r.split(' '));
  const owners = new Set<number>();
  let hasSafe = false;
  const highlight = new Set((input.highlight ?? []).map((s) => s.toUpperCase()));
  const placed = new Set((input.placed ?? []).map((s) => s.toUpperCase()));
  const columns = [...COLUMN_LETTERS.slice(0, size)];
  const cells: BoardCell[] = [];
  const premiums = new Map<string, PremiumKind>();
  let hasJoker = false;
  let hasBlocker = false;
  for (let r = 0; r < size; r++) {
    if (rows[r].length !== size) {
      throw new Error(`board row ${r + 1} has ${rows[r].length} squares, not ${size}`);
    }
    for (let c = 0; c < size; c++) {
      const sq = rows[r][c];
      const name = columns[c] + String(r + 1);
      const premium = premiumOf(input.legend[layout[r * size + c]]);
      if (premium.type !== 'none') premiums.set(premiumKey(premium), premium);
      const blocker = sq === '#';
      let tile: BoardTile | null = null;
      if (sq !== '.' && sq !== '#') {
        const upper = sq.toUpperCase();
        const joker = sq !== upper;
        hasJoker ||= joker;
        const mark = owned?.[r]?.[c] ?? '.';
        const owner = mark === '.' ? null : mark.toLowerCase().charCodeAt(0) - 97;
        const safe = owner !== null && mark !== mark.toLowerCase();
        if (owner !== null) owners.add(owner);
        hasSafe ||= safe;
        tile = {
          text: upper,
          joker,
          digraph: [...upper].length > 1,
          value: joker ? null : (input.values?.[upper] ?? null),
          owner,
          safe,
        };
      }
      hasBlocker ||= blocker;
      cells.push({
        row: r,
        col: c,
        name,
        premium,
        blocker,
        tile,
        highlight: highlight.has(name),
        placed: placed.has(name),
      });
    }
  }
  return {
    size,
    cells,
    columns,
    premiums: [...premiums.values()].sort((a, b) => premiumOrder(a) - premiumOrder(b)),
    hasJoker,
    hasBlocker,
    hasHighlight: cells.some((c) => c.highlight),
    owners: [...owners]
      .sort((a, b) => a - b)
      .map((player) => ({ player, name: input.players?.[player] ?? String(player + 1) })),
    hasSafe,
  };
}

/** Colours shared by the SVG and the PDF, so both look the same. */
export const BOARD_COLOURS = {
  background: '#fbfaf6',
  grid: '#b9b4a6',
  frame: '#5b5647',
  coordinate: '#5b5647',
  blocker: '#161616',
  tile: '#f1d9a6',
  tileEdge: '#a9864d',
  /** Stealing games: each player's tiles, first player first (the first is the usual tile colour). */
  ownerTiles: ['#f1d9a6', '#bcdcf5', '#cfe8c0', '#f3c9dc'],
  safeEdge: '#3b2a10',
  padlock: '#4a4336',
  tileText: '#1d1a14',
  jokerText: '#0b63c4',
  jokerMark: '#0b63c4',
  highlight: '#d7191c',
  placed: '#2e7d32',
  premiumText: '#2f2b22',
  premiumTextOnDark: '#ffffff',
} as const;

/** Fill colour and whether the label needs light text, per premium. */
export function premiumColour(p: PremiumKind): { fill: string; dark: boolean } {
  switch (p.type) {
    case 'none':
      return { fill: BOARD_COLOURS.background, dark: false };
    case 'start':
      return { fill: '#f4c542', dark: false };
    case 'letter':
      return p.multiplier >= 4
        ? { fill: '#1f5fa8', dark: true }
        : p.multiplier === 3
          ? { fill: '#5aa7e0', dark: false }
          : { fill: '#c5e4f6', dark: false };
    case 'word':
      return p.multiplier >= 3 ? { fill: '#e5533d', dark: true } : { fill: '#f6b9c3', dark: false };
    case 'padlock':
      return { fill: '#ddd3bc', dark: false };
  }
}

/** The tile colour of a player (0-based) in a stealing game. */
export function ownerColour(player: number): string {
  const colours = BOARD_COLOURS.ownerTiles;
  return colours[player % colours.length];
}

/** A tile's fill: its owner's colour in a stealing game, else the usual tile colour. */
export function tileFill(tile: BoardTile): string {
  return tile.owner === null ? BOARD_COLOURS.tile : ownerColour(tile.owner);
}

/**
 * A padlock drawn in a square whose top left corner is (x, y): an SVG path,
 * which pdfkit's `path` draws as well. The body is filled, the shackle stroked.
 */
export function padlockPaths(
  x: number,
  y: number,
  cell: number,
): { body: string; shackle: string } {
  const r = (n: number) => Math.round(n * 100) / 100;
  const bodyLeft = x + cell * 0.3;
  const bodyTop = y + cell * 0.46;
  const bodySide = cell * 0.4;
  const arm = cell * 0.13;
  return {
    body: `M${r(bodyLeft)} ${r(bodyTop)}h${r(bodySide)}v${r(cell * 0.3)}h${r(-bodySide)}z`,
    shackle:
      `M${r(x + cell * 0.37)} ${r(bodyTop)}v${r(-cell * 0.07)}` +
      `a${r(arm)} ${r(arm)} 0 0 1 ${r(2 * arm)} 0v${r(cell * 0.07)}`,
  };
}

/** The short label drawn on an empty premium square (`2S`, `3W`, `★`). */
export function premiumLabel(p: PremiumKind, lang: Lang): string {
  switch (p.type) {
    case 'none':
      return '';
    case 'start':
      return '★';
    case 'letter':
      return t(lang, 'board.letter', { n: p.multiplier });
    case 'word':
      return t(lang, 'board.word', { n: p.multiplier });
    case 'padlock':
      // Drawn as a padlock, not written.
      return '';
  }
}

/** The legend's text for a premium (`letter ×2`). */
export function premiumLegend(p: PremiumKind, lang: Lang): string {
  switch (p.type) {
    case 'none':
      return '';
    case 'start':
      return p.wordMultiplier > 1
        ? `${t(lang, 'board.start')} (${t(lang, 'board.wordLong', { n: p.wordMultiplier })})`
        : t(lang, 'board.start');
    case 'letter':
      return t(lang, 'board.letterLong', { n: p.multiplier });
    case 'word':
      return t(lang, 'board.wordLong', { n: p.multiplier });
    case 'padlock':
      return t(lang, 'board.padlock');
  }
}

/** Geometry shared by both drawings, in user units. */
export interface BoardGeometry {
  cell: number;
  /** Left of column A (room for row numbers). */
  left: number;
  /** Top of row 1 (room for column letters). */
  top: number;
  width: number;
  height: number;
}

export function boardGeometry(size: number, cell: number): BoardGeometry {
  const left = Math.round(cell * 0.8);
  const top = Math.round(cell * 0.7);
  return {
    cell,
    left,
    top,
    width: left + size * cell + Math.round(cell * 0.25),
    height: top + size * cell + Math.round(cell * 0.25),
  };
}
