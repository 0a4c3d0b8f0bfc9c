import { LANGUAGES } from '../../src/i18n';
import { readFileSync } from 'fs';
import { join } from 'path';
import type { Page } from 'playwright-core';
import { Scoresheet, verifyDocument } from '../../src/engine';
import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import { createTournament, GameJson, pair, register, scoreSheet } from '../e2e/tournament-helpers';
import {
  Browser,
  describeWithChromium,
  launchChromium,
  overflowsHorizontally,
  screenshot,
  waitUntil,
  watch,
} from './chromium';
import { fillSheet, formOf } from './sheet-helpers';
import { makeAccount, NAMES, seedSite, Site } from './site';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * A sheet of the game with one illegal play: the last play moved to the
 * corner, where it touches nothing. The engine says which turn and squares
 * it flags; the page must show the same.
 */
function sheetWithMistake(good: Scoresheet): { bad: Scoresheet; turn: number; squares: string[] } {
  const index = good.turns.map((t) => t.play !== undefined).lastIndexOf(true);
  for (const play of ['A1 KUĆA', 'O15 KUĆA', '1A KUĆA', '15L KUĆA']) {
    const bad = structuredClone(good);
    bad.turns[index] = { ...bad.turns[index], play };
    const checked = verifyDocument(bad, { words: null });
    if (!checked.ok) continue;
    const issue = checked.report.turns[index].issues.find((i) => (i.squares ?? []).length > 0);
    if (issue) return { bad, turn: index + 1, squares: issue.squares! };
  }
  throw new Error('no corner left free for the mistake');
}

/** Points shown in the standings row of a player. */
async function pointsOf(page: Page, name: string): Promise<string> {
  const row = page.locator('table.standings tbody tr', { hasText: name });
  return (await row.locator('td').nth(3).innerText()).trim();
}

