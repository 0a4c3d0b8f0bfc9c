import { applyOptions, findRuleSet, type RuleSet } from '../engine';
import {
  checkRow,
  emptyRow,
  isEmptyRow,
  lineOf,
  readLines,
  rowAsks,
  sameRow,
  type LineGame,
  type RowCheck,
} from './round-lines';

const rules = (id: string, options?: object): RuleSet => applyOptions(findRuleSet(id)!, options);
const KVIZOVKA = rules('kvizovka');
const QUIVIT = rules('quivit');

const pairGames = (ruleSet: RuleSet, tables: number[]): LineGame[] =>
  tables.map((table) => ({ table, asks: rowAsks(ruleSet, 2) }));

/** A line read and checked as the page reads it: the entry, or the problem's code and data. */
function line(ruleSet: RuleSet, text: string, seats = 2): RowCheck | { read: unknown } {
  const games: LineGame[] = [{ table: 12, asks: rowAsks(ruleSet, seats) }];
  const [read] = readLines(text, games);
  if (!read.ok) return { read: read.problem };
  return checkRow(ruleSet, games[0].asks, read.values);
}

describe('round lines: what a rule set asks of a row', () => {
  test.each([
    ['kvizovka', 2, { clocks: true, timeLoss: true, figures: [], targetFirst: false }],
    ['quivit', 2, { clocks: false, timeLoss: false, figures: ['cards'], targetFirst: false }],
    ['quivit', 4, { clocks: false, timeLoss: false, figures: ['cards'], targetFirst: false }],
    ['kvizovka', 3, { clocks: true, timeLoss: false, figures: [], targetFirst: false }],
  ])('%s at a table of %i', (id, seats, asks) => {
    expect(rowAsks(rules(id), seats)).toEqual({ seats, ...asks });
  });
});

