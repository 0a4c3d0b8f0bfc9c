import { LANGUAGES } from '../../src/i18n';
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
import { fillSheet } from './sheet-helpers';
import { signInCookie } from './site';

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
    const { divisionId } = await createTournament(
      t,
      {
        name: 'Stolovi',
        ruleSet: 'kvizovka',
        rounds: 1,
      },
      [judge],
    );
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
    // Half a sheet with no end is not sent at once: the page asks whether the game is over.
    const half = { ...sheet, turns: sheet.turns.slice(0, 5), end: undefined, claimed: undefined };
    await fillSheet(page, half, players);
    await Promise.all([page.waitForNavigation(), page.click('#sheet-save')]);
    expect(page.url()).not.toContain('done=sent');
    expect(await page.locator('#sheet-unfinished').innerText()).toContain(
      'Po zapisniku ova partija nije završena (Ana Petrović 3 od 10, Bora Ilić 2 od 10 poteza), a nije upisano kako se završila, pa zapisnik nije poslat.',
    );
    expect(await page.locator('#sheet-save-unfinished').innerText()).toBe('Pošalji ipak');
    await screenshot(page, 'table-code-unfinished-phone');
    // The whole sheet, typed over it, is sent.
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

  test('the phone’s form with a clock typed into the tiles left, a final with a letter and a wrong turn-5 score: the turn-5 flag stays and the end cells are flagged in Serbian (issue 34, defect 4)', async () => {
    const judge = await t.account('judge');
    const { divisionId } = await createTournament(
      t,
      {
        name: 'Stolovi s greškom',
        ruleSet: 'kvizovka',
        rounds: 1,
      },
      [judge],
    );
    await register(t, divisionId, ['Lena Marić', 'Rade Kostić']);
    const game = (await pair(t, divisionId)).games[0];
    const [codes] = (
      await t.http.get(`/api/divisions/${divisionId}/rounds/1/codes`).set(judge).expect(200)
    ).body as GameCodes[];
    const players = [game.first.name, game.second!.name];
    const { sheet } = scoreSheet(players as [string, string], 43);
    const slip = structuredClone(sheet);
    slip.turns[4].score = sheet.turns[4].score! + 7;
    slip.end = { ...slip.end, racks: ['1634', sheet.end?.racks?.[1] ?? ''] };
    const page = await browser.context.newPage();
    // The send of a sheet with a cell that cannot be read is answered 422, as the test provokes.
    const trouble = watch(page, (url, status) => status === 422 && url.includes('/sheet'));
    const flagged = (id: string) =>
      page.evaluate<boolean>(`document.querySelector('#${id}').classList.contains('bad')`);
    try {
      await page.setViewportSize(PHONE);
      await page.goto(`${t.url}${codes.seats[0].url}/sheet?lang=sr-Latn`);
      await fillSheet(page, slip, players);
      await page.fill('#end-final-1', '48З');
      // As the phone checks it live, then as the server draws it.
      for (const step of ['live', 'server']) {
        if (step === 'server') {
          await Promise.all([page.waitForNavigation(), page.click('#sheet-verify')]);
        }
        await waitUntil(page, `document.querySelector('#end-final-1').classList.contains('bad')`);
        expect([step, await flagged('c-4-score')]).toEqual([step, true]);
        expect(await page.locator('#msg-4').innerText()).toContain(
          `po pravilima ${sheet.turns[4].score}`,
        );
        expect([step, await flagged('end-racks-0'), await flagged('end-racks-1')]).toEqual([
          step,
          true,
          false,
        ]);
        const end = await page.locator('#msg-end').innerText();
        expect(end).toContain('„1“ na 1. mestu nije slovo ove igre');
        expect(end).toContain('„48З” nije konačan rezultat: upišite ceo broj.');
        expect(end).not.toMatch(/end\.racks|not a letter/);
        expect(await overflowsHorizontally(page)).toBe(false);
      }
      await screenshot(page, 'table-code-end-field-slip-phone');
      await page.setViewportSize({ width: 1280, height: 900 });
      await screenshot(page, 'table-code-end-field-slip');
      // Nothing is sent while a cell cannot be read.
      await Promise.all([page.waitForNavigation(), page.click('#sheet-save')]);
      expect(page.url()).not.toContain('done=sent');
      expect(
        (await t.http.get(`/api/codes/${codes.seats[0].code}`).expect(200)).body.submissions,
      ).toEqual([]);
      trouble.stop();
      expect(trouble.problems).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);

  test("the judges' desk: a faulty sheet returned with a note the table reads, an unconfirmed one accepted", async () => {
    const judgeApi = await t.account('judge');
    const { id: tournamentId, divisionId } = await createTournament(t, {
      name: 'Sto sudija',
      ruleSet: 'kvizovka',
      rounds: 1,
    });
    await t.grant(tournamentId, judgeApi, 'judge');
    await register(t, divisionId, ['Ana', 'Bora', 'Ceca', 'Dule']);
    const games = (await pair(t, divisionId)).games;
    const codes = (
      await t.http.get(`/api/divisions/${divisionId}/rounds/1/codes`).set(judgeApi).expect(200)
    ).body as GameCodes[];
    const codeOf = (table: number, seat: number) => codes[table - 1].seats[seat - 1].code;
    const sheetOf = (table: number, seed: number) =>
      scoreSheet([games[table - 1].first.name, games[table - 1].second!.name], seed).sheet;
    const faulty = sheetOf(1, 51);
    faulty.turns[0] = { ...faulty.turns[0], score: (faulty.turns[0].score ?? 0) + 2 };
    await t.http
      .post(`/api/codes/${codeOf(1, 1)}/sheet`)
      .send(faulty)
      .expect(201);
    await t.http
      .post(`/api/codes/${codeOf(2, 2)}/sheet`)
      .send(sheetOf(2, 52))
      .expect(201);

    const cookie = await signInCookie(t, 'judge', [tournamentId]);
    await browser.context.addCookies([
      { name: 'arbiter_session', value: cookie.split('=')[1], url: t.url },
    ]);
    const page = await browser.context.newPage();
    const trouble = watch(page, (url, status) => url.includes('/desk') && status === 400);
    const desk = `${t.url}/judge/divisions/${divisionId}/rounds/1/desk`;
    // The judge's first page leads to the desk, and so does the division's tab.
    await page.goto(`${t.url}/judge?lang=sr-Latn`);
    const fromHome = page.locator(`a[href="/judge/divisions/${divisionId}/rounds/1/desk"]`);
    expect(await fromHome.innerText()).toBe('Sudijski sto, 1. kolo');
    await Promise.all([page.waitForNavigation(), fromHome.click()]);
    expect(page.url()).toBe(`${desk}`);
    await page.goto(`${t.url}/divisions/${divisionId}/standings?lang=sr-Latn`);
    await Promise.all([
      page.waitForNavigation(),
      page.locator('ul.tabs').getByRole('link', { name: 'Sudijski sto', exact: true }).click(),
    ]);
    expect(page.url()).toBe(`${desk}`);
    // The pairings page leads judges to the desk.
    await page.goto(`${t.url}/divisions/${divisionId}/pairings?lang=sr-Latn`);
    await Promise.all([page.waitForNavigation(), page.click('text=Sudijski sto')]);
    expect(page.url()).toBe(`${desk}`);
    const text = await page.locator('main').innerText();
    expect(text).toContain(
      'Zapisnik se ne slaže s pravilima: 1 · čeka potvrdu: 1 · bez rezultata: 0 · gotovo: 0',
    );
    // The faulty sheet: one turn's score the engine refuses.
    expect(text).toContain('program je našao grešaka: 1');
    // The judge reads the sheet as the engine did before deciding: the finding, on its turn.
    const sent = page.locator('section.card').first().locator('details.sent-sheet');
    await sent.locator('summary').click();
    expect(await sent.locator('ul.findings').innerText()).toContain(
      `1. potez (${faulty.turns[0].play}): u zapisniku su poeni ${faulty.turns[0].score}`,
    );
    await screenshot(page, 'desk-desktop');
    // Returning needs a reason; with one, the table reads it on its phone page.
    const first = page.locator('section.card').first();
    await Promise.all([page.waitForNavigation(), first.locator('button.secondary').click()]);
    expect(await page.locator('.field-error').first().innerText()).not.toBe('');
    await page
      .locator('section.card')
      .first()
      .locator('input[name=note]')
      .fill('1. potez: 2 poena previše');
    await Promise.all([
      page.waitForNavigation(),
      page.locator('section.card').first().locator('button.secondary').click(),
    ]);
    expect(page.url()).toContain('done=saved');
    // The unconfirmed sheet of table 2 is accepted from the desk, at a phone's width.
    await page.setViewportSize(PHONE);
    expect(await overflowsHorizontally(page)).toBe(false);
    await Promise.all([
      page.waitForNavigation(),
      page.locator('section.card').first().locator('button[value=accept]').click(),
    ]);
    expect(await page.locator('main').innerText()).toContain('gotovo: 1');
    await screenshot(page, 'desk-phone');
    trouble.stop();
    // The desk follows the division live: each decision moves it, the page's script fetches the
    // desk anew, and the next click's navigation cuts that fetch off; nothing else may fail.
    expect(
      trouble.problems.filter((p) => !(p.includes('/desk') && p.endsWith('net::ERR_ABORTED'))),
    ).toEqual([]);
    const phone = await browser.context.newPage();
    await browser.context.clearCookies();
    await phone.goto(`${t.url}/t/${codeOf(1, 2)}?lang=sr-Latn`);
    expect(await phone.locator('main').innerText()).toContain(
      'sudija ga je vratio: 1. potez: 2 poena previše',
    );
    await phone.close();
    await page.close();
  });
});
