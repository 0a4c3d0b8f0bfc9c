/** Median of a list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Calls `fn` repeatedly for about `ms` milliseconds. Returns calls per second
 * of wall-clock time and per second of this process's CPU time: on a shared
 * machine the second is what one core does, whatever else is running.
 */
export function timeLoop(
  ms: number,
  fn: () => void,
): { calls: number; perSecond: number; perCpuSecond: number } {
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  const limit = BigInt(ms) * 1_000_000n;
  let calls = 0;
  let elapsed = 0n;
  while (elapsed < limit) {
    for (let k = 0; k < 50; k++) fn();
    calls += 50;
    elapsed = process.hrtime.bigint() - start;
  }
  const cpu = process.cpuUsage(cpuStart);
  return {
    calls,
    perSecond: calls / (Number(elapsed) / 1e9),
    perCpuSecond: calls / ((cpu.user + cpu.system) / 1e6),
  };
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
