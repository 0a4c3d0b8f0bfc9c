import { spawnSync } from 'child_process';
import { join } from 'path';
import { median } from './harness';

const CLI = join(__dirname, '..', 'src', 'cli', 'main.js');
const SHEET = join(__dirname, '..', '..', 'data', 'examples', 'kvizovka-game.sheet.json');
const RUNS = 11;

/** Wall-clock milliseconds of one `arbiter verify` process, median of runs after a warm-up. */
function wall(args: string[]): number {
  const times: number[] = [];
  for (let r = 0; r <= RUNS; r++) {
    const start = process.hrtime.bigint();
    const run = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (run.status !== 0)
      throw new Error(`arbiter ${args.join(' ')}: exit ${run.status} ${run.stderr}`);
    if (r > 0) times.push(ms);
  }
  return median(times);
}

/** The judge's command: one sheet verified, the whole process from start to exit (target ≤ 300 ms). */
export function run(): Promise<void> {
  const withList = wall(['verify', SHEET]);
  const without = wall(['verify', SHEET, '--no-dictionary']);
  console.log(
    `arbiter verify, one Kvizovka sheet, whole process: ${withList.toFixed(0)} ms with the Serbian word list, ` +
      `${without.toFixed(0)} ms without (median of ${RUNS}; target ≤ 300 ms)`,
  );
  return Promise.resolve();
}
