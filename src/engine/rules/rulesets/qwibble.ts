import { layoutFromGrid, RuleSet } from '../ruleset';
import { letters } from './scrabble';

/**
 * The Qwibble board: 15x15, no premium squares, `*` the centre (START HERE),
 * `@` the 12 padlock squares. The rule book puts 12 padlocks "around the board
 * perimeter" without their places; this symmetric layout (three a side, at
 * D, H, L and rows 4, 8, 12) is Arbiter's ruling, replaceable with `layout`.
 */
const QWIBBLE_BOARD = `
    A B C D E F G H I J K L M N O
 1  . . . @ . . . @ . . . @ . . .
 2  . . . . . . . . . . . . . . .
 3  . . . . . . . . . . . . . . .
 4  @ . . . . . . . . . . . . . @
 5  . . . . . . . . . . . . . . .
 6  . . . . . . . . . . . . . . .
 7  . . . . . . . . . . . . . . .
 8  @ . . . . . . * . . . . . . @
 9  . . . . . . . . . . . . . . .
10  . . . . . . . . . . . . . . .
11  . . . . . . . . . . . . . . .
12  @ . . . . . . . . . . . . . @
13  . . . . . . . . . . . . . . .
14  . . . . . . . . . . . . . . .
15  . . . @ . . . @ . . . @ . . .
`;

/**
 * Qwibble (qwibble.md): two players, 100 tiles worth 173 points, tiles owned
 * by who laid them, stealing, safe words, wild tiles that cannot be S, no
 * exchange with 10 or fewer tiles in the pool, two passes in a row end the
 * game, racks go to the opponent, and its three tie-breaks.
 */
export const QWIBBLE: RuleSet = {
  id: 'qwibble',
  name: 'Qwibble',
  wordList: 'en',
  players: { min: 2, max: 2 },
  board: {
    rows: layoutFromGrid(QWIBBLE_BOARD),
    legend: {
      '*': { start: true, label: 'centre' },
      '@': { safe: true, label: 'padlock' },
    },
  },
  // The rule book's table: [count, value].
  letters: letters({
    A: [9, 1],
    B: [2, 3],
    C: [2, 3],
    D: [4, 2],
    E: [12, 1],
    F: [2, 3],
    G: [3, 2],
    H: [2, 3],
    I: [9, 1],
    J: [1, 5],
    K: [1, 4],
    L: [4, 2],
    M: [2, 3],
    N: [6, 2],
    O: [8, 1],
    P: [2, 3],
    Q: [1, 5],
    R: [6, 1],
    S: [4, 1],
    T: [6, 1],
    U: [4, 2],
    V: [2, 4],
    W: [2, 3],
    X: [1, 4],
    Y: [2, 2],
    Z: [1, 5],
  }),
  jokers: { count: 2, value: 0, notLetters: ['S'] },
  rackSize: 7,
  turnsPerPlayer: null,
  minWordLength: 2,
  minWordLengthAtEdge: null,
  blockers: false,
  bonuses: { allTiles: 0, longWord: null },
  clock: { minutes: 25, penaltyMinutes: [] },
  challenge: { validCosts: 'turn' },
  endOfGame: {
    jokerOnRack: 0,
    goingOut: 'gain',
    scorelessTurns: null,
    consecutivePasses: 2,
    stalled: 'gain',
  },
  stealing: { allTilesSafe: true },
  exchangeMinPool: 11,
  tieBreaks: ['safe-points', 'tiles-played', 'biggest-steal'],
};
