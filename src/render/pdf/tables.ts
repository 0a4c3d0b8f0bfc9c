/**
 * The printouts of a division played at tables of more than two: standings by match points
 * with the places and the table spread, the "met" grid, pairings with every seat, blank score
 * sheets with a column a seat, and each player's tables.
 */
import { sheetHeader } from './score-sheets';
import { PassThrough } from 'stream';
import { formatPoints, formatSpread, Lang, MessageKey, t } from '../../i18n';
import {
  cellText,
  columnWidths,
  contentWidth,
  Doc,
  drawTable,
  fit,
  heading,
  MARGIN,
  openDoc,
  pageBottom,
  PDF_COLOURS,
  PdfColumn,
  SANS,
  SANS_BOLD,
  streamDoc,
} from './doc';
import { textWidth } from './seeded-fonts';
import { nameOrder } from '../../i18n/names';
import { clubNote } from './pairings';
import type { DocumentHeader, PdfPlayer, SeatCode } from './types';

/** One line of the standings of a division at tables. */
export interface TableStandingsLine {
  rank: number;
  name: string;
  club?: string | null;
  active?: boolean;
  points: number;
  /** How often 1st, 2nd, … (index 0 first places). */
  places: readonly number[];
  tables: number;
  totalScore: number;
  /** Σ (own score − the table's mean). */
  spread: number;
  cards?: number;
  byes?: number;
  absences?: number;
}

/** The "met" grid: how often every two players shared a table, in standings order. */
export interface MetGridDocument {
  through: number;
  rows: readonly {
    rank: number;
    seed: number;
    name: string;
    points: number;
    /** Columns in the rows' order; null on the diagonal. */
    cells: readonly (number | null)[];
  }[];
}

export interface TableStandingsDocument extends DocumentHeader {
  throughRound: number;
  tableSize: number;
  /** Quivit: the cards taken have a column. */
  showCards: boolean;
  /** Tie-break names after match points, in order (`total-score`, `table-spread`, …). */
  tieBreaks: readonly string[];
  rows: readonly TableStandingsLine[];
  met?: MetGridDocument;
}

/** Pairings of a round at tables: every seat in turn order, with its figures once in. */
export interface TablePairingsDocument extends DocumentHeader {
  round: number;
  tables: readonly {
    table: number;
    seats: readonly { player: PdfPlayer; score?: number | null; place?: number | null }[];
  }[];
}

/** Blank score sheets of a round at tables: a page per table, a column group per seat. */
export interface TableSheetsDocument extends DocumentHeader {
  round: number;
  rulesName?: string;
  clockMinutes?: number;
  /** Rows a seat writes (Quivit 5); absent or null without a turn limit (the target-score game). */
  turnsPerPlayer?: number | null;
  /** Quivit: rotation, cards taken and points instead of words and clocks. */
  cardGame?: boolean;
  /** The target-score game's target, printed in the header. */
  targetScore?: number;
  tables: readonly {
    table: number;
    seats: readonly PdfPlayer[];
    /** Each seat's code for sending the sheet from a phone, seat 1 first. */
    codes?: readonly SeatCode[];
  }[];
}

/** One round of a player's tables, texts made (see `src/standings-api/table-pages.ts`). */
export interface PdfTableLine {
  round: number;
  /** `3/2`: table 3, seat 2. */
  tableSeat: string;
  /** The others at the table in turn order: `Ana 180 (1.); …`. */
  others: string;
  score: number | null;
  /** `1.`, or what the round was (`bye`, `absent`). */
  placeText: string;
  pointsText: string;
  runningPoints: number;
  /** `win` for a first place, `bye`, or `''`. */
  outcome: string;
}

export interface PdfTableCard {
  name: string;
  seed: number;
  club?: string | null;
  rank?: number | null;
  points?: number | null;
  spread?: number | null;
  withdrawn?: boolean;
  lines: readonly PdfTableLine[];
}

