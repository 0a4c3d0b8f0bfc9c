/**
 * A result typed from the paper is decided by the engine's own decision with
 * the rule set's tie-breaks (`decideTypedResult`), not by a fixed order of
 * time loss, score, remaining time. Clocks are `mm:ss`; the arithmetic that
 * decides is beside each expected result.
 */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import {
  applyOptions,
  decideTypedResult,
  findRuleSet,
  parseClock,
  RuleOptions,
  timeLossToName,
  TypedDecision,
  TypedResult,
  TypedTieBreak,
  VerificationReport,
} from '../../src/engine';

interface Row {
  name: string;
  rules: string;
  options?: RuleOptions;
  scores: [number, number];
  clocks: [string, string];
  timeLoss?: 0 | 1;
  figures?: Partial<Record<TypedTieBreak, [number, number]>>;
  /** `winner reason[/tieBreak]`, or the problem's code and its figure. */
  expected: string;
}

function decideRow(row: Row): TypedDecision {
  const ruleSet = applyOptions(findRuleSet(row.rules)!, row.options);
  return decideTypedResult(ruleSet, {
    scores: row.scores,
    remaining: row.clocks.map((c) => parseClock(c)!),
    timeLoss: row.timeLoss,
    tieBreaks: row.figures,
  });
}

function said(d: TypedDecision): string {
  if (!d.ok) {
    const p = d.problem;
    return p.code === 'TIE_BREAK_FIGURE_NEEDED' || p.code === 'TIE_BREAK_FIGURE_UNUSED'
      ? `${p.code} ${p.tieBreak}`
      : p.code;
  }
  const { winner, reason, tieBreak } = d.result;
  return `${winner === null ? 'draw' : winner === 0 ? 'first' : 'second'} ${reason}${tieBreak ? `/${tieBreak}` : ''}`;
}

describe('a typed Quivit result is decided by its own tie-break, the most cards', () => {
  test.each<Row>([
    {
      name: 'equal points, more cards: the second player wins (not the first on a clock that means nothing)',
      rules: 'quivit',
      scores: [20, 20],
      clocks: ['01:00', '00:30'],
      figures: { cards: [13, 14] }, // 20 = 20; cards 13 < 14; 60 s > 30 s used to give the first
      expected: 'second tie-break/cards',
    },
    {
      name: 'equal points without the cards: the cards are asked for',
      rules: 'quivit',
      scores: [20, 20],
      clocks: ['01:00', '01:00'],
      expected: 'TIE_BREAK_FIGURE_NEEDED cards',
    },
    {
      name: 'more points: the cards are not needed',
      rules: 'quivit',
      scores: [26, 19],
      clocks: ['01:00', '01:00'],
      expected: 'first score', // 26 > 19
    },
    {
      name: 'equal points and cards: a draw, whatever the clocks',
      rules: 'quivit',
      scores: [20, 20],
      clocks: ['01:00', '00:10'],
      figures: { cards: [13, 13] }, // 20 = 20, 13 = 13; remaining time is no Quivit tie-break
      expected: 'draw draw',
    },
    {
      name: 'a clock at 00:00 is no time loss: Quivit has no game clock',
      rules: 'quivit',
      scores: [19, 20],
      clocks: ['01:00', '00:00'],
      expected: 'second score', // 19 < 20; the second clock at 0 used to lose on time
    },
    {
      name: 'a time loss named in a card game is refused',
      rules: 'quivit',
      scores: [19, 20],
      clocks: ['01:00', '01:00'],
      timeLoss: 1,
      expected: 'NO_GAME_CLOCK',
    },
  ])('$name', (row) => {
    expect(said(decideRow(row))).toBe(row.expected);
  });
});

