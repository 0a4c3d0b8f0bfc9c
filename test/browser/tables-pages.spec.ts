import { LANGUAGES } from '../../src/i18n';
import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import { seedTableSite, TableSite } from '../e2e/table-site';
import {
  Browser,
  describeWithChromium,
  launchChromium,
  overflowsHorizontally,
  screenshot,
  watch,
} from './chromium';
import { adminCookie } from './site';

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 900 };

describeWithChromium(`pages of a division at tables in Chromium (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let site: TableSite;
  let browser: Browser;

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchChromium({ javaScript: false })]);
    site = await seedTableSite(t);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('the met grid, a player page and the wall chart at 1280 and 390 px, every language: no sideways scroll', async () => {
    const player = site.bySeed.get(1)!;
    const person = (
      (await t.http.get(`/api/players/${player}`).expect(200)).body as { personId: number }
    ).personId;
    const page = await browser.context.newPage();
    const trouble = watch(page);
    for (const size of [DESK, PHONE]) {
      await page.setViewportSize(size);
      for (const lang of LANGUAGES) {
        for (const path of [
          `/divisions/${site.quivit}/crosstable`,
          `/players/${player}`,
          `/divisions/${site.quivit}/wallchart`,
          `/persons/${person}`,
        ]) {
          const url = `${t.url}${path}?lang=${lang}`;
          const res = await page.goto(url);
          expect([url, res?.status()]).toEqual([url, 200]);
          expect([url, size.width, await overflowsHorizontally(page)]).toEqual([
            url,
            size.width,
            false,
          ]);
          if (path.startsWith('/players/')) {
            // A player's tables fit a phone whole: round, the others, score, place, points so far.
            const fits = await page.evaluate<boolean>(
              "[...document.querySelectorAll('.table-wrap')].every((el) => el.scrollWidth <= el.clientWidth + 1)",
            );
            expect([url, size.width, fits]).toEqual([url, size.width, true]);
          }
        }
      }
      const tag = size.width === PHONE.width ? 'phone' : 'desk';
      await page.goto(`${t.url}/divisions/${site.quivit}/crosstable?lang=sr-Latn`);
      // 14 columns of counts: at 1280 px the grid fits; on a phone its box scrolls, not the page.
      const box = await page
        .locator('.table-wrap')
        .first()
        .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      if (size === DESK) expect(box.scroll).toBeLessThanOrEqual(box.client);
      else expect(box.client).toBeLessThanOrEqual(PHONE.width);
      // The name column stays in view while the counts scroll past it.
      const sticky = await page.evaluate<string>(
        "getComputedStyle(document.querySelector('table.met td.sticky')).position",
      );
      expect(sticky).toBe('sticky');
      await screenshot(page, `tables-met-${tag}`);
      await page.goto(`${t.url}/players/${player}?lang=en`);
      await screenshot(page, `tables-player-${tag}`);
      await page.goto(`${t.url}/divisions/${site.quivit}/wallchart?lang=sr-Cyrl`);
      await screenshot(page, `tables-wallchart-${tag}`);
      await page.goto(`${t.url}/persons/${person}?lang=sr-Latn`);
      await screenshot(page, `tables-person-${tag}`);
    }
    trouble.stop();
    expect(trouble.problems).toEqual([]);
    await page.close();
  });

  test("the organiser's rounds page at 1280 and 390 px: a table's seats under one heading, no pair", async () => {
    const cookie = await adminCookie(t);
    await browser.context.addCookies([
      { name: 'arbiter_session', value: cookie.split('=')[1], url: t.url },
    ]);
    const page = await browser.context.newPage();
    const trouble = watch(page);
    const first = {
      'sr-Latn': 'Igra prvi',
      'sr-Cyrl': 'Игра први',
      hr: 'Igra prvi',
      en: 'Moves first',
    };
    for (const size of [DESK, PHONE]) {
      await page.setViewportSize(size);
      for (const lang of LANGUAGES) {
        const url = `${t.url}/organiser/divisions/${site.quivit}/rounds?lang=${lang}`;
        const res = await page.goto(url);
        expect([url, res?.status()]).toEqual([url, 200]);
        // Every round's table: the table, its players in turn order, the actions.
        const heads = await page.locator('table.rounds thead').allInnerTexts();
        expect(heads.length).toBeGreaterThan(0);
        for (const head of heads) expect(head).not.toContain(first[lang]);
        const counts = await page
          .locator('table.rounds thead tr')
          .evaluateAll((rows) => rows.map((r) => r.children.length));
        expect(new Set(counts)).toEqual(new Set([3]));
        // A table of four: four seats listed, one under another, in its one cell.
        const seats = await page
          .locator('table.rounds tbody tr')
          .first()
          .locator('ol.seats li')
          .allInnerTexts();
        expect(seats.length).toBeGreaterThanOrEqual(3);
        expect([url, size.width, await overflowsHorizontally(page)]).toEqual([
          url,
          size.width,
          false,
        ]);
      }
      await page.goto(`${t.url}/organiser/divisions/${site.quivit}/rounds?lang=sr-Latn`);
      await screenshot(page, `tables-rounds-${size === PHONE ? 'phone' : 'desk'}`);
    }
    trouble.stop();
    expect(trouble.problems).toEqual([]);
    await page.close();
  });
});