export interface TableScorecardsDocument extends DocumentHeader {
  cards: readonly PdfTableCard[];
}

/** `1-0-2-0`: how often 1st, 2nd, … at tables of up to `size`. */
const placeList = (places: readonly number[], size: number): string =>
  Array.from({ length: Math.max(size, places.length) }, (_, i) => places[i] ?? 0).join('-');

/** Standings of a division at tables, then the "met" grid on landscape pages when given. */
export async function tableStandingsPdf(data: TableStandingsDocument, lang: Lang): Promise<Buffer> {
  const place = [data.tournament, data.division].filter(Boolean).join(' — ');
  const title = `${t(lang, 'pdf.standingsTitle')} ${t(lang, 'common.throughRound', { n: data.throughRound })}`;
  const { doc, finish } = openDoc({ title: `${place}: ${title}`, lang, footer: place });
  const top = (): number => heading(doc, title, [place, data.subtitle ?? '']);
  const columns: PdfColumn<TableStandingsLine>[] = [
    { header: t(lang, 'col.rank'), width: 34, align: 'right', text: (r) => `${r.rank}.` },
    {
      header: t(lang, 'col.name'),
      flex: 1.3,
      text: (r) => {
        const marks: string[] = [];
        if (r.active === false) marks.push(t(lang, 'player.withdrawn'));
        if (r.absences) marks.push(t(lang, 'standings.absences', { n: r.absences }));
        return marks.length > 0 ? `${r.name} (${marks.join('; ')})` : r.name;
      },
      colour: (r) => (r.active === false ? PDF_COLOURS.muted : undefined),
    },
    { header: t(lang, 'col.club'), flex: 0.7, text: (r) => r.club ?? '' },
    {
      header: t(lang, 'col.points'),
      width: 44,
      align: 'right',
      text: (r) => formatPoints(r.points),
      bold: () => true,
    },
    {
      header: t(lang, 'col.places'),
      width: 62,
      align: 'center',
      text: (r) => placeList(r.places, data.tableSize),
    },
    {
      header: t(lang, 'tiebreak.total-score'),
      width: 50,
      align: 'right',
      text: (r) => String(r.totalScore),
    },
    {
      header: t(lang, 'tiebreak.table-spread'),
      width: 84,
      align: 'right',
      text: (r) => formatSpread(r.spread),
    },
  ];
  if (data.showCards) {
    columns.push({
      header: t(lang, 'tiebreak.cards'),
      width: 44,
      align: 'right',
      text: (r) => String(r.cards ?? 0),
    });
  }
  const y = drawTable(doc, columns, data.rows, {
    y: top(),
    rowHeight: 16,
    headerHeight: 26,
    fontSize: 8.5,
    onNewPage: top,
  });
  const order = data.tieBreaks.map((tb) => t(lang, `tiebreak.${tb}` as MessageKey)).join(', ');
  doc
    .font(SANS)
    .fontSize(8)
    .fillColor(PDF_COLOURS.muted)
    .text(
      `${t(lang, 'standings.placesLegend', { n: data.tableSize })}${order ? ` ${t(lang, 'tiebreak.title')}: ${order}.` : ''}`,
      MARGIN,
      y + 6,
      { width: contentWidth(doc) },
    );
  if (data.met) metPages(doc, data.met, lang, [place, data.subtitle ?? '']);
  return finish();
}

/** The "met" grid alone (landscape). */
export async function metTablePdf(
  data: DocumentHeader & { met: MetGridDocument },
  lang: Lang,
): Promise<Buffer> {
  const place = [data.tournament, data.division].filter(Boolean).join(' — ');
  const { doc, finish } = openDoc({
    title: `${place}: ${t(lang, 'division.met')}`,
    lang,
    footer: place,
    landscape: true,
  });
  metPages(doc, data.met, lang, [place, data.subtitle ?? ''], true);
  return finish();
}

type MetRow = MetGridDocument['rows'][number];

