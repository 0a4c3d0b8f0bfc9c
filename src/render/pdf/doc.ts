import PDFDocument from 'pdfkit';
import { deflateSync } from 'zlib';
import { HTML_LANG, Lang, t } from '../../i18n';
import { parsedFont, shareLayouts } from './fonts';
import { keptCut, placeLine, seedFont, textWidth } from './seeded-fonts';

export type Doc = PDFKit.PDFDocument;

/** Font names registered in every document. */
export const SANS = 'Sans';
export const SANS_BOLD = 'Sans-Bold';

/** A4 in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 36;

/** Greys and accents used across the documents. */
export const PDF_COLOURS = {
  text: '#111111',
  muted: '#555555',
  rule: '#888888',
  light: '#c8c8c8',
  headerFill: '#e8e8e8',
  zebra: '#f4f4f4',
  bad: '#c62828',
  badFill: '#fde7e7',
  warnFill: '#fff5d6',
  good: '#2e7d32',
} as const;

export interface DocMeta {
  title: string;
  subject?: string;
  lang: Lang;
  landscape?: boolean;
  /** Left part of every page's footer (the tournament, say). */
  footer?: string;
  /** Add "page n of N" to the footer. Default true. */
  pageNumbers?: boolean;
}

export interface OpenDoc {
  doc: Doc;
  meta: DocMeta;
  /** Writes the footers, ends the document and resolves to its bytes. */
  finish: () => Promise<Buffer>;
}

/** A new A4 document with DejaVu Sans registered and selected. */
function newDoc(meta: DocMeta, bufferPages: boolean): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    layout: meta.landscape ? 'landscape' : 'portrait',
    margin: MARGIN,
    bufferPages,
    autoFirstPage: true,
    lang: HTML_LANG[meta.lang],
    // No default font: pdfkit would read and parse Helvetica's metrics for every document.
    font: null as unknown as string,
    displayTitle: true,
    info: {
      Title: meta.title,
      Subject: meta.subject ?? meta.title,
      Creator: 'Arbiter',
      Producer: 'Arbiter',
    },
  });
  doc.registerFont(SANS, parsedFont('regular') as unknown as string);
  doc.registerFont(SANS_BOLD, parsedFont('bold') as unknown as string);
  // pdfkit's font object of the document is the one selected (a font never drawn is not embedded).
  const bold = (doc.font(SANS_BOLD) as unknown as { _font: unknown })._font;
  shareLayouts(bold, 'bold');
  seedFont(bold, 'bold', meta.lang);
  const regular = (doc.font(SANS) as unknown as { _font: unknown })._font;
  shareLayouts(regular, 'regular');
  seedFont(regular, 'regular', meta.lang);
  writingColoursOnce(doc);
  writingStreamsFast(doc);
  doc.fontSize(10).fillColor(PDF_COLOURS.text);
  return doc;
}

interface Stream {
  compress: boolean;
  buffer: Uint8Array[] | Uint8Array;
  data: Record<string, unknown>;
  write(chunk: Uint8Array): void;
  finalize(): void;
}

type Writes = Record<'addContent' | '_write', (data: unknown) => unknown>;

/**
 * Makes `doc` keep a page's operators as text until the page's stream is finished, then turn
 * them into bytes at once with Node's Latin-1 encoder (pdfkit turns each operator into bytes as
 * it comes, a character at a time in JavaScript, the low byte of each as Latin-1 does: profiles
 * put it at a twelfth of a game record's time), and compress every stream at zlib's fastest
 * level rather than its default: a game record's first page takes about half the time (0.3 ms,
 * was 0.6) and grows by a fifth (7 KB to 8.5 KB).
 */
