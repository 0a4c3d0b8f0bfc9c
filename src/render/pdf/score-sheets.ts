import { PassThrough } from 'stream';
import { drawSeatCodes } from './qr';
import { Lang, MessageKey, t } from '../../i18n';
import {
  cellText,
  columnWidths,
  contentWidth,
  Doc,
  fit,
  MARGIN,
  openDoc,
  streamDoc,
  pageBottom,
  PDF_COLOURS,
  PdfColumn,
  SANS,
  SANS_BOLD,
} from './doc';
import { playerLabel } from './pairings';
import type { DocumentHeader, PdfPlayer, ScoreSheetsDocument, SeatCode } from './types';

/** A column of the turn grid: full width when the players' grids are stacked, `narrow` side by side. */
interface GridColumn {
  key: MessageKey;
  width?: number;
  flex?: number;
  narrow: { width?: number; flex?: number };
}

/** What a blank sheet asks for: the columns of each player's turns, the final figures, the free box. */
interface SheetLayout {
  grid: readonly GridColumn[];
  finals: readonly MessageKey[];
  notes: MessageKey;
}

const CROSSWORD_SHEET: SheetLayout = {
  grid: [
    { key: 'col.turn', width: 40, narrow: { width: 24 } },
    { key: 'col.position', width: 64, narrow: { width: 42 } },
    { key: 'col.word', flex: 1, narrow: { flex: 1 } },
    { key: 'col.score', width: 54, narrow: { width: 34 } },
    { key: 'col.total', width: 58, narrow: { width: 40 } },
    { key: 'col.clock', width: 54, narrow: { width: 36 } },
  ],
  finals: ['pdf.finalRacks', 'pdf.finalScore', 'pdf.remainingTime'],
  notes: 'pdf.challenges',
};

/** A card game (Quivit): the card rotated, the values of the cards taken, points; no clock, no racks. */
const CARD_SHEET: SheetLayout = {
  grid: [
    { key: 'col.turn', width: 40, narrow: { width: 24 } },
    { key: 'col.rotation', width: 80, narrow: { width: 52 } },
    { key: 'col.cardsTaken', flex: 1, narrow: { flex: 1 } },
    { key: 'col.score', width: 54, narrow: { width: 34 } },
    { key: 'col.total', width: 58, narrow: { width: 40 } },
  ],
  finals: ['pdf.finalScore', 'pdf.finalCards', 'pdf.drawnCard'],
  notes: 'pdf.cardNotes',
};

/** Turns a player fit in the stacked layout (Kvizovka's 10); more put the two grids side by side. */
const STACKED_MAX = 10;
/** Rows a sheet of a game without a turn limit gives each player at least (a long Scrabble game). */
export const UNLIMITED_MIN_ROWS = 25;
/** Row heights of the turn grids: stacked, and side by side (smaller, still room to write). */
const ROW_STACKED = 20;
const ROW_SIDE = 17;
const HEAD_H = 16;
/** The gap between the two players' grids side by side. */
const SIDE_GAP = 10;

/** What a grid needs: where it is drawn, its columns, its rows and where numbering starts. */
interface GridBox {
  x: number;
  y: number;
  widths: number[];
  rows: number;
  first: number;
  rowH: number;
  narrow: boolean;
}

/**
 * Blank score sheets for a round: one A4 page per game with the names and table
 * filled in. A game with a turn limit of up to 10 (Kvizovka) has the players'
 * grids one above the other; a game without one (Scrabble: `turnsPerPlayer`
 * absent or null) has them side by side with at least {@link UNLIMITED_MIN_ROWS}
 * rows each, as many as the page holds; a limit longer than a page holds goes
 * on over the next page.
 */
export async function scoreSheetsPdf(data: ScoreSheetsDocument, lang: Lang): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await writeScoreSheets(data, lang, out);
  await ended;
  return Buffer.concat(chunks);
}

/**
 * {@link scoreSheetsPdf} written to `out` sheet by sheet as they are made,
 * waiting for `out` when it holds more than it asks for: the round's sheets
 * are never whole in memory, and other requests are served between sheets.
 */