/** Columns of the grid a page holds; more go on over further pages. */
const MET_COLUMNS = 30;

function metPages(
  doc: Doc,
  met: MetGridDocument,
  lang: Lang,
  lines: string[],
  firstPageIsOpen = false,
): void {
  const landscape = { size: 'A4', layout: 'landscape' as const, margin: MARGIN };
  const n = met.rows.length;
  const groups: number[][] = [];
  for (let from = 0; from < n; from += MET_COLUMNS) {
    groups.push(Array.from({ length: Math.min(MET_COLUMNS, n - from) }, (_, i) => from + i));
  }
  if (groups.length === 0) groups.push([]);
  groups.forEach((cols, g) => {
    if (!(firstPageIsOpen && g === 0)) doc.addPage(landscape);
    const suffix =
      groups.length > 1 && cols.length
        ? ` (#${met.rows[cols[0]].seed}–#${met.rows[cols[cols.length - 1]].seed})`
        : '';
    const head = (): number => heading(doc, `${t(lang, 'division.met')}${suffix}`, lines);
    const columns: PdfColumn<MetRow>[] = [
      { header: t(lang, 'col.rank'), width: 30, align: 'right', text: (r) => `${r.rank}.` },
      { header: t(lang, 'col.name'), width: 140, text: (r) => `#${r.seed} ${r.name}` },
      {
        header: t(lang, 'col.points'),
        width: 38,
        align: 'right',
        text: (r) => formatPoints(r.points),
        bold: () => true,
      },
      ...cols.map((j): PdfColumn<MetRow> => ({
        header: `#${met.rows[j].seed}`,
        flex: 1,
        align: 'center',
        text: (r) => {
          const c = r.cells[j];
          return c === null ? '×' : c === 0 ? '' : String(c);
        },
        bold: (r) => (r.cells[j] ?? 0) > 1,
        colour: (r) => (r.cells[j] === null ? PDF_COLOURS.light : undefined),
      })),
    ];
    const y = drawTable(doc, columns, met.rows, {
      y: head(),
      rowHeight: 15,
      fontSize: 7.5,
      onNewPage: head,
      addPage: () => doc.addPage(landscape),
    });
    doc
      .fontSize(7.5)
      .fillColor(PDF_COLOURS.muted)
      .text(t(lang, 'met.legend', { n: met.through }), MARGIN, y + 5, {
        width: contentWidth(doc),
      });
  });
}

type SeatRow = {
  table: number;
  seat: number;
  player: PdfPlayer;
  score?: number | null;
  place?: number | null;
};

