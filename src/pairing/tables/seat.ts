import type { Player } from '../../standings/types';
import { prngFromString, shuffled } from '../prng';
import { groupRoundRobin, roundRobinSizes } from './schedules';
import { planTables } from './sizes';

/** A table of a round already played or seated: its players in turn order (seat 1 first). */
export interface TableRecord {
  round: number;
  seats: readonly string[];
}

/** How a round of tables is seated. */
export type GroupSystem = 'swiss' | 'random' | 'seeded' | 'round-robin';

/** What {@link seatRound} needs. */
export interface SeatingRequest {
  system: GroupSystem;
  /** The round to seat, 1-based; tables of this round and later in `history` are ignored. */
  round: number;
  /** Seats a table: 2 to 8. */
  seats: number;
  /** Every player of the division; the active ones are seated. */
  players: readonly Player[];
  /** The tables of earlier rounds (a table of one player is a bye). */
  history: readonly TableRecord[];
  /**
   * Swiss: the active players best first, as the standings rank them (points, then the rule
   * set's tie-breaks); absent players go last, by seed. `points` tells equal standing apart.
   */
  ranking?: readonly string[];
  points?: Readonly<Record<string, number>>;
  /** Random: the same string gives the same tables. */
  seed?: string;
}

/** A seated table: its number and its players in turn order. */
export interface SeatedTable {
  table: number;
  seats: string[];
}

export type SeatingOutcome =
  | {
      ok: true;
      tables: SeatedTable[];
      /** Players without a table this round (when no mix of table sizes seats everyone). */
      byes: string[];
      /** Pairs of players at one table this round who shared a table before. */
      repeats: number;
    }
  | { ok: false; code: 'invalid-round' | 'invalid-seats' | 'no-schedule'; message: string };

/** How often each two players shared a table, and how often each sat in each seat. */
class Meetings {
  private readonly met = new Map<string, number>();
  readonly seatCounts = new Map<string, number[]>();
  readonly byes = new Map<string, number>();

  constructor(history: readonly TableRecord[], round: number, seats: number) {
    for (const t of history) {
      if (t.round >= round) continue;
      if (t.seats.length === 1) {
        this.byes.set(t.seats[0], (this.byes.get(t.seats[0]) ?? 0) + 1);
        continue;
      }
      t.seats.forEach((a, i) => {
        const counts = this.seatCounts.get(a) ?? new Array<number>(seats).fill(0);
        if (i < counts.length) counts[i]++;
        this.seatCounts.set(a, counts);
        for (let j = i + 1; j < t.seats.length; j++) {
          const key = pairKey(a, t.seats[j]);
          this.met.set(key, (this.met.get(key) ?? 0) + 1);
        }
      });
    }
  }

  times(a: string, b: string): number {
    return this.met.get(pairKey(a, b)) ?? 0;
  }
}

const pairKey = (a: string, b: string): string => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/**
 * Seats one round of tables of `seats` (and `seats − 1`, see {@link planTables}), deterministic
 * for the same request:
 * - `random`: shuffled by `seed`;
 * - `seeded`: snake seeding, seed 1 at table 1, 2 at table 2, … the last table, then back, so
 *   each table has a strong and a weak player;
 * - `swiss`: tables filled down the ranking, then improved by exchanging players between tables:
 *   first as few pairs who have shared a table before as can be (a pair met twice costs more
 *   than two pairs met once), then players of equal points together, then ranks close;
 * - `round-robin`: a schedule in which every two players meet equally often
 *   ({@link groupRoundRobin}), players by seed; refused when none exists for the number.
 * Seats at each table are then ordered so that everyone moves first, second, … in turn: each
 * player gets the seat they have sat in least.
 */
export function seatRound(request: SeatingRequest): SeatingOutcome {
  const { round, seats } = request;
  if (!Number.isInteger(round) || round < 1)
    return { ok: false, code: 'invalid-round', message: `round must be 1 or more, not ${round}` };
  if (!Number.isInteger(seats) || seats < 2 || seats > 8)
    return { ok: false, code: 'invalid-seats', message: `a table has 2 to 8 seats, not ${seats}` };
  const meetings = new Meetings(request.history, round, seats);
  const active = request.players.filter((p) => p.active);
  const bySeed = [...active].sort((a, b) => a.seed - b.seed || (a.id < b.id ? -1 : 1));
  const order = rankOrder(request, bySeed);

  if (request.system === 'round-robin') {
    const schedule = groupRoundRobin(bySeed.length, seats);
    if (!schedule) {
      return {
        ok: false,
        code: 'no-schedule',
        message: `there is no round robin for ${bySeed.length} players at tables of ${seats} (there is for ${roundRobinSizes(seats).join(' or ')}); seat the round as a Swiss`,
      };
    }
    const tables = schedule[(round - 1) % schedule.length].map((t) => t.map((i) => bySeed[i].id));
    return finish(tables, [], meetings, seats);
  }

  const plan = planTables(order.length, seats);
  const byes = chooseByes(order, plan.byes, meetings);
  const seated = order.filter((id) => !byes.includes(id));
  let tables: string[][];
  switch (request.system) {
    case 'random': {
      const mixed = shuffled(seated, prngFromString(request.seed ?? `round ${round}`));
      tables = fill(mixed, plan.sizes);
      break;
    }
    case 'seeded':
      tables = snake(seated, plan.sizes);
      break;
    case 'swiss':
      tables = swiss(seated, plan.sizes, request.points ?? {}, meetings, round);
      break;
  }
  return finish(tables, byes, meetings, seats);
}

