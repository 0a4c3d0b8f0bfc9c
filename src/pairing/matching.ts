/**
 * Maximum-weight matching in a general graph (Edmonds' blossom algorithm with
 * Galil's O(n³) dual bookkeeping).
 *
 * Written for this project from the published algorithm (Z. Galil, "Efficient
 * algorithms for finding maximum matching in graphs", ACM Computing Surveys,
 * 1986). Vertices are `0 … n-1`; an edge is `[u, v, weight]`. Weights should be
 * integers below 2^48 so that every dual value stays exact in a double.
 *
 * With `maxCardinality` the result is the heaviest among the matchings of
 * maximum size; on a complete graph that is a minimum-cost perfect matching
 * when weights are `big - cost`.
 */
export type WeightedEdge = readonly [number, number, number];

/**
 * Returns `mate`, where `mate[v]` is the vertex matched to `v`, or -1.
 */
export function maxWeightMatching(
  vertexCount: number,
  edges: readonly WeightedEdge[],
  maxCardinality = false,
): Int32Array {
  return new BlossomMatcher(vertexCount, edges, maxCardinality).solve();
}

/**
 * A move of the duals: its type (1 the stage's last, a vertex's dual reaching zero or no progress
 * left; 2 an edge from an outer vertex to a free one becoming tight; 3 one between two outer
 * blossoms; 4 an inner blossom's dual reaching zero), its size, and the edge or blossom it is for.
 */
interface DualStep {
  type: number;
  delta: number;
  edge: number;
  blossom: number;
}

/**
 * Internal state of one run. Naming: an *endpoint* `p` is `2k` or `2k+1` for edge
 * `k`; `endpoint[p]` is the vertex at that end and `p ^ 1` is the other end.
 * Top-level blossoms are numbered `n … 2n-1`; a single vertex is its own trivial
 * blossom. Labels: 0 free, 1 outer (S), 2 inner (T); bit 4 marks a breadcrumb.
 */
class BlossomMatcher {
  private readonly n: number;
  private readonly edgeU: Int32Array;
  private readonly edgeV: Int32Array;
  private readonly edgeW: Float64Array;
  private readonly endpoint: Int32Array;
  private readonly neighbourEnds: number[][];
  private readonly mate: Int32Array;
  private readonly label: Int32Array;
  private readonly labelEnd: Int32Array;
  private readonly inBlossom: Int32Array;
  private readonly blossomParent: Int32Array;
  private readonly blossomChildren: (number[] | null)[];
  private readonly blossomBase: Int32Array;
  private readonly blossomEnds: (number[] | null)[];
  private readonly bestEdge: Int32Array;
  private readonly blossomBestEdges: (number[] | null)[];
  private readonly unusedBlossoms: number[];
  private readonly dual: Float64Array;
  private readonly allowEdge: Uint8Array;
  private queue: number[] = [];
  /** The dual step {@link chooseDualStep} chose last: one object, reused by every step. */
  private readonly dualStep: DualStep = { type: -1, delta: 0, edge: -1, blossom: -1 };

  constructor(
    vertexCount: number,
    edges: readonly WeightedEdge[],
    private readonly maxCardinality: boolean,
  ) {
    const n = vertexCount;
    this.n = n;
    const m = edges.length;
    this.edgeU = new Int32Array(m);
    this.edgeV = new Int32Array(m);
    this.edgeW = new Float64Array(m);
    this.endpoint = new Int32Array(2 * m);
    this.neighbourEnds = Array.from({ length: n }, () => []);
    let maxWeight = 0;
    for (let k = 0; k < m; k++) {
      const [u, v, w] = edges[k];
      if (u === v || u < 0 || v < 0 || u >= n || v >= n) {
        throw new RangeError(`bad edge ${k}: ${u}-${v}`);
      }
      this.edgeU[k] = u;
      this.edgeV[k] = v;
      this.edgeW[k] = w;
      this.endpoint[2 * k] = u;
      this.endpoint[2 * k + 1] = v;
      this.neighbourEnds[u].push(2 * k + 1);
      this.neighbourEnds[v].push(2 * k);
      if (w > maxWeight) maxWeight = w;
    }
    this.mate = new Int32Array(n).fill(-1);
    this.label = new Int32Array(2 * n);
    this.labelEnd = new Int32Array(2 * n).fill(-1);
    this.inBlossom = new Int32Array(n);
    for (let v = 0; v < n; v++) this.inBlossom[v] = v;
    this.blossomParent = new Int32Array(2 * n).fill(-1);
    this.blossomChildren = new Array<number[] | null>(2 * n).fill(null);
    this.blossomBase = new Int32Array(2 * n).fill(-1);
    for (let v = 0; v < n; v++) this.blossomBase[v] = v;
    this.blossomEnds = new Array<number[] | null>(2 * n).fill(null);
    this.bestEdge = new Int32Array(2 * n).fill(-1);
    this.blossomBestEdges = new Array<number[] | null>(2 * n).fill(null);
    this.unusedBlossoms = [];
    for (let b = 2 * n - 1; b >= n; b--) this.unusedBlossoms.push(b);
    this.dual = new Float64Array(2 * n);
    for (let v = 0; v < n; v++) this.dual[v] = maxWeight;
    this.allowEdge = new Uint8Array(m);
  }

