import { Alphabet } from './alphabet';
import { applyOptions, RuleOptions, RuleSet } from './ruleset';

/**
 * A rule set made ready for play: the alphabet as codes and the premium
 * layout as flat arrays indexed by square (`row * size + column`).
 */
export interface CompiledRules {
  readonly ruleSet: RuleSet;
  readonly alphabet: Alphabet;
  readonly size: number;
  readonly letterMultiplier: Uint8Array;
  readonly wordMultiplier: Uint8Array;
  /**
   * `premium[square]`: 0 on a plain square, else its letter multiplier in the low four bits and
   * its word multiplier above them: one read for the squares a play scores, most of them plain.
   */
  readonly premium: Uint8Array;
  /** Index of the start square (-1 for a card game, which has none). */
  readonly start: number;
  /** `safeSquare[square]` is 1 on a padlock square; null when the layout has none. */
  readonly safeSquare: Uint8Array | null;
  /** `jokerForbidden[code]` is 1 for a letter a joker may not stand for; null when any is allowed. */
  readonly jokerForbidden: Uint8Array | null;
  /** Layout character of each square, for drawing the board. */
  readonly layout: string;
  /** `squareNames[square]`: `I9`. */
  readonly squareNames: readonly string[];
  /** `positionNames.across[square]` = `9I`, `positionNames.down[square]` = `I9`. */
  readonly positionNames: { readonly across: readonly string[]; readonly down: readonly string[] };
}

/**
 * Compiled rules by options: a tree with a level an option, each option found by its name and
 * then its value (a list by its JSON text), in the options' own order. Most sheets have options
 * (every GCG record's): a look-up costs a few map reads, where their JSON text as a key cost
 * about 4,000 machine instructions a sheet.
 */
interface OptionsNode {
  compiled: CompiledRules | undefined;
  /** By option name, then by value. */
  readonly next: Map<string, Map<unknown, OptionsNode>>;
}

const cache = new Map<RuleSet, { root: OptionsNode; count: number }>();

/**
 * Compiles a rule set with per-game options. Results are cached per rule set
 * and options, so replaying many games with the same rules compiles once.
 * Options must have passed `checkOptions`.
 */
export function compileRules(ruleSet: RuleSet, options?: RuleOptions): CompiledRules {
  let byOptions = cache.get(ruleSet);
  if (byOptions === undefined) {
    byOptions = { root: { compiled: undefined, next: new Map() }, count: 0 };
    cache.set(ruleSet, byOptions);
  }
  let node: OptionsNode = byOptions.root;
  if (options) {
    const given = options as Record<string, unknown>;
    for (const name in given) {
      if (!Object.prototype.hasOwnProperty.call(given, name)) continue;
      const value = given[name];
      // A checked option is a number, null, a boolean or a name; a list (rare) by its JSON.
      const key =
        typeof value === 'object' && value !== null ? LIST + JSON.stringify(value) : value;
      let byValue: Map<unknown, OptionsNode> | undefined = node.next.get(name);
      if (byValue === undefined) node.next.set(name, (byValue = new Map<unknown, OptionsNode>()));
      let child: OptionsNode | undefined = byValue.get(key);
      if (child === undefined) {
        if (byOptions.count >= 64) return compile(applyOptions(ruleSet, options));
        byValue.set(key, (child = { compiled: undefined, next: new Map() }));
      }
      node = child;
    }
  }
  if (node.compiled !== undefined) return node.compiled;
  if (byOptions.count >= 64) return compile(applyOptions(ruleSet, options));
  byOptions.count++;
  return (node.compiled = compile(applyOptions(ruleSet, options)));
}

/** Before a list's JSON text as an option's key: no option's name or value starts with it. */
const LIST = '\u0000';

function compile(ruleSet: RuleSet): CompiledRules {
  const rows = ruleSet.board.rows;
  const size = rows.length;
  const letterMultiplier = new Uint8Array(size * size).fill(1);
  const wordMultiplier = new Uint8Array(size * size).fill(1);
  let start = -1;
  let safeSquare: Uint8Array | null = null;
  let layout = '';
  for (let r = 0; r < size; r++) {
    if (rows[r].length !== size) {
      throw new Error(
        `rule set ${ruleSet.id}: board row ${r + 1} has ${rows[r].length} squares, not ${size}`,
      );
    }
    for (let c = 0; c < size; c++) {
      const ch = rows[r][c];
      layout += ch;
      if (ch === '.') continue;
      const kind = ruleSet.board.legend[ch];
      if (!kind) throw new Error(`rule set ${ruleSet.id}: unknown layout character '${ch}'`);
      const i = r * size + c;
      letterMultiplier[i] = kind.letterMultiplier ?? 1;
      wordMultiplier[i] = kind.wordMultiplier ?? 1;
      if (letterMultiplier[i] > 15 || wordMultiplier[i] > 15)
        throw new Error(`rule set ${ruleSet.id}: a multiplier above 15 on '${ch}'`);
      if (kind.start) start = i;
      if (kind.safe) (safeSquare ??= new Uint8Array(size * size))[i] = 1;
    }
  }
  const premium = new Uint8Array(size * size);
  for (let i = 0; i < size * size; i++) {
    const plain = letterMultiplier[i] === 1 && wordMultiplier[i] === 1;
    premium[i] = plain ? 0 : letterMultiplier[i] | (wordMultiplier[i] << 4);
  }
  if (start < 0 && !ruleSet.cards) {
    throw new Error(`rule set ${ruleSet.id}: the layout has no start square`);
  }
  const alphabet = new Alphabet(ruleSet.letters, ruleSet.jokers);
  let jokerForbidden: Uint8Array | null = null;
  for (const letter of ruleSet.jokers.notLetters ?? []) {
    const code = alphabet.codeOf(letter);
    if (code === undefined) {
      throw new Error(`rule set ${ruleSet.id}: jokers.notLetters names '${letter}', not a letter`);
    }
    (jokerForbidden ??= new Uint8Array(64))[code] = 1;
  }
  const squareNames: string[] = [];
  const across: string[] = [];
  for (let i = 0; i < size * size; i++) {
    squareNames.push(squareName(size, i));
    across.push(String(Math.floor(i / size) + 1) + COLUMN_LETTERS[i % size]);
  }
  return {
    ruleSet,
    squareNames,
    positionNames: { across, down: squareNames },
    alphabet,
    size,
    letterMultiplier,
    wordMultiplier,
    premium,
    start,
    safeSquare,
    jokerForbidden,
    layout,
  };
}

const COLUMN_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Name of a square: column letter then row number, `I9`. */
export function squareName(size: number, index: number): string {
  return COLUMN_LETTERS[index % size] + String(Math.floor(index / size) + 1);
}

/** Column letter of a 0-based column. */
export function columnLetter(column: number): string {
  return COLUMN_LETTERS[column];
}