describe("a typed result of another rule set is decided by that rule set's tie-breaks", () => {
  test.each<Row>([
    {
      name: 'Qwibble: equal scores, more safe points',
      rules: 'qwibble',
      scores: [150, 150],
      clocks: ['01:00', '05:00'],
      figures: { 'safe-points': [30, 25] }, // 30 > 25; more time left (300 s > 60 s) is no Qwibble tie-break
      expected: 'first tie-break/safe-points',
    },
    {
      name: 'Qwibble: equal safe points, more tiles played',
      rules: 'qwibble',
      scores: [150, 150],
      clocks: ['05:00', '01:00'],
      figures: { 'safe-points': [30, 30], 'tiles-played': [40, 44] }, // 30 = 30, 40 < 44
      expected: 'second tie-break/tiles-played',
    },
    {
      name: 'Qwibble: equal safe points and tiles, the biggest steal',
      rules: 'qwibble',
      scores: [150, 150],
      clocks: ['01:00', '05:00'],
      figures: { 'safe-points': [30, 30], 'tiles-played': [44, 44], 'biggest-steal': [12, 9] },
      expected: 'first tie-break/biggest-steal', // 30 = 30, 44 = 44, 12 > 9
    },
    {
      name: 'Qwibble: every tie-break equal is a draw (the judge draws lots), not remaining time',
      rules: 'qwibble',
      scores: [150, 150],
      clocks: ['01:00', '05:00'],
      figures: { 'safe-points': [30, 30], 'tiles-played': [44, 44], 'biggest-steal': [9, 9] },
      expected: 'draw draw', // the fixed order gave the second player the win on 300 s > 60 s
    },
    {
      name: 'Qwibble: the first figure the decision reaches and lacks is asked for',
      rules: 'qwibble',
      scores: [150, 150],
      clocks: ['01:00', '05:00'],
      figures: { 'safe-points': [30, 30] }, // 30 = 30: tiles played decide next
      expected: 'TIE_BREAK_FIGURE_NEEDED tiles-played',
    },
    {
      name: 'Qwibble: a figure after the deciding one may be left out',
      rules: 'qwibble',
      scores: [150, 150],
      clocks: ['01:00', '05:00'],
      figures: { 'safe-points': [31, 30] }, // 31 > 30
      expected: 'first tie-break/safe-points',
    },
    {
      name: 'target score: equal at or past the target, who reached it first',
      rules: 'scrabble-target',
      scores: [210, 210],
      clocks: ['05:00', '01:00'],
      figures: { 'target-first': [0, 1] }, // 210 = 210 ≥ 200; the second reached 200 first
      expected: 'second tie-break/target-first',
    },
    {
      name: 'target score: equal at or past the target without saying who reached it first',
      rules: 'scrabble-target',
      scores: [210, 210],
      clocks: ['05:00', '01:00'],
      expected: 'TIE_BREAK_FIGURE_NEEDED target-first',
    },
    {
      name: 'target score: equal below the target, nobody reached it: remaining time',
      rules: 'scrabble-target',
      scores: [150, 150],
      clocks: ['02:00', '03:00'],
      expected: 'second time-tiebreak', // 150 < 200; 120 s < 180 s
    },
    {
      name: "target score: the tournament's target counts (100), not the rule set's (200)",
      rules: 'scrabble-target',
      options: { targetScore: 100 },
      scores: [150, 150],
      clocks: ['02:00', '03:00'],
      expected: 'TIE_BREAK_FIGURE_NEEDED target-first', // 150 ≥ 100
    },
    {
      name: 'a figure the rule set has no tie-break for is refused',
      rules: 'kvizovka',
      scores: [300, 300],
      clocks: ['02:00', '04:00'],
      figures: { cards: [3, 4] },
      expected: 'TIE_BREAK_FIGURE_UNUSED cards',
    },
  ])('$name', (row) => {
    expect(said(decideRow(row))).toBe(row.expected);
  });
});

describe('Kvizovka and Scrabble keep their order: time loss, score, remaining time, draw', () => {
  test.each<Row>([
    {
      name: 'a single clock at 00:00 loses on time',
      rules: 'kvizovka',
      scores: [300, 200],
      clocks: ['00:00', '04:00'],
      expected: 'second time-expired', // 0 s ≤ 0 although 300 > 200
    },
    {
      name: 'two clocks past zero need saying who ran out first',
      rules: 'kvizovka',
      scores: [300, 200],
      clocks: ['00:00', '-00:10'],
      expected: 'TIME_LOSS_UNCLEAR',
    },
    {
      name: 'two clocks past zero with the time loss named',
      rules: 'kvizovka',
      scores: [300, 200],
      clocks: ['00:00', '-00:10'],
      timeLoss: 1,
      expected: 'first time-expired',
    },
    {
      name: 'a time loss named against the only clock left',
      rules: 'kvizovka',
      scores: [300, 200],
      clocks: ['00:00', '04:00'],
      timeLoss: 1,
      expected: 'TIME_LOSS_UNCLEAR',
    },
    {
      name: 'a time loss named with both clocks left stands',
      rules: 'scrabble-en',
      scores: [300, 200],
      clocks: ['01:00', '04:00'],
      timeLoss: 0,
      expected: 'second time-expired',
    },
    {
      name: 'equal scores: more time left',
      rules: 'kvizovka',
      scores: [300, 300],
      clocks: ['02:00', '04:00'],
      expected: 'second time-tiebreak', // 120 s < 240 s
    },
    {
      name: 'equal scores and clocks: a draw',
      rules: 'scrabble-fr',
      scores: [300, 300],
      clocks: ['04:00', '04:00'],
      expected: 'draw draw',
    },
  ])('$name', (row) => {
    expect(said(decideRow(row))).toBe(row.expected);
  });
});