  private slack(k: number): number {
    return this.dual[this.edgeU[k]] + this.dual[this.edgeV[k]] - 2 * this.edgeW[k];
  }

  private leaves(b: number, out: number[] = []): number[] {
    if (b < this.n) {
      out.push(b);
    } else {
      for (const c of this.blossomChildren[b]!) this.leaves(c, out);
    }
    return out;
  }

  private assignLabel(w: number, t: number, p: number): void {
    const b = this.inBlossom[w];
    this.label[w] = this.label[b] = t;
    this.labelEnd[w] = this.labelEnd[b] = p;
    this.bestEdge[w] = this.bestEdge[b] = -1;
    if (t === 1) {
      this.leaves(b, this.queue);
    } else if (t === 2) {
      const base = this.blossomBase[b];
      const mateEnd = this.mate[base];
      this.assignLabel(this.endpoint[mateEnd], 1, mateEnd ^ 1);
    }
  }

  /** Walks up from v and w; returns the base of a new blossom, or -1 for an augmenting path. */
  private scanBlossom(vStart: number, wStart: number): number {
    const path: number[] = [];
    let base = -1;
    let v = vStart;
    let w = wStart;
    while (v !== -1 || w !== -1) {
      let b = this.inBlossom[v];
      if (this.label[b] & 4) {
        base = this.blossomBase[b];
        break;
      }
      path.push(b);
      this.label[b] = 5;
      if (this.labelEnd[b] === -1) {
        v = -1;
      } else {
        v = this.endpoint[this.labelEnd[b]];
        b = this.inBlossom[v];
        v = this.endpoint[this.labelEnd[b]];
      }
      if (w !== -1) {
        const t = v;
        v = w;
        w = t;
      }
    }
    for (const b of path) this.label[b] = 1;
    return base;
  }

  private addBlossom(base: number, k: number): void {
    let v = this.edgeU[k];
    let w = this.edgeV[k];
    const bb = this.inBlossom[base];
    let bv = this.inBlossom[v];
    let bw = this.inBlossom[w];
    const b = this.unusedBlossoms.pop()!;
    this.blossomBase[b] = base;
    this.blossomParent[b] = -1;
    this.blossomParent[bb] = b;
    const path: number[] = [];
    const ends: number[] = [];
    while (bv !== bb) {
      this.blossomParent[bv] = b;
      path.push(bv);
      ends.push(this.labelEnd[bv]);
      v = this.endpoint[this.labelEnd[bv]];
      bv = this.inBlossom[v];
    }
    path.push(bb);
    path.reverse();
    ends.reverse();
    ends.push(2 * k);
    while (bw !== bb) {
      this.blossomParent[bw] = b;
      path.push(bw);
      ends.push(this.labelEnd[bw] ^ 1);
      w = this.endpoint[this.labelEnd[bw]];
      bw = this.inBlossom[w];
    }
    this.blossomChildren[b] = path;
    this.blossomEnds[b] = ends;
    this.label[b] = 1;
    this.labelEnd[b] = this.labelEnd[bb];
    this.dual[b] = 0;
    for (const leaf of this.leaves(b)) {
      if (this.label[this.inBlossom[leaf]] === 2) this.queue.push(leaf);
      this.inBlossom[leaf] = b;
    }
    const bestTo = new Map<number, number>();
    for (const child of path) {
      const lists: number[][] = [];
      const own = this.blossomBestEdges[child];
      if (own === null) {
        for (const leaf of this.leaves(child)) {
          lists.push(this.neighbourEnds[leaf].map((p) => p >> 1));
        }
      } else {
        lists.push(own);
      }
      for (const list of lists) {
        for (const e of list) {
          let j = this.edgeV[e];
          if (this.inBlossom[j] === b) j = this.edgeU[e];
          const bj = this.inBlossom[j];
          if (bj !== b && this.label[bj] === 1) {
            const cur = bestTo.get(bj);
            if (cur === undefined || this.slack(e) < this.slack(cur)) bestTo.set(bj, e);
          }
        }
      }
      this.blossomBestEdges[child] = null;
      this.bestEdge[child] = -1;
    }
    const best = [...bestTo.values()];
    this.blossomBestEdges[b] = best;
    let be = -1;
    for (const e of best) {
      if (be === -1 || this.slack(e) < this.slack(be)) be = e;
    }
    this.bestEdge[b] = be;
  }

