import { execFile, execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { WordList } from '../src/engine';
import { DawgWordList } from '../src/dictionary/dawg';
import { dictionaryDir } from '../src/dictionary/loader';
import { generatedGames, knownWordsDawg } from './engine.bench';
import { median } from './harness';

const run = promisify(execFile);
// Functions run once a game are still being optimised up to about the 3,000th game: a window
// that starts earlier counts their compiling, which moves by tens of thousands of instructions a
// game with any change to the engine.
const SHORT = 3000;
const LONG = 5000;
const SAMPLES = 3;

function hasValgrind(): boolean {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Instructions valgrind counts for the worker verifying `count` games. */
async function instructions(gamesFile: string, wordListFile: string, count: number) {
  const worker = path.join(__dirname, 'instructions-worker.js');
  const { stderr } = await run(
    'valgrind',
    [
      '--tool=cachegrind',
      '--cache-sim=no',
      '--smc-check=all-non-file', // the JIT writes code as it runs
      '--cachegrind-out-file=/dev/null',
      process.execPath,
      // Compiling on the main thread makes when code is optimised, and so the count, repeatable.
      '--single-threaded',
      // And collecting garbage on a fixed schedule, where scavenges would fall anywhere: the
      // count then repeats within a few instructions a game and shows what a change saves.
      '--predictable-gc-schedule',
      '--hash-seed=1',
      '--random-seed=1',
      worker,
      gamesFile,
      wordListFile,
      String(count),
    ],
    { maxBuffer: 1 << 24 },
  );
  const match = /I\s+refs:\s+([\d,]+)/.exec(stderr);
  if (!match) throw new Error(`no instruction count in valgrind's output:\n${stderr}`);
  return Number(match[1].replace(/,/g, ''));
}

/**
 * Machine instructions per verified game (the engine bench's generated games),
 * counted by valgrind: the difference between verifying 5,000 and 3,000 games,
 * so that start-up and warm-up cancel out. Unlike timings, the count hardly
 * moves with other work on a shared machine (within about 3 % between runs), so it
 * shows what a change to the engine saves. Opt-in (a few minutes):
 * `npm run bench -- instructions`; needs valgrind.
 */
export async function runInstructions(serbian: WordList | null): Promise<void> {
  if (!hasValgrind()) {
    console.log('engine instructions: skipped, valgrind is not installed');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-instructions-'));
  try {
    const games = generatedGames();
    const gamesFile = path.join(dir, 'games.json');
    fs.writeFileSync(gamesFile, JSON.stringify(games.map((g) => g.sheet)));
    const cases: [string, string][] = [['no dictionary', 'none']];
    if (serbian) {
      const knownFile = path.join(dir, 'known.dawg');
      fs.writeFileSync(knownFile, knownWordsDawg(serbian as DawgWordList, games));
      cases.unshift(
        ['Serbian list, words known', knownFile],
        [
          'Serbian list, every word unknown and flagged',
          path.join(dictionaryDir(), 'sr-kvizovka.dawg.gz'),
        ],
      );
    }
    for (const [label, wordListFile] of cases) {
      const perGame: number[] = [];
      for (let s = 0; s < SAMPLES; s++) {
        const [short, long] = await Promise.all([
          instructions(gamesFile, wordListFile, SHORT),
          instructions(gamesFile, wordListFile, LONG),
        ]);
        perGame.push((long - short) / (LONG - SHORT));
      }
      const k = (n: number) => `${Math.round(n / 1000).toLocaleString('en')}k`;
      console.log(
        `engine instructions, ${label}: ${k(median(perGame))} per verified game ` +
          `(median of ${SAMPLES}, min ${k(Math.min(...perGame))}, max ${k(Math.max(...perGame))}; valgrind)`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
