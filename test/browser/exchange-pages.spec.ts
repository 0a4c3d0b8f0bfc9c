import { readFileSync } from 'fs';
import type { Page } from 'playwright-core';
import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import { createTournament, enterResult, pair } from '../e2e/tournament-helpers';
import { Browser, describeWithChromium, launchChromium, screenshot, watch } from './chromium';
import { makeAccount } from './site';

/**
 * The organiser downloads a closed tournament with prizes from its page, sends the file to the
 * import page, reads the preview and confirms it: the copy keeps the closing and the prizes and
 * is marked as a copy. The same as test/e2e/exchange/import-pages.e2e-spec.ts, through a browser.
 */
describeWithChromium(
  `export and import on the organiser's pages in Chromium (${DATABASE_KIND})`,
  () => {
    let t: TestApp;
    let browser: Browser;
    let page: Page;
    let tournamentId: number;

    beforeAll(async () => {
      [t, browser] = await Promise.all([startTestApp(), launchChromium()]);
      const made = await createTournament(t, {
        name: 'Kup Beograda 2026',
        ruleSet: 'kvizovka',
        rounds: 1,
      });
      tournamentId = made.id;
      for (const p of [
        { name: 'Ana Petrović', rating: 1850, country: 'SRB', federationId: 'SRB-101' },
        { name: 'Marko Jovanović', rating: 1790, country: 'SRB', federationId: 'SRB-102' },
      ]) {
        await t.http
          .post(`/api/divisions/${made.divisionId}/players`)
          .set(t.organiser)
          .send(p)
          .expect(201);
      }
      const round = await pair(t, made.divisionId);
      await enterResult(t, t.organiser, round.games[0], {
        scores: [400, 300],
        clocks: ['05:00', '04:00'],
      });
      await t.http
        .put(`/api/tournaments/${tournamentId}/prizes`)
        .set(t.organiser)
        .set('If-Match', '0')
        .send({ currency: 'RSD', places: [{ amount: 5000 }, { name: 'Knjiga' }] })
        .expect(200);
      await t.http
        .post(`/api/tournaments/${tournamentId}/close`)
        .set(t.organiser)
        .send({ confirm: true })
        .expect(200);
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

    test('download → upload → preview → confirm: a closed copy with its prizes, marked as a copy', async () => {
      const trouble = watch(page);
      await page.goto(`${t.url}/organiser/tournaments/${tournamentId}?lang=sr-Latn`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.click(`a[href="/organiser/tournaments/${tournamentId}/export"]`),
      ]);
      expect(download.suggestedFilename()).toMatch(
        /^kup-beograda-2026-\d{4}-\d{2}-\d{2}\.arbiter\.json$/,
      );
      const path = await download.path();
      const doc = JSON.parse(readFileSync(path, 'utf8')) as {
        format: string;
        tournament: { closedAt: string | null };
      };
      expect(doc.format).toBe('arbiter-tournament/1');
      expect(doc.tournament.closedAt).not.toBeNull();

      await page.goto(`${t.url}/organiser?lang=sr-Latn`);
      await page.click('a[href="/organiser/import"]');
      await page.waitForURL(`${t.url}/organiser/import`);
      await page.setInputFiles('#f-file', path);
      await page.click('main button[type="submit"]');
      await page.waitForSelector('#preview');
      const preview = await page.textContent('#preview');
      expect(preview).toContain('Kup Beograda 2026');
      expect(preview).toContain('zatvoren');
      expect(preview).toContain('nagrada za mesta: 2');
      expect(await page.inputValue('#f-name')).toBe('Kup Beograda 2026 (kopija)');
      await screenshot(page, 'import-preview');

      await page.fill('#f-name', 'Kup Beograda 2026 — kopija za arhivu');
      await page.click('#preview button[type="submit"]');
      await page.waitForURL(/\/organiser\/tournaments\/\d+\?done=tournamentImported/);
      const copyId = Number(/tournaments\/(\d+)/.exec(page.url())![1]);
      expect(copyId).not.toBe(tournamentId);
      expect(await page.textContent('h1')).toContain('Kup Beograda 2026 — kopija za arhivu');
      expect(await page.textContent('h1 .badge.copy')).toBe('kopija');
      expect(await page.textContent('.flash')).toContain('Turnir je uvezen kao kopija.');
      expect(await page.textContent('#closing')).toContain('zatvoren');

      const prizes = (await t.http.get(`/api/tournaments/${copyId}/prizes`).expect(200)).body as {
        currency: string;
        places: unknown[];
      };
      expect(prizes).toMatchObject({
        currency: 'RSD',
        places: [{ amount: 5000 }, { name: 'Knjiga' }],
      });

      await page.goto(`${t.url}/?lang=sr-Latn`);
      expect(await page.locator('.card .badge.copy').count()).toBe(1);
      trouble.stop();
      expect(trouble.problems).toEqual([]);
    });
  },
);
