import { formatPoints, formatSpread, Lang, t } from '../../i18n';
import {
  cellText,
  type Doc,
  contentWidth,
  drawTable,
  heading,
  MARGIN,
  openDoc,
  pageBottom,
  PDF_COLOURS,
  PdfColumn,
  SANS,
} from './doc';
import { textWidth } from './seeded-fonts';
import type { DocumentHeader } from './types';

/** One round of a scorecard as printed (texts made by `src/render/scorecard-view.ts`). */
export interface PdfScorecardLine {
  round: number;
  /** `#3 Ana Petrović`, or empty for a bye or a round not paired. */
  opponent: string;
  /** `prvi`/`drugi`, or empty. */
  order: string;
  score?: number | null;
  opponentScore?: number | null;
  /** `+150 (+312)`, `+40`, or empty. */
  spreadText: string;
  /** `pobeda`, `poraz (kontumacijom)`, `izostao`. */
  result: string;
  /** `win`, `loss`, `draw`, `bye` or empty: the colour of the result. */
  outcome: string;
  record: string;
  runningSpread: number;
}

/** One player's card. */
export interface PdfScorecard {
  name: string;
  seed: number;
  club?: string | null;
  /** Standing after the last round: rank, points, spread; null before any game. */
  rank?: number | null;
  points?: number | null;
  spread?: number | null;
  withdrawn?: boolean;
  lines: readonly PdfScorecardLine[];
}

/** Scorecards of one player or of a whole division: one page per player. */
export interface ScorecardsDocument extends DocumentHeader {
  cards: readonly PdfScorecard[];
  /** The division's spread cap, printed in the note; null when none. */
  spreadCap?: number | null;
}

/** A wall chart's cell: two short lines and the outcome for the colour. */
export interface PdfWallCell {
  top: string;
  bottom: string;
  outcome: string;
}

/** The wall chart: players in seed order, one cell per round. */
export interface WallChartDocument extends DocumentHeader {
  rounds: number;
  /** A division at tables: cells say place and table/seat, the last column match points. */
  atTables?: boolean;
  rows: readonly {
    seed: number;
    name: string;
    active: boolean;
    record: string;
    spread: number;
    cells: readonly PdfWallCell[];
  }[];
}

const outcomeColour = (outcome: string): string | undefined =>
  outcome === 'loss'
    ? PDF_COLOURS.bad
    : outcome === 'win' || outcome === 'bye'
      ? PDF_COLOURS.good
      : undefined;

/** Each player's scorecard on a page of its own (portrait A4). */
export async function scorecardsPdf(data: ScorecardsDocument, lang: Lang): Promise<Buffer> {
  const place = [data.tournament, data.division].filter(Boolean).join(' — ');
  const title = t(lang, 'pdf.scorecardTitle');
  const only = data.cards.length === 1 ? data.cards[0].name : null;
  const { doc, finish } = openDoc({
    title: `${place}: ${title}${only ? ` — ${only}` : ''}`,
    lang,
    footer: place,
  });
  const columns: PdfColumn<PdfScorecardLine>[] = [
    { header: t(lang, 'col.round'), width: 32, align: 'right', text: (l) => String(l.round) },
    { header: t(lang, 'col.opponent'), flex: 1.3, text: (l) => l.opponent },
    { header: t(lang, 'col.order'), width: 42, text: (l) => l.order },
    {
      header: t(lang, 'col.score'),
      width: 54,
      align: 'center',
      text: (l) =>
        typeof l.score === 'number' && typeof l.opponentScore === 'number'
          ? `${l.score} : ${l.opponentScore}`
          : '',
    },
    { header: t(lang, 'col.spread'), width: 72, align: 'right', text: (l) => l.spreadText },
    {
      header: t(lang, 'col.result'),
      flex: 1.1,
      text: (l) => l.result,
      colour: (l) => outcomeColour(l.outcome),
    },
    { header: t(lang, 'col.record'), width: 40, align: 'right', text: (l) => l.record },
    {
      header: t(lang, 'col.runningSpread'),
      width: 50,
      align: 'right',
      text: (l) => (l.record ? formatSpread(l.runningSpread) : ''),
      bold: () => true,
    },
  ];
  const note =
    t(lang, 'scorecard.legend') +
    (data.spreadCap ? ` ${t(lang, 'scorecard.capNote', { cap: data.spreadCap })}` : '');
  data.cards.forEach((card, i) => {
    if (i > 0) doc.addPage();
    const facts = [
      `${t(lang, 'col.seed')} ${card.seed}`,
      card.club ?? '',
      card.rank ? `${t(lang, 'col.rank')} ${card.rank}.` : '',
      card.points !== null && card.points !== undefined
        ? `${t(lang, 'col.points')} ${formatPoints(card.points)}`
        : '',
      card.spread !== null && card.spread !== undefined
        ? `${t(lang, 'col.spread')} ${formatSpread(card.spread)}`
        : '',
      card.withdrawn ? t(lang, 'player.withdrawn') : '',
    ].filter(Boolean);
    const top = (): number =>
      heading(doc, `${title}: ${card.name}`, [place, data.subtitle ?? '', facts.join(' · ')]);
    const y = drawTable(doc, columns, card.lines, {
      y: top(),
      rowHeight: 17,
      headerHeight: 26,
      fontSize: 8,
      onNewPage: top,
    });
    doc
      .font('Sans')
      .fontSize(7.5)
      .fillColor(PDF_COLOURS.muted)
      .text(note, MARGIN, Math.min(y + 6, pageBottom(doc) - 30), { width: contentWidth(doc) });
    doc.fillColor(PDF_COLOURS.text);
  });
  return finish();
}

