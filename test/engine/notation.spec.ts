import { compileRules, JOKER, KVIZOVKA, parsePlay, parsePosition, THROUGH } from '../../src/engine';

const { alphabet, size } = compileRules(KVIZOVKA);
const code = (letter: string) => alphabet.codeOf(letter)!;
/** Tiles of the default reading, as letters (`?x` for a joker standing for x, `.` played through). */
const read = (word: string) => {
  const parsed = alphabet.parseWord(word);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.readings.map((r) =>
    r.tiles.map((t) =>
      t === THROUGH ? '.' : t & JOKER ? `?${alphabet.letters[t & 63]}` : alphabet.letters[t],
    ),
  );
};

describe('reading words', () => {
  test.each([
    // [written, tiles of the default reading]
    ['KUĆA', ['K', 'U', 'Ć', 'A']],
    ['kuća', ['?K', '?U', '?Ć', '?A']],
    ['LJUBAV', ['LJ', 'U', 'B', 'A', 'V']], // LJ is one tile: 5 tiles
    ['ЉУБАВ', ['LJ', 'U', 'B', 'A', 'V']], // Cyrillic Љ
    ['ǇUBAV', ['LJ', 'U', 'B', 'A', 'V']], // Unicode digraph letter
    ['ǈUBAV', ['LJ', 'U', 'B', 'A', 'V']], // title-case form: a lettered tile
    ['ǉubav', ['?LJ', '?U', '?B', '?A', '?V']],
    ['IN|JEKCIJA', ['I', 'N', 'J', 'E', 'K', 'C', 'I', 'J', 'A']], // 9 tiles
    ['ИНЈЕКЦИЈА', ['I', 'N', 'J', 'E', 'K', 'C', 'I', 'J', 'A']],
    ['DŽEP', ['DŽ', 'E', 'P']],
    ['ЏЕП', ['DŽ', 'E', 'P']],
    ['dž', ['?DŽ']], // a joker standing for DŽ
    ['Lj', ['L', '?J']], // mixed case is two tiles: lettered L, joker j
    ['K.ĆA', ['K', '.', 'Ć', 'A']],
    ['кућа', ['?K', '?U', '?Ć', '?A']], // lower-case Cyrillic: jokers
    ['DZ\u030C', ['DŽ']], // Z + combining caron is normalised
  ])('%s', (written, tiles) => {
    expect(read(written)[0]).toEqual(tiles);
  });

  test('a Latin digraph also has the split reading, after the default', () => {
    expect(read('NADŽAK')).toEqual([
      ['N', 'A', 'DŽ', 'A', 'K'],
      ['N', 'A', 'D', 'Ž', 'A', 'K'],
    ]);
    expect(read('LJULJ')).toEqual([
      // fewest splits first; among equals, the first digraph split first
      ['LJ', 'U', 'LJ'],
      ['L', 'J', 'U', 'LJ'],
      ['LJ', 'U', 'L', 'J'],
      ['L', 'J', 'U', 'L', 'J'],
    ]);
    expect(read('ЉУЉ')).toHaveLength(1); // Cyrillic is never ambiguous
    expect(read('N|J')).toHaveLength(1); // | settles it
  });

  test.each([
    ['KUĆA1', "'KUĆA1' has '1' at character 5"],
    ['KUQA', "'KUQA' has 'Q' at character 3"], // Q is not a Serbian letter
    ['|KUĆA', "'|' in '|KUĆA' must stand between two letters"],
    ['KU||ĆA', "'|' in 'KU||ĆA' must stand between two letters"],
    ['', 'the word is empty'],
  ])('%s is refused: %s', (written, message) => {
    const parsed = alphabet.parseWord(written);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });

  test('formatWord writes | only where two tiles would read as one', () => {
    const tiles = [
      code('I'),
      code('N'),
      code('J'),
      code('E'),
      code('LJ'),
      code('N') | JOKER,
      code('J') | JOKER,
    ];
    expect(alphabet.formatWord(tiles)).toBe('IN|JELJn|j');
    expect(alphabet.formatWord([code('N'), code('J') | JOKER])).toBe('Nj'); // different case: no |
  });

  test.each([
    // [rack as written, its tiles] — letters in either case are lettered tiles; ? is a joker
    ['KUĆA', ['K', 'U', 'Ć', 'A']],
    ['kuća', ['K', 'U', 'Ć', 'A']],
    ['ČĆ?', ['?', 'Č', 'Ć']],
    ['čć??', ['?', '?', 'Č', 'Ć']],
    ['LJNJ', ['LJ', 'NJ']],
    ['Lj', ['LJ']], // upper-cased before reading, so a digraph
    ['ǉǌ', ['LJ', 'NJ']],
    ['ЉЊ', ['LJ', 'NJ']],
    ['љњ', ['LJ', 'NJ']],
  ])('rack %s', (written, tiles) => {
    const parsed = alphabet.parseRack(written);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.tiles.map((t) => (t === JOKER ? '?' : alphabet.letters[t]))).toEqual(tiles);
  });

  test('a rack holds letters and ? only', () => {
    expect(alphabet.parseRack('AB.')).toMatchObject({ ok: false });
    expect(alphabet.parseRack('AB1')).toMatchObject({ ok: false });
  });

  test('keys for word lists use the single digraph letters', () => {
    expect(alphabet.keyOf([code('LJ'), code('U'), code('B'), code('A'), code('V')])).toBe(
      '\u01C7UBAV',
    );
    expect(alphabet.keyOf([code('NJ') | JOKER, code('DŽ')])).toBe('\u01CA\u01C4');
  });
});

describe('positions', () => {
  test.each([
    ['9E', { row: 8, column: 4, direction: 'across' }],
    ['E9', { row: 8, column: 4, direction: 'down' }],
    ['e9', { row: 8, column: 4, direction: 'down' }],
    ['17Q', { row: 16, column: 16, direction: 'across' }],
    ['A1', { row: 0, column: 0, direction: 'down' }],
  ])('%s', (text, position) => {
    expect(parsePosition(text, size)).toEqual({ ok: true, position });
  });

  test.each([
    ['9R', 'OFF_BOARD', 'columns A to Q'], // R is the 18th column
    ['18A', 'OFF_BOARD', 'rows run 1 to 17'],
    ['0A', 'OFF_BOARD', 'rows run 1 to 17'],
    ['99', 'BAD_NOTATION', 'is not a position'],
    ['E', 'BAD_NOTATION', 'is not a position'],
    ['9E9', 'BAD_NOTATION', 'is not a position'],
  ])('%s is refused with %s', (text, errorCode, message) => {
    const parsed = parsePosition(text, size);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.code).toBe(errorCode);
      expect(parsed.message).toContain(message);
    }
  });

  test('a play needs a position and a word', () => {
    expect(parsePlay('9F KUĆA', alphabet, size).ok).toBe(true);
    expect(parsePlay('  9F   KUĆA ', alphabet, size).ok).toBe(true);
    const bad = parsePlay('KUĆA', alphabet, size);
    expect(bad).toMatchObject({ ok: false, code: 'BAD_NOTATION' });
  });
});