describeWithChromium(`pages in Chromium (${DATABASE_KIND})`, () => {
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

  const open = async (path: string): Promise<Page> => {
    const page = await browser.context.newPage();
    await page.goto(`${t.url}${path}`);
    return page;
  };

  test('public pages render with no console error and no failed request, on a desktop and a phone', async () => {
    const g = (await t.http.get(`/api/games/${site.sheetGame}`).expect(200)).body as GameJson;
    const d = site.divisionId;
    const paths = [
      '/',
      `/tournaments/${site.tournamentId}`,
      `/divisions/${d}/standings`,
      `/divisions/${d}/pairings`,
      `/divisions/${d}/crosstable`,
      `/players/${g.first.id}`,
      `/games/${site.sheetGame}`,
      `/games/${site.typedGame}`,
      '/sign-in',
    ];
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    const trouble = watch(page);
    for (const [label, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      for (const path of paths) {
        const res = await page.goto(`${t.url}${path}`);
        expect([path, res?.status()]).toEqual([path, 200]);
        expect([path, (await page.locator('h1').innerText()).length > 0]).toEqual([path, true]);
        if (label === 'phone')
          expect([path, await overflowsHorizontally(page)]).toEqual([path, false]);
      }
      await page.goto(`${t.url}/divisions/${d}/standings`);
      for (const name of NAMES) await page.getByRole('link', { name }).first().waitFor();
      await screenshot(page, `standings-${label}`);
      await page.goto(`${t.url}/games/${site.sheetGame}`);
      expect(await page.locator('svg.board').isVisible()).toBe(true);
      await screenshot(page, `game-${label}`);
      await page.goto(`${t.url}/divisions/${d}/crosstable`);
      await screenshot(page, `crosstable-${label}`);
    }
    trouble.stop();
    expect(trouble.problems).toEqual([]);
    await page.close();
  });

  test('standings on a phone: no column cut at the edge; time left and the tie-breaks go under the name', async () => {
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    const trouble = watch(page);
    await page.setViewportSize(PHONE);
    for (const lang of LANGUAGES) {
      await page.goto(`${t.url}/divisions/${site.divisionId}/standings?lang=${lang}`);
      await screenshot(page, `standings-phone-${lang}`);
      const scrolled = await page.evaluate<number>(
        "[...document.querySelectorAll('.table-wrap')].filter((w) => w.scrollWidth > w.clientWidth + 1).length",
      );
      expect([lang, scrolled]).toEqual([lang, 0]);
      const first = await page.locator('table.standings tbody tr').first().innerText();
      const seed = { 'sr-Latn': 'Nosilac', 'sr-Cyrl': 'Носилац', hr: 'Nositelj', en: 'Seed' }[lang];
      expect([lang, first]).toEqual([
        lang,
        expect.stringMatching(new RegExp(`\\d\\d:\\d\\d · ${seed} \\d+`)),
      ]);
    }
    await page.setViewportSize(DESKTOP);
    await page.goto(`${t.url}/divisions/${site.divisionId}/standings?lang=en`);
    const head = await page.locator('table.standings thead').innerText();
    expect(head).toMatch(/Time left[\s\S]*Seed/);
    expect(await page.locator('table.standings tbody tr td .show-narrow').first().isVisible()).toBe(
      false,
    );
    trouble.stop();
    expect(trouble.problems).toEqual([]);
    await page.close();
  });

  test('the Cyrillic switch turns the pages to Cyrillic, and they stay so', async () => {
    await browser.context.clearCookies();
    const page = await open(`/divisions/${site.divisionId}/standings`);
    const trouble = watch(page);
    expect(await page.locator('h1').innerText()).toContain('Poredak');
    await page.click('a[hreflang="sr-Cyrl"]');
    await page.waitForURL(/lang=sr-Cyrl/);
    expect(await page.getAttribute('html', 'lang')).toBe('sr-Cyrl');
    expect(await page.locator('h1').innerText()).toContain('Поредак');
    const head = await page.locator('table.standings thead').innerText();
    expect(head).toMatch(/Место/);
    expect(head).not.toMatch(/Mesto|Bodovi/);
    // The next page, reached by a link without `lang`, is Cyrillic too (the cookie).
    await page.click('.tabs a:has-text("Парови")');
    expect(await page.locator('h1').innerText()).toContain('Парови');
    expect(await page.locator('footer.site').innerText()).toBe('Арбитер: вођење турнира и суђење');
    // Names are data: they stay as written.
    expect(await page.locator('main').innerText()).toContain('Ana Petrović');
    await screenshot(page, 'pairings-cyrillic-phone');
    trouble.stop();
    expect(trouble.problems).toEqual([]);
    await page.close();
    await browser.context.clearCookies();
  });

  test('the Croatian switch turns the pages to Croatian, ijekavian, and they stay so; the sheet form too', async () => {
    await browser.context.clearCookies();
    const page = await open(`/divisions/${site.divisionId}/standings`);
    const trouble = watch(page);
    await page.click('a[hreflang="hr"]');
    await page.waitForURL(/lang=hr/);
    expect(await page.getAttribute('html', 'lang')).toBe('hr');
    expect(await page.locator('a[hreflang="hr"]').innerText()).toBe('Hrvatski');
    const head = await page.locator('table.standings thead').innerText();
    expect(head).toMatch(/Mjesto/);
    expect(head).toMatch(/Bodovi/);
    expect(head).not.toMatch(/Mesto/);
    // The next page, reached by a link without `lang`, is Croatian too (the cookie).
    await page.click('.tabs a:has-text("Križna tablica")');
    expect(await page.locator('h1').innerText()).toContain('Križna tablica');
    // The sheet check's form, with its own texts (the browser's catalogue), after signing in.
    const judge = await makeAccount(t, 'judge', [site.tournamentId]);
    await page.goto(`${t.url}/judge/check?rules=kvizovka&players=2`);
    expect(await page.locator('h1').innerText()).toBe('Prijava');
    await page.fill('#username', judge.email);
    await page.fill('#password', judge.password);
    await page.click('main button[type="submit"]');
    await page.waitForURL(/\/judge\/check/);
    expect(await page.getAttribute('html', 'lang')).toBe('hr');
    expect(await page.locator('header.site').innerText()).toContain('Odjava');
    const form = await page.locator('main').innerText();
    expect(form).toContain('Prepišite zapisnik red po red');
    expect(form).toContain('Riječ / pločice');
    expect(form).not.toMatch(/Reč|sledeće/);
    await screenshot(page, 'sheet-check-croatian');
    trouble.stop();
    expect(trouble.problems).toEqual([]);
    await page.close();
    await browser.context.clearCookies();
  });

  test('a judge signs in, checks a sheet with a mistake, sees it on the turn and the square, fixes it, saves; the standings change', async () => {
    await browser.context.clearCookies();
    const judge = await makeAccount(t, 'judge', [site.tournamentId]);
    const g = (await t.http.get(`/api/games/${site.pendingGame}`).expect(200)).body as GameJson;
    const { sheet: good, leaderOnScore } = scoreSheet([g.first.name, g.second!.name], 31);
    const { bad, turn, squares } = sheetWithMistake(good);
    const winner = leaderOnScore === 0 ? g.first.name : g.second!.name;

    const page = await browser.context.newPage();
    // The sheet form asks for the judge's session; its refusals are the 4xx the test provokes.
    const trouble = watch(page, (url, status) => status === 422 && url.includes('/scoresheet'));
    await page.goto(`${t.url}/divisions/${site.divisionId}/standings`);
    const before = await pointsOf(page, winner);

    await page.goto(`${t.url}/judge/games/${g.id}/scoresheet`);
    expect(page.url()).toContain('/sign-in?next=');
    await page.fill('#username', judge.email);
    await page.fill('#password', judge.password);
    await page.click('main button[type="submit"]');
    await page.waitForURL(`${t.url}/judge/games/${g.id}/scoresheet`);
    expect(await page.locator('header.site').innerText()).toContain('Odjava');

    // The illegal play, typed into the form: flagged on its row and on its squares before any post.
    const players = [g.first.name, g.second!.name];
    await fillSheet(page, bad, players);
    const row = page.locator(`tr.sheet-row[data-row="${turn - 1}"]`);
    await waitUntil(
      page,
      `document.querySelector('tr.sheet-row[data-row="${turn - 1}"]').classList.contains('bad')`,
    );
    expect(await page.locator('#verdict').getAttribute('class')).toContain('bad');
    expect(await page.locator(`#msg-${turn - 1}`).innerText()).toContain(`${turn}. potez`);
    for (const square of squares) {
      expect(await page.locator(`svg.board .highlight-mark[data-square="${square}"]`).count()).toBe(
        1,
      );
    }
    // Earlier rows may carry warnings (the simulated words are in no dictionary), never an error.
    for (let earlier = 0; earlier < turn - 1; earlier++) {
      const classes = await page
        .locator(`tr.sheet-row[data-row="${earlier}"]`)
        .getAttribute('class');
      expect([earlier, classes!.split(' ').includes('bad')]).toEqual([earlier, false]);
    }
    expect(await row.getAttribute('class')).toContain('bad');
    await screenshot(page, 'sheet-mistake-desktop');
    await page.setViewportSize(PHONE);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'sheet-mistake-phone');
    await page.setViewportSize(DESKTOP);
    expect((await t.http.get(`/api/games/${g.id}`).expect(200)).body.status).toBe('pending');

    // Fixed and saved: the flag goes, the result is in, the standings move.
    const fixed = formOf(good, players).rows[turn - 1];
    await page.fill(`#c-${turn - 1}-position`, fixed.position);
    await page.fill(`#c-${turn - 1}-word`, fixed.word);
    await waitUntil(
      page,
      `!document.querySelector('tr.sheet-row[data-row="${turn - 1}"]').classList.contains('bad')`,
    );
    // The draft of the fix reaches the server before the sheet is saved (a draft that lands
    // after a save on PostgreSQL could come back over it: see docs/pages.md, Left).
    await waitUntil(page, '!window.sheetDraftPending()');
    await page.click('button[name="intent"][value="save"]');
    await page.waitForURL(/done=saved/);
    expect(await page.locator('main .notice.ok').innerText()).toContain('Zapisnik je sačuvan');
    // The page's script checks the saved rows again (asking the server for the words): its verdict settles.
    await waitUntil(page, "document.querySelector('#verdict').classList.contains('ok')");
    expect(await page.inputValue(`#c-${turn - 1}-word`)).toBe(fixed.word);
    await screenshot(page, 'sheet-saved-desktop');
    // On a phone the report stands below the rows: the verdict is said at the top too, linked.
    expect(await page.locator('#verdict-top').isVisible()).toBe(false);
    await page.setViewportSize(PHONE);
    const top = page.locator('#verdict-top');
    expect(await top.isVisible()).toBe(true);
    expect((await top.boundingBox())!.y).toBeLessThan(PHONE.height);
    expect(await top.innerText()).toBe(await page.locator('#verdict strong').innerText());
    expect(await top.locator('a').getAttribute('href')).toBe('#sheet-check');
    await screenshot(page, 'sheet-saved-phone');
    await page.setViewportSize(DESKTOP);

    await page.goto(`${t.url}/divisions/${site.divisionId}/standings`);
    const after = await pointsOf(page, winner);
    expect(Number(after)).toBe(Number(before) + 1);
    trouble.stop();
    expect(trouble.problems).toEqual([]);
    await page.close();
  });

  test('an organiser pairs the next round from the rounds page (round 1 is complete now)', async () => {
    await browser.context.clearCookies();
    const organiser = await makeAccount(t, 'organiser', [site.tournamentId]);
    const page = await browser.context.newPage();
    const trouble = watch(page);
    await page.goto(`${t.url}/sign-in`);
    await page.fill('#username', organiser.email);
    await page.fill('#password', organiser.password);
    await page.click('main button[type="submit"]');
    await page.waitForURL(`${t.url}/organiser`);
    await page.goto(`${t.url}/organiser/divisions/${site.divisionId}/rounds`);
    await page.selectOption('#f-system', 'swiss');
    await page.click('main form.inline button[type="submit"]');
    await page.waitForURL(/done=paired/);
    expect(await page.locator('main .flash.ok').innerText()).toBe('2. kolo je upareno.');
    expect(await page.locator('#round-2 table tbody tr').count()).toBe(3);
    await screenshot(page, 'organiser-rounds-desktop');
    await page.goto(`${t.url}/divisions/${site.divisionId}/pairings`);
    expect(await page.locator('h2').first().innerText()).toContain('Kolo 2');
    trouble.stop();
    expect(trouble.problems).toEqual([]);
    await page.close();
  });

  test("the organiser's rounds page on a phone: every action in view, no table scrolled sideways, a result on one line", async () => {
    await browser.context.clearCookies();
    const organiser = await makeAccount(t, 'organiser', [site.tournamentId]);
    const page = await browser.context.newPage();
    const trouble = watch(page);
    await page.goto(`${t.url}/sign-in`);
    await page.fill('#username', organiser.email);
    await page.fill('#password', organiser.password);
    await page.click('main button[type="submit"]');
    await page.waitForURL(`${t.url}/organiser`);
    await page.setViewportSize(PHONE);
    for (const lang of LANGUAGES) {
      await page.goto(`${t.url}/organiser/divisions/${site.divisionId}/rounds?lang=${lang}`);
      await screenshot(page, `organiser-rounds-phone-${lang}`);
      expect([lang, await overflowsHorizontally(page)]).toEqual([lang, false]);
      // The table's box does not scroll: the actions column is not cut at the window's edge.
      const scrolled = await page.evaluate<number>(
        "[...document.querySelectorAll('#round-1 .table-wrap')].filter((w) => w.scrollWidth > w.clientWidth + 1).length",
      );
      expect([lang, scrolled]).toEqual([lang, 0]);
      const links = page.locator('#round-1 table tbody td a');
      expect(await links.count()).toBeGreaterThan(0);
      for (const box of await Promise.all((await links.all()).map((l) => l.boundingBox()))) {
        expect([lang, box!.x + box!.width <= PHONE.width]).toEqual([lang, true]);
      }
      // `1–0` and `412 : 380` are not broken over two lines: each is one line high.
      const lines = await page.evaluate<number[]>(
        "[...document.querySelectorAll('#round-1 td .nowrap')].map((e) => e.getClientRects().length)",
      );
      expect(lines.length).toBeGreaterThan(0);
      expect([lang, lines.every((n) => n === 1)]).toEqual([lang, true]);
    }
    trouble.stop();
    expect(trouble.problems).toEqual([]);
    await page.close();
  });

  test('an organiser changes a running division: the page lists the changes and asks first', async () => {
    await browser.context.clearCookies();
    const organiser = await makeAccount(t, 'organiser', [site.tournamentId]);
    const page = await browser.context.newPage();
    const trouble = watch(page);
    await page.goto(`${t.url}/sign-in`);
    await page.fill('#username', organiser.email);
    await page.fill('#password', organiser.password);
    await page.click('main button[type="submit"]');
    await page.waitForURL(`${t.url}/organiser`);
    const before = (await (await fetch(`${t.url}/api/divisions/${site.divisionId}`)).json()) as {
      rounds: number;
    };
    await page.goto(`${t.url}/organiser/divisions/${site.divisionId}/settings`);
    await page.fill('#f-rounds', String(before.rounds + 1));
    await page.check('input[name="gibsonize"]');
    // The tie-breaks, a select a place: Buchholz first, then the spread; the time left dropped.
    expect(await page.inputValue('#f-tieBreak-1')).toBe('spread');
    await page.selectOption('#f-tieBreak-1', 'buchholz');
    await page.selectOption('#f-tieBreak-2', 'spread');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'organiser-division-settings-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.click('main form button[type="submit"]');
    const listed = await page.locator('main .notice.warn li').allInnerTexts();
    expect(listed).toContain(`Broj kola: ${before.rounds} → ${before.rounds + 1}`);
    expect(listed).toContain('Dopunski kriterijumi: Razlika, Preostalo vreme → Buholc, Razlika');
    expect(listed.some((l) => l.startsWith('Gibsonizacija') && l.endsWith('ne → da'))).toBe(true);
    await screenshot(page, 'organiser-division-confirm-desktop');
    await page.click('main form button[type="submit"]');
    await page.waitForURL(/done=saved/);
    const after = (await (await fetch(`${t.url}/api/divisions/${site.divisionId}`)).json()) as {
      rounds: number;
      gibsonize: boolean;
      tieBreaks: string[];
    };
    expect(after).toMatchObject({
      rounds: before.rounds + 1,
      gibsonize: true,
      tieBreaks: ['buchholz', 'spread'],
    });
    trouble.stop();
    expect(trouble.problems).toEqual([]);
    await page.close();
  });

  test('a Quivit grid and a Qwibble board show on their game pages, on a desktop and a phone', async () => {
    const fixture = (dir: string, file: string): Scoresheet =>
      JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', dir, file), 'utf8')) as Scoresheet;
    const games: Record<string, number> = {};
    const plan: [string, string[]][] = [
      ['quivit', ['01-totals-most-cards.sheet.json', '02-grid-links.sheet.json']],
      ['qwibble', ['01-steal-and-safe.sheet.json']],
    ];
    for (const [ruleSet, files] of plan) {
      const { divisionId } = await createTournament(t, {
        name: `${ruleSet} open`,
        ruleSet,
        rounds: files.length,
        pairingPlan: ['manual'],
      });
      const sheets = files.map((f) => fixture(ruleSet, f));
      const names = sheets[0].players;
      const [first, second] = await register(t, divisionId, names);
      for (const [i, sheet] of sheets.entries()) {
        const round = await pair(t, divisionId, {
          system: 'manual',
          pairings: [{ first: first.id, second: second.id }],
        });
        const game = round.games[0].id;
        await t.http
          .put(`/api/games/${game}/scoresheet`)
          .set(t.organiser)
          .send({ ...sheet, players: names })
          .expect(200);
        games[`${ruleSet}-${i + 1}`] = game;
      }
    }
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    const trouble = watch(page);
    for (const [label, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      // Quivit without a grid: a sentence, no drawing.
      await page.goto(`${t.url}/games/${games['quivit-1']}?lang=en`);
      expect(await page.locator('.board-note').innerText()).toContain('No grid was recorded');
      expect(await page.locator('svg.board').count()).toBe(0);
      // Quivit with a grid: 25 cards, the one under a Color Block card shaded.
      await page.goto(`${t.url}/games/${games['quivit-2']}?lang=en`);
      const grid = page.locator('svg.card-grid');
      expect(await grid.isVisible()).toBe(true);
      expect(await grid.locator('g.place.card').count()).toBe(25);
      expect(await grid.locator('g.place.blocked').getAttribute('data-square')).toBe('C3');
      expect(await page.locator('.legend').innerText()).toContain('covered by a Color Block card');
      const head = await page.locator('table.turns thead').innerText();
      expect(head).toMatch(/Rotation[\s\S]*Cards/);
      if (label === 'phone') expect(await overflowsHorizontally(page)).toBe(false);
      await screenshot(page, `quivit-game-${label}`);
      // Qwibble: padlocks, each player's tiles named in the legend, safe tiles.
      await page.goto(`${t.url}/games/${games['qwibble-1']}?lang=en`);
      const board = page.locator('svg.board');
      expect(await board.isVisible()).toBe(true);
      expect(await board.locator('path.padlock').count()).toBe(11);
      expect(await board.locator('g.sq.tile.safe').count()).toBeGreaterThan(0);
      const legend = await page.locator('.legend').innerText();
      for (const name of ['Ana Ruiz', 'Bea Lund']) expect(legend).toContain(`${name}'s tiles`);
      if (label === 'phone') expect(await overflowsHorizontally(page)).toBe(false);
      await screenshot(page, `qwibble-game-${label}`);
    }
    trouble.stop();
    expect(trouble.problems).toEqual([]);
    await page.close();
  });
});
