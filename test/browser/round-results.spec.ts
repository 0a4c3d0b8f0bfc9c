import { join } from 'path';
import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import { createTournament, pair, register, type GameJson } from '../e2e/tournament-helpers';
import { Browser, describeWithChromium, launchChromium, SCREENSHOTS, watch } from './chromium';
import { signInCookie } from './site';

/**
 * The round's results page with its script: lines typed by keyboard fill the grid, each row is
 * checked as it is typed (a message on the row, in the page's language), and one click saves.
 */
describeWithChromium(`a round's results page in Chromium (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let browser: Browser;
  let divisionId: number;
  let tournamentId: number;

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchChromium()]);
    ({ id: tournamentId, divisionId } = await createTournament(t, {
      name: 'Kup tastature',
      ruleSet: 'kvizovka',
      rounds: 2,
    }));
    // One long name, as a hall has: the wide grid must still fit its page.
    await register(t, divisionId, [
      'Ana',
      'Bora',
      'Ceca',
      'Dule',
      'Ema',
      'Aleksandra Stojanović-Radosavljević',
    ]);
    await pair(t, divisionId);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('typed lines fill the rows, a bad one is said on its row, and the round is saved', async () => {
    const cookie = await signInCookie(t, 'judge', [tournamentId]);
    await browser.context.addCookies([
      { name: 'arbiter_session', value: cookie.split('=')[1], url: t.url },
    ]);
    const page = await browser.context.newPage();
    const trouble = watch(page);
    await page.goto(`${t.url}/judge/divisions/${divisionId}/rounds/1/results?lang=sr-Latn`);
    await page.focus('#lines');
    await page.keyboard.type('1 400 350 3:00 1:00\n2 300 300 1:00 31:00\n3 f2');

    // Table 1's line fills its row and says who wins; table 2's clock is above the start.
    expect(await page.inputValue('[name=t1_s1]')).toBe('400');
    expect(await page.inputValue('[name=t1_c2]')).toBe('1:00');
    const msg = (table: number) => page.locator(`#msg-${table}`).innerText();
    expect(await msg(1)).toMatch(/^Pobeda: /);
    expect(await msg(2)).toBe(
      'Sedište 2: 31:00 je više od 30:00 koliko svaki igrač ima na početku.',
    );
    expect(await page.getAttribute('#row-2', 'class')).toContain('bad');
    expect(await page.inputValue('[name=t3_kind]')).toBe('f2');
    expect(await msg(3)).toMatch(/^Kontumacija, izostanak: /);

    // Corrected in the grid by keyboard: the row's message follows.
    await page.focus('[name=t2_c2]');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('0:30');
    expect(await msg(2)).toMatch(/^Pobeda: /);
    // The line still says 31:00 and would replace the row: it is corrected too.
    await page.focus('#lines');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1 400 350 3:00 1:00\n2 300 300 1:00 0:30\n3 f2');
    expect(await page.inputValue('#lines')).toBe('1 400 350 3:00 1:00\n2 300 300 1:00 0:30\n3 f2');
    expect(await msg(2)).toMatch(/^Pobeda: /);

    await Promise.all([page.waitForNavigation(), page.click('#round-results button[type=submit]')]);
    expect(page.url()).toContain('done=round&n=3');
    expect(await page.locator('.flash').innerText()).toContain('Sačuvano rezultata: 3.');
    const games = (
      (await t.http.get(`/api/divisions/${divisionId}/rounds/1`).expect(200)).body as {
        games: GameJson[];
      }
    ).games.sort((a, b) => a.table - b.table);
    expect(games.map((g) => g.status)).toEqual(['complete', 'complete', 'complete']);
    expect(games[1].result).toMatchObject({ scores: [300, 300], remaining: ['01:00', '00:30'] });
    trouble.stop();
    expect(trouble.problems).toEqual([]);
  });

  test('the outcome’s words fit its select; on a phone the games stack, nothing scrolls sideways', async () => {
    const cookie = await signInCookie(t, 'judge', [tournamentId]);
    await browser.context.addCookies([
      { name: 'arbiter_session', value: cookie.split('=')[1], url: t.url },
    ]);
    const page = await browser.context.newPage();
    const url = (lang: string) =>
      `${t.url}/judge/divisions/${divisionId}/rounds/1/results?lang=${lang}`;
    // Each select at least as wide as its longest option's text, the arrow and padding aside
    // (the page's own script, run in the page: its DOM is not this file's).
    const cut = () =>
      page.evaluate<
        string[]
      >(`[...document.querySelectorAll('table.round-grid select')].flatMap((select) => {
        const style = getComputedStyle(select);
        const probe = document.createElement('span');
        probe.style.font = style.font;
        probe.style.whiteSpace = 'pre';
        document.body.append(probe);
        // A choice naming the long-named player may be cut (the open list shows it whole); the
        // words of the choices themselves may not.
        const words = [...select.options].filter((o) => !o.text.includes('Radosavljević'));
        const widest = Math.max(0, ...words.map((o) => {
          probe.textContent = o.text;
          return probe.getBoundingClientRect().width;
        }));
        probe.remove();
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
        return widest <= room ? [] : [select.name + ': ' + Math.round(widest) + ' > ' + room];
      })`);
    // How far the page, and the grid's own box, scroll sideways.
    const sideways = () =>
      page.evaluate<number[]>(`(() => {
        const wrap = document.querySelector('table.round-grid').parentElement;
        return [document.documentElement.scrollWidth - innerWidth, wrap.scrollWidth - wrap.clientWidth];
      })()`);
    for (const lang of ['en', 'sr-Latn', 'sr-Cyrl']) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(url(lang));
      expect([lang, await cut()]).toEqual([lang, []]);
      // The wide page keeps its grid: a row a game, the columns side by side, all in view.
      expect(await page.locator('table.round-grid thead').isVisible()).toBe(true);
      expect([lang, await sideways()]).toEqual([lang, [0, 0]]);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(url(lang));
      expect([lang, await sideways()]).toEqual([lang, [0, 0]]);
      expect([lang, await cut()]).toEqual([lang, []]);
      expect(await page.locator('table.round-grid thead').isVisible()).toBe(false);
      // A game's fields stack under their names: its scores below its outcome.
      const kind = await page.locator('[name=t1_kind]').boundingBox();
      const score = await page.locator('[name=t1_s1]').boundingBox();
      expect(score!.y).toBeGreaterThan(kind!.y + kind!.height - 1);
      await page.screenshot({
        path: join(SCREENSHOTS, `round-results-390-${lang}.png`),
        fullPage: true,
      });
    }
    await page.close();
  });
});
