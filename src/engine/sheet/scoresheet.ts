import { CardRules, checkOptions, RuleOptions, RuleSet } from '../rules/ruleset';
import { findRuleSet, RULE_SETS } from '../rules/rulesets';
import { CompiledRules, compileRules } from '../rules/compiled';
import { WrittenTile } from '../rules/alphabet';
import type { Issue } from '../report/report';

/** The score-sheet format this engine reads. */
export const SCORESHEET_FORMAT = 'scoresheet/1';

/** A challenge of a play: who challenged and the judge's ruling on its words. */
export interface Challenge {
  by: number;
  valid: boolean;
  /** Points the player received because the challenge failed (rule sets where a failed challenge costs a bonus). */
  bonus?: number;
}

/** One line of a score sheet. Exactly one of `play`, `exchange`, `pass`. */
export interface SheetTurn {
  player: number;
  /** `"POSITION WORD"`, e.g. `"9F KUĆA"`. */
  play?: string;
  /** Number of tiles exchanged, or the tiles themselves. */
  exchange?: number | string;
  pass?: true;
  score?: number;
  total?: number;
  /** Remaining clock after the turn, `mm:ss`. */
  clock?: string;
  challenge?: Challenge;
  /** The player's rack before the turn, when recorded (GCG records it); `?` = joker. */
  rack?: string;
  /**
   * Target-score games: the square (or squares) of a blank on the board the
   * player takes before the play, putting down the real letter it stands for;
   * the play must then use the blank (`"H8"`, or `["H8", "K5"]`).
   */
  swap?: string | string[];
  /** Card games: cards taken this turn. */
  cards?: number;
  /** Card games: point values of the cards taken, e.g. `[2, 1, -1]`. */
  taken?: number[];
  /**
   * Card games: the grid before the turn (after any colour block), one string a
   * row, cards separated by spaces. A card is its four colour squares clockwise
   * from the top left, then its value: `RGBY2`, `GYRB-1`; `#` after a card
   * covered by a Color Block card; `.` for an empty place.
   */
  grid?: string[];
  /** Card games: the card rotated, `C3 cw`, `C3 ccw`, `C3 180` (Double Rotate), `C3 free` (a free link claimed with Double Rotate). */
  rotate?: string;
  /** Card games with Random Color: the colour rolled (`R`, `G`, `B`, `Y`). */
  colour?: string;
  /** Card games with Color Blocking: Color Block cards played before this turn. */
  blocks?: { by: number; card: string }[];
}

/** Why and how the game ended, as the sheet records it. */
export interface SheetEnd {
  /**
   * `out` and `scoreless` end games of rule sets without a turn limit (Scrabble);
   * `target` a target-score game; `passes` consecutive passes (Qwibble); `deck`
   * a card game whose deck ran low (Drain the Deck).
   */
  reason?:
    'turns' | 'no-moves' | 'time' | 'agreed' | 'out' | 'scoreless' | 'target' | 'passes' | 'deck';
  racks?: string[];
  clocks?: string[];
  timeExpired?: number;
  /**
   * Points each player lost for going over time, as the sheet writes them (rule sets with an
   * overtime penalty: `endOfGame.overtimePoints` a minute or part of one).
   */
  timePenalty?: number[];
  /** Card games with Double Rotate: the value of the card each player still holding the card drew (null: none). */
  drawn?: (number | null)[];
}

/** A score sheet in the exchange format (`scoresheet/1`). */
export interface Scoresheet {
  format: typeof SCORESHEET_FORMAT;
  rules: string;
  options?: RuleOptions;
  players: string[];
  turns: SheetTurn[];
  end?: SheetEnd;
  claimed?: { final?: number[] };
  /** Free-form details (event, round, table) kept with the sheet and not checked. */
  meta?: Record<string, unknown>;
}

/** A place in the JSON document: property names and array indexes. */
export type JsonPath = (string | number)[];

/** A reason a score sheet cannot be read at all, at a place in the document. */
export interface SheetError {
  path: JsonPath;
  message: string;
  /** What is wrong, as data, for a page to say in its own language (the usual mistakes). */
  problem?: SheetProblem;
}

/**
 * The usual mistakes of a sheet's structure, as data: a page says them in its language, the
 * turn and field told by the error's path (`turns[3].score`). Others have only the message.
 */
export type SheetProblem =
  | { code: 'UNKNOWN_FIELD'; field: string }
  | { code: 'FORMAT' }
  | { code: 'RULES'; given: string | null }
  | { code: 'PLAYERS' }
  | { code: 'PLAYER_COUNT'; min: number; max: number; count: number }
  | { code: 'PLAYER_NAME' }
  | { code: 'TURNS' }
  | { code: 'TURN_OBJECT' }
  | { code: 'PLAYER_INDEX'; max: number }
  | { code: 'TURN_KIND' }
  | { code: 'PLAY_TEXT' }
  | { code: 'WHOLE_NUMBER' }
  | { code: 'CLOCK' }
  | { code: 'END_OBJECT' }
  | { code: 'PER_PLAYER'; count: number }
  | { code: 'PASS_TRUE' }
  | { code: 'EXCHANGE' }
  | { code: 'CHALLENGE_OBJECT' }
  | { code: 'CHALLENGE_NOT_PLAY' }
  | { code: 'CHALLENGE_OWN' }
  | { code: 'CHALLENGE_VALID' }
  | { code: 'CHALLENGE_BONUS' }
  | { code: 'END_REASON'; reasons: string[] }
  | { code: 'CLAIMED_OBJECT' }
  /** A rack that is not text (`end.racks`, a turn's `rack`). */
  | { code: 'RACK_TEXT' }
  /** A rack with a character that is no letter of the game, and its place (from 1). */
  | { code: 'RACK_LETTER'; written: string; character: string; position: number }
  /** A rack holding more (or fewer) tiles than it may. */
  | { code: 'RACK_SIZE'; written: string; count: number; min: number; max: number }
  /** A field of the sheet that the rule set has no rule for (`end.timePenalty` in Kvizovka). */
  | { code: 'FIELD_NOT_FOR_RULES'; rules: string };

/**
 * What reading a sheet parsed on its way, handed to the replay so that nothing is parsed
 * twice: the compiled rules, each turn's clock and the final racks.
 */
export interface SheetReading {
  rules: CompiledRules;
  /** Seconds of each turn's clock reading, by turn (undefined where the turn has none). */
  clocks: (number | undefined)[];
  /** The tiles of `end.racks`, by player (a joker as the joker tile); none without them. */
  endRacks: WrittenTile[][];
  /**
   * The tiles of each turn's rack, by turn (undefined where the turn has none), as
   * {@link readScoresheet} read them: the replay checks a play against them without reading the
   * rack again. Left out by {@link sheetReading}: the replay then reads each rack itself.
   */
  racks?: (WrittenTile[] | undefined)[];
  /**
   * The entries of the end of the game that could not be read (`END_FIELD_UNREADABLE`),
   * findings of the game; their fields are left out of the sheet.
   */
  endFindings?: Issue[];
}

/** Outcome of reading a score sheet: the sheet and what was read of it, or every structural error found. */
export type ReadSheetResult =
  | { ok: true; sheet: Scoresheet; ruleSet: RuleSet; reading: SheetReading }
  | { ok: false; errors: SheetError[] };

/** `turns[3].clock` for a path. */
export function formatPath(path: JsonPath): string {
  let out = '';
  for (const part of path) {
    out += typeof part === 'number' ? `[${part}]` : out === '' ? part : `.${part}`;
  }
  return out || '(the document)';
}

