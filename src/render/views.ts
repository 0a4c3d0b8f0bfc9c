import { existsSync, readdirSync, readFileSync } from 'fs';
import type { HelperOptions } from 'handlebars';
import { dirname, join, relative, sep } from 'path';
import {
  formatClock,
  formatDate,
  formatPoints,
  formatSpread,
  isMessageKey,
  LANG_QUERY,
  Lang,
  LANGUAGE_NAMES,
  LANGUAGES,
  HTML_LANG,
  parseLang,
  t,
} from '../i18n';
import type { TieBreak } from '../standings/types';
import { escapeXml } from './escape';
import { eachKept } from './kept';
import { crossCellText, formatTieBreak, outcomeShort } from './format';
import type { CrossCell } from './pdf/types';

type Handlebars = typeof import('handlebars');

/** `views/`, found upwards from this file (works from `src/` and `dist/src/`). */
export function findViewsDir(): string {
  let dir = __dirname;
  for (;;) {
    const candidate = join(dir, 'views');
    if (existsSync(join(candidate, 'layout.hbs'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`views/layout.hbs not found above ${__dirname}`);
    dir = parent;
  }
}

const langOf = (options: HelperOptions): Lang =>
  parseLang((options.data as { root?: { lang?: unknown } } | undefined)?.root?.lang) ?? 'sr-Latn';

/** Appends `lang=…` to a path that may have a query already. */
export function withLang(path: string, lang: Lang): string {
  const [base, hash] = path.split('#', 2);
  const [p, q] = base.split('?', 2);
  const params = new URLSearchParams(q ?? '');
  params.set(LANG_QUERY, lang);
  return `${p}?${params.toString()}${hash !== undefined ? `#${hash}` : ''}`;
}

/**
 * Registers Arbiter's helpers on a Handlebars instance:
 * - `{{t "key" n=3}}`: a message of the page's language (`@root.lang`); an unknown key throws;
 * - `{{tk "reason." reason}}`: the message `reason.<value>`; when there is none, the value itself
 *   in English and nothing in Serbian (never an internal word on a Serbian page);
 * - `{{points 2.5}}` `2½`, `{{spread 12}}` `+12`, `{{clockTime 754}}` `12:34` (not `clock`: a
 *   helper of a field's name hides the field, and the turn table's `{{clock}}` was always empty), `{{date "2026-03-12"}}`;
 * - `{{tieBreak "spread" 12}}`, `{{isExtraTieBreak name}}`, `{{crossCell cell}}`, `{{outcome "win"}}`;
 * - `{{langUrl "sr-Cyrl"}}` this page (`@root.path`) in another language, `{{languages}}` for the switch;
 * - `eq`, `ne`, `not`, `and`, `or`, `gt`, `inc`, `minus`, `range n` (1…n), `present`, `either`,
 *   `join`, `includes`, `fieldError errors "field"`;
 * - `{{#eachKept rows a b vary="rank"}}…{{/eachKept}}`: `each` for a long list of kept lines,
 *   each made once and kept with the line (src/render/kept.ts).
 */
export function registerViewHelpers(hb: Handlebars): void {
  hb.registerHelper('t', function (key: unknown, options: HelperOptions) {
    if (typeof key !== 'string' || !isMessageKey(key)) {
      throw new Error(`{{t}}: no translation key '${String(key)}'`);
    }
    return t(langOf(options), key, options.hash as Record<string, string | number>);
  });
  hb.registerHelper('tk', function (prefix: unknown, value: unknown, options: HelperOptions) {
    const key = `${String(prefix)}${String(value)}`;
    const lang = langOf(options);
    if (isMessageKey(key)) return t(lang, key);
    // A value the tables lack is an internal word: English may show it, Serbian does not.
    return lang === 'en' ? String(value) : '';
  });
  hb.registerHelper('issueCount', (turns: unknown) =>
    Array.isArray(turns)
      ? (turns as { issues?: unknown[] }[]).reduce((n, x) => n + (x.issues?.length ?? 0), 0)
      : 0,
  );
  hb.registerHelper('points', (n: unknown) => (typeof n === 'number' ? formatPoints(n) : ''));
  hb.registerHelper('spread', (n: unknown) => (typeof n === 'number' ? formatSpread(n) : ''));
  hb.registerHelper('clockTime', (n: unknown) => (typeof n === 'number' ? formatClock(n) : ''));
  hb.registerHelper('date', function (d: unknown, options: HelperOptions) {
    return typeof d === 'string' || d instanceof Date ? formatDate(langOf(options), d) : '';
  });
  hb.registerHelper('tieBreak', (name: TieBreak, value: unknown) =>
    typeof value === 'number' ? formatTieBreak(name, value) : '',
  );
  hb.registerHelper(
    'isExtraTieBreak',
    (name: unknown) => name !== 'spread' && name !== 'remaining-time',
  );
  hb.registerHelper('crossCell', function (cell: CrossCell | null, options: HelperOptions) {
    return crossCellText(langOf(options), cell ?? null);
  });
  hb.registerHelper('outcome', function (o: CrossCell['outcome'], options: HelperOptions) {
    return outcomeShort(langOf(options), o);
  });
  hb.registerHelper('langUrl', function (lang: unknown, options: HelperOptions) {
    const root = (options.data as { root?: { path?: unknown } }).root;
    const path = typeof root?.path === 'string' ? root.path : '/';
    const target = parseLang(lang) ?? 'sr-Latn';
    // Escaped here, not by Handlebars, which would also write `=` as `&#x3D;`.
    return new hb.SafeString(escapeXml(withLang(path, target)));
  });
  hb.registerHelper('languages', function (options: HelperOptions) {
    const current = langOf(options);
    return LANGUAGES.map((code) => ({
      code,
      name: LANGUAGE_NAMES[code],
      current: code === current,
    }));
  });
  hb.registerHelper('htmlLang', function (options: HelperOptions) {
    return HTML_LANG[langOf(options)];
  });
  hb.registerHelper('eachKept', function (this: unknown, items: unknown, ...rest: unknown[]) {
    const options = rest.pop() as HelperOptions;
    return eachKept.call(this, langOf(options), hb.Utils.escapeExpression, items, rest, options);
  });
  hb.registerHelper('present', (x: unknown) => x !== null && x !== undefined && x !== '');
  hb.registerHelper('either', (a: unknown, b: unknown) => a ?? b);
  hb.registerHelper('minus', (a: unknown, b: unknown) => Number(a) - Number(b));
  hb.registerHelper('range', (n: unknown) =>
    Array.from({ length: Math.max(0, Math.floor(Number(n)) || 0) }, (_, i) => i + 1),
  );
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  hb.registerHelper('ne', (a: unknown, b: unknown) => a !== b);
  hb.registerHelper('gt', (a: unknown, b: unknown) => Number(a) > Number(b));
  hb.registerHelper('not', (a: unknown) => !a);
  hb.registerHelper('and', (...args: unknown[]) => args.slice(0, -1).every(Boolean));
  hb.registerHelper('or', (...args: unknown[]) => args.slice(0, -1).some(Boolean));
  hb.registerHelper('inc', (n: unknown) => Number(n) + 1);
  hb.registerHelper('join', (xs: unknown, s: unknown) =>
    Array.isArray(xs) ? xs.join(typeof s === 'string' ? s : ', ') : '',
  );
  hb.registerHelper('includes', (xs: unknown, x: unknown) => Array.isArray(xs) && xs.includes(x));
  hb.registerHelper('fieldError', function (errors: unknown, field: unknown) {
    if (!Array.isArray(errors)) return '';
    const e = (errors as { field: string; message: string }[]).find((x) => x.field === field);
    return e ? e.message : '';
  });
}

/** Every `.hbs` under `views/partials`, by name relative to it without the extension (`board`, `forms/field`). */
export function readPartials(viewsDir: string): Record<string, string> {
  const root = join(viewsDir, 'partials');
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.hbs')) {
        const name = relative(root, path).slice(0, -'.hbs'.length).split(sep).join('/');
        out[name] = readFileSync(path, 'utf8');
      }
    }
  };
  if (existsSync(root)) walk(root);
  return out;
}

