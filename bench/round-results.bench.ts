import { existsSync } from 'fs';
import { loadavg } from 'os';
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
  const t = await json<{ id: number; divisions: { id: number }[] }>(
    `${server.url}/api/tournaments`,
    { method: 'POST', headers, body: JSON.stringify({ name, ruleSet: 'kvizovka', rounds: 3 }) },
  );
  // The judges signed in for the bench judge this tournament.
  for (const email of judges) {
    await json(`${server.url}/api/tournaments/${t.id}/roles`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, role: 'judge' }),
    });
  }
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

/** The judges' e-mails: each is given a judge's role in every tournament the bench makes. */
const judges: string[] = [];

/** A judge's session cookie, signed in through the page form. */
async function judgeCookie(server: Server): Promise<string> {
  const email = `judge-${Date.now()}-${judges.length}@example.org`;
  judges.push(email);
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

/** The 50 lines the judge types: table, both scores, both clocks. */
const roundLines = () =>
  Array.from({ length: TABLES }, (_, i) => {
    const table = i + 1;
    return `${table} ${scoresOf(table).join(' ')} 3:00 1:00`;
  }).join('\n');

/** The same 50 lines typed the same way into a bare textarea with no script: Chromium's typing alone. */
async function plainTyping(page: Page): Promise<number> {
  await page.setContent('<textarea id=t></textarea>');
  await page.focus('#t');
  const start = performance.now();
  await page.keyboard.type(roundLines());
  return performance.now() - start;
}

/**
 * The 50 lines typed into the round page's lines box, from the first key to the last (no opening,
 * no saving); with the page's script, the time its input handlers took in the page and their count.
 */
async function pageTyping(
  page: Page,
  url: string,
  divisionId: number,
): Promise<{ ms: number; handlerMs: number; events: number }> {
  await page.goto(`${url}/judge/divisions/${divisionId}/rounds/1/results`);
  await page.focus('#lines');
  const start = performance.now();
  await page.keyboard.type(roundLines());
  const ms = performance.now() - start;
  const handler = await page.evaluate<{ handlerMs: number; events: number }>(
    '({ handlerMs: window.__inputMs ?? 0, events: window.__inputEvents ?? 0 })',
  );
  return { ms, ...handler };
}

/**
 * Wraps every 'input' listener the page adds, and every frame callback it asks for, so the time
 * spent in them adds up in the page
 * (plain JavaScript run in the page before its own scripts; the bench has no DOM types).
 */
const TIME_INPUT_LISTENERS = `
window.__inputMs = 0;
window.__inputEvents = 0;
const add = EventTarget.prototype.addEventListener;
EventTarget.prototype.addEventListener = function (type, listener, options) {
  if (type !== 'input' || typeof listener !== 'function') return add.call(this, type, listener, options);
  const timed = function (event) {
    const t0 = performance.now();
    try {
      return listener.call(this, event);
    } finally {
      window.__inputMs += performance.now() - t0;
      window.__inputEvents += 1;
    }
  };
  return add.call(this, type, timed, options);
};
const frame = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (callback) =>
  frame((time) => {
    const t0 = performance.now();
    try {
      callback(time);
    } finally {
      window.__inputMs += performance.now() - t0;
    }
  });`;

/** The round's page: open it, type 50 lines by keyboard, save by keyboard; until the saved page. */
async function roundPage(page: Page, url: string, divisionId: number): Promise<number> {
  const lines = roundLines();
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
    // The page's typing alone: its script timed in the page, and the same page without its script.
    const timedContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await timedContext.addCookies([
      { name: 'arbiter_session', value: await judgeCookie(server), url: server.url },
    ]);
    await timedContext.addInitScript({ content: TIME_INPUT_LISTENERS });
    const timedPage = await timedContext.newPage();
    const bareContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await bareContext.addCookies([
      { name: 'arbiter_session', value: await judgeCookie(server), url: server.url },
    ]);
    await bareContext.route('**/assets/round-results.js*', (r) => r.abort());
    const barePage = await bareContext.newPage();
    const onePage: number[] = [];
    const forms: number[] = [];
    const plain: number[] = [];
    const withScript: number[] = [];
    const handler: number[] = [];
    const perKey: number[] = [];
    const noScript: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const a = await pairedRound(server, `Kolo na stranici ${r}`);
      onePage.push(await roundPage(page, server.url, a.divisionId));
      const b = await pairedRound(server, `Kolo po partijama ${r}`);
      forms.push(await oneGameForms(page, server.url, b.games));
      plain.push(await plainTyping(page));
      const c = await pairedRound(server, `Kolo kucano ${r}`);
      const typed = await pageTyping(timedPage, server.url, c.divisionId);
      withScript.push(typed.ms);
      handler.push(typed.handlerMs);
      perKey.push(typed.events > 0 ? typed.handlerMs / typed.events : 0);
      noScript.push((await pageTyping(barePage, server.url, c.divisionId)).ms);
    }
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const p = median(onePage);
    const f = median(forms);
    const base = median(plain);
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(
      `round results, ${TABLES} tables typed by keyboard (${RUNS} runs, load ${load}): one page ${s(p)}, ` +
        `${TABLES} one-game forms ${s(f)}, ratio ${(f / p).toFixed(1)}×; ` +
        `plain typing of the same lines into a bare textarea ${s(base)}, ` +
        `one page minus plain typing ${s(p - base)}, one page over plain typing ${(p / base).toFixed(2)}×`,
    );
    console.log(
      `round results, typing the lines into the page's box (${RUNS} runs): with its script ${s(median(withScript))}, ` +
        `script blocked ${s(median(noScript))}; its input handlers and frame callbacks ${median(handler).toFixed(0)} ms in all, ` +
        `${median(perKey).toFixed(3)} ms a keystroke (${roundLines().length} keys)`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}
