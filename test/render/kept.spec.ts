import Handlebars from 'handlebars';
import { readFileSync } from 'fs';
import { join } from 'path';
import { LANGUAGES } from '../../src/i18n';
import { KEPT_AS, keptBytes } from '../../src/render/kept';
import type { StandingsPage } from '../../src/standings-api/division-page-models';
import { configureViews, findViewsDir } from '../../src/render/views';
import { pageSamples } from './samples';

/** The standings page's template on its own Handlebars, with the lines' `points` calls counted. */
function standingsTemplate(): { render: (model: object) => string; made: () => number } {
  const hb = Handlebars.create();
  configureViews(hb);
  let made = 0;
  const points = hb.helpers.points as (...args: unknown[]) => unknown;
  hb.registerHelper('points', (...args: unknown[]) => {
    made++;
    return points(...args);
  });
  const template = hb.compile(
    readFileSync(join(findViewsDir(), 'public', 'standings.hbs'), 'utf8'),
  );
  return { render: (model) => template(model), made: () => made };
}

type Line = StandingsPage['rows'][number] & { [KEPT_AS]?: object };

const sample = (lang: (typeof LANGUAGES)[number]): StandingsPage =>
  pageSamples(lang)['public/standings'] as StandingsPage;

describe('kept lines of a page (eachKept)', () => {
  it.each(LANGUAGES)('as bytes, the page is the same as rendered as text (%s)', (lang) => {
    const { render } = standingsTemplate();
    const text = render(sample(lang));
    const model = { ...sample(lang), keptParts: [] as Buffer[][] };
    const html = render(model);
    expect(html).not.toEqual(text);
    expect(keptBytes(html, model).toString('utf8')).toEqual(text);
  });

  it('a line that only moved is not made again: its kept output takes the new rank', () => {
    const { render, made } = standingsTemplate();
    const first = sample('sr-Latn');
    const lines = first.rows as Line[];
    for (const line of lines) line[KEPT_AS] = line;
    const before = render({ ...first, keptParts: [] });
    const linesMade = made();
    expect(linesMade).toBe(lines.length);
    // The same players one rank down each, as new lines standing for the old ones.
    const moved = lines.map((line) => ({ ...line, rank: line.rank + 1, [KEPT_AS]: line }));
    const model = { ...first, rows: moved, keptParts: [] as Buffer[][] };
    const after = keptBytes(render(model), model).toString('utf8');
    expect(made()).toBe(linesMade);
    // What a fresh template makes of plain copies of the moved lines.
    const fresh = standingsTemplate().render({
      ...first,
      rows: moved.map((line) => ({ ...line, [KEPT_AS]: undefined })),
    });
    expect(after).toEqual(fresh);
    expect(after).not.toEqual(before.replace(/\uE001/, ''));
    expect(after).toContain(`<td class="num">${lines[0].rank + 1}.</td>`);
  });

  it('a line that changed in more than its rank is made again', () => {
    const { render, made } = standingsTemplate();
    const first = sample('en');
    const lines = first.rows as Line[];
    for (const line of lines) line[KEPT_AS] = line;
    render(first);
    const changed = { ...lines[0], points: lines[0].points + 1, [KEPT_AS]: undefined };
    const after = render({ ...first, rows: [changed, ...lines.slice(1)] });
    expect(made()).toBe(lines.length + 1);
    expect(after).toContain(`<strong>${lines[0].points + 1}`);
  });
});
