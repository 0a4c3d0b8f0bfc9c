import { layoutFromGrid, RuleSet } from '../ruleset';
import { SCRABBLE_EN, STANDARD_BOARD, STANDARD_LEGEND } from './scrabble';

/**
 * Scrabble played to a target score (scrabble-target-score-variant.md): 2 to
 * 4 players, the standard board, +15 for all seven tiles, the game ends with
 * the round in which a player reaches the target (default 200, option
 * `targetScore`), and a blank on the board may be swapped for the real letter
 * it stands for. Rulings: docs/rulings-other-games.md.
 */
export const SCRABBLE_TARGET: RuleSet = {
  id: 'scrabble-target',
  name: 'Scrabble (target score)',
  wordList: 'en',
  players: { min: 2, max: 4 },
  board: { rows: layoutFromGrid(STANDARD_BOARD), legend: STANDARD_LEGEND },
  // The variant's rule book prints the same table as English Scrabble.
  letters: SCRABBLE_EN.letters,
  jokers: { count: 2, value: 0 },
  rackSize: 7,
  turnsPerPlayer: null,
  minWordLength: 2,
  minWordLengthAtEdge: null,
  blockers: false,
  bonuses: { allTiles: 15, longWord: null },
  clock: { minutes: 25, penaltyMinutes: [] },
  challenge: { validCosts: 'turn' },
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
