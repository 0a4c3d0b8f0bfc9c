import { formatPoints, formatSpread, Lang, MessageKey, t } from '../../i18n';
import { crossCellText, formatTieBreak, remainingText } from '../format';
import {
  A4,
  contentWidth,
  drawTable,
  heading,
  MARGIN,
  openDoc,
  PDF_COLOURS,
  PdfColumn,
  SANS,
  tableFits,
} from './doc';
import { textWidth } from './seeded-fonts';
import type { CrossTable, DocumentHeader, StandingsDocument, StandingsLine } from './types';

const STANDINGS_FONT_SIZE = 8.5;

/** Tie-breaks shown in their own columns: spread and time left always have one. */
const extraTieBreaks = (
  data: StandingsDocument,
): { name: StandingsDocument['tieBreaks'][number]; at: number }[] =>
  data.tieBreaks
    .map((name, at) => ({ name, at }))
    .filter((tb) => tb.name !== 'spread' && tb.name !== 'remaining-time');

/** Standings after a round, then the cross-table on landscape pages when given. */
export async function standingsPdf(data: StandingsDocument, lang: Lang): Promise<Buffer> {
  const place = [data.tournament, data.division].filter(Boolean).join(' — ');
  const title = `${t(lang, 'pdf.standingsTitle')} ${t(lang, 'common.throughRound', { n: data.throughRound })}`;
  const meta = { title: `${place}: ${title}`, lang, footer: place };
  let { doc, finish } = openDoc(meta);
  const columns: PdfColumn<StandingsLine>[] = [
    { header: t(lang, 'col.rank'), width: 32, align: 'right', text: (r) => `${r.rank}.` },
    {
      header: t(lang, 'col.name'),
      flex: 1.3,
      text: (r) => r.name,
      note: (r) => {
        const marks = standingsMarks(lang, r);
        return marks.length > 0 ? `(${marks.join('; ')})` : '';
      },
      colour: (r) => (r.active === false ? PDF_COLOURS.muted : undefined),
    },
    { header: t(lang, 'col.club'), flex: 0.8, text: (r) => r.club ?? '' },
    {
      header: t(lang, 'col.points'),
      width: 40,
      align: 'right',
      text: (r) => formatPoints(r.points),
      bold: () => true,
    },
    {
      header: t(lang, 'col.wdl'),
      width: 48,
      align: 'center',
      text: (r) => `${r.wins}-${r.draws}-${r.losses}`,
    },
    {
      header: t(lang, 'col.spread'),
      width: 46,
      align: 'right',
      text: (r) => formatSpread(r.spread),
    },
    {
      header: t(lang, 'col.remaining'),
      width: 50,
      align: 'right',
      text: (r) => remainingText(r.remainingSeconds),
    },
  ];
  for (const tb of extraTieBreaks(data)) {
    columns.push({
      header: t(lang, `tiebreak.${tb.name}` as MessageKey),
      width: 48,
      align: 'right',
      text: (r) =>
        r.tieBreaks[tb.at] === undefined ? '' : formatTieBreak(tb.name, r.tieBreaks[tb.at]),
    });
  }
  // Portrait, unless its width would cut a name or a club short (long names, several
  // tie-breaks): a standings list is read on a wall, and a cut name is one a player cannot find.
  if (!tableFits(doc, columns, data.rows, contentWidth(doc), STANDINGS_FONT_SIZE)) {
    ({ doc, finish } = openDoc({ ...meta, landscape: true }));
  }
  const lines = [place, data.subtitle ?? ''];
  const top = (): number => heading(doc, title, lines);
  const y = drawTable(doc, columns, data.rows, {
    y: top(),
    rowHeight: 16,
    // Two lines for a long header over a narrow column (Preostalo vreme).
    headerHeight: 24,
    fontSize: STANDINGS_FONT_SIZE,
    onNewPage: top,
  });
  if (data.tieBreaks.length) {
    const order = data.tieBreaks.map((tb) => t(lang, `tiebreak.${tb}` as MessageKey)).join(', ');
    doc
      .font(SANS)
      .fontSize(8)
      .fillColor(PDF_COLOURS.muted)
      .text(`${t(lang, 'tiebreak.title')}: ${order}`, MARGIN, y + 6, { width: contentWidth(doc) });
  }
  if (data.crossTable) crossTablePages(doc, data.crossTable, lang, [place, data.subtitle ?? '']);
  return finish();
}

