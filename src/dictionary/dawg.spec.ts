import fc from 'fast-check';
import { DawgWordList } from './dawg';
import { buildDawg, buildDawgBytes } from './dawg-builder';
import { SERBIAN_TILE_KEYS } from './tile-key';
import { compileRules, JOKER, KVIZOVKA } from '../engine';

const ABC = ['A', 'B', 'C', 'D'];

describe('DAWG word list', () => {
  it('answers exactly for the words it was built from', () => {
    const words = ['CAB', 'CABA', 'AB', 'ABBA', 'DAD', 'BAD', 'BA'];
    const list = buildDawg(words, { id: 't', alphabet: ABC });
    expect(list.size).toBe(7);
    for (const w of words) expect(list.has(w)).toBe(true);
    for (const w of ['', 'A', 'C', 'CA', 'ABB', 'ABBAA', 'DADA', 'E', 'cab', 'ǇA'])
      expect(list.has(w)).toBe(false);
    expect([...list.words()]).toEqual([...words].sort());
  });

  it('merges equal suffixes (minimal automaton)', () => {
    // Four words sharing "ING": a trie would need 4·3 edges for the suffixes.
    const list = buildDawg(['AING', 'BING', 'CING', 'DING'], {
      id: 't',
      alphabet: ['A', 'B', 'C', 'D', 'G', 'I', 'N'],
    });
    expect(list.edgeCount).toBe(4 + 3);
  });

  it('has the same members as a Set, for any word set (property)', () => {
    const word = fc
      .array(fc.constantFrom(...SERBIAN_TILE_KEYS.slice(0, 6), 'Ǉ'), { minLength: 1, maxLength: 7 })
      .map((a) => a.join(''));
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { maxLength: 60 }),
        fc.array(word, { maxLength: 40 }),
        (words, probes) => {
          const list = buildDawg(words, { id: 't', alphabet: [...SERBIAN_TILE_KEYS] });
          const set = new Set(words);
          expect(list.size).toBe(set.size);
          for (const p of [...words, ...probes]) expect(list.has(p)).toBe(set.has(p));
          expect([...list.words()].sort()).toEqual([...set].sort());
        },
      ),
      { numRuns: 200 },
    );
  });

  it('answers a word given as tiles as it answers its key (property)', () => {
    const { alphabet } = compileRules(KVIZOVKA);
    const tileCodes = Array.from({ length: alphabet.size }, (_, i) => i + 1);
    const tiles = fc.array(
      fc
        .tuple(fc.constantFrom(...tileCodes), fc.boolean())
        .map(([t, joker]) => (joker ? t | JOKER : t)),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(
        fc.array(tiles, { maxLength: 40 }),
        fc.array(tiles, { maxLength: 40 }),
        (words, probes) => {
          const list = buildDawg(
            words.map((w) => alphabet.keyOf(w)),
            { id: 't', alphabet: [...SERBIAN_TILE_KEYS] },
          );
          for (const p of [...words, ...probes])
            expect(list.hasTiles(p, alphabet.keys)).toBe(list.has(alphabet.keyOf(p)));
        },
      ),
      { numRuns: 200 },
    );
    // Tiles whose letters the list's alphabet lacks are not words of it.
    const abc = buildDawg(['AB'], { id: 't', alphabet: ABC });
    const [a, b, c] = ['A', 'B', 'Č'].map((l) => alphabet.keys.indexOf(l));
    expect(abc.hasTiles([a, b], alphabet.keys)).toBe(true);
    expect(abc.hasTiles([a, c], alphabet.keys)).toBe(false);
    expect(abc.hasTiles([], alphabet.keys)).toBe(false);
  });

  it('reads words as tiles from the node after their first three letters', () => {
    const { alphabet } = compileRules(KVIZOVKA);
    const words = ['AB', 'ABC', 'ABCD', 'ABCDA', 'ABD', 'BBBB', 'DCBA'];
    const list = buildDawg(words, { id: 't', alphabet: ABC });
    const tilesOf = (word: string) => [...word].map((l) => alphabet.keys.indexOf(l));
    const found = (word: string) => list.hasTiles(tilesOf(word), alphabet.keys);
    for (const word of words) expect(found(word)).toBe(true);
    // Three-letter prefixes that are words and go on, that go on only, and that do not start any.
    for (const word of [
      'A',
      'ABCDB',
      'ABDA',
      'BBB',
      'BBBBB',
      'DCB',
      'DCBAA',
      'CCC',
      'CCCC',
      'DDDA',
    ])
      expect(found(word)).toBe(false);
  });

  it('reads its bytes back, also from an unaligned copy', () => {
    const bytes = buildDawgBytes(['AB', 'ABC', 'BCD'], { id: 'x', alphabet: ABC, source: 'test' });
    const shifted = Buffer.alloc(bytes.length + 1);
    bytes.copy(shifted, 1);
    const list = DawgWordList.fromBytes(shifted.subarray(1));
    expect(list.header).toEqual({
      id: 'x',
      alphabet: ABC,
      source: 'test',
      words: 3,
      edges: list.edgeCount,
    });
    expect(list.has('ABC')).toBe(true);
    expect(list.has('ABD')).toBe(false);
  });

  it('refuses bad input', () => {
    expect(() => DawgWordList.fromBytes(Buffer.from('not a dawg at all'))).toThrow(/magic/);
    expect(() => buildDawg(['ABE'], { id: 't', alphabet: ABC })).toThrow(/not in the alphabet/);
    const empty = buildDawg([], { id: 't', alphabet: ABC });
    expect(empty.size).toBe(0);
    expect(empty.has('A')).toBe(false);
  });
});
