import { readdirSync, readFileSync, statSync } from 'fs';
import { join } from 'path';
import {
  DEFAULT_LANG,
  formatClock,
  formatDate,
  formatPoints,
  formatSpread,
  isMessageKey,
  LANGUAGES,
  latinToCyrillic,
  MessageKey,
  pickLanguage,
  t,
  TABLES,
} from '../../src/i18n';
import { cyrillicFromLatin } from '../../src/i18n/generate-cyrillic';
import { srCyrl } from '../../src/i18n/sr-Cyrl';
import { srLatn } from '../../src/i18n/sr-Latn';
import { KEEP_LATIN } from '../../src/i18n/transliterate';

const KEYS = Object.keys(srLatn) as MessageKey[];
const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('translation tables', () => {
  it.each(LANGUAGES)('%s has every key, no other, and no empty text', (lang) => {
    const table = TABLES[lang];
    expect(Object.keys(table).sort()).toEqual([...KEYS].sort());
    for (const k of KEYS) expect(table[k].trim()).not.toBe('');
  });

  it.each(LANGUAGES)('%s keeps the placeholders of the Latin text', (lang) => {
    for (const k of KEYS)
      expect([k, placeholders(TABLES[lang][k])]).toEqual([k, placeholders(srLatn[k])]);
  });

  it('the Cyrillic table is the transliterated Latin one (regenerate it after editing the Latin table)', () => {
    expect(srCyrl).toEqual(cyrillicFromLatin());
  });

  it('the Cyrillic table has no Latin letters but abbreviations and placeholders', () => {
    for (const k of KEYS) {
      const rest = srCyrl[k]
        .replace(/\{\w+\}/g, '')
        .replace(/[A-Za-z]+/g, (w) => (KEEP_LATIN.has(w) ? '' : w));
      expect([k, rest.match(/[A-Za-zČĆĐŠŽčćđšž]/g)]).toEqual([k, null]);
    }
  });

  it('English has no Serbian left in it', () => {
    for (const k of KEYS) expect([k, /[čćđšžČĆĐŠŽ]/.test(TABLES.en[k])]).toEqual([k, false]);
  });

  it('every key a view uses exists', () => {
    const views = join(__dirname, '..', '..', 'views');
    const files: string[] = [];
    const walk = (d: string): void => {
      for (const f of readdirSync(d)) {
        const p = join(d, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (f.endsWith('.hbs')) files.push(p);
      }
    };
    walk(views);
    expect(files.length).toBeGreaterThan(15);
    const used = new Set<string>();
    for (const f of files) {
      for (const m of readFileSync(f, 'utf8').matchAll(/(?:\{\{|\()t "([^"]+)"/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((k) => !isMessageKey(k))).toEqual([]);
  });
});

describe('Latin → Cyrillic', () => {
  it.each([
    ['LJUBAV', 'ЉУБАВ'],
    ['Ljubav', 'Љубав'],
    ['ljubav', 'љубав'],
    ['NJIVA', 'ЊИВА'],
    ['Njegoš', 'Његош'],
    ['konj', 'коњ'],
    ['DŽEP', 'ЏЕП'],
    ['Džemal', 'Џемал'],
    ['odžak', 'оџак'],
    ['Đorđe Šćekić iz Čačka', 'Ђорђе Шћекић из Чачка'],
    ['žaba', 'жаба'],
    ['ǅep ǈubav ǋiva', 'Џеп Љубав Њива'],
    ['ǆ ǉ ǌ Ǆ Ǉ Ǌ', 'џ љ њ Џ Љ Њ'],
    // Two letters, not a digraph:
    ['injekcija', 'инјекција'],
    ['konjunkcija', 'конјункција'],
    ['nadživeti', 'надживети'],
    ['podžupan', 'поджупан'],
    ['Nadživeo', 'Надживео'],
    // Left alone:
    ['{name} je pobedio', '{name} је победио'],
    ['PDF i CSV', 'PDF и CSV'],
    ['12. 3. 2026.', '12. 3. 2026.'],
  ])('%s → %s', (latin, cyrillic) => {
    expect(latinToCyrillic(latin)).toBe(cyrillic);
  });

  it('reads decomposed letters (C + combining caron) as Č', () => {
    expect(latinToCyrillic('C\u030Cas')).toBe('Час');
  });
});

describe('choosing the language', () => {
  it('takes the first value that names a language: query, then cookie, else Serbian Latin', () => {
    expect(DEFAULT_LANG).toBe('sr-Latn');
    expect(pickLanguage(undefined, undefined)).toBe('sr-Latn');
    expect(pickLanguage('sr-Cyrl', 'en')).toBe('sr-Cyrl');
    expect(pickLanguage(undefined, 'en')).toBe('en');
    expect(pickLanguage('xx', 'sr-cyrl')).toBe('sr-Cyrl');
    expect(pickLanguage(['en', 'sr-Cyrl'])).toBe('en');
    expect(pickLanguage('ћирилица')).toBe('sr-Cyrl');
    expect(pickLanguage('LAT')).toBe('sr-Latn');
    expect(pickLanguage(42, {})).toBe('sr-Latn');
  });
});

describe('messages and numbers', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(t('sr-Latn', 'common.round', { n: 3 })).toBe('Kolo 3');
    expect(t('sr-Cyrl', 'common.round', { n: 3 })).toBe('Коло 3');
    expect(t('en', 'common.page', { n: 2, total: 5 })).toBe('Page 2 of 5');
    expect(t('en', 'common.page', { n: 2 })).toBe('Page 2 of {total}');
  });

  it('formats points, spread, clocks and dates', () => {
    expect([0, 0.5, 2, 2.5, 10].map(formatPoints)).toEqual(['0', '½', '2', '2½', '10']);
    expect([12, 0, -7].map(formatSpread)).toEqual(['+12', '0', '-7']);
    expect([0, 65, 1800, 3725, -80].map(formatClock)).toEqual([
      '00:00',
      '01:05',
      '30:00',
      '1:02:05',
      '-01:20',
    ]);
    expect(formatDate('sr-Latn', '2026-03-12')).toBe('12. 3. 2026.');
    expect(formatDate('en', '2026-03-12')).toBe('2026-03-12');
    expect(formatDate('en', 'not a date')).toBe('not a date');
  });
});