  private expandBlossom(b: number, endStage: boolean): void {
    const children = this.blossomChildren[b]!;
    const ends = this.blossomEnds[b]!;
    for (const s of children) {
      this.blossomParent[s] = -1;
      if (s < this.n) {
        this.inBlossom[s] = s;
      } else if (endStage && this.dual[s] === 0) {
        this.expandBlossom(s, endStage);
      } else {
        for (const leaf of this.leaves(s)) this.inBlossom[leaf] = s;
      }
    }
    if (!endStage && this.label[b] === 2) {
      const len = children.length;
      const at = (i: number): number => children[((i % len) + len) % len];
      const endAt = (i: number): number => ends[((i % len) + len) % len];
      const entryChild = this.inBlossom[this.endpoint[this.labelEnd[b] ^ 1]];
      let j = children.indexOf(entryChild);
      let step: number;
      let trick: number;
      if (j & 1) {
        j -= len;
        step = 1;
        trick = 0;
      } else {
        step = -1;
        trick = 1;
      }
      let p = this.labelEnd[b];
      while (j !== 0) {
        this.label[this.endpoint[p ^ 1]] = 0;
        this.label[this.endpoint[endAt(j - trick) ^ trick ^ 1]] = 0;
        this.assignLabel(this.endpoint[p ^ 1], 2, p);
        this.allowEdge[endAt(j - trick) >> 1] = 1;
        j += step;
        p = endAt(j - trick) ^ trick;
        this.allowEdge[p >> 1] = 1;
        j += step;
      }
      const bv = at(j);
      this.label[this.endpoint[p ^ 1]] = this.label[bv] = 2;
      this.labelEnd[this.endpoint[p ^ 1]] = this.labelEnd[bv] = p;
      this.bestEdge[bv] = -1;
      j += step;
      while (at(j) !== entryChild) {
        const child = at(j);
        if (this.label[child] === 1) {
          j += step;
          continue;
        }
        let found = -1;
        for (const leaf of this.leaves(child)) {
          if (this.label[leaf] !== 0) {
            found = leaf;
            break;
          }
        }
        if (found !== -1) {
          this.label[found] = 0;
          this.label[this.endpoint[this.mate[this.blossomBase[child]]]] = 0;
          this.assignLabel(found, 2, this.labelEnd[found]);
        }
        j += step;
      }
    }
    this.label[b] = this.labelEnd[b] = -1;
    this.blossomChildren[b] = this.blossomEnds[b] = null;
    this.blossomBase[b] = -1;
    this.blossomBestEdges[b] = null;
    this.bestEdge[b] = -1;
    this.unusedBlossoms.push(b);
  }

