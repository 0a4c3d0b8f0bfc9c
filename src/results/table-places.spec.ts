import { applyOptions, findRuleSet, RuleSet } from '../engine';
import { placeTable, TableFigures } from './table-places';

const rules = (id: string): RuleSet => applyOptions(findRuleSet(id)!, {});
const QUIVIT = rules('quivit');
const TARGET = rules('scrabble-target'); // target 200; ties: reached it first, then time left

const clocks = (...mmss: string[]) =>
  mmss.map((c) => {
    const [m, s] = c.split(':').map(Number);
    return c.startsWith('-') ? -(Math.abs(m) * 60 + s) : m * 60 + s;
  });

describe('placeTable: seats of a table placed by the rule set', () => {
  it.each<[string, RuleSet, TableFigures, number[]]>([
    ['Quivit by score', QUIVIT, { scores: [22, 20, 10, 11], remaining: null }, [1, 2, 4, 3]],
    [
      'Quivit: equal scores, the most cards first',
      QUIVIT,
      { scores: [23, 23, 24], remaining: null, cards: [9, 12, 3] }, // 23 = 23: 12 cards > 9
      [3, 2, 1],
    ],
    [
      'Quivit: equal on score and cards share the place (two second, then none third)',
      QUIVIT,
      { scores: [23, 23, 24], remaining: null, cards: [10, 10, 16] },
      [2, 2, 1],
    ],
    [
      'target: a clock run out goes below every clock that did not, whatever the score',
      TARGET,
      { scores: [250, 190, 170], remaining: clocks('00:00', '02:00', '01:30') },
      [3, 1, 2],
    ],
    [
      'target: two clocks run out are placed below the rest, by score between them',
      TARGET,
      { scores: [150, 190, 170, 210], remaining: clocks('-0:10', '02:00', '01:30', '00:00') },
      [4, 1, 2, 3],
    ],
    [
      'target: 210 = 210 at the target, seat 2 reached it first',
      TARGET,
      { scores: [210, 210, 180], remaining: clocks('05:00', '05:00', '05:00'), targetFirst: 1 },
      [2, 1, 3],
    ],
    [
      'target: 180 = 180 below the target, time left decides (03:00 > 02:00)',
      TARGET,
      { scores: [180, 180, 170], remaining: clocks('02:00', '03:00', '05:00') },
      [2, 1, 3],
    ],
    [
      "a sheet's figures are placed whatever its clocks read (the replay reports them)",
      TARGET,
      { scores: [180, 170, 160], remaining: [60, 25 * 60 + 1, 60] },
      [1, 2, 3],
    ],
    [
      'target: equal on everything below the target share the place',
      TARGET,
      { scores: [180, 180, 170], remaining: clocks('02:00', '02:00', '05:00') },
      [1, 1, 3],
    ],
  ])('%s', (_, ruleSet, figures, places) => {
    const placing = placeTable(ruleSet, figures);
    expect(placing).toMatchObject({ ok: true, places });
  });

  it.each<[string, RuleSet, TableFigures, Record<string, unknown>]>([
    [
      'Quivit has no game clock',
      QUIVIT,
      { scores: [1, 2, 3], remaining: [60, 60, 60] },
      { code: 'NO_GAME_CLOCK' },
    ],
    [
      'the target-score variant needs the clocks',
      TARGET,
      { scores: [1, 2, 3], remaining: null },
      { code: 'CLOCKS_NEEDED' },
    ],
    [
      'no clock shows more than the time a player starts with',
      TARGET,
      { scores: [1, 2, 3], remaining: [60, 25 * 60 + 1, 60], typed: true }, // 1,501 s > 25 × 60 s
      { code: 'CLOCK_ABOVE_START', player: 1, remaining: 1501, start: 1500 },
    ],
    [
      'a clock for each seat',
      TARGET,
      { scores: [1, 2, 3], remaining: [60, 60] },
      { code: 'FIGURE_COUNT', field: 'clocks', expected: 3, got: 2 },
    ],
    [
      'equal Quivit scores without cards: the cards are needed, naming the seats',
      QUIVIT,
      { scores: [23, 23, 24], remaining: null },
      { code: 'FIGURE_NEEDED', field: 'cards', seats: [0, 1] },
    ],
    [
      'a tie at the target without who reached it first',
      TARGET,
      { scores: [210, 210, 180], remaining: clocks('05:00', '05:00', '05:00') },
      { code: 'FIGURE_NEEDED', field: 'targetFirst', seats: [0, 1] },
    ],
    [
      'cards are not a figure of the target-score variant',
      TARGET,
      { scores: [1, 2, 3], remaining: [60, 60, 60], cards: [1, 2, 3] },
      { code: 'FIGURE_UNUSED', field: 'cards' },
    ],
    [
      'targetFirst names a seat of the table',
      TARGET,
      { scores: [210, 210, 180], remaining: [60, 60, 60], targetFirst: 3 },
      { code: 'SEAT_OUT_OF_RANGE', seats: 3, got: 3 },
    ],
  ])('refused: %s', (_, ruleSet, figures, problem) => {
    const placing = placeTable(ruleSet, figures);
    expect(placing.ok).toBe(false);
    if (!placing.ok) expect(placing.problem).toMatchObject(problem);
  });
});
