import Handlebars from 'handlebars';
import { readdirSync, readFileSync, statSync } from 'fs';
import { join } from 'path';
import type { VerificationReport } from '../../src/engine/report/report';
import { LANGUAGES, Lang } from '../../src/i18n';
import { gameReportSection } from '../../src/render/game-section';
import { createViewRenderer, findViewsDir, registerViewHelpers } from '../../src/render/views';
import type { GamePage } from '../../src/standings-api/division-page-models';
import { decode } from '../browser/site';
import { fixtureReport, pageSamples } from './samples';

const VIEWS = findViewsDir();
const render = createViewRenderer(Handlebars, VIEWS);

/** The public game page of a report, as a controller fills it. */
function gamePageHtml(report: VerificationReport, lang: Lang): string {
  const model: GamePage = {
    ...pageSamples(lang)['public/game'],
    sheet: gameReportSection(report, lang),
  } as GamePage;
  return render('public/game', model);
}

/** The text of each cell of a table row (`<tr id="turn-3">`), tags removed. */
function rowCells(html: string, id: string): Record<string, string> {
  const row = new RegExp(`<tr id="${id}"[^>]*>([\\s\\S]*?)</tr>`).exec(html);
  if (!row) throw new Error(`no row ${id}`);
  const out: Record<string, string> = {};
  for (const m of row[1].matchAll(/<td[^>]*data-label="([^"]*)"[^>]*>([\s\S]*?)<\/td>/g)) {
    out[decode(m[1])] = decode(m[2].replace(/<[^>]+>/g, ' '))
      .replace(/\s+/g, ' ')
      .trim();
  }
  return out;
}

