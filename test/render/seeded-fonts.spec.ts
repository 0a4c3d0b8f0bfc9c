import { PNG } from 'pngjs';
import { gameRecordPdf } from '../../src/render/pdf';
import { fit, openDoc, placeParagraph, SANS, SANS_BOLD } from '../../src/render/pdf/doc';
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

async function linesPdf(lang: Lang, draw: 'pdfkit' | 'placed'): Promise<Buffer> {
  const { doc, finish } = openDoc({ title: 'lines', lang, pageNumbers: false });
  LINES.forEach((line, i) => {
    doc.font(line.bold ? SANS_BOLD : SANS).fontSize(line.size);
    const y = 60 + i * 40;
    if (draw === 'pdfkit') doc.text(line.text, 50.3, y, { lineBreak: false });
    else placeLine(doc, line.text, 50.3, y);
  });
  return finish();
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
    "look as pdfkit's text does and copy as the same text (%s)",
    async (lang) => {
      const byPdfkit = await linesPdf(lang, 'pdfkit');
      const placed = await linesPdf(lang, 'placed');
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
