import { existsSync, readFileSync } from 'fs';
import Handlebars from 'handlebars';
import { join } from 'path';
import { gzipSync } from 'zlib';
import { chromium } from 'playwright-core';
import { findRuleSet, simulateGame } from '../src/engine';
import type { SheetFormPage } from '../src/sheet-form/page';
import { createViewRenderer } from '../src/render/views';
import { checkForm, checkSection, padRows, sheetLayout, sheetToForm } from '../src/sheet-form';
import { formView, sheetTexts } from '../src/sheet-form/view';
import { median } from './harness';

const BUNDLE = join(__dirname, '..', 'assets', 'sheet-form.js');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const EDITS = 50;

/** The judge's sheet page of a 20-turn Kvizovka game, filled in, as the server renders it. */
function sheetPage(): string {
  const players = ['Ana Petrović', 'Marko Jovanović'];
  const { sheet } = simulateGame(findRuleSet('kvizovka')!, 11);
  sheet.players = players;
  const layout = sheetLayout(findRuleSet('kvizovka')!, players);
  const form = sheetToForm(sheet, layout);
  const check = checkForm(form, layout, 'sr-Latn', null);
  const model: SheetFormPage = {
    lang: 'sr-Latn',
    title: 'Unos zapisnika',
    path: '/judge/games/1/scoresheet',
    user: { name: 'Sudija', role: 'judge' },
    crumbs: [],
    flash: null,
    site: { home: '/', signIn: '/sign-in', signOut: '/sign-out', judge: '/judge' },
    game: null,
    action: '/judge/games/1/scoresheet',
    form: formView({ ...form, rows: padRows(form.rows, layout) }, layout, 'sr-Latn', check.flags),
    texts: sheetTexts('sr-Latn'),
    check: checkSection(check, layout, 'sr-Latn'),
    canSave: true,
    saved: false,
    notice: null,
    conflict: null,
    draftVersion: 0,
    importText: '',
    importError: null,
    importProblems: null,
    importOpen: false,
    unfinished: null,
    links: false,
    scriptUrl: '/assets/sheet-form.js',
    configJson: JSON.stringify({ lang: 'sr-Latn', layout, draftUrl: null, wordsUrl: null }),
  };
  return createViewRenderer(Handlebars)('judge/scoresheet', model);
}

/**
 * The sheet form's live check in Chromium: the bundle's size, and the time
 * from a keystroke (the input event's time stamp) to the flags on the page,
 * over 50 edits of a filled 20-turn Kvizovka sheet (a score made wrong and
 * right again, each edit a whole check, flags and board). Without a server:
 * the page is the server's rendering, served to the browser from memory.
 */
export async function run(): Promise<void> {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: npm run build writes it`);
  const bundle = readFileSync(BUNDLE);
  console.log(
    `sheet form bundle: ${(bundle.length / 1024).toFixed(0)} KiB, ${(gzipSync(bundle, { level: 9 }).length / 1024).toFixed(1)} KiB gzip`,
  );
  if (!existsSync(CHROMIUM)) {
    console.log(`sheet form keystroke to flag: skipped, ${CHROMIUM} is not installed`);
    return;
  }
  const html = sheetPage();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.route('**/*', (route) => {
      const url = new URL(route.request().url());
      return url.pathname === '/assets/sheet-form.js'
        ? route.fulfill({ body: bundle, contentType: 'text/javascript' })
        : route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' });
    });
    await page.goto('http://arbiter.bench/judge/games/1/scoresheet');
    await page.waitForFunction('Array.isArray(window.sheetTimings)');
    await page.focus('#c-4-score');
    await page.keyboard.press('End');
    for (let k = 0; k < EDITS; k++) await page.keyboard.press(k % 2 === 0 ? '7' : 'Backspace');
    const flagged = await page.evaluate<boolean>(
      "document.querySelector('#c-4-score').classList.contains('bad')",
    );
    const timings = await page.evaluate<number[]>('window.sheetTimings');
    if (timings.length !== EDITS || flagged) {
      throw new Error(`expected ${EDITS} checked edits ending unflagged, got ${timings.length}`);
    }
    const sorted = [...timings].sort((a, b) => a - b);
    console.log(
      `sheet form keystroke to flag (20-turn Kvizovka sheet, ${EDITS} edits): median ${median(timings).toFixed(1)} ms, ` +
        `90th percentile ${sorted[Math.floor(EDITS * 0.9)].toFixed(1)} ms, max ${sorted[EDITS - 1].toFixed(1)} ms (target ≤ 100 ms)`,
    );
  } finally {
    await browser.close();
  }
}