function writingStreamsFast(doc: Doc): void {
  const proto = Object.getPrototypeOf(doc) as Writes & { ref(data?: object): Stream };
  const own = doc as unknown as Writes & { ref(data?: object): Stream; page: { content: Stream } };
  const texts = new WeakMap<Stream, string[]>();
  const flush = (stream: Stream): void => {
    const lines = texts.get(stream);
    if (!lines || lines.length === 0) return;
    stream.write(Buffer.from(`${lines.join('\n')}\n`, 'latin1'));
    lines.length = 0;
  };
  // A stream pdfkit would compress, made to hold text and compress fast; the first page's was
  // made before this document was given these ways.
  const fast = (stream: Stream): Stream => {
    if (!stream.compress || texts.has(stream)) return stream;
    texts.set(stream, []);
    stream.compress = false;
    const finalize = stream.finalize.bind(stream);
    stream.finalize = () => {
      flush(stream);
      const chunks = stream.buffer as Uint8Array[];
      if (chunks.length > 0) {
        stream.buffer = [deflateSync(Buffer.concat(chunks), { level: 1 })];
        stream.data.Filter = 'FlateDecode';
      }
      finalize();
    };
    return stream;
  };
  own.ref = function (data?: object): Stream {
    return fast(proto.ref.call(this, data));
  };
  own.addContent = function (data) {
    const stream = fast(own.page.content);
    const lines = texts.get(stream);
    if (typeof data !== 'string' || !lines) {
      flush(stream);
      return proto.addContent.call(this, data);
    }
    lines.push(data);
    return this;
  };
  // The document's own lines (objects, the cross-reference table).
  own._write = function (data) {
    return proto._write.call(
      this,
      typeof data === 'string' ? Buffer.from(`${data}\n`, 'latin1') : data,
    );
  };
}

type Colour = Parameters<Doc['fillColor']>[0];

/**
 * Makes `doc` leave out a fill or stroke colour already in force on the page: a table sets its
 * text's colour for every cell, and pdfkit writes each as two operators. What is in force is
 * forgotten on another page and when a saved graphics state is restored.
 */
function writingColoursOnce(doc: Doc): void {
  const proto = Object.getPrototypeOf(doc) as Doc;
  let page: unknown = null;
  let fill: Colour | null = null;
  let stroke: Colour | null = null;
  const onPage = (): void => {
    if (doc.page !== page) {
      page = doc.page;
      fill = stroke = null;
    }
  };
  doc.fillColor = function (colour: Colour, opacity?: number): Doc {
    onPage();
    if (opacity === undefined && typeof colour === 'string' && colour === fill) return this;
    fill = opacity === undefined && typeof colour === 'string' ? colour : null;
    return proto.fillColor.call(this, colour, opacity);
  };
  doc.strokeColor = function (colour: Colour, opacity?: number): Doc {
    onPage();
    if (opacity === undefined && typeof colour === 'string' && colour === stroke) return this;
    stroke = opacity === undefined && typeof colour === 'string' ? colour : null;
    return proto.strokeColor.call(this, colour, opacity);
  };
  doc.restore = function (): Doc {
    fill = stroke = null;
    return proto.restore.call(this);
  };
}

/** An A4 document with DejaVu Sans embedded, collecting its output into a Buffer. */
export function openDoc(meta: DocMeta): OpenDoc {
  const doc = newDoc(meta, true);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    meta,
    finish: () => {
      writeFooters(doc, meta);
      doc.end();
      return done;
    },
  };
}

export interface StreamedDoc {
  doc: Doc;
  /**
   * Resolves when what is written so far has gone out (or `out` holds less than it asks
   * for): true, or false when `out` was closed (the reader left), and the rest need not be made.
   */
  flushed: () => Promise<boolean>;
  /** Ends the document (the fonts' subsets go last) and resolves once it is all written. */
  finish: () => Promise<void>;
}

/**
 * An A4 document written to `out` as it is made: pdfkit hands a page over
 * when the next one begins, so a long document is never whole in memory. The
 * footer ("page n of N") is drawn as each page begins, so the number of pages
 * must be known first; each page then begins in the document's font and
 * colour.
 */
export function streamDoc(meta: DocMeta, pages: number, out: NodeJS.WritableStream): StreamedDoc {
  const doc = newDoc(meta, false);
  let page = 0;
  const footer = (): void => {
    drawFooter(doc, meta, page++, pages);
    doc.x = doc.page.margins.left;
    doc.y = doc.page.margins.top;
    doc.font(SANS).fontSize(10).fillColor(PDF_COLOURS.text);
  };
  footer();
  doc.on('pageAdded', footer);
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  doc.pipe(out);
  const writable = out as NodeJS.WritableStream & {
    writableNeedDrain?: boolean;
    destroyed?: boolean;
  };
  return {
    doc,
    flushed: async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (writable.writableNeedDrain && !writable.destroyed) {
        await new Promise<void>((resolve) => {
          const go = (): void => {
            out.removeListener('drain', go);
            out.removeListener('close', go);
            resolve();
          };
          out.on('drain', go);
          out.on('close', go);
        });
      }
      return writable.destroyed !== true;
    },
    finish: () => {
      doc.end();
      return done;
    },
  };
}

