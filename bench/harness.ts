/** Median of a list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Calls `fn` repeatedly for about `ms` milliseconds; returns calls per second. */
export function timeLoop(ms: number, fn: () => void): { calls: number; perSecond: number } {
  const start = process.hrtime.bigint();
  const limit = BigInt(ms) * 1_000_000n;
  let calls = 0;
  let elapsed = 0n;
  while (elapsed < limit) {
    for (let k = 0; k < 50; k++) fn();
    calls += 50;
    elapsed = process.hrtime.bigint() - start;
  }
  return { calls, perSecond: calls / (Number(elapsed) / 1e9) };
}

/** Milliseconds `fn` takes, median of `runs` runs after one warm-up. */
export async function timeMedian(runs: number, fn: () => unknown): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}
