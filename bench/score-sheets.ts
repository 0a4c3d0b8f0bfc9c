import { KVIZOVKA, Scoresheet, simulateGame } from '../src/engine';

/**
 * A real Kvizovka score sheet that verifies: a legal random game from the
 * engine's generator, with the game's players. With `timeLoss`, the player
 * ahead on score ends with 00:00 on the clock and so loses on time. Shared by the e2e suites
 * (test/e2e/tournament-helpers.ts) and `npm run bench -- hall-day`.
 */
export function scoreSheet(
  players: [string, string],
  seed: number,
  options: { timeLoss?: boolean } = {},
): { sheet: Scoresheet; leaderOnScore: 0 | 1 } {
  for (let s = seed; ; s++) {
    const { sheet } = simulateGame(KVIZOVKA, s);
    const finals = sheet.claimed!.final!;
    if (finals[0] === finals[1]) continue;
    const leaderOnScore: 0 | 1 = finals[0] > finals[1] ? 0 : 1;
    sheet.players = [...players];
    if (options.timeLoss) {
      const clocks = [...sheet.end!.clocks!];
      clocks[leaderOnScore] = '00:00';
      sheet.end = { ...sheet.end, clocks };
    }
    return { sheet, leaderOnScore };
  }
}
