import type { Page } from 'playwright-core';
import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import { createTournament, enterResult, pair, register } from '../e2e/tournament-helpers';
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
 * Destructive actions ask first, in a browser without JavaScript: removing a round with a
 * result shows what goes and changes nothing until confirmed (cancel leaves it), and the
 * director's log then shows what the round held; withdrawing a player asks on a phone.
 */
describeWithChromium(`confirmation steps in Chromium without scripts (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let tournamentId: number;
  let divisionId: number;
  let players: { id: number; name: string }[];

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchChromium({ javaScript: false })]);
    ({ id: tournamentId, divisionId } = await createTournament(t, {
      name: 'Kup Zrenjanina',
      ruleSet: 'kvizovka',
      rounds: 4,
      pairingPlan: ['swiss'],
    }));
    players = await register(t, divisionId, [
      'Ana Ćirić',
      'Bora Đurić',
      'Ceca Šarić',
      'Dule Žunić',
    ]);
    const round = await pair(t, divisionId);
    const judge = await t.account('judge', 'sudija@example.org', [tournamentId]);
    await enterResult(t, judge, round.games[0], { scores: [412, 380], clocks: ['03:10', '01:05'] });
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

  const rounds = async () =>
    (await t.http.get(`/api/divisions/${divisionId}/rounds`).expect(200)).body as unknown[];

  test('removing a round with a result: the figures, cancel, then confirm; the log keeps it', async () => {
    const trouble = watch(page);
    await page.goto(`${t.url}/organiser/divisions/${divisionId}/rounds?lang=sr-Latn`);
    await page.click('#round-1 button.danger');
    await page.waitForURL(/rounds\/1\/delete/);
    const notice = await page.locator('main .notice.warn').innerText();
    expect(notice).toContain('1. kolo grupe Open biće uklonjeno sa svim stolovima (2) i parovima.');
    expect(notice).toContain('Rezultati koji se brišu: 1');
    expect(notice).toContain('dnevniku direktora turnira');
    await screenshot(page, 'organiser-confirm-delete-round');
    // Cancel: back on the rounds page, nothing removed.
    await page.click('main a.button.secondary');
    await page.waitForURL(/\/rounds#round-1$/);
    expect(await rounds()).toHaveLength(1);
    // Again, and confirmed.
    await page.click('#round-1 button.danger');
    await page.waitForURL(/rounds\/1\/delete/);
    await page.click('main form button.danger');
    await page.waitForURL(/done=deleted/);
    expect(await page.locator('main .flash.ok').innerText()).toBe('1. kolo je poništeno.');
    expect(await rounds()).toHaveLength(0);
    // The log page lists what the round held, the result among it.
    await page.goto(`${t.url}/organiser/tournaments/${tournamentId}/log`);
    const held = page.locator('details.removed-round').first();
    await held.locator('summary').first().click();
    const words = await held.innerText();
    expect(words).toContain(
      'Uklonjeno: stolova 2, rezultata 1, zapisnika 0, započetih zapisnika 0',
    );
    expect(words).toMatch(/Sto 1: .+ – .+, 412 : 380 \(po poenima; upisan rezultat\)/);
    trouble.stop();
    expect(trouble.problems).toEqual([]);
  });

  test('withdrawing a player asks first, on a phone too', async () => {
    const trouble = watch(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${t.url}/organiser/divisions/${divisionId}/players?lang=sr-Latn`);
    const row = page.locator('main table tbody tr', { hasText: players[1].name });
    await row.locator('form[action$="/withdraw"] button').click();
    await page.waitForURL(/withdraw/);
    expect(await page.locator('h1').innerText()).toBe(`Odjaviti igrača ${players[1].name}?`);
    expect(await page.locator('main .notice.warn').innerText()).toContain('Vrati na turnir');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'organiser-confirm-withdraw-phone');
    await page.click('main form button.danger');
    await page.waitForURL(/done=withdrawn/);
    expect(await page.locator('main .flash.ok').innerText()).toBe('Igrač je odjavljen sa turnira.');
    const withdrawn = (await t.http.get(`/api/players/${players[1].id}`).expect(200)).body;
    expect(withdrawn.active).toBe(false);
    trouble.stop();
    expect(trouble.problems).toEqual([]);
  });
});
