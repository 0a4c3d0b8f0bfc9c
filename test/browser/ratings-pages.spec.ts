import type { Page } from 'playwright-core';
import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import { createTournament, enterResult, pair } from '../e2e/tournament-helpers';
import {
  Browser,
  describeWithChromium,
  launchChromium,
  overflowsHorizontally,
  screenshot,
  watch,
} from './chromium';
import { makeAccount } from './site';

/**
 * The registry's and the ratings' pages in Chromium, at a desktop's width and a phone's: the
 * organiser finds a person and registers them, closes the tournament after the question, and
 * everyone reads the rating report, the rating list and the person's page, in each language.
 */
describeWithChromium(`registry and ratings pages in Chromium (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let tournamentId: number;
  let divisionId: number;
  let anaPerson: number;

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchChromium({ javaScript: false })]);
    await t.http
      .post('/api/ratings/import')
      .set(t.organiser)
      .send({
        csv:
          'federationId,name,country,family,rating,games\n' +
          'SRB-101,Ana Ćirić,SRB,kvizovka,1650,40\nSRB-102,Bora Đurić,SRB,kvizovka,1580,12\n' +
          'SRB-103,Ceca Šarić,SRB,kvizovka,1490,35\n',
      })
      .expect(200);
    ({ id: tournamentId, divisionId } = await createTournament(t, {
      name: 'Memorijal Žarka Ćosića',
      ruleSet: 'kvizovka',
      rounds: 1,
      startDate: '2026-11-28',
    }));
    const organiser = await makeAccount(t, 'organiser', [tournamentId]);
    page = await browser.context.newPage();
    await page.goto(`${t.url}/sign-in`);
    await page.fill('#username', organiser.email);
    await page.fill('#password', organiser.password);
    await page.click('main button[type="submit"]');
    await page.waitForURL(`${t.url}/organiser`);
  });
  afterAll(async () => {
    await page?.close();
    await browser?.close();
    await t?.close();
  });

  for (const width of [1280, 390]) {
    test(`at ${width} px: the organiser finds Ana in the registry and registers her`, async () => {
      await page.setViewportSize({ width, height: 900 });
      const trouble = watch(page);
      if (width === 1280) {
        await page.goto(`${t.url}/organiser/divisions/${divisionId}/players?lang=sr-Latn`);
        await page.fill('#f-find', 'CIRIC');
        await page.click('#registry button[type="submit"]');
        await page.waitForURL(/find=CIRIC/);
        expect(await page.locator('#registry').innerText()).toContain('Pronađeno u registru: 1');
        await screenshot(page, `registry-search-${width}`);
        await page.click('#registry table button');
        await page.waitForURL(/done=saved/);
        // The others by the form: Bora by federation id, Dule new.
        for (const [name, federationId] of [
          ['B. Đurić', 'SRB-102'],
          ['Ceca Šarić', ''],
          ['Dule Novi', ''],
        ]) {
          await page.fill('#f-name', name);
          await page.fill('#f-federationId', federationId);
          await page.click('main form[action$="/players"] button[type="submit"]');
          await page.waitForURL(/done=saved/);
        }
      } else {
        await page.goto(`${t.url}/organiser/divisions/${divisionId}/players?find=ana&lang=en`);
        expect(await page.locator('#registry').innerText()).toContain('registered already');
      }
      expect(await overflowsHorizontally(page)).toBe(false);
      await screenshot(page, `registry-players-${width}`);
      trouble.stop();
      expect(trouble.problems).toEqual([]);
    });
  }

  test('the registration form says in the page language what is wrong with a field', async () => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${t.url}/organiser/divisions/${divisionId}/players?lang=sr-Cyrl`);
    await page.fill('#f-name', 'Ema');
    await page.fill('#f-country', 'srb');
    const trouble = watch(page, (_url, status) => status === 400);
    await page.click('main form[action$="/players"] button[type="submit"]');
    await page.waitForSelector('#e-country');
    expect(await page.locator('#e-country').innerText()).toBe(
      'Два или три велика латинична слова, како их пише савез (SRB, CRO).',
    );
    trouble.stop();
    expect(trouble.problems).toEqual([]);
  });

  test('closing asks first, then the report, the list and the person page read well at both widths', async () => {
    const players = (await t.http.get(`/api/divisions/${divisionId}/players`).expect(200)).body as {
      id: number;
      name: string;
      personId: number;
    }[];
    anaPerson = players.find((p) => p.name === 'Ana Ćirić')!.personId;
    expect(players.find((p) => p.name === 'B. Đurić')!.personId).toBe(
      (await t.http.get('/api/persons?q=SRB-102').expect(200)).body[0].id,
    );
    const round = await pair(t, divisionId);
    for (const game of round.games)
      await enterResult(t, t.organiser, game, { scores: [410, 380], clocks: ['02:00', '01:00'] });

    await page.setViewportSize({ width: 1280, height: 900 });
    const trouble = watch(page);
    await page.goto(`${t.url}/organiser/tournaments/${tournamentId}?lang=sr-Latn`);
    await page.click('#closing button.danger');
    await page.waitForURL(/\/close/);
    expect(await page.locator('main .notice.warn').innerText()).toContain(
      'Rezultati svih grupa postaju konačni',
    );
    await screenshot(page, 'ratings-close-question-1280');
    // Cancel changes nothing.
    await page.click('main a.button.secondary');
    await page.waitForURL(new RegExp(`/organiser/tournaments/${tournamentId}$`));
    expect(
      (await t.http.get(`/api/tournaments/${tournamentId}`).expect(200)).body.closedAt,
    ).toBeNull();
    await page.click('#closing button.danger');
    await page.waitForURL(/\/close/);
    await page.click('main form button.danger');
    await page.waitForURL(/done=closed/);
    expect(await page.locator('main .flash.ok').innerText()).toBe(
      'Turnir je zatvoren; rejtinzi su izračunati.',
    );

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, lang, expected] of [
        [`/tournaments/${tournamentId}/ratings`, 'en', 'New rating'],
        [`/tournaments/${tournamentId}/ratings`, 'sr-Cyrl', 'Нови рејтинг'],
        ['/ratings?family=kvizovka', 'sr-Latn', 'Rejting lista · Kvizovka'],
        [`/persons/${anaPerson}`, 'en', 'Games in every tournament'],
        [`/persons/${anaPerson}`, 'sr-Cyrl', 'Рејтинзи'],
      ] as const) {
        await page.goto(`${t.url}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
        expect(await page.locator('main').innerText()).toContain(expected);
        expect(await overflowsHorizontally(page)).toBe(false);
        await screenshot(page, `ratings-${path.split('/')[1].split('?')[0]}-${lang}-${width}`);
      }
    }
    // The report's figures: the winners went up, the losers down, Dule got a first rating.
    await page.goto(`${t.url}/tournaments/${tournamentId}/ratings?lang=en`);
    const report = await page.locator('table.rating-report').innerText();
    expect(report).toContain('Dule Novi');
    expect(report).toContain('first rating');
    trouble.stop();
    expect(trouble.problems).toEqual([]);
  });
});
