import PDFDocument from 'pdfkit';
import { PNG } from 'pngjs';
import { fontBytes } from '../../src/render/pdf/fonts';
import { gameRecordPdf } from '../../src/render/pdf';
import {
  fit,
  openDoc,
  PDF_COLOURS,
  placeParagraph,
  SANS,
  SANS_BOLD,
} from '../../src/render/pdf/doc';
import { placeLine, textWidth } from '../../src/render/pdf/seeded-fonts';
import type { Lang } from '../../src/i18n';
import { describeWithPoppler, pdfFonts, pdfText, renderPage } from './poppler';
import { gameDoc } from './samples';

/** Lines drawn by pdfkit's `text` in one document and by `placeLine` in another. */
const LINES: { text: string; size: number; bold: boolean }[] = [
  { text: 'AVATAR Tomić — 17:05 ✓', size: 9, bold: false },
  { text: 'Ljubica Njegoš, Đorđe Šćekić', size: 16, bold: true },
  { text: 'Љиљана Ђурђевић, Ниш', size: 10, bold: false },
  { text: 'VOĆE 7 · 108≠106 ⚑', size: 8.5, bold: true },
  { text: 'Wolfgang Müller, Łódź', size: 11, bold: false },
];

/** The lines placed in a document of ours (fonts seeded). */
async function placedPdf(lang: Lang): Promise<Buffer> {
  const { doc, finish } = openDoc({ title: 'lines', lang, pageNumbers: false });
  LINES.forEach((line, i) => {
    doc
      .font(line.bold ? SANS_BOLD : SANS)
      .fontSize(line.size)
      .fillColor(PDF_COLOURS.text);
    placeLine(doc, line.text, 50.3, 60 + i * 40);
  });
  return finish();
}

/** The same lines written by pdfkit alone: its own fonts from the files, its own text. */
function pdfkitPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 36 });
  doc.registerFont(SANS, fontBytes('regular'));
  doc.registerFont(SANS_BOLD, fontBytes('bold'));
  LINES.forEach((line, i) => {
    doc
      .font(line.bold ? SANS_BOLD : SANS)
      .fontSize(line.size)
      .fillColor(PDF_COLOURS.text);
    doc.text(line.text, 50.3, 60 + i * 40, { lineBreak: false });
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise((resolve) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.end();
  });
}

/** The streams of a PDF, as written (compressed). */
function streams(pdf: Buffer): Buffer[] {
  const text = pdf.toString('latin1');
  const found: Buffer[] = [];
  for (const m of text.matchAll(/\/Length (\d+)[^]*?stream\n/g)) {
    const start = m.index + m[0].length;
    found.push(pdf.subarray(start, start + Number(m[1])));
  }
  return found;
}

/** Share of pixels that differ by more than a shade between two renderings. */
function differing(a: Buffer, b: Buffer): number {
  const x = PNG.sync.read(a);
  const y = PNG.sync.read(b);
  expect([x.width, x.height]).toEqual([y.width, y.height]);
  let differ = 0;
  for (let i = 0; i < x.data.length; i += 4) {
    if (Math.abs(x.data[i] - y.data[i]) > 24) differ++;
  }
  return differ / (x.width * x.height);
}

describe('lines measured in a seeded font', () => {
  it("give pdfkit's own width, and cut a long line to fit with an ellipsis", async () => {
    const { doc, finish } = openDoc({ title: 'widths', lang: 'sr-Latn' });
    for (const line of LINES) {
      doc.font(line.bold ? SANS_BOLD : SANS).fontSize(line.size);
      // Outside the base (Ł, ü) as well as within it.
      expect(textWidth(doc, line.text)).toBeCloseTo(doc.widthOfString(line.text), 6);
    }
    doc.font(SANS).fontSize(9);
    const long = 'greška: 13. potez: u zapisniku je VILJUSKA, a pločica na tabli daje VILJUŠKA';
    const cut = fit(doc, long, 120);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(doc.widthOfString(cut)).toBeLessThanOrEqual(120);
    // One more letter would not fit.
    const more = long.slice(0, cut.length) + '…';
    expect(doc.widthOfString(more)).toBeGreaterThan(120);
    await finish();
  });
});

describeWithPoppler('lines placed directly (pdftotext, pdftoppm)', () => {
  it.each(['sr-Latn', 'sr-Cyrl'] as const)(
    "look as pdfkit's own text does and copy as the same text (%s)",
    async (lang) => {
      const byPdfkit = await pdfkitPdf();
      const placed = await placedPdf(lang);
      for (const line of LINES) expect(pdfText(placed)).toContain(line.text);
      const a = renderPage(byPdfkit, 1, 100);
      const b = renderPage(placed, 1, 100);
      expect(b.inked).toBeGreaterThan(0.003);
      expect(differing(a.png, b.png)).toBeLessThan(0.0005);
    },
  );

  it('a record whose names need letters beyond the page’s alphabet prints them, fonts embedded', async () => {
    const doc = gameDoc();
    const names = ['Wolfgang Müller', 'Łukasz Ørsted'];
    const report = {
      ...doc.report,
      players: doc.report.players.map((p, i) => ({ ...p, name: names[i] })),
    };
    const pdf = await gameRecordPdf({ ...doc, report }, 'sr-Latn');
    const text = pdfText(pdf);
    for (const name of names) expect(text).toContain(name);
    const fonts = pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((f) => f.embedded)).toBe(true);
    expect(renderPage(pdf).inked).toBeGreaterThan(0.05);
  });

  it('records that need no other glyph embed the same font files, made once', async () => {
    const doc = gameDoc();
    const named = (names: string[]) => ({
      ...doc,
      report: {
        ...doc.report,
        players: doc.report.players.map((p, i) => ({ ...p, name: names[i] })),
      },
    });
    const a = await gameRecordPdf(named(['Ana Petrović', 'Marko Čačak']), 'sr-Latn');
    const b = await gameRecordPdf(named(['Đorđe Šćekić', 'Žarko Džepić']), 'sr-Latn');
    const large = (pdf: Buffer) => streams(pdf).filter((s) => s.length > 8000);
    const fontFiles = large(a).filter((s) => large(b).some((t) => t.equals(s)));
    expect(fontFiles).toHaveLength(2); // regular and bold
    expect(pdfText(b)).toContain('Žarko Džepić');
  });

  it('a paragraph broken at its spaces keeps every word, each line within the width', async () => {
    const { doc, finish } = openDoc({ title: 'paragraph', lang: 'sr-Latn', pageNumbers: false });
    doc.font(SANS).fontSize(8.5);
    const words = Array.from({ length: 60 }, (_, i) => `reč${i}`);
    const width = 200;
    const height = placeParagraph(doc, words.join(' '), 50, 60, width);
    expect(height).toBeCloseTo(doc.heightOfString(words.join(' '), { width }), 6);
    const pdf = await finish();
    const lines = pdfText(pdf)
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.startsWith('reč'));
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join(' ').split(' ')).toEqual(words);
  });
});
