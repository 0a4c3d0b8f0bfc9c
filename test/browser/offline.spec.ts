import { mkdirSync } from 'fs';
import { join } from 'path';
import type { Page } from 'playwright-core';
import { Scoresheet } from '../../src/engine';
import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import { createTournament, GameJson, pair, register, scoreSheet } from '../e2e/tournament-helpers';
import {
  Browser,
  describeWithChromium,
  launchChromium,
  screenshot,
  SCREENSHOTS,
  waitUntil,
} from './chromium';
import { fillSheet, formOf } from './sheet-helpers';
import { inputValue, makeAccount, pairedRound, signInCookie } from './site';

/** How long the Wi-Fi is down mid-sheet: a minute, as a venue's access point restarting. */
const OFFLINE_MS = 60_000;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Rows `from`…`to - 1` of a sheet filled in field by field; with `end`, the end of the game too. */
const typeRows = (page: Page, sheet: Scoresheet, from: number, to: number, end = false) =>
  fillSheet(page, sheet, sheet.players, { from, to, end });

/** What the rows of a sheet look like compared: one line a row. */
function rowLines(sheet: Scoresheet, count: number): string[] {
  return formOf(sheet, sheet.players)
    .rows.slice(0, count)
    .map((r) => [r.player, r.kind, r.position, r.word, r.score, r.total, r.clock].join(' '));
}

/** The rows of a form page's HTML up to the last one typed, one line a row. */
function pageRows(html: string): string[] {
  const rows: string[] = [];
  for (let i = 0; html.includes(`id="c-${i}-position"`); i++) {
    const v = (f: string) => inputValue(html, `c-${i}-${f}`);
    rows.push(
      [v('player'), v('kind'), v('position'), v('word'), v('score'), v('total'), v('clock')].join(
        ' ',
      ),
    );
  }
  while (rows.length > 0 && /^\d+ play\s*$/.test(rows[rows.length - 1])) rows.pop();
  return rows;
}

const syncText = (page: Page) => page.locator('#sync-status').innerText();

/** Waits until the connection's box on the page says `text`. */
async function syncSays(page: Page, text: string): Promise<void> {
  await waitUntil(
    page,
    `!document.querySelector('#sync-status').hidden && document.querySelector('#sync-status').textContent.includes(${JSON.stringify(text)})`,
    20_000,
  );
}

/**
 * Screenshots of the page at a desk's width and a phone's, back at the desk's after: the whole
 * page, and the window as the judge sees it while typing (the connection's box stays in view).
 */
async function bothWidths(page: Page, name: string): Promise<void> {
  for (const [size, width] of [
    [DESKTOP, 1280],
    [PHONE, 390],
  ] as const) {
    await page.setViewportSize(size);
    await screenshot(page, `${name}-${width}`);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}-window.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

/** Posts of a form the page sends (its navigations), counted as they leave. */
function countPosts(page: Page, path: RegExp): { count: () => number } {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && path.test(new URL(r.url()).pathname)) n++;
  });
  return { count: () => n };
}

/** Waits until a reload that failed offline has put the browser's own error page in the form's place. */
async function browserErrorPage(page: Page): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const gone = await page
      .evaluate<boolean>('document.getElementById("sheet-form") === null')
      .catch(() => false); // the document is being replaced
    if (gone) return;
    await page.waitForTimeout(50);
  }
  throw new Error('the form is still on the page after the reload');
}

