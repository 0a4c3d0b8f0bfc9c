/**
 * A TSH `.t` file of `players` (even) playing `rounds` rounds of a round robin by the circle
 * method, every game with scores (none equal, so TSH's reading and ours agree), and the
 * players that went first (`p12`): for imports that must be large (benchmarks, e2e).
 */
export function tshFile(players: number, rounds: number, tag = ''): string {
  if (players % 2 !== 0 || rounds > players - 1) {
    throw new Error(`tshFile: ${players} players cannot play ${rounds} rounds of a round robin`);
  }
  const opponents: number[][] = Array.from({ length: players }, () => []);
  const scores: number[][] = Array.from({ length: players }, () => []);
  const firsts: number[][] = Array.from({ length: players }, () => []);
  const last = players - 1;
  for (let r = 0; r < rounds; r++) {
    const pairs: [number, number][] = [[r % last, last]];
    for (let k = 1; k < players / 2; k++) {
      pairs.push([(r + k) % last, (r - k + last) % last]);
    }
    for (const [i, [a, b]] of pairs.entries()) {
      // Who goes first alternates by round and table; a score for each, never the same.
      const [first, second] = (r + i) % 2 === 0 ? [a, b] : [b, a];
      const s = 300 + ((first * 37 + r * 11) % 200);
      const t = 300 + ((second * 53 + r * 7) % 200);
      opponents[first].push(second + 1);
      opponents[second].push(first + 1);
      scores[first].push(s);
      scores[second].push(s === t ? t + 1 : t);
      firsts[first].push(1);
      firsts[second].push(2);
    }
  }
  const lines = opponents.map(
    (opps, i) =>
      `Igrač${tag}${String(i + 1).padStart(4, '0')}, Test ${1200 + ((i * 7) % 800)} ${opps.join(' ')}; ${scores[i].join(' ')}; p12 ${firsts[i].join(' ')}`,
  );
  return `${lines.join('\n')}\n`;
}