/** Pairings of a round at tables: a line a seat, tables in order; then the players A–Z. */
export async function tablePairingsPdf(data: TablePairingsDocument, lang: Lang): Promise<Buffer> {
  const title = t(lang, 'pdf.pairingsTitle', { n: data.round });
  const place = [data.tournament, data.division].filter(Boolean).join(' — ');
  const { doc, finish } = openDoc({ title: `${place}: ${title}`, lang, footer: place });
  const lines = [place, data.subtitle ?? ''];
  const top = (): number => heading(doc, title, lines);
  const tables = [...data.tables].sort((a, b) => a.table - b.table);
  const rows: SeatRow[] = tables.flatMap((tb) =>
    tb.seats.map((s, i) => ({ table: tb.table, seat: i + 1, ...s })),
  );
  const withResults = rows.some((r) => r.score !== null && r.score !== undefined);
  const columns: PdfColumn<SeatRow>[] = [
    {
      header: t(lang, 'col.table'),
      width: 42,
      align: 'center',
      text: (r) => (r.seat === 1 ? String(r.table) : ''),
      bold: () => true,
    },
    {
      header: t(lang, 'col.seat'),
      width: 70,
      align: 'center',
      // A player alone at a table has a bye, said here so that the name and club stay together.
      text: (r) =>
        tables.find((tb) => tb.table === r.table)!.seats.length > 1
          ? String(r.seat)
          : t(lang, 'common.bye'),
    },
    {
      header: t(lang, 'col.player'),
      flex: 1,
      // The club as a note, cut before the name is.
      text: (r) => r.player.name,
      note: (r) => clubNote(r.player),
      bold: (r) => r.seat === 1,
    },
  ];
  if (withResults) {
    columns.push(
      {
        header: t(lang, 'col.score'),
        width: 50,
        align: 'right',
        text: (r) => (r.score === null || r.score === undefined ? '' : String(r.score)),
      },
      {
        header: t(lang, 'col.place'),
        width: 58,
        align: 'right',
        text: (r) => (r.place ? `${r.place}.` : ''),
        colour: (r) => (r.place === 1 ? PDF_COLOURS.good : undefined),
      },
    );
  }
  // Tables alternate shading, so that the seats of one table read as one block.
  const shaded = new Set(tables.filter((_, i) => i % 2 === 1).map((tb) => tb.table));
  const below = drawTable(doc, columns, rows, {
    y: top(),
    rowHeight: 17,
    // Room for a heading on two lines (`Mesto za stolom`).
    headerHeight: 26,
    fontSize: 10,
    onNewPage: top,
    rowFill: (r) => (shaded.has(r.table) ? PDF_COLOURS.zebra : '#ffffff'),
  });
  doc
    .font(SANS)
    .fontSize(8)
    .fillColor(PDF_COLOURS.muted)
    .text(t(lang, 'tables.seatOrder'), MARGIN, below + 6, {
      width: contentWidth(doc),
    });

  // Players in alphabetical order with their table and seat, for the notice board.
  const order = nameOrder(lang);
  const entries = [...rows].sort((a, b) => order(a.player.name, b.player.name));
  doc.addPage();
  const byName = (): number => heading(doc, `${title} — ${t(lang, 'pdf.byName')}`, lines);
  drawTable(
    doc,
    [
      {
        header: t(lang, 'col.player'),
        flex: 1.2,
        text: (e: SeatRow) => e.player.name,
        note: (e) => clubNote(e.player),
      },
      {
        header: t(lang, 'col.table'),
        width: 42,
        align: 'center',
        text: (e) => String(e.table),
        bold: () => true,
      },
      {
        header: t(lang, 'col.seat'),
        width: 90,
        align: 'center',
        text: (e) =>
          tables.find((tb) => tb.table === e.table)!.seats.length > 1
            ? String(e.seat)
            : t(lang, 'common.bye'),
      },
    ],
    entries,
    { y: byName(), x: MARGIN, rowHeight: 17, fontSize: 9.5, onNewPage: byName },
  );
  return finish();
}

/** A column of a seat's grid on the blank sheet. */
interface SeatColumn {
  key: MessageKey;
  width?: number;
  flex?: number;
}

const CARD_COLUMNS: readonly SeatColumn[] = [
  { key: 'col.rotation', width: 40 },
  { key: 'col.cardsTaken', flex: 1 },
  { key: 'col.score', width: 30 },
  { key: 'col.total', width: 34 },
];
const WORD_COLUMNS: readonly SeatColumn[] = [
  { key: 'col.position', width: 34 },
  { key: 'col.word', flex: 1 },
  { key: 'col.score', width: 30 },
  { key: 'col.total', width: 34 },
];
const CLOCK_COLUMN: SeatColumn = { key: 'col.clock', width: 32 };

/** Rows a seat gets at least on a sheet without a turn limit (over two pages if need be). */
const TABLE_MIN_ROWS = 25;
const ROW_H = 17;
const HEAD_H = 16;
const TURN_W = 22;
const GAP = 6;

/** Blank score sheets of a round at tables, whole in memory (tests, small rounds). */
export async function tableScoreSheetsPdf(data: TableSheetsDocument, lang: Lang): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await writeTableScoreSheets(data, lang, out);
  await ended;
  return Buffer.concat(chunks);
}

