import { parseLang, pickLanguage } from '../../i18n';
import { plainCookies, repairPath } from './plain-request';
import { checkWellFormed, findMalformedText, isWellFormed } from './well-formed';

describe('text that is not well-formed Unicode', () => {
  test('a lone or reversed surrogate is found; a pair is not', () => {
    expect(isWellFormed('Đorđe 😀 Ћирилица')).toBe(true);
    expect(isWellFormed('\ud800')).toBe(false);
    expect(isWellFormed('a\udfffb')).toBe(false);
    expect(isWellFormed('\udc00\ud800')).toBe(false);
  });

  test('the path of the first malformed string or key is named', () => {
    expect(findMalformedText({ a: [1, { b: 'ok' }] })).toBeNull();
    expect(findMalformedText({ turns: [{}, {}, { play: 'KU\ud83dĆA' }] })).toEqual({
      path: 'turns[2].play',
      at: 3,
      unit: '\\ud83d',
      key: false,
    });
    expect(findMalformedText({ meta: { '\udfff': 1 } })).toMatchObject({ path: 'meta', key: true });
    expect(() => checkWellFormed({ email: '\ud800@example.org' })).toThrow(
      /^email is not well-formed Unicode text: character 1 is half of a surrogate pair \(\\ud800\)/,
    );
    expect(() => checkWellFormed(['x', '\ud800'])).toThrow(/^the request body\[1\] is not/);
    expect(() => checkWellFormed({ round: '\ud800' }, 'the query parameter ')).toThrow(
      /^the query parameter round is not/,
    );
  });
});

describe('the request edge', () => {
  test('a path segment that is not percent-encoded UTF-8 is kept as text', () => {
    expect(repairPath('/api/games/12?x=%FF')).toBeNull();
    expect(repairPath('/api/games/%C4%8C')).toBeNull();
    expect(repairPath('/api/games/%FF/history?a=1')).toBe('/api/games/%25FF/history?a=1');
    expect(repairPath('/api/games/%ED%A0%80')).toBe('/api/games/%25ED%25A0%2580');
    expect(repairPath('/api/games/%')).toBe('/api/games/%25');
  });

  test('cookies are text: JSON cookies and malformed text are dropped', () => {
    expect(
      plainCookies({ a: 'en', b: { x: 1 }, c: ['constructor'], d: '\ud800', e: null }),
    ).toEqual({ a: 'en' });
    expect(plainCookies(undefined)).toEqual({});
  });

  test("a language is one of the aliases' own names, never Object's", () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(parseLang(name)).toBeNull();
      expect(pickLanguage(name)).toBe('sr-Latn');
    }
    expect(parseLang(' EN ')).toBe('en');
    expect(parseLang('ćir')).toBeNull();
    expect(parseLang('cyr')).toBe('sr-Cyrl');
  });
});
