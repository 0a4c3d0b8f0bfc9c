import type { ResultView } from './round-page-models';
import type { GameView } from './game.view';

/** A game's result as pages show it, first player's view. */
export function resultView(result: GameView['result']): ResultView | null {
  if (!result) return null;
  return {
    scores:
      result.scores && result.scores.length === 2 ? [result.scores[0], result.scores[1]] : null,
    winner: result.winner,
    reason: result.reason,
  };
}
