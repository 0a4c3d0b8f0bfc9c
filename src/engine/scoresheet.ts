import { checkOptions, RuleOptions, RuleSet } from './ruleset';
import { findRuleSet } from './rulesets';
import { compileRules } from './rules';

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
}

/** Why and how the game ended, as the sheet records it. */
export interface SheetEnd {
  /** `out` and `scoreless` end games of rule sets without a turn limit (Scrabble). */
  reason?: 'turns' | 'no-moves' | 'time' | 'agreed' | 'out' | 'scoreless';
  racks?: string[];
  clocks?: string[];
  timeExpired?: number;
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
}

/** Outcome of reading a score sheet: the sheet, or every structural error found. */
export type ReadSheetResult =
  { ok: true; sheet: Scoresheet; ruleSet: RuleSet } | { ok: false; errors: SheetError[] };

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
  // Hand-written rather than a regular expression: every turn of every sheet passes here.
  let i = 0;
  let sign = 1;
  if (text.charCodeAt(0) === 45 /* - */) {
    sign = -1;
    i = 1;
  }
  const colon = text.indexOf(':', i);
  const digitsBefore = colon - i;
  if (colon < 0 || digitsBefore < 1 || digitsBefore > 3 || text.length !== colon + 3) return null;
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

/** `mm:ss` for seconds; negative values get a leading `-`. */
export function formatClock(seconds: number): string {
  const sign = seconds < 0 ? '-' : '';
  const s = Math.abs(seconds);
  const mm = Math.floor(s / 60);
  const ss = s % 60;
  return `${sign}${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`;
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
const END_KEYS = new Set(['reason', 'racks', 'clocks', 'timeExpired']);
const END_REASONS = ['turns', 'no-moves', 'time', 'agreed', 'out', 'scoreless'];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const describe = (v: unknown): string =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'a list'
      : typeof v === 'string'
        ? `"${v}"`
        : typeof v === 'object'
          ? 'an object'
          : JSON.stringify(v);

/**
 * Checks the structure of a parsed score-sheet document: every field's type,
 * range and meaning that can be known without replaying the game. Play
 * notation (positions and words) is not checked here: a bad play is a finding
 * of the replay, so that one bad line does not hide the rest of the sheet.
 */
export function readScoresheet(doc: unknown): ReadSheetResult {
  const errors: SheetError[] = [];
  const err = (path: JsonPath, message: string) => errors.push({ path, message });
  if (!isObject(doc)) {
    return { ok: false, errors: [{ path: [], message: 'a score sheet must be a JSON object' }] };
  }
  for (const key of Object.keys(doc)) {
    if (!SHEET_KEYS.has(key)) err([key], `unknown field '${key}' (put extra details under "meta")`);
  }
  if (doc.format !== SCORESHEET_FORMAT) {
    err(['format'], `format must be "${SCORESHEET_FORMAT}", not ${describe(doc.format)}`);
  }
  let ruleSet: RuleSet | undefined;
  if (typeof doc.rules !== 'string') {
    err(['rules'], `rules must name a rule set, e.g. "kvizovka", not ${describe(doc.rules)}`);
  } else {
    ruleSet = findRuleSet(doc.rules);
    if (!ruleSet) err(['rules'], `unknown rule set "${doc.rules}"`);
  }
  if (doc.meta !== undefined && !isObject(doc.meta)) err(['meta'], 'meta must be an object');
  if (!ruleSet) return { ok: false, errors };

  for (const e of checkOptions(ruleSet, doc.options)) {
    err(e.option ? ['options', e.option] : ['options'], e.message);
  }
  const options = errors.some((e) => e.path[0] === 'options')
    ? undefined
    : (doc.options as RuleOptions | undefined);
  const rules = compileRules(ruleSet, options);
  const { rackSize } = rules.ruleSet;

  let playerCount = 0;
  if (!Array.isArray(doc.players)) {
    err(['players'], 'players must be a list of names in turn order');
  } else {
    playerCount = doc.players.length;
    const { min, max } = ruleSet.players;
    if (playerCount < min || playerCount > max) {
      err(
        ['players'],
        `${ruleSet.name} has ${min === max ? min : `${min} to ${max}`} players, the sheet names ${playerCount}`,
      );
    }
    doc.players.forEach((name, i) => {
      if (typeof name !== 'string' || name.trim() === '')
        err(['players', i], 'a player name must be a non-empty string');
    });
  }
  const isPlayer = (v: unknown): v is number => isInt(v) && v >= 0 && v < playerCount;
  const playerIndex = (path: JsonPath, v: unknown, what: string) => {
    if (!isPlayer(v)) {
      err(
        path,
        `${what} must be a player index from 0 to ${Math.max(playerCount - 1, 0)}, not ${describe(v)}`,
      );
      return false;
    }
    return true;
  };
  const checkRack = (path: JsonPath, v: unknown, what: string, min: number) => {
    if (typeof v !== 'string')
      return err(path, `${what} must be a string of tiles (? for a joker), not ${describe(v)}`);
    const parsed = rules.alphabet.parseRack(v);
    if (!parsed.ok) return err(path, `${what}: ${parsed.message}`);
    if (parsed.tiles.length < min || parsed.tiles.length > rackSize) {
      err(path, `${what} holds ${parsed.tiles.length} tiles; it must hold ${min} to ${rackSize}`);
    }
  };
  const checkClock = (path: JsonPath, v: unknown) => {
    if (typeof v !== 'string' || parseClock(v) === null) {
      err(path, `a clock reading must be mm:ss (e.g. "28:40"), not ${describe(v)}`);
    }
  };

  if (!Array.isArray(doc.turns)) {
    err(['turns'], 'turns must be a list');
  } else {
    // Paths and messages are built only on error: every turn of every sheet passes here.
    doc.turns.forEach((turn: unknown, i) => {
      if (!isObject(turn)) return err(['turns', i], `turn ${i + 1} must be an object`);
      const at = (...rest: (string | number)[]): JsonPath => ['turns', i, ...rest];
      let kinds = 0;
      for (const key in turn) {
        if (!TURN_KEYS.has(key)) err(at(key), `turn ${i + 1} has an unknown field '${key}'`);
        else if (key === 'play' || key === 'exchange' || key === 'pass') kinds++;
      }
      if (!isPlayer(turn.player)) playerIndex(at('player'), turn.player, `turn ${i + 1}: player`);
      if (kinds !== 1) {
        const present = ['play', 'exchange', 'pass'].filter((k) => turn[k] !== undefined);
        err(
          at(),
          `turn ${i + 1} must have exactly one of play, exchange, pass (it has ${present.length === 0 ? 'none' : present.join(' and ')})`,
        );
      }
      if (turn.play !== undefined && typeof turn.play !== 'string') {
        err(at('play'), `turn ${i + 1}: play must be a string "POSITION WORD", e.g. "9F KUĆA"`);
      }
      if (turn.pass !== undefined && turn.pass !== true) {
        err(at('pass'), `turn ${i + 1}: pass must be true`);
      }
      if (turn.exchange !== undefined) {
        if (isInt(turn.exchange)) {
          if (turn.exchange < 1 || turn.exchange > rackSize) {
            err(
              at('exchange'),
              `turn ${i + 1}: an exchange is of 1 to ${rackSize} tiles, not ${turn.exchange}`,
            );
          }
        } else {
          checkRack(at('exchange'), turn.exchange, `turn ${i + 1}: exchange`, 1);
        }
      }
      if (turn.score !== undefined && !isInt(turn.score)) {
        err(
          at('score'),
          `turn ${i + 1}: score must be a whole number, not ${describe(turn.score)}`,
        );
      }
      if (turn.total !== undefined && !isInt(turn.total)) {
        err(
          at('total'),
          `turn ${i + 1}: total must be a whole number, not ${describe(turn.total)}`,
        );
      }
      if (
        turn.clock !== undefined &&
        (typeof turn.clock !== 'string' || parseClock(turn.clock) === null)
      ) {
        checkClock(at('clock'), turn.clock);
      }
      if (turn.rack !== undefined) checkRack(at('rack'), turn.rack, `turn ${i + 1}: rack`, 0);
      if (turn.challenge !== undefined) {
        const c = turn.challenge;
        if (!isObject(c)) {
          err(
            at('challenge'),
            `turn ${i + 1}: challenge must be { "by": player, "valid": true|false }`,
          );
        } else {
          if (turn.play === undefined)
            err(at('challenge'), `turn ${i + 1}: only a play can be challenged`);
          if (
            playerIndex(at('challenge', 'by'), c.by, `turn ${i + 1}: challenge.by`) &&
            c.by === turn.player
          ) {
            err(at('challenge', 'by'), `turn ${i + 1}: a player cannot challenge their own play`);
          }
          if (typeof c.valid !== 'boolean') {
            err(
              at('challenge', 'valid'),
              `turn ${i + 1}: challenge.valid must be true (word ruled valid) or false (ruled invalid)`,
            );
          }
          if (c.bonus !== undefined && (!isInt(c.bonus) || c.bonus < 0 || c.valid !== true)) {
            err(
              at('challenge', 'bonus'),
              `turn ${i + 1}: challenge.bonus must be a whole number of points, on a challenge ruled valid`,
            );
          }
          for (const key of Object.keys(c)) {
            if (key !== 'by' && key !== 'valid' && key !== 'bonus') {
              err(at('challenge', key), `unknown field '${key}' in a challenge`);
            }
          }
        }
      }
    });
  }

  if (doc.end !== undefined) {
    const end = doc.end;
    if (!isObject(end)) {
      err(['end'], 'end must be an object');
    } else {
      for (const key of Object.keys(end)) {
        if (!END_KEYS.has(key)) err(['end', key], `unknown field '${key}' in end`);
      }
      if (end.reason !== undefined && !END_REASONS.includes(end.reason as string)) {
        err(
          ['end', 'reason'],
          `end.reason must be one of ${END_REASONS.join(', ')}, not ${describe(end.reason)}`,
        );
      }
      for (const field of ['racks', 'clocks'] as const) {
        const list = end[field];
        if (list === undefined) continue;
        if (!Array.isArray(list) || list.length !== playerCount) {
          err(
            ['end', field],
            `end.${field} must be a list with one entry per player (${playerCount})`,
          );
          continue;
        }
        list.forEach((v, p) =>
          field === 'racks'
            ? checkRack(['end', 'racks', p], v, `end.racks[${p}]`, 0)
            : checkClock(['end', 'clocks', p], v),
        );
      }
      if (end.timeExpired !== undefined)
        playerIndex(['end', 'timeExpired'], end.timeExpired, 'end.timeExpired');
    }
  }

  if (doc.claimed !== undefined) {
    const claimed = doc.claimed;
    if (!isObject(claimed)) {
      err(['claimed'], 'claimed must be an object, e.g. { "final": [483, 459] }');
    } else {
      for (const key of Object.keys(claimed)) {
        if (key !== 'final') err(['claimed', key], `unknown field '${key}' in claimed`);
      }
      const final = claimed.final;
      if (
        final !== undefined &&
        (!Array.isArray(final) || final.length !== playerCount || !final.every(isInt))
      ) {
        err(['claimed', 'final'], `claimed.final must be a list of ${playerCount} whole numbers`);
      }
    }
  }

  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, sheet: doc as unknown as Scoresheet, ruleSet };
}