function writeFooters(doc: Doc, meta: DocMeta): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    drawFooter(doc, meta, i, range.count);
  }
  doc.fillColor(PDF_COLOURS.text);
}

/** The footer of page `index` (from 0) of `total`: the document's own words and the page number. */
function drawFooter(doc: Doc, meta: DocMeta, index: number, total: number): void {
  const numbers = meta.pageNumbers ?? true;
  if (!numbers && !meta.footer) return;
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const y = doc.page.height - MARGIN + 12;
  const width = doc.page.width - 2 * MARGIN;
  doc.font(SANS).fontSize(7.5).fillColor(PDF_COLOURS.muted);
  if (meta.footer) placeLine(doc, fit(doc, meta.footer, width * 0.7), MARGIN, y);
  if (numbers) {
    const pageNumber = t(meta.lang, 'common.page', { n: index + 1, total });
    placeLine(doc, pageNumber, MARGIN + width - textWidth(doc, pageNumber), y);
  }
  doc.page.margins.bottom = bottom;
}

/** Bottom of the writable area of the current page. */
export function pageBottom(doc: Doc): number {
  return doc.page.height - MARGIN - 8;
}

/** Width of the writable area. */
export function contentWidth(doc: Doc): number {
  return doc.page.width - 2 * MARGIN;
}

/**
 * `text` shortened with an ellipsis to fit `width` at the current font and
 * size. Whole text when it fits.
 */
export function fit(doc: Doc, text: string, width: number): string {
  if (width <= 0) return '';
  if (textWidth(doc, text) <= width) return text;
  // A name too long for its column is cut in every row it is in, and in every game of its player.
  return keptCut(doc, text, width, () => cut(doc, text, width));
}

function cut(doc: Doc, text: string, width: number): string {
  const chars = [...text];
  // The characters' own widths find the cut (each is measured once per process); the line as
  // shaped, kerning and all, then moves it by a letter or two.
  let kept = 0;
  for (let used = textWidth(doc, '…'); kept < chars.length; kept++) {
    used += textWidth(doc, chars[kept]);
    if (used > width) break;
  }
  while (kept > 0 && textWidth(doc, chars.slice(0, kept).join('') + '…') > width) kept--;
  while (kept < chars.length && textWidth(doc, chars.slice(0, kept + 1).join('') + '…') <= width) {
    kept++;
  }
  return chars.slice(0, kept).join('') + '…';
}

/**
 * `text` broken into lines at its spaces to fit `width` in the current font and size, or null
 * when a word alone is wider (pdfkit's line breaker, which also cuts words, is then needed).
 * A line's width is its words' widths, each but the last with the space after it: pdfkit lays
 * a line out so, a word and its space at a time.
 */
export function linesAtSpaces(doc: Doc, text: string, width: number): string[] | null {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line: string[] = [];
    let spaced = 0;
    for (const word of paragraph.split(' ')) {
      const alone = textWidth(doc, word);
      if (line.length > 0 && spaced + alone > width) {
        lines.push(line.join(' '));
        line = [];
        spaced = 0;
      }
      if (line.length === 0 && alone > width) return null;
      line.push(word);
      spaced += textWidth(doc, `${word} `);
    }
    lines.push(line.join(' '));
  }
  return lines;
}

/**
 * Writes `text` from (x, y) within `width`, broken at spaces, in the current font, size and
 * colour; returns its height, as `doc.heightOfString(text, { width })` gives it.
 */
export function placeParagraph(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
): number {
  const lines = linesAtSpaces(doc, text, width);
  if (!lines) {
    const height = doc.heightOfString(text, { width });
    doc.text(text, x, y, { width });
    return height;
  }
  const step = doc.currentLineHeight(true);
  lines.forEach((line, i) => placeLine(doc, line, x, y + i * step));
  return lines.length * step;
}

