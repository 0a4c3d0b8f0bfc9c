import type { Page } from 'playwright-core';
import { DATABASE_KIND, ORGANISER, startTestApp, TestApp } from '../e2e/harness';
import {
  Browser,
  describeWithChromium,
  launchChromium,
  overflowsHorizontally,
  screenshot,
  watch,
} from './chromium';

/** axe-core's WCAG 2.x A and AA findings on the page now open (as accessibility.spec asks). */
async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve('axe-core') });
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
  return page.evaluate<string[]>(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(tags)} } }).then((r) =>
      r.violations.flatMap((v) => v.nodes.map((n) => v.id + ' at ' + n.target.join(' '))))`,
  );
}

/**
 * The administrator's accounts page in Chromium, without scripts: a new account made by keyboard
 * alone (a short password refused first, its message beside the field, which takes the focus),
 * a new password and a removal, each asked first; no page wider than a phone at 390 px.
 */
describeWithChromium(`the accounts page in Chromium (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let browser: Browser;
  let cookie: string;

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchChromium({ javaScript: false })]);
    const res = await t.http
      .post('/sign-in')
      .set('Origin', t.url)
      .type('form')
      .send({ username: ORGANISER.email, password: ORGANISER.password })
      .expect(303);
    cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('arbiter_session='))!
      .split(';')[0]
      .split('=')[1];
    await browser.context.addCookies([{ name: 'arbiter_session', value: cookie, url: t.url }]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('an account made by keyboard at 1280 px, its password set and the account removed at 390 px', async () => {
    await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ name: 'Memorijal Dragana Šarića u Čačku 2026', ruleSet: 'kvizovka', rounds: 3 })
      .expect(201);
    const page = await browser.context.newPage();
    const trouble = watch(page, (_url, status) => status === 400);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${t.url}/organiser?lang=sr-Latn`);
    await page.focus('a[href="/organiser/accounts"]');
    await Promise.all([page.waitForURL(/\/organiser\/accounts$/), page.keyboard.press('Enter')]);
    expect(await page.locator('main').innerText()).toContain('administrator sajta');

    await page.focus('#f-name');
    await page.keyboard.type('Milena Sudija');
    await page.keyboard.press('Tab');
    await page.keyboard.type('milena@example.org');
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string>('document.activeElement.id')).toBe('f-role');
    await page.keyboard.press('Tab');
    await page.keyboard.type('kratka');
    await page.keyboard.press('Tab');
    await page.keyboard.type('kratka');
    await Promise.all([page.waitForLoadState('load'), page.keyboard.press('Enter')]);
    await page.waitForSelector('#e-password');
    expect(await page.locator('#e-password').innerText()).toBe(
      'Lozinka mora imati najmanje 10 znakova.',
    );
    expect(await page.evaluate<string>('document.activeElement.id')).toBe('f-password');
    expect(await page.inputValue('#f-email')).toBe('milena@example.org');
    await page.keyboard.type('milenina-lozinka');
    await page.keyboard.press('Tab');
    await page.keyboard.type('milenina-lozinka');
    await Promise.all([page.waitForURL(/made=/), page.keyboard.press('Enter')]);
    expect(await page.locator('main').innerText()).toContain(
      'Nalog je napravljen za Milena Sudija.',
    );
    await screenshot(page, 'accounts-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'accounts-390');

    const card = page.locator('li.card', { hasText: 'milena@example.org' });
    await card.locator('a', { hasText: 'Nova lozinka' }).focus();
    await Promise.all([page.waitForURL(/\/password$/), page.keyboard.press('Enter')]);
    expect(await page.locator('main').innerText()).toContain('odjavljuje svuda');
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.focus('#f-password');
    await page.keyboard.type('nova-milenina-1');
    await page.keyboard.press('Tab');
    await page.keyboard.type('nova-milenina-1');
    await Promise.all([page.waitForURL(/passwordSet=/), page.keyboard.press('Enter')]);
    expect(await page.locator('main').innerText()).toContain('Milena Sudija ima novu lozinku');
    await t.http
      .post('/api/auth/sign-in')
      .send({ email: 'milena@example.org', password: 'nova-milenina-1', kind: 'api' })
      .expect(200);

    await page
      .locator('li.card', { hasText: 'milena@example.org' })
      .locator('button', { hasText: 'Ukloni nalog' })
      .focus();
    await Promise.all([page.waitForURL(/\/remove$/), page.keyboard.press('Enter')]);
    expect(await page.locator('main').innerText()).toContain('Ukloniti nalog Milena Sudija?');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'accounts-remove-390');
    await page.locator('button', { hasText: 'Da, ukloni nalog Milena Sudija' }).focus();
    await Promise.all([page.waitForURL(/removed=/), page.keyboard.press('Enter')]);
    expect(await page.locator('main').innerText()).toContain('Nalog Milena Sudija je uklonjen.');
    expect(await page.locator('li.card', { hasText: 'milena@example.org' }).count()).toBe(0);
    trouble.stop();
    expect(trouble.problems).toEqual([]);
  });

  test('axe finds nothing on the accounts pages at 1280 and 390 px', async () => {
    const judge = (
      await t.http
        .post('/api/users')
        .set(t.organiser)
        .send({
          email: 'axe@example.org',
          name: 'Ana Axe',
          role: 'judge',
          password: 'axe-password-1',
        })
        .expect(201)
    ).body as { id: number };
    const checking = await launchChromium({ bypassCSP: true });
    try {
      await checking.context.addCookies([{ name: 'arbiter_session', value: cookie, url: t.url }]);
      const page = await checking.context.newPage();
      const found: string[] = [];
      for (const size of [
        { width: 1280, height: 900 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(size);
        const at = (what: string) => async () =>
          found.push(...(await axe(page)).map((f) => `${size.width} ${what}: ${f}`));
        await page.goto(`${t.url}/organiser/accounts?lang=sr-Latn`);
        await at('list')();
        // The form refused: its messages beside the fields.
        await page.fill('#f-name', 'Kratka Lozinka');
        await page.fill('#f-email', 'kratka@example.org');
        await page.fill('#f-password', 'kratka');
        await page.fill('#f-repeat', 'kratka');
        await Promise.all([page.waitForLoadState('load'), page.click('text=Napravi nalog')]);
        await page.waitForSelector('#e-password');
        await at('refused form')();
        await page.goto(`${t.url}/organiser/accounts/${judge.id}/password?lang=sr-Latn`);
        await at('password')();
        await page.goto(`${t.url}/organiser/accounts?lang=sr-Latn`);
        await Promise.all([
          page.waitForURL(/\/remove$/),
          page
            .locator('li.card', { hasText: 'axe@example.org' })
            .locator('button', { hasText: 'Ukloni nalog' })
            .click(),
        ]);
        await at('remove')();
      }
      expect(found).toEqual([]);
    } finally {
      await checking.close();
    }
  });
  // On PostgreSQL the page says how pg_dump makes backups: there is no table of them.
  (DATABASE_KIND === 'sqlite' ? test : test.skip)(
    'the backups page on a phone: a backup taken by keyboard, each one a card with its download in view',
    async () => {
      const page = await browser.context.newPage();
      const trouble = watch(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${t.url}/organiser/backups?lang=sr-Latn`);
      await page.locator('button', { hasText: 'Napravi rezervnu kopiju sada' }).focus();
      await Promise.all([page.waitForURL(/taken=/), page.keyboard.press('Enter')]);
      // A card a backup: each value on a line of its own, named beside it.
      const size = page.locator('main table tbody tr').first().locator('td').nth(2);
      expect(await size.getAttribute('data-label')).toBe('Veličina');
      expect(
        await page.evaluate<string>(
          "getComputedStyle(document.querySelector('main table tbody tr td:nth-child(3)')).display",
        ),
      ).toBe('flex');
      const download = page.locator('main table a[download]').first();
      expect(await download.innerText()).toBe('Preuzmi');
      const box = (await download.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(await overflowsHorizontally(page)).toBe(false);
      await screenshot(page, 'backups-390');
      trouble.stop();
      expect(trouble.problems).toEqual([]);
    },
  );
});
