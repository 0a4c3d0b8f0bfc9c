import { execFileSync } from 'child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Page } from 'playwright-core';
import { Scoresheet, verifyDocument } from '../../src/engine';
import { DATABASE_KIND, startTestApp, TestApp } from '../e2e/harness';
import { createTournament, GameJson, pair, register, scoreSheet } from '../e2e/tournament-helpers';
import {
  Browser,
  describeWithChromium,
  launchChromium,
  overflowsHorizontally,
  screenshot,
  waitUntil,
  watch,
} from './chromium';
import { fillSheet, focusedId, formOf, tabsTo, tabTo, typeSheet } from './sheet-helpers';
import { makeAccount, pairedRound } from './site';

const CLI = join(__dirname, '..', '..', 'dist', 'src', 'cli', 'main.js');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/**
 * A 20-turn Kvizovka sheet as a judge finds it on paper: the second player's
 * last turn an exchange, the first player's last word challenged and ruled
 * invalid (its score struck, the total kept), and the first player's flag
 * fallen at the end (a time loss). Finals as the rules give them.
 */
function paperSheet(players: [string, string]): Scoresheet {
  const { sheet } = scoreSheet(players, 11);
  const totalBefore = (index: number) => {
    const player = sheet.turns[index].player;
    for (let i = index - 1; i >= 0; i--)
      if (sheet.turns[i].player === player) return sheet.turns[i].total!;
    return 0;
  };
  const challenged = sheet.turns[18];
  challenged.challenge = { by: 1 - challenged.player, valid: false };
  challenged.total = totalBefore(18);
  sheet.turns[19] = {
    player: sheet.turns[19].player,
    exchange: 3,
    score: 0,
    total: totalBefore(19),
    clock: sheet.turns[19].clock,
  };
  sheet.end = {
    reason: 'time',
    racks: sheet.end!.racks,
    clocks: ['00:00', sheet.end!.clocks![1]],
    timeExpired: 0,
  };
  delete sheet.claimed;
  const { report } = verifyDocument(sheet, { words: null }) as {
    report: { players: { final: number }[] };
  };
  sheet.claimed = { final: report.players.map((p) => p.final) };
  return sheet;
}