  /** Swaps matched and unmatched edges on the even path from v to the base of b. */
  private augmentBlossom(b: number, v: number): void {
    let t = v;
    while (this.blossomParent[t] !== b) t = this.blossomParent[t];
    if (t >= this.n) this.augmentBlossom(t, v);
    const children = this.blossomChildren[b]!;
    const ends = this.blossomEnds[b]!;
    const len = children.length;
    const at = (i: number): number => children[((i % len) + len) % len];
    const endAt = (i: number): number => ends[((i % len) + len) % len];
    const i = children.indexOf(t);
    let j = i;
    let step: number;
    let trick: number;
    if (i & 1) {
      j -= len;
      step = 1;
      trick = 0;
    } else {
      step = -1;
      trick = 1;
    }
    while (j !== 0) {
      j += step;
      t = at(j);
      const p = endAt(j - trick) ^ trick;
      if (t >= this.n) this.augmentBlossom(t, this.endpoint[p]);
      j += step;
      t = at(j);
      if (t >= this.n) this.augmentBlossom(t, this.endpoint[p ^ 1]);
      this.mate[this.endpoint[p]] = p ^ 1;
      this.mate[this.endpoint[p ^ 1]] = p;
    }
    this.blossomChildren[b] = children.slice(i).concat(children.slice(0, i));
    this.blossomEnds[b] = ends.slice(i).concat(ends.slice(0, i));
    this.blossomBase[b] = this.blossomBase[this.blossomChildren[b][0]];
  }

  private augmentMatching(k: number): void {
    const starts: [number, number][] = [
      [this.edgeU[k], 2 * k + 1],
      [this.edgeV[k], 2 * k],
    ];
    for (const [s0, p0] of starts) {
      let s = s0;
      let p = p0;
      for (;;) {
        const bs = this.inBlossom[s];
        if (bs >= this.n) this.augmentBlossom(bs, s);
        this.mate[s] = p;
        if (this.labelEnd[bs] === -1) break;
        const t = this.endpoint[this.labelEnd[bs]];
        const bt = this.inBlossom[t];
        s = this.endpoint[this.labelEnd[bt]];
        const j = this.endpoint[this.labelEnd[bt] ^ 1];
        if (bt >= this.n) this.augmentBlossom(bt, j);
        this.mate[j] = this.labelEnd[bt];
        p = this.labelEnd[bt] ^ 1;
      }
    }
  }

  solve(): Int32Array {
    const n = this.n;
    if (n === 0 || this.edgeU.length === 0) return new Int32Array(n).fill(-1);
    for (let stage = 0; stage < n; stage++) {
      this.startStage();
      if (!this.runStage()) break;
      this.expandZeroDualOuterBlossoms();
    }
    const result = new Int32Array(n).fill(-1);
    for (let v = 0; v < n; v++) {
      if (this.mate[v] >= 0) result[v] = this.endpoint[this.mate[v]];
    }
    return result;
  }

  /** Clears the labels of the last stage and labels every free vertex outer. */
  private startStage(): void {
    const n = this.n;
    this.label.fill(0);
    this.bestEdge.fill(-1);
    for (let b = n; b < 2 * n; b++) this.blossomBestEdges[b] = null;
    this.allowEdge.fill(0);
    this.queue = [];
    for (let v = 0; v < n; v++) {
      if (this.mate[v] === -1 && this.label[this.inBlossom[v]] === 0) this.assignLabel(v, 1, -1);
    }
  }

  /** Grows the trees and moves the duals until a path augments the matching (true) or none can. */
  private runStage(): boolean {
    for (;;) {
      if (this.scanQueue()) return true;
      const step = this.chooseDualStep();
      this.moveDuals(step.delta);
      if (step.type === 1) {
        return false;
      } else if (step.type === 2) {
        this.allowEdge[step.edge] = 1;
        let i = this.edgeU[step.edge];
        if (this.label[this.inBlossom[i]] === 0) i = this.edgeV[step.edge];
        this.queue.push(i);
      } else if (step.type === 3) {
        this.allowEdge[step.edge] = 1;
        this.queue.push(this.edgeU[step.edge]);
      } else {
        this.expandBlossom(step.blossom, false);
      }
    }
  }