/** Seconds of a clock reading `mm:ss` (or `-mm:ss`), or null when it is not one. */
export function parseClock(text: string): number | null {
  // Hand-written rather than a regular expression: every turn of every sheet passes here. The
  // usual `mm:ss` is read first with one test a character (a digit is one unsigned compare):
  // about 90 machine instructions fewer a reading than the general path below, measured.
  if (text.length === 5) {
    const m1 = text.charCodeAt(0) - 48;
    const m2 = text.charCodeAt(1) - 48;
    const s1 = text.charCodeAt(3) - 48;
    const s2 = text.charCodeAt(4) - 48;
    if (
      text.charCodeAt(2) === 58 /* : */ &&
      m1 >>> 0 <= 9 &&
      m2 >>> 0 <= 9 &&
      s1 >>> 0 <= 5 &&
      s2 >>> 0 <= 9
    )
      return m1 * 600 + m2 * 60 + s1 * 10 + s2;
  }
  let i = 0;
  let sign = 1;
  if (text.charCodeAt(0) === 45 /* - */) {
    sign = -1;
    i = 1;
  }
  // The colon is the third character from the end; a colon before it fails the digit test.
  const colon = text.length - 3;
  const digitsBefore = colon - i;
  if (digitsBefore < 1 || digitsBefore > 3 || text.charCodeAt(colon) !== 58 /* : */) return null;
  let minutes = 0;
  for (let k = i; k < colon; k++) {
    const d = text.charCodeAt(k) - 48;
    if (d < 0 || d > 9) return null;
    minutes = minutes * 10 + d;
  }
  const tens = text.charCodeAt(colon + 1) - 48;
  const ones = text.charCodeAt(colon + 2) - 48;
  if (tens < 0 || tens > 5 || ones < 0 || ones > 9) return null;
  return sign * (minutes * 60 + tens * 10 + ones);
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
const MINUTE_PREFIXES = Array.from({ length: 100 }, (_, n) => `${String(n).padStart(2, '0')}:`);

/** `mm:ss` for seconds; negative values get a leading `-`. */
export function formatClock(seconds: number): string {
  const s = Math.abs(seconds);
  const mm = Math.floor(s / 60);
  const ss = s % 60;
  // Every clock of every sheet is written back: one join of two ready-made strings (measured:
  // about 450 machine instructions fewer a clock than building it from the numbers).
  if (mm < MINUTE_PREFIXES.length && Number.isInteger(ss)) {
    const text = MINUTE_PREFIXES[mm] + TWO_DIGITS[ss];
    return seconds < 0 ? '-' + text : text;
  }
  const sign = seconds < 0 ? '-' : '';
  return `${sign}${mm < 10 ? '0' : ''}${mm}:${ss < 10 ? '0' : ''}${ss}`;
}

const TURN_KEYS = new Set([
  'player',
  'play',
  'exchange',
  'pass',
  'score',
  'total',
  'clock',
  'challenge',
  'rack',
]);
const TURN_KEYS_WITH_SWAP = new Set([...TURN_KEYS, 'swap']);

/** The fields a crossword game's turn may have (`swap` where the rule set allows it). */
export const CROSSWORD_TURN_FIELDS: ReadonlySet<string> = TURN_KEYS_WITH_SWAP;
const CARD_TURN_KEYS = new Set([
  'player',
  'score',
  'total',
  'cards',
  'taken',
  'grid',
  'rotate',
  'colour',
  'blocks',
]);
const SHEET_KEYS = new Set([
  'format',
  'rules',
  'options',
  'players',
  'turns',
  'end',
  'claimed',
  'meta',
]);
const END_KEYS = new Set(['reason', 'racks', 'clocks', 'timeExpired', 'timePenalty']);
const CARD_END_KEYS = new Set(['reason', 'drawn']);
const END_REASONS = ['turns', 'no-moves', 'time', 'agreed', 'out', 'scoreless'];
const CARD_END_REASONS = ['turns', 'deck', 'agreed'];

/** End reasons a rule set's games can have. */
function endReasons(rules: RuleSet): string[] {
  if (rules.cards) return CARD_END_REASONS;
  if (rules.targetScore === undefined && rules.endOfGame.consecutivePasses === undefined) {
    return END_REASONS;
  }
  const reasons = [...END_REASONS];
  if (rules.targetScore !== undefined) reasons.push('target');
  if (rules.endOfGame.consecutivePasses !== undefined) reasons.push('passes');
  return reasons;
}

/**
 * Sizes no real game reaches. A sheet beyond any of them is unreadable: the
 * reader refuses it (each field named, with its turn) before it looks at a
 * turn, so neither the replay nor a page or PDF ever meets a 200,000-turn
 * sheet or a name of a million characters.
 */
export const SHEET_LIMITS = {
  /** Turns of a sheet: Kvizovka has 20, a four-player Scrabble game some 100. */
  turns: 200,
  /** Players: the most any rule set takes. */
  players: Math.max(...Object.values(RULE_SETS).map((r) => r.players.max)),
  /** Characters of a player's name (as a player's registration). */
  name: 200,
  /** Characters of a play (`9F KUĆA`), a rotation (`C3 cw`) or a square. */
  play: 100,
  /** Characters of a rack or of exchanged tiles. */
  rack: 50,
  /** Characters of a clock (`-123:45`). */
  clock: 10,
  /** Rows of a card grid, and characters of each. */
  gridRows: 10,
  gridRow: 200,
  /** Entries of a list within a turn: squares of a swap, cards taken, blocks. */
  list: 50,
  /** Size of any score, total or bonus. */
  points: 100_000,
  /** Characters of `meta` written as JSON (the judge's form keeps its rows there), and its depth. */
  meta: 256 * 1024,
  metaDepth: 16,
} as const;

/** Errors a reader reports at most; a sheet with more is told that there are more. */
const MAX_ERRORS = 100;

/** `"first 40 characters…" (1234 characters)`: a value as a message may quote it. */
function clip(text: string, max = 40): string {
  return text.length <= max ? `"${text}"` : `"${text.slice(0, max)}…" (${text.length} characters)`;
}

/** A field name as a message (and an error's path) may quote it: at most 40 characters. */
function short(key: string): string {
  return key.length <= 40 ? key : `${key.slice(0, 40)}…`;
}

/**
 * Size of a JSON value written out, counted without writing it, and stopping
 * past `limit` (or deeper than `depth`): Infinity then.
 */
function jsonSize(value: unknown, limit: number, depth: number): number {
  const size = sizeWithin(value, limit, depth);
  return size > limit ? Infinity : size;
}

/**
 * {@link jsonSize} of `value`, objects allowed `depth` levels deep: any number past `budget`
 * once the count goes past it. Recursive, the depth bounded by `depth`: every sheet's options
 * are counted, and a stack of entries (and `Object.entries`' pairs) cost an allocation a value.
 */
function sizeWithin(value: unknown, budget: number, depth: number): number {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value !== 'object' || value === null) return String(value).length;
  if (depth <= 0) return Infinity;
  let size = 2;
  if (Array.isArray(value)) {
    const list: unknown[] = value;
    size += list.length;
    for (let i = 0; i < list.length && size <= budget; i++)
      size += sizeWithin(list[i], budget - size, depth - 1);
  } else {
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object);
    for (let i = 0; i < keys.length && size <= budget; i++) {
      size += keys[i].length + 4;
      size += sizeWithin(object[keys[i]], budget - size, depth - 1);
    }
  }
  return size;
}

