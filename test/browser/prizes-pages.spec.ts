import { readFileSync } from 'fs';
import { join } from 'path';
import type { Page } from 'playwright-core';
import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import { createTournament, pair, register, RoundJson } from '../e2e/tournament-helpers';
import {
  Browser,
  describeWithChromium,
  launchChromium,
  overflowsHorizontally,
  screenshot,
  watch,
} from './chromium';
import { makeAccount } from './site';

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(join(__dirname, '..', 'fixtures', 'kvizovka', `${name}.sheet.json`), 'utf8'),
  ) as { players: string[] };

/**
 * The organiser sets the prizes on the form (a class bound out of order refused at its field,
 * in the page's language), and the prize list page is read at a desktop's width and a phone's
 * in the three languages. The games are test/e2e/prizes/prizes.e2e-spec.ts's, whose arithmetic it is.
 */
describeWithChromium(`prize pages in Chromium (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let tournamentId: number;
  let divisionId: number;

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchChromium({ javaScript: false })]);
    ({ id: tournamentId, divisionId } = await createTournament(t, {
      name: 'Kup nagrada Šabac',
      ruleSet: 'kvizovka',
      rounds: 2,
    }));
    const ratings = [1800, 1650, 1520, undefined];
    await register(
      t,
      divisionId,
      ['Ana Ćirić', 'Bora Đurić', 'Ceca Šarić', 'Dule Žunić'],
      (i) => ratings[i] as number,
    );
    const judge = await t.account('judge', undefined, [tournamentId]);
    const put = async (g: RoundJson['games'][number], name: string) => {
      const sheet = fixture(name);
      sheet.players = [g.first.name, g.second!.name];
      await t.http.put(`/api/games/${g.id}/scoresheet`).set(judge).send(sheet).expect(200);
    };
    const r1 = await pair(t, divisionId);
    await put(r1.games[0], '08-long-words-bonuses');
    await put(r1.games[1], '10-challenges-penalties');
    const r2 = await pair(t, divisionId);
    await put(r2.games[0], '12-clock-expired');
    await put(r2.games[1], '24-carried-total');
    const organiser = await makeAccount(t, 'organiser', [tournamentId]);
    page = await browser.context.newPage();
    await page.goto(`${t.url}/sign-in`);
    await page.fill('#username', organiser.email);
    await page.fill('#password', organiser.password);
    await page.click('main button[type="submit"]');
    await page.waitForURL(`${t.url}/organiser`);
  }, 90000);
  afterAll(async () => {
    await page?.close();
    await browser?.close();
    await t?.close();
  });

  test('the organiser sets the prizes; a bad class bound is named at its field', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const trouble = watch(page);
    await page.goto(`${t.url}/organiser/tournaments/${tournamentId}?lang=sr-Latn`);
    await page.click('a[href$="/log/../prizes"]');
    await page.waitForURL(`${t.url}/organiser/tournaments/${tournamentId}/prizes`);
    await page.fill('#f-currency', 'RSD');
    await page.fill('#f-place1', '10.000');
    await page.fill('#f-place2', '6000');
    await page.fill('#f-place3', 'Knjiga');
    await page.fill('#f-class1Name', 'C');
    await page.fill('#f-class1Below', '1600');
    await page.fill('#f-class1Prizes', '3000/2000');
    await page.fill('#f-class2Name', 'B');
    await page.fill('#f-class2Below', '1500');
    await page.fill('#f-class2Prizes', 'Pehar');
    await page.check('input[name="award-highest-game"]');
    await page.fill('#f-award-highest-game-prize', '1000');
    await page.check('input[name="award-highest-play"]');
    await page.fill('#f-award-highest-play-prize', 'Rečnik');
    await page.check('input[name="award-best-time-in-wins"]');
    await page.fill('#f-award-best-time-in-wins-prize', '500');
    await page.click('main form button[type="submit"]');
    expect(await page.locator('#e-class2Below').innerText()).toBe(
      'Mora biti iznad granice prethodne klase (1600): klase idu od najniže naviše.',
    );
    // What was typed stays; nothing was stored.
    expect(await page.inputValue('#f-place3')).toBe('Knjiga');
    const before = await t.http.get(`/api/tournaments/${tournamentId}/prizes`).expect(200);
    expect(before.body.version).toBe(0);
    await screenshot(page, 'prizes-form-refused-1280');
    await page.fill('#f-class2Below', '1700');
    await page.click('main form button[type="submit"]');
    await page.waitForURL(/done=saved/);
    const saved = await t.http.get(`/api/tournaments/${tournamentId}/prizes`).expect(200);
    expect(saved.body).toMatchObject({
      version: 1,
      currency: 'RSD',
      onePrizePerPlayer: true,
      places: [
        { amount: 10000, name: null },
        { amount: 6000, name: null },
        { amount: null, name: 'Knjiga' },
      ],
      classes: [
        {
          name: 'C',
          below: 1600,
          prizes: [
            { amount: 3000, name: null },
            { amount: 2000, name: null },
          ],
        },
        { name: 'B', below: 1700, prizes: [{ amount: null, name: 'Pehar' }] },
      ],
      awards: [
        { kind: 'highest-game', prize: { amount: 1000, name: null } },
        { kind: 'highest-play', prize: { amount: null, name: 'Rečnik' } },
        { kind: 'best-time-in-wins', prize: { amount: 500, name: null } },
      ],
    });
    // The form shows the table as stored, the amounts as the page writes numbers.
    expect(await page.inputValue('#f-place1')).toBe('10.000');
    expect(await page.inputValue('#f-class1Prizes')).toBe('3.000/2.000');
    // Meanwhile another organiser pays a fourth place through the API (version 2): saving the
    // form read at version 1 is refused (409), the form keeping what was typed; saved again,
    // knowingly, it replaces the table whole (version 3, three places).
    await t.http
      .put(`/api/tournaments/${tournamentId}/prizes`)
      .set(t.organiser)
      .set('If-Match', '1')
      .send({
        currency: 'RSD',
        places: [{ amount: 10000 }, { amount: 6000 }, { name: 'Knjiga' }, { amount: 1000 }],
      })
      .expect(200);
    await page.fill('#f-place2', '7000');
    await page.click('main form button[type="submit"]');
    expect(await page.locator('main .notice.bad').innerText()).toBe(
      'Neko je promenio nagrade otkad ste otvorili stranicu. Obrazac i dalje ima vaše vrednosti: sačuvajte ih ponovo ako i dalje važe.',
    );
    expect(await page.inputValue('#f-place2')).toBe('7000');
    await page.click('main form button[type="submit"]');
    await page.waitForURL(/done=saved/);
    const resaved = await t.http.get(`/api/tournaments/${tournamentId}/prizes`).expect(200);
    expect(resaved.body.version).toBe(3);
    expect(resaved.body.places.map((p: { amount: number }) => p.amount)).toEqual([
      10000,
      7000,
      null,
    ]);
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'prizes-form-390');
    trouble.stop();
    // The refused forms are answered 400 and 409, as they should be; nothing else went wrong.
    expect(trouble.problems).toEqual([
      `answer 400: ${t.url}/organiser/tournaments/${tournamentId}/prizes`,
      'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
      `answer 409: ${t.url}/organiser/tournaments/${tournamentId}/prizes`,
      'console: Failed to load resource: the server responded with a status of 409 (Conflict)',
    ]);
  });

  const expected: Record<string, string[]> = {
    'sr-Latn': [
      'Nagrade i statistika',
      '10.000 RSD',
      '9B MATEMATIKA: 88 poena, 1. kolo, sto 1, 1. potez',
      'preostalo vreme u pobedama: 44:10',
      'Klasa C: rejting ispod 1600 i bez rejtinga',
      'Prosečan rezultat: 66,75',
    ],
    'sr-Cyrl': [
      'Награде и статистика',
      '10.000 RSD',
      '9B MATEMATIKA: 88 поена, 1. коло, сто 1, 1. потез',
      'преостало време у победама: 44:10',
      'Просечан резултат: 66,75',
    ],
    en: [
      'Prizes and statistics',
      '10,000 RSD',
      '9B MATEMATIKA: 88 points, round 1, table 1, turn 1',
      'time left in wins: 44:10',
      'Class C: rated below 1600, and unrated',
      'Average score: 66.75',
      // Dule's 147 on the sheet with an addition slip counts, and wins the highest game.
      '147 points, round 2, table 2',
    ],
  };
  for (const width of [1280, 390]) {
    for (const lang of ['sr-Latn', 'sr-Cyrl', 'en']) {
      test(`at ${width} px in ${lang}: the prize list from the tournaments page`, async () => {
        await page.setViewportSize({ width, height: 900 });
        const trouble = watch(page);
        await page.goto(`${t.url}/?lang=${lang}`);
        await page.click(`a[href="/divisions/${divisionId}/standings/../prizes"]`);
        await page.waitForURL(`${t.url}/divisions/${divisionId}/prizes`);
        const text = await page.locator('main').innerText();
        for (const s of expected[lang]) expect(text).toContain(s);
        // Places: Bora 1st, Ana 2nd, Dule 3rd (the book); class C: Ceca.
        const places = await page.locator('#places tbody tr').allInnerTexts();
        expect(places.map((r) => r.split('\t').slice(1, 2)[0])).toEqual([
          'Bora Đurić',
          'Ana Ćirić',
          'Dule Žunić',
        ]);
        expect(await page.locator('.class-prizes tbody tr').allInnerTexts()).toHaveLength(1);
        expect(await page.locator('#stats tbody tr').count()).toBe(4);
        expect(await overflowsHorizontally(page)).toBe(false);
        await screenshot(page, `prizes-${lang}-${width}`);
        trouble.stop();
        expect(trouble.problems).toEqual([]);
      });
    }
  }
});
