import type { Page } from 'playwright-core';
import { readScoresheet, replayPositions, TurnPosition } from '../../src/engine';
import { LANGUAGES } from '../../src/i18n';
import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import { rowTiles, svgTiles } from '../e2e/replay-tiles';
import {
  Browser,
  describeWithChromium,
  launchChromium,
  overflowsHorizontally,
  screenshot,
  waitUntil,
  watch,
} from './chromium';
import { seedSite, Site } from './site';

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

/** The heading of turn n in each language. */
const HEADING: Record<(typeof LANGUAGES)[number], (n: number, total: number) => string> = {
  'sr-Latn': (n, total) => (n === 0 ? 'Pre prvog poteza' : `Potez ${n} od ${total}`),
  'sr-Cyrl': (n, total) => (n === 0 ? 'Пре првог потеза' : `Потез ${n} од ${total}`),
  hr: (n, total) => (n === 0 ? 'Prije prvog poteza' : `Potez ${n} od ${total}`),
  en: (n, total) => (n === 0 ? 'Before the first turn' : `Turn ${n} of ${total}`),
};

describeWithChromium(`a game turn by turn in Chromium (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let site: Site;
  let withScript: Browser;
  let without: Browser;
  let positions: TurnPosition[];

  beforeAll(async () => {
    [t, withScript, without] = await Promise.all([
      startTestApp(),
      launchChromium(),
      launchChromium({ javaScript: false }),
    ]);
    site = await seedSite(t, 'Kup u pregledaču');
    const stored = (await t.http.get(`/api/games/${site.sheetGame}/scoresheet`).expect(200))
      .body as { text: string };
    const read = readScoresheet(JSON.parse(stored.text));
    if (!read.ok) throw new Error('the seeded sheet does not read');
    positions = replayPositions(read.sheet).positions;
  });
  afterAll(async () => {
    await withScript?.close();
    await without?.close();
    await t?.close();
  });

  const replayUrl = (turn?: number, lang?: string) => {
    const q = new URLSearchParams();
    if (turn !== undefined) q.set('turn', String(turn));
    if (lang) q.set('lang', lang);
    const query = q.toString();
    return `${t.url}/games/${site.sheetGame}/replay${query ? `?${query}` : ''}`;
  };

  /** The page shows turn n: the board is the engine's after n turns, the address says ?turn=n. */
  async function expectTurn(page: Page, n: number, lang: (typeof LANGUAGES)[number]) {
    const total = positions.length;
    await waitUntil(page, `document.querySelector('#replay-view')?.dataset.turn === '${n}'`);
    const html = await page.content();
    const engine = n === 0 ? new Map<string, string>() : rowTiles(positions[n - 1].board);
    expect({ n, tiles: svgTiles(html) }).toEqual({ n, tiles: engine });
    const marked = await page
      .locator('#replay-view svg.board .placed-mark')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-square')));
    expect({ n, marked: marked.sort() }).toEqual({
      n,
      marked: n === 0 ? [] : [...positions[n - 1].placed].sort(),
    });
    expect((await page.locator('#replay-heading').innerText()).trim()).toBe(
      HEADING[lang](n, total),
    );
    expect(new URL(page.url()).searchParams.get('turn') ?? '0').toBe(String(n));
  }

  for (const size of WIDTHS) {
    test(`${size.width} px, with the script: ← and →, the links and the slider step without reloading`, async () => {
      const page = await withScript.context.newPage();
      await page.setViewportSize(size);
      const trouble = watch(page);
      const total = positions.length;
      await page.goto(replayUrl(0, 'sr-Latn'));
      await expectTurn(page, 0, 'sr-Latn');
      // A mark on the window: a page loaded again would not have it.
      await page.evaluate('window.stayed = true');
      for (let n = 1; n <= 3; n++) {
        await page.keyboard.press('ArrowRight');
        await expectTurn(page, n, 'sr-Latn');
      }
      await page.keyboard.press('ArrowLeft');
      await expectTurn(page, 2, 'sr-Latn');
      await page.locator('#replay-view a[rel="next"]').click();
      await expectTurn(page, 3, 'sr-Latn');
      await page
        .locator('#replay-view .replay-turns a', { hasText: String(total) })
        .last()
        .click();
      await expectTurn(page, total, 'sr-Latn');
      expect(await page.locator('#replay-view a[rel="next"]').count()).toBe(0);
      const middle = Math.floor(total / 2);
      await page.locator('[data-replay-slider]').fill(String(middle));
      await expectTurn(page, middle, 'sr-Latn');
      // The slider has the focus: its own arrows step.
      await page.keyboard.press('ArrowRight');
      await expectTurn(page, middle + 1, 'sr-Latn');
      await page.goBack();
      await expectTurn(page, middle, 'sr-Latn');
      expect(await page.evaluate('window.stayed === true')).toBe(true);
      expect(await overflowsHorizontally(page)).toBe(false);
      await screenshot(page, `replay-script-${size.width}`);
      trouble.stop();
      expect(trouble.problems).toEqual([]);
      await page.close();
    });

    test(`${size.width} px, without JavaScript: each turn a page of its own, in the three languages`, async () => {
      const page = await without.context.newPage();
      await page.setViewportSize(size);
      const trouble = watch(page);
      const total = positions.length;
      for (const lang of LANGUAGES) {
        await page.goto(replayUrl(undefined, lang));
        await expectTurn(page, 0, lang);
        for (let n = 1; n <= 2; n++) {
          await Promise.all([
            page.waitForURL(`**/replay?turn=${n}`),
            page.locator('#replay-view a[rel="next"]').click(),
          ]);
          await expectTurn(page, n, lang);
        }
        await Promise.all([
          page.waitForURL(`**/replay?turn=1`),
          page.locator('#replay-view a[rel="prev"]').click(),
        ]);
        await expectTurn(page, 1, lang);
        // The slider's form picks a turn with its button.
        await page.locator('[data-replay-slider]').fill(String(total));
        await Promise.all([
          page.waitForURL(`**/replay?turn=${total}`),
          page.locator('form.replay-slider button').click(),
        ]);
        await expectTurn(page, total, lang);
        // The keys do nothing without the script: still the same page.
        await page.keyboard.press('ArrowLeft');
        await expectTurn(page, total, lang);
        expect(await overflowsHorizontally(page)).toBe(false);
      }
      await screenshot(page, `replay-plain-${size.width}`);
      trouble.stop();
      expect(trouble.problems).toEqual([]);
      await page.close();
    });
  }
});
