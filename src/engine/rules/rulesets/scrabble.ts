import { layoutFromGrid, LetterSpec, RuleSet } from '../ruleset';

/** The standard 15x15 board: `=` word x3, `-` word x2, `"` letter x3, `'` letter x2, `*` centre (word x2). */
export const STANDARD_BOARD = `
    A B C D E F G H I J K L M N O
 1  = . . ' . . . = . . . ' . . =
 2  . - . . . " . . . " . . . - .
 3  . . - . . . ' . ' . . . - . .
 4  ' . . - . . . ' . . . - . . '
 5  . . . . - . . . . . - . . . .
 6  . " . . . " . . . " . . . " .
 7  . . ' . . . ' . ' . . . ' . .
 8  = . . ' . . . * . . . ' . . =
 9  . . ' . . . ' . ' . . . ' . .
10  . " . . . " . . . " . . . " .
11  . . . . - . . . . . - . . . .
12  ' . . - . . . ' . . . - . . '
13  . . - . . . ' . ' . . . - . .
14  . - . . . " . . . " . . . - .
15  = . . ' . . . = . . . ' . . =
`;

export const STANDARD_LEGEND = {
  '=': { wordMultiplier: 3, label: 'word x3' },
  '-': { wordMultiplier: 2, label: 'word x2' },
  '"': { letterMultiplier: 3, label: 'letter x3' },
  "'": { letterMultiplier: 2, label: 'letter x2' },
  '*': { wordMultiplier: 2, start: true, label: 'centre (word x2)' },
};

/** Letters from a compact table: `{ A: [count, value], … }`. */
export function letters(table: Record<string, [number, number]>): LetterSpec[] {
  return Object.entries(table).map(([letter, [count, value]]) => ({ letter, count, value }));
}

const SCRABBLE_COMMON: Omit<RuleSet, 'id' | 'name' | 'letters' | 'wordList'> = {
  players: { min: 2, max: 4 },
  board: { rows: layoutFromGrid(STANDARD_BOARD), legend: STANDARD_LEGEND },
  jokers: { count: 2, value: 0 },
  rackSize: 7,
  turnsPerPlayer: null,
  minWordLength: 2,
  minWordLengthAtEdge: null,
  blockers: false,
  bonuses: { allTiles: 50, longWord: null },
  clock: { minutes: 25, penaltyMinutes: [] },
  challenge: { validCosts: 'turn' },
  endOfGame: { jokerOnRack: 0, goingOut: 'transfer', scorelessTurns: 6, overtimePoints: 10 },
};

/** English Scrabble (scrabble-french-english.md): 100 tiles, 7-tile racks, +50 for all seven. */
export const SCRABBLE_EN: RuleSet = {
  id: 'scrabble-en',
  name: 'Scrabble (English)',
  wordList: 'en',
  ...SCRABBLE_COMMON,
  // [count, value] per the rule book's tables.
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
};

/** French Scrabble (scrabble-french-english.md): 102 tiles, French values (K W X Y Z = 10). */
export const SCRABBLE_FR: RuleSet = {
  id: 'scrabble-fr',
  name: 'Scrabble (français)',
  wordList: 'fr',
  ...SCRABBLE_COMMON,
  letters: letters({
    A: [9, 1],
    B: [2, 3],
    C: [2, 3],
    D: [3, 2],
    E: [15, 1],
    F: [2, 4],
    G: [2, 2],
    H: [2, 4],
    I: [8, 1],
    J: [1, 8],
    K: [1, 10],
    L: [5, 1],
    M: [3, 2],
    N: [6, 1],
    O: [6, 1],
    P: [2, 3],
    Q: [1, 8],
    R: [6, 1],
    S: [6, 1],
    T: [6, 1],
    U: [6, 1],
    V: [2, 4],
    W: [1, 10],
    X: [1, 10],
    Y: [1, 10],
    Z: [1, 10],
  }),
};
