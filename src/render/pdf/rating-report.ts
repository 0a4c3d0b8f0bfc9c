import { Lang, t } from '../../i18n';
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
} from './doc';

/** One line of the rating report, its figures already written in the document's language. */
export interface RatingReportPdfLine {
  name: string;
  division: string;
  old: string;
  games: number;
  score: string;
  expected: string;
  performance: string;
  k: string;
  change: string;
  changeTone: 'up' | 'down' | '';
  new: number;
}

export interface RatingReportDocument {
  tournament: string;
  /** The day it is rated on, as printed. */
  date: string;
  formula: string;
  /** Per family: its title, where its players started (one sentence) and its lines. */
  families: { title: string; starts: string; lines: RatingReportPdfLine[]; empty: boolean }[];
}

/** A tournament's rating report: per family, each person's old and new rating and why (A4, landscape: nine columns). */
export async function ratingReportPdf(data: RatingReportDocument, lang: Lang): Promise<Buffer> {
  const title = t(lang, 'rating.report.title');
  const { doc, finish } = openDoc({
    title: `${data.tournament}: ${title}`,
    lang,
    footer: data.tournament,
    landscape: true,
  });
  const landscape = { size: 'A4', layout: 'landscape' as const, margin: MARGIN };
  const lines = [[data.tournament, data.date].filter(Boolean).join(' · ')];
  let y = heading(doc, title, lines);
  doc.fontSize(8).fillColor(PDF_COLOURS.muted);
  for (const note of [data.formula]) {
    doc.text(note, MARGIN, y, { width: contentWidth(doc) });
    y = doc.y + 4;
  }
  const columns: PdfColumn<RatingReportPdfLine>[] = [
    {
      header: t(lang, 'col.name'),
      flex: 1,
      text: (r) => (r.division ? `${r.name} (${r.division})` : r.name),
    },
    { header: t(lang, 'col.oldRating'), width: 100, align: 'right', text: (r) => r.old },
    { header: t(lang, 'col.games'), width: 56, align: 'right', text: (r) => String(r.games) },
    { header: t(lang, 'col.points'), width: 52, align: 'right', text: (r) => r.score },
    { header: t(lang, 'col.expected'), width: 70, align: 'right', text: (r) => r.expected },
    { header: t(lang, 'col.performance'), width: 92, align: 'right', text: (r) => r.performance },
    { header: t(lang, 'col.k'), width: 78, align: 'right', text: (r) => r.k },
    {
      header: t(lang, 'col.change'),
      width: 66,
      align: 'right',
      text: (r) => r.change,
      colour: (r) =>
        r.changeTone === 'up'
          ? PDF_COLOURS.good
          : r.changeTone === 'down'
            ? PDF_COLOURS.bad
            : undefined,
    },
    {
      header: t(lang, 'col.newRating'),
      width: 84,
      align: 'right',
      text: (r) => String(r.new),
      bold: () => true,
    },
  ];
  for (const family of data.families) {
    if (y > doc.page.height - 120) {
      doc.addPage(landscape);
      y = heading(doc, title, lines);
    }
    doc.font(SANS_BOLD).fontSize(12).fillColor(PDF_COLOURS.text);
    doc.text(family.title, MARGIN, y + 8, { width: contentWidth(doc) });
    y = doc.y + 4;
    doc.font(SANS).fontSize(8).fillColor(PDF_COLOURS.muted);
    doc.text(family.starts, MARGIN, y, { width: contentWidth(doc) });
    y = doc.y + 4;
    if (family.empty) {
      doc.fontSize(9).fillColor(PDF_COLOURS.muted).text(t(lang, 'rating.report.none'), MARGIN, y);
      y = doc.y + 6;
    }
    y = drawTable(doc, columns, family.lines, {
      y,
      rowHeight: 16,
      fontSize: 8.5,
      onNewPage: () => heading(doc, title, lines),
      addPage: () => doc.addPage(landscape),
    });
  }
  if (data.families.length === 0) {
    doc
      .fontSize(10)
      .fillColor(PDF_COLOURS.muted)
      .text(t(lang, 'rating.report.notClosed'), MARGIN, y + 6);
  }
  return finish();
}