/**
 * Blank score sheets of a round at tables, written to `out` sheet by sheet: landscape A4, the
 * table's seats side by side in turn order, each with the rule set's columns (Quivit: rotation,
 * cards taken, score, total; the target-score game: position, word, score, total, clock), a row
 * a turn, then each seat's final figures and a signature a seat and the judge's.
 */
export async function writeTableScoreSheets(
  data: TableSheetsDocument,
  lang: Lang,
  out: NodeJS.WritableStream,
): Promise<void> {
  const place = [data.tournament, data.division].filter(Boolean).join(' — ');
  const title = `${t(lang, 'pdf.sheetTitle')} — ${t(lang, 'pdf.sheetRound', { n: data.round })}`;
  const meta = { title: `${place}: ${title}`, lang, footer: place, landscape: true };
  const tables = [...data.tables].filter((tb) => tb.seats.length > 1);
  tables.sort((a, b) => a.table - b.table);
  // Every sheet of a table size has as many pages as the first such sheet: counted aside.
  const pagesOf = new Map<number, number>();
  let total = 0;
  for (const tb of tables) {
    if (!pagesOf.has(tb.seats.length)) {
      const trial = openDoc(meta).doc;
      tableSheet(trial, data, lang, tb);
      pagesOf.set(tb.seats.length, trial.bufferedPageRange().count);
    }
    total += pagesOf.get(tb.seats.length)!;
  }
  const { doc, flushed, finish } = streamDoc(meta, Math.max(1, total), out);
  for (const [i, tb] of tables.entries()) {
    if (i > 0) {
      if (!(await flushed())) break;
      doc.addPage();
    }
    tableSheet(doc, data, lang, tb);
  }
  if (tables.length === 0) doc.font(SANS).fontSize(12).text(place, MARGIN, MARGIN);
  await finish();
}