/**
 * True for a turn of a crossword sheet (no swap or cards) all of whose fields
 * are within the limits, told without building a path or a message: every turn
 * of every sheet passes here, and building them for each field cost a third of
 * a whole verification. Any other turn is checked field by field.
 */
function plainTurnWithinLimits(turn: Record<string, unknown>): boolean {
  const { play, rack, exchange, clock, score, total } = turn;
  return (
    plainFieldsWithinLimits(play, rack, exchange, clock, score, total) &&
    challengeWithinLimits(turn.challenge) &&
    turn.swap === undefined &&
    turn.rotate === undefined &&
    turn.colour === undefined &&
    turn.taken === undefined &&
    turn.blocks === undefined &&
    turn.grid === undefined
  );
}

/** The sizes of a plain turn's fields against {@link SHEET_LIMITS}. */
function plainFieldsWithinLimits(
  play: unknown,
  rack: unknown,
  exchange: unknown,
  clock: unknown,
  score: unknown,
  total: unknown,
): boolean {
  const L = SHEET_LIMITS;
  return (
    (typeof play !== 'string' || play.length <= L.play) &&
    (typeof rack !== 'string' || rack.length <= L.rack) &&
    (typeof exchange !== 'string' || exchange.length <= L.rack) &&
    (typeof clock !== 'string' || clock.length <= L.clock) &&
    (typeof score !== 'number' || Math.abs(score) <= L.points) &&
    (typeof total !== 'number' || Math.abs(total) <= L.points)
  );
}

/**
 * The size of a challenge's bonus against {@link SHEET_LIMITS}: most real records have a
 * challenge, and a turn with one was checked again field by field, with every path and message.
 */
function challengeWithinLimits(challenge: unknown): boolean {
  if (!isObject(challenge)) return true;
  const { bonus } = challenge;
  return typeof bonus !== 'number' || Math.abs(bonus) <= SHEET_LIMITS.points;
}

/**
 * True for a sheet whose fields outside its turns are all within {@link SHEET_LIMITS}, told
 * without the paths, messages and helpers of {@link checkSheetLimits}: every sheet passes here,
 * and only one beyond a limit is checked again to say where. A limit outside the turns that
 * {@link checkSheetLimits} checks needs its line here too; the limits' test holds each such
 * field beyond its limit alone against both.
 */
function sheetWithinLimits(doc: Record<string, unknown>): boolean {
  const L = SHEET_LIMITS;
  const { turns, players, rules, end, claimed, meta, options } = doc;
  if (Array.isArray(turns) && turns.length > L.turns) return false;
  if (!textsWithin(players, L.name)) return false;
  if (typeof rules === 'string' && rules.length > L.play) return false;
  if (isObject(end)) {
    const { racks, clocks, drawn, reason, timePenalty } = end;
    if (!textsWithin(racks, L.rack) || !textsWithin(clocks, L.clock)) return false;
    if (Array.isArray(drawn) && drawn.length > L.players) return false;
    if (Array.isArray(timePenalty) && timePenalty.length > L.players) return false;
    if (typeof reason === 'string' && reason.length > L.play) return false;
  }
  if (isObject(claimed) && Array.isArray(claimed.final)) {
    const final: unknown[] = claimed.final;
    if (final.length > L.players) return false;
    for (let p = 0; p < final.length; p++) {
      const v = final[p];
      if (typeof v === 'number' && Math.abs(v) > L.points) return false;
    }
  }
  if (meta !== undefined && jsonSize(meta, L.meta, L.metaDepth) > L.meta) return false;
  return options === undefined || jsonSize(options, 4096, 4) <= 4096;
}

/** True unless `values` is a list of more than a player each, or holds a string longer than `max`. */
function textsWithin(values: unknown, max: number): boolean {
  if (!Array.isArray(values)) return true;
  if (values.length > SHEET_LIMITS.players) return false;
  for (let p = 0; p < values.length; p++) {
    const v: unknown = values[p];
    if (typeof v === 'string' && v.length > max) return false;
  }
  return true;
}

/**
 * The sizes of a parsed sheet against {@link SHEET_LIMITS}: a too-long list
 * of turns (or players), strings and numbers beyond any real game, a `meta`
 * too large. Only sizes: types are the reader's. Every caller of
 * {@link readScoresheet} gets these first; an import checks stored sheets
 * with it too.
 */
export function checkSheetLimits(doc: unknown): SheetError[] {
  const errors: SheetError[] = [];
  if (!isObject(doc)) return errors;
  const L = SHEET_LIMITS;
  const err = (path: JsonPath, message: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ path, message });
  };
  const text = (path: JsonPath, v: unknown, max: number, what: string) => {
    if (typeof v === 'string' && v.length > max)
      err(path, `${what} is longer than ${max} characters (it has ${v.length})`);
  };
  const list = (path: JsonPath, v: unknown, max: number, what: string): boolean => {
    if (Array.isArray(v) && v.length > max) {
      err(path, `${what} has ${v.length} entries; at most ${max}`);
      return false;
    }
    return true;
  };
  const points = (path: JsonPath, v: unknown, what: string) => {
    if (typeof v === 'number' && Math.abs(v) > L.points)
      err(path, `${what} is beyond ±${L.points} (it is ${v})`);
  };
  if (Array.isArray(doc.turns) && doc.turns.length > L.turns) {
    // Refused before a single turn is looked at.
    return [
      {
        path: ['turns'],
        message: `a score sheet has at most ${L.turns} turns; this one has ${doc.turns.length}`,
      },
    ];
  }
  // A path and a message are made only for a field beyond its limit: every sheet passes here.
  const longList = (v: unknown) => Array.isArray(v) && v.length > L.players;
  if (longList(doc.players)) list(['players'], doc.players, L.players, 'players');
  else if (Array.isArray(doc.players)) {
    const players: unknown[] = doc.players;
    for (let i = 0; i < players.length; i++) {
      const name = players[i];
      if (typeof name === 'string' && name.length > L.name)
        text(['players', i], name, L.name, `the name of player ${i + 1}`);
    }
  }
  if (typeof doc.rules === 'string' && doc.rules.length > L.play)
    text(['rules'], doc.rules, L.play, 'rules');
  /** Every field of a turn that is not plain, field by field. */
  const turnLimits = (turn: Record<string, unknown>, i: number) => {
    const at = (...rest: (string | number)[]): JsonPath => turnPath(i, ...rest);
    const n = `turn ${i + 1}`;
    text(at('play'), turn.play, L.play, `${n}: play`);
    text(at('rotate'), turn.rotate, L.play, `${n}: rotate`);
    text(at('colour'), turn.colour, L.play, `${n}: colour`);
    text(at('rack'), turn.rack, L.rack, `${n}: rack`);
    text(at('exchange'), turn.exchange, L.rack, `${n}: exchange`);
    text(at('clock'), turn.clock, L.clock, `${n}: clock`);
    for (const f of ['score', 'total'] as const) points(at(f), turn[f], `${n}: ${f}`);
    if (isObject(turn.challenge))
      points(at('challenge', 'bonus'), turn.challenge.bonus, `${n}: challenge.bonus`);
    if (list(at('swap'), turn.swap, L.list, `${n}: swap`) && Array.isArray(turn.swap)) {
      turn.swap.forEach((sq, k) => text(at('swap', k), sq, L.play, `${n}: swap[${k}]`));
    }
    if (typeof turn.swap === 'string') text(at('swap'), turn.swap, L.play, `${n}: swap`);
    list(at('taken'), turn.taken, L.list, `${n}: taken`);
    if (list(at('blocks'), turn.blocks, L.list, `${n}: blocks`) && Array.isArray(turn.blocks)) {
      turn.blocks.forEach((b, k) => {
        if (isObject(b)) text(at('blocks', k, 'card'), b.card, L.play, `${n}: blocks[${k}].card`);
      });
    }
    if (list(at('grid'), turn.grid, L.gridRows, `${n}: grid`) && Array.isArray(turn.grid)) {
      turn.grid.forEach((row, k) => text(at('grid', k), row, L.gridRow, `${n}: grid row ${k + 1}`));
    }
  };
  if (Array.isArray(doc.turns)) {
    const turns: unknown[] = doc.turns;
    for (let i = 0; i < turns.length; i++) {
      const turn = turns[i];
      if (isObject(turn) && !plainTurnWithinLimits(turn)) turnLimits(turn, i);
    }
  }
  // Each field named here rather than looked up by a name in a loop (a slow lookup in V8).
  /** Strings of a list of at most a player each, each at most `max` long. */
  const longTexts = (field: 'racks' | 'clocks', values: unknown, max: number) => {
    if (!Array.isArray(values) || values.length > L.players) return;
    for (let p = 0; p < values.length; p++) {
      const v: unknown = values[p];
      if (typeof v === 'string' && v.length > max)
        text(['end', field, p], v, max, `end.${field}[${p}]`);
    }
  };
  if (isObject(doc.end)) {
    const { racks, clocks, drawn, reason, timePenalty } = doc.end;
    if (longList(racks)) list(['end', 'racks'], racks, L.players, 'end.racks');
    if (longList(clocks)) list(['end', 'clocks'], clocks, L.players, 'end.clocks');
    if (longList(drawn)) list(['end', 'drawn'], drawn, L.players, 'end.drawn');
    if (longList(timePenalty)) {
      list(['end', 'timePenalty'], timePenalty, L.players, 'end.timePenalty');
    }
    longTexts('racks', racks, L.rack);
    longTexts('clocks', clocks, L.clock);
    if (typeof reason === 'string' && reason.length > L.play)
      text(['end', 'reason'], reason, L.play, 'end.reason');
  }
  if (isObject(doc.claimed)) {
    const final = doc.claimed.final;
    if (longList(final)) list(['claimed', 'final'], final, L.players, 'claimed.final');
    else if (Array.isArray(final)) {
      for (let p = 0; p < final.length; p++) {
        const v: unknown = final[p];
        if (typeof v === 'number' && Math.abs(v) > L.points)
          points(['claimed', 'final', p], v, `claimed.final[${p}]`);
      }
    }
  }
  if (doc.meta !== undefined && jsonSize(doc.meta, L.meta, L.metaDepth) > L.meta) {
    err(
      ['meta'],
      `meta is larger than ${L.meta / 1024} KB written as JSON (or nested more than ${L.metaDepth} deep)`,
    );
  }
  if (doc.options !== undefined && jsonSize(doc.options, 4096, 4) > 4096) {
    err(['options'], 'options are larger than 4 KB written as JSON');
  }
  return errors;
}

