import { LANGUAGES } from '../../src/i18n';
import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import { createTournament, pair, register } from '../e2e/tournament-helpers';
import {
  Browser,
  describeWithChromium,
  launchChromium,
  overflowsHorizontally,
  screenshot,
  watch,
} from './chromium';
import { adminCookie, signInCookie } from './site';

const PHONE = { width: 390, height: 844 };

interface SeatJson {
  seat: number;
  player: { id: number; name: string };
  place: number | null;
}
interface TableGame {
  id: number;
  seats: SeatJson[];
}

describeWithChromium(`tables of three in Chromium (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let browser: Browser;
  let divisionId: number;
  let tournamentId: number;
  let games: TableGame[];

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchChromium({ javaScript: false })]);
    ({ id: tournamentId, divisionId } = await createTournament(t, {
      name: 'Do 200 u troje',
      ruleSet: 'scrabble-target',
      rounds: 3,
      pairingPlan: ['seeded', 'swiss'],
      tableSize: 3,
    }));
    await register(t, divisionId, [
      'Ana Petrović',
      'Bora Ilić',
      'Vesna Đurić',
      'Goran Šarić',
      'Dara Kos',
      'Đorđe Lukić',
    ]);
    games = (await pair(t, divisionId)).games as unknown as TableGame[];
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('a judge types a table of three on a phone: a tie at the target asks who reached it first', async () => {
    const cookie = await signInCookie(t, 'judge', [tournamentId]);
    await browser.context.addCookies([
      { name: 'arbiter_session', value: cookie.split('=')[1], url: t.url },
    ]);
    const page = await browser.context.newPage();
    await page.setViewportSize(PHONE);
    const trouble = watch(page, (url, status) => url.includes('/result') && status === 422);
    const game = games[0];
    const names = game.seats.map((s) => s.player.name);
    await page.goto(`${t.url}/judge/games/${game.id}/result?lang=sr-Latn`);
    expect(await overflowsHorizontally(page)).toBe(false);
    for (const [i, [score, clock]] of [
      ['210', '02:10'],
      ['210', '01:00'],
      ['180', '03:00'],
    ].entries()) {
      await page.fill(`#f-score${i + 1}`, score);
      await page.fill(`#f-clock${i + 1}`, clock);
    }
    await Promise.all([
      page.waitForNavigation(),
      page.click('main form.stack button[type=submit]'),
    ]);
    const refused = await page.locator('.field-error').allInnerTexts();
    expect(refused.join(' ')).toContain(
      `${names[0]}, ${names[1]} imaju jednako poena na cilju ili preko njega`,
    );
    await screenshot(page, 'table-result-refused-phone');
    // What was typed is still there; the judge marks the second seat and saves.
    expect(await page.inputValue('#f-score3')).toBe('180');
    await page.check(`input[name=targetFirst][value="2"]`);
    await Promise.all([
      page.waitForNavigation(),
      page.click('main form.stack button[type=submit]'),
    ]);
    expect(page.url()).toContain('done=saved');
    await screenshot(page, 'table-result-saved-phone');
    trouble.stop();
    expect(trouble.problems).toEqual([]);
    const stored = (await t.http.get(`/api/games/${game.id}`).expect(200)).body as TableGame;
    // 210 = 210 at the target: seat 2 reached it first, so 2nd, 1st, and 180 third.
    expect(stored.seats.map((s) => s.place)).toEqual([2, 1, 3]);
    // The result form leads to the table's score sheet, laid out for its three players.
    await page.goto(`${t.url}/judge/games/${game.id}/result?lang=sr-Latn`);
    await Promise.all([page.waitForNavigation(), page.click('main form.stack .actions a')]);
    expect(page.url()).toContain(`/judge/games/${game.id}/scoresheet`);
    const sheetText = await page.locator('main').innerText();
    for (const name of names) expect(sheetText).toContain(name);
    await screenshot(page, 'table-sheet-phone');
    await page.close();
  });

  test('pairings, standings and a table game at 390 px in every language, every seat shown', async () => {
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    await page.setViewportSize(PHONE);
    const trouble = watch(page);
    for (const lang of LANGUAGES) {
      for (const path of [
        `/divisions/${divisionId}/pairings`,
        `/divisions/${divisionId}/standings`,
        `/games/${games[0].id}`,
      ]) {
        const url = `${t.url}${path}?lang=${lang}`;
        const res = await page.goto(url);
        expect([url, res?.status()]).toEqual([url, 200]);
        expect([url, await overflowsHorizontally(page)]).toEqual([url, false]);
        const text = await page.locator('main').innerText();
        for (const s of games[0].seats)
          expect([url, text]).toEqual([url, expect.stringContaining(s.player.name)]);
      }
    }
    await page.goto(`${t.url}/divisions/${divisionId}/pairings?lang=sr-Cyrl`);
    await screenshot(page, 'table-pairings-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${t.url}/divisions/${divisionId}/standings?lang=en`);
    await screenshot(page, 'table-standings-desktop');
    await page.goto(`${t.url}/games/${games[0].id}?lang=sr-Latn`);
    await screenshot(page, 'table-game-desktop');
    trouble.stop();
    expect(trouble.problems).toEqual([]);
    await page.close();
  });

  test("the organiser's division settings offer the sizes the rule set seats, fixed once paired", async () => {
    const cookie = await adminCookie(t);
    const { divisionId: fresh } = await createTournament(t, {
      name: 'Nova',
      ruleSet: 'scrabble-target',
      rounds: 2,
    });
    const page = await browser.context.newPage();
    await browser.context.addCookies([
      { name: 'arbiter_session', value: cookie.split('=')[1], url: t.url },
    ]);
    await page.goto(`${t.url}/organiser/divisions/${fresh}/settings?lang=en`);
    // The target-score variant is played by 2 to 4.
    expect(await page.locator('#f-tableSize option').allInnerTexts()).toEqual(['2', '3', '4']);
    await page.selectOption('#f-tableSize', '4');
    await Promise.all([
      page.waitForNavigation(),
      page.click('main form.stack button[type=submit]'),
    ]);
    const division = (await t.http.get(`/api/divisions/${fresh}`).expect(200)).body as {
      tableSize: number;
    };
    expect(division.tableSize).toBe(4);
    await page.goto(`${t.url}/organiser/divisions/${divisionId}/settings?lang=en`);
    expect(await page.locator('#f-tableSize').count()).toBe(0);
    expect(await page.locator('main').innerText()).toContain('Players at a table: 3');
    // Points for places: a wrong row is named at its field; a right one is asked about first,
    // the division having a round paired, then saved.
    await page.fill('#f-placePoints3', '1/2/0');
    await Promise.all([
      page.waitForNavigation(),
      page.click('main form.stack button[type=submit]'),
    ]);
    expect(await page.locator('#e-placePoints3').innerText()).toContain(
      'Enter 3 numbers separated by slashes',
    );
    await page.fill('#f-placePoints3', '3/1,5/0');
    await Promise.all([
      page.waitForNavigation(),
      page.click('main form.stack button[type=submit]'),
    ]);
    expect(await page.locator('main').innerText()).toContain('At a table of 3: 3/1.5/0');
    await screenshot(page, 'table-settings-confirm');
    await Promise.all([
      page.waitForNavigation(),
      page.click('main form.stack button[type=submit]'),
    ]);
    const saved = (await t.http.get(`/api/divisions/${divisionId}`).expect(200)).body as {
      placePoints: Record<string, number[]>;
    };
    expect(saved.placePoints).toEqual({ '3': [3, 1.5, 0] });
    await screenshot(page, 'table-settings-desktop');
    await page.close();
  });
});