export async function writeScoreSheets(
  data: ScoreSheetsDocument,
  lang: Lang,
  out: NodeJS.WritableStream,
): Promise<void> {
  const place = [data.tournament, data.division].filter(Boolean).join(' — ');
  const title = `${t(lang, 'pdf.sheetTitle')} — ${t(lang, 'pdf.sheetRound', { n: data.round })}`;
  const meta = { title: `${place}: ${title}`, lang, footer: place };
  const turns = data.turnsPerPlayer ?? null;
  const layout = data.cardGame ? CARD_SHEET : CROSSWORD_SHEET;
  const games = [...data.games].sort((a, b) => a.table - b.table);
  // Every sheet of a round has as many pages as the first (names are cut to fit, never wrapped):
  // the first, drawn once aside, says how many pages the footers count.
  let perSheet = 1;
  if (games.length > 0) {
    const trial = openDoc(meta).doc;
    sheetPage(trial, data, lang, games[0], turns, layout);
    perSheet = trial.bufferedPageRange().count;
  }
  const { doc, flushed, finish } = streamDoc(meta, Math.max(1, games.length * perSheet), out);
  for (const [i, game] of games.entries()) {
    if (i > 0) {
      // The reader left: the rest of the round is not made.
      if (!(await flushed())) break;
      doc.addPage();
    }
    sheetPage(doc, data, lang, game, turns, layout);
  }
  if (games.length === 0) {
    doc.font(SANS).fontSize(12).text(place, MARGIN, MARGIN);
  }
  await finish();
}

/**
 * The head of a blank sheet, the same for pairs and tables: title, tournament and division,
 * round and rules (and `extra`, the target); the table number large in a box on the right and
 * left of it each player's code (`codeSize` points square), scanned to open the phone's page
 * that sends this sheet, typed from the address under it. The top of the head, for what follows.
 */
export function sheetHeader(
  doc: Doc,
  lang: Lang,
  data: DocumentHeader & { round: number; rulesName?: string; clockMinutes?: number },
  table: number,
  codes: readonly SeatCode[],
  codeSize: number,
  extra = '',
): number {
  const width = contentWidth(doc);
  const y = MARGIN;
  const box = 110;
  const codesWidth = drawSeatCodes(doc, codes, MARGIN + width - box - 8, y, codeSize);
  doc
    .rect(MARGIN + width - box, y, box, 46)
    .lineWidth(1.5)
    .strokeColor(PDF_COLOURS.text)
    .stroke();
  cellText(doc, t(lang, 'pdf.sheetTable', { n: table }), MARGIN + width - box, y, box, 46, {
    size: 20,
    bold: true,
    align: 'center',
  });
  doc.font(SANS_BOLD).fontSize(18).fillColor(PDF_COLOURS.text);
  doc.text(t(lang, 'pdf.sheetTitle'), MARGIN, y, { lineBreak: false });
  doc.font(SANS).fontSize(10).fillColor(PDF_COLOURS.muted);
  const place = [data.tournament, data.division].filter(Boolean).join(' — ');
  const info = [
    t(lang, 'pdf.sheetRound', { n: data.round }),
    data.rulesName && data.clockMinutes
      ? t(lang, 'pdf.rulesClock', { rules: data.rulesName, n: data.clockMinutes })
      : (data.rulesName ?? ''),
    extra,
    data.subtitle ?? '',
  ]
    .filter(Boolean)
    .join(' · ');
  doc.text(fit(doc, place, width - box - 10 - codesWidth), MARGIN, y + 24, { lineBreak: false });
  doc.text(fit(doc, info, width - box - 10 - codesWidth), MARGIN, y + 37, { lineBreak: false });
  return y;
}