/** Rounds on one page of the wall chart, and players. */
const MAX_ROUNDS_PER_PAGE = 12;
const ROW_HEIGHT = 20;
/** The wall chart's name column when every name is short, and its names' size (smallest when cut). */
const NAME_WIDTH = 128;
const NAME_SIZE = 8;
const NAME_MIN_SIZE = 6.5;
/** The narrowest a round's column is: room to write a result in by hand. */
const MIN_ROUND_WIDTH = 30;

/**
 * The wall chart's name column: as wide as its longest name needs (never narrower than
 * {@link NAME_WIDTH}), out of what the page's widest band of rounds leaves, each round's column
 * keeping room for its widest cell. A name is cut only when even that room is too little.
 */
function wallChartNameWidth(
  doc: Doc,
  data: WallChartDocument,
  room: { width: number; fixed: number; rounds: number },
): number {
  const widest = (texts: string[], size: number): number => {
    doc.font(SANS).fontSize(size);
    return texts.reduce((w, s) => Math.max(w, textWidth(doc, s)), 0);
  };
  const cells = data.rows.flatMap((r) => r.cells);
  // The cells' texts as wallChartRow sets them (pad 1 each side), and a point to spare.
  const roundW = Math.max(
    MIN_ROUND_WIDTH,
    widest(
      cells.map((c) => c.top),
      7.5,
    ) + 3,
    widest(
      cells.map((c) => c.bottom),
      6.5,
    ) + 3,
  );
  // cellText's padding (3 each side) and half a point, so that measured again it is not cut.
  const need =
    widest(
      data.rows.map((r) => r.name),
      NAME_SIZE,
    ) + 6.5;
  const left = room.width - room.fixed - room.rounds * roundW;
  return Math.max(NAME_WIDTH, Math.min(need, left));
}

/** Splits `n` items into the fewest parts of at most `max`, as even as can be. */
export function bands(n: number, max: number): { from: number; to: number }[] {
  if (n <= 0) return [{ from: 0, to: 0 }];
  const parts = Math.ceil(n / max);
  const size = Math.ceil(n / parts);
  const out: { from: number; to: number }[] = [];
  for (let from = 0; from < n; from += size) out.push({ from, to: Math.min(n, from + size) });
  return out;
}

/**
 * The wall chart on landscape A4 pages: rows of players in seed order, a column a round with
 * the outcome and opponent's number over the record and spread after it. Many players or rounds
 * go on over several sheets, each titled with its players and rounds so they can be pinned side
 * by side: every band of players with its rounds left to right, then the next band.
 */
