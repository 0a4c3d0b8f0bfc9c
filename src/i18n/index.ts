import {
  isArgumentElement,
  isLiteralElement,
  isPluralElement,
  isPoundElement,
  isSelectElement,
  isTagElement,
  parse,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { en } from './en';
import { hr } from './hr';
import { srCyrl } from './sr-Cyrl';
import { MessageKey, srLatn } from './sr-Latn';
import { latinToCyrillic } from './transliterate';

export type { MessageKey } from './sr-Latn';
export { latinToCyrillic };

/** The languages of the pages and PDFs. `sr-Latn` is the default. */
export const LANGUAGES = ['sr-Latn', 'sr-Cyrl', 'hr', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'sr-Latn';

/** Name of the cookie that keeps the chosen language. */
export const LANG_COOKIE = 'arbiter_lang';
/** Name of the query parameter that chooses a language (`?lang=sr-Cyrl`). */
export const LANG_QUERY = 'lang';

/** Each language's name in its own script, for the language switch. */
export const LANGUAGE_NAMES: Readonly<Record<Lang, string>> = {
  'sr-Latn': 'Latinica',
  'sr-Cyrl': 'Ћирилица',
  hr: 'Hrvatski',
  en: 'English',
};

/** The value of the HTML `lang` attribute / PDF language of each language. */
export const HTML_LANG: Readonly<Record<Lang, string>> = {
  'sr-Latn': 'sr-Latn',
  'sr-Cyrl': 'sr-Cyrl',
  hr: 'hr',
  en: 'en',
};

export const TABLES: Readonly<Record<Lang, Readonly<Record<MessageKey, string>>>> = {
  'sr-Latn': srLatn,
  'sr-Cyrl': srCyrl,
  hr,
  en,
};

const ALIASES: Readonly<Record<string, Lang>> = {
  'sr-latn': 'sr-Latn',
  'sr-latn-rs': 'sr-Latn',
  sr: 'sr-Latn',
  lat: 'sr-Latn',
  latin: 'sr-Latn',
  latinica: 'sr-Latn',
  'sr-cyrl': 'sr-Cyrl',
  'sr-cyrl-rs': 'sr-Cyrl',
  cyr: 'sr-Cyrl',
  cyrl: 'sr-Cyrl',
  cyrillic: 'sr-Cyrl',
  ћирилица: 'sr-Cyrl',
  ћир: 'sr-Cyrl',
  hr: 'hr',
  'hr-hr': 'hr',
  'hr-ba': 'hr',
  hrvatski: 'hr',
  en: 'en',
  eng: 'en',
  english: 'en',
  'en-gb': 'en',
  'en-us': 'en',
};

/** The language a value names (`sr-Cyrl`, `cyr`, `en`, …), or `null`. */
export function parseLang(value: unknown): Lang | null {
  if (typeof value !== 'string') return null;
  const name = value.trim().toLowerCase();
  // Own names only: `constructor` or `__proto__` would find Object's own.
  return Object.prototype.hasOwnProperty.call(ALIASES, name) ? ALIASES[name] : null;
}

/**
 * The language of a request: the first of the candidates that names one
 * (typically the `lang` query value, then the `arbiter_lang` cookie), else
 * the default. Arrays (a repeated query parameter) count by their first value.
 */
export function pickLanguage(...candidates: unknown[]): Lang {
  for (const c of candidates) {
    const lang = parseLang(Array.isArray(c) ? c[0] : c);
    if (lang) return lang;
  }
  return DEFAULT_LANG;
}

/**
 * The language a browser's Accept-Language asks for, when it is one the default does not give:
 * Croatian when the browser's first language is Croatian (`hr`, `hr-HR`; the highest `q`, the
 * first of equals). Any other first language gives `null`, so the default stands: a phone set to
 * English at a Serbian event still reads the event's language, and `?lang=en` is one tap away.
 */
export function languageFromAcceptLanguage(header: unknown): Lang | null {
  if (typeof header !== 'string' || header.length > 500) return null;
  let best: { tag: string; q: number } | null = null;
  for (const part of header.split(',')) {
    const [range, ...params] = part.trim().split(';');
    const tag = range.trim().toLowerCase();
    if (tag === '' || tag === '*') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    if (best === null || q > best.q) best = { tag, q };
  }
  return best !== null && (best.tag === 'hr' || best.tag.startsWith('hr-')) ? 'hr' : null;
}

/** The values of a message's arguments: `{name}`, `{n, plural, …}`. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** A message in a language, its ICU MessageFormat arguments filled in from `params`. */
export function t(lang: Lang, key: MessageKey, params?: MessageParams): string {
  let formats = FORMATS.get(lang);
  if (formats === undefined) FORMATS.set(lang, (formats = new Map<MessageKey, Format>()));
  let format = formats.get(key);
  if (format === undefined) formats.set(key, (format = compile(lang, TABLES[lang][key])));
  return typeof format === 'string' ? format : format(params);
}

/** A message made ready to fill: its text when it has no argument. */
type Format = string | ((params: MessageParams | undefined) => string);

const FORMATS = new Map<Lang, Map<MessageKey, Format>>();

/**
 * A message of a catalogue made ready to fill. Most have only plain arguments (`{name}`): those
 * are joined here from their parts, as IntlMessageFormat would join them (each value as
 * `String` writes it, a number without grouping), at a fraction of its cost on a page of many
 * lines. The rest (plurals, selects) are IntlMessageFormat's, with the language's plural rules.
 * An argument left without a value is written as it stands in the message (`{name}`), as the
 * pages always had it, rather than failing the page.
 */
function compile(lang: Lang, text: string): Format {
  if (!text.includes('{') && !text.includes("'")) return text;
  const elements = parse(text, { ignoreTag: true });
  const names = argumentNames(elements);
  if (elements.every((e) => isLiteralElement(e) || isArgumentElement(e))) {
    const parts = elements.map((e) => (isLiteralElement(e) ? e.value : { name: e.value }));
    if (names.size === 0) return elements.map((e) => (isLiteralElement(e) ? e.value : '')).join('');
    return (params) => {
      let out = '';
      for (const part of parts) {
        if (typeof part === 'string') out += part;
        else if (params !== undefined && Object.prototype.hasOwnProperty.call(params, part.name))
          out += String(params[part.name]);
        else out += `{${part.name}}`;
      }
      return out;
    };
  }
  const message = new IntlMessageFormat(elements, HTML_LANG[lang], undefined, { ignoreTag: true });
  return (params) => {
    const values: Record<string, string | number> = {};
    for (const name of names)
      values[name] =
        params !== undefined && Object.prototype.hasOwnProperty.call(params, name)
          ? params[name]
          : `{${name}}`;
    return String(message.format(values));
  };
}

/** The names of a message's arguments, in its plurals' and selects' branches too. */
function argumentNames(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (isLiteralElement(e) || isPoundElement(e) || isTagElement(e)) continue;
    names.add(e.value);
    if (isPluralElement(e) || isSelectElement(e))
      for (const option of Object.values(e.options)) argumentNames(option.value, names);
  }
  return names;
}

/** True when `key` is a key of the tables (for keys built at run time, e.g. in templates). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(srLatn, key);
}

/** A bound translator: `tr('col.rank')`. */
export type Translator = (key: MessageKey, params?: MessageParams) => string;
export function translator(lang: Lang): Translator {
  return (key, params) => t(lang, key, params);
}

/**
 * The locale `Intl` formats a language's numbers with: Serbian numbers (Latin digits) for both
 * scripts, Croatian's own for Croatian (the same `20.000` and `2,5`), English for English.
 */
export function numberLocale(lang: Lang): string {
  return lang === 'en' ? 'en' : lang === 'hr' ? 'hr' : 'sr-Latn';
}

/** A whole number as the language writes it: `20.000` in Serbian and Croatian, `20,000` in English. */
export function formatCount(lang: Lang, n: number): string {
  return new Intl.NumberFormat(numberLocale(lang)).format(n);
}

/** Game points: `2`, `2½`, `½`. */
export function formatPoints(points: number): string {
  const whole = Math.floor(points);
  const half = Math.abs(points - whole - 0.5) < 1e-9;
  if (half) return whole === 0 ? '½' : `${whole}½`;
  return String(Math.round(points * 100) / 100);
}

/** A spread with its sign: `+45`, `-12`, `0`. */
export function formatSpread(spread: number): string {
  return spread > 0 ? `+${spread}` : String(spread);
}

/** Seconds as a clock: `mm:ss`, `h:mm:ss` from an hour on, `-mm:ss` when negative. */
export function formatClock(seconds: number): string {
  const sign = seconds < 0 ? '-' : '';
  let s = Math.round(Math.abs(seconds));
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  const rest = s - m * 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(rest).padStart(2, '0');
  return h > 0 ? `${sign}${h}:${mm}:${ss}` : `${sign}${mm}:${ss}`;
}

/** A date (`YYYY-MM-DD` or a Date) as the language writes it: `12. 3. 2026.` or `2026-03-12`. */
export function formatDate(lang: Lang, value: string | Date): string {
  const d = typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value;
  if (Number.isNaN(d.getTime())) return String(value);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  return lang === 'en'
    ? `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`
    : `${day}. ${m}. ${y}.`;
}