/** A square name of a size x size grid (`H8`), as [row, column], or null. */
export function parseSquare(text: string, size: number): { row: number; column: number } | null {
  const m = /^([A-Za-z])(\d{1,2})$/.exec(text);
  if (!m) return null;
  const column = (m[1].charCodeAt(0) | 32) - 97;
  const row = Number(m[2]) - 1;
  return column < size && row >= 0 && row < size ? { row, column } : null;
}

/** The path of a turn's field: `['turns', 3, 'clock']`. */
const turnPath = (turn: number, ...rest: (string | number)[]): JsonPath => ['turns', turn, ...rest];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const describe = (v: unknown): string =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'a list'
      : typeof v === 'string'
        ? clip(v)
        : typeof v === 'object'
          ? 'an object'
          : JSON.stringify(v);

/** How many of a sheet's known fields it holds (not `undefined`). */
function knownFields(doc: Record<string, unknown>): number {
  const { format, rules, options, players, turns, end, claimed, meta } = doc;
  return (
    (format !== undefined ? 1 : 0) +
    (rules !== undefined ? 1 : 0) +
    (options !== undefined ? 1 : 0) +
    (players !== undefined ? 1 : 0) +
    (turns !== undefined ? 1 : 0) +
    (end !== undefined ? 1 : 0) +
    (claimed !== undefined ? 1 : 0) +
    (meta !== undefined ? 1 : 0)
  );
}

/**
 * Checks the structure of a parsed score-sheet document: every field's type,
 * range and meaning that can be known without replaying the game. Play
 * notation (positions and words) is not checked here: a bad play is a finding
 * of the replay, so that one bad line does not hide the rest of the sheet.
 */
