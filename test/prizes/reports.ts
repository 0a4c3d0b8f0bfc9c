import type { TurnReport } from '../../src/engine';
import type { VerifiedGame } from '../../src/prizes/prizes';

/**
 * Verified games as the prize tests need them: a report with only what the awards and prize
 * lists read (turns, finals, remaining time, the winner).
 */

/** A turn as the report has it, with only what the awards read. */
export function turn(player: number, score: number, extra: Partial<TurnReport> = {}): TurnReport {
  return {
    index: 0,
    player,
    kind: 'play',
    status: 'ok',
    play: `8H W${score}`,
    score: { claimed: score, computed: score },
    total: { claimed: null, computed: 0 },
    words: [],
    bonuses: [],
    placed: [],
    issues: [],
    ...extra,
  };
}

export function game(
  round: number,
  table: number,
  players: [string, string],
  finals: [number, number],
  remaining: [number, number],
  turns: TurnReport[],
): VerifiedGame {
  const winner = finals[0] === finals[1] ? null : finals[0] > finals[1] ? 0 : 1;
  return {
    round,
    table,
    players,
    report: {
      turns,
      players: finals.map((final, i) => ({ final, remainingSeconds: remaining[i] })),
      result: { winner },
    } as unknown as VerifiedGame['report'],
  };
}
