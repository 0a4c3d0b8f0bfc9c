import { RuleSet } from '../ruleset';

/**
 * Quivit (quivit.md), a card game: a 5x5 grid of cards, each with four colour
 * squares (red, green, blue, yellow) and a point value; a turn rotates one
 * card and takes the cards linked to it. Five rounds; the player with the most
 * points wins, then the one with the most cards. The sheet records each turn's
 * points and cards, and may record the grid to have the links checked.
 * The tile-game fields are unused (no letters, no board squares to play on).
 */
export const QUIVIT: RuleSet = {
  id: 'quivit',
  name: 'Quivit',
  wordList: 'none',
  players: { min: 2, max: 8 },
  board: { rows: ['.....', '.....', '.....', '.....', '.....'], legend: {} },
  letters: [],
  jokers: { count: 0, value: 0 },
  rackSize: 0,
  turnsPerPlayer: 5,
  minWordLength: 1,
  minWordLengthAtEdge: null,
  blockers: false,
  bonuses: { allTiles: 0, longWord: null },
  // The Timed rule's minute a turn; Quivit has no game clock.
  clock: { minutes: 1, penaltyMinutes: [] },
  challenge: { validCosts: 'turn' },
  endOfGame: { jokerOnRack: 0, goingOut: 'none', scorelessTurns: null },
  tieBreaks: ['cards'],
  cards: {
    // The 160-card box less the 6 Double Rotate and 6 Color Block cards, which are dealt, not drawn.
    deck: [
      { value: 1, count: 64 },
      { value: 2, count: 46 },
      { value: 3, count: 26 },
      { value: -1, count: 12 },
    ],
    gridSize: 5,
    colours: 'RGBY',
    rounds: 5,
    drainAt: 15,
    decks: 1,
    doubleRotate: false,
    colourBlock: false,
    randomColour: false,
    drainDeck: false,
  },
};
