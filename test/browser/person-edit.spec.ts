import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import { createTournament } from '../e2e/tournament-helpers';
import {
  Browser,
  describeWithChromium,
  launchChromium,
  overflowsHorizontally,
  watch,
} from './chromium';
import { adminCookie } from './site';

/**
 * A registry person's edit page as a director uses it (issue 36): reached from the person's
 * page and filled by keyboard alone; the change is a line in the tournament's log; a page left
 * open while someone else saved says so, in Serbian. The player's edit page links it.
 */
describeWithChromium(`a person's edit page in Chromium (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchChromium({ javaScript: false })]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('edited by keyboard from the person page; the log says it; a stale page is refused', async () => {
    const { id: tournamentId, divisionId } = await createTournament(t, {
      name: 'Kup registra',
      ruleSet: 'kvizovka',
      rounds: 3,
    });
    const ana = (
      await t.http
        .post(`/api/divisions/${divisionId}/players`)
        .set(t.organiser)
        .send({ name: 'Ana Petrović', club: 'ŠK Sever' })
        .expect(201)
    ).body as { id: number; personId: number };
    const cookie = await adminCookie(t);
    await browser.context.addCookies([
      { name: 'arbiter_session', value: cookie.split('=')[1], url: t.url },
    ]);
    const page = await browser.context.newPage();
    const trouble = watch(page);
    const other = await browser.context.newPage();
    await other.goto(`${t.url}/organiser/persons/${ana.personId}/edit?lang=sr-Latn`);

    // The player's edit page says whose the federation id is and links the person's page.
    await page.goto(`${t.url}/organiser/players/${ana.id}/edit?lang=sr-Latn`);
    expect(await page.locator('#federation-help').innerText()).toContain(
      'ID u savezu pripada osobi Ana Petrović u registru',
    );
    expect(
      await page
        .locator(`#federation-help a[href="/organiser/persons/${ana.personId}/edit"]`)
        .count(),
    ).toBe(1);

    await page.goto(`${t.url}/persons/${ana.personId}?lang=sr-Latn`);
    const link = page.locator(`a[href="/organiser/persons/${ana.personId}/edit"]`);
    expect(await link.getAttribute('aria-label')).toBe(
      'Izmeni podatke osobe Ana Petrović u registru',
    );
    await link.focus();
    await Promise.all([page.waitForURL(/\/edit$/), page.keyboard.press('Enter')]);
    await page.focus('#f-name');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Ana Ilić');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('ŠK Jug');
    await page.keyboard.press('Tab');
    await page.keyboard.type('SRB');
    await page.keyboard.press('Tab');
    await page.keyboard.type('941204');
    await Promise.all([page.waitForURL(/done=saved/), page.keyboard.press('Enter')]);
    expect(await page.locator('main').innerText()).toContain('941204');
    expect((await t.http.get(`/api/persons/${ana.personId}`).expect(200)).body).toMatchObject({
      name: 'Ana Ilić',
      club: 'ŠK Jug',
      country: 'SRB',
      federationId: '941204',
    });

    await page.goto(`${t.url}/organiser/tournaments/${tournamentId}/log?lang=sr-Latn`);
    const log = await page.locator('table.log tbody tr').first().innerText();
    expect(log).toContain('Izmenjeni podaci igrača Ana Petrović u registru (važe za sve turnire)');
    expect(log).toContain('Ime: Ana Petrović → Ana Ilić');
    expect(log).toContain('ID u savezu: — → 941204');
    // On a phone each entry is a card: its changes in view, not in a fourth column off the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const change = page
      .locator('table.log tbody tr')
      .first()
      .locator('li', { hasText: 'Ana Petrović → Ana Ilić' });
    const box = (await change.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await overflowsHorizontally(page)).toBe(false);

    // The page opened before the save still carries the old version.
    await other.fill('#f-country', 'CRO');
    await other.click(`form[action="/organiser/persons/${ana.personId}/edit"] button[type=submit]`);
    expect(await other.locator('[role=alert]').innerText()).toContain(
      'Neko je promenio podatke osobe Ana Ilić',
    );
    expect(await other.locator('#stored-country').innerText()).toBe('SRB');
    expect(await other.inputValue('#f-country')).toBe('CRO');
    expect((await t.http.get(`/api/persons/${ana.personId}`).expect(200)).body).toMatchObject({
      country: 'SRB',
    });
    trouble.stop();
    expect(trouble.problems).toEqual([]);
  });
});