/** Height of `text` written by {@link placeParagraph}. */
export function paragraphHeight(doc: Doc, text: string, width: number): number {
  const lines = linesAtSpaces(doc, text, width);
  return lines ? lines.length * doc.currentLineHeight(true) : doc.heightOfString(text, { width });
}

export interface CellTextOptions {
  size?: number;
  bold?: boolean;
  align?: 'left' | 'center' | 'right';
  colour?: string;
  /** Inner padding left and right. Default 3. */
  pad?: number;
  /** A text too wide is set smaller, down to this size, before it is cut (a name). */
  minSize?: number;
}

/** One line of text centred vertically in a box, cut to fit its width; the width it took. */
export function cellText(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  w: number,
  h: number,
  o: CellTextOptions = {},
): number {
  let size = o.size ?? 9;
  const pad = o.pad ?? 3;
  doc
    .font(o.bold ? SANS_BOLD : SANS)
    .fontSize(size)
    .fillColor(o.colour ?? PDF_COLOURS.text);
  const inner = w - 2 * pad;
  let width = textWidth(doc, text);
  if (width > inner && o.minSize !== undefined && o.minSize < size) {
    // A hair under the exact ratio: measured again at the new size, it must not come out wider.
    size = Math.max(o.minSize, (size * inner) / width - 0.01);
    doc.fontSize(size);
    width = textWidth(doc, text);
  }
  const shown = width <= inner ? text : fit(doc, text, inner);
  if (!shown) return 0;
  // DejaVu's line box is about 1.164 em; its cap height about 0.73 em.
  const top = y + (h - size * 1.164) / 2 + size * 0.02;
  // Placed here, not by pdfkit's `width` and `align`: that runs its line breaker for every cell.
  const align = o.align ?? 'left';
  const used = shown === text ? width : textWidth(doc, shown);
  const left =
    x + pad + (align === 'center' ? (inner - used) / 2 : align === 'right' ? inner - used : 0);
  placeLine(doc, shown, left, top);
  return used;
}

/** The title block at the top of a page; returns the y below it. */
export function heading(
  doc: Doc,
  title: string,
  lines: readonly string[],
  y: number = MARGIN,
): number {
  const width = contentWidth(doc);
  doc.font(SANS_BOLD).fontSize(16).fillColor(PDF_COLOURS.text);
  placeLine(doc, fit(doc, title, width), MARGIN, y);
  let at = y + 22;
  doc.font(SANS).fontSize(10).fillColor(PDF_COLOURS.muted);
  for (const line of lines) {
    if (!line) continue;
    placeLine(doc, fit(doc, line, width), MARGIN, at);
    at += 14;
  }
  doc
    .moveTo(MARGIN, at + 4)
    .lineTo(MARGIN + width, at + 4)
    .lineWidth(0.8)
    .strokeColor(PDF_COLOURS.rule)
    .stroke();
  doc.fillColor(PDF_COLOURS.text);
  return at + 12;
}

export interface PdfColumn<R> {
  header: string;
  /** Width in points; columns with `flex` share what is left. */
  width?: number;
  flex?: number;
  align?: 'left' | 'center' | 'right';
  text: (row: R, index: number) => string;
  /**
   * Set after the text in muted colour (a standings line's "withdrawn"): when the column is too
   * narrow for both, the note is cut, never the text.
   */
  note?: (row: R) => string;
  bold?: (row: R) => boolean;
  colour?: (row: R) => string | undefined;
}

export interface TableOptions<R> {
  x?: number;
  y: number;
  width?: number;
  rowHeight?: number;
  headerHeight?: number;
  fontSize?: number;
  zebra?: boolean;
  /** Background of a row (drawn over the zebra). */
  rowFill?: (row: R) => string | undefined;
  /** Draws whatever a new page needs at its top; returns the y at which the table goes on. */
  onNewPage?: () => number;
  /** Adds a page (default: `doc.addPage()` with the document's own size and layout). */
  addPage?: () => void;
}

/**
 * Column widths: fixed ones as given, the rest shared by `flex`. With `measured` (the width each
 * flexible column's longest text takes), shares too narrow for a column's text are given up:
 * each flexible column gets what it needs and room left over is shared by `flex`, or, with too
 * little room, each gets the same part of what it needs.
 */
