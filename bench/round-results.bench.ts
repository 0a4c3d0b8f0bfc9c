import { existsSync } from 'fs';
import { chromium, type Page } from 'playwright-core';
import { median } from './harness';
import { json, startServer, type Server } from './server-fixture';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TABLES = 50;
const RUNS = 3;
const EMAIL = 'bench-round@example.org';
const PASSWORD = 'bench-round-password';

interface Game {
  id: number;
  table: number;
}

/** A Kvizovka division of 100 players with its first round paired: 50 games in table order. */
async function pairedRound(
  server: Server,
  name: string,
): Promise<{ divisionId: number; games: Game[] }> {
  const headers = { ...server.auth, 'Content-Type': 'application/json' };
  const t = await json<{ divisions: { id: number }[] }>(`${server.url}/api/tournaments`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name, ruleSet: 'kvizovka', rounds: 3 }),
  });
  const divisionId = t.divisions[0].id;
  for (let i = 0; i < TABLES * 2; i++) {
    await json(`${server.url}/api/divisions/${divisionId}/players`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `Igrač ${i + 1}`, rating: 1500 + i }),
    });
  }
  const round = await json<{ games: Game[] }>(`${server.url}/api/divisions/${divisionId}/rounds`, {
    method: 'POST',
    headers,
    body: JSON.stringify({}),
  });
  return { divisionId, games: round.games.sort((a, b) => a.table - b.table) };
}

/** A judge's session cookie, signed in through the page form. */
async function judgeCookie(server: Server): Promise<string> {
  const email = `judge-${Date.now()}@example.org`;
  await json(`${server.url}/api/users`, {
    method: 'POST',
    headers: { ...server.auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, name: 'Sudija', role: 'judge' }),
  });
  const res = await fetch(`${server.url}/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
    body: new URLSearchParams({ username: email, password: PASSWORD }),
  });
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('arbiter_session='))
    ?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie.split('=')[1];
}

const scoresOf = (table: number) => [300 + table, 280 + ((table * 7) % 50)];

/** The round's page: open it, type 50 lines by keyboard, save by keyboard; until the saved page. */
async function roundPage(page: Page, url: string, divisionId: number): Promise<number> {
  const lines = Array.from({ length: TABLES }, (_, i) => {
    const table = i + 1;
    return `${table} ${scoresOf(table).join(' ')} 3:00 1:00`;
  }).join('\n');
  const start = performance.now();
  await page.goto(`${url}/judge/divisions/${divisionId}/rounds/1/results`);
  await page.focus('#lines');
  await page.keyboard.type(lines);
  await page.focus('#round-results button[type=submit]');
  await Promise.all([page.waitForURL(/done=round&n=50/), page.keyboard.press('Enter')]);
  return performance.now() - start;
}

/** The same results through 50 one-game forms, each opened, typed and saved by keyboard. */
async function oneGameForms(page: Page, url: string, games: Game[]): Promise<number> {
  const start = performance.now();
  for (const g of games) {
    const [a, b] = scoresOf(g.table);
    await page.goto(`${url}/judge/games/${g.id}/result`);
    await page.focus('#f-scoreFirst');
    await page.keyboard.type(String(a));
    await page.focus('#f-scoreSecond');
    await page.keyboard.type(String(b));
    await page.focus('#f-remainingFirst');
    await page.keyboard.type('3:00');
    await page.focus('#f-remainingSecond');
    await page.keyboard.type('1:00');
    await Promise.all([page.waitForURL(/done=saved/), page.keyboard.press('Enter')]);
  }
  return performance.now() - start;
}

/**
 * A 50-table round's results typed by keyboard in Chromium against the built server: from
 * opening the round's results page to its saved state, and the same results through 50
 * one-game forms; medians of a few runs, each on a round of its own, and their ratio.
 */
export async function run(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`round results: skipped, ${CHROMIUM} is not installed`);
    return;
  }
  const server = await startServer(EMAIL, PASSWORD);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([
      { name: 'arbiter_session', value: await judgeCookie(server), url: server.url },
    ]);
    const page = await context.newPage();
    const onePage: number[] = [];
    const forms: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const a = await pairedRound(server, `Kolo na stranici ${r}`);
      onePage.push(await roundPage(page, server.url, a.divisionId));
      const b = await pairedRound(server, `Kolo po partijama ${r}`);
      forms.push(await oneGameForms(page, server.url, b.games));
    }
    const p = median(onePage);
    const f = median(forms);
    console.log(
      `round results, ${TABLES} tables typed by keyboard (${RUNS} runs): one page ${(p / 1000).toFixed(2)} s, ` +
        `${TABLES} one-game forms ${(f / 1000).toFixed(2)} s, ratio ${(f / p).toFixed(1)}×`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}
