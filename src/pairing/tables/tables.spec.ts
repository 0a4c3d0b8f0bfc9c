import type { Player } from '../../standings/types';
import { prngFromString } from '../prng';
import { groupRoundRobin } from './schedules';
import { seatRound, TableRecord } from './seat';
import { planTables } from './sizes';

const players = (n: number): Player[] =>
  Array.from({ length: n }, (_, i) => ({ id: `P${i + 1}`, seed: i + 1, active: true }));

describe('table sizes', () => {
  it.each<[number, number, number[], number, string]>([
    // [players, seats, sizes, byes, why]
    [16, 4, [4, 4, 4, 4], 0, '16 = 4·4'],
    [14, 4, [4, 4, 3, 3], 0, '14 = 2·4 + 2·3: two tables of 3, as the issue says'],
    [13, 4, [4, 3, 3, 3], 0, '13 = 4 + 3·3'],
    [9, 3, [3, 3, 3], 0, '9 = 3·3'],
    [7, 3, [3, 2, 2], 0, '7 = 3 + 2·2'],
    [5, 4, [4], 1, '5: 4 + 1 bye seats 4; 3 + 2 byes would seat 3'],
    [6, 4, [3, 3], 0, '6 = 2·3 seats everyone'],
    [2, 4, [], 2, 'two players cannot make a table of 3 or 4'],
    [7, 2, [2, 2, 2], 1, 'pairs: the odd player out gets the bye'],
    [11, 8, [8], 3, '11 at tables of 8: 8 + 3 over (7 + 4 seats 7)'],
    [0, 4, [], 0, 'no players, no tables'],
  ])('%i players at tables of %i → %j + %i byes (%s)', (n, seats, sizes, byes) => {
    expect(planTables(n, seats)).toEqual({ sizes, byes });
  });
});

/** Every pair of players and how often they shared a table. */
function meetings(tables: readonly (readonly string[])[]): Map<string, number> {
  const met = new Map<string, number>();
  for (const t of tables)
    for (let i = 0; i < t.length; i++)
      for (let j = i + 1; j < t.length; j++) {
        const key = [t[i], t[j]].sort().join('-');
        met.set(key, (met.get(key) ?? 0) + 1);
      }
  return met;
}

describe('round robins at tables', () => {
  it.each<[number, number, number, number]>([
    // [players, seats, rounds, times every pair meets]
    [9, 3, 4, 1],
    [16, 4, 5, 1],
    [25, 5, 6, 1],
    [49, 7, 8, 1],
    [4, 2, 3, 1],
    [8, 4, 7, 3],
    [4, 4, 1, 1],
  ])(
    '%i players at tables of %i: %i rounds, every pair together %i time(s)',
    (n, seats, rounds, times) => {
      const schedule = groupRoundRobin(n, seats)!;
      expect(schedule).toHaveLength(rounds);
      for (const round of schedule) {
        expect(round.every((t) => t.length === seats)).toBe(true);
        expect([...round.flat()].sort((a, b) => a - b)).toEqual(
          Array.from({ length: n }, (_, i) => i),
        );
      }
      const met = meetings(schedule.flat().map((t) => t.map(String)));
      // n·(n−1)/2 pairs, each met `times` times.
      expect(met.size).toBe((n * (n - 1)) / 2);
      expect(new Set(met.values())).toEqual(new Set([times]));
    },
  );

  it('has none for 14 players at tables of 4, and says which numbers have one', () => {
    expect(groupRoundRobin(14, 4)).toBeNull();
    const out = seatRound({
      system: 'round-robin',
      round: 1,
      seats: 4,
      players: players(14),
      history: [],
    });
    expect(out).toEqual({
      ok: false,
      code: 'no-schedule',
      message:
        'there is no round robin for 14 players at tables of 4 (there is for 4 or 8 or 16); seat the round as a Swiss',
    });
  });
});

describe('seeded first round: snake seeding', () => {
  it('16 players at tables of 4: each table has one of seeds 1–4, 5–8, 9–12, 13–16', () => {
    const out = seatRound({
      system: 'seeded',
      round: 1,
      seats: 4,
      players: players(16),
      history: [],
    });
    if (!out.ok) throw new Error(out.message);
    // Down 1 2 3 4, back 5 6 7 8 (8 at table 1), down 9…12, back 13…16.
    expect(out.tables.map((t) => [...t.seats].sort((a, b) => +a.slice(1) - +b.slice(1)))).toEqual([
      ['P1', 'P8', 'P9', 'P16'],
      ['P2', 'P7', 'P10', 'P15'],
      ['P3', 'P6', 'P11', 'P14'],
      ['P4', 'P5', 'P12', 'P13'],
    ]);
    // In round 1 nobody has sat anywhere: the seat order is the order seated (the top seed first).
    expect(out.tables[0].seats[0]).toBe('P1');
  });
});

/** The cost the seating minimises first: a pair met m times costs m·(m + 1). */
function repeatCost(tables: readonly (readonly string[])[], before: Map<string, number>): number {
  let cost = 0;
  for (const [pair, n] of meetings(tables)) {
    void n;
    const m = before.get(pair) ?? 0;
    cost += m * (m + 1);
  }
  return cost;
}