async function waitFor(page: Page, since: number, ms: number): Promise<void> {
  const left = since + ms - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

describeWithChromium(`the sheet form with the Wi-Fi down (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let browser: Browser;
  let judge: { email: string; password: string };
  let cookie: string;
  let games: GameJson[];

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchChromium()]);
    judge = await makeAccount(t, 'judge');
    cookie = await signInCookie(t, 'judge');
    games = await pairedRound(t, 'Kup bez veze', 2, [judge.email, cookie]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /**
   * The network cut: the browser offline (`navigator.onLine` false, the `offline` event), and
   * every request to the server failing as with no network, also those Chromium's emulation lets
   * through while a page is being replaced (a reload's old document sees itself online again).
   */
  async function cut(): Promise<void> {
    await browser.context.route(`${t.url}/**`, (route) => route.abort('internetdisconnected'));
    await browser.context.setOffline(true);
  }
  async function restore(): Promise<void> {
    await browser.context.unroute(`${t.url}/**`);
    await browser.context.setOffline(false);
  }

  async function signedIn(): Promise<Page> {
    const page = await browser.context.newPage();
    page.on('pageerror', (e) => {
      throw e;
    });
    await page.goto(`${t.url}/sign-in`);
    await page.fill('#username', judge.email);
    await page.fill('#password', judge.password);
    await page.click('main button[type="submit"]');
    await page.waitForURL(/\/judge|\/organiser|\/$/);
    return page;
  }

  /** The draft the server holds, as another judge's page shows it: its version and rows. */
  async function serverDraft(gameId: number): Promise<{ version: number; rows: string[] }> {
    const html = (
      await t.http.get(`/judge/games/${gameId}/scoresheet`).set('Cookie', cookie).expect(200)
    ).text;
    return { version: Number(inputValue(html, 'draft-version')), rows: pageRows(html) };
  }

  const sheetOf = (g: GameJson, seed: number) =>
    scoreSheet([g.first.name, g.second!.name], seed).sheet;

  test("the judge's form with the network cut for a minute: the rows wait on the device, survive the tab closed, arrive once; a save pressed offline is sent once", async () => {
    const g = games[0];
    const sheet = sheetOf(g, 71);
    expect(sheet.turns.length).toBeGreaterThanOrEqual(18);
    const url = `${t.url}/judge/games/${g.id}/scoresheet`;
    let page = await signedIn();
    await page.goto(url);
    await typeRows(page, sheet, 0, 6);
    await waitUntil(
      page,
      `/Nacrt sačuvan/.test(document.querySelector('#live-status').textContent)`,
    );
    await waitUntil(page, '!window.sheetDraftPending()');
    expect(await serverDraft(g.id)).toEqual({
      version: expect.any(Number),
      rows: rowLines(sheet, 6),
    });

    // The Wi-Fi drops mid-sheet for a minute; the judge goes on typing.
    const cutAt = Date.now();
    await cut();
    await syncSays(page, 'Nema veze sa serverom');
    await typeRows(page, sheet, 6, 10);
    await syncSays(page, 'Redova koji čekaju: 4');
    expect(await syncText(page)).toContain(
      'Nije sačuvano na serveru — čuva se na ovom uređaju, šalje se kad se veza vrati.',
    );
    await bothWidths(page, 'offline-judge-waiting');
    const before = await serverDraft(g.id);
    expect(before.rows).toEqual(rowLines(sheet, 6)); // the server has not had them yet
    await waitFor(page, cutAt, OFFLINE_MS);
    await restore();
    // Back: the page says the rows were saved, and the server has each row once.
    await syncSays(page, 'Veza je ponovo tu: sve je sačuvano na serveru u');
    await bothWidths(page, 'offline-judge-back');
    expect(await serverDraft(g.id)).toEqual({
      version: before.version + 1,
      rows: rowLines(sheet, 10),
    });

    // Cut again: rows typed, the page reloaded while offline (the browser cannot load it), and
    // opened again when the network is back: the rows come back from the device and are saved.
    await cut();
    await syncSays(page, 'Nema veze sa serverom');
    await typeRows(page, sheet, 10, 14);
    await syncSays(page, 'Redova koji čekaju: 4');
    // The tab is closed offline (a reload's old document may still save as Chromium swaps it for
    // its error page, which would not test the device's copy): opened again once the network is back.
    await page.close();
    await restore();
    page = await signedIn();
    const posts = countPosts(page, /\/scoresheet$/);
    await page.goto(url);
    expect(await page.inputValue('#c-13-position')).toBe(rowLines(sheet, 14)[13].split(' ')[2]);
    await syncSays(page, 'Redovi sa ovog uređaja sačuvani su na serveru u');
    expect((await serverDraft(g.id)).rows).toEqual(rowLines(sheet, 14));

    // Cut once more: the rest typed and "save" pressed offline. Held, said so, sent once when back.
    await cut();
    await syncSays(page, 'Nema veze sa serverom');
    await typeRows(page, sheet, 14, sheet.turns.length, true);
    await page.click('#sheet-save');
    await syncSays(page, 'Zapisnik će biti poslat jednom, čim se veza vrati');
    await bothWidths(page, 'offline-judge-save-held');
    expect(posts.count()).toBe(0);
    expect(((await t.http.get(`/api/games/${g.id}`).expect(200)).body as GameJson).result).toBe(
      null,
    );
    await restore();
    await page.waitForURL(/done=saved/);
    expect(posts.count()).toBe(1);
    const stored = (await t.http.get(`/api/games/${g.id}/scoresheet`).expect(200)).body as {
      text: string;
    };
    expect((JSON.parse(stored.text) as Scoresheet).turns).toEqual(sheet.turns);
    expect(
      ((await t.http.get(`/api/games/${g.id}`).expect(200)).body as GameJson).result,
    ).toMatchObject({ source: 'scoresheet', scores: sheet.claimed!.final });
    // Nothing is left on the device to come back over the saved sheet.
    await page.goto(url);
    expect(await page.locator('#sync-status').isHidden()).toBe(true);
    expect(await page.evaluate(`localStorage.getItem('arbiter:sheet:game:${g.id}')`)).toBeNull();
    await page.close();
  }, 240_000);

  test('another judge saved while this one was offline: back online it is the conflict, not an overwrite, and the held save is not sent', async () => {
    const g = games[1];
    const sheet = sheetOf(g, 72);
    const page = await signedIn();
    const posts = countPosts(page, /\/scoresheet$/);
    await page.goto(`${t.url}/judge/games/${g.id}/scoresheet`);
    await typeRows(page, sheet, 0, 3);
    await waitUntil(
      page,
      `/Nacrt sačuvan/.test(document.querySelector('#live-status').textContent)`,
    );
    await waitUntil(page, '!window.sheetDraftPending()');
    const { version } = await serverDraft(g.id);

    await cut();
    await syncSays(page, 'Nema veze sa serverom');
    await typeRows(page, sheet, 3, 6);
    await page.click('#sheet-save');
    await syncSays(page, 'Zapisnik će biti poslat jednom');
    // Meanwhile the other judge, on the hall's wired desk, saves the sheet's first row otherwise.
    const theirs = sheetOf(g, 73);
    const theirsInFull = formOf(theirs, theirs.players);
    const theirForm = {
      ...theirsInFull,
      rows: theirsInFull.rows.slice(0, 2),
    };
    await t.http
      .put(`/judge/games/${g.id}/scoresheet/draft`)
      .set('Cookie', cookie)
      .set('Origin', t.url)
      .send({ form: theirForm, version })
      .expect(200);
    await restore();

    await page.locator('#sheet-conflict').waitFor();
    expect(await page.locator('#sheet-conflict').innerText()).toContain('u drugom prozoru');
    await syncSays(page, 'Zapisnik nije poslat');
    await bothWidths(page, 'offline-judge-conflict');
    expect(posts.count()).toBe(0);
    // Their rows stand; this judge's stay on the page and the device until decided.
    expect(await serverDraft(g.id)).toEqual({ version: version + 1, rows: rowLines(theirs, 2) });
    expect(await page.inputValue('#c-5-position')).toBe(rowLines(sheet, 6)[5].split(' ')[2]);
    expect(await page.evaluate(`localStorage.getItem('arbiter:sheet:game:${g.id}') !== null`)).toBe(
      true,
    );
    // Keeping them is a choice made on the page, as before.
    await page.click('#sheet-conflict button:not(.secondary)');
    await waitUntil(
      page,
      '!window.sheetDraftPending() && !document.querySelector("#sheet-conflict")',
    );
    expect(await serverDraft(g.id)).toEqual({ version: version + 2, rows: rowLines(sheet, 6) });
    await page.close();
  }, 120_000);

  test('a draft saved whose answer was lost on the way back is not taken for another judge’s', async () => {
    const g = games[2];
    const sheet = sheetOf(g, 74);
    const page = await signedIn();
    await page.goto(`${t.url}/judge/games/${g.id}/scoresheet`);
    const start = await serverDraft(g.id);
    // The next draft reaches the server, and its answer is lost.
    let lost = 0;
    await page.route('**/scoresheet/draft', async (route) => {
      if (lost === 0) {
        lost++;
        await route.fetch();
        await route.abort('internetdisconnected');
      } else {
        await route.continue();
      }
    });
    await typeRows(page, sheet, 0, 2);
    await syncSays(page, 'Nije sačuvano na serveru');
    // It landed: the server's draft moved on, to what the page had when it was sent.
    expect((await serverDraft(g.id)).version).toBeGreaterThan(start.version);
    await typeRows(page, sheet, 2, 4);
    await syncSays(page, 'Veza je ponovo tu: sve je sačuvano na serveru u');
    await waitUntil(page, '!window.sheetDraftPending()');
    expect(await page.locator('#sheet-conflict').count()).toBe(0);
    const end = await serverDraft(g.id);
    expect(end.rows).toEqual(rowLines(sheet, 4));
    expect(end.version).toBeGreaterThanOrEqual(start.version + 2);
    await page.close();
  }, 60_000);

  test("a table's phone with the network cut for a minute: the rows wait on the phone, survive a reload, and the sheet is sent once", async () => {
    const judgeApi = await t.account('judge');
    const { divisionId } = await createTournament(
      t,
      { name: 'Stolovi bez veze', ruleSet: 'kvizovka', rounds: 1 },
      [judgeApi],
    );
    await register(t, divisionId, ['Ana Petrović', 'Bora Ilić']);
    const game = (await pair(t, divisionId)).games[0];
    const [codes] = (
      await t.http.get(`/api/divisions/${divisionId}/rounds/1/codes`).set(judgeApi).expect(200)
    ).body as { seats: { code: string; url: string }[] }[];
    const sheet = scoreSheet([game.first.name, game.second!.name], 75).sheet;
    const url = `${t.url}${codes.seats[0].url}/sheet?lang=sr-Latn`;

    const page = await browser.context.newPage();
    page.on('pageerror', (e) => {
      throw e;
    });
    await page.setViewportSize(PHONE);
    const posts = countPosts(page, /\/sheet$/);
    await page.goto(url);
    await typeRows(page, sheet, 0, 5);

    const cutAt = Date.now();
    await cut();
    await syncSays(page, 'Nije sačuvano na serveru');
    await typeRows(page, sheet, 5, 9);
    await syncSays(page, 'Redova koji čekaju: 9');
    await bothWidths(page, 'offline-phone-waiting');
    await waitFor(page, cutAt, OFFLINE_MS);
    await restore();
    await syncSays(page, 'Veza je ponovo tu. Zapisnik još nije poslat');

    // A reload while offline, then the page opened again: the rows are back from the phone.
    await cut();
    await typeRows(page, sheet, 9, 12);
    await expect(page.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await browserErrorPage(page);
    await restore();
    await page.goto(url);
    await syncSays(page, 'Vraćeni su redovi sačuvani na ovom uređaju');
    expect(await page.inputValue('#c-11-position')).toBe(rowLines(sheet, 12)[11].split(' ')[2]);

    // The rest typed offline and "send" pressed: held, then sent once when the network is back.
    await cut();
    await typeRows(page, sheet, 12, sheet.turns.length, true);
    await page.click('#sheet-save');
    await syncSays(page, 'Zapisnik će biti poslat jednom, čim se veza vrati');
    await bothWidths(page, 'offline-phone-send-held');
    await page.setViewportSize(PHONE);
    expect(posts.count()).toBe(0);
    await restore();
    await page.waitForURL(/done=sent/);
    expect(posts.count()).toBe(1);
    expect(await page.locator('main').innerText()).toContain('Zapisnik je poslat.');
    const table = (await t.http.get(`/api/codes/${codes.seats[1].code}`).expect(200)).body as {
      submissions: { id: number; status: string; ok: boolean }[];
    };
    expect(table.submissions.map((s) => [s.status, s.ok])).toEqual([['waiting', true]]);
    await page.close();
  }, 240_000);
});
