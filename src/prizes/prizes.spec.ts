import { game, turn } from '../../test/prizes/reports';
import { computeAwards, placePrizes } from './prizes';

describe('awards from verified sheets', () => {
  // Round 1: Ana 420–380 Bora; Ceca 455–300 Dule. Round 2: Ana 300–455 Ceca; Bora 390–310 Dule.
  const games = [
    game(
      1,
      1,
      ['Ana', 'Bora'],
      [420, 380],
      [300, 120],
      [
        turn(0, 86, { bonuses: [{ kind: 'all-tiles', points: 50 }], reading: '8D KUĆARICA' }),
        turn(1, 40),
        turn(0, 0, { status: 'withdrawn' }), // Ana's word ruled invalid
      ],
    ),
    game(
      1,
      2,
      ['Ceca', 'Dule'],
      [455, 300],
      [60, 400],
      [
        turn(0, 112, { bonuses: [{ kind: 'all-tiles', points: 50 }], reading: 'H1 ŽIVOTARI' }),
        turn(1, 30),
        turn(0, 95, { bonuses: [{ kind: 'all-tiles', points: 50 }] }),
      ],
    ),
    game(
      2,
      1,
      ['Ana', 'Ceca'],
      [300, 455],
      [500, 30],
      [
        turn(1, 112, { reading: '15A ZADOVOLJNI' }),
        turn(0, 0, { status: 'withdrawn' }),
        turn(0, 75, { status: 'illegal' }), // an illegal play scores nothing and is no "play"
      ],
    ),
    game(2, 2, ['Bora', 'Dule'], [390, 310], [200, 10], [turn(1, 0, { status: 'withdrawn' })]),
  ];

  it('gives each award to the best figure, ties shared, as worked out by hand', () => {
    const awards = Object.fromEntries(computeAwards(games).map((a) => [a.kind, a.winners]));
    // Highest game: Ceca 455 twice (round 1 and round 2): both listed.
    expect(awards['highest-game']).toEqual([
      { player: 'Ceca', value: 455, at: { round: 1, table: 2 } },
      { player: 'Ceca', value: 455, at: { round: 2, table: 1 } },
    ]);
    // Highest play: 112 by Ceca, twice (H1 ŽIVOTARI and 15A ZADOVOLJNI); Ana's 75 was illegal.
    expect(awards['highest-play'].map((w) => [w.player, w.value, w.at?.play])).toEqual([
      ['Ceca', 112, 'H1 ŽIVOTARI'],
      ['Ceca', 112, '15A ZADOVOLJNI'],
    ]);
    // All-tile plays: Ceca 2 (both in round 1), Ana 1.
    expect(awards['most-all-tile-plays']).toEqual([{ player: 'Ceca', value: 2 }]);
    // Time in wins: Ana won round 1 with 300 s; Ceca won both: 60 + 30 = 90 s; Bora won round
    // 2 with 200 s. Ana's 500 s were in a loss and do not count.
    expect(awards['best-time-in-wins']).toEqual([{ player: 'Ana', value: 300 }]);
    // Invalid words: Ana 2, Dule 1, Bora 0, Ceca 0; all played two verified games: Bora and Ceca share.
    expect(awards['fewest-invalid-words']).toEqual([
      { player: 'Bora', value: 0 },
      { player: 'Ceca', value: 0 },
    ]);
  });

  it('gives "fewest invalid words" only among players with every game verified', () => {
    // Without round 2's second table, Bora and Dule have one verified game, Ana and Ceca two.
    const awards = computeAwards(games.slice(0, 3));
    expect(awards.find((a) => a.kind === 'fewest-invalid-words')!.winners).toEqual([
      { player: 'Ceca', value: 0 },
    ]);
  });

  it('gives nothing where nobody qualifies', () => {
    const none = computeAwards([]);
    expect(none.every((a) => a.winners.length === 0)).toBe(true);
  });
});

describe('place prizes', () => {
  const order = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8'];
  const ratings = new Map([
    ['P1', 1900],
    ['P2', 1450],
    ['P3', 1750],
    ['P4', 1500],
    ['P5', 1380],
    ['P6', 1620],
    ['P7', 1200],
  ]); // P8 unrated
  const table = {
    places: 2,
    classes: [
      { name: 'do 1500', below: 1500, places: 2 },
      { name: 'do 1700', below: 1700, places: 1 },
    ],
  };

  it('pays the places, then each class from the lowest up, one prize a player', () => {
    // Overall: P1, P2. Class below 1500: P2 (1450) is paid already → P5 (1380), P7 (1200).
    // Class 1500–1699: P4 (1500) first in the standings.
    expect(placePrizes(order, ratings, table)).toEqual([
      { class: null, place: 1, player: 'P1' },
      { class: null, place: 2, player: 'P2' },
      { class: 'do 1500', place: 1, player: 'P5' },
      { class: 'do 1500', place: 2, player: 'P7' },
      { class: 'do 1700', place: 1, player: 'P4' },
    ]);
  });

  it('an unrated player is in the lowest class; with prizes added up, P2 takes a class prize too', () => {
    // No overall places: the unrated P8, first in the standings, takes the lowest class's first.
    const withUnrated = placePrizes(['P8', ...order.slice(0, 7)], ratings, { ...table, places: 0 });
    expect(withUnrated.filter((p) => p.class === 'do 1500').map((p) => p.player)).toEqual([
      'P8',
      'P2',
    ]);
    const both = placePrizes(order, ratings, { ...table, onePrizePerPlayer: false });
    expect(both.filter((p) => p.class === 'do 1500').map((p) => p.player)).toEqual(['P2', 'P5']);
  });
});

describe('awards over a season', () => {
  it('handle 200,000 verified plays', () => {
    const turns = Array.from({ length: 200_000 }, (_, i) => turn(i % 2, i % 997));
    const season = [game(1, 1, ['Ana', 'Bora'], [500, 400], [10, 10], turns)];
    const play = computeAwards(season).find((a) => a.kind === 'highest-play')!;
    // 996 is the highest value of i mod 997; every 997th play reaches it.
    expect(play.winners[0].value).toBe(996);
  });
});
