import fc from 'fast-check';
import { maxWeightMatching, WeightedEdge } from './matching';

/** Best [cardinality, weight] by trying every matching; for graphs of up to ~10 vertices. */
function bruteForce(
  n: number,
  edges: readonly WeightedEdge[],
  maxCardinality: boolean,
): { size: number; weight: number } {
  const w = new Map<number, number>();
  for (const [u, v, wt] of edges) {
    const key = Math.min(u, v) * n + Math.max(u, v);
    w.set(key, Math.max(w.get(key) ?? -Infinity, wt));
  }
  const used = new Array<boolean>(n).fill(false);
  let best = { size: -1, weight: -Infinity };
  const better = (size: number, weight: number): boolean =>
    maxCardinality
      ? size > best.size || (size === best.size && weight > best.weight)
      : weight > best.weight;
  const go = (from: number, size: number, weight: number): void => {
    let u = from;
    while (u < n && used[u]) u++;
    if (u >= n) {
      if (better(size, weight)) best = { size, weight };
      return;
    }
    used[u] = true;
    go(u + 1, size, weight);
    for (let v = u + 1; v < n; v++) {
      const wt = w.get(u * n + v);
      if (used[v] || wt === undefined) continue;
      used[v] = true;
      go(u + 1, size + 1, weight + wt);
      used[v] = false;
    }
    used[u] = false;
  };
  go(0, 0, 0);
  return best;
}

function measure(n: number, edges: readonly WeightedEdge[], mate: Int32Array) {
  let size = 0;
  let weight = 0;
  for (let v = 0; v < n; v++) {
    const u = mate[v];
    if (u === -1) continue;
    expect(mate[u]).toBe(v);
    if (v < u) {
      const candidates = edges.filter(([a, b]) => (a === v && b === u) || (a === u && b === v));
      expect(candidates.length).toBeGreaterThan(0);
      size++;
      weight += Math.max(...candidates.map((e) => e[2]));
    }
  }
  return { size, weight };
}

const graphArb = fc.integer({ min: 2, max: 10 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    edges: fc.array(
      fc
        .tuple(
          fc.integer({ min: 0, max: n - 1 }),
          fc.integer({ min: 0, max: n - 1 }),
          fc.integer({ min: 0, max: 40 }),
        )
        .filter(([u, v]) => u !== v),
      { maxLength: 30 },
    ),
  }),
);

describe('maxWeightMatching', () => {
  it('handles the empty and trivial graphs', () => {
    expect([...maxWeightMatching(0, [])]).toEqual([]);
    expect([...maxWeightMatching(3, [])]).toEqual([-1, -1, -1]);
    expect([...maxWeightMatching(2, [[0, 1, 5]])]).toEqual([1, 0]);
  });

  it('prefers the heavier edge of a path', () => {
    // 0-1 (5), 1-2 (11), 2-3 (5): one heavy edge (11) beats two light ones (5 + 5 = 10)
    expect([
      ...maxWeightMatching(4, [
        [0, 1, 5],
        [1, 2, 11],
        [2, 3, 5],
      ]),
    ]).toEqual([-1, 2, 1, -1]);
    // with maxCardinality the two light edges win: size 2 beats size 1
    expect([
      ...maxWeightMatching(
        4,
        [
          [0, 1, 5],
          [1, 2, 11],
          [2, 3, 5],
        ],
        true,
      ),
    ]).toEqual([1, 0, 3, 2]);
  });

  it('finds the augmenting path through an odd cycle (blossom)', () => {
    // triangle 0-1-2 with a tail 2-3 and 0-4: only a blossom-aware search pairs all but one
    const edges: WeightedEdge[] = [
      [0, 1, 8],
      [1, 2, 9],
      [2, 0, 10],
      [2, 3, 7],
      [0, 4, 6],
    ];
    const mate = maxWeightMatching(5, edges, true);
    // 2-3 (7) + 0-4 (6) + 1 alone = 13; vs 1-2 (9) + 0-4 (6) = 15 — both size 2, 15 wins
    expect(measure(5, edges, mate)).toEqual({ size: 2, weight: 15 });
  });

  it('agrees with brute force on random graphs', () => {
    fc.assert(
      fc.property(graphArb, fc.boolean(), ({ n, edges }, maxCard) => {
        const mate = maxWeightMatching(n, edges, maxCard);
        const got = measure(n, edges, mate);
        const want = bruteForce(n, edges, maxCard);
        if (maxCard) expect(got.size).toBe(want.size);
        expect(got.weight).toBe(want.weight);
      }),
      { numRuns: 1500 },
    );
  });

  it('agrees with brute force on dense complete graphs (the Swiss case)', () => {
    const complete = fc.integer({ min: 2, max: 10 }).chain((n) =>
      fc
        .array(fc.integer({ min: 0, max: 1_000_000 }), {
          minLength: (n * (n - 1)) / 2,
          maxLength: (n * (n - 1)) / 2,
        })
        .map((ws) => {
          const edges: WeightedEdge[] = [];
          let i = 0;
          for (let u = 0; u < n; u++) for (let v = u + 1; v < n; v++) edges.push([u, v, ws[i++]]);
          return { n, edges };
        }),
    );
    fc.assert(
      fc.property(complete, ({ n, edges }) => {
        const got = measure(n, edges, maxWeightMatching(n, edges, true));
        const want = bruteForce(n, edges, true);
        expect(got).toEqual(want);
      }),
      { numRuns: 800 },
    );
  });
});
