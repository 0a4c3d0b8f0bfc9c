import { slug } from './downloads';

describe('slug: a file name part in ASCII letters, digits and dashes', () => {
  test.each([
    ['Kup Beograda 2026', 'kup-beograda-2026'],
    ['Đorđe Šćepanović', 'djordje-scepanovic'],
    // A Cyrillic page's title and a Cyrillic tournament name read as their Latin letters.
    ['Рејтинг извештај', 'rejting-izvestaj'],
    ['Куп Београда — Џ, Љ, Њ', 'kup-beograda-dz-lj-nj'],
    ['Nagrade i statistika', 'nagrade-i-statistika'],
  ])('%s → %s', (text, expected) => {
    expect(slug(text)).toBe(expected);
  });

  test('a name of no letters or digits at all gives the fallback', () => {
    expect(slug('— ★ —')).toBe('arbiter');
    expect(slug('', 'division')).toBe('division');
  });

  test('at most 60 characters', () => {
    expect(slug('a'.repeat(100))).toHaveLength(60);
  });
});
