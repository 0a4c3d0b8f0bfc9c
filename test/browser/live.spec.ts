import type { Page } from 'playwright-core';
import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import { createTournament, enterResult, GameJson, pair, register } from '../e2e/tournament-helpers';
import {
  Browser,
  describeWithChromium,
  launchChromium,
  screenshot,
  waitUntil,
  watch,
} from './chromium';
import { seedSite, Site } from './site';

const HALL = { width: 1920, height: 1080 };

/** Marks the document: a reload would lose the mark, a live update keeps it. */
const mark = (page: Page) => page.evaluate('window.__notReloaded = true');
const stillMarked = (page: Page) => page.evaluate<boolean>('window.__notReloaded === true');
const text = (page: Page, selector: string) =>
  page.evaluate<string>(`document.querySelector(${JSON.stringify(selector)}).innerText`);

describeWithChromium(`live pages in Chromium (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let site: Site;
  let browser: Browser;

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchChromium()]);
    site = await seedSite(t);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('open standings, pairings and player pages show a result entered through the API, without a reload', async () => {
    const game = (await t.http.get(`/api/games/${site.pendingGame}`).expect(200)).body as GameJson;
    const d = site.divisionId;
    const pages: Record<string, Page> = {};
    const troubles = [];
    for (const [name, path] of [
      ['standings', `/divisions/${d}/standings`],
      ['pairings', `/divisions/${d}/pairings`],
      ['player', `/players/${game.first.id}`],
    ] as const) {
      const page = await browser.context.newPage();
      troubles.push(watch(page));
      await page.goto(`${t.url}${path}`);
      await mark(page);
      pages[name] = page;
    }
    // A keyboard user on the standings, on the link of a player the result moves.
    const link = `main a[href="/players/${game.second!.id}"]`;
    await pages.standings.focus(link);
    const winnerRow = `table.standings tbody tr:has(a[href="/players/${game.first.id}"])`;
    const pointsBefore = await pages.standings.locator(winnerRow).locator('td').nth(3).innerText();
    expect(await text(pages.pairings, 'main')).not.toContain('455 : 301');
    // The stream is open once the page has heard its first revision: give it a moment.
    await pages.standings.waitForTimeout(300);

    const started = Date.now();
    await enterResult(t, t.organiser, game, { scores: [455, 301], clocks: ['04:00', '00:30'] });
    await waitUntil(
      pages.pairings,
      `document.querySelector('main').innerText.includes('455 : 301')`,
      5000,
    );
    await waitUntil(pages.player, `document.querySelector('main').innerText.includes('455')`, 5000);
    await waitUntil(
      pages.standings,
      `document.querySelector(${JSON.stringify(winnerRow)}).querySelectorAll('td')[3].innerText.trim() !== ${JSON.stringify(pointsBefore.trim())}`,
      5000,
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(3000);
    for (const page of Object.values(pages)) expect(await stillMarked(page)).toBe(true);
    // A screen reader is told; the link in the new content has the focus again.
    await waitUntil(
      pages.standings,
      `document.querySelector('body > p[role="status"]')?.textContent === 'Stranica je osvežena novim podacima.'`,
      2000,
    );
    expect(
      await pages.standings.evaluate<string | null>(
        'document.activeElement && document.activeElement.getAttribute("href")',
      ),
    ).toBe(`/players/${game.second!.id}`);
    const revision = Number(
      await pages.standings.evaluate<string>('document.body.dataset.liveRevision'),
    );
    const served = await t.http.get(`/divisions/${d}/standings`).expect(200);
    expect(Number(/data-live-revision="(\d+)"/.exec(served.text)![1])).toBe(revision);
    await screenshot(pages.standings, `live-standings-${DATABASE_KIND}`);
    for (const trouble of troubles) {
      trouble.stop();
      expect(trouble.problems).toEqual([]);
    }
    await Promise.all(Object.values(pages).map((p) => p.close()));
  });

  test('the projector fills 1920×1080 without scrolling, cycles through its screens, and updates live', async () => {
    const { divisionId } = await createTournament(t, {
      name: 'Dvorana Čair',
      ruleSet: 'kvizovka',
      rounds: 5,
      divisions: ['Otvorena grupa sa dugim imenom divizije'],
    });
    const names = Array.from(
      { length: 70 },
      (_, i) =>
        `${['Aleksandra', 'Đorđe', 'Ljubomir', 'Njegoslava'][i % 4]} Stojanović-Šćepanović ${i + 1}`,
    );
    await register(t, divisionId, names);
    const round = await pair(t, divisionId);
    // 35 tables: 2 screens (32 + 3); 70 lines of standings: 3 screens (32 + 32 + 6).
    const page = await browser.context.newPage();
    await page.setViewportSize(HALL);
    const trouble = watch(page);
    for (let screen = 1; screen <= 5; screen++) {
      await page.goto(`${t.url}/divisions/${divisionId}/projector?screen=${screen}`);
      const size = await page.evaluate<{ w: number; h: number }>(
        '({ w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight })',
      );
      expect(size).toEqual({ w: HALL.width, h: HALL.height });
      // Every line is inside the window: nothing is cut off at the bottom.
      const lowest = await page.evaluate<number>(
        'Math.max(...[...document.querySelectorAll("tbody tr")].map((r) => r.getBoundingClientRect().bottom))',
      );
      expect(lowest).toBeLessThanOrEqual(HALL.height);
      expect(await text(page, '.pj-screen')).toBe(`${screen}/5`);
      await screenshot(page, `projector-${screen}-${DATABASE_KIND}`);
    }
    // The first screen's refresh leads to the second (no script needed to cycle).
    await page.goto(`${t.url}/divisions/${divisionId}/projector`);
    expect(
      await page.evaluate<string>(
        'document.querySelector(\'meta[http-equiv="refresh"]\').getAttribute("content")',
      ),
    ).toBe(`15; url=/divisions/${divisionId}/projector?screen=2`);
    await mark(page);
    await page.waitForTimeout(300);
    await enterResult(t, t.organiser, round.games[0], {
      scores: [512, 498],
      clocks: ['00:10', '00:20'],
    });
    await waitUntil(page, `document.querySelector('main').innerText.includes('512 : 498')`, 5000);
    expect(await stillMarked(page)).toBe(true);
    trouble.stop();
    expect(trouble.problems).toEqual([]);
    await page.close();
  });
});

describeWithChromium(
  `a live page over its share says so, in its language (${DATABASE_KIND})`,
  () => {
    let t: TestApp;
    let site: Site;
    let browser: Browser;

    beforeAll(async () => {
      // One live page a browser: a second tab of the same browser is over its share.
      [t, browser] = await Promise.all([
        startTestApp(undefined, { LIVE_PER_CLIENT: '1' }),
        launchChromium(),
      ]);
      site = await seedSite(t);
    });
    afterAll(async () => {
      await browser?.close();
      await t?.close();
    });

    test("a second tab of the same browser is refused its stream and shows the server's sentence; the page itself still works", async () => {
      const standings = `${t.url}/divisions/${site.divisionId}/standings`;
      const first = await browser.context.newPage();
      await first.goto(standings);
      await first.waitForTimeout(300);
      expect(await first.evaluate<number>("document.querySelectorAll('.live-notice').length")).toBe(
        0,
      );

      for (const [lang, width, sentence] of [
        [
          'sr-Latn',
          1280,
          'Ovaj pregledač već ima najviše otvorenih stranica koje se osvežavaju uživo: 1. Zatvorite neku od njih; ova stranica radi i bez toga (osvežite je sami) i ponovo pokušava za 30 s.',
        ],
        [
          'en',
          390,
          'This browser has as many live-updating pages open as one device may: 1. Close one of them; this page works without updating live (reload it yourself) and tries again in 30 s.',
        ],
      ] as const) {
        const second = await browser.context.newPage();
        await second.setViewportSize({ width, height: 800 });
        await second.goto(`${standings}?lang=${lang}`);
        await waitUntil(
          second,
          `document.querySelector('.live-notice')?.textContent === ${JSON.stringify(sentence)}`,
          5000,
        );
        // Shown above the content, which is the page as served.
        expect(
          await second.evaluate<boolean>(
            "document.querySelector('.live-notice').nextElementSibling === document.getElementById('main')",
          ),
        ).toBe(true);
        expect(await text(second, 'main')).toContain(lang === 'en' ? 'Standings' : 'Poredak');
        await screenshot(second, `live-over-share-${lang}-${width}-${DATABASE_KIND}`);
        await second.close();
      }
      await first.close();
    });
  },
);
