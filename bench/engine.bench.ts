import {
  compileRules,
  KVIZOVKA,
  simulateGame,
  verifyDocument,
  VerifyOptions,
  WordList,
} from '../src/engine';
import { median, timeLoop } from './harness';

const GAMES = 500;

function generatedGames() {
  return Array.from({ length: GAMES }, (_, i) => simulateGame(KVIZOVKA, i + 1));
}

/** Every word the generated games form, as tile keys (the generator plays random letters). */
function wordsOf(games: ReturnType<typeof generatedGames>): Set<string> {
  const keys = new Set<string>();
  for (const game of games) {
    const result = verifyDocument(game.sheet);
    if (!result.ok) continue;
    const { alphabet } = compileRules(KVIZOVKA);
    for (const turn of result.report.turns) {
      for (const word of turn.words) {
        const parsed = alphabet.parseWord(word.word);
        if (parsed.ok) keys.add(alphabet.keyOf(parsed.readings[0].tiles));
      }
    }
  }
  return keys;
}

function measure(docs: unknown[], options: VerifyOptions): { wall: number[]; cpu: number[] } {
  let i = 0;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < 7; round++) {
    const { perSecond, perCpuSecond } = timeLoop(1000, () => {
      verifyDocument(docs[i++ % docs.length], options);
    });
    if (round > 1) {
      wall.push(perSecond);
      cpu.push(perCpuSecond);
    }
  }
  return { wall, cpu };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en');

/**
 * Score-sheet verifications per second on one core over generated 20-turn
 * Kvizovka games (JSON parsed beforehand; reading, replay and report counted).
 */
export async function run(serbian: WordList | null): Promise<void> {
  const games = generatedGames();
  const docs = games.map((g) => JSON.parse(JSON.stringify(g.sheet)) as unknown);
  const cases: [string, VerifyOptions][] = [['no dictionary', {}]];
  if (serbian) {
    // The generator plays random letters; adding its words to the Serbian list makes every word
    // known, as in a real game, while every lookup still goes through the DAWG first.
    const generated = wordsOf(games);
    const known: WordList = {
      has: (k) => serbian.has(k) || generated.has(k),
      size: serbian.size + generated.size,
    };
    cases.unshift(
      ['Serbian list, words known (as in a real game)', { words: known }],
      ['Serbian list, every word unknown and flagged (worst case)', { words: serbian }],
    );
  }
  for (const [label, options] of cases) {
    const { wall, cpu } = measure(docs, options);
    console.log(
      `engine verify, ${label}: ${fmt(median(cpu))} games per CPU-second on one core ` +
        `(median of 5 one-second runs, min ${fmt(Math.min(...cpu))}, max ${fmt(Math.max(...cpu))}); ` +
        `wall clock ${fmt(median(wall))} games/s; ${GAMES} generated 20-turn games`,
    );
  }
  await Promise.resolve();
}