export function columnWidths<R>(
  columns: readonly PdfColumn<R>[],
  total: number,
  measured?: readonly number[],
): number[] {
  const fixed = columns.reduce((s, c) => s + (c.width ?? 0), 0);
  const rest = Math.max(0, total - fixed);
  const flexOf = (i: number) => (columns[i].width === undefined ? (columns[i].flex ?? 1) : 0);
  const flex = columns.reduce((s, c, i) => s + flexOf(i), 0) || 1;
  const shared = columns.map((c, i) => c.width ?? (rest * flexOf(i)) / flex);
  if (!measured || shared.every((w, i) => columns[i].width !== undefined || measured[i] <= w)) {
    return shared;
  }
  const flexible = columns.flatMap((c, i) => (c.width === undefined ? [i] : []));
  // One text far too long (a name of 200 letters) must not starve the other columns; a long
  // one that fits with the others once all are set smaller is given its share in full.
  const fitsShrunk = flexible.reduce((s, i) => s + shrunkNeed(measured[i]), 0) <= rest;
  const cap = flexible.length > 1 && !fitsShrunk ? rest * 0.7 : rest;
  const needs = measured.map((n) => Math.min(n, cap));
  const needed = flexible.reduce((s, i) => s + needs[i], 0);
  const widths = columns.map((c) => c.width ?? 0);
  if (needed <= rest) {
    for (const i of flexible) widths[i] = needs[i] + ((rest - needed) * flexOf(i)) / flex;
    return widths;
  }
  // Too little room for every text: each column gets the same part of what it needs, so that
  // all are set alike smaller (see drawTable) before any is cut. Padding is not shrunk.
  const pads = 6 * flexible.length;
  const part = Math.max(0, rest - pads) / Math.max(1, needed - pads);
  for (const i of flexible) widths[i] = 6 + Math.max(0, needs[i] - 6) * part;
  return widths;
}

/** The smallest a table column's text is set to fit its width before it is cut, as a share of the table's size. */
const MIN_SHRINK = 0.8;

/** The width a column that needs `need` (padding and all) takes with its text set smallest, and half a point to spare. */
const shrunkNeed = (need: number): number => (need > 6 ? 6.5 + (need - 6) * MIN_SHRINK : need);

/**
 * Whether a table's flexible columns hold their longest texts in `width` at the smallest size
 * {@link drawTable} sets them, that is without a text cut short.
 */
export function tableFits<R>(
  doc: Doc,
  columns: readonly PdfColumn<R>[],
  rows: readonly R[],
  width: number,
  fontSize = 9,
): boolean {
  const fixed = columns.reduce((s, c) => s + (c.width ?? 0), 0);
  const needs = textNeeds(doc, columns, rows, fontSize);
  const needed = needs.reduce((s, n) => s + shrunkNeed(n), 0);
  return fixed + needed <= width;
}

/** The width each flexible column's longest text takes (its header's or a row's), padding and all. */
function textNeeds<R>(
  doc: Doc,
  columns: readonly PdfColumn<R>[],
  rows: readonly R[],
  size: number,
): number[] {
  return columns.map((c) => {
    if (c.width !== undefined) return 0;
    doc.font(SANS_BOLD).fontSize(size - 0.5);
    let need = textWidth(doc, c.header);
    doc.fontSize(size);
    for (let r = 0; r < rows.length; r++) {
      doc.font(c.bold?.(rows[r]) ? SANS_BOLD : SANS);
      let rowNeed = textWidth(doc, c.text(rows[r], r));
      const note = c.note?.(rows[r]);
      if (note) rowNeed += textWidth(doc.font(SANS), ` ${note}`);
      need = Math.max(need, rowNeed);
    }
    return need + 6;
  });
}

/**
 * A table with a header row, repeated after every page break. Returns the y
 * below the last row.
 */