export function readScoresheet(doc: unknown): ReadSheetResult {
  const errors: SheetError[] = [];
  let more = false;
  const err: ReportError = (path, message, problem) => {
    if (errors.length >= MAX_ERRORS) more = true;
    else errors.push(problem ? { path, message, problem } : { path, message });
  };
  if (!isObject(doc)) {
    return { ok: false, errors: [{ path: [], message: 'a score sheet must be a JSON object' }] };
  }
  // The turns' own limits are checked in the pass over the turns (every limit at once there
  // for a turn that is not plain, before anything of that turn is read) or, for a sheet
  // beyond them elsewhere, here with the rest.
  if (!sheetWithinLimits(doc)) {
    const limits = checkSheetLimits(doc);
    if (limits.length > 0) return { ok: false, errors: limits };
  }
  // This function and readTurns are on the hot path: what runs for every sheet stays in them
  // (a function run once a sheet is optimised by V8 only after thousands of sheets), and only
  // the making of an error is handed to functions that run on error alone.
  // Names are looked up only when the sheet has more fields than the known ones it holds (as
  // a turn's are): every sheet passes here.
  const docKeys = Object.keys(doc);
  if (docKeys.length !== knownFields(doc)) reportUnknownFields(docKeys, SHEET_KEYS, null, err);
  if (doc.format !== SCORESHEET_FORMAT) {
    err(['format'], `format must be "${SCORESHEET_FORMAT}", not ${describe(doc.format)}`, {
      code: 'FORMAT',
    });
  }
  const ruleSet = typeof doc.rules === 'string' ? findRuleSet(doc.rules) : undefined;
  if (!ruleSet) reportRules(doc.rules, err);
  if (doc.meta !== undefined && !isObject(doc.meta)) err(['meta'], 'meta must be an object');
  if (!ruleSet) return { ok: false, errors };

  for (const e of checkOptions(ruleSet, doc.options)) {
    err(e.option ? ['options', e.option] : ['options'], e.message);
  }
  const options =
    errors.length > 0 && errors.some((e) => e.path[0] === 'options')
      ? undefined
      : (doc.options as RuleOptions | undefined);
  const rules = compileRules(ruleSet, options);
  let clocks: (number | undefined)[] = [];
  let racks: (WrittenTile[] | undefined)[] = [];
  let endRacks: WrittenTile[][] = [];
  const cardRules = rules.ruleSet.cards;

  let playerCount = 0;
  if (!Array.isArray(doc.players)) {
    err(['players'], 'players must be a list of names in turn order', { code: 'PLAYERS' });
  } else {
    playerCount = doc.players.length;
    const { min, max } = ruleSet.players;
    if (playerCount < min || playerCount > max) reportPlayerCount(ruleSet, playerCount, err);
    doc.players.forEach((name, i) => {
      if (typeof name !== 'string' || name.trim() === '')
        err(['players', i], 'a player name must be a non-empty string', { code: 'PLAYER_NAME' });
    });
  }

  if (!Array.isArray(doc.turns)) {
    err(['turns'], 'turns must be a list', { code: 'TURNS' });
  } else {
    const turns: unknown[] = doc.turns;
    clocks = new Array<number | undefined>(turns.length);
    racks = new Array<WrittenTile[] | undefined>(turns.length);
    const limits = readTurns(doc, turns, rules, playerCount, err, clocks, racks);
    if (limits !== null) return { ok: false, errors: limits };
  }

  const endFindings: Issue[] = [];
  if (doc.end !== undefined) {
    const end = doc.end;
    if (!isObject(end)) {
      err(['end'], 'end must be an object', { code: 'END_OBJECT' });
    } else {
      const keys = Object.keys(end);
      const { reason, racks: endTexts, clocks: endClocks, timeExpired, timePenalty, drawn } = end;
      const known = cardRules
        ? (reason !== undefined ? 1 : 0) + (drawn !== undefined ? 1 : 0)
        : (reason !== undefined ? 1 : 0) +
          (endTexts !== undefined ? 1 : 0) +
          (endClocks !== undefined ? 1 : 0) +
          (timeExpired !== undefined ? 1 : 0) +
          (timePenalty !== undefined ? 1 : 0);
      // Names are looked up only when there are more fields than known ones, as for the sheet's.
      if (keys.length !== known)
        reportUnknownFields(keys, cardRules ? CARD_END_KEYS : END_KEYS, 'end', err);
      const reasons = endReasons(rules.ruleSet);
      if (end.reason !== undefined && !reasons.includes(end.reason as string))
        reportEndReason(end.reason, reasons, err);
      if (end.drawn !== undefined && cardRules) checkDrawn(end.drawn, cardRules, playerCount, err);
      if (!cardRules) endRacks = readEndLists(end, rules, playerCount, err, endFindings);
      if (end.timeExpired !== undefined)
        playerIndex(err, playerCount, ['end', 'timeExpired'], end.timeExpired, 'end.timeExpired');
      if (timePenalty !== undefined && !cardRules)
        checkTimePenalty(timePenalty, rules.ruleSet, playerCount, err);
    }
  }

  if (doc.claimed !== undefined) checkClaimed(doc.claimed, playerCount, err);

  if (more) errors.push({ path: [], message: `more errors than the first ${MAX_ERRORS} shown` });
  if (errors.length > 0) return { ok: false, errors };
  if (endFindings.length === 0) {
    return {
      ok: true,
      sheet: doc as unknown as Scoresheet,
      ruleSet,
      reading: { rules, clocks, endRacks, racks },
    };
  }
  return withoutUnreadableEnd(doc, ruleSet, rules, clocks, endRacks, racks, endFindings);
}

/** Reports an error of a sheet at a place in it (the first {@link MAX_ERRORS} are kept). */
type ReportError = (path: JsonPath, message: string, problem?: SheetProblem) => void;

/**
 * Checks every turn of a sheet, filling `clocks` and `racks` with each turn's clock and rack as
 * read; the errors of the sheet's limits when a turn is beyond one, else null.
 */
function readTurns(
  doc: Record<string, unknown>,
  turns: unknown[],
  rules: CompiledRules,
  playerCount: number,
  err: ReportError,
  clocks: (number | undefined)[],
  racks: (WrittenTile[] | undefined)[],
): SheetError[] | null {
  const cardRules = rules.ruleSet.cards;
  const turnKeys = rules.ruleSet.blankSwap ? TURN_KEYS_WITH_SWAP : TURN_KEYS;
  let turnsWithinLimits = false;
  // Paths and messages are built only on error: every turn of every sheet passes here.
  for (let i = 0; i < turns.length; i++) {
    const turn = turns[i];
    if (!isObject(turn)) {
      err(['turns', i], `turn ${i + 1} must be an object`, { code: 'TURN_OBJECT' });
      continue;
    }
    // Each field read once: the turn's fields are looked up by its shape, and the sheets'
    // turns have several shapes (with a clock or not, a play or an exchange).
    const { player, play, exchange, pass, score, total, clock, challenge, rack, swap } = turn;
    // Counting fields is cheaper than looking each name up; names are looked up only when the
    // counts differ (an unknown field, or a known one holding `undefined`). `Object.keys` counts
    // from V8's list of the shape's keys: fewer instructions than a for-in loop, measured.
    const fields = Object.keys(turn).length;
    const kinds =
      (play !== undefined ? 1 : 0) +
      (exchange !== undefined ? 1 : 0) +
      (pass !== undefined ? 1 : 0);
    let known =
      kinds +
      (player !== undefined ? 1 : 0) +
      (score !== undefined ? 1 : 0) +
      (total !== undefined ? 1 : 0) +
      (clock !== undefined ? 1 : 0) +
      (challenge !== undefined ? 1 : 0) +
      (rack !== undefined ? 1 : 0);
    if (turnKeys === TURN_KEYS_WITH_SWAP && swap !== undefined) known++;
    // Every limit is checked before anything of a turn that is not plain is reported. A
    // crossword turn whose fields are all known ones has none of a card game's, so its
    // plainness is told from the fields read here (the turn's fields are not looked up again).
    if (
      !turnsWithinLimits &&
      !(!cardRules && fields === known
        ? swap === undefined &&
          challengeWithinLimits(challenge) &&
          plainFieldsWithinLimits(play, rack, exchange, clock, score, total)
        : plainTurnWithinLimits(turn))
    ) {
      const limits = checkSheetLimits(doc);
      if (limits.length > 0) return limits;
      turnsWithinLimits = true;
    }
    if (cardRules) {
      checkCardTurn(turn, i, cardRules, playerCount, err);
      continue;
    }
    if (fields !== known) reportUnknownTurnFields(turn, i, turnKeys, err);
    if (!isPlayer(player, playerCount))
      playerIndex(err, playerCount, turnPath(i, 'player'), player, `turn ${i + 1}: player`);
    if (kinds !== 1) reportTurnKind(turn, i, err);
    if (
      (play !== undefined && typeof play !== 'string') ||
      (pass !== undefined && pass !== true) ||
      (exchange !== undefined && !isInt(exchange) && typeof exchange !== 'string') ||
      (score !== undefined && !isInt(score)) ||
      (total !== undefined && !isInt(total))
    )
      reportTurnValues(i, play, pass, exchange, score, total, err);
    if (clock !== undefined) {
      const seconds = typeof clock === 'string' ? parseClock(clock) : null;
      if (seconds === null) checkClock(turnPath(i, 'clock'), clock, err);
      else clocks[i] = seconds;
    }
    if (rack !== undefined) {
      const tiles = fittingRack(rules, rack, 0);
      if (tiles === null)
        checkRack(rules, turnPath(i, 'rack'), rack, `turn ${i + 1}: rack`, 0, err);
      else racks[i] = tiles;
    }
    if (swap !== undefined) checkSwap(i, swap, play, rules.size, err);
    // A challenge whose fields are all known and right is told without a path or a message.
    if (
      challenge !== undefined &&
      !(
        isObject(challenge) &&
        play !== undefined &&
        isPlayer(challenge.by, playerCount) &&
        challenge.by !== player &&
        typeof challenge.valid === 'boolean' &&
        (challenge.bonus === undefined ||
          (isInt(challenge.bonus) && challenge.bonus >= 0 && challenge.valid === true)) &&
        Object.keys(challenge).length === 2 + (challenge.bonus !== undefined ? 1 : 0)
      )
    )
      checkChallenge(i, challenge, play, player, playerCount, err);
  }
  return null;
}

