/**
 * Rule sets are data: a board layout as rows of characters, a tile table, and
 * the numbers of the game. A rule set an organiser adjusts for one game is the
 * same data with {@link RuleOptions} applied on top.
 */

/** What one character of a board layout means. */
export interface SquareKind {
  /** Multiplies the value of a tile newly placed on the square. */
  letterMultiplier?: number;
  /** Multiplies every word formed that contains a tile newly placed on the square. */
  wordMultiplier?: number;
  /** The square the first play must cover. */
  start?: boolean;
  /**
   * A padlock square (Qwibble): a tile newly placed on it makes every word of
   * that play through it safe from stealing.
   */
  safe?: boolean;
  /** Short name for reports and legends, e.g. `word x2`. */
  label?: string;
}

/** A premium layout: `rows[r][c]` is a character of `legend`, or `.` for a plain square. */
export interface BoardLayout {
  rows: readonly string[];
  legend: Readonly<Record<string, SquareKind>>;
}

/** One letter of the tile set. `letter` is its canonical upper-case Latin spelling (`DŽ`, `Č`). */
export interface LetterSpec {
  letter: string;
  value: number;
  count: number;
  /** Single-character spellings read as this letter (Cyrillic, Unicode digraphs), upper case. */
  aliases?: readonly string[];
  /** The one-character key used in word lists (see `words.ts`); defaults to `letter`. */
  key?: string;
}

/** The long-word bonus: min(max, base + perExtraLetter × (letters − fromLength)). */
export interface LongWordBonus {
  fromLength: number;
  base: number;
  perExtraLetter: number;
  max: number;
}

/** A complete rule set. Every number of the game lives here, none in code. */
export interface RuleSet {
  id: string;
  name: string;
  /** How many players a game has. */
  players: { min: number; max: number };
  board: BoardLayout;
  letters: readonly LetterSpec[];
  /** Id of the word list words are checked against by default (the caller loads it). */
  wordList: string;
  jokers: {
    count: number;
    value: number;
    /** Letters a joker may not stand for (Qwibble's wild tiles cannot be S). */
    notLetters?: readonly string[];
  };
  rackSize: number;
  /** Turns each player gets; `null` when the game ends otherwise. */
  turnsPerPlayer: number | null;
  minWordLength: number;
  /** Shorter minimum for a word that has an end on the board's edge; `null` for none. */
  minWordLengthAtEdge: number | null;
  /** Black blocker tiles close every word formed. */
  blockers: boolean;
  bonuses: {
    /** Points for placing every rack tile in one play. */
    allTiles: number;
    longWord: LongWordBonus | null;
  };
  clock: {
    minutes: number;
    /** Minutes of the 1st, 2nd, … penalty of a player; the last entry repeats. */
    penaltyMinutes: readonly number[];
  };
  /** What a challenge ruled valid (the word stands) costs the challenger. */
  challenge: {
    /** `time`: the next time penalty; `turn`: the challenger's next turn; `bonus`: points to the player, as the sheet records them. */
    validCosts: FailedChallengeCost;
  };
  endOfGame: {
    /** Deducted for a joker left on the rack at the end. */
    jokerOnRack: number;
    /**
     * When a player goes out: `none`, every player loses their own rack;
     * `transfer`, the others lose theirs and the player who went out gains it;
     * `double`, the player who went out gains twice the others' racks and they
     * lose nothing (the convention of most GCG records); `gain`, the player
     * who went out gains the others' racks and they lose nothing (Qwibble);
     * `keep`, racks count nothing (scrabble-target).
     */
    goingOut: GoingOutRule;
    /** Consecutive scoreless turns that end the game; `null` for none. */
    scorelessTurns: number | null;
    /** Consecutive passes (not exchanges, not zero-scoring plays) that end the game (Qwibble: 2). */
    consecutivePasses?: number;
    /**
     * How racks settle when the game ends other than by a player going out
     * (scoreless turns, passes, agreement): `lose` (the default), every player
     * loses their own rack; `gain`, every player gains the others' racks and
     * loses nothing (Qwibble's two passes); `keep`, racks count nothing.
     */
    stalled?: StalledRule;
    /**
     * Points taken off for each minute, or part of one, that a player's clock runs over at the
     * end (Scrabble's overtime penalty, 10 as NASPA and Woogles take it; the sheet writes the
     * points as `end.timePenalty`). Absent where a clock at zero loses the game (Kvizovka) or
     * the rule book has no clock rule.
     */
    overtimePoints?: number;
  };
  /**
   * The winning total of a target-score game (scrabble-target): the game ends
   * with the round in which a player's total first reaches it (a round starts
   * with player 0). Absent for games without a target.
   */
  targetScore?: number;
  /**
   * A blank on the board may be taken by a player who puts down the real
   * letter it stands for and plays the blank in the same turn (sheet field
   * `swap`). `later-turn`: on any later turn; `next-turn`: only on the turn
   * right after the blank was played. Absent: blanks stay where they are.
   */
  blankSwap?: BlankSwapRule;
  /**
   * Qwibble: every tile belongs to the player who laid it, a score is the value
   * of the tiles owned, and a word formed onto the opponent's unsafe tiles
   * takes them over (their value moves from the owner to the player). Words on
   * a padlock square ({@link SquareKind.safe}) become safe.
   */
  stealing?: {
    /** Playing every rack tile in one turn makes the main word safe. */
    allTilesSafe: boolean;
  };
  /**
   * Exchanges need at least this many tiles in the pool (Qwibble: 11, none with
   * 10 or fewer). The engine counts the pool as the set less the board and the
   * racks (every rack full while the pool lasts). Absent: not checked.
   */
  exchangeMinPool?: number;
  /** What decides equal final scores, in order; default `['remaining-time']`. */
  tieBreaks?: readonly TieBreakRule[];
  /** A card game (Quivit): turns record cards taken instead of plays; see {@link CardRules}. */
  cards?: CardRules;
}

