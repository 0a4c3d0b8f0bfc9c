import { RuleSet } from '../ruleset';
import { SCRABBLE_EN } from './scrabble';

/**
 * Scrabble played to a target score (scrabble-target-score-variant.md): 2 to
 * 4 players, the standard board, +15 for all seven tiles, the game ends with
 * the round in which a player reaches the target (default 200, option
 * `targetScore`), and a blank on the board may be swapped for the real letter
 * it stands for. Rulings: docs/rulings-other-games.md.
 */
export const SCRABBLE_TARGET: RuleSet = {
  // English Scrabble (its rule book prints the same tile table) with the differences below.
  ...SCRABBLE_EN,
  id: 'scrabble-target',
  name: 'Scrabble (target score)',
  bonuses: { allTiles: 15, longWord: null },
  // The variant scores words and the 15-point bonus only: racks left at the end count nothing.
  endOfGame: {
    jokerOnRack: 0,
    goingOut: 'keep',
    scorelessTurns: 6,
    stalled: 'keep',
  },
  targetScore: 200,
  blankSwap: 'later-turn',
  tieBreaks: ['target-first', 'remaining-time'],
};
