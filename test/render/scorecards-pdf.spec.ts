import { scorecardsPdf, wallChartPdf } from '../../src/render/pdf';
import { bands, WallChartDocument } from '../../src/render/pdf/scorecards';
import { wallCellText } from '../../src/render/scorecard-view';
import { buildScorecards, buildWallChart, GameRecord, ScorecardPlayer } from '../../src/standings';
import { describeWithPoppler, pdfPages, pdfText, renderPage } from './poppler';

describe('bands: rows and rounds split evenly over pages', () => {
  test.each([
    // 100 players, at most 21 a page: ⌈100/21⌉ = 5 pages of ⌈100/5⌉ = 20
    [100, 21, [20, 20, 20, 20, 20]],
    // 20 rounds, at most 12 a page: 2 pages of 10, not 12 + 8
    [20, 12, [10, 10]],
    // 12 rounds fit one page
    [12, 12, [12]],
    // 13 rounds: 2 pages, ⌈13/2⌉ = 7 then 6
    [13, 12, [7, 6]],
    [1, 21, [1]],
    // nothing yet: one empty band (a page with the heading)
    [0, 21, [0]],
  ])('%i in parts of at most %i → %j', (n, max, sizes) => {
    const parts = bands(n, max);
    expect(parts.map((p) => p.to - p.from)).toEqual(sizes);
    expect(parts[0].from).toBe(0);
    expect(parts[parts.length - 1].to).toBe(n);
  });
});

/**
 * A division of `n` players and `rounds` rounds of results: each round player i meets player
 * (i + round) mod n when both are free, the lower index moving first and scoring 300 + i.
 */
function division(n: number, rounds: number): WallChartDocument {
  const players: ScorecardPlayer[] = Array.from({ length: n }, (_, i) => ({
    id: `p${i + 1}`,
    seed: i + 1,
  }));
  const games: GameRecord[] = [];
  for (let r = 1; r <= rounds; r++) {
    const busy = new Set<number>();
    for (let i = 0; i < n; i++) {
      const j = (i + r) % n;
      if (busy.has(i) || busy.has(j) || i === j) continue;
      busy.add(i).add(j);
      const [a, b] = i < j ? [i, j] : [j, i];
      games.push({
        round: r,
        a: `p${a + 1}`,
        b: `p${b + 1}`,
        starts: `p${a + 1}`,
        resultA: 'win',
        scoreA: 300 + a,
        scoreB: 250,
      });
    }
    for (let i = 0; i < n; i++) if (!busy.has(i)) games.push({ round: r, a: `p${i + 1}`, b: null });
  }
  const cards = buildScorecards(players, games, rounds, { byeSpread: 50, spreadCap: 200 });
  return {
    tournament: 'Veliki turnir 2026',
    division: 'Otvorena grupa',
    rounds,
    rows: buildWallChart(players, cards).map((row) => ({
      seed: row.seed,
      name: `Igrač Dugačkoprezimenić ${row.seed}`,
      active: true,
      record: `${row.wins}–${row.losses}`,
      spread: row.spread,
      cells: row.cells.map((c) => ({ ...wallCellText('sr-Latn', c), outcome: c.kind })),
    })),
  };
}

