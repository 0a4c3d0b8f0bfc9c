import { DIGRAPH_KEYS } from '../engine/rules/words';
import { parseUploadedWordList } from './upload';

describe('parseUploadedWordList', () => {
  it('reads good lines, skips blanks and comments, reports bad lines by number', () => {
    const text = [
      '# organiser list for the Novi Sad open', // 1
      'ljubav', // 2
      '', // 3
      'ИНЈЕКЦИЈА', // 4
      'IN|JEKCIJA', // 5: same key as line 4, kept once
      'quiz', // 6: Q is no Serbian letter
      '   kuća  ', // 7
      'dve reči', // 8: two words
      'ПАS', // 9: mixed scripts
      '  # indented comment', // 10
      'A|B', // 11: | outside a digraph
      'injekcija', // 12: NJ as one tile
    ].join('\r\n');
    const { words, errors } = parseUploadedWordList(text);
    expect(words).toEqual([
      `${DIGRAPH_KEYS.LJ}UBAV`,
      'INJEKCIJA',
      'KUĆA',
      `I${DIGRAPH_KEYS.NJ}EKCIJA`,
    ]);
    expect(errors.map((e) => [e.line, e.text])).toEqual([
      [6, 'quiz'],
      [8, 'dve reči'],
      [9, 'ПАS'],
      [11, 'A|B'],
    ]);
    expect(errors[0].message).toMatch(/'Q'.*not a letter of the Serbian alphabet/);
    expect(errors[1].message).toMatch(/one word per line/);
    expect(errors[2].message).toMatch(/mixes Latin and Cyrillic/);
    expect(errors[3].message).toMatch(/\|/);
  });

  it('handles an empty upload and a byte order mark', () => {
    expect(parseUploadedWordList('')).toEqual({ words: [], errors: [] });
    expect(parseUploadedWordList('\uFEFFpas\n')).toEqual({ words: ['PAS'], errors: [] });
  });
});