/** A cross-table alone (landscape). */
export async function crossTablePdf(
  data: DocumentHeader & { crossTable: CrossTable },
  lang: Lang,
): Promise<Buffer> {
  const place = [data.tournament, data.division].filter(Boolean).join(' — ');
  const { doc, finish } = openDoc({
    title: `${place}: ${t(lang, 'pdf.crosstableTitle')}`,
    lang,
    footer: place,
    landscape: true,
  });
  crossTablePages(doc, data.crossTable, lang, [place, data.subtitle ?? ''], true);
  return finish();
}

type CrossRow = CrossTable['rows'][number];

function crossTablePages(
  doc: PDFKit.PDFDocument,
  table: CrossTable,
  lang: Lang,
  lines: string[],
  firstPageIsOpen = false,
): void {
  const rows = table.rows;
  const landscape = { size: 'A4', layout: 'landscape' as const, margin: MARGIN };
  const perGroup = 14;
  const groups: number[][] = [];
  for (let from = 0; from < table.rounds; from += perGroup) {
    groups.push(
      Array.from({ length: Math.min(perGroup, table.rounds - from) }, (_, i) => from + i),
    );
  }
  if (groups.length === 0) groups.push([]);
  // As wide as the longest name at the table's size (at least 130 points, at most two fifths
  // of the page): a cut name is one a player cannot find.
  doc.font(SANS).fontSize(7.5);
  const longest = rows.reduce((w, r) => Math.max(w, textWidth(doc, r.name)), 0);
  // The landscape page's width is A4's height.
  const nameWidth = Math.min(Math.max(130, Math.ceil(longest) + 8), (A4.height - 2 * MARGIN) * 0.4);
  groups.forEach((rounds, g) => {
    if (!(firstPageIsOpen && g === 0)) doc.addPage(landscape);
    const suffix =
      groups.length > 1 && rounds.length
        ? ` (${t(lang, 'col.round')} ${rounds[0] + 1}–${rounds[rounds.length - 1] + 1})`
        : '';
    const head = (): number => heading(doc, `${t(lang, 'pdf.crosstableTitle')}${suffix}`, lines);
    const columns: PdfColumn<CrossRow>[] = [
      { header: t(lang, 'col.rank'), width: 34, align: 'right', text: (r) => `${r.rank}.` },
      { header: t(lang, 'col.name'), width: nameWidth, text: (r) => r.name },
      {
        header: t(lang, 'col.points'),
        width: 40,
        align: 'right',
        text: (r) => (r.points === undefined ? '' : formatPoints(r.points)),
        bold: () => true,
      },
      ...rounds.map((i): PdfColumn<CrossRow> => ({
        header: String(i + 1),
        flex: 1,
        align: 'center',
        text: (r) => crossCellText(lang, r.cells[i] ?? null),
        colour: (r) => {
          const o = r.cells[i]?.outcome;
          return o === 'loss'
            ? PDF_COLOURS.bad
            : o === 'win' || o === 'bye'
              ? PDF_COLOURS.good
              : undefined;
        },
      })),
    ];
    const y = drawTable(doc, columns, rows, {
      y: head(),
      rowHeight: 15,
      fontSize: 7.5,
      onNewPage: head,
      addPage: () => doc.addPage(landscape),
    });
    doc
      .fontSize(7.5)
      .fillColor(PDF_COLOURS.muted)
      .text(t(lang, 'division.crosstableLegend'), MARGIN, y + 5, { width: contentWidth(doc) });
  });
}

/** What a standings line says beside the name: withdrawn, forfeits won and lost, absences. */
export function standingsMarks(lang: Lang, r: StandingsLine): string[] {
  const marks: string[] = [];
  if (r.active === false) marks.push(t(lang, 'player.withdrawn'));
  if (r.forfeitWins) marks.push(t(lang, 'standings.forfeitWins', { n: r.forfeitWins }));
  if (r.forfeitLosses) marks.push(t(lang, 'standings.forfeitLosses', { n: r.forfeitLosses }));
  if (r.absences) marks.push(t(lang, 'standings.absences', { n: r.absences }));
  // A bye is a point but no game won (P-N-I counts games): said, so that the figures add up.
  if (r.byes) marks.push(t(lang, 'standings.byes', { n: r.byes }));
  return marks;
}
