import {
  metTablePdf,
  tablePairingsPdf,
  tableScoreSheetsPdf,
  type TableSheetsDocument,
} from '../../src/render/pdf';
import { describeWithPoppler, pdfPages, pdfText, pdfWords, renderPage } from './poppler';
import { HEADER, PLAYERS } from './samples';

/** The printouts of tables as pure documents: the shapes a server test does not reach. */

const quivit = (seats: number, tables = 2): TableSheetsDocument => ({
  ...HEADER,
  round: 2,
  rulesName: 'Quivit',
  turnsPerPlayer: 5,
  cardGame: true,
  tables: Array.from({ length: tables }, (_, i) => ({
    table: i + 1,
    seats: Array.from({ length: seats }, (_, s) => PLAYERS[(i * seats + s) % PLAYERS.length]),
  })),
});

describeWithPoppler('PDFs of tables (pdftotext, pdftoppm)', () => {
  test('a Quivit table of 8: two bands of four seats, every name and signature on one sheet', async () => {
    const pdf = await tableScoreSheetsPdf(quivit(8), 'sr-Latn');
    const pages = pdfPages(pdf);
    // Each table's sheet, however many pages it takes, the same number for both tables.
    expect(pages.length % 2).toBe(0);
    const perTable = pages.length / 2;
    const first = pages.slice(0, perTable).join('\n');
    for (const p of PLAYERS) {
      expect(first).toContain(p.name);
      expect(first).toContain(`Potpis: ${p.name}`);
    }
    for (let seat = 1; seat <= 8; seat++) expect(first).toContain(`${seat}. na potezu`);
    expect(first).toContain('Sudija');
    const picture = renderPage(pdf, 1);
    expect(picture.width).toBeGreaterThan(picture.height);
    expect(picture.inked).toBeGreaterThan(0.03);
  });

  test('tables of 3 and 4 in one round: each sheet has as many seats as its table', async () => {
    const doc = quivit(4, 1);
    const pdf = await tableScoreSheetsPdf(
      {
        ...doc,
        tables: [...doc.tables, { table: 2, seats: PLAYERS.slice(4, 7) }],
      },
      'en',
    );
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('seat 4');
    expect(pages[1]).toContain('seat 3');
    expect(pages[1]).not.toContain('seat 4');
  });

  test('score sheets of a table of four print long names whole, over the grid, by the results and signatures', async () => {
    const long = { name: 'Aleksandra Stanković-Radosavljević', club: 'ŠK Proleter Zrenjanin' };
    const doc = quivit(4, 1);
    const pdf = await tableScoreSheetsPdf(
      {
        ...doc,
        rulesName: 'Kvizovka',
        cardGame: false,
        clockMinutes: 30,
        turnsPerPlayer: 10,
        tables: [{ table: 1, seats: [long, PLAYERS[1], PLAYERS[2], PLAYERS[3]] }],
      },
      'sr-Latn',
    );
    const text = pdfText(pdf);
    expect(text).not.toContain('Aleksandra Stan…');
    // Over the grid, by the final figures, and under the signature line.
    expect(text.split(`1. ${long.name}`).length - 1).toBe(2);
    expect(text).toContain(`Potpis: ${long.name}`);
    // A shorter name keeps its place in the turn order beside it, and as much of its club as fits.
    expect(text).toContain('3. na potezu');
    expect(pdfText(pdf, true)).toMatch(/3\. Đorđe Šćekić \(Č/);
  });

  test('pairings: a bye is a table of one, named so', async () => {
    const pdf = await tablePairingsPdf(
      {
        ...HEADER,
        round: 1,
        tables: [
          { table: 1, seats: PLAYERS.slice(0, 4).map((player) => ({ player })) },
          { table: 2, seats: [{ player: PLAYERS[4] }] },
        ],
      },
      'en',
    );
    const lines = pdfText(pdf, true)
      .split('\n')
      .map((l) => l.trim().replace(/\s+/g, ' '));
    // No seat number: a table of one is not played.
    expect(lines).toContain(`2 bye ${PLAYERS[4].name} (${PLAYERS[4].club})`);
    expect(lines).toContain('Seat 1 moves first, then 2, and so on.');
    // The note on the seats goes below the last row, not over it.
    const words = pdfWords(pdf, 1);
    const lastRow = words.filter((w) => w.text === PLAYERS[4].name.split(' ')[0]);
    const note = words.find((w) => w.text === 'moves')!;
    expect(lastRow).toHaveLength(1);
    expect(note.yMin).toBeGreaterThan(lastRow[0].yMax);
  });

  test('pairings: a long name is printed whole, the club beside it cut first', async () => {
    const name = 'Aleksandra Stanković-Radosavljević de la Fuente Montenegro';
    const club = 'Šahovsko-kvizovski klub „Proleter” Zrenjanin, sekcija za kvizovku';
    const pdf = await tablePairingsPdf(
      {
        ...HEADER,
        round: 1,
        tables: [
          {
            table: 1,
            seats: [
              { player: { name, club } },
              ...PLAYERS.slice(1, 4).map((player) => ({ player })),
            ],
          },
        ],
      },
      'sr-Latn',
    );
    const text = pdfText(pdf, true);
    expect(text).toContain(name);
    expect(text).toContain(`${name} (Šahovsko`);
    expect(text).not.toContain(club);
  });

  test('a met grid of 40 players goes on over pages of 30 columns, each headed by its seeds', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({
      rank: i + 1,
      seed: i + 1,
      name: `Igrač ${i + 1}`,
      points: 40 - i,
      // i and j met once when they differ by 1 to 3 (a table of 4 sliding along).
      cells: Array.from({ length: 40 }, (_, j) => (i === j ? null : Math.abs(i - j) <= 3 ? 1 : 0)),
    }));
    const pdf = await metTablePdf({ ...HEADER, met: { through: 5, rows } }, 'en');
    const text = pdfText(pdf);
    expect(text).toContain('Who met whom (#1–#30)');
    expect(text).toContain('Who met whom (#31–#40)');
    expect(pdfPages(pdf).length).toBeGreaterThanOrEqual(2);
  });
});
