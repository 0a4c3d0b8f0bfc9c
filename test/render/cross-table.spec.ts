import { computeStandings } from '../../src/standings';
import type { GameRecord, Player } from '../../src/standings/types';
import { buildCrossTable, standingsLines } from '../../src/render/cross-table';
import { crossCellText } from '../../src/render/format';

const players: Player[] = ['ana', 'marko', 'djordje', 'ljubica'].map((id, i) => ({
  id,
  seed: i + 1,
  active: true,
}));
const names = new Map([
  ['ana', 'Ana Petrović'],
  ['marko', 'Marko Jovanović'],
  ['djordje', 'Đorđe Šćekić'],
  ['ljubica', 'Ljubica Njegoš'],
]);
const games: GameRecord[] = [
  { round: 1, a: 'ana', b: 'marko', starts: 'ana', resultA: 'win', scoreA: 412, scoreB: 380 },
  {
    round: 1,
    a: 'djordje',
    b: 'ljubica',
    starts: 'ljubica',
    resultB: 'win',
    scoreA: 300,
    scoreB: 350,
  },
  {
    round: 2,
    a: 'ana',
    b: 'ljubica',
    starts: 'ljubica',
    resultA: 'draw',
    scoreA: 390,
    scoreB: 390,
  },
  { round: 2, a: 'marko', b: null },
  { round: 3, a: 'ana', b: 'djordje', starts: 'ana' },
];

describe('cross-table from standings and games', () => {
  const standings = computeStandings(players, games);
  const table = buildCrossTable(standings, games, names);

  it('has one row per player in standings order and one cell per round', () => {
    expect(table.rounds).toBe(3);
    expect(table.rows.map((r) => r.name)).toEqual(standings.map((s) => names.get(s.playerId)));
    for (const r of table.rows) expect(r.cells).toHaveLength(3);
  });

  it('fills both players’ cells, the opponent by rank, the bye, the pending game', () => {
    const ana = table.rows.find((r) => r.name === 'Ana Petrović')!;
    const marko = table.rows.find((r) => r.name === 'Marko Jovanović')!;
    const rankOf = (name: string): number => table.rows.find((r) => r.name === name)!.rank;
    expect(ana.cells[0]).toEqual({
      opponentRank: rankOf('Marko Jovanović'),
      outcome: 'win',
      score: 412,
      opponentScore: 380,
      first: true,
    });
    expect(marko.cells[0]).toMatchObject({
      outcome: 'loss',
      score: 380,
      opponentScore: 412,
      first: false,
    });
    expect(ana.cells[1]).toMatchObject({ outcome: 'draw', first: false });
    expect(marko.cells[1]).toEqual({ opponentRank: null, outcome: 'bye' });
    expect(ana.cells[2]).toMatchObject({ outcome: 'pending', score: null });
    const ljubica = table.rows.find((r) => r.name === 'Ljubica Njegoš')!;
    expect(ljubica.cells[0]).toMatchObject({ outcome: 'win', first: true });
    expect(ljubica.cells[2]).toBeNull();
  });

  it('writes cells as rank, outcome letter and scores', () => {
    const ana = table.rows.find((r) => r.name === 'Ana Petrović')!;
    const r = ana.cells[0]!.opponentRank;
    expect(crossCellText('sr-Latn', ana.cells[0])).toBe(`●${r}P 412:380`);
    expect(crossCellText('en', ana.cells[0])).toBe(`●${r}W 412:380`);
    expect(crossCellText('sr-Cyrl', { opponentRank: null, outcome: 'bye' })).toBe('С');
    expect(crossCellText('en', null)).toBe('');
  });

  it('standings lines carry names and clubs', () => {
    const lines = standingsLines(
      standings,
      new Map([['ana', { name: 'Ana Petrović', club: 'NS' }]]),
    );
    expect(lines.find((l) => l.name === 'Ana Petrović')).toMatchObject({ club: 'NS' });
    expect(lines.find((l) => l.name === 'marko')).toMatchObject({ club: null });
  });
});

describe('a game won on time is marked in the cross-table', () => {
  const onTime: GameRecord[] = [
    // Ana wins with the lower score: Marko's clock ran out.
    { round: 1, a: 'ana', b: 'marko', resultA: 'win', scoreA: 380, scoreB: 401, remainingB: -10 },
    // Đorđe wins on score; both clocks have time left.
    {
      round: 1,
      a: 'djordje',
      b: 'ljubica',
      resultA: 'win',
      scoreA: 350,
      scoreB: 300,
      remainingA: 120,
      remainingB: 60,
    },
    // Ljubica loses on time with the higher score (her clock at zero), the result given for B.
    { round: 2, a: 'ana', b: 'ljubica', resultB: 'loss', scoreA: 300, scoreB: 320, remainingB: 0 },
  ];
  const table = buildCrossTable(computeStandings(players, onTime), onTime, names, 2);
  const cell = (id: string, round: number) =>
    table.rows.find((r) => r.name === names.get(id))!.cells[round - 1];

  it('both players of a time loss, in every language; a win on score is not', () => {
    expect(cell('ana', 1)).toMatchObject({ outcome: 'win', onTime: true });
    expect(cell('marko', 1)).toMatchObject({ outcome: 'loss', onTime: true });
    expect(cell('djordje', 1)!.onTime).toBeUndefined();
    expect(cell('ljubica', 2)).toMatchObject({ outcome: 'loss', onTime: true });
    expect(crossCellText('sr-Latn', cell('ana', 1))).toMatch(/^\d+Pv 380:401$/);
    expect(crossCellText('sr-Cyrl', cell('marko', 1))).toMatch(/^\d+Ив 401:380$/);
    expect(crossCellText('en', cell('ana', 1))).toMatch(/^\d+Wt 380:401$/);
    expect(crossCellText('sr-Latn', cell('djordje', 1))).toMatch(/^\d+P 350:300$/);
  });
});