/** When a blank on the board may be swapped for the letter it stands for. */
export type BlankSwapRule = 'later-turn' | 'next-turn';
/** How racks settle at an end other than going out. */
export type StalledRule = 'lose' | 'gain' | 'keep';
/**
 * A tie-break after equal final scores: `remaining-time` (more time left);
 * `target-first` (reached the target first); `safe-points`, `tiles-played`,
 * `biggest-steal` (Qwibble); `cards` (most cards, Quivit).
 */
export type TieBreakRule =
  'remaining-time' | 'target-first' | 'safe-points' | 'tiles-played' | 'biggest-steal' | 'cards';

/**
 * A card game played on a grid of cards (Quivit). Each card has four colour
 * squares, one of each colour, as a 2x2 block, and a point value; a turn
 * rotates one card and takes every card linked to it by touching squares of a
 * colour (see docs/rulings-other-games.md).
 */
export interface CardRules {
  /** The draw deck of one box by point value (the special cards are dealt to players, not drawn). */
  deck: readonly { value: number; count: number }[];
  /** The grid is `gridSize` x `gridSize` cards. */
  gridSize: number;
  /** Colour letters, one character each (`RGBY`). */
  colours: string;
  /** Full rounds of the game (each player rotates once a round). */
  rounds: number;
  /** Drain the deck: after the rounds, the game ends before a round when the deck holds this many cards or fewer. */
  drainAt: number;
  /** Boxes of cards shuffled together. */
  decks: number;
  /** Optional rules in play. */
  doubleRotate: boolean;
  colourBlock: boolean;
  randomColour: boolean;
  drainDeck: boolean;
}

/** What a failed challenge costs the challenger. */
export type FailedChallengeCost = 'time' | 'turn' | 'bonus';
/** How racks are settled when a player goes out. */
export type GoingOutRule = 'none' | 'transfer' | 'double' | 'gain' | 'keep';

/** Per-game overrides an organiser may set (the score sheet's `options`). */
export interface RuleOptions {
  clockMinutes?: number;
  allTilesBonus?: number;
  penaltyMinutes?: number[];
  turnsPerPlayer?: number | null;
  minWordLength?: number;
  minWordLengthAtEdge?: number | null;
  jokerRackPenalty?: number;
  longWordBonus?: boolean;
  /** Replace the premium layout: rows of layout characters, as in the rule set. */
  layout?: string[];
  failedChallenge?: FailedChallengeCost;
  goingOut?: GoingOutRule;
  /** The winning total of a target-score game. */
  targetScore?: number;
  /** When a blank may be swapped (`off`: never). */
  blankSwap?: BlankSwapRule | 'off';
  /** Quivit's optional rules, and the number of boxes of cards shuffled together. */
  doubleRotate?: boolean;
  colourBlock?: boolean;
  randomColour?: boolean;
  drainDeck?: boolean;
  decks?: number;
}

