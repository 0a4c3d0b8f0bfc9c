import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import { createTournament } from '../e2e/tournament-helpers';
import { Browser, describeWithChromium, launchChromium, screenshot, watch } from './chromium';
import { adminCookie } from './site';

/**
 * The organiser's new-division form as a director uses it, without scripts: the rule set chosen
 * in the form gives the division its own clock and tie-breaks, the settings page comes back
 * saved, and a closed tournament offers no new division.
 */
describeWithChromium(`the new-division form in Chromium (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchChromium({ javaScript: false })]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('a Quivit side event added with the offered clock, its settings saved, then the tournament closed', async () => {
    const { id } = await createTournament(t, {
      name: 'Kup sa kartama',
      ruleSet: 'kvizovka',
      rounds: 5,
      divisions: ['Glavni'],
    });
    const cookie = await adminCookie(t);
    await browser.context.addCookies([
      { name: 'arbiter_session', value: cookie.split('=')[1], url: t.url },
    ]);
    const page = await browser.context.newPage();
    const trouble = watch(page);
    await page.goto(`${t.url}/organiser/tournaments/${id}?lang=sr-Latn`);
    // The form offers the tournament's rules; the director picks Quivit and leaves the minutes.
    expect(await page.inputValue('#f-rules')).toBe('kvizovka');
    expect(await page.inputValue('#f-clockMinutes')).toBe('30');
    await page.fill('#f-name', 'Quivit');
    await page.selectOption('#f-rules', 'quivit');
    await page.fill('#f-rounds', '3');
    await Promise.all([
      page.waitForURL(/done=saved/),
      page.click('#new-division button[type=submit]'),
    ]);
    expect(await page.locator('main').innerText()).toContain('Quivit');
    const view = (await t.http.get(`/api/tournaments/${id}`).expect(200)).body as {
      divisions: { id: number; ruleSet: string; options: object; tieBreaks: string[] }[];
    };
    expect(view.divisions[1]).toMatchObject({
      ruleSet: 'quivit',
      options: {},
      tieBreaks: ['spread', 'cards'],
    });
    // The form starts from the tournament again, not from the Quivit division.
    expect(await page.inputValue('#f-rules')).toBe('kvizovka');

    // Its settings offer a card game's tie-breaks; saving comes back to them, saved.
    const settings = `${t.url}/organiser/divisions/${view.divisions[1].id}/settings`;
    await page.goto(settings);
    const offered = await page
      .locator('#f-tieBreak-1 option')
      .evaluateAll((options) => options.map((o) => o.getAttribute('value')));
    expect(offered).toContain('cards');
    expect(offered).not.toContain('remaining-time');
    await page.selectOption('#f-tieBreak-1', 'cards');
    await page.selectOption('#f-tieBreak-2', 'spread');
    await Promise.all([
      page.waitForURL(`${settings}?done=saved`),
      page.click('main form.stack button[type=submit]'),
    ]);
    expect(await page.locator('main').innerText()).toContain('Sačuvano.');
    expect(await page.inputValue('#f-tieBreak-1')).toBe('cards');
    await screenshot(page, 'division-settings-saved');

    // Closed, the tournament offers no new division.
    await t.http
      .post(`/api/tournaments/${id}/close`)
      .set(t.organiser)
      .send({ confirm: true })
      .expect(200);
    await page.goto(`${t.url}/organiser/tournaments/${id}`);
    expect(await page.locator('#new-division form').count()).toBe(0);
    expect(await page.locator('#new-division').innerText()).toContain('Turnir je zatvoren');
    await screenshot(page, 'closed-tournament-no-division');
    trouble.stop();
    expect(trouble.problems).toEqual([]);
    await page.close();
  });
});
