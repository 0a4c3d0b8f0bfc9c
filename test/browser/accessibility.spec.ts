/**
 * axe-core, the standard accessibility rule engine, on every kind of page, at a desk's
 * 1280 px and a phone's 390 px: public, judge, organiser, sign-in and the error page, in
 * Serbian Latin, and some in English and Cyrillic. The WCAG 2.0, 2.1 and 2.2 rules of
 * levels A and AA must find nothing. The one exception, the projector's deliberate
 * refresh, is docs/accessibility.md's.
 *
 * axe is used through its public API only: its script, from node_modules, is put into the
 * page (`addScriptTag`) and `axe.run` asked. The pages' Content-Security-Policy allows only
 * their own scripts, so this browser context bypasses it; nothing else changes.
 */
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Page } from 'playwright-core';
import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import { seedTableSite, TableSite } from '../e2e/table-site';
import { Browser, describeWithChromium, launchChromium, watch } from './chromium';
import { adminCookie, RatedPerson, seedRatedPerson, seedSite, Site } from './site';

const DESK = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SIZES = [DESK, PHONE];
/** About a second a page at each size, more on a busy machine. */
const LONG = 300_000;

/** WCAG 2.0, 2.1 and 2.2, levels A and AA, as axe tags its rules. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** One page to check: its path, and the rules it may break on purpose. */
interface Target {
  path: string;
  /** axe rule ids not run on this page (each one said in docs/accessibility.md). */
  except?: string[];
}

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** axe's findings on the page now open, one line each: rule, where, why. */
async function axe(page: Page, except: string[] = []): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve('axe-core') });
  const options = {
    runOnly: { type: 'tag', values: TAGS },
    rules: Object.fromEntries(except.map((id) => [id, { enabled: false }])),
    resultTypes: ['violations'],
  };
  const violations = await page.evaluate<AxeViolation[]>(
    `axe.run(document, ${JSON.stringify(options)}).then((r) => r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    })))`,
  );
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact}): ${v.help} at ${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
    ),
  );
}

