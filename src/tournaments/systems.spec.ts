import { KVIZOVKA, QUIVIT, QWIBBLE, SCRABBLE_EN, SCRABBLE_TARGET } from '../engine';
import { defaultTieBreaks, tieBreaksFitting } from './systems';

describe("a division's tie-breaks by its game", () => {
  test('a card game has no clock to break a tie by, and only a card game counts cards', () => {
    expect(tieBreaksFitting(QUIVIT)).toEqual([
      'spread',
      'buchholz',
      'head-to-head',
      'total-score',
      'cards',
    ]);
    expect(tieBreaksFitting(KVIZOVKA)).toEqual([
      'spread',
      'remaining-time',
      'buchholz',
      'head-to-head',
      'total-score',
    ]);
  });

  test("a new division's defaults: the spread, then the game's own tie-break the standings know", () => {
    expect(defaultTieBreaks(KVIZOVKA)).toEqual(['spread', 'remaining-time']);
    expect(defaultTieBreaks(SCRABBLE_EN)).toEqual(['spread', 'remaining-time']);
    expect(defaultTieBreaks(SCRABBLE_TARGET)).toEqual(['spread', 'remaining-time']);
    expect(defaultTieBreaks(QUIVIT)).toEqual(['spread', 'cards']);
    // Qwibble breaks a tied game by safe points, tiles and steals, which standings do not count;
    // it has a clock, so the time left follows the spread as it always did.
    expect(defaultTieBreaks(QWIBBLE)).toEqual(['spread', 'remaining-time']);
  });
});