/** Checks the scores the sheet claims: a whole number for each player. */
function checkClaimed(claimed: unknown, playerCount: number, err: ReportError) {
  if (!isObject(claimed)) {
    err(['claimed'], 'claimed must be an object, e.g. { "final": [483, 459] }', {
      code: 'CLAIMED_OBJECT',
    });
  } else {
    for (const key of Object.keys(claimed)) {
      if (key !== 'final') reportUnknownField(key, 'claimed', err);
    }
    const final = claimed.final;
    if (
      final !== undefined &&
      (!Array.isArray(final) || final.length !== playerCount || !final.every(isInt))
    )
      reportClaimedFinal(playerCount, err);
  }
}

const isPlayer = (v: unknown, playerCount: number): v is number =>
  isInt(v) && v >= 0 && v < playerCount;

/** Reports a value that is not a player's index; true when it is one. */
function playerIndex(
  err: ReportError,
  playerCount: number,
  path: JsonPath,
  v: unknown,
  what: string,
): boolean {
  if (!isPlayer(v, playerCount)) {
    err(
      path,
      `${what} must be a player index from 0 to ${Math.max(playerCount - 1, 0)}, not ${describe(v)}`,
      { code: 'PLAYER_INDEX', max: Math.max(playerCount - 1, 0) },
    );
    return false;
  }
  return true;
}

/** The tiles of a readable rack that holds `min` to a rack's tiles, or null, told without a message. */
function fittingRack(rules: CompiledRules, v: unknown, min: number): WrittenTile[] | null {
  if (typeof v !== 'string') return null;
  const parsed = rules.alphabet.parseRack(v);
  return parsed.ok && parsed.tiles.length >= min && parsed.tiles.length <= rules.ruleSet.rackSize
    ? parsed.tiles
    : null;
}

// What follows reports the errors of a sheet: run only for a sheet that has them.

/** Reports each of `keys` that is not `allowed`, a field of the sheet (`at` null) or of its `at`. */
function reportUnknownFields(
  keys: string[],
  allowed: ReadonlySet<string>,
  at: 'end' | null,
  err: ReportError,
) {
  for (const key of keys) {
    if (!allowed.has(key)) reportUnknownField(key, at, err);
  }
}

/** Reports an unknown field of the sheet (`at` null), of its end or of its claimed scores. */
function reportUnknownField(key: string, at: 'end' | 'claimed' | null, err: ReportError) {
  if (at === null) {
    err([short(key)], `unknown field '${short(key)}' (put extra details under "meta")`, {
      code: 'UNKNOWN_FIELD',
      field: short(key),
    });
  } else {
    err([at, short(key)], `unknown field '${short(key)}' in ${at}`, {
      code: 'UNKNOWN_FIELD',
      field: short(key),
    });
  }
}

/** Reports a sheet's rules that are no name, or the name of no rule set. */
function reportRules(rules: unknown, err: ReportError) {
  if (typeof rules !== 'string') {
    err(['rules'], `rules must name a rule set, e.g. "kvizovka", not ${describe(rules)}`, {
      code: 'RULES',
      given: null,
    });
  } else {
    err(['rules'], `unknown rule set ${clip(rules)}`, { code: 'RULES', given: clip(rules) });
  }
}

/** Reports a number of players the rule set does not take. */
function reportPlayerCount(ruleSet: RuleSet, playerCount: number, err: ReportError) {
  const { min, max } = ruleSet.players;
  err(
    ['players'],
    `${ruleSet.name} has ${min === max ? min : `${min} to ${max}`} players, the sheet names ${playerCount}`,
    { code: 'PLAYER_COUNT', min, max, count: playerCount },
  );
}

/** Reports what is wrong with a rack that is not text, cannot be read or holds too many tiles. */
function checkRack(
  rules: CompiledRules,
  path: JsonPath,
  v: unknown,
  what: string,
  min: number,
  err: ReportError,
) {
  const { rackSize } = rules.ruleSet;
  if (typeof v !== 'string')
    return err(path, `${what} must be a string of tiles (? for a joker), not ${describe(v)}`, {
      code: 'RACK_TEXT',
    });
  const parsed = rules.alphabet.parseRack(v);
  if (!parsed.ok) {
    const { character, position } = parsed;
    return err(
      path,
      `${what}: ${parsed.message}`,
      character !== undefined && position !== undefined
        ? { code: 'RACK_LETTER', written: short(v), character, position }
        : undefined,
    );
  }
  if (parsed.tiles.length < min || parsed.tiles.length > rackSize) {
    err(path, `${what} holds ${parsed.tiles.length} tiles; it must hold ${min} to ${rackSize}`, {
      code: 'RACK_SIZE',
      written: short(v),
      count: parsed.tiles.length,
      min,
      max: rackSize,
    });
  }
}

/** Reports a clock reading that is not `mm:ss`. */
function checkClock(path: JsonPath, v: unknown, err: ReportError) {
  if (typeof v !== 'string' || parseClock(v) === null) {
    err(path, `a clock reading must be mm:ss (e.g. "28:40"), not ${describe(v)}`, {
      code: 'CLOCK',
    });
  }
}

/** Reports each field of a crossword turn that it may not have. */
function reportUnknownTurnFields(
  turn: Record<string, unknown>,
  i: number,
  turnKeys: ReadonlySet<string>,
  err: ReportError,
) {
  for (const key in turn) {
    if (!turnKeys.has(key))
      err(turnPath(i, short(key)), `turn ${i + 1} has an unknown field '${short(key)}'`, {
        code: 'UNKNOWN_FIELD',
        field: short(key),
      });
  }
}

/** Reports a crossword turn with none, or more than one, of play, exchange and pass. */
function reportTurnKind(turn: Record<string, unknown>, i: number, err: ReportError) {
  const present = ['play', 'exchange', 'pass'].filter((k) => turn[k] !== undefined);
  err(
    turnPath(i),
    `turn ${i + 1} must have exactly one of play, exchange, pass (it has ${present.length === 0 ? 'none' : present.join(' and ')})`,
    { code: 'TURN_KIND' },
  );
}

/** Reports the wrong types of a crossword turn's play, pass, exchange, score and total. */
function reportTurnValues(
  i: number,
  play: unknown,
  pass: unknown,
  exchange: unknown,
  score: unknown,
  total: unknown,
  err: ReportError,
) {
  if (play !== undefined && typeof play !== 'string') {
    err(
      turnPath(i, 'play'),
      `turn ${i + 1}: play must be a string "POSITION WORD", e.g. "9F KUĆA"`,
      { code: 'PLAY_TEXT' },
    );
  }
  if (pass !== undefined && pass !== true) {
    err(turnPath(i, 'pass'), `turn ${i + 1}: pass must be true`, { code: 'PASS_TRUE' });
  }
  // An exchange of too few or too many tiles, or of tiles that cannot be read, is a finding
  // of the replay (an illegal turn), so that it does not hide the rest of the sheet.
  if (exchange !== undefined && !isInt(exchange) && typeof exchange !== 'string') {
    err(
      turnPath(i, 'exchange'),
      `turn ${i + 1}: exchange must be a number of tiles or the tiles themselves, not ${describe(exchange)}`,
      { code: 'EXCHANGE' },
    );
  }
  for (const [field, value] of [
    ['score', score],
    ['total', total],
  ] as const) {
    if (value !== undefined && !isInt(value)) {
      err(
        turnPath(i, field),
        `turn ${i + 1}: ${field} must be a whole number, not ${describe(value)}`,
        { code: 'WHOLE_NUMBER' },
      );
    }
  }
}

