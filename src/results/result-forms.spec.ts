import {
  askedFigures,
  readResultForm,
  readTableResultForm,
  resultOfForm,
  tableAsked,
  tableResultOfForm,
  typedResultValues,
} from './result-forms';

describe("a two players' result form, read for its rule set", () => {
  const kvizovka = askedFigures('kvizovka');
  const qwibble = askedFigures('qwibble');

  it.each([
    [
      'kvizovka, played: scores, clocks as typed (3.24 is 03:24), no figures',
      kvizovka,
      { scoreFirst: '412', scoreSecond: '377', remainingFirst: '3.24', remainingSecond: '0:00' },
      {
        scores: [412, 377],
        clocks: ['03:24', '00:00'],
        timeLoss: undefined,
        targetFirst: undefined,
      },
    ],
    [
      'kvizovka, a forfeit reads no scores (the garbage in them is not looked at)',
      kvizovka,
      { kind: 'forfeit-second', scoreFirst: 'x', remainingFirst: 'y' },
      { kind: 'forfeit', absent: 1 },
    ],
    ['a double forfeit', kvizovka, { kind: 'double-forfeit' }, { kind: 'double-forfeit' }],
    [
      'qwibble: each figure a player; one not asked is not read (cards)',
      qwibble,
      {
        scoreFirst: '50',
        scoreSecond: '50',
        remainingFirst: '1:00',
        remainingSecond: '2:00',
        timeLoss: 'first',
        safePointsFirst: '30',
        safePointsSecond: '25',
        cardsFirst: 'not asked',
      },
      {
        scores: [50, 50],
        clocks: ['01:00', '02:00'],
        timeLoss: 0,
        safePoints: [30, 25],
        targetFirst: undefined,
      },
    ],
    [
      'target-score Scrabble: who reached the target first',
      askedFigures('scrabble-target'),
      {
        scoreFirst: '400',
        scoreSecond: '400',
        remainingFirst: '1:00',
        remainingSecond: '1:00',
        targetFirst: 'second',
      },
      { scores: [400, 400], clocks: ['01:00', '01:00'], timeLoss: undefined, targetFirst: 1 },
    ],
  ])('%s', (_what, asked, body, result) => {
    const form = readResultForm(body, asked);
    expect(form.problems).toEqual([]);
    expect(resultOfForm(form, asked)).toEqual(result);
  });

  it.each([
    [
      'nothing typed',
      kvizovka,
      {},
      ['scoreFirst', 'scoreSecond', 'remainingFirst', 'remainingSecond'],
    ],
    [
      'a kind that is none of the four, and the version out of range',
      kvizovka,
      {
        kind: 'walkover',
        scoreFirst: '1',
        scoreSecond: '2',
        remainingFirst: '1:00',
        remainingSecond: '1:00',
        version: '-1',
      },
      ['kind', 'version'],
    ],
    [
      'a figure typed for one player asks for the other',
      qwibble,
      {
        scoreFirst: '50',
        scoreSecond: '50',
        remainingFirst: '1:00',
        remainingSecond: '1:00',
        tilesPlayedSecond: '9',
      },
      ['tilesPlayedFirst'],
    ],
    [
      'a score over 5000 and a clock that is none',
      kvizovka,
      { scoreFirst: '5001', scoreSecond: '0', remainingFirst: 'ten', remainingSecond: '1:00' },
      ['scoreFirst', 'remainingFirst'],
    ],
  ])('refuses %s', (_what, asked, body, fields) => {
    expect(readResultForm(body, asked).problems.map((p) => p.field)).toEqual(fields);
  });

  it('shows the form again as typed, the choices as read', () => {
    const body = { kind: 'walkover', scoreFirst: ' 41x', safePointsFirst: '3', timeLoss: 'both' };
    expect(typedResultValues(readResultForm(body, qwibble), qwibble)).toEqual({
      kind: 'played',
      scoreFirst: ' 41x',
      scoreSecond: '',
      remainingFirst: '',
      remainingSecond: '',
      timeLoss: 'none',
      figures: {
        safePointsFirst: '3',
        safePointsSecond: '',
        tilesPlayedFirst: '',
        tilesPlayedSecond: '',
        biggestStealFirst: '',
        biggestStealSecond: '',
      },
      targetFirst: 'none',
    });
  });
});

describe("a table's result form, read for its seats and rule set", () => {
  it('a table of three with clocks: seats 4 to 8 are not read', () => {
    const asked = tableAsked('kvizovka', 3);
    const body = {
      score1: '212',
      score2: '187',
      score3: '164',
      score4: 'x',
      clock1: '3:24',
      clock2: '5.12',
      clock3: '040',
      version: '7',
    };
    const form = readTableResultForm(body, asked);
    expect(form.problems).toEqual([]);
    expect(form.values.version).toBe(7);
    expect(tableResultOfForm(form, asked)).toEqual({
      scores: [212, 187, 164],
      clocks: ['03:24', '05:12', '00:40'],
    });
  });

  it('Quivit at four: no clocks; cards typed for some seats are asked of the others', () => {
    const asked = tableAsked('quivit', 4);
    const body = { score1: '5', score2: '5', score3: '2', score4: '1', cards1: '12', cards3: '7' };
    expect(readTableResultForm(body, asked).problems).toEqual([
      { field: 'cards2', key: 'form.required' },
      { field: 'cards4', key: 'form.required' },
    ]);
    const all = readTableResultForm({ ...body, cards2: '9', cards4: '4' }, asked);
    expect(tableResultOfForm(all, asked)).toEqual({ scores: [5, 5, 2, 1], cards: [12, 9, 7, 4] });
  });

  it('target-score Scrabble: the seat that reached the target first (1 is seat 1, index 0)', () => {
    const asked = tableAsked('scrabble-target', 3);
    const body = {
      score1: '400',
      score2: '400',
      score3: '300',
      clock1: '1:00',
      clock2: '1:00',
      clock3: '1:00',
      targetFirst: '2',
    };
    expect(tableResultOfForm(readTableResultForm(body, asked), asked)).toEqual({
      scores: [400, 400, 300],
      clocks: ['01:00', '01:00', '01:00'],
      targetFirst: 1,
    });
  });
});