describeWithPoppler('wall chart and scorecard PDFs (pdftotext, pdftoppm)', () => {
  test('100 players × 20 rounds: 5 bands of 20 players × 2 of 10 rounds, landscape, every cell', async () => {
    const doc = division(100, 20);
    const pdf = await wallChartPdf(doc, 'sr-Latn');
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(10);
    // pages go band by band: players 1–20 rounds 1–10, players 1–20 rounds 11–20, players 21–40 …
    expect(pages[0]).toContain('Zidna tabela (igrači 1–20, kola 1–10)');
    expect(pages[1]).toContain('Zidna tabela (igrači 1–20, kola 11–20)');
    expect(pages[9]).toContain('Zidna tabela (igrači 81–100, kola 11–20)');
    // every player's name on both pages of their band; the last column (record) on the right-hand page only
    for (let seed = 1; seed <= 100; seed++) {
      const band = Math.floor((seed - 1) / 20);
      expect(pages[band * 2]).toContain(`Igrač Dugačkoprezimenić ${seed}`);
      expect(pages[band * 2 + 1]).toContain(`Igrač Dugačkoprezimenić ${seed}`);
    }
    expect(pages[0]).not.toContain('Učinak');
    expect(pages[1]).toContain('Učinak');
    // the last cell of the last player, and of the first: every round is printed
    const last = doc.rows[99].cells[19];
    expect(pages[9]).toContain(last.bottom);
    expect(pages[1]).toContain(doc.rows[0].cells[19].bottom);
    const picture = renderPage(pdf, 1, 72);
    expect(picture.width).toBeGreaterThan(picture.height);
    expect(picture.inked).toBeGreaterThan(0.05);
  });

  test('a small division fits one page, with no band in its title', async () => {
    const pdf = await wallChartPdf(division(8, 5), 'en');
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatch(/^Wall chart\n/);
    expect(pages[0]).toContain('Record');
  });

  test('rounds not yet played are empty columns, to be filled in by hand', async () => {
    // 2 of 7 rounds played: the header has all seven, the cells of rounds 3 to 7 are blank
    const doc = { ...division(6, 2), rounds: 7 };
    const text = pdfText(await wallChartPdf(doc, 'sr-Latn'), true);
    expect(text).toMatch(/# +Ime +1 +2 +3 +4 +5 +6 +7 +Učinak/);
    for (const row of doc.rows) expect(text).toContain(row.name);
  });

  test('a long name on a landscape page with room to spare is whole; only a name past all the room is cut (issue 36)', async () => {
    // 12 rounds on one page, every cell written: the name column takes what the rounds leave.
    const doc = division(16, 12);
    const long = 'Aleksandra Stojanović-Radosavljević';
    const absurd = 'Jovan Jovanović '.repeat(12).trim();
    const rows = doc.rows.map((r, i) =>
      i === 0 ? { ...r, name: long } : i === 1 ? { ...r, name: absurd } : r,
    );
    const pdf = await wallChartPdf({ ...doc, rows }, 'sr-Latn');
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain(long);
    // The name past the room is cut, and the rounds keep their cells whole beside it.
    expect(pages[0]).not.toContain(absurd);
    expect(pages[0]).toMatch(/(Jovan Jovanović ){2,}\S*…/);
    for (const row of rows) {
      for (const cell of row.cells) if (cell.bottom) expect(pages[0]).toContain(cell.bottom);
    }
    expect(pages[0]).not.toMatch(/\d…/);
    const picture = renderPage(pdf, 1, 50);
    expect(picture.width).toBeGreaterThan(picture.height);
    expect(picture.inked).toBeGreaterThan(0.02);
  });

  test('scorecards: one page a player, the capped spread with the game’s own', async () => {
    const pdf = await scorecardsPdf(
      {
        tournament: 'Kup',
        division: 'A',
        spreadCap: 150,
        cards: ['Ana Petrović', 'Đorđe Šćekić'].map((name, i) => ({
          name,
          seed: i + 1,
          club: null,
          rank: i + 1,
          points: 1 - i,
          spread: i === 0 ? 150 : -150,
          lines: [
            {
              round: 1,
              opponent: i === 0 ? '#2 Đorđe Šćekić' : '#1 Ana Petrović',
              order: i === 0 ? 'prvi' : 'drugi',
              score: i === 0 ? 500 : 200,
              opponentScore: i === 0 ? 200 : 500,
              // 500 − 200 = +300, capped at +150
              spreadText: i === 0 ? '+150 (+300)' : '-150 (-300)',
              result: i === 0 ? 'pobeda' : 'poraz',
              outcome: i === 0 ? 'win' : 'loss',
              record: i === 0 ? '1–0' : '0–1',
              runningSpread: i === 0 ? 150 : -150,
            },
          ],
        })),
      },
      'sr-Latn',
    );
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Karton igrača: Ana Petrović');
    expect(pages[0]).toContain('+150 (+300)');
    expect(pages[1]).toContain('-150 (-300)');
    expect(pages[1]).toContain('najviše ±150 razlike');
    expect(renderPage(pdf, 2).inked).toBeGreaterThan(0.01);
  });
});
