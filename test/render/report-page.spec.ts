import Handlebars from 'handlebars';
import { readdirSync, readFileSync, statSync } from 'fs';
import { join } from 'path';
import type { VerificationReport } from '../../src/engine/report';
import { LANGUAGES, Lang } from '../../src/i18n';
import { gameReportSection } from '../../src/render/game-section';
import { createViewRenderer, findViewsDir, registerViewHelpers } from '../../src/render/views';
import type { GamePage } from '../../src/render/view-models';
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
    const clock = { 'sr-Latn': 'Sat', 'sr-Cyrl': 'Сат', en: 'Clock' }[lang];
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