/** The least repeat cost of any split of `ids` into tables of `sizes` (every split tried). */
function bruteForce(ids: string[], sizes: number[], before: Map<string, number>): number {
  let best = Infinity;
  const tables: string[][] = sizes.map(() => []);
  const place = (k: number) => {
    if (k === ids.length) {
      best = Math.min(best, repeatCost(tables, before));
      return;
    }
    const tried = new Set<string>();
    for (let t = 0; t < sizes.length; t++) {
      if (tables[t].length >= sizes[t]) continue;
      // Empty tables of one size are alike: try one of them.
      const shape = `${sizes[t]}:${tables[t].length === 0 ? 'empty' : t}`;
      if (tried.has(shape)) continue;
      tried.add(shape);
      tables[t].push(ids[k]);
      place(k + 1);
      tables[t].pop();
    }
  };
  place(0);
  return best;
}

describe('Swiss seating over random tournaments', () => {
  /** Plays `rounds` rounds with random points, checking every round. */
  function tournament(n: number, seats: number, rounds: number, seed: string) {
    const random = prngFromString(seed);
    const all = players(n);
    const history: TableRecord[] = [];
    const points: Record<string, number> = {};
    const checks: { repeats: number; optimum: number | null }[] = [];
    for (let round = 1; round <= rounds; round++) {
      // A withdrawal and a late entry between rounds.
      if (round === 3) all[n - 1].active = false;
      if (round === 4) all.push({ id: `P${n + 1}`, seed: n + 1, active: true });
      const ranking = all
        .filter((p) => p.active)
        .sort((a, b) => (points[b.id] ?? 0) - (points[a.id] ?? 0) || a.seed - b.seed)
        .map((p) => p.id);
      const request = {
        system: 'swiss' as const,
        round,
        seats,
        players: all,
        history,
        ranking,
        points,
      };
      const out = seatRound(request);
      if (!out.ok) throw new Error(out.message);
      // Deterministic: the same request gives the same tables.
      expect(seatRound(request)).toEqual(out);
      const active = all.filter((p) => p.active).map((p) => p.id);
      const plan = planTables(active.length, seats);
      // Everyone active seated once, at tables of the planned sizes, or given a bye.
      const seated = [...out.tables.flatMap((t) => t.seats), ...out.byes];
      expect(seated.sort()).toEqual([...active].sort());
      expect(out.tables.map((t) => t.seats.length)).toEqual(plan.sizes);
      expect(out.byes).toHaveLength(plan.byes);
      const before = meetings(history.filter((t) => t.seats.length > 1).map((t) => t.seats));
      const tables = out.tables.map((t) => t.seats);
      checks.push({
        repeats: repeatCost(tables, before),
        optimum:
          active.length <= 10
            ? bruteForce(
                ranking.filter((id) => !out.byes.includes(id)),
                plan.sizes,
                before,
              )
            : null,
      });
      for (const t of out.tables) {
        history.push({ round, seats: t.seats });
        // Random points: 3/2/1/0 by a random order of the table.
        const order = [...t.seats].sort(() => random() - 0.5);
        order.forEach(
          (id, place) => (points[id] = (points[id] ?? 0) + (t.seats.length - 1 - place)),
        );
      }
      for (const id of out.byes) history.push({ round, seats: [id] });
    }
    return { checks, history };
  }

  it.each([
    [8, 4],
    [9, 3],
    [10, 4],
    [7, 3],
    [9, 4],
  ])(
    '%i players at tables of %i: the fewest repeats any seating has (every split tried)',
    (n, seats) => {
      for (let s = 0; s < 12; s++) {
        const { checks } = tournament(n, seats, 5, `small ${n}/${seats}/${s}`);
        for (const c of checks) expect(c.repeats).toBe(c.optimum);
      }
    },
  );

  it.each([
    [14, 4, 4],
    [30, 4, 8],
    [25, 3, 6],
    [40, 5, 6],
    [20, 8, 3],
  ])(
    '%i players at tables of %i over %i rounds: everyone seated each round, tables as planned',
    (n, seats, rounds) => {
      tournament(n, seats, rounds, `large ${n}/${seats}`);
    },
  );

  it('30 players at tables of 4 meet no one twice in the first four rounds', () => {
    // 3 new opponents a round: 12 of 29 others in four rounds, with room to spare.
    const { checks } = tournament(30, 4, 4, 'thirty');
    expect(checks.map((c) => c.repeats)).toEqual([0, 0, 0, 0]);
  });

  it('rotates the seat order: over four rounds at one table of four, everyone sits first once', () => {
    const four = players(4);
    const history: TableRecord[] = [];
    const first: string[] = [];
    for (let round = 1; round <= 4; round++) {
      const out = seatRound({ system: 'swiss', round, seats: 4, players: four, history });
      if (!out.ok) throw new Error(out.message);
      history.push({ round, seats: out.tables[0].seats });
      first.push(out.tables[0].seats[0]);
    }
    expect([...first].sort()).toEqual(['P1', 'P2', 'P3', 'P4']);
    // And every seat once each: a Latin square of seats.
    for (let seat = 0; seat < 4; seat++) {
      expect(new Set(history.map((t) => t.seats[seat])).size).toBe(4);
    }
  });

  it('gives the bye to the lowest-ranked player who has had the fewest', () => {
    const five = players(5);
    const out1 = seatRound({ system: 'swiss', round: 1, seats: 4, players: five, history: [] });
    if (!out1.ok) throw new Error(out1.message);
    expect(out1.byes).toEqual(['P5']);
    const out2 = seatRound({
      system: 'swiss',
      round: 2,
      seats: 4,
      players: five,
      history: [
        { round: 1, seats: out1.tables[0].seats },
        { round: 1, seats: ['P5'] },
      ],
    });
    if (!out2.ok) throw new Error(out2.message);
    expect(out2.byes).toEqual(['P4']);
  });
});
