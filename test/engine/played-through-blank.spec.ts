import { verifyDocument } from '../../src/engine';

/**
 * Recorders (Elise, some Quackle exports) write a played-through tile's letter in upper case
 * even when the tile on the board is a blank. The board's tile decides the value.
 */
function replay(rules: string, first: string, second: string) {
  const read = verifyDocument({
    format: 'scoresheet/1',
    rules,
    players: ['Ana', 'Bora'],
    turns: [
      { player: 0, play: first },
      { player: 1, play: second },
    ],
  });
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.report;
}

describe('a played-through blank written in upper case is scored as the blank it is', () => {
  // 8G CaT puts a blank a on H8. H7 down HAT plays through it: H7 and H9 are plain squares.
  test.each([
    ['H7 HAT', 5, 'upper case over the blank: H4 + a0 + T1 = 5, not 6'],
    ['H7 H.T', 5, 'through with a dot: H4 + a0 + T1 = 5'],
    ['H7 HaT', 5, 'lower case, as the blank is: H4 + a0 + T1 = 5'],
  ])('scrabble-en %s scores %i (%s)', (play, score) => {
    const turn = replay('scrabble-en', '8G CaT', play).turns[1];
    expect(turn.status).toBe('ok');
    expect(turn.score.computed).toBe(score);
    expect(turn.words.map((w) => [w.word, w.score])).toEqual([['HaT', score]]);
  });

  test('a different letter written over the blank is still an error', () => {
    // Nothing on the sheet says which line is wrong: one letter slip, on the line that put the
    // blank down (rulings: "A one-letter slip"), and the square reads a blank e from then on.
    const report = replay('scrabble-en', '8G CaT', 'H7 HET');
    expect(report.ok).toBe(false);
    expect(report.turns[0].issues.map((i) => [i.code, i.severity, i.squares])).toEqual([
      ['LETTER_MISMATCH', 'error', ['H8']],
    ]);
    expect(report.turns[1].score.computed).toBe(5); // H4 + e0 + T1 = 5
  });

  test('a blank written over a real tile is scored at the real tile’s value', () => {
    // 8G CAT puts a real A (1) on H8; H7 HaT written with a lower case a is read as that A.
    const turn = replay('scrabble-en', '8G CAT', 'H7 HaT').turns[1];
    expect(turn.score.computed).toBe(6); // H4 + A1 + T1 = 6
    expect(turn.words.map((w) => w.word)).toEqual(['HAT']);
  });
});
