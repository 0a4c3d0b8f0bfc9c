import { game, turn } from '../../test/prizes/reports';
import { prizeList, StandingLine } from './prize-list';
import { readPrizeTable, PrizeTableSettings } from './prize-table';
import type { VerifiedGame } from './prizes';

const settings = (body: unknown): PrizeTableSettings => {
  const read = readPrizeTable(body);
  if (!read.ok) throw new Error(JSON.stringify(read.problem));
  return read.table;
};

describe('prize list', () => {
  // A, B share rank 1; C 3rd; D, E share rank 4; F 6th.
  const standings: StandingLine[] = [
    { player: 'A', rank: 1, rating: 1900 },
    { player: 'B', rank: 1, rating: 1550 },
    { player: 'C', rank: 3, rating: 1450 },
    { player: 'D', rank: 4, rating: 1400 },
    { player: 'E', rank: 4, rating: null },
    { player: 'F', rank: 6, rating: 1300 },
  ];
  const games = [
    game(1, 1, ['A', 'F'], [420, 300], [100, 50], [turn(0, 90, { reading: '8D KUĆARICA' })]),
    game(1, 2, ['B', 'C'], [420, 410], [30, 20], [turn(1, 90, { reading: 'H8 SUNCE' })]),
  ];

  it('shares places of a shared rank and pools their amounts, then pays the classes', () => {
    const table = settings({
      currency: 'RSD',
      places: [{ amount: 10000 }, { amount: 6000 }, { amount: 3000 }, { name: 'Knjiga' }],
      classes: [{ name: 'C', below: 1500, prizes: [{ amount: 2000 }, { amount: 1001 }] }],
      awards: [{ kind: 'highest-game', prize: { amount: 1000 } }, { kind: 'highest-play' }],
    });
    const list = prizeList(standings, games, table);
    const lines = list.lines.map((l) => [
      l.kind,
      l.places,
      l.winners.map((w) => `${w.player}:${w.amount}`),
    ]);
    expect(lines).toEqual([
      // A and B share 1st: (10000 + 6000) / 2 = 8000 each.
      ['place', [1, 2], ['A:8000', 'B:8000']],
      ['place', [3], ['C:3000']],
      // D and E share 4th, beyond which nothing is paid: the book alone, no amount, shared.
      ['place', [4], ['D:null', 'E:null']],
      // Class C (below 1500, unrated too): C, D, E paid overall, so F (1300) takes 1st; no 2nd.
      ['class', [1], ['F:2000']],
      // Highest game: A 420 and B 420 share 1000: 500 each. Highest play: A 90, C 90, honour.
      ['award', [], ['A:500', 'B:500']],
      ['award', [], ['A:null', 'C:null']],
    ]);
  });

  it('with prizes added up, a player paid overall can also take a class prize', () => {
    const table = settings({
      currency: 'EUR',
      onePrizePerPlayer: false,
      places: [{ amount: 100 }],
      classes: [{ name: 'C', below: 1500, prizes: [{ amount: 10 }, { amount: 5 }] }],
    });
    const lines = prizeList(standings, [], table).lines;
    // Overall 1st is shared by A and B: 100 / 2 = 50. Class: C (1450) 1st; D (1400) and the
    // unrated E share 2nd, which pays 5: 2.5 each.
    expect(lines.map((l) => l.winners.map((w) => `${w.player}:${w.amount}`))).toEqual([
      ['A:50', 'B:50'],
      ['C:10'],
      ['D:2.5', 'E:2.5'],
    ]);
  });

  it('counts the statistics of each player and of the division from the verified games', () => {
    const { players, totals } = prizeList(standings, games, settings({}));
    const a = players.find((p) => p.player === 'A')!;
    expect(a).toMatchObject({ games: 1, totalScore: 420, average: 420, highestPlay: 90 });
    // D has no verified game: no average, no highest figures.
    expect(players.find((p) => p.player === 'D')).toMatchObject({ games: 0, average: null });
    // (420 + 300 + 420 + 410) / 4 seats = 1550 / 4 = 387.5.
    expect(totals).toEqual({
      games: 2,
      average: 387.5,
      highestGame: 420,
      highestPlay: 90,
      allTilePlays: 0,
      invalidWords: 0,
    });
  });
});

