import { computeGroupStandings } from './placements';
import { buildTableCards, metGrid, SeatedTable } from './table-cards';

const seat = (playerId: string, score: number | null = null, place: number | null = null) => ({
  playerId,
  score,
  place,
});

const players = ['a', 'b', 'c', 'd', 'e'].map((id, i) => ({ id, seed: i + 1 }));

// Round 1: a, b, c, d at table 1 (b and c share 2nd), e has a bye.
// Round 2: e, a, b at table 1 with a result; c, d at table 2 still playing.
const TABLES: SeatedTable[] = [
  {
    round: 1,
    table: 1,
    seats: [seat('a', 30, 1), seat('b', 20, 2), seat('c', 20, 2), seat('d', 10, 4)],
  },
  { round: 1, table: 2, seats: [seat('e')] },
  { round: 2, table: 1, seats: [seat('e', 15, 1), seat('a', 12, 2), seat('b', 9, 3)] },
  { round: 2, table: 2, seats: [seat('c'), seat('d')] },
];

describe("a player's tables (buildTableCards)", () => {
  const cards = buildTableCards(players, TABLES, 2);

  test('places earn a point for each player behind; a shared place shares its points', () => {
    // Table of 4: 3/2/1/0; b and c share 2nd: (2 + 1) / 2 = 1.5 each.
    expect(['a', 'b', 'c', 'd'].map((id) => cards.get(id)!.lines[0].points)).toEqual([
      3, 1.5, 1.5, 0,
    ]);
    // Table of 3: 2/1/0.
    expect(['e', 'a', 'b'].map((id) => cards.get(id)!.lines[1].points)).toEqual([2, 1, 0]);
  });

  test('a line knows its table, seat, the others in turn order and the spread on the table mean', () => {
    const a2 = cards.get('a')!.lines[1];
    expect(a2).toMatchObject({ kind: 'table', table: 1, seat: 2, seats: 3, score: 12, place: 2 });
    expect(a2.others.map((o) => [o.playerId, o.seat, o.score, o.place])).toEqual([
      ['e', 1, 15, 1],
      ['b', 3, 9, 3],
    ]);
    // Mean (15 + 12 + 9) / 3 = 12: a's spread is 0; round 1's mean (30 + 20 + 20 + 10) / 4 = 20.
    expect(a2.spread).toBe(0);
    expect(cards.get('a')!.lines[0].spread).toBe(10);
  });

  test('a bye is worth one point; a table still playing counts nothing yet', () => {
    expect(cards.get('e')!.lines[0]).toMatchObject({ kind: 'bye', seat: null, points: 1 });
    expect(cards.get('c')!.lines[1]).toMatchObject({
      kind: 'pending',
      table: 2,
      seat: 1,
      points: null,
      runningPoints: 1.5,
    });
  });

  test('the points so far agree with the standings of the same tables', () => {
    const rows = computeGroupStandings(
      players.map((p) => ({ ...p, active: true })),
      TABLES.map((t) => ({
        round: t.round,
        seats: t.seats.map((s) => s.playerId),
        ...(t.seats.every((s) => s.score !== null)
          ? {
              scores: t.seats.map((s) => s.score!),
              keys: t.seats.map((s) => [-s.place!]),
            }
          : {}),
      })),
    );
    for (const row of rows) {
      const card = cards.get(row.playerId)!;
      expect([row.playerId, card.points, card.places]).toEqual([
        row.playerId,
        row.points,
        row.places,
      ]);
    }
  });

  test('a seat that did not come: last place and its points, no score, out of the mean', () => {
    // Round 3, table of four: b did not come (no score, placed 4th by the result).
    const absent: SeatedTable[] = [
      ...TABLES,
      {
        round: 3,
        table: 1,
        seats: [seat('a', 30, 1), seat('b', null, 4), seat('c', 24, 2), seat('d', 18, 3)],
      },
    ];
    const three = buildTableCards(players, absent, 3);
    const line = (id: string) => three.get(id)!.lines[2];
    expect(line('b')).toMatchObject({
      kind: 'table',
      score: null,
      place: 4,
      points: 0,
      spread: null,
    });
    // Mean of the seats present (30 + 24 + 18) / 3 = 24: a +6, c 0, d −6; points 3/2/1.
    expect(['a', 'c', 'd'].map((id) => [line(id).points, line(id).spread])).toEqual([
      [3, 6],
      [2, 0],
      [1, -6],
    ]);
    const rows = computeGroupStandings(
      players.map((p) => ({ ...p, active: true })),
      absent
        .filter((t) => t.seats.length > 1 && t.seats.every((s) => s.place !== null))
        .map((t) => ({
          round: t.round,
          seats: t.seats.map((s) => s.playerId),
          scores: t.seats.map((s) => s.score),
          keys: t.seats.map((s) => [-s.place!]),
        })),
    );
    for (const row of rows.filter((r) => r.playerId !== 'e')) {
      expect([row.playerId, three.get(row.playerId)!.points]).toEqual([row.playerId, row.points]);
    }
  });

  test('rounds the player was not seated in say why', () => {
    const late = buildTableCards(
      [
        { id: 'f', seed: 6, joinedRound: 2 },
        { id: 'a', seed: 1, absentRounds: [3] },
      ],
      TABLES,
      3,
    );
    expect(late.get('f')!.lines.map((l) => l.kind)).toEqual([
      'not-joined',
      'not-paired',
      'not-paired',
    ]);
    expect(late.get('a')!.lines.map((l) => [l.kind, l.runningPoints])).toEqual([
      ['table', 3],
      ['table', 4],
      ['absent', 4],
    ]);
  });
});

describe('the met grid', () => {
  test('counts each two players at one table, the diagonal 0; rounds after the last left out', () => {
    const order = ['a', 'b', 'c', 'd', 'e'];
    expect(metGrid(order, TABLES)).toEqual([
      // a met b twice (rounds 1 and 2), c and d once, e once.
      [0, 2, 1, 1, 1],
      [2, 0, 1, 1, 1],
      [1, 1, 0, 2, 0],
      [1, 1, 2, 0, 0],
      [1, 1, 0, 0, 0],
    ]);
    expect(metGrid(order, TABLES, 1)[4]).toEqual([0, 0, 0, 0, 0]);
  });
});
