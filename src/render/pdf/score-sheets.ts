import { Lang, MessageKey, t } from '../../i18n';
import {
  cellText,
  columnWidths,
  contentWidth,
  Doc,
  fit,
  MARGIN,
  openDoc,
  PDF_COLOURS,
  PdfColumn,
  SANS,
  SANS_BOLD,
} from './doc';
import { playerLabel } from './pairings';
import type { PdfPlayer, ScoreSheetsDocument } from './types';

/** What a blank sheet asks for: the columns of each player's turns, the final figures, the free box. */
interface SheetLayout {
  grid: readonly { key: MessageKey; width?: number; flex?: number }[];
  finals: readonly MessageKey[];
  notes: MessageKey;
}

const CROSSWORD_SHEET: SheetLayout = {
  grid: [
    { key: 'col.turn', width: 40 },
    { key: 'col.position', width: 64 },
    { key: 'col.word', flex: 1 },
    { key: 'col.score', width: 54 },
    { key: 'col.total', width: 58 },
    { key: 'col.clock', width: 54 },
  ],
  finals: ['pdf.finalRacks', 'pdf.finalScore', 'pdf.remainingTime'],
  notes: 'pdf.challenges',
};

/** A card game (Quivit): the card rotated, the values of the cards taken, points; no clock, no racks. */
const CARD_SHEET: SheetLayout = {
  grid: [
    { key: 'col.turn', width: 40 },
    { key: 'col.rotation', width: 80 },
    { key: 'col.cardsTaken', flex: 1 },
    { key: 'col.score', width: 54 },
    { key: 'col.total', width: 58 },
  ],
  finals: ['pdf.finalScore', 'pdf.finalCards', 'pdf.drawnCard'],
  notes: 'pdf.cardNotes',
};

/** Blank score sheets for a round: one A4 page per game with the names and table filled in. */
export async function scoreSheetsPdf(data: ScoreSheetsDocument, lang: Lang): Promise<Buffer> {
  const place = [data.tournament, data.division].filter(Boolean).join(' — ');
  const title = `${t(lang, 'pdf.sheetTitle')} — ${t(lang, 'pdf.sheetRound', { n: data.round })}`;
  const { doc, finish } = openDoc({ title: `${place}: ${title}`, lang, footer: place });
  const turns = data.turnsPerPlayer ?? 10;
  const layout = data.cardGame ? CARD_SHEET : CROSSWORD_SHEET;
  const games = [...data.games].sort((a, b) => a.table - b.table);
  const widths = columnWidths(
    layout.grid.map((g): PdfColumn<unknown> => ({ ...g, header: '', text: () => '' })),
    contentWidth(doc),
  );
  games.forEach((game, i) => {
    if (i > 0) doc.addPage();
    sheetPage(doc, data, lang, game, turns, layout, widths);
  });
  if (games.length === 0) {
    doc.font(SANS).fontSize(12).text(place, MARGIN, MARGIN);
  }
  return finish();
}

function sheetPage(
  doc: Doc,
  data: ScoreSheetsDocument,
  lang: Lang,
  game: { table: number; first: PdfPlayer; second: PdfPlayer },
  turns: number,
  layout: SheetLayout,
  widths: number[],
): void {
  const width = contentWidth(doc);
  let y = MARGIN;
  // Table number, large, in a box on the right.
  const box = 110;
  doc
    .rect(MARGIN + width - box, y, box, 46)
    .lineWidth(1.5)
    .strokeColor(PDF_COLOURS.text)
    .stroke();
  cellText(doc, t(lang, 'pdf.sheetTable', { n: game.table }), MARGIN + width - box, y, box, 46, {
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
    data.subtitle ?? '',
  ]
    .filter(Boolean)
    .join(' · ');
  doc.text(fit(doc, place, width - box - 10), MARGIN, y + 24, { lineBreak: false });
  doc.text(fit(doc, info, width - box - 10), MARGIN, y + 37, { lineBreak: false });
  y += 58;

  const players: [PdfPlayer, string][] = [
    [game.first, t(lang, 'pdf.startsFirst')],
    [game.second, t(lang, 'pdf.startsSecond')],
  ];
  const rowH = 20;
  const headH = 16;
  players.forEach(([player, role], p) => {
    // Player band.
    doc.rect(MARGIN, y, width, 20).fillColor(PDF_COLOURS.headerFill).fill();
    cellText(doc, `${p + 1}. ${playerLabel(player)}`, MARGIN, y, width * 0.75, 20, {
      size: 11,
      bold: true,
      pad: 5,
    });
    cellText(doc, role, MARGIN + width * 0.75, y, width * 0.25, 20, {
      size: 9,
      align: 'right',
      colour: PDF_COLOURS.muted,
      pad: 5,
    });
    y += 22;
    y = turnGrid(doc, lang, y, layout, widths, turns, rowH, headH) + 10;
  });

  // Final racks, scores, time (card games: score, cards, the card drawn).
  const colW = width / 2;
  const labels = layout.finals;
  const finalH = 20;
  doc.font(SANS_BOLD).fontSize(10).fillColor(PDF_COLOURS.text);
  players.forEach(([player], p) => {
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

/** The turn grid of one player: header and `turns` numbered rows; returns the y below it. */
function turnGrid(
  doc: Doc,
  lang: Lang,
  y: number,
  layout: SheetLayout,
  widths: number[],
  turns: number,
  rowH: number,
  headH: number,
): number {
  const width = widths.reduce((a, b) => a + b, 0);
  let x = MARGIN;
  layout.grid.forEach((g, i) => {
    cellText(doc, t(lang, g.key), x, y, widths[i], headH, {
      size: 8,
      bold: true,
      align: 'center',
      colour: PDF_COLOURS.muted,
    });
    x += widths[i];
  });
  const top = y;
  const bottom = y + headH + turns * rowH;
  // Every line of the grid in one path.
  for (let r = 0; r <= turns; r++) {
    const yy = y + headH + r * rowH;
    doc.moveTo(MARGIN, yy).lineTo(MARGIN + width, yy);
  }
  doc.moveTo(MARGIN, top).lineTo(MARGIN + width, top);
  x = MARGIN;
  for (let i = 0; i <= widths.length; i++) {
    doc.moveTo(x, top).lineTo(x, bottom);
    if (i < widths.length) x += widths[i];
  }
  doc.lineWidth(0.6).strokeColor(PDF_COLOURS.rule).stroke();
  for (let r = 0; r < turns; r++) {
    cellText(doc, String(r + 1), MARGIN, y + headH + r * rowH, widths[0], rowH, {
      size: 9,
      align: 'center',
      colour: PDF_COLOURS.muted,
    });
  }
  return bottom;
}
