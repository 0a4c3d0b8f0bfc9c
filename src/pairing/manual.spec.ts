import { swapPlayers, validatePairings } from './manual';
import { GameRecord, Pairing, Player } from './types';

const players: Player[] = [
  { id: 'A', seed: 1, active: true },
  { id: 'B', seed: 2, active: true },
  { id: 'C', seed: 3, active: true },
  { id: 'D', seed: 4, active: true },
  { id: 'E', seed: 5, active: true },
  { id: 'W', seed: 6, active: false },
];
const good: Pairing[] = [
  { table: 1, first: 'A', second: 'B' },
  { table: 2, first: 'C', second: 'D' },
  { table: 3, first: 'E', second: null },
];
const codes = (pairings: Pairing[], history: GameRecord[] = []) => {
  const v = validatePairings(players, pairings, history);
  return { ok: v.ok, errors: v.errors.map((e) => e.code), warnings: v.warnings.map((w) => w.code) };
};

describe('validatePairings', () => {
  it('accepts every active player exactly once with one bye', () => {
    expect(codes(good)).toEqual({ ok: true, errors: [], warnings: [] });
  });

  it.each<[string, Pairing[], string[]]>([
    [
      'a withdrawn player',
      [...good.slice(0, 2), { table: 3, first: 'E', second: 'W' }],
      ['withdrawn-player'],
    ],
    [
      'an unknown player',
      [...good.slice(0, 2), { table: 3, first: 'E', second: 'X' }],
      ['unknown-player'],
    ],
    ['a missing player', good.slice(0, 2), ['missing-player']],
    [
      'a player twice',
      [...good.slice(0, 2), { table: 3, first: 'E', second: 'A' }],
      ['duplicate-player'],
    ],
    [
      'two byes',
      [
        { table: 1, first: 'A', second: 'B' },
        { table: 2, first: 'C', second: null },
        { table: 3, first: 'D', second: null },
        { table: 4, first: 'E', second: null },
      ],
      ['too-many-byes'],
    ],
    [
      'a player against themself',
      [
        { table: 1, first: 'A', second: 'B' },
        { table: 2, first: 'C', second: 'D' },
        { table: 3, first: 'E', second: 'E' },
      ],
      ['self-pairing', 'duplicate-player'],
    ],
    [
      'a table number twice',
      [
        { table: 1, first: 'A', second: 'B' },
        { table: 1, first: 'C', second: 'D' },
        { table: 3, first: 'E', second: null },
      ],
      ['duplicate-table'],
    ],
  ])('rejects %s', (_name, pairings, errors) => {
    const got = codes(pairings);
    expect(got.ok).toBe(false);
    expect(got.errors).toEqual(errors);
  });

  it('warns about a rematch and a repeat bye, but accepts them', () => {
    const history: GameRecord[] = [
      { round: 1, a: 'A', b: 'B', resultA: 'win' },
      { round: 1, a: 'C', b: 'E', resultA: 'win' },
      { round: 1, a: 'D', b: null },
      { round: 2, a: 'E', b: null },
    ];
    expect(codes(good, history)).toEqual({
      ok: true,
      errors: [],
      warnings: ['rematch', 'repeat-bye'],
    });
  });
});

describe('swapPlayers', () => {
  it('exchanges two players at different tables', () => {
    expect(swapPlayers(good, 'B', 'C')).toEqual([
      { table: 1, first: 'A', second: 'C' },
      { table: 2, first: 'B', second: 'D' },
      { table: 3, first: 'E', second: null },
    ]);
  });

  it('moves a player into and out of the bye', () => {
    expect(swapPlayers(good, 'E', 'A')).toEqual([
      { table: 1, first: 'E', second: 'B' },
      { table: 2, first: 'C', second: 'D' },
      { table: 3, first: 'A', second: null },
    ]);
  });

  it('swaps who starts at one table', () => {
    expect(swapPlayers(good, 'A', 'B')[0]).toEqual({ table: 1, first: 'B', second: 'A' });
  });

  it('substitutes a player who was not paired', () => {
    const out = swapPlayers(good, 'E', 'W');
    expect(out[2]).toEqual({ table: 3, first: 'W', second: null });
    expect(swapPlayers(good, 'W', 'E')).toEqual(out);
    expect(good[2].first).toBe('E'); // the input is not changed
  });

  it('throws on misuse', () => {
    expect(() => swapPlayers(good, 'A', 'A')).toThrow(RangeError);
    expect(() => swapPlayers(good, 'X', 'Y')).toThrow(RangeError);
  });
});