export function drawTable<R>(
  doc: Doc,
  columns: readonly PdfColumn<R>[],
  rows: readonly R[],
  o: TableOptions<R>,
): number {
  const x0 = o.x ?? MARGIN;
  const width = o.width ?? contentWidth(doc);
  const rowH = o.rowHeight ?? 16;
  const headH = o.headerHeight ?? 18;
  const size = o.fontSize ?? 9;
  const needs = textNeeds(doc, columns, rows, size);
  const widths = columnWidths(columns, width, needs);
  // A column too narrow for its longest text is set smaller, all of it alike, before any text
  // is cut: a name or a club cut short is one a player cannot find.
  const sizes = columns.map((c, i) =>
    c.width === undefined && needs[i] > widths[i]
      ? // Half a point to spare: measured again at the smaller size, a text must not come out a
        // hair wider than its cell.
        Math.max(size * MIN_SHRINK, (size * (widths[i] - 6.5)) / (needs[i] - 6))
      : size,
  );
  let y = o.y;

  const header = (): void => {
    doc.rect(x0, y, width, headH).fillColor(PDF_COLOURS.headerFill).fill();
    let x = x0;
    columns.forEach((c, i) => {
      let hs = size - 0.5;
      doc.font(SANS_BOLD).fontSize(hs);
      if (headH >= hs * 2.5 && doc.widthOfString(c.header) > widths[i] - 6) {
        // Two lines, never a word cut: shrink until the longest word fits.
        const longest = Math.max(...c.header.split(/\s+/).map((w) => doc.widthOfString(w)));
        if (longest > widths[i] - 6) hs = Math.max(5.5, (hs * (widths[i] - 6)) / longest);
        doc.fontSize(hs);
        // Two lines: long headers over narrow number columns.
        const textH = Math.min(
          hs * 2.4,
          doc.heightOfString(c.header, { width: widths[i] - 6, lineGap: -1 }),
        );
        doc.fillColor(PDF_COLOURS.text).text(c.header, x + 3, y + (headH - textH) / 2, {
          width: widths[i] - 6,
          height: hs * 2.4,
          align: c.align ?? 'left',
          ellipsis: true,
          lineGap: -1,
        });
      } else {
        cellText(doc, c.header, x, y, widths[i], headH, {
          size: hs,
          bold: true,
          align: c.align ?? 'left',
        });
      }
      x += widths[i];
    });
    doc
      .moveTo(x0, y + headH)
      .lineTo(x0 + width, y + headH)
      .lineWidth(0.6)
      .strokeColor(PDF_COLOURS.rule)
      .stroke();
    y += headH;
  };

  header();
  rows.forEach((row, r) => {
    if (y + rowH > pageBottom(doc)) {
      if (o.addPage) o.addPage();
      else doc.addPage();
      y = o.onNewPage ? o.onNewPage() : MARGIN;
      header();
    }
    const fill =
      o.rowFill?.(row) ?? (o.zebra !== false && r % 2 === 1 ? PDF_COLOURS.zebra : undefined);
    if (fill) doc.rect(x0, y, width, rowH).fillColor(fill).fill();
    let x = x0;
    columns.forEach((c, i) => {
      const text = c.text(row, r);
      const note = c.note?.(row);
      const cell = { size: sizes[i], bold: c.bold?.(row) ?? false, colour: c.colour?.(row) };
      if (note) {
        // The text whole when it fits, then a space and the note in what is left of the cell.
        doc.font(cell.bold ? SANS_BOLD : SANS).fontSize(cell.size);
        const own = Math.min(widths[i] - 6, textWidth(doc, text));
        // Half a point over: the width measured again inside must not come out a hair wider.
        cellText(doc, text, x, y, own + 6.5, rowH, { ...cell, align: 'left' });
        const from = 3 + own + textWidth(doc.font(SANS), ' ');
        // A note with no room for a word of it is left out rather than shown as a lone '…'.
        if (widths[i] - 3 - from >= 12)
          cellText(doc, note, x + from, y, widths[i] - 3 - from + 0.5, rowH, {
            size: cell.size,
            colour: PDF_COLOURS.muted,
            align: 'left',
            pad: 0,
          });
      } else {
        cellText(doc, text, x, y, widths[i], rowH, { ...cell, align: c.align ?? 'left' });
      }
      x += widths[i];
    });
    y += rowH;
  });
  doc
    .moveTo(x0, y)
    .lineTo(x0 + width, y)
    .lineWidth(0.6)
    .strokeColor(PDF_COLOURS.rule)
    .stroke();
  doc.fillColor(PDF_COLOURS.text);
  return y;
}