function sheetPage(
  doc: Doc,
  data: ScoreSheetsDocument,
  lang: Lang,
  game: ScoreSheetsDocument['games'][number],
  turns: number | null,
  layout: SheetLayout,
): void {
  const width = contentWidth(doc);
  let y = sheetHeader(doc, lang, data, game.table, game.codes ?? [], 44) + 58;

  const players: [PdfPlayer, string][] = [
    [game.first, t(lang, 'pdf.startsFirst')],
    [game.second, t(lang, 'pdf.startsSecond')],
  ];
  const finalH = 20;
  const labels = layout.finals;
  // Everything under the grids: finals, the free box, the signatures.
  const tail = 10 + (18 + labels.length * finalH + 8) + (15 + 34 + 10) + (16 + 44);
  if (turns !== null && turns <= STACKED_MAX) {
    const widths = gridWidths(layout, width, false);
    players.forEach(([player, role], p) => {
      y = playerBand(doc, `${p + 1}. ${playerLabel(player)}`, role, MARGIN, y, width);
      y =
        turnGrid(doc, lang, layout, {
          x: MARGIN,
          y,
          widths,
          rows: turns,
          first: 1,
          rowH: ROW_STACKED,
          narrow: false,
        }) + 10;
    });
  } else {
    // Side by side: each player's grid in half the width, numbered on over pages if need be.
    const half = (width - SIDE_GAP) / 2;
    const widths = gridWidths(layout, half, true);
    const xs = [MARGIN, MARGIN + half + SIDE_GAP];
    const rowsThatFit = (top: number, reserve: number): number =>
      Math.floor((pageBottom(doc) - top - 22 - HEAD_H - reserve) / ROW_SIDE);
    let rows = turns ?? Math.max(UNLIMITED_MIN_ROWS, rowsThatFit(y, tail));
    let first = 1;
    for (;;) {
      // The names head the grids on every page they run over.
      players.forEach(([player, role], p) => {
        playerBand(doc, `${p + 1}. ${playerLabel(player)}`, role, xs[p], y, half);
      });
      const last = rowsThatFit(y, tail) >= rows;
      // Not last: a full page, less ten rows left for the page the sheet ends on.
      const n = last ? rows : Math.max(1, Math.min(rowsThatFit(y, 0), rows - 10));
      y += 22;
      let bottom = y;
      for (const x of xs) {
        bottom = turnGrid(doc, lang, layout, {
          x,
          y,
          widths,
          rows: n,
          first,
          rowH: ROW_SIDE,
          narrow: true,
        });
      }
      rows -= n;
      first += n;
      if (last) {
        y = bottom + 10;
        break;
      }
      doc.addPage();
      y = MARGIN;
    }
  }

  sheetFoot(doc, lang, game, layout, y);
}

/**
 * Under a sheet's grids, from `y`: each player's final racks, scores and time (a card game's
 * score, cards and card drawn), a free box for challenges and penalties, and the signatures.
 */
function sheetFoot(
  doc: Doc,
  lang: Lang,
  game: ScoreSheetsDocument['games'][number],
  layout: SheetLayout,
  top: number,
): void {
  let y = top;
  const width = contentWidth(doc);
  const finalH = 20;
  const labels = layout.finals;
  // Final racks, scores, time (card games: score, cards, the card drawn).
  const colW = width / 2;
  doc.font(SANS_BOLD).fontSize(10).fillColor(PDF_COLOURS.text);
  [game.first, game.second].forEach((player, p) => {
    const x = MARGIN + p * colW + (p === 1 ? 6 : 0);
    const w = colW - 6;
    cellText(doc, player.name, x, y, w, 16, { size: 10, bold: true, pad: 0 });
    labels.forEach((key, k) => {
      const yy = y + 18 + k * finalH;
      cellText(doc, t(lang, key), x, yy, w * 0.5, finalH, {
        size: 8.5,
        pad: 0,
        colour: PDF_COLOURS.muted,
      });
      doc
        .rect(x + w * 0.5, yy + 2, w * 0.5, finalH - 4)
        .lineWidth(0.6)
        .strokeColor(PDF_COLOURS.rule)
        .stroke();
    });
  });
  y += 18 + labels.length * finalH + 8;

  // Challenges and penalties: a free box.
  cellText(doc, t(lang, layout.notes), MARGIN, y, width, 14, {
    size: 8.5,
    pad: 0,
    colour: PDF_COLOURS.muted,
  });
  const free = 34;
  doc
    .rect(MARGIN, y + 15, width, free)
    .lineWidth(0.6)
    .strokeColor(PDF_COLOURS.rule)
    .stroke();
  y += 15 + free + 10;

  // Signatures.
  cellText(doc, t(lang, 'pdf.signatures'), MARGIN, y, width, 14, { size: 10, bold: true, pad: 0 });
  y += 16;
  const sigW = (width - 24) / 3;
  const signers = [
    t(lang, 'pdf.signaturePlayer', { name: game.first.name }),
    t(lang, 'pdf.signaturePlayer', { name: game.second.name }),
    t(lang, 'pdf.signatureJudge'),
  ];
  signers.forEach((label, s) => {
    const x = MARGIN + s * (sigW + 12);
    doc
      .moveTo(x, y + 28)
      .lineTo(x + sigW, y + 28)
      .lineWidth(0.6)
      .strokeColor(PDF_COLOURS.text)
      .stroke();
    cellText(doc, label, x, y + 30, sigW, 12, { size: 7.5, pad: 0, colour: PDF_COLOURS.muted });
  });
}