function tableSheet(
  doc: Doc,
  data: TableSheetsDocument,
  lang: Lang,
  table: TableSheetsDocument['tables'][number],
): void {
  const width = contentWidth(doc);
  const seats = table.seats;
  const n = seats.length;
  // Each player's code left of the table number, smaller at the larger Quivit tables.
  let y = sheetHeader(
    doc,
    lang,
    data,
    table.table,
    table.codes ?? [],
    n > 4 ? 34 : 44,
    data.targetScore ? `${t(lang, 'pdf.target')} ${data.targetScore}` : '',
  );
  y += 52;
  doc.font(SANS).fontSize(8).fillColor(PDF_COLOURS.muted);
  doc.text(fit(doc, t(lang, 'pdf.tableSheetHint'), width), MARGIN, y, { lineBreak: false });
  y += 14;

  const columns = data.cardGame
    ? CARD_COLUMNS
    : data.clockMinutes
      ? [...WORD_COLUMNS, CLOCK_COLUMN]
      : WORD_COLUMNS;
  // At most four seats side by side; a bigger table (Quivit, up to 8) in bands of them.
  const perBand = n <= 4 ? n : Math.ceil(n / Math.ceil(n / 4));
  const bands: { from: number; seats: readonly PdfPlayer[] }[] = [];
  for (let from = 0; from < n; from += perBand) {
    bands.push({ from, seats: seats.slice(from, from + perBand) });
  }
  const seatW = (width - TURN_W - GAP * (perBand - 1)) / perBand;
  const widths = columnWidths(
    columns.map((c): PdfColumn<unknown> => ({ ...c, header: '', text: () => '' })),
    seatW,
  );
  const xs = Array.from({ length: perBand }, (_, i) => MARGIN + TURN_W + i * (seatW + GAP));
  const finals: MessageKey[] = data.cardGame
    ? ['pdf.finalScore', 'pdf.finalCards']
    : data.clockMinutes
      ? ['pdf.finalScore', 'pdf.remainingTime']
      : ['pdf.finalScore'];
  const finalH = 20;
  const finalsH = 18 + finals.length * finalH + 8;
  const signers = [
    ...seats.map((p) => t(lang, 'pdf.signaturePlayer', { name: p.name })),
    t(lang, 'pdf.signatureJudge'),
  ];
  const perSignatureRow = Math.min(signers.length, 5);
  const signatureRows = Math.ceil(signers.length / perSignatureRow);
  const closing = 15 + 30 + 10 + 16 + 44 * signatureRows;
  const tail = 10 + finalsH + closing;
  const rowsThatFit = (top: number, reserve: number): number =>
    Math.floor((pageBottom(doc) - top - 22 - HEAD_H - reserve) / ROW_H);
  const turns = data.turnsPerPlayer ?? null;

  /** Each seat's final figures under its grid. */
  const finalFigures = (band: (typeof bands)[number]): void => {
    seatFinals(doc, lang, band, { xs, y, seatW, finals, finalH });
    y += finalsH;
  };

  if (bands.length === 1) {
    // Without a turn limit: the page's rows when they are enough, else this page full and the next.
    let rows =
      turns ??
      (rowsThatFit(y, tail) >= TABLE_MIN_ROWS
        ? rowsThatFit(y, tail)
        : rowsThatFit(y, 0) + rowsThatFit(MARGIN, tail));
    // A few turns (Quivit's 5) get taller rows, room to write the cards taken.
    const rowH =
      turns !== null && rowsThatFit(y, tail) >= turns
        ? Math.min(28, Math.floor((pageBottom(doc) - y - 22 - HEAD_H - tail) / turns))
        : ROW_H;
    let first = 1;
    for (;;) {
      seats.forEach((p, i) => seatBand(doc, lang, p, i + 1, xs[i], y, seatW));
      const last = rowsThatFit(y, tail) >= rows;
      const count = last ? rows : Math.max(1, Math.min(rowsThatFit(y, 0), rows - 1));
      y += 22;
      const bottom = seatGrids(doc, lang, columns, widths, xs, y, count, first, rowH);
      rows -= count;
      first += count;
      if (last) {
        y = bottom + 10;
        break;
      }
      doc.addPage();
      y = MARGIN;
    }
    finalFigures(bands[0]);
  } else {
    // Bands of seats one under another (a table of more than four has a turn limit: Quivit's).
    const rows = turns ?? TABLE_MIN_ROWS;
    for (const band of bands) {
      if (y + 22 + HEAD_H + rows * ROW_H + 10 + finalsH > pageBottom(doc)) {
        doc.addPage();
        y = MARGIN;
      }
      band.seats.forEach((p, i) => seatBand(doc, lang, p, band.from + i + 1, xs[i], y, seatW));
      y += 22;
      const bandXs = xs.slice(0, band.seats.length);
      y = seatGrids(doc, lang, columns, widths, bandXs, y, rows, 1, ROW_H) + 10;
      finalFigures(band);
    }
    if (y + closing > pageBottom(doc)) {
      doc.addPage();
      y = MARGIN;
    }
  }

  tableSheetClosing(doc, lang, data.cardGame === true, y, signers, perSignatureRow);
}

/** A band of seats' final figures (score, cards or time left), each a label and a box, from `y`. */
function seatFinals(
  doc: Doc,
  lang: Lang,
  band: { from: number; seats: readonly PdfPlayer[] },
  {
    xs,
    y,
    seatW,
    finals,
    finalH,
  }: { xs: number[]; y: number; seatW: number; finals: MessageKey[]; finalH: number },
): void {
  band.seats.forEach((p, i) => {
    const x = xs[i];
    cellText(doc, `${band.from + i + 1}. ${p.name}`, x, y, seatW, 16, {
      size: 9.5,
      minSize: 7,
      bold: true,
      pad: 0,
    });
    finals.forEach((key, k) => {
      const yy = y + 18 + k * finalH;
      cellText(doc, t(lang, key), x, yy, seatW * 0.5, finalH, {
        size: 8,
        pad: 0,
        colour: PDF_COLOURS.muted,
      });
      doc
        .rect(x + seatW * 0.5, yy + 2, seatW * 0.5, finalH - 4)
        .lineWidth(0.6)
        .strokeColor(PDF_COLOURS.rule)
        .stroke();
    });
  });
}