/** One problem with an option value: the option's name and what is wrong. */
export interface OptionError {
  option: string;
  message: string;
}

type OptionCheck = (value: unknown, rules: RuleSet) => string | null;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const intIn =
  (min: number, max: number): OptionCheck =>
  (v) =>
    isInt(v) && v >= min && v <= max ? null : `must be a whole number from ${min} to ${max}`;
const intOrNullIn =
  (min: number, max: number): OptionCheck =>
  (v, r) =>
    v === null ? null : intIn(min, max)(v, r);
const bool: OptionCheck = (v) => (typeof v === 'boolean' ? null : 'must be true or false');

/** An option: its value check and the rule sets it means something for. */
interface OptionSpec {
  check: OptionCheck;
  appliesTo: (rules: RuleSet) => boolean;
}
const tileGame = (r: RuleSet) => r.cards === undefined;
const cardGame = (r: RuleSet) => r.cards !== undefined;
const tiles = (check: OptionCheck): OptionSpec => ({ check, appliesTo: tileGame });
const cards = (check: OptionCheck): OptionSpec => ({ check, appliesTo: cardGame });

const OPTIONS: Record<keyof RuleOptions, OptionSpec> = {
  clockMinutes: tiles(intIn(1, 600)),
  allTilesBonus: tiles(intIn(0, 500)),
  penaltyMinutes: tiles((v) =>
    Array.isArray(v) && v.length > 0 && v.every((m) => isInt(m) && m >= 0 && m <= 60)
      ? null
      : 'must be a non-empty list of whole minutes (0 to 60), e.g. [1, 2, 4]',
  ),
  turnsPerPlayer: tiles(intOrNullIn(1, 100)),
  minWordLength: tiles(intIn(1, 30)),
  minWordLengthAtEdge: tiles(intOrNullIn(1, 30)),
  jokerRackPenalty: tiles(intIn(0, 100)),
  longWordBonus: tiles(bool),
  layout: tiles((v, r) => layoutError(v, r)),
  failedChallenge: tiles((v) =>
    v === 'time' || v === 'turn' || v === 'bonus' ? null : 'must be "time", "turn" or "bonus"',
  ),
  goingOut: tiles((v) =>
    v === 'none' || v === 'transfer' || v === 'double' || v === 'gain' || v === 'keep'
      ? null
      : 'must be "none", "transfer", "double", "gain" or "keep"',
  ),
  targetScore: { check: intIn(1, 10000), appliesTo: (r) => r.targetScore !== undefined },
  blankSwap: {
    check: (v) =>
      v === 'later-turn' || v === 'next-turn' || v === 'off'
        ? null
        : 'must be "later-turn", "next-turn" or "off"',
    appliesTo: (r) => r.blankSwap !== undefined,
  },
  doubleRotate: cards(bool),
  colourBlock: cards(bool),
  randomColour: cards(bool),
  drainDeck: cards(bool),
  decks: cards(intIn(1, 10)),
};

/** Names of every option {@link applyOptions} understands (each rule set takes some: {@link optionNamesFor}). */
export const OPTION_NAMES = Object.keys(OPTIONS) as (keyof RuleOptions)[];

/** Names of the options that mean something for this rule set. */
export function optionNamesFor(rules: RuleSet): (keyof RuleOptions)[] {
  return OPTION_NAMES.filter((name) => OPTIONS[name].appliesTo(rules));
}

function layoutError(value: unknown, rules: RuleSet): string | null {
  if (!Array.isArray(value) || !value.every((row) => typeof row === 'string')) {
    return 'must be a list of rows, each a string of layout characters';
  }
  const rows = value.map((row: string) => row.replace(/\s+/g, ''));
  const size = rules.board.rows.length;
  if (rows.length !== size) return `must have ${size} rows, not ${rows.length}`;
  for (let r = 0; r < rows.length; r++) {
    if (rows[r].length !== size) {
      return `row ${r + 1} must have ${size} squares, not ${rows[r].length}`;
    }
    for (const ch of rows[r]) {
      if (ch !== '.' && !(ch in rules.board.legend)) {
        return `row ${r + 1} has '${ch}', which is not a square of this rule set (use . or one of ${Object.keys(rules.board.legend).join(' ')})`;
      }
    }
  }
  const starts = rows
    .join('')
    .split('')
    .filter((ch) => rules.board.legend[ch]?.start).length;
  if (starts !== 1) return `must have exactly one start square, not ${starts}`;
  return null;
}

