import { Lang, t } from '../../i18n';
import { nameOrder } from '../../i18n/names';
import { drawTable, heading, MARGIN, openDoc, PdfColumn } from './doc';
import type { PairingsDocument, PdfGameResult, PdfPlayer } from './types';

type Table = PairingsDocument['tables'][number];

export const playerLabel = (p: PdfPlayer): string => (p.club ? `${p.name} (${p.club})` : p.name);

/** A player's club as a table cell's note beside the name, cut before the name is (see drawTable). */
export const clubNote = (p: PdfPlayer | null | undefined): string => (p?.club ? `(${p.club})` : '');

export function resultText(lang: Lang, r: PdfGameResult | null | undefined): string {
  if (!r) return '';
  const scores = r.scores ? `${r.scores[0]} : ${r.scores[1]}` : '';
  const who =
    r.winner === 'draw'
      ? t(lang, 'result.drawShort')
      : r.winner === 'first'
        ? `1–0`
        : r.winner === 'second'
          ? `0–1`
          : `0–0`;
  // A forfeit and a time loss say so: scores that do not decide the result would read as a slip.
  const why =
    r.reason === 'forfeit' || r.reason === 'double-forfeit'
      ? ` ${t(lang, `reason.${r.reason}`)}`
      : r.reason === 'time-expired'
        ? ` ${t(lang, 'pdf.onTime')}`
        : '';
  return (scores ? `${scores}  ${who}` : who) + why;
}

/** Pairings of a round: table, who moves first, who second; then the players A–Z with their tables. */
export async function pairingsPdf(data: PairingsDocument, lang: Lang): Promise<Buffer> {
  const title = t(lang, 'pdf.pairingsTitle', { n: data.round });
  const place = [data.tournament, data.division].filter(Boolean).join(' — ');
  const { doc, finish } = openDoc({ title: `${place}: ${title}`, lang, footer: place });
  const lines = [place, data.subtitle ?? ''];
  const top = (): number => heading(doc, title, lines);
  const withResults = data.tables.some((g) => g.result);
  const columns: PdfColumn<Table>[] = [
    {
      header: t(lang, 'col.table'),
      width: 42,
      align: 'center',
      text: (g) => String(g.table),
      bold: () => true,
    },
    {
      header: t(lang, 'col.first'),
      flex: 1,
      text: (g) => g.first.name,
      note: (g) => clubNote(g.first),
    },
    {
      header: t(lang, 'col.second'),
      flex: 1,
      text: (g) => (g.second ? g.second.name : t(lang, 'common.bye')),
      note: (g) => clubNote(g.second),
    },
  ];
  // A forfeit or a time loss says so in words beside its figures, which need the room.
  const worded = data.tables.some(
    (g) =>
      g.result?.reason === 'forfeit' ||
      g.result?.reason === 'double-forfeit' ||
      g.result?.reason === 'time-expired',
  );
  if (withResults) {
    columns.push({
      header: t(lang, 'col.result'),
      width: worded ? 165 : 92,
      align: 'center',
      text: (g) => (g.second ? resultText(lang, g.result) : ''),
    });
  }
  drawTable(
    doc,
    columns,
    [...data.tables].sort((a, b) => a.table - b.table),
    {
      y: top(),
      rowHeight: 21,
      fontSize: 10.5,
      onNewPage: top,
    },
  );

  // Players in alphabetical order with their table, for the notice board.
  type Entry = { name: string; club: string; table: number; opponent: string; first: boolean };
  const entries: Entry[] = [];
  for (const g of data.tables) {
    entries.push({
      name: g.first.name,
      club: clubNote(g.first),
      table: g.table,
      opponent: g.second ? g.second.name : t(lang, 'common.bye'),
      first: true,
    });
    if (g.second) {
      entries.push({
        name: g.second.name,
        club: clubNote(g.second),
        table: g.table,
        opponent: g.first.name,
        first: false,
      });
    }
  }
  const order = nameOrder(lang);
  entries.sort((a, b) => order(a.name, b.name));
  doc.addPage();
  const byName = (): number => heading(doc, `${title} — ${t(lang, 'pdf.byName')}`, lines);
  drawTable(
    doc,
    [
      { header: t(lang, 'col.player'), flex: 1.2, text: (e: Entry) => e.name, note: (e) => e.club },
      {
        header: t(lang, 'col.table'),
        width: 42,
        align: 'center',
        text: (e) => String(e.table),
        bold: () => true,
      },
      {
        header: t(lang, 'col.starts'),
        width: 60,
        align: 'center',
        text: (e) => (e.first ? '●' : ''),
      },
      { header: t(lang, 'col.opponent'), flex: 1, text: (e) => e.opponent },
    ],
    entries,
    { y: byName(), x: MARGIN, rowHeight: 17, fontSize: 9.5, onNewPage: byName },
  );
  return finish();
}
