import { LANGUAGES } from '../../src/i18n';
import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import {
  Browser,
  describeWithChromium,
  launchChromium,
  overflowsHorizontally,
  screenshot,
  watch,
} from './chromium';
import { RatedPerson, seedRatedPerson } from './site';

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

/** The history's heading and the statistics' heading in each language. */
const WORDS: Record<(typeof LANGUAGES)[number], { history: string; stats: string }> = {
  'sr-Latn': { history: 'Rejting kroz turnire', stats: 'Statistika iz overenih zapisnika' },
  'sr-Cyrl': { history: 'Рејтинг кроз турнире', stats: 'Статистика из оверених записника' },
  en: { history: 'Rating history', stats: 'Figures from verified score sheets' },
  hr: { history: 'Rejting kroz turnire', stats: 'Statistika iz ovjerenih zapisnika' },
};

interface Drawn {
  svg: { left: number; right: number; top: number; bottom: number; width: number };
  points: { title: string; cx: number; cy: number }[];
  label: string | null;
  role: string | null;
  tableRatings: string[];
}

describeWithChromium(`a person's rating chart in Chromium (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let browser: Browser;
  let rated: RatedPerson;
  /** Jelena's rating after each tournament, from the tournaments' rating reports. */
  let after: number[];

  beforeAll(async () => {
    // No script: the chart is the server's SVG.
    [t, browser] = await Promise.all([startTestApp(), launchChromium({ javaScript: false })]);
    rated = await seedRatedPerson(t);
    after = [];
    for (const id of rated.tournamentIds) {
      const report = (await t.http.get(`/api/tournaments/${id}/ratings`).expect(200)).body as {
        families: { lines: { personId: number; new: number }[] }[];
      };
      after.push(report.families[0].lines.find((l) => l.personId === rated.personId)!.new);
    }
  }, 120000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const size of WIDTHS) {
    test(`the chart, its points and its table agree, at ${size.width} px in every language`, async () => {
      // The three ratings differ (a win, then a loss): a chart that drew them level would fail.
      expect(new Set(after).size).toBe(3);
      const page = await browser.context.newPage();
      await page.setViewportSize(size);
      const trouble = watch(page);
      for (const lang of LANGUAGES) {
        const res = await page.goto(`${t.url}/persons/${rated.personId}?lang=${lang}`);
        expect(res?.status()).toBe(200);
        expect(await page.locator('#h-history').innerText()).toBe(WORDS[lang].history);
        expect(await page.locator('#h-stats').innerText()).toBe(WORDS[lang].stats);
        const drawn = await page.evaluate<Drawn>(`(() => {
          const svg = document.querySelector('svg.rating-chart');
          const box = svg.getBoundingClientRect();
          return {
            svg: { left: box.left, right: box.right, top: box.top, bottom: box.bottom, width: box.width },
            role: svg.getAttribute('role'),
            label: svg.getAttribute('aria-label'),
            points: [...svg.querySelectorAll('.point')].map((p) => {
              const r = p.getBoundingClientRect();
              return { title: p.querySelector('title').textContent, cx: r.left + r.width / 2, cy: r.top + r.height / 2 };
            }),
            tableRatings: [...document.querySelectorAll('table.person-history tbody tr')].map(
              (tr) => tr.children[tr.children.length - 2].textContent.trim(),
            ),
          };
        })()`);
        expect(drawn.role).toBe('img');
        expect(drawn.label).toContain(String(after[0]));
        expect(drawn.label).toContain(String(after[2]));
        // One point a tournament, each titled with its rating, in the table's order too.
        expect(drawn.points).toHaveLength(3);
        drawn.points.forEach((p, i) => expect(p.title).toContain(String(after[i])));
        expect(drawn.tableRatings).toEqual(after.map(String));
        // Left to right by date; a higher rating stands higher (a smaller y on the screen).
        expect(drawn.points[0].cx).toBeLessThan(drawn.points[1].cx);
        expect(drawn.points[1].cx).toBeLessThan(drawn.points[2].cx);
        for (const [i, j] of [
          [0, 1],
          [1, 2],
          [0, 2],
        ]) {
          expect(Math.sign(drawn.points[j].cy - drawn.points[i].cy)).toBe(
            -Math.sign(after[j] - after[i]),
          );
        }
        // Inside the page's width and the chart's box.
        expect(drawn.svg.width).toBeGreaterThan(size.width === 390 ? 300 : 500);
        expect(drawn.svg.right).toBeLessThanOrEqual(size.width);
        for (const p of drawn.points) {
          expect(p.cx).toBeGreaterThan(drawn.svg.left);
          expect(p.cx).toBeLessThan(drawn.svg.right);
          expect(p.cy).toBeGreaterThan(drawn.svg.top);
          expect(p.cy).toBeLessThan(drawn.svg.bottom);
        }
        expect(await overflowsHorizontally(page)).toBe(false);
        // The game with a sheet has its replay link; the typed ones have none.
        expect(await page.locator(`a[href="/games/${rated.sheetGame}/replay"]`).count()).toBe(1);
        expect(await page.locator('table.person-games a[href$="/replay"]').count()).toBe(1);
        // The tournaments and the games (with its replay column) fit: nothing scrolls sideways,
        // neither the page nor a table's box (under 600 px each row is a card, its cells named).
        const fit = await page.evaluate<{ page: number[]; boxes: number[][] }>(`(() => {
          const root = document.documentElement;
          return {
            page: [root.scrollWidth, root.clientWidth],
            boxes: ['person-events', 'person-games'].map((name) => {
              const box = document.querySelector('table.' + name).closest('.table-wrap');
              return [box.scrollWidth, box.clientWidth];
            }),
          };
        })()`);
        expect(fit.page[0]).toBe(fit.page[1]);
        // The tournaments' table and the games' table alike.
        for (const [scrolled, shown] of fit.boxes) expect(scrolled).toBe(shown);
        if (size.width === 390) {
          const card = page.locator('table.person-games tbody tr', {
            has: page.locator('a[href$="/replay"]'),
          });
          const replay = card.locator('td', { has: page.locator('a[href$="/replay"]') });
          expect(await replay.getAttribute('data-label')).toBeTruthy();
          expect(await page.locator('table.person-games thead').isVisible()).toBe(false);
        }
        await screenshot(page, `person-chart-${lang}-${size.width}`);
      }
      trouble.stop();
      expect(trouble.problems).toEqual([]);
      await page.close();
    }, 120000);
  }
});