export async function wallChartPdf(data: WallChartDocument, lang: Lang): Promise<Buffer> {
  const place = [data.tournament, data.division].filter(Boolean).join(' — ');
  const title = t(lang, 'pdf.wallchartTitle');
  const { doc, finish } = openDoc({
    title: `${place}: ${title}`,
    lang,
    footer: place,
    landscape: true,
  });
  const headH = 18;
  // Rows that fit under the heading (title, one line, rule) and the header row.
  const headingHeight = 22 + 14 + 12;
  const usable = pageBottom(doc) - MARGIN - headingHeight - headH - 26;
  const maxRows = Math.max(1, Math.floor(usable / ROW_HEIGHT));
  const rowBands = bands(data.rows.length, maxRows);
  const roundBands = bands(data.rounds, MAX_ROUNDS_PER_PAGE);
  const width = contentWidth(doc);
  const seedW = 26;
  const totalW = 54;
  // One width on every page, so that sheets pinned side by side line up.
  const nameW = wallChartNameWidth(doc, data, {
    width,
    fixed: seedW + totalW,
    rounds: Math.max(...roundBands.map((b) => b.to - b.from)),
  });
  let first = true;
  for (const rb of rowBands) {
    for (const [bandIndex, cb] of roundBands.entries()) {
      if (!first) doc.addPage({ size: 'A4', layout: 'landscape', margin: MARGIN });
      first = false;
      const last = bandIndex === roundBands.length - 1;
      const rounds = cb.to - cb.from;
      const cellW = (width - seedW - nameW - (last ? totalW : 0)) / Math.max(1, rounds);
      const part =
        rowBands.length > 1 || roundBands.length > 1
          ? t(lang, 'wallchart.part', {
              from: rb.from + 1,
              to: rb.to,
              first: cb.from + 1,
              last: cb.to,
            })
          : '';
      let y = heading(doc, part ? `${title} (${part})` : title, [place]);
      // Header row.
      doc.rect(MARGIN, y, width, headH).fillColor(PDF_COLOURS.headerFill).fill();
      let x = MARGIN;
      const head = (text: string, w: number, align: 'left' | 'center' | 'right'): void => {
        cellText(doc, text, x, y, w, headH, { size: 7.5, bold: true, align });
        x += w;
      };
      head('#', seedW, 'right');
      head(t(lang, 'col.name'), nameW, 'left');
      for (let r = cb.from; r < cb.to; r++) head(String(r + 1), cellW, 'center');
      if (last) head(t(lang, data.atTables ? 'col.points' : 'col.record'), totalW, 'right');
      y += headH;
      // Rows.
      for (let i = rb.from; i < rb.to; i++) {
        wallChartRow(doc, data.rows[i], (i - rb.from) % 2 === 1, y, cb, {
          seedW,
          nameW,
          cellW,
          totalW: last ? totalW : 0,
          width,
        });
        y += ROW_HEIGHT;
      }
      doc
        .font('Sans')
        .fontSize(7)
        .fillColor(PDF_COLOURS.muted)
        .text(
          t(lang, data.atTables ? 'wallchart.tablesLegend' : 'wallchart.legend'),
          MARGIN,
          y + 5,
          {
            width,
          },
        );
      doc.fillColor(PDF_COLOURS.text);
    }
  }
  return finish();
}

/**
 * One player's row of the wall chart at `y` (`zebra`: shaded), over the rounds `cb.from` to
 * `cb.to` (exclusive), with the record and spread when `totalW` is given.
 */
function wallChartRow(
  doc: Doc,
  row: WallChartDocument['rows'][number],
  zebra: boolean,
  y: number,
  cb: { from: number; to: number },
  {
    seedW,
    nameW,
    cellW,
    totalW,
    width,
  }: Record<'seedW' | 'nameW' | 'cellW' | 'totalW' | 'width', number>,
): void {
  if (zebra) {
    doc.rect(MARGIN, y, width, ROW_HEIGHT).fillColor(PDF_COLOURS.zebra).fill();
  }
  const half = ROW_HEIGHT / 2;
  let x = MARGIN;
  cellText(doc, String(row.seed), x, y, seedW, ROW_HEIGHT, {
    size: 8,
    bold: true,
    align: 'right',
  });
  x += seedW;
  cellText(doc, row.name, x, y, nameW, ROW_HEIGHT, {
    size: NAME_SIZE,
    minSize: NAME_MIN_SIZE,
    colour: row.active ? undefined : PDF_COLOURS.muted,
  });
  x += nameW;
  for (let r = cb.from; r < cb.to; r++) {
    const cell = row.cells[r];
    if (cell) {
      cellText(doc, cell.top, x, y + 1, cellW, half, {
        size: 7.5,
        align: 'center',
        colour: outcomeColour(cell.outcome),
        pad: 1,
      });
      cellText(doc, cell.bottom, x, y + half - 1, cellW, half, {
        size: 6.5,
        align: 'center',
        colour: PDF_COLOURS.muted,
        pad: 1,
      });
    }
    hairline(doc, x, y, x, y + ROW_HEIGHT);
    x += cellW;
  }
  if (totalW > 0) {
    hairline(doc, x, y, x, y + ROW_HEIGHT);
    cellText(doc, row.record, x, y + 1, totalW, half, {
      size: 7.5,
      bold: true,
      align: 'right',
    });
    cellText(doc, formatSpread(row.spread), x, y + half - 1, totalW, half, {
      size: 6.5,
      align: 'right',
      colour: PDF_COLOURS.muted,
    });
  }
  hairline(doc, MARGIN, y + ROW_HEIGHT, MARGIN + width, y + ROW_HEIGHT);
}

/** A thin light rule between the wall chart's cells and rows. */
function hairline(doc: Doc, x1: number, y1: number, x2: number, y2: number): void {
  doc.moveTo(x1, y1).lineTo(x2, y2).lineWidth(0.3).strokeColor(PDF_COLOURS.light).stroke();
}
