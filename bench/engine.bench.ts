import {
  compileRules,
  KVIZOVKA,
  simulateGame,
  verifyDocument,
  VerifyOptions,
  WordList,
} from '../src/engine';
import { buildDawgBytes } from '../src/dictionary/dawg-builder';
import { DawgWordList } from '../src/dictionary/dawg';
import { median, timeLoop } from './harness';

const GAMES = 500;

/** The bench's games: generated 20-turn Kvizovka games, seeds 1 to 500. */
export function generatedGames() {
  return Array.from({ length: GAMES }, (_, i) => simulateGame(KVIZOVKA, i + 1));
}

/** Every word the generated games form, as tile keys (the generator plays random letters). */
function wordsOf(games: ReturnType<typeof generatedGames>): Set<string> {
  const keys = new Set<string>();
  const { alphabet } = compileRules(KVIZOVKA);
  for (const game of games) {
    const result = verifyDocument(game.sheet);
    if (!result.ok) continue;
    for (const turn of result.report.turns) {
      for (const word of turn.words) {
        const parsed = alphabet.parseWord(word.word);
        if (parsed.ok) keys.add(alphabet.keyOf(parsed.readings[0].tiles));
      }
    }
  }
  return keys;
}

/**
 * The Serbian list and every word the games form, packed as one DAWG file: the games' words
 * are known as in a real game, and each lookup is one walk of the packed list, as in a real game.
 */
export function knownWordsDawg(serbian: DawgWordList, games: ReturnType<typeof generatedGames>) {
  return buildDawgBytes([...serbian.words(), ...wordsOf(games)], {
    ...serbian.header,
    id: 'bench',
  });
}

function measure(
  docs: unknown[],
  options: VerifyOptions,
  json: boolean,
): { wall: number[]; cpu: number[] } {
  let i = 0;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < 7; round++) {
    const { perSecond, perCpuSecond } = json
      ? timeLoop(1000, () => {
          const verified = verifyDocument(docs[i++ % docs.length], options);
          if (verified.ok) JSON.stringify(verified.report);
        })
      : timeLoop(1000, () => {
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
  const cases: [string, VerifyOptions, boolean][] = [['no dictionary', {}, false]];
  if (serbian) {
    const list = serbian as DawgWordList;
    const started = process.hrtime.bigint();
    const known = DawgWordList.fromBytes(knownWordsDawg(list, games));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    console.log(
      `engine bench: built the Serbian list + ${fmt(known.size - list.size)} generated words as one DAWG in ${seconds.toFixed(1)} s`,
    );
    cases.unshift(
      ['Serbian list, words known (as in a real game)', { words: known }, false],
      // A report writes out its turns' words and draws its board only when read: a report read
      // whole, as the server stores it.
      ['Serbian list, words known, each report written out as JSON', { words: known }, true],
      ['Serbian list, every word unknown and flagged (worst case)', { words: serbian }, false],
    );
  }
  for (const [label, options, json] of cases) {
    const { wall, cpu } = measure(docs, options, json);
    console.log(
      `engine verify, ${label}: ${fmt(median(cpu))} games per CPU-second on one core ` +
        `(median of 5 one-second runs, min ${fmt(Math.min(...cpu))}, max ${fmt(Math.max(...cpu))}); ` +
        `wall clock ${fmt(median(wall))} games/s; ${GAMES} generated 20-turn games`,
    );
  }
  await Promise.resolve();
}