/**
 * Readies a Handlebars instance for `views/`: helpers and partials, read
 * synchronously. For the Nest app: `configureViews(require('hbs').handlebars)`
 * next to `app.setViewEngine('hbs')` (hbs then uses `views/layout.hbs`).
 */
export function configureViews(hb: Handlebars, viewsDir: string = findViewsDir()): void {
  registerViewHelpers(hb);
  for (const [name, source] of Object.entries(readPartials(viewsDir))) {
    hb.registerPartial(name, source);
  }
}

/**
 * Renders a page as hbs does (the page, then `layout.hbs` around it as
 * `body`), without Express: for tests, static exports and error pages.
 */
export function createViewRenderer(
  hb: Handlebars,
  viewsDir: string = findViewsDir(),
): (page: string, model: object) => string {
  const instance = hb.create();
  configureViews(instance, viewsDir);
  const cache = new Map<string, HandlebarsTemplateDelegate>();
  const compile = (name: string): HandlebarsTemplateDelegate => {
    let template = cache.get(name);
    if (!template) {
      template = instance.compile(readFileSync(join(viewsDir, `${name}.hbs`), 'utf8'), {
        strict: false,
      });
      cache.set(name, template);
    }
    return template;
  };
  return (page, model) => {
    const body = compile(page)(model);
    return compile('layout')({ ...model, body });
  };
}