describe('round lines: a line read and checked', () => {
  test.each<[string, RuleSet, string, number, unknown]>([
    [
      'scores and clocks: the higher score wins',
      KVIZOVKA,
      '12 345 367 3:24 0:45',
      2,
      {
        ok: true,
        entry: { kind: 'played', scores: [345, 367], clocks: ['03:24', '00:45'], winner: 1 },
      },
    ],
    [
      'a clock run out loses, whatever the score',
      KVIZOVKA,
      '12 350 400 2:00 -0:30',
      2,
      { ok: true, entry: { kind: 'played', winner: 0, timeLoss: 1 } },
    ],
    [
      'equal scores and clocks: a draw',
      KVIZOVKA,
      '12 400 400 1:00 1:00',
      2,
      { ok: true, entry: { kind: 'played', winner: null, places: [1, 1] } },
    ],
    [
      'equal scores: the more time left wins',
      KVIZOVKA,
      '12 400 400 1:00 2:00',
      2,
      { ok: true, entry: { winner: 1 } },
    ],
    [
      'the first player did not come',
      KVIZOVKA,
      '12 f1',
      2,
      { ok: true, entry: { kind: 'forfeit', absent: 0 } },
    ],
    [
      'an absence is a forfeit',
      KVIZOVKA,
      '12 A2',
      2,
      { ok: true, entry: { kind: 'forfeit', absent: 1 } },
    ],
    ['a double forfeit', KVIZOVKA, '12 ff', 2, { ok: true, entry: { kind: 'double-forfeit' } }],
    [
      'the Cyrillic page’s letters',
      KVIZOVKA,
      '12 ф2',
      2,
      { ok: true, entry: { kind: 'forfeit', absent: 1 } },
    ],
    [
      'clocks missing where the rules have a clock',
      KVIZOVKA,
      '12 345 367',
      2,
      { ok: false, problem: { code: 'CLOCK_NEEDED', seat: 1 } },
    ],
    [
      'a clock above the start',
      KVIZOVKA,
      '12 345 367 31:00 1:00',
      2,
      {
        ok: false,
        problem: { code: 'CLOCK_ABOVE_START', seat: 1, clock: '31:00', start: '30:00' },
      },
    ],
    [
      'both clocks out, nobody named',
      KVIZOVKA,
      '12 345 367 -0:10 -0:20',
      2,
      { ok: false, problem: { code: 'TIME_LOSS_UNCLEAR' } },
    ],
    [
      'both clocks out, the first named',
      KVIZOVKA,
      '12 345 367 -0:10 -0:20 t1',
      2,
      { ok: true, entry: { winner: 1, timeLoss: 0 } },
    ],
    [
      'one score only',
      KVIZOVKA,
      '12 345',
      2,
      { read: { code: 'SCORE_COUNT', expected: 2, got: 1 } },
    ],
    [
      'a score out of range',
      KVIZOVKA,
      '12 9000 1 1:00 1:00',
      2,
      { ok: false, problem: { code: 'SCORE_BAD', seat: 1, value: '9000' } },
    ],
    [
      'an unknown word',
      KVIZOVKA,
      '12 345 367 1:00 1:00 x',
      2,
      { read: { code: 'LINE_UNREADABLE', word: 'x' } },
    ],
    [
      'a card game has no clock',
      QUIVIT,
      '12 30 20 1:00 1:00',
      2,
      { read: { code: 'CLOCK_UNUSED' } },
    ],
    [
      'Quivit: the higher score wins',
      QUIVIT,
      '12 30 20',
      2,
      { ok: true, entry: { winner: 0, clocks: null } },
    ],
    [
      'Quivit: equal scores ask for the cards',
      QUIVIT,
      '12 30 30',
      2,
      { ok: false, problem: { code: 'FIGURE_NEEDED', figure: 'cards' } },
    ],
    [
      'Quivit: the cards decide',
      QUIVIT,
      '12 30 30 c5/9',
      2,
      { ok: true, entry: { winner: 1, figures: { cards: [5, 9] } } },
    ],
    [
      'Kvizovka decides no tie by cards',
      KVIZOVKA,
      '12 30 30 1:00 1:00 c5/9',
      2,
      { ok: false, problem: { code: 'FIGURE_UNUSED', figure: 'cards' } },
    ],
    [
      'a table of four: places by score',
      QUIVIT,
      '12 30 20 25 10',
      4,
      { ok: true, entry: { kind: 'played', places: [1, 3, 2, 4], absent: [] } },
    ],
    [
      'a table: a seat that did not come takes the last place',
      QUIVIT,
      '12 30 - 25 10',
      4,
      { ok: true, entry: { kind: 'played', places: [1, 4, 2, 3], absent: [1] } },
    ],
    [
      'a table: equal scores name the seats that tie',
      QUIVIT,
      '12 30 - 30 10',
      4,
      { ok: false, problem: { code: 'FIGURE_NEEDED', figure: 'cards', seats: '1, 3' } },
    ],
    [
      'a table: cards of the seats present only',
      QUIVIT,
      '12 30 - 30 10 c8/6/2',
      4,
      { ok: true, entry: { places: [1, 4, 2, 3], figures: { cards: [8, 0, 6, 2] } } },
    ],
    [
      'a table: nobody came',
      QUIVIT,
      '12 - - - -',
      4,
      { ok: true, entry: { kind: 'double-forfeit' } },
    ],
    [
      'a table: one seat alone',
      QUIVIT,
      '12 30 - - -',
      4,
      { ok: false, problem: { code: 'NOBODY_PRESENT' } },
    ],
    ['a table: no f1', QUIVIT, '12 f1', 4, { read: { code: 'FORFEIT_OF_TABLE' } }],
    [
      'a table with clocks: the absent seat’s clock is `-`',
      KVIZOVKA,
      '12 300 - 250 1:00 - 2:00',
      3,
      { ok: true, entry: { clocks: ['01:00', null, '02:00'], places: [1, 3, 2] } },
    ],
  ])('%s', (_name, ruleSet, text, seats, expected) => {
    expect(line(ruleSet, text, seats)).toMatchObject(expected as object);
  });

  test('lines name their tables; a table twice, a table not in the round and blank lines', () => {
    const games = pairGames(KVIZOVKA, [1, 2, 3]);
    const reads = readLines('1 400 300 1:00 1:00\n\n# a note\n9 1 2\n1 ff\n3 f2', games);
    expect(reads.map((r) => (r.ok ? r.table : r.problem))).toEqual([
      1,
      { code: 'LINE_NO_TABLE', table: '9' },
      { code: 'LINE_TWICE', table: 1 },
      3,
    ]);
  });

  test('an empty row is skipped; a row as stored is the same row; a row written back as a line', () => {
    const asks = rowAsks(KVIZOVKA, 2);
    expect(isEmptyRow(emptyRow(asks))).toBe(true);
    const [read] = readLines('4 345 367 3:24 0:45 t2', [{ table: 4, asks }]);
    if (!read.ok) throw new Error('unread');
    expect(isEmptyRow(read.values)).toBe(false);
    expect(sameRow(read.values, { ...read.values, scores: [' 345', '367 '] })).toBe(true);
    expect(lineOf(4, asks, read.values)).toBe('4 345 367 3:24 0:45 t2');
  });
});
