import { judgeWords } from './judge';
import { loadWordList } from './loader';

const serbian = loadWordList('sr-kvizovka');
const english = loadWordList('en');

describe('the word judge', () => {
  test.each([
    [['KUĆA'], 'VALID'],
    [['kuća', 'PAS'], 'VALID'], // case does not matter
    [['KUĆA', 'PSA'], 'INVALID'], // PSA is a genitive: the play fails as a whole
    [['LEPŠI'], 'INVALID'], // comparative
    [['LJUBAV'], 'VALID'], // LJ read as one tile
    [['INJEKCIJA'], 'VALID'], // only the split reading (N and J apart) is a word
    [['ЉУБАВ', 'ИНЈЕКЦИЈА'], 'VALID'], // Cyrillic
    [['BEOGRAD'], 'INVALID'], // proper noun
  ])('%j is %s', (words, verdict) => {
    expect(judgeWords('kvizovka', words, serbian)).toEqual({ ok: true, verdict });
  });

  test('the answer never says which word failed', () => {
    const one = judgeWords('kvizovka', ['PSA', 'KUĆA'], serbian);
    const other = judgeWords('kvizovka', ['KUĆA', 'PSA'], serbian);
    expect(one).toEqual(other);
    expect(Object.keys(one)).toEqual(['ok', 'verdict']);
  });

  test('English words against the English list', () => {
    expect(judgeWords('scrabble-en', ['QI', 'ZA'], english)).toEqual({
      ok: true,
      verdict: 'VALID',
    });
    expect(judgeWords('scrabble-en', ['QI', 'QX'], english)).toEqual({
      ok: true,
      verdict: 'INVALID',
    });
  });

  test('unreadable words are errors, with their place', () => {
    expect(judgeWords('kvizovka', ['KUĆA', 'K.ĆA', 'KU1A'], serbian)).toEqual({
      ok: false,
      errors: [
        { index: 1, word: 'K.ĆA', message: "'K.ĆA': write the whole word in letters (no . or ?)" },
        {
          index: 2,
          word: 'KU1A',
          message: "'KU1A' has '1' at character 3, which is not a letter of this game",
        },
      ],
    });
    expect(judgeWords('kvizovka', [], serbian)).toMatchObject({ ok: false });
    expect(judgeWords('chess', ['E4'], serbian)).toMatchObject({ ok: false });
  });
});