/** Checks a turn's swap: only a play takes a blank, from squares of the board. */
function checkSwap(i: number, swap: unknown, play: unknown, size: number, err: ReportError) {
  const squares = Array.isArray(swap) ? swap : [swap];
  if (play === undefined) {
    err(turnPath(i, 'swap'), `turn ${i + 1}: only a play can take a blank from the board (swap)`);
  } else if (
    squares.length === 0 ||
    !squares.every((sq) => typeof sq === 'string' && parseSquare(sq, size) !== null)
  ) {
    err(
      turnPath(i, 'swap'),
      `turn ${i + 1}: swap must name the square of the blank taken, e.g. "H8" (or a list of squares), not ${describe(swap)}`,
    );
  }
}

/** Reports what is wrong with a turn's challenge: of a play, by another player, ruled, its bonus. */
function checkChallenge(
  i: number,
  c: unknown,
  play: unknown,
  player: unknown,
  playerCount: number,
  err: ReportError,
) {
  if (!isObject(c)) {
    err(
      turnPath(i, 'challenge'),
      `turn ${i + 1}: challenge must be { "by": player, "valid": true|false }`,
      { code: 'CHALLENGE_OBJECT' },
    );
    return;
  }
  if (play === undefined)
    err(turnPath(i, 'challenge'), `turn ${i + 1}: only a play can be challenged`, {
      code: 'CHALLENGE_NOT_PLAY',
    });
  if (
    playerIndex(
      err,
      playerCount,
      turnPath(i, 'challenge', 'by'),
      c.by,
      `turn ${i + 1}: challenge.by`,
    ) &&
    c.by === player
  ) {
    err(turnPath(i, 'challenge', 'by'), `turn ${i + 1}: a player cannot challenge their own play`, {
      code: 'CHALLENGE_OWN',
    });
  }
  if (typeof c.valid !== 'boolean') {
    err(
      turnPath(i, 'challenge', 'valid'),
      `turn ${i + 1}: challenge.valid must be true (word ruled valid) or false (ruled invalid)`,
      { code: 'CHALLENGE_VALID' },
    );
  }
  if (c.bonus !== undefined && (!isInt(c.bonus) || c.bonus < 0 || c.valid !== true)) {
    err(
      turnPath(i, 'challenge', 'bonus'),
      `turn ${i + 1}: challenge.bonus must be a whole number of points, on a challenge ruled valid`,
      { code: 'CHALLENGE_BONUS' },
    );
  }
  for (const key of Object.keys(c)) {
    if (key !== 'by' && key !== 'valid' && key !== 'bonus') {
      err(turnPath(i, 'challenge', short(key)), `unknown field '${short(key)}' in a challenge`, {
        code: 'UNKNOWN_FIELD',
        field: short(key),
      });
    }
  }
}

/** Reports an end reason that the rule set's games cannot have. */
function reportEndReason(reason: unknown, reasons: string[], err: ReportError) {
  err(
    ['end', 'reason'],
    `end.reason must be one of ${reasons.join(', ')}, not ${describe(reason)}`,
    {
      code: 'END_REASON',
      reasons: [...reasons],
    },
  );
}

/** Checks a card game's `end.drawn`: the value of the card each player drew, or null. */
function checkDrawn(drawn: unknown, cardRules: CardRules, playerCount: number, err: ReportError) {
  const values = new Set(cardRules.deck.map((d) => d.value));
  if (!cardRules.doubleRotate) {
    err(['end', 'drawn'], 'end.drawn is for the Double Rotate rule (option doubleRotate)');
  } else if (
    !Array.isArray(drawn) ||
    drawn.length !== playerCount ||
    !drawn.every((v) => v === null || (isInt(v) && values.has(v)))
  ) {
    err(
      ['end', 'drawn'],
      `end.drawn must list, per player, the value of the card drawn (${[...values].join(', ')}) or null (${playerCount} entries)`,
    );
  }
}

/**
 * Checks a crossword game's `end.racks` and `end.clocks`; the tiles of the racks, by player
 * (none without them). An entry written but unreadable is added to `endFindings`.
 */
function readEndLists(
  end: Record<string, unknown>,
  rules: CompiledRules,
  playerCount: number,
  err: ReportError,
  endFindings: Issue[],
): WrittenTile[][] {
  let endRacks: WrittenTile[][] = [];
  for (let f = 0; f < 2; f++) {
    const field = f === 0 ? 'racks' : 'clocks';
    const list = f === 0 ? end.racks : end.clocks;
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length !== playerCount) {
      err(
        ['end', field],
        `end.${field} must be a list with one entry per player (${playerCount})`,
        {
          code: 'PER_PLAYER',
          count: playerCount,
        },
      );
      continue;
    }
    // Made at its size (a list grown by push gets room for 17, through a call into V8); a
    // rack left out for being wrong is an error, and the racks are then not used.
    if (field === 'racks') endRacks = new Array<WrittenTile[]>(list.length);
    // Paths and messages are made only for an entry that is wrong: every sheet passes here.
    // A written entry that cannot be read is a finding of the game (the field is then not
    // used), not an unreadable sheet: one slip at the end does not hide every turn.
    for (let p = 0; p < list.length; p++) {
      const v: unknown = list[p];
      if (field === 'racks') {
        const tiles = fittingRack(rules, v, 0);
        if (tiles !== null) endRacks[p] = tiles;
        else if (typeof v === 'string') endFindings.push(unreadableRack(rules, v, p));
        else checkRack(rules, ['end', 'racks', p], v, `end.racks[${p}]`, 0, err);
      } else if (typeof v !== 'string') {
        checkClock(['end', 'clocks', p], v, err);
      } else if (parseClock(v) === null) {
        endFindings.push(
          endFieldFinding(
            'clocks',
            p,
            v,
            `a clock reading must be mm:ss (e.g. "28:40"), not ${describe(v)}`,
          ),
        );
      }
    }
  }
  return endRacks;
}

/** The finding of an entry of `end.racks`, written, that cannot be read or holds too many tiles. */
function unreadableRack(rules: CompiledRules, text: string, player: number): Issue {
  const parsed = rules.alphabet.parseRack(text);
  if (!parsed.ok)
    return endFieldFinding(
      'racks',
      player,
      text,
      parsed.message,
      parsed.character,
      parsed.position,
    );
  return endFieldFinding(
    'racks',
    player,
    text,
    `'${text}' holds ${parsed.tiles.length} tiles; a rack holds at most ${rules.ruleSet.rackSize}`,
  );
}

/** Checks `end.timePenalty`: for rule sets with an overtime penalty, points for each player. */
function checkTimePenalty(
  timePenalty: unknown,
  ruleSet: RuleSet,
  playerCount: number,
  err: ReportError,
) {
  if (ruleSet.endOfGame.overtimePoints === undefined) {
    err(
      ['end', 'timePenalty'],
      `end.timePenalty is for rule sets that take points for time over (Scrabble); ${ruleSet.name} does not`,
      { code: 'FIELD_NOT_FOR_RULES', rules: ruleSet.name },
    );
  } else if (
    !Array.isArray(timePenalty) ||
    timePenalty.length !== playerCount ||
    !timePenalty.every((v) => isInt(v) && v >= 0 && v <= SHEET_LIMITS.points)
  ) {
    err(
      ['end', 'timePenalty'],
      `end.timePenalty must be a list of ${playerCount} whole numbers of points, 0 or more`,
      { code: 'PER_PLAYER', count: playerCount },
    );
  }
}

