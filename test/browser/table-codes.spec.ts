import { LANGUAGES } from '../../src/i18n';
import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import { createTournament, GameJson, pair, register, scoreSheet } from '../e2e/tournament-helpers';
import {
  Browser,
  describeWithChromium,
  launchChromium,
  overflowsHorizontally,
  screenshot,
  watch,
} from './chromium';
import { fillSheet } from './sheet-helpers';

const PHONE = { width: 390, height: 844 };

interface GameCodes {
  gameId: number;
  seats: { seat: number; code: string; url: string }[];
}

describeWithChromium(`a table's sheet sent and confirmed from phones (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('the first player types the paper sheet on a phone and sends it; the second confirms; the result is in', async () => {
    const judge = await t.account('judge');
    const { divisionId } = await createTournament(t, {
      name: 'Stolovi',
      ruleSet: 'kvizovka',
      rounds: 1,
    });
    await register(t, divisionId, ['Ana Petrović', 'Bora Ilić']);
    const game = (await pair(t, divisionId)).games[0];
    const [codes] = (
      await t.http.get(`/api/divisions/${divisionId}/rounds/1/codes`).set(judge).expect(200)
    ).body as GameCodes[];
    const players = [game.first.name, game.second!.name];
    const { sheet } = scoreSheet(players as [string, string], 41);

    const page = await browser.context.newPage();
    await page.setViewportSize(PHONE);
    const trouble = watch(page);
    // Every language fits a phone.
    for (const lang of LANGUAGES) {
      await page.goto(`${t.url}${codes.seats[0].url}?lang=${lang}`);
      expect([lang, await overflowsHorizontally(page)]).toEqual([lang, false]);
    }
    await page.goto(`${t.url}${codes.seats[0].url}?lang=sr-Latn`);
    expect(await page.locator('main').innerText()).toContain(
      'Vaš kod: Ana Petrović, 1. mesto za stolom',
    );
    await Promise.all([page.waitForNavigation(), page.click('main a.button')]);
    await fillSheet(page, sheet, players);
    await screenshot(page, 'table-code-sheet-phone');
    await Promise.all([page.waitForNavigation(), page.click('#sheet-save')]);
    expect(page.url()).toContain('done=sent');
    const sent = await page.locator('main').innerText();
    expect(sent).toContain('Zapisnik je poslat.');
    expect(sent).toContain('čeka potvrdu: Bora Ilić');
    await screenshot(page, 'table-code-sent-phone');

    // The second player, on another phone, confirms with their own code.
    await page.goto(`${t.url}${codes.seats[1].url}?lang=en`);
    expect(await page.locator('main').innerText()).toContain('Sent by Ana Petrović (seat 1)');
    await Promise.all([page.waitForNavigation(), page.click('main form button[type=submit]')]);
    const done = await page.locator('main').innerText();
    expect(done).toContain('You confirmed the sheet.');
    expect(done).toContain('entered as the result');
    expect(done).toContain('The result is in.');
    await screenshot(page, 'table-code-confirmed-phone');
    trouble.stop();
    expect(trouble.problems).toEqual([]);
    const stored = (await t.http.get(`/api/games/${game.id}`).expect(200)).body as GameJson;
    expect(stored.result).toMatchObject({ source: 'scoresheet', scores: sheet.claimed!.final });

    // A wrong code gets a page that says so, in the page's language.
    const wrong = await page.goto(`${t.url}/t/ZZZZZ00000?lang=en`);
    expect(wrong?.status()).toBe(404);
    expect(await page.locator('main').innerText()).toContain('No table has that code.');
    await page.close();
  });
});
