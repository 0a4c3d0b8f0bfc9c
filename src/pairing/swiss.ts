import { byeCandidate, PairingContext, PlayerState } from './context';
import { maxWeightMatching, WeightedEdge } from './matching';

export type Pair = readonly [PlayerState, PlayerState];

export interface SwissResult {
  pairs: Pair[];
  bye: PlayerState | null;
  /** Which engine produced the result. */
  engine: 'exact' | 'greedy' | 'greedy-with-rematches';
}

/** Up to this size `auto` checks the greedy pairing against the exact optimum. */
export const EXACT_LIMIT = 400;
/** Window size and stride of the exact re-pairing that polishes a greedy result. */
export const WINDOW = 160;
const WINDOW_STRIDE = 80;
/** Above this size a failed greedy pass is not retried exactly (O(n³) would be too slow). */
export const EXACT_FALLBACK_LIMIT = 1200;

/** Largest total edge cost we let into the matcher; keeps its duals exact in a double. */
const WEIGHT_LIMIT = 2 ** 48;

export function pairSwiss(
  ctx: PairingContext,
  algorithm: 'auto' | 'exact' | 'greedy' = 'auto',
): SwissResult {
  const players = ctx.ranked;
  if (algorithm === 'exact') return swissExact(ctx, players);
  const greedy = swissGreedy(ctx, players, false);
  if (algorithm === 'auto' && players.length <= EXACT_LIMIT) {
    // Keep the greedy pairing (its shape is easy to explain) when it is as good as
    // the exact optimum on rematches, bye and score groups; else take the optimum.
    const exact = swissExact(ctx, players);
    if (greedy && compareCosts(swissCost(ctx, greedy), swissCost(ctx, exact)) <= 0) return greedy;
    return exact;
  }
  if (greedy) return polishInWindows(ctx, greedy);
  if (players.length <= EXACT_FALLBACK_LIMIT) return swissExact(ctx, players);
  return swissGreedy(ctx, players, true)!;
}

/**
 * The rules a Swiss round is judged by, most important first: a repeat bye while
 * a player without one exists; pairs who have met as often as the limit allows; rematches;
 * pairs the request asks to avoid (club-mates, listed pairs); how many bye-eligible players
 * rank below the bye; Σ (points difference in half-points)² over the pairs.
 */
export type SwissCost = [
  repeatBye: number,
  overLimit: number,
  rematches: number,
  avoided: number,
  byeHeight: number,
  score: number,
];

export function swissCost(
  ctx: PairingContext,
  result: { pairs: readonly Pair[]; bye: PlayerState | null },
): SwissCost {
  let minByes = Infinity;
  for (const p of ctx.ranked) minByes = Math.min(minByes, p.byes);
  let repeatBye = 0;
  let byeHeight = 0;
  if (result.bye) {
    const bye = result.bye;
    repeatBye = bye.byes > minByes ? 1 : 0;
    byeHeight = ctx.ranked.filter((p) => p.byes === bye.byes && p.rankPos > bye.rankPos).length;
  }
  let overLimit = 0;
  let rematches = 0;
  let avoided = 0;
  let score = 0;
  for (const [p, q] of result.pairs) {
    if (ctx.overLimit(p, q)) overLimit++;
    if (ctx.met(p, q) > 0) rematches++;
    if (ctx.avoided(p, q)) avoided++;
    const d = Math.round(2 * (p.points - q.points));
    score += d * d;
  }
  return [repeatBye, overLimit, rematches, avoided, byeHeight, score];
}