describe('the clock column of the report turn table', () => {
  const report = (): VerificationReport =>
    fixtureReport('kvizovka/10-challenges-penalties.report.json');

  it.each(LANGUAGES)('shows the clock written on each turn (%s)', (lang) => {
    const html = gamePageHtml(report(), lang);
    const clock = { 'sr-Latn': 'Sat', 'sr-Cyrl': 'Сат', hr: 'Sat', en: 'Clock' }[lang];
    expect(rowCells(html, 'turn-1')[clock]).toBe('29:00');
    expect(rowCells(html, 'turn-8')[clock]).toBe('18:30');
  });

  it('no template names a helper where it means a field: {{name}} alone calls the helper', () => {
    const hb = Handlebars.create();
    registerViewHelpers(hb);
    const helpers = Object.keys(hb.helpers);
    const files: string[] = [];
    const walk = (d: string): void => {
      for (const f of readdirSync(d)) {
        const p = join(d, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (f.endsWith('.hbs')) files.push(p);
      }
    };
    walk(VIEWS);
    const clashes: string[] = [];
    for (const f of files) {
      for (const m of readFileSync(f, 'utf8').matchAll(/\{\{\{?\s*([A-Za-z_][\w-]*)\s*\}?\}\}/g)) {
        // A helper that takes no argument (`{{htmlLang}}`) is meant to be called so.
        if (helpers.includes(m[1]) && !['htmlLang', 'languages'].includes(m[1])) {
          clashes.push(`${f.slice(VIEWS.length + 1)}: ${m[0]}`);
        }
      }
    }
    expect(clashes).toEqual([]);
  });
});

/** The header cells of a table of the page (`turns`, `accounts`). */
function headers(html: string, table: string): string[] {
  const m = new RegExp(
    `<table class="data ${table}[^"]*">[\\s\\S]*?<thead>([\\s\\S]*?)</thead>`,
  ).exec(html);
  if (!m) throw new Error(`no table ${table}`);
  return [...m[1].matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((x) => decode(x[1]).trim());
}

describe('the words column of the report turn table', () => {
  it.each(LANGUAGES)(
    "names a play's bonuses after its words, so the words add up to the score (%s)",
    (lang) => {
      const html = gamePageHtml(fixtureReport('kvizovka/08-long-words-bonuses.report.json'), lang);
      const words = { 'sr-Latn': 'Reči', 'sr-Cyrl': 'Речи', hr: 'Riječi', en: 'Words' }[lang];
      const bonus = {
        'sr-Latn': ['sve pločice', 'duga reč'],
        'sr-Cyrl': ['све плочице', 'дуга реч'],
        hr: ['sve pločice', 'duga riječ'],
        en: ['all tiles', 'long word'],
      }[lang];
      // MATEMATIKA 28 + all tiles 40 + long word 20 = 88.
      expect(rowCells(html, 'turn-1')[words]).toBe(
        `MATEMATIKA 28 + ${bonus[0]} 40 + ${bonus[1]} 20`,
      );
      expect(rowCells(html, 'turn-5')[words]).toBe(`ELEKTRIČNOST 16 + ${bonus[1]} 30`);
    },
  );
});

describe('reports fit their game: no Kvizovka-only columns on games that have none', () => {
  const KVIZOVKA_ONLY = {
    turns: ['Clock'],
    accounts: ['Tiles on rack', "From the opponent's rack", 'Time penalty', 'Time left'],
  };
  const en = (file: string): string => gamePageHtml(fixtureReport(file), 'en');

  it('a Quivit report has no clock, racks, penalties or remaining time, and shows the cards', () => {
    const html = en('quivit/02-grid-links.report.json');
    expect(headers(html, 'turns')).not.toContain('Clock');
    const accounts = headers(html, 'accounts');
    expect(accounts).toEqual([
      'Player',
      'Moves',
      'Cards',
      'Drawn for Double Rotate',
      'Final',
      'Final as written',
    ]);
    for (const h of KVIZOVKA_ONLY.accounts) expect(accounts).not.toContain(h);
  });

  it('a Scrabble report without clocks has rack penalty and bonus but no clock, penalty or time', () => {
    const html = en('scrabble-en/01-english-values-six-zeros.report.json');
    expect(headers(html, 'turns')).not.toContain('Clock');
    expect(headers(html, 'accounts')).toEqual([
      'Player',
      'Moves',
      'Tiles on rack',
      "From the opponent's rack",
      'Final',
      'Final as written',
    ]);
  });

  it('a Scrabble report with clocks written shows them', () => {
    const report = fixtureReport('scrabble-en/01-english-values-six-zeros.report.json');
    report.turns[0].clock = { claimed: '24:10', remaining: '24:10' };
    report.players[0].remainingSeconds = 24 * 60 + 10;
    report.players[0].remaining = '24:10';
    const html = gamePageHtml(report, 'en');
    expect(headers(html, 'turns')).toContain('Clock');
    expect(rowCells(html, 'turn-1').Clock).toBe('24:10');
    expect(headers(html, 'accounts')).toContain('Time left');
  });

  it('a Kvizovka report keeps its clock, rack penalty, time penalties and time left (never a rack bonus)', () => {
    const html = en('kvizovka/10-challenges-penalties.report.json');
    expect(headers(html, 'turns')).toContain('Clock');
    expect(headers(html, 'accounts')).toEqual([
      'Player',
      'Moves',
      'Tiles on rack',
      'Final',
      'Final as written',
      'Time penalty',
      'Time left',
    ]);
  });

  it('every cell of the turns and accounts carries its column name for the phone layout', () => {
    for (const file of [
      'kvizovka/10-challenges-penalties.report.json',
      'quivit/02-grid-links.report.json',
    ]) {
      const html = en(file);
      for (const table of ['turns', 'accounts']) {
        const body = new RegExp(
          `<table class="data ${table} stack">[\\s\\S]*?<tbody>([\\s\\S]*?)</tbody>`,
        ).exec(html)![1];
        const cells = body.match(/<td[^>]*>/g) ?? [];
        expect(cells.length).toBeGreaterThan(0);
        for (const td of cells) expect(td).toMatch(/data-label="[^"]+"/);
      }
    }
  });
});
