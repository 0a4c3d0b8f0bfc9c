import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import { createTournament, register } from '../e2e/tournament-helpers';
import { Browser, describeWithChromium, launchChromium, watch } from './chromium';
import { adminCookie } from './site';

/**
 * A player's edit page as a director uses it (issue 36): reached from the players list and
 * filled by keyboard alone; a page left open while someone else saved says so, in Serbian.
 */
describeWithChromium(`a player's edit page in Chromium (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchChromium({ javaScript: false })]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('edited by keyboard from the players list; a stale second page is refused', async () => {
    const { divisionId } = await createTournament(t, {
      name: 'Kup izmena',
      ruleSet: 'kvizovka',
      rounds: 3,
    });
    const [ana] = await register(t, divisionId, ['Ana Petrović', 'Bora Jovanović']);
    const cookie = await adminCookie(t);
    await browser.context.addCookies([
      { name: 'arbiter_session', value: cookie.split('=')[1], url: t.url },
    ]);
    const page = await browser.context.newPage();
    const trouble = watch(page);
    const other = await browser.context.newPage();
    await other.goto(`${t.url}/organiser/players/${ana.id}/edit?lang=sr-Latn`);

    await page.goto(`${t.url}/organiser/divisions/${divisionId}/players?lang=sr-Latn`);
    const link = page.locator(`a[href="/organiser/players/${ana.id}/edit"]`);
    expect(await link.getAttribute('aria-label')).toBe('Izmeni podatke igrača Ana Petrović');
    await link.focus();
    await Promise.all([page.waitForURL(/\/edit$/), page.keyboard.press('Enter')]);
    await page.focus('#f-name');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Ana Ilić');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ŠK Sever');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1800');
    await Promise.all([page.waitForURL(/done=saved/), page.keyboard.press('Enter')]);
    expect(await page.locator('main').innerText()).toContain('Ana Ilić');
    const stored = (await t.http.get(`/api/players/${ana.id}`).expect(200)).body as object;
    expect(stored).toMatchObject({ name: 'Ana Ilić', club: 'ŠK Sever', rating: 1800 });

    // The page opened before the save still carries the old version.
    await other.fill('#f-rating', '1500');
    await other.click(`form[action="/organiser/players/${ana.id}/edit"] button[type=submit]`);
    expect(await other.locator('[role=alert]').innerText()).toContain(
      'Neko je promenio podatke igrača Ana Ilić',
    );
    expect(await other.locator('#stored-rating').innerText()).toBe('1800');
    expect(await other.inputValue('#f-rating')).toBe('1500');
    expect((await t.http.get(`/api/players/${ana.id}`).expect(200)).body).toMatchObject({
      rating: 1800,
    });
    trouble.stop();
    expect(trouble.problems).toEqual([]);
  });
});