/** `verify --json` of the command line on a sheet's text, as a judge would run it. */
function cliReport(text: string): unknown {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-sheet-'));
  try {
    writeFileSync(join(dir, 'sheet.json'), text);
    let out: string;
    try {
      out = execFileSync('node', [CLI, 'verify', join(dir, 'sheet.json'), '--json'], {
        encoding: 'utf8',
      });
    } catch (e) {
      out = (e as { stdout: string }).stdout; // exit 1: the sheet has discrepancies
    }
    return JSON.parse(out) as unknown;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const hasClass = (page: Page, selector: string, name: string) =>
  page.evaluate<boolean>(
    `document.querySelector(${JSON.stringify(selector)}).classList.contains(${JSON.stringify(name)})`,
  );

describeWithChromium(`the sheet form in Chromium (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let browser: Browser;
  let judge: { email: string; password: string };
  /** A second judge of the same tournament. */
  let secondJudge: { email: string; password: string };
  let games: GameJson[];

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchChromium()]);
    judge = await makeAccount(t, 'judge');
    secondJudge = await makeAccount(t, 'judge');
    games = await pairedRound(t, 'Kup Zapisnika', 3, [judge.email, secondJudge.email]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function signedIn(b: Browser, who = judge): Promise<Page> {
    const page = await b.context.newPage();
    await page.goto(`${t.url}/sign-in`);
    await page.fill('#username', who.email);
    await page.fill('#password', who.password);
    await page.click('main button[type="submit"]');
    await page.waitForURL(/\/judge|\/organiser|\/$/);
    return page;
  }

  const namesOf = (g: GameJson): [string, string] => [g.first.name, g.second!.name];

  test('a judge types a 20-turn sheet with the keyboard alone; the wrong score is flagged before any post, fixing it clears the flag; the saved report is the command line’s', async () => {
    const g = games[0];
    const sheet = paperSheet(namesOf(g));
    const slip = structuredClone(sheet);
    slip.turns[4].score = sheet.turns[4].score! + 7;
    const page = await signedIn(browser);
    const trouble = watch(page);
    await page.goto(`${t.url}/judge/games/${g.id}/scoresheet`);
    await typeSheet(page, slip, namesOf(g));

    // Flagged on the very cell, before anything was posted.
    await waitUntil(page, `document.querySelector('#c-4-score').classList.contains('bad')`);
    expect(await page.locator('#c-4-score').getAttribute('aria-invalid')).toBe('true');
    const message = await page.locator('#msg-4').innerText();
    expect(message).toContain(
      `u zapisniku su poeni ${slip.turns[4].score}, po pravilima ${sheet.turns[4].score}`,
    );
    expect(await hasClass(page, '#c-5-score', 'bad')).toBe(false);
    expect(await page.locator('#msg-18').innerText()).not.toBe(''); // the challenge upheld is shown…
    expect([
      await hasClass(page, 'tr.sheet-row[data-row="18"]', 'bad'),
      await page.locator('#msg-18').innerText(),
    ]).toEqual([false, expect.stringContaining('Prigovor usvojen')]); // …and is no error
    expect(await page.locator('#verdict').innerText()).toContain(
      `Pobeda: ${g.second!.name}, na vreme: protivniku je isteklo vreme`,
    );
    await screenshot(page, 'sheet-form-typed-desktop');

    // The judge goes back and corrects the score: the flag goes at once.
    await page.focus('#c-4-score');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(String(sheet.turns[4].score));
    await waitUntil(page, `!document.querySelector('#c-4-score').classList.contains('bad')`);
    expect(await page.locator('#msg-4').innerText()).not.toContain('u zapisniku su poeni');

    await tabTo(page, 'sheet-save');
    await Promise.all([page.waitForURL(/done=saved/), page.keyboard.press('Enter')]);
    const stored = (await t.http.get(`/api/games/${g.id}/scoresheet`).expect(200)).body as {
      text: string;
      report: { result: { reason: string; winner: number } };
    };
    const doc = JSON.parse(stored.text) as Scoresheet;
    expect(doc.turns).toEqual(sheet.turns);
    expect(doc.end).toEqual(sheet.end);
    expect(stored.report).toEqual(cliReport(stored.text));
    expect(stored.report.result).toEqual({ winner: 1, reason: 'time-expired' });
    trouble.stop();
    expect(trouble.problems).toEqual([]);
    await page.close();
    // Every key of 20 turns typed one at a time, each checked by the page as a judge types:
    // about 40 s alone on 2 cores, and it ran past 60 s beside the other suites.
  }, 180_000);

  test('the skip link lands in the form, and one Tab leaves the last row written for the end of the game (issue 36)', async () => {
    // A game of its own: the draft this test leaves must not become another test's sheet.
    const { divisionId } = await createTournament(
      t,
      {
        name: 'Kup Tastature',
        ruleSet: 'kvizovka',
        rounds: 1,
        divisions: ['A'],
      },
      [judge.email],
    );
    await register(t, divisionId, ['Aleksandra Stojanović-Radosavljević', 'Đorđe Šćekić']);
    const g = (await pair(t, divisionId)).games.find((x) => x.second !== null) as GameJson;
    const sheet = paperSheet(namesOf(g));
    const page = await signedIn(browser);
    try {
      await page.setViewportSize(DESKTOP);
      await page.goto(`${t.url}/judge/games/${g.id}/scoresheet`);
      // From the top of the page the first Tab is the skip link to the sheet; Enter on it puts
      // the focus in the first row, where its typing begins: no Tab more to the first cell
      // (issue 36 counted 17 from the skip link to the main content).
      await page.locator('body').focus();
      expect(await tabsTo(page, 'skip-to')).toBe(1);
      expect(await page.locator('#skip-to').innerText()).toBe('Pređi na zapisnik');
      await page.keyboard.press('Enter');
      expect(await focusedId(page)).toBe('c-0-position');
      expect(
        await page.evaluate<boolean>(`document.activeElement.closest('#sheet-form') !== null`),
      ).toBe(true);

      // The 20 turns written, the end of the game not yet: below them are empty rows.
      await fillSheet(page, sheet, namesOf(g), { end: false });
      expect(await page.locator('tr.sheet-row').count()).toBeGreaterThan(sheet.turns.length);
      // With the script the rows come as they are typed: no button between them and the end.
      expect(await page.locator('#add-rows').isVisible()).toBe(false);
      const lastCell = await page.evaluate<string>(
        `[...document.querySelectorAll('tr.sheet-row[data-row="19"] [name]:not([type=hidden])')].at(-1).id`,
      );
      expect(lastCell).toBe('c-19-challenge');
      await page.focus(`#${lastCell}`);
      // One Tab from the last row written to the end of the game (issue 36 counted 10).
      expect(await tabsTo(page, 'end-reason')).toBe(1);
      await page.keyboard.press('Shift+Tab');
      expect(await focusedId(page)).toBe(lastCell);

      // Enter goes on into the next row, which then keeps its order for Tab and Shift+Tab
      // (an exchange is chosen in the kind before the position)…
      await page.focus('#c-19-clock');
      await page.keyboard.press('Enter');
      expect(await focusedId(page)).toBe('c-20-position');
      await page.keyboard.press('Shift+Tab');
      expect(await focusedId(page)).toBe('c-20-kind');
      await page.keyboard.press('Tab');
      await page.keyboard.type('9F');
      // …and a row typed in is a row written: Tab from its last cell goes to the end.
      const newLast = await page.evaluate<string>(
        `[...document.querySelectorAll('tr.sheet-row[data-row="20"] [name]:not([type=hidden])')].at(-1).id`,
      );
      await page.focus(`#${newLast}`);
      expect(await tabsTo(page, 'end-reason')).toBe(1);
      await screenshot(page, 'sheet-form-tab-to-end');
    } finally {
      await page.close();
    }
  });

  test('the same sheet with JavaScript off: the server flags the cell, the fix saves the same report', async () => {
    const g = games[1];
    const sheet = paperSheet(namesOf(g));
    const slip = structuredClone(sheet);
    slip.turns[4].score = sheet.turns[4].score! + 7;
    const plain = await launchChromium({ javaScript: false });
    try {
      const page = await signedIn(plain);
      await page.goto(`${t.url}/judge/games/${g.id}/scoresheet`);
      expect(await page.locator('#live-status').isHidden()).toBe(true);
      await fillSheet(page, slip, namesOf(g));
      await page.click('#sheet-verify');
      await page.waitForLoadState();
      expect(await hasClass(page, '#c-4-score', 'bad')).toBe(true);
      expect(await page.locator('#msg-4').innerText()).toContain(
        `po pravilima ${sheet.turns[4].score}`,
      );
      await page.fill('#c-4-score', String(sheet.turns[4].score));
      await page.click('#sheet-save');
      await page.waitForURL(/done=saved/);
      const stored = (await t.http.get(`/api/games/${g.id}/scoresheet`).expect(200)).body as {
        text: string;
        report: unknown;
      };
      expect(JSON.parse(stored.text).turns).toEqual(sheet.turns);
      expect(stored.report).toEqual(cliReport(stored.text));
      await screenshot(page, 'sheet-form-no-script');
    } finally {
      await plain.close();
    }
  });

  test('a clock typed into the tiles left with a wrong turn-5 score: the turn-5 flag stays and the end cell is flagged in Serbian', async () => {
    // A game of its own: the draft this test leaves must not become another test's sheet.
    const { divisionId } = await createTournament(
      t,
      {
        name: 'Kup Kraja Partije',
        ruleSet: 'kvizovka',
        rounds: 1,
        divisions: ['A'],
      },
      [judge.email],
    );
    await register(t, divisionId, ['Ljubica Njegoš', 'Marko Čačak']);
    const g = (await pair(t, divisionId)).games.find((x) => x.second !== null) as GameJson;
    const sheet = paperSheet(namesOf(g));
    const slip = structuredClone(sheet);
    slip.turns[4].score = sheet.turns[4].score! + 7;
    slip.end!.racks = ['1634', sheet.end!.racks![1]];
    const page = await signedIn(browser);
    try {
      await page.setViewportSize(DESKTOP);
      await page.goto(`${t.url}/judge/games/${g.id}/scoresheet`);
      await fillSheet(page, slip, namesOf(g));
      await page.click('#sheet-verify');
      await page.waitForLoadState();
      expect(await hasClass(page, '#c-4-score', 'bad')).toBe(true);
      expect(await page.locator('#msg-4').innerText()).toContain(
        `po pravilima ${sheet.turns[4].score}`,
      );
      expect(await hasClass(page, '#end-racks-0', 'bad')).toBe(true);
      const end = await page.locator('#msg-end').innerText();
      expect(end).toContain('„1“ na 1. mestu nije slovo ove igre');
      expect(end).not.toContain('end.racks');
      await screenshot(page, 'sheet-form-end-field-slip');
    } finally {
      await page.close();
    }
  });

  test('a play written over occupied squares, then challenged and ruled invalid: the position cell and the verdict agree (issue 34, defect 6)', async () => {
    // A game of its own: the draft this test leaves must not become another test's sheet.
    const { divisionId } = await createTournament(
      t,
      {
        name: 'Kup Osporavanja',
        ruleSet: 'kvizovka',
        rounds: 1,
        divisions: ['A'],
      },
      [judge.email],
    );
    await register(t, divisionId, ['Vesna Jokić', 'Goran Ćosić']);
    const g = (await pair(t, divisionId)).games.find((x) => x.second !== null) as GameJson;
    const sheet = paperSheet(namesOf(g));
    // Turn 19, challenged and ruled invalid, written over the first play's squares in letters
    // that are not on them: the play breaks a placement rule, and its tiles came off anyway.
    const [position, word] = sheet.turns[0].play!.split(' ');
    sheet.turns[18].play = `${position} ${[...word].map((c) => (c === 'A' ? 'E' : 'A')).join('')}`;
    const read = verifyDocument(sheet, { words: null });
    if (!read.ok) throw new Error('unreadable');
    // What the engine says (docs/rulings.md, rule 10): the placement problems are warnings, the
    // play is withdrawn regardless, and the sheet is right.
    const turn19 = read.report.turns[18].issues;
    expect(turn19.filter((i) => i.code === 'SQUARE_OCCUPIED').length).toBeGreaterThan(0);
    expect(turn19.filter((i) => i.severity === 'error')).toEqual([]);
    expect(read.report.ok).toBe(true);
    const page = await signedIn(browser);
    const agree = async () => {
      // The cell is yellow with its notes, never red beside a verdict that says the sheet is right.
      expect(await hasClass(page, '#c-18-position', 'warn')).toBe(true);
      expect(await page.locator('#sheet-form .bad').count()).toBe(0);
      const verdict = await page.locator('#verdict').innerText();
      expect(verdict).toContain('✓ Zapisnik je ispravan');
      const notes = await page.locator('#msg-18').innerText();
      expect(notes).toContain('potez je ionako povučen posle prigovora');
      expect(notes).toContain('Prigovor usvojen: potez povučen');
    };
    try {
      await page.setViewportSize(DESKTOP);
      await page.goto(`${t.url}/judge/games/${g.id}/scoresheet`);
      await fillSheet(page, sheet, namesOf(g));
      // As the page checks it live, then as the server draws it. The live check runs as the
      // rows are typed: its last run, on the whole sheet, is the one to compare (on a busy
      // machine an earlier run, on the rows typed so far, can still be on the page).
      await waitUntil(
        page,
        `document.querySelector('#c-18-position').classList.contains('warn') && document.querySelectorAll('#sheet-form .bad').length === 0`,
      );
      await agree();
      await page.click('#sheet-verify');
      await page.waitForLoadState();
      await agree();
      await screenshot(page, 'sheet-form-overlap-withdrawn');
      await page.setViewportSize(PHONE);
      await screenshot(page, 'sheet-form-overlap-withdrawn-phone');
    } finally {
      await page.close();
    }
  }, 180_000);

  test('a reload in the middle of typing loses nothing; a second judge on the same sheet gets the conflict', async () => {
    const g = games[2];
    const sheet = paperSheet(namesOf(g));
    const half = { ...sheet, turns: sheet.turns.slice(0, 7), end: undefined, claimed: undefined };
    const page = await signedIn(browser);
    await page.goto(`${t.url}/judge/games/${g.id}/scoresheet`);
    // The second judge opens the sheet now, before the first has typed anything.
    const other = await launchChromium();
    try {
      const second = await signedIn(other, secondJudge);
      await second.goto(`${t.url}/judge/games/${g.id}/scoresheet`);

      await typeSheet(page, half, namesOf(g));
      await waitUntil(
        page,
        `/Nacrt sačuvan/.test(document.querySelector('#live-status').textContent)`,
      );
      await page.reload();
      const typed = formOf(half, namesOf(g)).rows;
      for (const [i, row] of typed.entries()) {
        expect([
          i,
          await page.inputValue(`#c-${i}-position`),
          await page.inputValue(`#c-${i}-clock`),
        ]).toEqual([i, row.position, row.clock]);
      }
      expect(await page.locator('#sheet-notice').innerText()).toContain('Vraćen je nacrt');

      // The second judge types on a page older than that draft: told, and writes nothing over it.
      await second.fill('#c-0-position', '9F');
      await second.fill('#c-0-word', 'KUĆA');
      await second.locator('#sheet-conflict').waitFor();
      expect(await second.locator('#sheet-conflict').innerText()).toContain('u drugom prozoru');
      await screenshot(second, 'sheet-form-conflict');
      await page.reload();
      expect(await page.inputValue('#c-6-position')).toBe(typed[6].position);

      // Saved as it is, half a game with no end: the page asks first, and records nothing yet.
      const [first, second2] = namesOf(g);
      await page.click('#sheet-save');
      await page.locator('#sheet-unfinished').waitFor();
      expect(await page.locator('#sheet-unfinished').innerText()).toContain(
        `Po zapisniku ova partija nije završena (${first} 4 od 10, ${second2} 3 od 10 poteza)`,
      );
      await screenshot(page, 'sheet-form-unfinished');
      expect(((await t.http.get(`/api/games/${g.id}`).expect(200)).body as GameJson).result).toBe(
        null,
      );
      await page.click('#sheet-save-unfinished');
      await page.waitForURL(/done=saved/);
      expect(
        ((await t.http.get(`/api/games/${g.id}`).expect(200)).body as GameJson).result,
      ).toMatchObject({ source: 'scoresheet' });
    } finally {
      await other.close();
    }
  });

  test.each([
    ['scrabble-en', 'scrabble-en/01-english-values-six-zeros.sheet.json'],
    ['qwibble', 'qwibble/01-steal-and-safe.sheet.json'],
    ['quivit', 'quivit/02-grid-links.sheet.json'],
  ])('a %s sheet entered through its form saves the engine’s report', async (ruleSet, file) => {
    const fixture = JSON.parse(
      readFileSync(join(__dirname, '..', 'fixtures', file), 'utf8'),
    ) as Scoresheet;
    const { divisionId } = await createTournament(
      t,
      {
        name: `Kup ${ruleSet}`,
        ruleSet,
        rounds: 1,
        divisions: ['A'],
        ...(fixture.options ? { options: fixture.options } : {}),
      },
      [judge.email],
    );
    await register(t, divisionId, [...fixture.players]);
    const g = (await pair(t, divisionId)).games.find((x) => x.second !== null) as GameJson;
    const sheet = { ...fixture, players: namesOf(g) };
    const page = await signedIn(browser);
    const trouble = watch(page);
    await page.goto(`${t.url}/judge/games/${g.id}/scoresheet`);
    await fillSheet(page, sheet, namesOf(g));
    const expected = verifyDocument(sheet, { words: null });
    await waitUntil(
      page,
      `document.querySelector('#verdict') && !document.querySelector('#verdict').hidden`,
    );
    await screenshot(page, `sheet-form-${ruleSet}`);
    await page.setViewportSize(PHONE);
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.setViewportSize(DESKTOP);
    await page.click('#sheet-save');
    // A sheet that stops before the end (the Qwibble one has no end written) may be asked about first.
    const unfinished = page.locator('#sheet-unfinished');
    await Promise.race([
      page.waitForURL(/done=saved/),
      unfinished.waitFor().catch(() => undefined),
    ]);
    if (await unfinished.isVisible()) await page.click('#sheet-save-unfinished');
    await page.waitForURL(/done=saved/);
    const stored = (await t.http.get(`/api/games/${g.id}/scoresheet`).expect(200)).body as {
      text: string;
      report: { turns: unknown[] };
    };
    expect(expected.ok).toBe(true);
    if (expected.ok) expect(stored.report.turns).toHaveLength(expected.report.turns.length);
    expect(stored.report).toEqual(cliReport(stored.text));
    trouble.stop();
    expect(trouble.problems).toEqual([]);
    await page.close();
  });

  test('save pressed while the page’s own draft is on its way: no conflict with itself, the sheet is saved', async () => {
    const fixture = JSON.parse(
      readFileSync(
        join(__dirname, '..', 'fixtures', 'qwibble/01-steal-and-safe.sheet.json'),
        'utf8',
      ),
    ) as Scoresheet;
    const { divisionId } = await createTournament(
      t,
      {
        name: 'Kup nacrta u letu',
        ruleSet: 'qwibble',
        rounds: 1,
        divisions: ['A'],
        ...(fixture.options ? { options: fixture.options } : {}),
      },
      [judge.email],
    );
    await register(t, divisionId, [...fixture.players]);
    const g = (await pair(t, divisionId)).games.find((x) => x.second !== null) as GameJson;
    const page = await signedIn(browser);
    await page.goto(`${t.url}/judge/games/${g.id}/scoresheet`);
    await fillSheet(page, { ...fixture, players: namesOf(g) }, namesOf(g));
    await waitUntil(
      page,
      `/Nacrt sačuvan/.test(document.querySelector('#live-status').textContent)`,
    );
    // The next draft reaches the server and is stored, but its answer is held back, as on a slow
    // network: the page still names the version before it when Save is pressed.
    let stored!: () => void;
    const draftStored = new Promise<void>((resolve) => (stored = resolve));
    let release!: () => void;
    const answerHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/scoresheet/draft', async (route) => {
      const response = await route.fetch();
      stored();
      await answerHeld;
      await route.fulfill({ response }).catch(() => undefined);
    });
    const word = await page.inputValue('#c-0-word');
    await page.fill('#c-0-word', `${word}X`);
    await page.fill('#c-0-word', word);
    await draftStored;
    await page.click('#sheet-save');
    await page.locator('#sheet-unfinished').waitFor();
    expect(await page.locator('#sheet-conflict').count()).toBe(0);
    release();
    await page.unroute('**/scoresheet/draft');
    await page.click('#sheet-save-unfinished');
    await page.waitForURL(/done=saved/);
    expect(
      ((await t.http.get(`/api/games/${g.id}`).expect(200)).body as GameJson).result,
    ).toMatchObject({ source: 'scoresheet' });
    await page.close();
  });

  test('a target-score game of three is entered on the sheet of no game, with who challenged', async () => {
    const fixture = JSON.parse(
      readFileSync(
        join(__dirname, '..', 'fixtures', 'scrabble-target', '02-target-late-mover.sheet.json'),
        'utf8',
      ),
    ) as Scoresheet;
    const players = ['Igrač 1', 'Igrač 2', 'Igrač 3'].slice(0, fixture.players.length);
    const sheet = { ...fixture, players };
    const page = await signedIn(browser);
    await page.goto(`${t.url}/judge/check?rules=scrabble-target&players=${players.length}`);
    expect(await page.locator('th.f-challengeBy, th:has-text("Osporio")').count()).toBeGreaterThan(
      0,
    );
    await fillSheet(page, sheet, players);
    const expected = verifyDocument(sheet);
    await waitUntil(
      page,
      `document.querySelector('#verdict') && !document.querySelector('#verdict').hidden`,
    );
    const verdict = await page.locator('#verdict').getAttribute('class');
    expect(verdict).toContain(expected.ok && expected.report.ok ? 'ok' : 'bad');
    await screenshot(page, 'sheet-form-target-3');
    await page.setViewportSize(PHONE);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'sheet-form-target-3-phone');
    await page.setViewportSize(DESKTOP);
    await page.close();
  });
});
