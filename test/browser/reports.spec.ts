/**
 * Report pages of each kind of game in Chromium, as a person sees them: on a
 * desktop and a phone, in the three languages. The tables fit their game
 * (no clock, racks or penalties on a card game, no clock on a Scrabble sheet
 * without clocks), fit a 390 px phone without a sideways scroll, and the
 * findings read in the page's language with their figures.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { Page } from 'playwright-core';
import type { Lang } from '../../src/i18n';
import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import { createTournament, pair, register } from '../e2e/tournament-helpers';
import {
  Browser,
  describeWithChromium,
  launchChromium,
  overflowsHorizontally,
  screenshot,
  watch,
} from './chromium';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const LANGS: Lang[] = ['sr-Latn', 'sr-Cyrl', 'en'];

/** A golden sheet of the fixtures, played by the given players. */
function fixtureSheet(file: string, players: [string, string]): object {
  const sheet = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', file), 'utf8')) as Record<
    string,
    unknown
  >;
  return { ...sheet, players };
}

/** Report tables wider than their box: each `.table-wrap` whose content scrolls sideways. */
async function clippedTables(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`[...document.querySelectorAll('.table-wrap')]
    .filter((w) => w.scrollWidth > w.clientWidth + 1)
    .map((w) => (w.querySelector('table')?.className ?? '?') + ' ' + w.scrollWidth + '>' + w.clientWidth)`);
}

/** The header texts of a report table (`turns`, `accounts`), as the desktop shows them. */
async function headers(page: Page, table: string): Promise<string[]> {
  return page.locator(`table.${table} thead th`).allInnerTexts();
}

describeWithChromium(`report pages of every kind of game in Chromium (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let browser: Browser;
  const games: Record<string, number> = {};

  /** A tournament of the rule set with one game, its sheet the fixture. */
  async function seedGame(key: string, ruleSet: string, file: string, names: [string, string]) {
    const { divisionId } = await createTournament(t, {
      name: `Izveštaj ${key}`,
      ruleSet,
      rounds: 1,
      divisions: ['A'],
    });
    await register(t, divisionId, names);
    const round = await pair(t, divisionId);
    const game = round.games.find((g) => g.second !== null)!;
    await t.http
      .put(`/api/games/${game.id}/scoresheet`)
      .set(t.organiser)
      .send(fixtureSheet(file, [game.first.name, game.second!.name]))
      .expect(200);
    games[key] = game.id;
  }

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchChromium()]);
    await seedGame('kvizovka', 'kvizovka', 'kvizovka/10-challenges-penalties.sheet.json', [
      'Nina Vasić',
      'Ognjen Milić',
    ]);
    await seedGame('mismatches', 'kvizovka', 'kvizovka/16-mismatches-racks.sheet.json', [
      'Gordana Jović',
      'Zoran Babić',
    ]);
    await seedGame(
      'scrabble',
      'scrabble-en',
      'scrabble-en/01-english-values-six-zeros.sheet.json',
      ['Alice Reed', 'Bob Stone'],
    );
    await seedGame('quivit', 'quivit', 'quivit/02-grid-links.sheet.json', [
      'Ana Ruiz',
      'Ben Okafor',
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  test('every report fits a desktop and a 390 px phone in every language, with no console error', async () => {
    const page = await browser.context.newPage();
    const trouble = watch(page);
    for (const [label, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      for (const [key, id] of Object.entries(games)) {
        for (const lang of LANGS) {
          const res = await page.goto(`${t.url}/games/${id}?lang=${lang}`);
          expect([key, lang, res?.status()]).toEqual([key, lang, 200]);
          expect([key, lang, label, await overflowsHorizontally(page)]).toEqual([
            key,
            lang,
            label,
            false,
          ]);
          expect([key, lang, label, await clippedTables(page)]).toEqual([key, lang, label, []]);
          if (label === 'phone') {
            // One card a turn and a player: the header row is hidden, each cell names its column.
            expect(await page.locator('table.turns thead').isVisible()).toBe(false);
            expect(await page.locator('table.accounts thead').isVisible()).toBe(false);
          }
          await screenshot(page, `report-${key}-${lang}-${label}`);
        }
      }
    }
    trouble.stop();
    expect(trouble.problems).toEqual([]);
    await page.close();
  });

  test('each report has the columns of its game and shows the clocks', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize(DESKTOP);
    await page.goto(`${t.url}/games/${games.kvizovka}?lang=en`);
    expect(await headers(page, 'turns')).toContain('Clock');
    expect(await page.locator('#turn-1 td[data-label="Clock"]').innerText()).toBe('29:00');
    expect(await headers(page, 'accounts')).toEqual(
      expect.arrayContaining(['Tiles on rack', 'Time penalty', 'Time left']),
    );
    await page.goto(`${t.url}/games/${games.scrabble}?lang=en`);
    expect(await headers(page, 'turns')).not.toContain('Clock');
    expect(await headers(page, 'accounts')).not.toContain('Time left');
    await page.goto(`${t.url}/games/${games.quivit}?lang=en`);
    expect(await headers(page, 'turns')).not.toContain('Clock');
    const accounts = await headers(page, 'accounts');
    for (const h of ['Tiles on rack', "From the opponent's rack", 'Time penalty', 'Time left']) {
      expect(accounts).not.toContain(h);
    }
    expect(accounts).toContain('Cards');
    await page.close();
  });

  test('Serbian findings give the figures; a phone shows the clock of a turn in its card', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${t.url}/games/${games.mismatches}?lang=sr-Latn`);
    const findings = await page.locator('ul.findings').innerText();
    expect(findings).toContain(
      '1. potez (9F KUĆA): u zapisniku su poeni 9, po pravilima 8 (KUĆA 8)',
    );
    expect(findings).toContain('u zapisniku je konačni rezultat 18, po pravilima 8');
    await page.goto(`${t.url}/games/${games.mismatches}?lang=sr-Cyrl`);
    expect(await page.locator('ul.findings').innerText()).toContain(
      '1. потез (9F KUĆA): у записнику су поени 9, по правилима 8 (KUĆA 8)',
    );
    await page.goto(`${t.url}/games/${games.kvizovka}?lang=sr-Latn`);
    expect(await page.locator('#turn-1 td[data-label="Sat"]').innerText()).toContain('29:00');
    await page.close();
  });
});
