import type { Lang } from '../i18n';
import type { AwardRowModel, PrizeListModel, PrizeRowModel, StatRowModel } from './prize-models';
import {
  contentWidth,
  drawTable,
  heading,
  MARGIN,
  openDoc,
  PDF_COLOURS,
  PdfColumn,
  SANS,
  SANS_BOLD,
} from '../render/pdf/doc';

/**
 * A division's prize list and the statistics of its verified score sheets (A4, landscape: the
 * awards' figures name the play, the round, the table and the turn). Every text comes made, in
 * the document's language, from the page's model.
 */
export async function prizeListPdf(data: PrizeListModel, lang: Lang): Promise<Buffer> {
  const { doc, finish } = openDoc({
    title: `${data.tournament}: ${data.title} · ${data.division}`,
    lang,
    footer: `${data.tournament} · ${data.division}`,
    landscape: true,
  });
  const landscape = { size: 'A4', layout: 'landscape' as const, margin: MARGIN };
  const lines = [`${data.tournament} · ${data.division}`];
  const top = () => heading(doc, data.title, lines);
  let y = top();
  const room = (needed: number) => {
    if (y > doc.page.height - needed) {
      doc.addPage(landscape);
      y = top();
    }
  };
  const note = (text: string) => {
    doc.font(SANS).fontSize(8.5).fillColor(PDF_COLOURS.muted);
    doc.text(text, MARGIN, y, { width: contentWidth(doc) });
    y = doc.y + 3;
  };
  const title = (text: string) => {
    room(110);
    doc.font(SANS_BOLD).fontSize(12).fillColor(PDF_COLOURS.text);
    doc.text(text, MARGIN, y + 8, { width: contentWidth(doc) });
    y = doc.y + 4;
    doc.font(SANS);
  };
  const table = <R>(columns: PdfColumn<R>[], rows: R[]) => {
    y = drawTable(doc, columns, rows, {
      y,
      rowHeight: 16,
      fontSize: 8.5,
      onNewPage: top,
      addPage: () => doc.addPage(landscape),
    });
  };
  for (const n of data.notes) note(n);
  if (data.noTable) note(data.noTable);
  const h = data.headers;
  const placeColumns: PdfColumn<PrizeRowModel>[] = [
    { header: h.place, width: 60, text: (r) => r.place },
    { header: h.player, flex: 1, text: (r) => r.player, bold: () => true },
    { header: h.prize, flex: 1, text: (r) => r.prize },
    { header: '', flex: 1, text: (r) => r.note },
  ];
  if (data.places) {
    title(data.places.title);
    table(placeColumns, data.places.rows);
  }
  if (data.classesTitle) {
    title(data.classesTitle);
    for (const c of data.classes) {
      room(90);
      doc.font(SANS_BOLD).fontSize(10).fillColor(PDF_COLOURS.text);
      doc.text(c.title, MARGIN, y + 4, { width: contentWidth(doc) });
      y = doc.y + 3;
      if (c.rows.length === 0) note(c.empty);
      else table(placeColumns, c.rows);
    }
  }
  if (data.awardsTitle) {
    title(data.awardsTitle);
    const columns: PdfColumn<AwardRowModel>[] = [
      { header: h.award, width: 190, text: (r) => r.award },
      { header: h.player, width: 150, text: (r) => r.player, bold: () => true },
      { header: h.figure, flex: 2, text: (r) => r.figure },
      { header: h.prize, flex: 1, text: (r) => [r.prize, r.note].filter(Boolean).join(', ') },
    ];
    table(columns, data.awards);
    if (data.fewestNote) note(data.fewestNote);
  }
  title(data.statsTitle);
  note(data.statsTotals);
  if (data.tournamentTotals) note(data.tournamentTotals);
  const stats: PdfColumn<StatRowModel>[] = [
    { header: h.player, flex: 1, text: (r) => r.player },
    { header: h.games, width: 90, align: 'right', text: (r) => String(r.games) },
    { header: h.average, width: 70, align: 'right', text: (r) => r.average },
    { header: h.highestGame, width: 90, align: 'right', text: (r) => r.highestGame },
    { header: h.highestPlay, width: 90, align: 'right', text: (r) => r.highestPlay },
    { header: h.allTiles, width: 90, align: 'right', text: (r) => String(r.allTiles) },
    { header: h.invalid, width: 90, align: 'right', text: (r) => String(r.invalid) },
  ];
  table(stats, data.stats);
  return finish();
}
