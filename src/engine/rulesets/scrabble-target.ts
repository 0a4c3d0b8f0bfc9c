import { layoutFromGrid, RuleSet } from '../ruleset';
import { letters, STANDARD_BOARD, STANDARD_LEGEND } from './scrabble';

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
  // The rule book's table: [count, value]; the same as English Scrabble.
  letters: letters({
    A: [9, 1],
    B: [2, 3],
    C: [2, 3],
    D: [4, 2],
    E: [12, 1],
    F: [2, 4],
    G: [3, 2],
    H: [2, 4],
    I: [9, 1],
    J: [1, 8],
    K: [1, 5],
    L: [4, 1],
    M: [2, 3],
    N: [6, 1],
    O: [8, 1],
    P: [2, 3],
    Q: [1, 10],
    R: [6, 1],
    S: [4, 1],
    T: [6, 1],
    U: [4, 1],
    V: [2, 4],
    W: [2, 4],
    X: [1, 8],
    Y: [2, 4],
    Z: [1, 10],
  }),
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
