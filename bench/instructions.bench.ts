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
type Mode = 'verdict' | 'json' | 'gcg';
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

/**
 * Instructions valgrind counts for the worker verifying `count` games; `mode` (the worker's):
 * `verdict`, `json` (and writing each report out), `gcg` (reading and converting each record first).
 */
async function instructions(gamesFile: string, wordListFile: string, count: number, mode: Mode) {
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
      mode,
    ],
    { maxBuffer: 1 << 24 },
  );
  const match = /I\s+refs:\s+([\d,]+)/.exec(stderr);
  if (!match) throw new Error(`no instruction count in valgrind's output:\n${stderr}`);
  return Number(match[1].replace(/,/g, ''));
}

const k = (n: number) => `${(n / 1000).toLocaleString('en', { maximumFractionDigits: 1 })}k`;

/** Instructions a game between `SHORT` and `LONG` games, median of `samples`. */
async function perGame(gamesFile: string, wordListFile: string, mode: Mode, samples: number) {
  const counts: number[] = [];
  for (let s = 0; s < samples; s++) {
    const [short, long] = await Promise.all([
      instructions(gamesFile, wordListFile, SHORT, mode),
      instructions(gamesFile, wordListFile, LONG, mode),
    ]);
    counts.push((long - short) / (LONG - SHORT));
  }
  return { median: median(counts), min: Math.min(...counts), max: Math.max(...counts) };
}

/** The real English games: the GCG records of the test fixtures. */
const ENGLISH_GAMES = path.join(__dirname, '..', '..', 'test', 'fixtures', 'scrabble-gcg');

/**
 * Issue 34's three measures on real English games (the GCG records of
 * test/fixtures/scrabble-gcg, cycled, against the shipped English list), beside its targets:
 * (a) the verdict alone, from the score sheet; (b) the GCG path: each record read from its bytes,
 * converted and verified; (c) the verdict and its report written out as JSON, as a page that
 * shows every turn and a server that stores every report pay.
 */
async function runEnglish(samples: number): Promise<void> {
  const games = fs.readdirSync(ENGLISH_GAMES).filter((f) => f.endsWith('.gcg')).length;
  const words = path.join(dictionaryDir(), 'en.dawg.gz');
  const verdict = await perGame(ENGLISH_GAMES, words, 'verdict', samples);
  const gcg = await perGame(ENGLISH_GAMES, words, 'gcg', samples);
  const json = await perGame(ENGLISH_GAMES, words, 'json', samples);
  const spread = (m: { min: number; max: number }) =>
    samples > 1 ? `, min ${k(m.min)}, max ${k(m.max)}` : '';
  const ratio = (m: { median: number }) => `${(m.median / verdict.median).toFixed(2)}×`;
  const about =
    `${games} real English games (test/fixtures/scrabble-gcg), English list, games ` +
    `${SHORT.toLocaleString('en')} to ${LONG.toLocaleString('en')}, median of ${samples} (valgrind)`;
  console.log(
    `engine instructions, English: (a) verdict ${k(verdict.median)} a game${spread(verdict)} ` +
      `(target ≤ 200k); (b) GCG read, converted and verified ${k(gcg.median)}${spread(gcg)}, ` +
      `${ratio(gcg)} (a) (target ≤ 1.5×); (c) verdict and report written out as JSON ` +
      `${k(json.median)}${spread(json)}, ${ratio(json)} (a) (target ≤ 2×); ${about}`,
  );
}

/**
 * Machine instructions per verified game, counted by valgrind: the difference between
 * verifying 5,000 and 3,000 games, so that start-up and warm-up cancel out. Unlike timings, the
 * count hardly moves with other work on a shared machine (within about 3 % between runs), so it
 * shows what a change to the engine saves. First issue 34's measures on real English games
 * (see {@link runEnglish}); then the engine bench's generated Kvizovka games, also between
 * 25,000 and 20,000 games, when every function is optimised. Opt-in (about twenty minutes on 2
 * idle cores): `npm run bench -- instructions`, or `instructions-english` for the English games
 * alone; needs valgrind. `INSTRUCTIONS_SAMPLES` sets the samples of the English games (3).
 */
export async function runInstructions(
  serbian: WordList | null,
  parts: { english: boolean; kvizovka: boolean } = { english: true, kvizovka: true },
): Promise<void> {
  if (!hasValgrind()) {
    console.log('engine instructions: skipped, valgrind is not installed');
    return;
  }
  if (parts.english) await runEnglish(Number(process.env.INSTRUCTIONS_SAMPLES ?? SAMPLES));
  if (!parts.kvizovka) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-instructions-'));
  try {
    const games = generatedGames();
    const gamesFile = path.join(dir, 'games.json');
    fs.writeFileSync(gamesFile, JSON.stringify(games.map((g) => g.sheet)));
    const cases: [string, string, Mode][] = [['no dictionary', 'none', 'verdict']];
    if (serbian) {
      const knownFile = path.join(dir, 'known.dawg');
      fs.writeFileSync(knownFile, knownWordsDawg(serbian as DawgWordList, games));
      cases.unshift(
        ['Serbian list, words known', knownFile, 'verdict'],
        // A report writes out its turns' words and draws its board only when read: this case
        // counts a report read whole, as the server stores it.
        ['Serbian list, words known, each report written out as JSON', knownFile, 'json'],
        [
          'Serbian list, every word unknown and flagged',
          path.join(dictionaryDir(), 'sr-kvizovka.dawg.gz'),
          'verdict',
        ],
      );
    }
    for (const [label, wordListFile, mode] of cases) {
      const counted = await perGame(gamesFile, wordListFile, mode, SAMPLES);
      const [steadyShort, steadyLong] = await Promise.all([
        instructions(gamesFile, wordListFile, STEADY_SHORT, mode),
        instructions(gamesFile, wordListFile, STEADY_LONG, mode),
      ]);
      const steady = (steadyLong - steadyShort) / (STEADY_LONG - STEADY_SHORT);
      console.log(
        `engine instructions, ${label}: ${k(counted.median)} per verified game, games ` +
          `${SHORT.toLocaleString('en')} to ${LONG.toLocaleString('en')} (median of ${SAMPLES}, ` +
          `min ${k(counted.min)}, max ${k(counted.max)}); ${k(steady)}, games ` +
          `${STEADY_SHORT.toLocaleString('en')} to ${STEADY_LONG.toLocaleString('en')}, every ` +
          `function optimised (valgrind)`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