  /** Scans the edges of the queued outer vertices; true once one has augmented the matching. */
  private scanQueue(): boolean {
    while (this.queue.length > 0) {
      const v = this.queue.pop()!;
      for (const p of this.neighbourEnds[v]) {
        const k = p >> 1;
        const w = this.endpoint[p];
        if (this.inBlossom[v] === this.inBlossom[w]) continue;
        let kslack = 0;
        if (!this.allowEdge[k]) {
          kslack = this.slack(k);
          if (kslack <= 0) this.allowEdge[k] = 1;
        }
        if (this.allowEdge[k]) {
          if (this.label[this.inBlossom[w]] === 0) {
            this.assignLabel(w, 2, p ^ 1);
          } else if (this.label[this.inBlossom[w]] === 1) {
            const base = this.scanBlossom(v, w);
            if (base >= 0) {
              this.addBlossom(base, k);
            } else {
              this.augmentMatching(k);
              return true;
            }
          } else if (this.label[w] === 0) {
            this.label[w] = 2;
            this.labelEnd[w] = p ^ 1;
          }
        } else if (this.label[this.inBlossom[w]] === 1) {
          const b = this.inBlossom[v];
          if (this.bestEdge[b] === -1 || kslack < this.slack(this.bestEdge[b])) {
            this.bestEdge[b] = k;
          }
        } else if (this.label[w] === 0) {
          if (this.bestEdge[w] === -1 || kslack < this.slack(this.bestEdge[w])) {
            this.bestEdge[w] = k;
          }
        }
      }
    }
    return false;
  }

  /** The smallest move of the duals that makes an edge tight or a blossom's dual zero, in {@link dualStep}. */
  private chooseDualStep(): DualStep {
    const n = this.n;
    let deltaType = -1;
    let delta = 0;
    let deltaEdge = -1;
    let deltaBlossom = -1;
    if (!this.maxCardinality) {
      deltaType = 1;
      delta = this.minVertexDual();
    }
    for (let v = 0; v < n; v++) {
      if (this.label[this.inBlossom[v]] === 0 && this.bestEdge[v] !== -1) {
        const d = this.slack(this.bestEdge[v]);
        if (deltaType === -1 || d < delta) {
          delta = d;
          deltaType = 2;
          deltaEdge = this.bestEdge[v];
        }
      }
    }
    for (let b = 0; b < 2 * n; b++) {
      if (this.blossomParent[b] === -1 && this.label[b] === 1 && this.bestEdge[b] !== -1) {
        const d = this.slack(this.bestEdge[b]) / 2;
        if (deltaType === -1 || d < delta) {
          delta = d;
          deltaType = 3;
          deltaEdge = this.bestEdge[b];
        }
      }
    }
    for (let b = n; b < 2 * n; b++) {
      if (
        this.blossomBase[b] >= 0 &&
        this.blossomParent[b] === -1 &&
        this.label[b] === 2 &&
        (deltaType === -1 || this.dual[b] < delta)
      ) {
        delta = this.dual[b];
        deltaType = 4;
        deltaBlossom = b;
      }
    }
    if (deltaType === -1) {
      // No further progress possible: maximum cardinality reached.
      deltaType = 1;
      delta = Math.max(0, this.minVertexDual());
    }
    const step = this.dualStep;
    step.type = deltaType;
    step.delta = delta;
    step.edge = deltaEdge;
    step.blossom = deltaBlossom;
    return step;
  }

  private minVertexDual(): number {
    let min = Infinity;
    for (let v = 0; v < this.n; v++) if (this.dual[v] < min) min = this.dual[v];
    return min;
  }

  /** Lowers the duals of outer vertices and inner blossoms by delta, raises the others'. */
  private moveDuals(delta: number): void {
    const n = this.n;
    for (let v = 0; v < n; v++) {
      const l = this.label[this.inBlossom[v]];
      if (l === 1) this.dual[v] -= delta;
      else if (l === 2) this.dual[v] += delta;
    }
    for (let b = n; b < 2 * n; b++) {
      if (this.blossomBase[b] >= 0 && this.blossomParent[b] === -1) {
        if (this.label[b] === 1) this.dual[b] += delta;
        else if (this.label[b] === 2) this.dual[b] -= delta;
      }
    }
  }

  /** After an augmentation: expands the top-level outer blossoms whose dual is zero. */
  private expandZeroDualOuterBlossoms(): void {
    for (let b = this.n; b < 2 * this.n; b++) {
      if (
        this.blossomParent[b] === -1 &&
        this.blossomBase[b] >= 0 &&
        this.label[b] === 1 &&
        this.dual[b] === 0
      ) {
        this.expandBlossom(b, true);
      }
    }
  }
}
