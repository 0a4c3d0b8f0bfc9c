import { verifyDocument } from '../../src/engine';

/**
 * One bad line never hides the sheet: a turn the engine can read but not accept is an illegal
 * turn of the report, with its code, and the turns around it are still checked.
 */
function sheetWithExchange(exchange: unknown) {
  return {
    format: 'scoresheet/1',
    rules: 'kvizovka',
    players: ['Ana', 'Bora'],
    turns: [
      { player: 0, play: '9F KUĆA', score: 8 },
      { player: 1, exchange },
      { player: 0, play: 'F9 .OLAC', score: 99 },
    ],
  };
}

describe('an exchange the rules do not allow is an illegal turn, not an unreadable sheet', () => {
  test.each([
    [0, 'EXCHANGE_SIZE', 'an exchange gives back 1 to 10 tiles, and this one 0'],
    [11, 'EXCHANGE_SIZE', 'an exchange gives back 1 to 10 tiles, and this one 11'],
    [-2, 'EXCHANGE_SIZE', 'an exchange gives back 1 to 10 tiles, and this one -2'],
    ['ABCDEFGHIJK', 'EXCHANGE_SIZE', 'an exchange gives back 1 to 10 tiles, and this one 11'],
    ['', 'EXCHANGE_SIZE', 'an exchange gives back 1 to 10 tiles, and this one 0'],
    [
      'AB1',
      'BAD_NOTATION',
      "the exchanged tiles cannot be read: 'AB1' has '1' at character 3, which is not a letter of this game",
    ],
  ])('exchange %p: %s', (exchange, code, message) => {
    const read = verifyDocument(sheetWithExchange(exchange));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const { report } = read;
    expect(report.ok).toBe(false);
    expect(report.turns[1].status).toBe('illegal');
    expect(report.turns[1].issues.map((i) => [i.code, i.severity, i.message])).toEqual([
      [code, 'error', `Turn 2 (Bora): ${message}; the exchange is not counted`],
    ]);
    // The turns on either side are still replayed and checked.
    expect(report.turns[0].status).toBe('ok');
    expect(report.turns[2].issues.map((i) => i.code)).toEqual(['SCORE_MISMATCH']);
  });

  test('an exchange of 1 and of 10 tiles is accepted', () => {
    for (const exchange of [1, 10, 'A', 'ABCDEFGHIJ']) {
      const read = verifyDocument(sheetWithExchange(exchange));
      if (!read.ok) throw new Error(JSON.stringify(read.errors));
      expect(read.report.turns[1]).toMatchObject({ status: 'exchange', issues: [] });
    }
  });
});
