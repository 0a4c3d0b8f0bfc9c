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
  jokers: { count: number; value: number };
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
     * lose nothing (the convention of most GCG records).
     */
    goingOut: GoingOutRule;
    /** Consecutive scoreless turns that end the game; `null` for none. */
    scorelessTurns: number | null;
  };
}

/** What a failed challenge costs the challenger. */
export type FailedChallengeCost = 'time' | 'turn' | 'bonus';
/** How racks are settled when a player goes out. */
export type GoingOutRule = 'none' | 'transfer' | 'double';

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

const OPTION_CHECKS: Record<keyof RuleOptions, OptionCheck> = {
  clockMinutes: intIn(1, 600),
  allTilesBonus: intIn(0, 500),
  penaltyMinutes: (v) =>
    Array.isArray(v) && v.length > 0 && v.every((m) => isInt(m) && m >= 0 && m <= 60)
      ? null
      : 'must be a non-empty list of whole minutes (0 to 60), e.g. [1, 2, 4]',
  turnsPerPlayer: intOrNullIn(1, 100),
  minWordLength: intIn(1, 30),
  minWordLengthAtEdge: intOrNullIn(1, 30),
  jokerRackPenalty: intIn(0, 100),
  longWordBonus: (v) => (typeof v === 'boolean' ? null : 'must be true or false'),
  layout: (v, r) => layoutError(v, r),
  failedChallenge: (v) =>
    v === 'time' || v === 'turn' || v === 'bonus' ? null : 'must be "time", "turn" or "bonus"',
  goingOut: (v) =>
    v === 'none' || v === 'transfer' || v === 'double'
      ? null
      : 'must be "none", "transfer" or "double"',
};

/** Names of the options {@link applyOptions} understands. */
export const OPTION_NAMES = Object.keys(OPTION_CHECKS) as (keyof RuleOptions)[];

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
  for (const [name, value] of Object.entries(options)) {
    const check = OPTION_CHECKS[name as keyof RuleOptions];
    if (!check) {
      errors.push({
        option: name,
        message: `unknown option '${name}' (known: ${OPTION_NAMES.join(', ')})`,
      });
      continue;
    }
    const message = check(value, rules);
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
      jokerOnRack: o.jokerRackPenalty ?? rules.endOfGame.jokerOnRack,
      goingOut: o.goingOut ?? rules.endOfGame.goingOut,
      scorelessTurns: rules.endOfGame.scorelessTurns,
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