/**
 * The end of a table's sheet from `top`: a box for challenges (a card game's notes) and a line to
 * sign for each player and the judge, `perRow` to a row.
 */
function tableSheetClosing(
  doc: Doc,
  lang: Lang,
  cardGame: boolean,
  top: number,
  signers: string[],
  perSignatureRow: number,
): void {
  const width = contentWidth(doc);
  let y = top;
  cellText(doc, t(lang, cardGame ? 'pdf.cardNotes' : 'pdf.challenges'), MARGIN, y, width, 14, {
    size: 8.5,
    pad: 0,
    colour: PDF_COLOURS.muted,
  });
  doc
    .rect(MARGIN, y + 15, width, 30)
    .lineWidth(0.6)
    .strokeColor(PDF_COLOURS.rule)
    .stroke();
  y += 15 + 30 + 10;

  cellText(doc, t(lang, 'pdf.signatures'), MARGIN, y, width, 14, { size: 10, bold: true, pad: 0 });
  y += 16;
  const sigW = (width - 12 * (perSignatureRow - 1)) / perSignatureRow;
  signers.forEach((label, s) => {
    const x = MARGIN + (s % perSignatureRow) * (sigW + 12);
    const yy = y + Math.floor(s / perSignatureRow) * 44;
    doc
      .moveTo(x, yy + 28)
      .lineTo(x + sigW, yy + 28)
      .lineWidth(0.6)
      .strokeColor(PDF_COLOURS.text)
      .stroke();
    cellText(doc, label, x, yy + 30, sigW, 12, {
      size: 7.5,
      minSize: 6,
      pad: 0,
      colour: PDF_COLOURS.muted,
    });
  });
}

/**
 * A seat's band over its grid: `1. Name`, its place in the turn order and the club. The name
 * comes first: whole beside the place, set smaller if need be, or else alone in the band and
 * set smaller still before it is cut (the seat's number gives the order too); the club takes
 * what is left.
 */
function seatBand(
  doc: Doc,
  lang: Lang,
  player: PdfPlayer,
  seat: number,
  x: number,
  y: number,
  w: number,
): void {
  doc.rect(x, y, w, 20).fillColor(PDF_COLOURS.headerFill).fill();
  const name = `${seat}. ${player.name}`;
  const role = t(lang, 'tables.seat', { n: seat });
  const roleW = doc.font(SANS).fontSize(8).widthOfString(role) + 8;
  // Beside its place when it fits there at 8 points or more.
  const nameW = textWidth(doc.font(SANS_BOLD).fontSize(9.5), name);
  const withRole = (nameW * 8) / 9.5 + 8 <= w - roleW;
  const room = (withRole ? w - roleW : w) - 8;
  const used = cellText(doc, name, x, y, room + 8, 20, {
    size: 9.5,
    minSize: withRole ? 8 : 7,
    bold: true,
    pad: 4,
  });
  if (withRole) {
    cellText(doc, role, x + w - roleW, y, roleW, 20, {
      size: 8,
      align: 'right',
      colour: PDF_COLOURS.muted,
      pad: 4,
    });
  }
  // The club in the room the name leaves, when a word of it fits.
  const left = room - used - 4;
  if (player.club && left >= 24) {
    cellText(doc, `(${player.club})`, x + 4 + room - left, y, left + 0.5, 20, {
      size: 8,
      pad: 0,
      colour: PDF_COLOURS.muted,
    });
  }
}

