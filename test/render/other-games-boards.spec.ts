import { readFileSync } from 'fs';
import { join } from 'path';
import { PNG } from 'pngjs';
import type { VerificationReport } from '../../src/engine/report/report';
import { QUIVIT } from '../../src/engine/rules/rulesets/quivit';
import {
  buildCardGridModel,
  CARD_COLOURS,
  describeCardCell,
  renderCardGridSvg,
} from '../../src/render/card-grid';
import { BOARD_COLOURS } from '../../src/render/board-model';
import { gameReportSection } from '../../src/render/game-section';
import { gameRecordPdf } from '../../src/render/pdf';
import { describeWithPoppler, pdfText, renderPage } from './poppler';

/** The Quivit golden reports: 01 recorded no grid; 02 ends on a grid with a Color Block card on C3 and a −1 on B4. */
const report = (name: string): VerificationReport =>
  JSON.parse(
    readFileSync(join(__dirname, '..', 'fixtures', 'quivit', `${name}.report.json`), 'utf8'),
  ) as VerificationReport;
const NO_GRID = report('01-totals-most-cards');
const GRID = report('02-grid-links');
const cards = QUIVIT.cards!;
const count = (svg: string, re: RegExp): number => svg.match(re)?.length ?? 0;

describe('a card game grid', () => {
  it('is read card by card: four colours clockwise from the top left, the value, Color Block', () => {
    const model = buildCardGridModel(cards, GRID.board, ['b4'])!;
    expect(model.size).toBe(5);
    expect(model.columns).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(model.cells).toHaveLength(25);
    const at = (name: string) => model.cells.find((c) => c.name === name)!;
    // Row 2 is "RGBY1 BYRG1 …": B2 is blue top left, yellow top right, red bottom right, green bottom left.
    expect(at('B2').card).toEqual({ colours: ['B', 'Y', 'R', 'G'], value: 1, blocked: false });
    expect(at('C3').card).toEqual({ colours: ['R', 'G', 'B', 'Y'], value: 1, blocked: true });
    expect(at('B4').card?.value).toBe(-1);
    expect(at('B4').highlight).toBe(true);
    expect(model.hasBlocked).toBe(true);
    expect(model.hasHighlight).toBe(true);
  });

  it('is not drawn when none was recorded or it cannot be read', () => {
    expect(buildCardGridModel(cards, NO_GRID.board)).toBeNull();
    expect(buildCardGridModel(cards, ['RGBY1 . . . .'])).toBeNull();
    const unreadable = [...GRID.board];
    unreadable[0] = 'RRBY1 RGBY1 RGBY2 RGBY1 RGBY1';
    expect(buildCardGridModel(cards, unreadable)).toBeNull();
  });

  it('draws each card as four colour squares with its value, empty places dashed', () => {
    const rows = [...GRID.board];
    rows[4] = 'RGBY1 RGBY1 . RGBY1 RGBY1';
    const svg = renderCardGridSvg(buildCardGridModel(cards, rows)!, { lang: 'en' });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('class="board card-grid"');
    expect(count(svg, /<g class="place card/g)).toBe(24);
    expect(count(svg, /<g class="place empty" data-square="C5">/g)).toBe(1);
    // 24 cards × 4 colour squares, each colour once a card.
    for (const letter of ['R', 'G', 'B', 'Y'])
      expect(count(svg, new RegExp(`class="colour colour-${letter}"`, 'g'))).toBe(24);
    expect(count(svg, /class="blocked-mark"/g)).toBe(1);
    expect(svg).toMatch(/<g class="place card blocked" data-square="C3">/);
    expect(svg).toMatch(/<text class="value"[^>]*>-1<\/text>/);
    expect(svg).toContain(
      '<title>C3: red, green, blue, yellow; 1 (covered by a Color Block card)</title>',
    );
    expect(svg).toContain('<title>C5: no card</title>');
  });

  it('says each card in the page language', () => {
    const model = buildCardGridModel(cards, GRID.board)!;
    const b2 = model.cells.find((c) => c.name === 'B2')!;
    expect(describeCardCell(b2, 'sr-Latn')).toBe('B2: plava, žuta, crvena, zelena; 1');
    expect(describeCardCell(b2, 'sr-Cyrl')).toBe('B2: плава, жута, црвена, зелена; 1');
  });

  it('on the game page: the grid with its legend, or a note that no grid was recorded', () => {
    const withGrid = gameReportSection(GRID, 'en');
    expect(withGrid.boardSvg).toContain('card-grid');
    expect(withGrid.boardNote).toBeNull();
    expect(withGrid.legend.map((e) => e.label)).toEqual(['covered by a Color Block card']);
    const without = gameReportSection(NO_GRID, 'sr-Latn');
    expect(without.boardSvg).toBeNull();
    expect(without.boardNote).toBe(
      'Mreža karata nije upisana: poeni i karte važe kako su upisani na zapisniku.',
    );
    expect(without.legend).toEqual([]);
  });
});

/** Share of the page's pixels within a small distance of a colour. */
const colourShare = (png: Buffer, hex: string): number => {
  const img = PNG.sync.read(png);
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    const d =
      Math.abs(img.data[i] - r) + Math.abs(img.data[i + 1] - g) + Math.abs(img.data[i + 2] - b);
    if (d < 40) n++;
  }
  return n / (img.width * img.height);
};

describeWithPoppler('a card game record PDF', () => {
  const doc = (r: VerificationReport) => ({
    tournament: 'Quivit open',
    rules: 'quivit',
    report: r,
  });

  it('draws the grid in the four colours, with the legend', async () => {
    const pdf = await gameRecordPdf(doc(GRID), 'en');
    expect(pdfText(pdf)).toContain('covered by a Color Block card');
    const { png } = renderPage(pdf, 1, 50);
    for (const colour of Object.values(CARD_COLOURS))
      expect(colourShare(png, colour)).toBeGreaterThan(0.005);
  });

  it('says no grid was recorded, and draws no colours', async () => {
    const pdf = await gameRecordPdf(doc(NO_GRID), 'en');
    expect(pdfText(pdf)).toContain('No grid was recorded');
    const { png } = renderPage(pdf, 1, 50);
    for (const colour of Object.values(CARD_COLOURS))
      expect(colourShare(png, colour)).toBeLessThan(0.0005);
  });
});

describeWithPoppler('a Qwibble game record PDF', () => {
  it("draws each player's tiles in their colour, with the legend", async () => {
    const qwibble = JSON.parse(
      readFileSync(
        join(__dirname, '..', 'fixtures', 'qwibble', '01-steal-and-safe.report.json'),
        'utf8',
      ),
    ) as VerificationReport;
    const pdf = await gameRecordPdf(
      { tournament: 'Qwibble open', rules: 'qwibble', report: qwibble },
      'en',
    );
    const text = pdfText(pdf);
    for (const label of ['padlock', "Ana Ruiz's tiles", "Bea Lund's tiles", 'safe tile'])
      expect(text).toContain(label);
    const { png } = renderPage(pdf, 1, 50);
    const [first, second] = BOARD_COLOURS.ownerTiles;
    expect(colourShare(png, first)).toBeGreaterThan(0.001);
    expect(colourShare(png, second)).toBeGreaterThan(0.001);
  });
});