/** The players to seat, best first: the ranking given (Swiss), else by seed. */
function rankOrder(request: SeatingRequest, bySeed: readonly Player[]): string[] {
  if (!request.ranking) return bySeed.map((p) => p.id);
  const active = new Set(bySeed.map((p) => p.id));
  const ranked = request.ranking.filter((id) => active.has(id));
  const listed = new Set(ranked);
  return [...ranked, ...bySeed.filter((p) => !listed.has(p.id)).map((p) => p.id)];
}

/** The players left without a table: from the bottom of the order, fewest byes first. */
function chooseByes(order: readonly string[], count: number, meetings: Meetings): string[] {
  if (count === 0) return [];
  const fromBottom = [...order].reverse();
  return fromBottom
    .map((id, i) => ({ id, i, byes: meetings.byes.get(id) ?? 0 }))
    .sort((a, b) => a.byes - b.byes || a.i - b.i)
    .slice(0, count)
    .map((x) => x.id);
}

/** Consecutive players to consecutive tables. */
function fill(players: readonly string[], sizes: readonly number[]): string[][] {
  const tables: string[][] = [];
  let at = 0;
  for (const size of sizes) {
    tables.push(players.slice(at, at + size));
    at += size;
  }
  return tables;
}

/** Snake seeding: down the tables, back up, down again, skipping tables that are full. */
function snake(players: readonly string[], sizes: readonly number[]): string[][] {
  const tables: string[][] = sizes.map(() => []);
  let t = 0;
  let step = 1;
  for (const id of players) {
    while (tables[t].length >= sizes[t]) {
      t += step;
      if (t < 0 || t >= sizes.length) {
        step = -step;
        t += step;
      }
    }
    tables[t].push(id);
    t += step;
    if (t < 0 || t >= sizes.length) {
      step = -step;
      t += step;
    }
  }
  return tables;
}

type PairCost = (a: string, b: string) => number;

/** Players up to this many are seated by trying every split into tables (at most 15,400). */
const EXACT_SEATING = 12;

/**
 * The Swiss seating: for up to {@link EXACT_SEATING} players the best split of all; above,
 * tables filled down the ranking and in a snake, each improved by exchanges, the cheaper kept.
 */
function swiss(
  order: readonly string[],
  sizes: readonly number[],
  points: Readonly<Record<string, number>>,
  meetings: Meetings,
  round: number,
): string[][] {
  const rank = new Map(order.map((id, i) => [id, i]));
  const pairCost: PairCost = (a, b) => {
    const met = meetings.times(a, b);
    const dp = (points[a] ?? 0) - (points[b] ?? 0);
    const dr = Math.abs(rank.get(a)! - rank.get(b)!);
    return (met === 0 ? 0 : REPEAT_WEIGHT * (met * met + met)) + POINTS_WEIGHT * dp * dp + dr;
  };
  if (order.length <= EXACT_SEATING) return bestSplit(order, sizes, pairCost);
  const starts = [fill(order, sizes)];
  // A second start only where it is cheap and the first leaves repeats.
  let best = improve(starts[0], pairCost);
  if (order.length <= 400 && seatingCost(best, pairCost) >= REPEAT_WEIGHT) {
    for (const start of [
      snake(order, sizes),
      fill(shuffled(order, prngFromString(`swiss ${round}`)), sizes),
    ]) {
      const tried = improve(start, pairCost);
      if (seatingCost(tried, pairCost) < seatingCost(best, pairCost)) best = tried;
    }
  }
  return best;
}

function seatingCost(tables: readonly string[][], pairCost: PairCost): number {
  let cost = 0;
  for (const t of tables)
    for (let i = 0; i < t.length; i++)
      for (let j = i + 1; j < t.length; j++) cost += pairCost(t[i], t[j]);
  return cost;
}

/**
 * The cheapest split of `order` into tables of `sizes`, every split tried (tables of one size
 * taken as alike, so each split is met once), the first found kept among equals: deterministic.
 */
