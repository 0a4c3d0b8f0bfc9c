/**
 * Round robins for tables of more than two: schedules in which every two players share a
 * table equally often. They come from finite geometry: the lines of an affine plane of order
 * q split its q² points into q + 1 rounds of q tables of q, every two points on exactly one
 * line (9 players at 3, 16 at 4, 25 at 5, 49 at 7); the planes of the affine space AG(3, 2)
 * split 8 points into 7 rounds of 2 tables of 4, every two points together in 3 of them.
 */

/** One round of a schedule: tables of player positions (0-based, in seed order). */
export type ScheduledRound = number[][];

/** Arithmetic of a field of q elements (q prime, or 4). */
interface Field {
  add(a: number, b: number): number;
  mul(a: number, b: number): number;
}

function primeField(q: number): Field {
  return { add: (a, b) => (a + b) % q, mul: (a, b) => (a * b) % q };
}

/** GF(4) = {0, 1, a, a + 1} with a² = a + 1, elements as 2-bit numbers (a = 2). */
const GF4: Field = {
  add: (a, b) => a ^ b,
  mul: (a, b) => {
    let product = 0;
    let x = a;
    for (let bit = b; bit !== 0; bit >>= 1) {
      if (bit & 1) product ^= x;
      x <<= 1;
      if (x & 4) x ^= 0b111; // reduce by a² + a + 1
    }
    return product;
  },
};

const FIELDS: Record<number, Field> = {
  2: primeField(2),
  3: primeField(3),
  4: GF4,
  5: primeField(5),
  7: primeField(7),
};

/** The q + 1 parallel classes of lines of AG(2, q): point (x, y) is player q·x + y. */
function affinePlane(q: number, field: Field): ScheduledRound[] {
  const rounds: ScheduledRound[] = [];
  for (let slope = 0; slope < q; slope++) {
    const lines: number[][] = Array.from({ length: q }, () => []);
    for (let x = 0; x < q; x++) {
      for (let y = 0; y < q; y++) {
        // The line y = slope·x + c through (x, y) has c = y − slope·x: in characteristic 2
        // subtraction is addition; for a prime field, add the additive inverse.
        const sx = field.mul(slope, x);
        const c = q === 4 || q === 2 ? field.add(y, sx) : (y - sx + q) % q;
        lines[c].push(q * x + y);
      }
    }
    rounds.push(lines);
  }
  rounds.push(Array.from({ length: q }, (_, x) => Array.from({ length: q }, (_, y) => q * x + y)));
  return rounds;
}

/** The 7 parallel classes of planes of AG(3, 2): for each normal n ≠ 0, n·p = 0 and n·p = 1. */
function affineSpace32(): ScheduledRound[] {
  const rounds: ScheduledRound[] = [];
  for (let normal = 1; normal < 8; normal++) {
    const planes: number[][] = [[], []];
    for (let p = 0; p < 8; p++) {
      let dot = normal & p;
      dot ^= dot >> 2;
      dot ^= dot >> 1;
      planes[dot & 1].push(p);
    }
    rounds.push(planes);
  }
  return rounds;
}

/**
 * The round robin for `players` at tables of `seats`, or null when none is known: q² players
 * at tables of q (q = 2, 3, 4, 5, 7; q + 1 rounds, every two players once) and 8 players at
 * tables of 4 (7 rounds, every two players 3 times). One table of everyone is a schedule too.
 */
export function groupRoundRobin(players: number, seats: number): ScheduledRound[] | null {
  if (players === seats && players >= 2) {
    return [[Array.from({ length: players }, (_, i) => i)]];
  }
  if (players === 8 && seats === 4) return affineSpace32();
  const field = FIELDS[seats];
  if (field && players === seats * seats) return affinePlane(seats, field);
  return null;
}

/** Numbers of players a round robin at tables of `seats` exists for (for messages). */
export function roundRobinSizes(seats: number): number[] {
  const sizes = [seats];
  if (seats === 4) sizes.push(8);
  if (FIELDS[seats]) sizes.push(seats * seats);
  return sizes;
}