describe('a remaining time above the time a player starts with is refused: no clock shows it', () => {
  test.each<Row>([
    {
      name: 'Kvizovka: 45:00 on a 30-minute clock',
      rules: 'kvizovka',
      scores: [412, 365],
      clocks: ['45:00', '-01:00'],
      expected: 'CLOCK_ABOVE_START', // 2,700 s > 30 × 60 = 1,800 s, before the time loss
    },
    {
      name: 'Kvizovka: the full 30:00 left is a clock nobody pressed',
      rules: 'kvizovka',
      scores: [412, 365],
      clocks: ['30:00', '05:00'],
      expected: 'first score', // 1,800 s = 1,800 s: not above
    },
    {
      name: 'Scrabble: 25:01 on a 25-minute clock',
      rules: 'scrabble-en',
      scores: [300, 200],
      clocks: ['02:00', '25:01'],
      expected: 'CLOCK_ABOVE_START', // 1,501 s > 25 × 60 = 1,500 s
    },
    {
      name: "a division's own clock: 45:00 on a 60-minute Kvizovka clock",
      rules: 'kvizovka',
      options: { clockMinutes: 60 },
      scores: [412, 365],
      clocks: ['45:00', '05:00'],
      expected: 'first score', // 2,700 s ≤ 60 × 60 = 3,600 s
    },
  ])('$name', (row) => {
    expect(said(decideRow(row))).toBe(row.expected);
  });

  test('the refusal names the player, the time and the start', () => {
    const d = decideRow({
      name: '',
      rules: 'kvizovka',
      scores: [412, 365],
      clocks: ['05:00', '45:00'],
      expected: '',
    });
    expect(d).toEqual({
      ok: false,
      problem: { code: 'CLOCK_ABOVE_START', player: 1, remaining: 2700, start: 1800 },
    });
  });
});

/** Every golden game's figures, typed: the decision is the one its sheet got. */
describe('typed from a verified sheet, a result is decided as the sheet was', () => {
  const root = join(__dirname, '..', 'fixtures');
  const games = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(root, d.name))
        .filter((f) => f.endsWith('.sheet.json'))
        .map((f) => join(d.name, f)),
    )
    .sort();

  test.each(games)('%s', (file) => {
    const sheet = JSON.parse(readFileSync(join(root, file), 'utf8')) as {
      rules: string;
      options?: RuleOptions;
    };
    const report = JSON.parse(
      readFileSync(join(root, file.replace('.sheet.json', '.report.json')), 'utf8'),
    ) as VerificationReport;
    const { players, result } = report;
    const lost = players.findIndex((p) => p.timeExpired);
    const reached = report.turns.find((t) => t.issues.some((i) => i.code === 'TARGET_REACHED'));
    const figure = (f: (p: (typeof players)[number]) => number | undefined) =>
      players.every((p) => f(p) !== undefined) ? players.map((p) => f(p)!) : undefined;
    const tieBreaks: TypedResult['tieBreaks'] = {};
    const ruleSet = applyOptions(findRuleSet(sheet.rules)!, sheet.options);
    const uses = (rule: TypedTieBreak) => ruleSet.tieBreaks?.includes(rule) ?? rule === 'cards';
    if (uses('cards')) tieBreaks.cards = figure((p) => p.cards);
    if (uses('safe-points')) tieBreaks['safe-points'] = figure((p) => p.safePoints);
    if (uses('tiles-played')) tieBreaks['tiles-played'] = figure((p) => p.tilesPlayed);
    if (uses('biggest-steal')) tieBreaks['biggest-steal'] = figure((p) => p.biggestSteal);
    if (reached) tieBreaks['target-first'] = players.map((_, p) => (p === reached.player ? 1 : 0));
    for (const k of Object.keys(tieBreaks) as TypedTieBreak[])
      if (tieBreaks[k] === undefined) delete tieBreaks[k];

    const timeLoss = result.reason === 'time-expired' && lost >= 0 ? lost : null;
    const typed = decideTypedResult(ruleSet, {
      scores: players.map((p) => p.final),
      remaining: players.map((p) => p.remainingSeconds),
      timeLoss,
      tieBreaks,
    });
    expect(typed).toEqual({ ok: true, result, timeLoss });
  });
});

describe('timeLossToName: the time loss a correction form starts from', () => {
  // [clocks, time loss stored, time loss the form names, why]
  test.each<[string[], 0 | 1 | null, 0 | 1 | null, string]>([
    [['03:24', '00:00'], 1, null, 'only the second clock is at 00:00: the clock gives it'],
    [
      ['03:24', '-00:10'],
      1,
      null,
      'a penalty took the second clock below zero: the clock gives it',
    ],
    [['03:24', '00:40'], 1, 1, 'the paper named it with 40 s on the clock'],
    [
      ['00:00', '-00:10'],
      0,
      0,
      'both clocks at or below zero: only a name tells who ran out first',
    ],
    [['03:24', '01:10'], null, null, 'no time loss'],
    [['00:00', '01:10'], null, null, 'nothing stored, nothing named'],
  ])('%j, stored %p → %p (%s)', (clocks, stored, named) => {
    expect(
      timeLossToName(
        clocks.map((c) => parseClock(c)!),
        stored,
      ),
    ).toBe(named);
  });
});
