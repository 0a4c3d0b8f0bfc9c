import { ratingReportPdf, RatingReportDocument } from '../../src/render/pdf/rating-report';
import { describeWithPoppler, pdfPages, pdfText, renderPage } from './poppler';

/** docs/ratings.md's worked example, as the report page writes it in English. */
const example = (): RatingReportDocument => ({
  tournament: 'Kup novembra',
  date: '21. 11. 2026.',
  formula: 'Elo as FIDE runs it: change = K × (score − expected).',
  families: [
    {
      title: 'Rating: Kvizovka',
      starts: 'Starts: 2 players from the rating list, 1 from a registered rating, 1 first rating.',
      empty: false,
      lines: [
        {
          name: 'Ana',
          division: 'Open',
          old: 'list 1600',
          games: 2,
          score: '1.5',
          expected: '1.4',
          performance: '1650',
          k: '20',
          change: '+2',
          changeTone: 'up',
          new: 1602,
        },
        {
          name: 'Dule',
          division: 'Open',
          old: 'first rating',
          games: 2,
          score: '1',
          expected: '',
          performance: '1500',
          k: '',
          change: '',
          changeTone: '',
          new: 1500,
        },
        {
          name: 'Bora',
          division: 'Open',
          old: 'registered 1500',
          games: 2,
          score: '0',
          expected: '1',
          performance: '1100',
          k: '20',
          change: '−20',
          changeTone: 'down',
          new: 1480,
        },
        {
          name: 'Ceca',
          division: 'Open',
          old: 'list 1400',
          games: 2,
          score: '1.5',
          expected: '0.6',
          performance: '1750',
          k: '40',
          change: '+35.99',
          changeTone: 'up',
          new: 1436,
        },
      ],
    },
  ],
});

describeWithPoppler('the rating report PDF', () => {
  it('carries every figure of every line, in reading order', async () => {
    const text = pdfText(await ratingReportPdf(example(), 'en'), true);
    expect(text).toContain('Rating report');
    expect(text).toContain('Kup novembra · 21. 11. 2026.');
    expect(text).toContain('Starts: 2 players from the rating list, 1 from a registered rating');
    expect(text).toMatch(/Ana \(Open\)\s+list 1600\s+2\s+1\.5\s+1\.4\s+1650\s+20\s+\+2\s+1602/);
    expect(text).toMatch(/Dule \(Open\)\s+first rating\s+2\s+1\s+1500\s+1500/);
    expect(text).toMatch(/Bora \(Open\)\s+registered 1500\s+2\s+0\s+1\s+1100\s+20\s+−20\s+1480/);
    expect(text).toMatch(
      /Ceca \(Open\)\s+list 1400\s+2\s+1\.5\s+0\.6\s+1750\s+40\s+\+35\.99\s+1436/,
    );
  });

  it('writes Cyrillic headers in Cyrillic, and renders as a landscape A4 page with ink on it', async () => {
    const pdf = await ratingReportPdf(example(), 'sr-Cyrl');
    const text = pdfText(pdf);
    expect(text).toContain('Рејтинг извештај');
    expect(text).toContain('Нови рејтинг');
    const page = renderPage(pdf);
    expect(page.width).toBeGreaterThan(page.height);
    expect(page.inked).toBeGreaterThan(0.01);
  });

  it('a long report goes on over pages with the header repeated', async () => {
    const doc = example();
    const line = doc.families[0].lines[0];
    doc.families[0].lines = Array.from({ length: 120 }, (_, i) => ({
      ...line,
      name: `Igrač ${i + 1}`,
    }));
    const pages = pdfPages(await ratingReportPdf(doc, 'sr-Latn'));
    expect(pages.length).toBeGreaterThan(2);
    for (const p of pages) expect(p).toContain('Novi rejting');
    expect(pages[pages.length - 1]).toContain('Igrač 120');
  });

  it('a tournament not closed says so', async () => {
    const text = pdfText(await ratingReportPdf({ ...example(), families: [] }, 'en'));
    expect(text).toContain('The tournament is not closed yet');
  });
});