/**
 * Checks an `options` object against the rule set. Returns one error per bad
 * option (unknown name or bad value); an empty list means the options apply.
 */
export function checkOptions(rules: RuleSet, options: unknown): OptionError[] {
  if (options === undefined || options === null) return [];
  if (typeof options !== 'object' || Array.isArray(options)) {
    return [{ option: '', message: 'options must be an object of option names and values' }];
  }
  const errors: OptionError[] = [];
  // Own keys by for...in, in the order Object.entries gives them, without its list of pairs
  // (every sheet with options passes here).
  const given = options as Record<string, unknown>;
  for (const name in given) {
    if (!Object.prototype.hasOwnProperty.call(given, name)) continue;
    const value = given[name];
    const spec = Object.prototype.hasOwnProperty.call(OPTIONS, name)
      ? OPTIONS[name as keyof RuleOptions]
      : undefined;
    if (!spec || !spec.appliesTo(rules)) {
      errors.push({
        option: name,
        message: spec
          ? `option '${name}' does not apply to ${rules.name} (its options: ${optionNamesFor(rules).join(', ')})`
          : `unknown option '${name}' (known: ${optionNamesFor(rules).join(', ')})`,
      });
      continue;
    }
    const message = spec.check(value, rules);
    if (message) errors.push({ option: name, message: `${name} ${message}` });
  }
  return errors;
}

/**
 * Returns the rule set with the options applied. The options must have passed
 * {@link checkOptions}; the rule set itself is not changed.
 */
export function applyOptions(rules: RuleSet, options: RuleOptions | undefined): RuleSet {
  if (!options) return rules;
  const o = options;
  return {
    ...rules,
    board:
      o.layout !== undefined
        ? { ...rules.board, rows: o.layout.map((row) => row.replace(/\s+/g, '')) }
        : rules.board,
    turnsPerPlayer: o.turnsPerPlayer !== undefined ? o.turnsPerPlayer : rules.turnsPerPlayer,
    minWordLength: o.minWordLength ?? rules.minWordLength,
    minWordLengthAtEdge:
      o.minWordLengthAtEdge !== undefined ? o.minWordLengthAtEdge : rules.minWordLengthAtEdge,
    bonuses: {
      allTiles: o.allTilesBonus ?? rules.bonuses.allTiles,
      longWord: o.longWordBonus === false ? null : rules.bonuses.longWord,
    },
    clock: {
      minutes: o.clockMinutes ?? rules.clock.minutes,
      penaltyMinutes: o.penaltyMinutes ?? rules.clock.penaltyMinutes,
    },
    challenge: { validCosts: o.failedChallenge ?? rules.challenge.validCosts },
    endOfGame: {
      ...rules.endOfGame,
      jokerOnRack: o.jokerRackPenalty ?? rules.endOfGame.jokerOnRack,
      goingOut: o.goingOut ?? rules.endOfGame.goingOut,
      scorelessTurns: rules.endOfGame.scorelessTurns,
    },
    targetScore: o.targetScore ?? rules.targetScore,
    blankSwap: o.blankSwap === 'off' ? undefined : (o.blankSwap ?? rules.blankSwap),
    cards: rules.cards && {
      ...rules.cards,
      doubleRotate: o.doubleRotate ?? rules.cards.doubleRotate,
      colourBlock: o.colourBlock ?? rules.cards.colourBlock,
      randomColour: o.randomColour ?? rules.cards.randomColour,
      drainDeck: o.drainDeck ?? rules.cards.drainDeck,
      decks: o.decks ?? rules.cards.decks,
    },
  };
}

/** Reads a layout written as an ASCII grid with a header row and row numbers, as in the docs. */
export function layoutFromGrid(grid: string): string[] {
  return grid
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^\d+\s/.test(line))
    .map((line) => line.replace(/^\d+\s+/, '').replace(/\s+/g, ''));
}