describe('a table of three', () => {
  it("counts every seat, and the winner's time", () => {
    // Seats in turn order: Ana 120 (won, 300 s left), Bora 90 with an all-tile play of 62,
    // Ceca 60 with a word ruled invalid.
    const table: VerifiedGame = {
      round: 1,
      table: 1,
      players: ['Ana', 'Bora', 'Ceca'],
      report: {
        turns: [
          turn(0, 40),
          turn(1, 62, { bonuses: [{ kind: 'all-tiles', points: 40 }] }),
          turn(2, 0, { status: 'withdrawn' }),
        ],
        players: [
          { final: 120, remainingSeconds: 300 },
          { final: 90, remainingSeconds: 200 },
          { final: 60, remainingSeconds: 100 },
        ],
        result: { winner: 0 },
      } as unknown as VerifiedGame['report'],
    };
    const standings = ['Ana', 'Bora', 'Ceca'].map((player, i) => ({
      player,
      rank: i + 1,
      rating: null,
    }));
    const all = settings({
      awards: [
        'highest-play',
        'most-all-tile-plays',
        'best-time-in-wins',
        'fewest-invalid-words',
      ].map((kind) => ({ kind })),
    });
    const list = prizeList(standings, [table], all);
    expect(
      list.lines.map((l) => [l.award, l.winners.map((w) => `${w.player} ${w.value}`)]),
    ).toEqual([
      ['highest-play', ['Bora 62']],
      ['most-all-tile-plays', ['Bora 1']],
      ['best-time-in-wins', ['Ana 300']],
      // Every seat played its one verified game: Ana and Bora 0 invalid words, shared.
      ['fewest-invalid-words', ['Ana 0', 'Bora 0']],
    ]);
    // (120 + 90 + 60) / 3 seats = 90.
    expect(list.totals).toMatchObject({ games: 1, average: 90, invalidWords: 1, allTilePlays: 1 });
  });
});

describe('reading a prize table', () => {
  const problem = (body: unknown) => {
    const read = readPrizeTable(body);
    return read.ok ? null : [read.problem.field, read.problem.code];
  };

  it('names the first bad field', () => {
    expect(problem({ places: [{ amount: 5 }, { amount: 1, name: 'x' }] })).toEqual([
      'places[1]',
      'prize',
    ]);
    expect(problem({ currency: 'RSD', places: [{ amount: -1 }] })).toEqual([
      'places[0].amount',
      'amount',
    ]);
    expect(problem({ currency: 'RSD', places: [{ amount: 1.005 }] })).toEqual([
      'places[0].amount',
      'amount',
    ]);
    expect(problem({ places: [{ amount: 5 }] })).toEqual(['currency', 'currencyNeeded']);
    expect(
      problem({
        classes: [
          { name: 'B', below: 1600 },
          { name: 'A', below: 1500 },
        ],
      }),
    ).toEqual(['classes[1].below', 'belowRising']);
    expect(problem({ classes: [{ name: 'B', below: 1600.5 }] })).toEqual([
      'classes[0].below',
      'below',
    ]);
    expect(problem({ awards: [{ kind: 'longest-word' }] })).toEqual(['awards[0].kind', 'award']);
    expect(problem({ prizes: [] })).toEqual(['prizes', 'unknown']);
    expect(problem([])).toEqual(['body', 'object']);
  });

  it('keeps the awards in their own order, each once', () => {
    const read = readPrizeTable({
      awards: [
        { kind: 'fewest-invalid-words' },
        { kind: 'highest-game', prize: { name: 'Pehar' } },
      ],
    });
    expect(read.ok && read.table.awards).toEqual([
      { kind: 'highest-game', prize: { amount: null, name: 'Pehar' } },
      { kind: 'fewest-invalid-words', prize: null },
    ]);
    expect(problem({ awards: [{ kind: 'highest-game' }, { kind: 'highest-game' }] })).toEqual([
      'awards[1].kind',
      'awardTwice',
    ]);
  });
});