function bestSplit(
  order: readonly string[],
  sizes: readonly number[],
  pairCost: PairCost,
): string[][] {
  const tables: string[][] = sizes.map(() => []);
  let best: string[][] = fill(order, sizes);
  let bestCost = seatingCost(best, pairCost);
  const place = (k: number, cost: number) => {
    if (cost >= bestCost) return;
    if (k === order.length) {
      bestCost = cost;
      best = tables.map((t) => [...t]);
      return;
    }
    const id = order[k];
    let emptyOfSize = new Set<number>();
    for (let t = 0; t < sizes.length; t++) {
      const table = tables[t];
      if (table.length >= sizes[t]) continue;
      if (table.length === 0) {
        if (emptyOfSize.has(sizes[t])) continue;
        emptyOfSize = new Set(emptyOfSize).add(sizes[t]);
      }
      let added = 0;
      for (const other of table) added += pairCost(id, other);
      table.push(id);
      place(k + 1, cost + added);
      table.pop();
    }
  };
  place(0, 0);
  return best;
}

/** A repeat outweighs any difference of standing: no pair of a table meets twice to seat points together. */
const REPEAT_WEIGHT = 1_000_000_000;
/** Players of different points at one table: the difference squared, times this. */
const POINTS_WEIGHT = 100;

/**
 * Exchanges players between tables while that lowers the cost of the seating: pairs who met
 * before (a pair met m times costs m·(m + 1): a third meeting, 6, is worse than two second
 * ones, 2 + 2), then the points between players of a table, then the distance of their ranks. Deterministic: tables and players are tried in order, and only a strict gain
 * is taken. Small divisions try every exchange; large ones the tables within a window.
 */
function improve(tables: string[][], pairCost: PairCost): string[][] {
  /** What `id` costs at `table` besides the player at `skip`. */
  const costAt = (id: string, table: readonly string[], skip: number): number => {
    let cost = 0;
    for (let k = 0; k < table.length; k++) if (k !== skip) cost += pairCost(id, table[k]);
    return cost;
  };
  const window = tables.length <= 16 ? tables.length : 6;
  for (let pass = 0; pass < 100; pass++) {
    let improved = false;
    for (let i = 0; i < tables.length; i++) {
      for (let j = i + 1; j < Math.min(tables.length, i + 1 + window); j++) {
        const a = tables[i];
        const b = tables[j];
        for (let x = 0; x < a.length; x++) {
          for (let y = 0; y < b.length; y++) {
            const before = costAt(a[x], a, x) + costAt(b[y], b, y);
            const after = costAt(b[y], a, x) + costAt(a[x], b, y);
            if (after < before) {
              [a[x], b[y]] = [b[y], a[x]];
              improved = true;
            }
          }
        }
      }
    }
    if (!improved) break;
  }
  return tables;
}

/** Every ordering of a small table, for the seat order. */
function permutations(n: number): number[][] {
  if (n === 1) return [[0]];
  const out: number[][] = [];
  for (const rest of permutations(n - 1)) {
    for (let at = 0; at <= rest.length; at++)
      out.push([...rest.slice(0, at), n - 1, ...rest.slice(at)]);
  }
  return out;
}
const PERMUTATIONS = new Map<number, number[][]>();

/**
 * The players of a table in turn order: the order in which the players have sat least often
 * in the seats they get (squared, so that nobody sits first twice while another never has);
 * ties go to the order given (rank or seed). Tables of more than six seats are ordered greedily.
 */
function seatOrder(table: readonly string[], meetings: Meetings, seats: number): string[] {
  const count = (id: string, seat: number) => meetings.seatCounts.get(id)?.[seat] ?? 0;
  if (table.length <= 6) {
    let perms = PERMUTATIONS.get(table.length);
    if (!perms) PERMUTATIONS.set(table.length, (perms = permutations(table.length)));
    let best: number[] | null = null;
    let bestCost = Infinity;
    for (const perm of [...perms].sort(compareArrays)) {
      let cost = 0;
      perm.forEach((player, seat) => {
        const c = count(table[player], seat) + 1;
        cost += c * c;
      });
      if (cost < bestCost) {
        bestCost = cost;
        best = perm;
      }
    }
    return best!.map((i) => table[i]);
  }
  const left = [...table];
  const ordered: string[] = [];
  for (let seat = 0; seat < Math.min(seats, table.length); seat++) {
    let pick = 0;
    for (let k = 1; k < left.length; k++)
      if (count(left[k], seat) < count(left[pick], seat)) pick = k;
    ordered.push(left.splice(pick, 1)[0]);
  }
  return [...ordered, ...left];
}

function compareArrays(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

function finish(
  tables: string[][],
  byes: string[],
  meetings: Meetings,
  seats: number,
): SeatingOutcome {
  let repeats = 0;
  for (const t of tables) {
    for (let i = 0; i < t.length; i++)
      for (let j = i + 1; j < t.length; j++) if (meetings.times(t[i], t[j]) > 0) repeats++;
  }
  return {
    ok: true,
    tables: tables.map((t, i) => ({ table: i + 1, seats: seatOrder(t, meetings, seats) })),
    byes,
    repeats,
  };
}