/** The turn numbers on the left and each seat's grid; returns the y below them. */
function seatGrids(
  doc: Doc,
  lang: Lang,
  columns: readonly SeatColumn[],
  widths: number[],
  xs: number[],
  y: number,
  rows: number,
  first: number,
  rowH: number,
): number {
  const seatW = widths.reduce((a, b) => a + b, 0);
  const bottom = y + HEAD_H + rows * rowH;
  cellText(doc, '#', MARGIN, y, TURN_W, HEAD_H, {
    size: 7.5,
    bold: true,
    align: 'center',
    colour: PDF_COLOURS.muted,
    pad: 1,
  });
  for (let r = 0; r < rows; r++) {
    cellText(doc, String(first + r), MARGIN, y + HEAD_H + r * rowH, TURN_W, rowH, {
      size: 8.5,
      align: 'center',
      colour: PDF_COLOURS.muted,
      pad: 1,
    });
  }
  for (const left of xs) {
    let x = left;
    columns.forEach((c, i) => {
      // Set smaller rather than cut (`Позиција` in Cyrillic is wider than its column).
      cellText(doc, t(lang, c.key), x, y, widths[i], HEAD_H, {
        size: 7,
        minSize: 5.5,
        bold: true,
        align: 'center',
        colour: PDF_COLOURS.muted,
        pad: 1,
      });
      x += widths[i];
    });
    for (let r = 0; r <= rows; r++) {
      const yy = y + HEAD_H + r * rowH;
      doc.moveTo(left, yy).lineTo(left + seatW, yy);
    }
    doc.moveTo(left, y).lineTo(left + seatW, y);
    x = left;
    for (let i = 0; i <= widths.length; i++) {
      doc.moveTo(x, y).lineTo(x, bottom);
      if (i < widths.length) x += widths[i];
    }
    doc.lineWidth(0.6).strokeColor(PDF_COLOURS.rule).stroke();
  }
  return bottom;
}

/** Each player's tables on a page of their own (portrait A4). */
export async function tableScorecardsPdf(
  data: TableScorecardsDocument,
  lang: Lang,
): Promise<Buffer> {
  const place = [data.tournament, data.division].filter(Boolean).join(' — ');
  const title = t(lang, 'pdf.scorecardTitle');
  const only = data.cards.length === 1 ? data.cards[0].name : null;
  const { doc, finish } = openDoc({
    title: `${place}: ${title}${only ? ` — ${only}` : ''}`,
    lang,
    footer: place,
  });
  const columns: PdfColumn<PdfTableLine>[] = [
    { header: t(lang, 'col.round'), width: 30, align: 'right', text: (l) => String(l.round) },
    { header: t(lang, 'col.tableSeat'), width: 46, align: 'center', text: (l) => l.tableSeat },
    { header: t(lang, 'col.atTable'), flex: 1, text: (l) => l.others },
    {
      header: t(lang, 'col.score'),
      width: 36,
      align: 'right',
      text: (l) => (l.score === null ? '' : String(l.score)),
    },
    {
      header: t(lang, 'col.place'),
      width: 46,
      align: 'right',
      text: (l) => l.placeText,
      colour: (l) => (l.outcome === 'win' || l.outcome === 'bye' ? PDF_COLOURS.good : undefined),
    },
    { header: t(lang, 'col.points'), width: 36, align: 'right', text: (l) => l.pointsText },
    {
      header: t(lang, 'col.pointsSoFar'),
      width: 44,
      align: 'right',
      text: (l) => formatPoints(l.runningPoints),
      bold: () => true,
    },
  ];
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
        ? `${t(lang, 'tiebreak.table-spread')} ${formatSpread(card.spread)}`
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
      .font(SANS)
      .fontSize(7.5)
      .fillColor(PDF_COLOURS.muted)
      .text(t(lang, 'tables.scorecardLegend'), MARGIN, Math.min(y + 6, pageBottom(doc) - 30), {
        width: contentWidth(doc),
      });
    doc.fillColor(PDF_COLOURS.text);
  });
  return finish();
}
