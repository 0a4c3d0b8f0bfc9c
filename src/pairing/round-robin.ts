/**
 * Berger tables (the FIDE round-robin schedule).
 *
 * For an even number n of slots, round r (1 … n−1) pairs slot n with the slot p
 * where 2p ≡ r + 1 (mod n − 1), and every other slot x with y where
 * x + y ≡ r + 1 (mod n − 1). Table 1 is slot n's game: the other slot moves first
 * in odd rounds, slot n in even rounds. The remaining tables go outward from p
 * (p+1 against p−1, p+2 against p−2, …); of two slots x, y the lower moves first
 * when |x − y| is odd, the higher when it is even. For six slots round 1 is
 * 1–6, 2–5, 3–4 and round 2 is 6–4, 5–3, 1–2.
 */
export function bergerRound(slots: number, round: number): [number, number][] {
  if (slots % 2 !== 0 || slots < 2) throw new RangeError(`Berger tables need an even slot count`);
  if (!Number.isInteger(round) || round < 1 || round > slots - 1) {
    throw new RangeError(`round ${round} is outside 1…${slots - 1}`);
  }
  const k = slots - 1;
  const wrap = (x: number): number => ((((x - 1) % k) + k) % k) + 1;
  const inverseOfTwo = (k + 1) / 2;
  const p = wrap(((round + 1) * inverseOfTwo) % k);
  const tables: [number, number][] = [round % 2 === 1 ? [p, slots] : [slots, p]];
  for (let d = 1; d < slots / 2; d++) {
    const x = wrap(p + d);
    const y = wrap(p - d);
    const [lo, hi] = x < y ? [x, y] : [y, x];
    tables.push((hi - lo) % 2 === 1 ? [lo, hi] : [hi, lo]);
  }
  return tables;
}

/** Number of rounds of a (double) round robin for `players` entrants. */
export function roundRobinLength(players: number, double: boolean): number {
  const slots = players % 2 === 0 ? players : players + 1;
  return (slots - 1) * (double ? 2 : 1);
}

/**
 * Pairs of seed positions (1-based, first mover first; `null` = the bye slot) for
 * round `round` of a round robin among `players` entrants. Past the first cycle
 * the schedule repeats with first moves swapped in every second cycle, so a
 * double round robin is rounds 1 … 2(n−1) and a two-player division plays every round.
 */
export function roundRobinRound(players: number, round: number): [number, number | null][] {
  if (players < 2) return players === 1 ? [[1, null]] : [];
  const slots = players % 2 === 0 ? players : players + 1;
  const cycleLength = slots - 1;
  const cycle = Math.floor((round - 1) / cycleLength);
  const inCycle = ((round - 1) % cycleLength) + 1;
  return bergerRound(slots, inCycle).map(([a, b]) => {
    const [first, second] = cycle % 2 === 1 ? [b, a] : [a, b];
    if (first > players) return [second, null];
    if (second > players) return [first, null];
    return [first, second];
  });
}