export function compareCosts(x: SwissCost, y: SwissCost): number {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

/**
 * Re-pairs windows of consecutive ranks exactly: the players of the pairs lying
 * wholly inside a window are matched again by {@link swissExact}, and the new
 * pairs replace the old only when they have no rematch and a strictly lower
 * score-group cost. Each step keeps the set of players, so the result is never
 * worse than the greedy one.
 */
export function polishInWindows(ctx: PairingContext, result: SwissResult): SwissResult {
  const order = ctx.ranked.filter((p) => p !== result.bye);
  if (order.length <= 2) return result;
  const partner = new Map<PlayerState, PlayerState>();
  for (const [p, q] of result.pairs) partner.set(p, q).set(q, p);
  const position = new Map(order.map((p, i) => [p, i]));
  const scoreOf = (pairs: readonly Pair[]): number =>
    pairs.reduce((sum, [p, q]) => {
      const d = Math.round(2 * (p.points - q.points));
      return sum + d * d;
    }, 0);
  for (let start = 0; start < order.length; start += WINDOW_STRIDE) {
    const end = Math.min(order.length, start + WINDOW);
    const inside: Pair[] = [];
    for (let i = start; i < end; i++) {
      const p = order[i];
      const j = position.get(partner.get(p)!)!;
      if (j > i && j < end) inside.push([p, partner.get(p)!]);
    }
    if (inside.length >= 2) {
      const members = inside.flat().sort((x, y) => x.rankPos - y.rankPos);
      const redo = swissExact(ctx, members).pairs;
      if (
        countMet(ctx, redo) === 0 &&
        countAvoided(ctx, redo) <= countAvoided(ctx, inside) &&
        scoreOf(redo) < scoreOf(inside)
      ) {
        for (const [p, q] of redo) partner.set(p, q).set(q, p);
      }
    }
    if (end === order.length) break;
  }
  const pairs: Pair[] = [];
  for (const p of order) {
    const q = partner.get(p)!;
    if (position.get(q)! > position.get(p)!) pairs.push([p, q]);
  }
  return { ...result, pairs };
}

function countMet(ctx: PairingContext, pairs: readonly Pair[]): number {
  return pairs.filter(([p, q]) => ctx.met(p, q) > 0).length;
}

function countAvoided(ctx: PairingContext, pairs: readonly Pair[]): number {
  return pairs.filter(([p, q]) => ctx.avoided(p, q)).length;
}

interface Placement {
  /** Points in half-points. */
  half: number;
  group: number;
  /** Position inside the score group, 0 = best ranked. */
  local: number;
  groupSize: number;
}

function placements(players: readonly PlayerState[]): Placement[] {
  const out: Placement[] = [];
  let start = 0;
  let group = 0;
  while (start < players.length) {
    let end = start;
    while (end < players.length && players[end].points === players[start].points) end++;
    for (let i = start; i < end; i++) {
      out.push({
        half: Math.round(players[i].points * 2),
        group,
        local: i - start,
        groupSize: end - start,
      });
    }
    start = end;
    group++;
  }
  return out;
}

/**
 * Exact pairing: a minimum-cost perfect matching on the complete graph of the
 * active players (plus a bye vertex when their number is odd). Costs are
 * lexicographic, most important first:
 *
 * 1. a pair who have met as often as the request's limit allows (only when some pair has),
 *    then a rematch (the bye vertex only links to players with the fewest byes, so a
 *    repeat bye is never chosen while avoidable);
 * 2. how far above the lowest eligible player the bye goes;
 * 3. (points difference in half-points)² of each pair: equal points first, and a
 *    float to the adjacent score group beats one float across two groups;
 * 4. shape inside score groups: top half against bottom half, the lowest player
 *    of a group floats down and meets the highest of the group below.
 *
 * Level 4 is dropped (or coarsened) when the levels would not fit in 2^48.
 */
export function swissExact(ctx: PairingContext, players: readonly PlayerState[]): SwissResult {
  const n = players.length;
  if (n === 0) return { pairs: [], bye: null, engine: 'exact' };
  if (n === 1) return { pairs: [], bye: players[0], engine: 'exact' };
  const place = placements(players);
  const odd = n % 2 === 1;
  const pairsInMatching = Math.ceil(n / 2);

  let minByes = Infinity;
  for (const p of players) minByes = Math.min(minByes, p.byes);
  const byeCost = new Array<number>(n).fill(-1);
  if (odd) {
    let below = 0;
    for (let i = n - 1; i >= 0; i--) {
      if (players[i].byes === minByes) byeCost[i] = below++;
    }
  }

  const rematch: number[] = [];
  const over: number[] = [];
  const avoid: number[] = [];
  let anyAvoided = false;
  const shape: number[] = [];
  const score: number[] = [];
  const ends: [number, number][] = [];
  let maxScore = 0;
  let maxShape = 0;
  let maxBye = 0;
  for (let i = 0; i < n; i++) {
    const pi = place[i];
    for (let j = i + 1; j < n; j++) {
      const pj = place[j];
      const d = pi.half - pj.half;
      const s =
        pi.group === pj.group
          ? Math.abs(pj.local - pi.local - Math.floor(pi.groupSize / 2))
          : pi.groupSize - 1 - pi.local + pj.local;
      ends.push([i, j]);
      rematch.push(ctx.met(players[i], players[j]) > 0 ? 1 : 0);
      over.push(ctx.limited && ctx.overLimit(players[i], players[j]) ? 1 : 0);
      const avoided = ctx.avoiding && ctx.avoided(players[i], players[j]);
      avoid.push(avoided ? 1 : 0);
      if (avoided) anyAvoided = true;
      score.push(d * d);
      shape.push(s);
      if (d * d > maxScore) maxScore = d * d;
      if (s > maxShape) maxShape = s;
    }
    if (byeCost[i] >= 0) maxBye = Math.max(maxBye, byeCost[i]);
  }

  // Pick the finest level-4 resolution that keeps the total cost under the limit.
  let shapeDiv = 1;
  // The avoidance level exists only when some pair is to be avoided: without one the costs
  // (and so the pairings) are those of a field with no such request.
  // A pair over the meeting limit has a level of its own; in a field too large for that, it
  // counts as two rematches instead.
  let limit: Limit = ctx.limited ? 'level' : 'none';
  let units = levelUnits(pairsInMatching, maxBye, maxScore, maxShape, anyAvoided, limit);
  for (;;) {
    while (units.total > WEIGHT_LIMIT && maxShape / shapeDiv >= 1) {
      shapeDiv *= 2;
      units = levelUnits(
        pairsInMatching,
        maxBye,
        maxScore,
        Math.floor(maxShape / shapeDiv),
        anyAvoided,
        limit,
      );
    }
    if (units.total <= WEIGHT_LIMIT || limit !== 'level') break;
    limit = 'double';
    shapeDiv = 1;
    units = levelUnits(pairsInMatching, maxBye, maxScore, maxShape, anyAvoided, limit);
  }
  if (units.total > WEIGHT_LIMIT) {
    throw new RangeError(`field of ${n} is too large for exact Swiss pairing`);
  }

  const big = units.total + 1;
  const edges: WeightedEdge[] = [];
  for (let k = 0; k < ends.length; k++) {
    const cost =
      over[k] * (limit === 'level' ? units.over : units.rematch) +
      rematch[k] * units.rematch +
      avoid[k] * units.avoid +
      score[k] * units.score +
      Math.floor(shape[k] / shapeDiv);
    edges.push([ends[k][0], ends[k][1], big - cost]);
  }
  if (odd) {
    for (let i = 0; i < n; i++) {
      if (byeCost[i] >= 0) edges.push([i, n, big - byeCost[i] * units.bye]);
    }
  }
  const mate = maxWeightMatching(odd ? n + 1 : n, edges, true);
  const pairs: Pair[] = [];
  let bye: PlayerState | null = null;
  for (let i = 0; i < n; i++) {
    const j = mate[i];
    if (j === n) bye = players[i];
    else if (j > i) pairs.push([players[i], players[j]]);
    else if (j < 0) throw new Error('internal: exact Swiss matching is not perfect');
  }
  return { pairs, bye, engine: 'exact' };
}

/** How a meeting limit is weighed: not at all, a level of its own, or as a second rematch. */
type Limit = 'none' | 'level' | 'double';

function levelUnits(
  pairs: number,
  maxBye: number,
  maxScore: number,
  maxShape: number,
  avoidance: boolean,
  limit: Limit,
) {
  const sumShape = pairs * maxShape;
  const score = sumShape + 1;
  const sumScore = pairs * maxScore * score + sumShape;
  const bye = sumScore + 1;
  const sumBye = maxBye * bye + sumScore;
  const avoid = avoidance ? sumBye + 1 : 0;
  const sumAvoid = pairs * avoid + sumBye;
  const rematch = sumAvoid + 1;
  const sumRematch = (limit === 'double' ? 2 : 1) * pairs * rematch + sumAvoid;
  // The limit's level exists only when some pair has reached it, as the avoidance level.
  const over = limit === 'level' ? sumRematch + 1 : 0;
  const total = limit === 'level' ? pairs * over + sumRematch : sumRematch;
  return { score, bye, avoid, rematch, over, total };
}

/**
 * Greedy Swiss for large fields. The bye goes to the lowest-ranked player with the
 * fewest byes; then score groups are paired from the top. Each bracket (players
 * floated down from above, then the group's own players, in rank order) is paired
 * by a depth-first search that takes the best-ranked open player and tries
 * partners in order of preference — equal points, the top-half/bottom-half
 * partner, then outward — never a rematch (unless `allowRematches`, where
 * rematches come last). When pairing everyone is impossible the lowest players
 * float to the next bracket; when the last bracket cannot be completed it is
 * merged with the one above and both are paired again.
 *
 * Returns null if no rematch-free pairing was found.
 */
export function swissGreedy(
  ctx: PairingContext,
  players: readonly PlayerState[],
  allowRematches: boolean,
): SwissResult | null {
  // Pairs to avoid are first kept out entirely, as rematches are; only if that fails are
  // they allowed, after every other partner.
  if (!allowRematches && ctx.avoiding) {
    const strict = {
      ...ctx,
      met: (p: PlayerState, q: PlayerState) => ctx.met(p, q) + (ctx.avoided(p, q) ? 1 : 0),
    };
    const found = greedyPass(strict, players, false);
    if (found) return found;
  }
  return greedyPass(ctx, players, allowRematches);
}

function greedyPass(
  ctx: PairingContext,
  players: readonly PlayerState[],
  allowRematches: boolean,
): SwissResult | null {
  const engine = allowRematches ? 'greedy-with-rematches' : 'greedy';
  if (players.length === 0) return { pairs: [], bye: null, engine };
  let bye: PlayerState | null = null;
  let pool = players;
  if (players.length % 2 === 1) {
    bye = byeCandidate(players);
    pool = players.filter((p) => p !== bye);
  }
  const groups: PlayerState[][] = [];
  for (const p of pool) {
    const last = groups[groups.length - 1];
    if (last && last[0].points === p.points) last.push(p);
    else groups.push([p]);
  }
  const done: { carryIn: PlayerState[]; pairs: Pair[] }[] = [];
  let carry: PlayerState[] = [];
  let g = 0;
  while (g < groups.length) {
    const isLast = g === groups.length - 1;
    const result = pairBracket(ctx, carry, groups[g], isLast, allowRematches);
    if (result) {
      done.push({ carryIn: carry, pairs: result.pairs });
      carry = result.floaters;
      g++;
      continue;
    }
    if (g === 0) return null;
    const previous = done.pop()!;
    groups.splice(g - 1, 2, groups[g - 1].concat(groups[g]));
    g--;
    carry = previous.carryIn;
  }
  return { pairs: done.flatMap((d) => d.pairs), bye, engine };
}

interface BracketResult {
  pairs: Pair[];
  floaters: PlayerState[];
}

function pairBracket(
  ctx: PairingContext,
  carry: readonly PlayerState[],
  residents: readonly PlayerState[],
  isLast: boolean,
  allowRematches: boolean,
): BracketResult | null {
  const order = [...carry, ...residents];
  const total = order.length;
  if (total === 0) return { pairs: [], floaters: [] };
  if (isLast && !allowRematches) {
    // Fail fast when someone has no possible partner at all.
    for (const p of order) {
      if (!order.some((q) => q !== p && ctx.met(p, q) === 0)) return null;
    }
  }
  const parity = total % 2;
  const attempts = isLast ? [0] : [parity, parity + 2, parity + 4].filter((f) => f <= total);
  for (const floats of attempts) {
    const found = searchBracket(ctx, order, floats, allowRematches);
    if (found) return found;
  }
  return isLast ? null : { pairs: [], floaters: order };
}

function searchBracket(
  ctx: PairingContext,
  order: readonly PlayerState[],
  maxFloats: number,
  allowRematches: boolean,
): BracketResult | null {
  const total = order.length;
  const used = new Uint8Array(total);
  const pairs: Pair[] = [];
  const floaters: PlayerState[] = [];
  const budget = 64 * total + 2000;
  let nodes = 0;

  const candidates = (i: number): number[] => {
    const p = order[i];
    const same: number[] = [];
    const other: number[] = [];
    for (let j = i + 1; j < total; j++) {
      if (used[j]) continue;
      (order[j].points === p.points ? same : other).push(j);
    }
    // Split the open players of p's score group: p meets the one half a group below.
    const len = same.length + 1;
    const half = Math.floor((len - (len % 2)) / 2);
    const pivot = Math.max(0, half - 1);
    const ranked = [...same.slice(pivot), ...same.slice(0, pivot).reverse()];
    other.sort(
      (x, y) =>
        Math.abs(order[x].points - p.points) - Math.abs(order[y].points - p.points) || x - y,
    );
    const all = ranked.concat(other);
    if (allowRematches) {
      // Stable: rematches (fewest meetings first) after every new opponent, avoided pairs last.
      return all
        .map((j, k) => ({ j, k, met: ctx.met(p, order[j]), avoided: ctx.avoided(p, order[j]) }))
        .sort((x, y) => x.met - y.met || Number(x.avoided) - Number(y.avoided) || x.k - y.k)
        .map((x) => x.j);
    }
    // Stable: pairs to avoid after every other partner.
    const kept = all.filter((j) => !ctx.avoided(p, order[j]));
    return kept.length === all.length
      ? all
      : kept.concat(all.filter((j) => ctx.avoided(p, order[j])));
  };

  const solve = (from: number, floatsLeft: number): boolean => {
    let i = from;
    while (i < total && used[i]) i++;
    if (i >= total) return true;
    if (++nodes > budget) return false;
    used[i] = 1;
    const p = order[i];
    for (const j of candidates(i)) {
      if (!allowRematches && ctx.met(p, order[j]) > 0) continue;
      used[j] = 1;
      pairs.push([order[i], order[j]]);
      if (solve(i + 1, floatsLeft)) return true;
      pairs.pop();
      used[j] = 0;
      if (nodes > budget) break;
    }
    if (floatsLeft > 0 && nodes <= budget) {
      floaters.push(order[i]);
      if (solve(i + 1, floatsLeft - 1)) return true;
      floaters.pop();
    }
    used[i] = 0;
    return false;
  };

  return solve(0, maxFloats) ? { pairs, floaters } : null;
}