/** Reports claimed final scores that are not a whole number for each player. */
function reportClaimedFinal(playerCount: number, err: ReportError) {
  err(['claimed', 'final'], `claimed.final must be a list of ${playerCount} whole numbers`, {
    code: 'PER_PLAYER',
    count: playerCount,
  });
}

/**
 * A sheet read with findings at its end: the fields that could not be read are left out of the
 * sheet the replay sees, as if unwritten.
 */
function withoutUnreadableEnd(
  doc: Record<string, unknown>,
  ruleSet: RuleSet,
  rules: CompiledRules,
  clocks: (number | undefined)[],
  endRacks: WrittenTile[][],
  racks: (WrittenTile[] | undefined)[],
  endFindings: Issue[],
): ReadSheetResult {
  const end = { ...(doc.end as SheetEnd) };
  for (const finding of endFindings) delete end[finding.field!];
  return {
    ok: true,
    sheet: { ...(doc as unknown as Scoresheet), end },
    ruleSet,
    reading: {
      rules,
      clocks,
      endRacks: end.racks === undefined ? [] : endRacks,
      racks,
      endFindings,
    },
  };
}

/**
 * The finding of an entry of the end of the game that cannot be read: the field, the player,
 * the text as written and, where one is at fault, the character and its place (from 1).
 */
function endFieldFinding(
  field: 'racks' | 'clocks',
  player: number,
  written: string,
  why: string,
  character?: string,
  position?: number,
): Issue {
  const finding: Issue = {
    code: 'END_FIELD_UNREADABLE',
    severity: 'error',
    message: `end.${field}[${player}]: ${why}; the ${field === 'racks' ? 'racks are' : 'clocks are'} not used`,
    player,
    field,
    written,
  };
  if (character !== undefined) finding.character = character;
  if (position !== undefined) finding.position = position;
  return finding;
}

/**
 * What {@link readScoresheet} hands the replay, for a sheet it read: the replay of a sheet read
 * some other way (a stored one) makes it here.
 */
export function sheetReading(sheet: Scoresheet): SheetReading {
  const ruleSet = findRuleSet(sheet.rules);
  if (!ruleSet)
    throw new Error(`unknown rule set "${sheet.rules}": read the sheet with readScoresheet first`);
  const rules = compileRules(ruleSet, sheet.options);
  const clocks: (number | undefined)[] = [];
  for (let i = 0; i < sheet.turns.length; i++) {
    const clock = sheet.turns[i].clock;
    if (clock !== undefined) clocks[i] = parseClock(clock)!;
  }
  const endRacks = (sheet.end?.racks ?? []).map((rack) => {
    const parsed = rules.alphabet.parseRack(rack);
    return parsed.ok ? parsed.tiles : [];
  });
  return { rules, clocks, endRacks };
}

/**
 * The structure of a card game's turn. Grid and rotation notation are
 * findings of the replay (`BAD_GRID`, `BAD_NOTATION`), as plays are.
 */
function checkCardTurn(
  turn: Record<string, unknown>,
  i: number,
  cards: CardRules,
  playerCount: number,
  err: ReportError,
): void {
  const at = (...rest: (string | number)[]): JsonPath => turnPath(i, ...rest);
  const playerIndexOf = (path: JsonPath, v: unknown, what: string) =>
    playerIndex(err, playerCount, path, v, what);
  const n = i + 1;
  for (const key in turn) {
    if (!CARD_TURN_KEYS.has(key))
      err(at(short(key)), `turn ${n} has an unknown field '${short(key)}'`);
  }
  playerIndexOf(at('player'), turn.player, `turn ${n}: player`);
  if (
    turn.score === undefined &&
    turn.cards === undefined &&
    turn.taken === undefined &&
    turn.grid === undefined
  ) {
    err(
      at(),
      `turn ${n} must record its points (score), its cards (cards or taken) or the grid and rotation`,
    );
  }
  for (const field of ['score', 'total'] as const) {
    if (turn[field] !== undefined && !isInt(turn[field])) {
      err(at(field), `turn ${n}: ${field} must be a whole number, not ${describe(turn[field])}`);
    }
  }
  const places = cards.gridSize * cards.gridSize;
  if (turn.cards !== undefined && !(isInt(turn.cards) && turn.cards >= 0 && turn.cards <= places)) {
    err(at('cards'), `turn ${n}: cards must be a whole number from 0 to ${places}`);
  }
  if (turn.taken !== undefined) {
    const values = new Set(cards.deck.map((d) => d.value));
    if (!Array.isArray(turn.taken) || !turn.taken.every((v) => isInt(v) && values.has(v))) {
      err(
        at('taken'),
        `turn ${n}: taken must list the values of the cards taken (each one of ${[...values].join(', ')}), e.g. [2, 1, -1]`,
      );
    }
  }
  if (turn.grid !== undefined) {
    if (
      !Array.isArray(turn.grid) ||
      turn.grid.length !== cards.gridSize ||
      !turn.grid.every((row) => typeof row === 'string')
    ) {
      err(at('grid'), `turn ${n}: grid must be a list of ${cards.gridSize} rows of cards`);
    }
    if (turn.rotate === undefined) {
      err(at('rotate'), `turn ${n}: a recorded grid needs the card rotated (rotate, e.g. "C3 cw")`);
    }
  }
  if (turn.rotate !== undefined && typeof turn.rotate !== 'string') {
    err(at('rotate'), `turn ${n}: rotate must be a string such as "C3 cw"`);
  }
  if (turn.colour !== undefined) {
    if (!cards.randomColour) {
      err(
        at('colour'),
        `turn ${n}: colour is the roll of the Random Color rule (option randomColour)`,
      );
    } else if (
      typeof turn.colour !== 'string' ||
      turn.colour.length !== 1 ||
      !cards.colours.includes(turn.colour)
    ) {
      err(at('colour'), `turn ${n}: colour must be one of ${cards.colours.split('').join(' ')}`);
    }
  } else if (cards.randomColour && turn.grid !== undefined) {
    err(at('colour'), `turn ${n}: with Random Color, a recorded grid needs the colour rolled`);
  }
  if (turn.blocks !== undefined) {
    if (!cards.colourBlock) {
      err(at('blocks'), `turn ${n}: blocks are for the Color Blocking rule (option colourBlock)`);
    } else if (!Array.isArray(turn.blocks)) {
      err(at('blocks'), `turn ${n}: blocks must be a list of { "by": player, "card": "B2" }`);
    } else {
      turn.blocks.forEach((b: unknown, k) => {
        if (
          !isObject(b) ||
          typeof b.card !== 'string' ||
          parseSquare(b.card, cards.gridSize) === null
        ) {
          err(
            at('blocks', k),
            `turn ${n}: a block is { "by": player, "card": "B2" } naming a card of the grid`,
          );
          return;
        }
        playerIndexOf(at('blocks', k, 'by'), b.by, `turn ${n}: blocks[${k}].by`);
        for (const key of Object.keys(b)) {
          if (key !== 'by' && key !== 'card')
            err(at('blocks', k, short(key)), `unknown field '${short(key)}' in a block`);
        }
      });
    }
  }
}