/** A player's band over their grid: name and club, and who moves first; returns the y below it. */
function playerBand(
  doc: Doc,
  name: string,
  role: string,
  x: number,
  y: number,
  width: number,
): number {
  doc.rect(x, y, width, 20).fillColor(PDF_COLOURS.headerFill).fill();
  // The role takes what it needs; the name the rest.
  const roleW = Math.min(width * 0.3, doc.font(SANS).fontSize(9).widthOfString(role) + 12);
  cellText(doc, name, x, y, width - roleW, 20, { size: width < 300 ? 10 : 11, bold: true, pad: 5 });
  cellText(doc, role, x + width - roleW, y, roleW, 20, {
    size: 9,
    align: 'right',
    colour: PDF_COLOURS.muted,
    pad: 5,
  });
  return y + 22;
}

/** The widths of a layout's grid columns in `width` points. */
function gridWidths(layout: SheetLayout, width: number, narrow: boolean): number[] {
  return columnWidths(
    layout.grid.map((g): PdfColumn<unknown> => ({
      ...(narrow ? g.narrow : { width: g.width, flex: g.flex }),
      header: '',
      text: () => '',
    })),
    width,
  );
}

/** The turn grid of one player: header and numbered rows from `first`; returns the y below it. */
function turnGrid(doc: Doc, lang: Lang, layout: SheetLayout, box: GridBox): number {
  const { x: left, y, widths, rows, first, rowH, narrow } = box;
  const width = widths.reduce((a, b) => a + b, 0);
  let x = left;
  layout.grid.forEach((g, i) => {
    // Side by side the turn column is too narrow for its word: `#` says it.
    const header = narrow && g.key === 'col.turn' ? '#' : t(lang, g.key);
    cellText(doc, header, x, y, widths[i], HEAD_H, {
      size: narrow ? 7.5 : 8,
      bold: true,
      align: 'center',
      colour: PDF_COLOURS.muted,
      pad: narrow ? 2 : 3,
    });
    x += widths[i];
  });
  const top = y;
  const bottom = y + HEAD_H + rows * rowH;
  // Every line of the grid in one path.
  for (let r = 0; r <= rows; r++) {
    const yy = y + HEAD_H + r * rowH;
    doc.moveTo(left, yy).lineTo(left + width, yy);
  }
  doc.moveTo(left, top).lineTo(left + width, top);
  x = left;
  for (let i = 0; i <= widths.length; i++) {
    doc.moveTo(x, top).lineTo(x, bottom);
    if (i < widths.length) x += widths[i];
  }
  doc.lineWidth(0.6).strokeColor(PDF_COLOURS.rule).stroke();
  for (let r = 0; r < rows; r++) {
    cellText(doc, String(first + r), left, y + HEAD_H + r * rowH, widths[0], rowH, {
      size: 9,
      align: 'center',
      colour: PDF_COLOURS.muted,
    });
  }
  return bottom;
}
