import { KVIZOVKA, simulateGame, verifyDocument, VerifyOptions } from '../src/engine';
import { median, timeLoop } from './harness';

/** Score-sheet verifications per second over generated 20-turn Kvizovka games, on one core. */
export async function run(options: VerifyOptions = {}, label = 'no dictionary'): Promise<void> {
  const games = Array.from(
    { length: 500 },
    (_, i) => JSON.parse(JSON.stringify(simulateGame(KVIZOVKA, i + 1).sheet)) as unknown,
  );
  const turns = games.reduce<number>((n, g) => n + (g as { turns: unknown[] }).turns.length, 0);
  let i = 0;
  const rates: number[] = [];
  for (let round = 0; round < 7; round++) {
    const { perSecond } = timeLoop(1000, () => {
      verifyDocument(games[i++ % games.length], options);
    });
    if (round > 1) rates.push(perSecond);
  }
  await Promise.resolve();
  console.log(
    `engine verify (${label}): ${Math.round(median(rates)).toLocaleString('en')} games/s median of 5 one-second runs ` +
      `(min ${Math.round(Math.min(...rates)).toLocaleString('en')}, max ${Math.round(Math.max(...rates)).toLocaleString('en')}); ` +
      `${games.length} generated games, ${(turns / games.length).toFixed(1)} turns each`,
  );
}
