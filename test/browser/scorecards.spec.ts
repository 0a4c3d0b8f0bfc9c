import { LANGUAGES } from '../../src/i18n';
import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import { enterResult, GameJson, pair, RoundJson } from '../e2e/tournament-helpers';
import {
  Browser,
  describeWithChromium,
  launchChromium,
  overflowsHorizontally,
  screenshot,
  watch,
} from './chromium';
import { seedSite, Site } from './site';

const PHONE = { width: 390, height: 844 };

/** Every game of a round still without a result gets one (the first player ahead by 10 × table). */
async function finish(t: TestApp, games: GameJson[]): Promise<void> {
  for (const g of games.filter((x) => x.second !== null && x.status === 'pending')) {
    await enterResult(t, t.organiser, g, {
      scores: [350 + 10 * g.table, 340],
      clocks: ['01:00', '02:00'],
    });
  }
}

describeWithChromium(
  `scorecards, wall chart and standings by round in Chromium (${DATABASE_KIND})`,
  () => {
    let t: TestApp;
    let site: Site;
    let browser: Browser;

    beforeAll(async () => {
      [t, browser] = await Promise.all([startTestApp(), launchChromium({ javaScript: false })]);
      site = await seedSite(t);
      const round1 = (await t.http.get(`/api/divisions/${site.divisionId}/rounds/1`).expect(200))
        .body as RoundJson;
      await finish(t, round1.games);
      await finish(t, (await pair(t, site.divisionId)).games);
      await finish(t, (await pair(t, site.divisionId)).games);
    });
    afterAll(async () => {
      await browser?.close();
      await t?.close();
    });

    test('at 390 px in every language: no sideways scroll; wide tables scroll inside their box', async () => {
      const d = site.divisionId;
      const player = site.players[0].id;
      await browser.context.clearCookies();
      const page = await browser.context.newPage();
      await page.setViewportSize(PHONE);
      const trouble = watch(page);
      for (const lang of LANGUAGES) {
        for (const path of [
          `/players/${player}`,
          `/divisions/${d}/wallchart`,
          `/divisions/${d}/standings?round=2`,
        ]) {
          const url = `${t.url}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
          const res = await page.goto(url);
          expect([url, res?.status()]).toEqual([url, 200]);
          expect([url, await overflowsHorizontally(page)]).toEqual([url, false]);
        }
      }
      // The wall chart of three rounds is wider than a phone: its box scrolls, the page does not.
      await page.goto(`${t.url}/divisions/${d}/wallchart`);
      const box = await page
        .locator('.table-wrap')
        .first()
        .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(box.client).toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, 'wallchart-phone');
      // A player's scorecard fits a phone: the running spread (the total is above it) is left out.
      for (const lang of LANGUAGES) {
        await page.goto(`${t.url}/players/${player}?lang=${lang}`);
        const card = await page
          .locator('.table-wrap')
          .first()
          .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        expect([lang, card.scroll]).toEqual([lang, card.client]);
      }
      await screenshot(page, 'scorecard-phone');
      trouble.stop();
      expect(trouble.problems).toEqual([]);
      await page.close();
    });

    test('without script: the round links move the standings, and the scorecard links the opponent', async () => {
      const d = site.divisionId;
      await browser.context.clearCookies();
      const page = await browser.context.newPage();
      await page.setViewportSize(PHONE);
      await page.goto(`${t.url}/divisions/${d}/standings?lang=sr-Latn`);
      await page.getByRole('link', { name: '1. kolo', exact: true }).click();
      await page.waitForURL(/round=1/);
      expect(await page.locator('main').innerText()).toContain('posle 1. kola');
      expect(await page.locator('nav a[aria-current="page"]', { hasText: '1. kolo' }).count()).toBe(
        1,
      );
      await page.getByRole('link', { name: 'Zidna tabela', exact: true }).click();
      await page.waitForURL(/wallchart/);
      const rows = await page.locator('table.wallchart tbody tr').count();
      expect(rows).toBe(site.players.length);
      // from the wall chart to a player's scorecard, and on to an opponent's
      await page.locator('table.wallchart tbody tr').first().locator('td.sticky a').click();
      await page.waitForURL(/\/players\/\d+$/);
      const card = page.locator('table.scorecard tbody tr');
      expect(await card.count()).toBe(3);
      const opponent = card.first().locator('td').nth(1).locator('a');
      const name = (await opponent.innerText()).trim();
      await opponent.click();
      await page.waitForURL(/\/players\/\d+$/);
      expect(await page.locator('h1').innerText()).toBe(name);
      await page.close();
    });
  },
);
