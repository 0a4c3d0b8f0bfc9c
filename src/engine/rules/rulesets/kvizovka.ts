import { layoutFromGrid, RuleSet } from '../ruleset';

/**
 * The printed Kvizovka board (docs/rulings.md, "Board"): `X` word x2, `2`/`3`/`4`
 * letter x2/x3/x4, `*` the centre (no multiplier). 45 marked squares.
 */
const KVIZOVKA_BOARD = `
    A B C D E F G H I J K L M N O P Q
 1  4 . . . 2 . . . 4 . . . 2 . . . 4
 2  . . . . . . . . . . . . . . . . .
 3  . . X . . . 2 . X . 2 . . . X . .
 4  . . . . . . . . . . . . . . . . .
 5  2 . . . 3 . . . 2 . . . 3 . . . 2
 6  . . . . . . . . . . . . . . . . .
 7  . . 2 . . . 2 . . . 2 . . . 2 . .
 8  . . . . . . . . . . . . . . . . .
 9  4 . X . 2 . . . * . . . 2 . X . 4
10  . . . . . . . . . . . . . . . . .
11  . . 2 . . . 2 . . . 2 . . . 2 . .
12  . . . . . . . . . . . . . . . . .
13  2 . . . 3 . . . 2 . . . 3 . . . 2
14  . . . . . . . . . . . . . . . . .
15  . . X . . . 2 . X . 2 . . . X . .
16  . . . . . . . . . . . . . . . . .
17  4 . . . 2 . . . 4 . . . 2 . . . 4
`;

/** Kvizovka as ruled in docs/rulings.md: 17x17, 10-tile racks, 10 turns, blockers. */
export const KVIZOVKA: RuleSet = {
  id: 'kvizovka',
  name: 'Kvizovka',
  players: { min: 2, max: 2 },
  wordList: 'sr-kvizovka',
  board: {
    rows: layoutFromGrid(KVIZOVKA_BOARD),
    legend: {
      X: { wordMultiplier: 2, label: 'word x2' },
      '2': { letterMultiplier: 2, label: 'letter x2' },
      '3': { letterMultiplier: 3, label: 'letter x3' },
      '4': { letterMultiplier: 4, label: 'letter x4' },
      '*': { start: true, label: 'centre' },
    },
  },
  // The rule book's table: letter, value, count; Cyrillic and the Unicode digraph letters as aliases.
  letters: [
    { letter: 'A', value: 1, count: 14, aliases: ['А'] },
    { letter: 'B', value: 3, count: 4, aliases: ['Б'] },
    { letter: 'C', value: 3, count: 4, aliases: ['Ц'] },
    { letter: 'Č', value: 3, count: 3, aliases: ['Ч'] },
    { letter: 'Ć', value: 3, count: 3, aliases: ['Ћ'] },
    { letter: 'D', value: 2, count: 7, aliases: ['Д'] },
    { letter: 'DŽ', value: 4, count: 2, aliases: ['Џ', 'Ǆ', 'ǅ'], key: 'Ǆ' },
    { letter: 'Đ', value: 4, count: 2, aliases: ['Ђ'] },
    { letter: 'E', value: 1, count: 12, aliases: ['Е'] },
    { letter: 'F', value: 4, count: 2, aliases: ['Ф'] },
    { letter: 'G', value: 3, count: 4, aliases: ['Г'] },
    { letter: 'H', value: 3, count: 3, aliases: ['Х'] },
    { letter: 'I', value: 1, count: 11, aliases: ['И'] },
    { letter: 'J', value: 2, count: 8, aliases: ['Ј'] },
    { letter: 'K', value: 2, count: 6, aliases: ['К'] },
    { letter: 'L', value: 2, count: 6, aliases: ['Л'] },
    { letter: 'LJ', value: 4, count: 2, aliases: ['Љ', 'Ǉ', 'ǈ'], key: 'Ǉ' },
    { letter: 'M', value: 2, count: 6, aliases: ['М'] },
    { letter: 'N', value: 1, count: 10, aliases: ['Н'] },
    { letter: 'NJ', value: 4, count: 2, aliases: ['Њ', 'Ǌ', 'ǋ'], key: 'Ǌ' },
    { letter: 'O', value: 1, count: 10, aliases: ['О'] },
    { letter: 'P', value: 2, count: 6, aliases: ['П'] },
    { letter: 'R', value: 1, count: 10, aliases: ['Р'] },
    { letter: 'S', value: 1, count: 9, aliases: ['С'] },
    { letter: 'Š', value: 3, count: 3, aliases: ['Ш'] },
    { letter: 'T', value: 1, count: 8, aliases: ['Т'] },
    { letter: 'U', value: 2, count: 6, aliases: ['У'] },
    { letter: 'V', value: 2, count: 7, aliases: ['В'] },
    { letter: 'Z', value: 3, count: 4, aliases: ['З'] },
    { letter: 'Ž', value: 3, count: 3, aliases: ['Ж'] },
  ],
  jokers: { count: 10, value: 0 },
  rackSize: 10,
  turnsPerPlayer: 10,
  minWordLength: 4,
  minWordLengthAtEdge: 3,
  blockers: true,
  bonuses: {
    allTiles: 40,
    longWord: { fromLength: 10, base: 20, perExtraLetter: 5, max: 50 },
  },
  clock: { minutes: 30, penaltyMinutes: [1, 2, 4] },
  challenge: { validCosts: 'time' },
  endOfGame: { jokerOnRack: 10, goingOut: 'none', scorelessTurns: null },
};
