import { RULE_BOOK_ACCEPTED, RULE_BOOK_REFUSED } from './rule-book-examples';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { clearWordListCache, dictionaryDir, loadWordList } from './loader';
import { toLatinAZKey, toTileKey } from './tile-key';

describe('Kvizovka list (sr-kvizovka)', () => {
  const sr = loadWordList('sr-kvizovka');
  const has = (word: string) => sr.has(toTileKey(word));

  it.each(RULE_BOOK_ACCEPTED)('accepts the rule book example %s', (word) =>
    expect(has(word)).toBe(true),
  );

  it.each(RULE_BOOK_REFUSED)('refuses the rule book example %s', (word) =>
    expect(has(word)).toBe(false),
  );

  it('follows the category rules beyond the examples', () => {
    // adjective: all genders and cases, with не-; no comparative or superlative
    for (const w of ['LEPIM', 'LEPOJ', 'LEPIH', 'NELEP', 'NELEPOG', 'BEOGRADSKI', 'VELIKA'])
      expect(has(w)).toBe(true);
    for (const w of ['NAJLEPŠI', 'LEPŠEG', 'VEĆI', 'NAJVEĆI', 'BOLJI']) expect(has(w)).toBe(false);
    // nouns: nominative only
    for (const w of ['ČOVEK', 'LJUBAV', 'DŽEP', 'ŽENA']) expect(has(w)).toBe(true);
    for (const w of ['ČOVEKA', 'LJUBAVI', 'DŽEPOVI', 'ŽENOM']) expect(has(w)).toBe(false);
    // verbs: infinitive only
    for (const w of ['PISATI', 'IĆI', 'REĆI', 'BITI']) expect(has(w)).toBe(true);
    for (const w of ['PIŠEM', 'PISAO', 'BIO', 'REKAO', 'GOVOREĆI']) expect(has(w)).toBe(false);
    // pronouns and numerals in all forms
    for (const w of [
      'MENE',
      'NJEGA',
      'SEBE',
      'KOGA',
      'NEŠTO',
      'ČETIRI',
      'DVADESET',
      'TROJE',
      'DRUGOG',
    ])
      expect(has(w)).toBe(true);
    // interjections, abbreviations, lone prefixes and suffixes, proper names
    for (const w of [
      'AHA',
      'EJ',
      'SRB',
      'PRE',
      'NAJ',
      'NOST',
      'SRBIJA',
      'VALJEVO',
      'NEMANJA',
      'AMERIKA',
    ]) {
      expect(has(w)).toBe(false);
    }
    // SAD the abbreviation is refused, but сад (orchard) is a common noun in the nominative
    expect(has('SAD')).toBe(true);
  });

  it('keys the Cyrillic source with one character per tile', () => {
    expect(has('ЉУБАВ')).toBe(true);
    expect(sr.has('LJUBAV')).toBe(false); // L, J as two tiles is another word
    expect(has('ИНЈЕКЦИЈА')).toBe(true);
    expect(has('injekcija')).toBe(false); // Latin NJ read as one tile: not the word
  });

  it('matches its build stats and licence files', () => {
    const dir = dictionaryDir();
    const stats = JSON.parse(fs.readFileSync(path.join(dir, 'sr-kvizovka.stats.json'), 'utf8'));
    expect(sr.size).toBe(stats.words);
    expect(sr.size).toBeGreaterThan(1_000_000);
    expect(sr.header.source).toContain(stats.source.version);
    expect(fs.readFileSync(path.join(dir, 'sr-kvizovka.LICENSE'), 'utf8')).toContain(
      'Mozilla Public License',
    );
  });

  it('is loaded once and shared', () => {
    expect(loadWordList('sr-kvizovka')).toBe(sr);
    clearWordListCache();
    const again = loadWordList('sr-kvizovka');
    expect(again).not.toBe(sr);
    expect(again.size).toBe(sr.size);
  });
});

describe('Scrabble lists', () => {
  it('English (SOWPODS) has the two-letter classics', () => {
    const en = loadWordList('en');
    for (const w of ['QI', 'ZA', 'XU', 'QUIZ', 'AARDVARK', 'ZYZZYVA']) expect(en.has(w)).toBe(true);
    for (const w of ['QX', 'ZZ', 'AARDVARKX', 'qi']) expect(en.has(w)).toBe(false);
    expect(en.size).toBeGreaterThan(260_000);
  });

  it('French is normalised to A–Z', () => {
    const fr = loadWordList('fr');
    expect(fr.has(toLatinAZKey('été')!)).toBe(true);
    expect(fr.has('ETE')).toBe(true);
    expect(fr.has('GARCON')).toBe(true);
    expect(fr.has('ÉTÉ')).toBe(false);
    expect(fr.has('ABATJOUR')).toBe(false); // abat-jour is a compound: left out
    expect(fr.has('MAISON')).toBe(true);
    expect(fr.size).toBeGreaterThan(300_000);
  });

  it('refuses unknown list ids', () => {
    expect(() => loadWordList('de' as never)).toThrow(/unknown word list/);
  });
});
