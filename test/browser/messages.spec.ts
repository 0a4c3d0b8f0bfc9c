import { latinToCyrillic } from '../../src/i18n';
import { PAGE_TABLES, pt } from '../../src/web/messages';

/** The pages' own messages: one table per language, the same keys, placeholders kept. */
describe('page messages', () => {
  const keys = Object.keys(PAGE_TABLES['sr-Latn']).sort();
  const placeholders = (s: string) => (s.match(/\{[A-Za-z0-9_]+\}/g) ?? []).sort();

  test('every language has exactly the keys of the Latin table, with the same placeholders', () => {
    for (const lang of ['sr-Cyrl', 'en'] as const) {
      expect(Object.keys(PAGE_TABLES[lang]).sort()).toEqual(keys);
      for (const key of keys) {
        const k = key as keyof (typeof PAGE_TABLES)['en'];
        expect([lang, key, placeholders(PAGE_TABLES[lang][k])]).toEqual([
          lang,
          key,
          placeholders(PAGE_TABLES['sr-Latn'][k]),
        ]);
      }
    }
  });

  test('the Cyrillic table is the Latin one transliterated, and reads Cyrillic', () => {
    for (const key of keys) {
      const k = key as keyof (typeof PAGE_TABLES)['en'];
      expect(PAGE_TABLES['sr-Cyrl'][k]).toBe(latinToCyrillic(PAGE_TABLES['sr-Latn'][k]));
      const letters = PAGE_TABLES['sr-Cyrl'][k].replace(/\{[A-Za-z0-9_]+\}/g, '');
      expect([
        key,
        /[a-zčćđšž]{3,}/i.test(letters.replace(/CSV|GCG|JSON|mm:ss|UTF|Unicode/g, '')),
      ]).toEqual([key, false]);
    }
  });

  test('placeholders are filled', () => {
    expect(pt('sr-Latn', 'flash.paired', { n: 3 })).toBe('3. kolo je upareno.');
    expect(pt('sr-Cyrl', 'flash.paired', { n: 3 })).toBe('3. коло је упарено.');
    expect(pt('en', 'form.integer', { min: 1, max: 9 })).toBe('Enter a whole number from 1 to 9.');
  });

  test("a sign-in wait reads in the page's letters", () => {
    expect(
      pt('sr-Cyrl', 'err.SIGN_IN_THROTTLED', { wait: pt('sr-Cyrl', 'time.minutes', { n: 15 }) }),
    ).toContain('за 15 мин ');
    expect(pt('en', 'time.seconds', { n: 30 })).toBe('30 s');
  });
});
