import { readFileSync } from 'fs';
import type { Page } from 'playwright-core';
import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import {
  Browser,
  describeWithChromium,
  launchChromium,
  overflowsHorizontally,
  screenshot,
  watch,
} from './chromium';

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 900 };

/** The width of a PNG file, from its header: a full-page screenshot wider than the view scrolled. */
const pngWidth = (file: string) => readFileSync(file).readUInt32BE(16);

/** axe-core's WCAG 2.2 AA findings on the page now open, one line each (none expected). */
async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve('axe-core') });
  const options = {
    runOnly: {
      type: 'tag',
      values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'],
    },
    resultTypes: ['violations'],
  };
  return page.evaluate<string[]>(
    `axe.run(document, ${JSON.stringify(options)}).then((r) => r.violations.flatMap((v) =>
      v.nodes.map((n) => v.id + ': ' + v.help + ' at ' + n.target.join(' '))))`,
  );
}

/**
 * An invitation as people use it: the owner invites a judge from the tournament's people page at
 * a desk (1280 px); the judge opens the link on a phone (390 px), sets a password with the
 * keyboard alone, and lands signed in on the judge's page.
 */
describeWithChromium(`invitations in Chromium (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchChromium({ bypassCSP: true })]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('invited at the desk, accepted on a phone', async () => {
    const owner = await t.account('organiser', 'vlasnica@example.org');
    const created = await t.http
      .post('/api/tournaments')
      .set(owner)
      .send({ name: 'Kup Novog Sada', ruleSet: 'kvizovka', rounds: 3 })
      .expect(201);
    const id = created.body.id as number;

    const desk = await browser.context.newPage();
    await desk.setViewportSize(DESK);
    const deskTrouble = watch(desk);
    await desk.goto(`${t.url}/sign-in?lang=sr-Latn`);
    await desk.fill('#username', 'vlasnica@example.org');
    await desk.fill('#password', 'organiser-password-1');
    await Promise.all([desk.waitForURL(/\/organiser$/), desk.click('button[type=submit]')]);
    await desk.goto(`${t.url}/organiser/tournaments/${id}`);
    await Promise.all([desk.waitForURL(/\/people$/), desk.click('#people-link')]);
    expect(await desk.locator('#members').innerText()).toContain('organiser 1');
    await desk.fill('#f-name', 'Sara Sudić');
    await desk.fill('#f-email', 'sara@example.org');
    await desk.selectOption('#f-role', 'judge');
    await Promise.all([
      desk.waitForURL(/\/people\/invite$/),
      desk.click('button:has-text("Pošalji pozivnicu")'),
    ]);
    const link = await desk.inputValue('#invitation-link');
    expect(link).toMatch(/\/invitations\/[A-Za-z0-9_-]{32}$/);
    expect(await desk.locator('#invited-mail').innerText()).toContain('Ovaj server ne šalje poštu');
    expect(await desk.locator('#pending').innerText()).toContain('sara@example.org');
    expect(await overflowsHorizontally(desk)).toBe(false);
    await screenshot(desk, 'invitations-desk-invited');
    expect(await axe(desk)).toEqual([]);
    // The people page on a phone too: nothing scrolls sideways, the long link neither.
    await desk.setViewportSize(PHONE);
    expect(await overflowsHorizontally(desk)).toBe(false);
    expect(pngWidth(await screenshot(desk, 'invitations-people-phone'))).toBe(PHONE.width);
    deskTrouble.stop();
    expect(deskTrouble.problems).toEqual([]);

    // The judge, on a phone of their own: no session, no cookies.
    const phoneBrowser = await launchChromium({ bypassCSP: true });
    try {
      const phone = await phoneBrowser.context.newPage();
      await phone.setViewportSize(PHONE);
      const phoneTrouble = watch(phone);
      await phone.goto(link);
      expect(await phone.locator('#invitation-what').innerText()).toContain(
        'organiser 1 vas poziva da budete sudija na turniru „Kup Novog Sada”',
      );
      expect(await phone.inputValue('#f-name')).toBe('Sara Sudić');
      expect(await overflowsHorizontally(phone)).toBe(false);
      expect(pngWidth(await screenshot(phone, 'invitations-phone-form'))).toBe(PHONE.width);
      expect(await axe(phone)).toEqual([]);
      // The keyboard alone: from the name field, Tab to each password, Enter to send.
      await phone.focus('#f-name');
      await phone.keyboard.press('Tab');
      await phone.keyboard.type('sudijska-lozinka-1');
      await phone.keyboard.press('Tab');
      await phone.keyboard.type('sudijska-lozinka-1');
      await Promise.all([phone.waitForURL(/\/judge$/), phone.keyboard.press('Enter')]);
      const main = await phone.locator('main').innerText();
      expect(main).toContain('Kup Novog Sada');
      // Signed in: the header offers signing out.
      expect(await phone.locator('header').innerText()).toContain('Odjava');
      expect(await overflowsHorizontally(phone)).toBe(false);
      expect(pngWidth(await screenshot(phone, 'invitations-phone-signed-in'))).toBe(PHONE.width);
      // The link again: used.
      const again = await phone.goto(link);
      expect(again?.status()).toBe(410);
      expect(await phone.locator('#invitation-gone').innerText()).toContain(
        'Ova pozivnica je iskorišćena',
      );
      // Signed in already: on to their own page, not to signing in.
      expect(await phone.locator('#invitation-gone a').getAttribute('href')).toBe('/judge');
      expect(await overflowsHorizontally(phone)).toBe(false);
      phoneTrouble.stop();
      expect(phoneTrouble.problems.filter((p) => !p.includes('410'))).toEqual([]);
    } finally {
      await phoneBrowser.close();
    }
  });
});
