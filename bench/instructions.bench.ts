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
/**
 * A later window, when every function of the engine is optimised and stays so (V8 optimises some
 * functions run once a game only after thousands of games, and drops and redoes some at a rare
 * turn of a game): what the timed engine bench measures, which leaves out its first two seconds.
 * One sample: with the fixed GC schedule and seeds the count repeats.
 */
const STEADY_SHORT = 20000;
const STEADY_LONG = 25000;

function hasValgrind(): boolean {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Instructions valgrind counts for the worker verifying `count` games (`json`: and writing each report out). */
async function instructions(gamesFile: string, wordListFile: string, count: number, json = false) {
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
      ...(json ? ['json'] : []),
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
 * so that start-up and warm-up cancel out, and between 25,000 and 20,000 games, when
 * every function is optimised. Unlike timings, the count hardly
 * moves with other work on a shared machine (within about 3 % between runs), so it
 * shows what a change to the engine saves. Opt-in (about ten minutes on 2 cores):
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
    const cases: [string, string, boolean][] = [['no dictionary', 'none', false]];
    if (serbian) {
      const knownFile = path.join(dir, 'known.dawg');
      fs.writeFileSync(knownFile, knownWordsDawg(serbian as DawgWordList, games));
      cases.unshift(
        ['Serbian list, words known', knownFile, false],
        // A report writes out its turns' words and draws its board only when read: this case
        // counts a report read whole, as the server stores it.
        ['Serbian list, words known, each report written out as JSON', knownFile, true],
        [
          'Serbian list, every word unknown and flagged',
          path.join(dictionaryDir(), 'sr-kvizovka.dawg.gz'),
          false,
        ],
      );
    }
    for (const [label, wordListFile, json] of cases) {
      const perGame: number[] = [];
      for (let s = 0; s < SAMPLES; s++) {
        const [short, long] = await Promise.all([
          instructions(gamesFile, wordListFile, SHORT, json),
          instructions(gamesFile, wordListFile, LONG, json),
        ]);
        perGame.push((long - short) / (LONG - SHORT));
      }
      const [steadyShort, steadyLong] = await Promise.all([
        instructions(gamesFile, wordListFile, STEADY_SHORT, json),
        instructions(gamesFile, wordListFile, STEADY_LONG, json),
      ]);
      const steady = (steadyLong - steadyShort) / (STEADY_LONG - STEADY_SHORT);
      const k = (n: number) => `${(n / 1000).toLocaleString('en', { maximumFractionDigits: 1 })}k`;
      console.log(
        `engine instructions, ${label}: ${k(median(perGame))} per verified game, games ` +
          `${SHORT.toLocaleString('en')} to ${LONG.toLocaleString('en')} (median of ${SAMPLES}, ` +
          `min ${k(Math.min(...perGame))}, max ${k(Math.max(...perGame))}); ${k(steady)}, games ` +
          `${STEADY_SHORT.toLocaleString('en')} to ${STEADY_LONG.toLocaleString('en')}, every ` +
          `function optimised (valgrind)`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