describeWithChromium(`accessibility of every kind of page, axe-core (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let site: Site;
  let tables: TableSite;
  let rated: RatedPerson;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchChromium({ bypassCSP: true })]);
    site = await seedSite(t);
    tables = await seedTableSite(t);
    rated = await seedRatedPerson(t);
    page = await browser.context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /**
   * Opens each page at each size and runs axe; every finding is gathered, so that one run
   * lists them all. Answers other than `status` and scripts' errors count as findings too.
   */
  async function check(targets: Target[], status = 200): Promise<string[]> {
    const found: string[] = [];
    const trouble = watch(page, (_url, code) => code === status);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const target of targets) {
        const url = `${t.url}${target.path}`;
        const res = await page.goto(url);
        if (res?.status() !== status) found.push(`${url}: answer ${res?.status()}`);
        const lines = await axe(page, target.except);
        for (const line of lines) found.push(`${size.width} px ${target.path}: ${line}`);
      }
    }
    trouble.stop();
    return [...found, ...trouble.problems];
  }

  /** The registry's person of a player. */
  async function personOf(player: number): Promise<number> {
    const res = await t.http.get(`/api/players/${player}`).expect(200);
    return (res.body as { personId: number }).personId;
  }

  let signedIn = false;
  /** The organiser signed in through the page form (an organiser may do what a judge does). */
  async function signIn(): Promise<void> {
    if (signedIn) return;
    const cookie = await adminCookie(t);
    await browser.context.addCookies([
      { name: 'arbiter_session', value: cookie.split('=')[1], url: t.url },
    ]);
    signedIn = true;
  }

  const lang = (path: string, l: string) => `${path}${path.includes('?') ? '&' : '?'}lang=${l}`;

  test(
    'public pages, signed out: home, tournament, standings, pairings, cross-table, wall chart, prizes, player, person, a person with a rating chart and figures from sheets, a game with its board, its replay, rating report, table code and its sheet, projector, sign-in',
    async () => {
      const d = site.divisionId;
      const [codes] = (
        await t.http.get(`/api/divisions/${d}/rounds/1/codes`).set(t.organiser).expect(200)
      ).body as { seats: { url: string }[] }[];
      const player = site.players[0].id;
      const paths = [
        '/',
        `/tournaments/${site.tournamentId}`,
        `/divisions/${d}/standings`,
        `/divisions/${d}/pairings`,
        `/divisions/${d}/crosstable`,
        `/divisions/${d}/wallchart`,
        `/divisions/${d}/prizes`,
        `/players/${player}`,
        `/persons/${await personOf(player)}`,
        `/persons/${rated.personId}`,
        `/games/${site.sheetGame}`,
        `/games/${site.sheetGame}/replay?turn=3`,
        `/divisions/${tables.quivit}/pairings`,
        `/tournaments/${site.tournamentId}/ratings`,
        codes.seats[0].url,
        `${codes.seats[0].url}/sheet`,
        '/sign-in',
      ];
      const targets: Target[] = [
        ...paths.map((p) => ({ path: lang(p, 'sr-Latn') })),
        // The hall's screen reloads itself on purpose: see docs/accessibility.md.
        { path: `/divisions/${tables.quivit}/projector?lang=sr-Latn`, except: ['meta-refresh'] },
        ...['en', 'sr-Cyrl', 'hr'].flatMap((l) =>
          ['/', `/divisions/${d}/standings`, `/persons/${rated.personId}`, '/sign-in'].map((p) => ({
            path: lang(p, l),
          })),
        ),
      ];
      expect(await check(targets)).toEqual([]);
      // A refused sign-in shows its message by the form.
      await page.goto(`${t.url}/sign-in?lang=sr-Latn`);
      await page.fill('input[name=username]', 'nobody@example.org');
      await page.fill('input[name=password]', 'not-the-password');
      await Promise.all([
        page.waitForNavigation(),
        page.locator('main form button[type=submit]').click(),
      ]);
      expect(await axe(page)).toEqual([]);
    },
    LONG,
  );

  test(
    'the error page: 404 for a page that is not there and for a game that is not',
    async () => {
      expect(
        await check(
          [
            { path: '/no-such-page?lang=sr-Latn' },
            { path: '/games/999999?lang=sr-Latn' },
            { path: '/games/999999?lang=en' },
          ],
          404,
        ),
      ).toEqual([]);
    },
    LONG,
  );

  test(
    "judge's pages: the tournaments, the desk, a round's results, a game's result, the sheet form, the sheet check, the word check, a table's result",
    async () => {
      await signIn();
      const d = site.divisionId;
      const tableGame = tables.rounds[2].games.find((g) => g.status === 'pending')!.id;
      const paths = [
        '/judge',
        `/judge/divisions/${d}/rounds/1/desk`,
        `/judge/divisions/${d}/rounds/1/results`,
        `/judge/games/${site.typedGame}/result`,
        `/judge/games/${site.pendingGame}/scoresheet`,
        '/judge/check',
        `/judge/word-check?game=${site.sheetGame}`,
        `/judge/games/${tableGame}/result`,
        // Signed in, the pairings link each game to its forms.
        `/divisions/${d}/pairings`,
      ];
      const targets: Target[] = [
        ...paths.map((p) => ({ path: lang(p, 'sr-Latn') })),
        ...['en', 'sr-Cyrl', 'hr'].flatMap((l) =>
          [`/judge/games/${site.pendingGame}/result`, `/judge/games/${tableGame}/result`].map(
            (p) => ({ path: lang(p, l) }),
          ),
        ),
      ];
      expect(await check(targets)).toEqual([]);

      // The round's results with lines typed: each row says what its line makes of it.
      const found: string[] = [];
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(`${t.url}/judge/divisions/${d}/rounds/1/results?lang=sr-Latn`);
        await page.focus('#lines');
        await page.keyboard.type('1 400 350 3:00 1:00\n2 300 300 1:00 99:00');
        expect(await page.locator('#msg-1').innerText()).not.toBe('');
        expect(await page.locator('#msg-2').innerText()).not.toBe('');
        for (const line of await axe(page)) found.push(`${size.width} px results, typed: ${line}`);
      }
      expect(found).toEqual([]);
    },
    LONG,
  );

  test(
    "organiser's pages: tournaments, a tournament, division settings, players, rounds, prizes, log, a player's edit, a person's edit, ratings, the registry's person, the import and its preview, a TSH import",
    async () => {
      await signIn();
      const d = site.divisionId;
      const player = site.players[1].id;
      const paths = [
        '/organiser',
        `/organiser/tournaments/${site.tournamentId}`,
        `/organiser/divisions/${d}/settings`,
        `/organiser/divisions/${d}/players`,
        `/organiser/divisions/${d}/rounds`,
        `/organiser/divisions/${tables.quivit}/rounds`,
        `/organiser/tournaments/${site.tournamentId}/prizes`,
        `/organiser/tournaments/${site.tournamentId}/log`,
        `/organiser/players/${player}/edit`,
        `/organiser/persons/${await personOf(player)}/edit`,
        '/organiser/import',
        '/ratings',
        // Signed in as an organiser, a person's page offers the registry's merge.
        `/persons/${await personOf(player)}`,
      ];
      const targets: Target[] = [
        ...paths.map((p) => ({ path: lang(p, 'sr-Latn') })),
        ...['en', 'sr-Cyrl'].map((l) => ({ path: lang(`/organiser/divisions/${d}/rounds`, l) })),
      ];
      expect(await check(targets)).toEqual([]);

      // The import's preview: the site's own export uploaded through the page.
      const exported = await page.request.get(
        `${t.url}/organiser/tournaments/${site.tournamentId}/export`,
      );
      expect(exported.status()).toBe(200);
      const file = join(mkdtempSync(join(tmpdir(), 'arbiter-axe-')), 'kup.arbiter.json');
      writeFileSync(file, await exported.body());
      const previews: string[] = [];
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(`${t.url}/organiser/import?lang=sr-Latn`);
        await page.setInputFiles('#f-file', file);
        await Promise.all([page.waitForNavigation(), page.click('main button[type="submit"]')]);
        await page.waitForSelector('#preview');
        for (const line of await axe(page))
          previews.push(`${size.width} px import preview: ${line}`);
      }
      expect(previews).toEqual([]);

      // A TSH import with problems: the page again, each problem by its line.
      await page.setViewportSize(PHONE);
      await page.goto(`${t.url}/organiser/tournaments/${site.tournamentId}?lang=sr-Latn#tsh`);
      await page.fill('input[name=tshName]', 'Iz TSH');
      await page.fill('#f-tsh-text', 'ovo nije TSH\n');
      await Promise.all([
        page.waitForNavigation(),
        page.locator('#tsh form button[type=submit]').first().click(),
      ]);
      expect(await page.locator('#tsh [role=alert]').count()).toBeGreaterThan(0);
      expect(await axe(page)).toEqual([]);
    },
    LONG,
  );
});
