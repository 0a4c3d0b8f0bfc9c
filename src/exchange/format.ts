import {
  checkOptions,
  checkSheetLimits,
  findRuleSet,
  formatPath,
  gcgToScoresheet,
  parseGcg,
  SHEET_LIMITS,
} from '../engine';
import { isPlacePointsTable } from '../standings/placements';
import { nestsDeeperThan } from '../common/body/json-nesting';
import { nameKey } from '../i18n/names';
import { isTimeZone } from '../i18n/time';
import { PLAYER_LIMITS } from '../players/player-limits';
import type { ResultSnapshot } from '../rounds/game-facts';
import type { GameStatus, ResultKind, ResultSource, Winner } from '../rounds/game-kinds';
import { PAIRING_SYSTEMS, PairingSystem, TIE_BREAKS, TieBreak } from '../tournaments/systems';
import { PRINTABLE } from '../common/printable';
import { prizeProblemText, readPrizeTable, type PrizeTableSettings } from '../prizes/prize-table';
import { COUNTRY, FEDERATION_ID } from '../registry/person-limits';
import { inconsistencies } from './consistency';
import { checkLog, LogDocument } from './log-format';

/** The longest score-sheet text: what `PUT /api/games/:id/scoresheet` takes (512 KB). */
export const SHEET_TEXT_LIMIT = 512 * 1024;

/**
 * A stored sheet's text against the limits every sheet entered here meets:
 * its size, its JSON nesting, and {@link SHEET_LIMITS} (turns, players, the
 * length of every string). Read as GCG when it starts with `#`. Returns what
 * is wrong, or an empty list.
 */
export function sheetTextProblems(text: string, rules: string | undefined): string[] {
  if (text.length > SHEET_TEXT_LIMIT) {
    return [`is longer than ${SHEET_TEXT_LIMIT / 1024} KB, the most a score sheet may be`];
  }
  let doc: unknown;
  if (text.trimStart().startsWith('#')) {
    const parsed = parseGcg(text);
    const converted = parsed.ok ? gcgToScoresheet(parsed.game, rules) : parsed;
    if (!converted.ok) {
      const e = converted.errors[0];
      return [`is a GCG record that cannot be read (line ${e?.line ?? 1}: ${e?.message ?? ''})`];
    }
    doc = converted.value.sheet;
  } else {
    if (nestsDeeperThan(text)) return ['nests lists and objects more than 64 levels deep'];
    try {
      doc = JSON.parse(text) as unknown;
    } catch {
      return ['is neither a score sheet in JSON nor a GCG record'];
    }
  }
  return checkSheetLimits(doc).map((e) => `${formatPath(e.path)}: ${e.message}`);
}

/** Most findings a stored report may list: ten a turn of the longest sheet, and then some. */
const REPORT_ISSUES = 10 * SHEET_LIMITS.turns + 100;

/**
 * A stored report's sizes against what a report of a sheet within
 * {@link SHEET_LIMITS} can have: turns, findings, players, board rows.
 * (Pages draw at most `REPORT_BOUNDS` of any report besides.)
 */
export function reportSizeProblems(report: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const most = (field: string, max: number) => {
    const v = report[field];
    if (v !== undefined && !(Array.isArray(v) && v.length <= max))
      problems.push(`report.${field} must be a list of at most ${max}`);
  };
  most('turns', SHEET_LIMITS.turns);
  most('issues', REPORT_ISSUES);
  most('players', SHEET_LIMITS.players);
  most('board', 32);
  most('ownership', 32);
  for (const field of ['board', 'ownership']) {
    const rows = report[field];
    if (Array.isArray(rows) && rows.some((r) => typeof r !== 'string' || r.length > 200))
      problems.push(`report.${field} must be rows of at most 200 characters`);
  }
  const turns = report.turns;
  if (Array.isArray(turns)) {
    const i = turns.findIndex(
      (t: unknown) =>
        typeof t === 'object' &&
        t !== null &&
        Array.isArray((t as { issues?: unknown }).issues) &&
        (t as { issues: unknown[] }).issues.length > 50,
    );
    if (i >= 0) problems.push(`report.turns[${i}].issues must list at most 50 findings`);
  }
  return problems;
}

/** The version of the whole-tournament document; a reader refuses any other. */
export const EXCHANGE_FORMAT = 'arbiter-tournament/1';

/**
 * A whole tournament as one JSON document. Players are referred to by `ref`
 * (1…n within their division, in registration order), never by database id, so
 * exporting an imported tournament gives the same document.
 */
export interface TournamentDocument {
  format: typeof EXCHANGE_FORMAT;
  exportedAt: string;
  tournament: {
    name: string;
    ruleSet: string;
    options: Record<string, unknown>;
    rounds: number;
    pairingPlan: PairingSystem[];
    tieBreaks: TieBreak[];
    byeSpread: number;
    /** Absent in documents written before forfeits had a spread of their own (50 then). */
    forfeitSpread?: number;
    /** Absent in documents written before spread caps (no cap). */
    spreadCap?: number | null;
    /** Absent in documents written before these pairing controls (off). */
    avoidSameClub?: boolean;
    gibsonize?: boolean;
    kothLastRounds?: number;
    /** Absent in documents written before the meeting limit (no limit). */
    maxMeetings?: number | null;
    /** Absent in documents written before pairing with a lag (0: no lag). */
    pairingLag?: number;
    /** Absent in documents written before tables of more than two (2: pairs). */
    tableSize?: number;
    /** Absent in documents written before place points were set (the default). */
    placePoints?: Record<string, number[]> | null;
    /** Where and when; absent in documents written before they were kept. */
    place?: string | null;
    startDate?: string | null;
    endDate?: string | null;
    /**
     * The IANA zone its pages show times in, null for the server's; absent in documents
     * written before tournaments had one (the server's).
     */
    timeZone?: string | null;
    /**
     * When it was closed (ISO 8601; its results final), null while open; absent in documents
     * written before it was exported (open).
     */
    closedAt?: string | null;
  };
  /**
   * The prize table (src/prizes: places, classes by rating, awards), null when it has none;
   * absent in documents written before it was exported (none).
   */
  prizes?: PrizeTableSettings | null;
  divisions: DivisionDocument[];
  /** The director's log, oldest first; absent in documents written before it was kept. */
  log?: LogDocument[];
  /**
   * The tournament's own word list (words as tile keys: Ǉ Ǌ Ǆ for the Serbian digraph
   * tiles), or null when its games are judged by the rule set's list; absent in documents
   * written before it was exported (then the rule set's list).
   */
  wordList?: WordListDocument | null;
  /** The word judge's rulings, oldest first; absent in documents written before they were exported. */
  wordRulings?: WordRulingDocument[];
}

/** A tournament's own word list. */
export interface WordListDocument {
  name: string;
  words: string[];
}

/** A word judge's ruling on a challenged play. */
export interface WordRulingDocument {
  at: string;
  by: { name: string } | null;
  /** The game's division, round and table, or null for a ruling not tied to a game. */
  division: string | null;
  round: number | null;
  table: number | null;
  /** The turn on the score sheet, 1-based, if the judge gave it. */
  turn: number | null;
  ruleSet: string;
  /** Which list ruled: `tournament` (its own) or `default:<list id>`. */
  wordList: string;
  words: string[];
  verdict: 'VALID' | 'INVALID';
}

export interface DivisionDocument {
  name: string;
  /** The division's own rules; absent in documents written before divisions had them (the tournament's apply). */
  settings?: DivisionSettingsDocument;
  players: PlayerDocument[];
  rounds: RoundDocument[];
}

/** The rules a division's games are played by. */
export interface DivisionSettingsDocument {
  ruleSet: string;
  options: Record<string, unknown>;
  rounds: number;
  pairingPlan: PairingSystem[];
  tieBreaks: TieBreak[];
  byeSpread: number;
  /** Absent in documents written before forfeits had a spread of their own (50 then). */
  forfeitSpread?: number;
  /** Absent in documents written before spread caps (no cap). */
  spreadCap?: number | null;
  /** Absent in documents written before these pairing controls (off). */
  avoidSameClub?: boolean;
  gibsonize?: boolean;
  kothLastRounds?: number;
  /** Absent in documents written before the meeting limit (no limit). */
  maxMeetings?: number | null;
  /** Absent in documents written before pairing with a lag (0: no lag). */
  pairingLag?: number;
  /** Absent in documents written before tables of more than two (2: pairs). */
  tableSize?: number;
  /** Absent in documents written before place points were set (the default). */
  placePoints?: Record<string, number[]> | null;
}

export interface PlayerDocument {
  ref: number;
  name: string;
  club: string | null;
  rating: number | null;
  seed: number;
  active: boolean;
  joinedRound: number;
  /** Rounds the player is marked absent for (not paired, no bye); absent in older documents. */
  absences?: number[];
  /**
   * The player's country and federation id, as the registry has them for the player's person;
   * absent in documents written before they were exported (none).
   */
  country?: string | null;
  federationId?: string | null;
}

export interface RoundDocument {
  number: number;
  system: PairingSystem;
  notes: string[];
  /**
   * The round whose standings it was paired from (0: by seed); null for a system that ranks by
   * none. Absent in documents written before it was kept (null).
   */
  basedOn?: number | null;
  games: GameDocument[];
}

export interface GameDocument {
  table: number;
  /** Player refs; `first` moved first, `second` is null for a bye. */
  first: number;
  second: number | null;
  status: GameStatus;
  winner: Winner | null;
  scores: [number, number] | null;
  /** Seconds left after penalties. */
  remaining: [number, number] | null;
  timeLoss: 0 | 1 | null;
  /** Cards each player took, in card games; absent or null elsewhere. */
  cards?: [number, number] | null;
  source: ResultSource | null;
  /**
   * A forfeit (`winner` the player present; no scores or remaining times) or a double forfeit
   * (`winner` `none`); null for a game played, a bye or a game pending. Absent in older documents.
   */
  kind?: ResultKind | null;
  scoresheet: { text: string; report: unknown; ok: boolean | null } | null;
  history: HistoryDocument[];
  /**
   * A game at a table of more than two (a division whose `tableSize` is more than 2): every
   * seat in turn order (`first` and `second` are seats 1 and 2; `winner`, `scores`,
   * `remaining`, `timeLoss` and `cards` are null, the seats say it). Absent for games of two.
   */
  seats?: SeatDocument[] | null;
}

/** One seat of a table: its player's ref and, once the table has a result, its figures. */
export interface SeatDocument {
  player: number;
  score: number | null;
  /** Seconds left after penalties; null for a card game. */
  remaining: number | null;
  cards: number | null;
  /** Place at the table, 1 first; shared places repeat. */
  place: number | null;
}

export interface HistoryDocument {
  /** ISO 8601. */
  at: string;
  action: string;
  by: { name: string; email: string | null } | null;
  before: ResultSnapshot;
  after: ResultSnapshot;
}

/**
 * Why a field is refused, as a code with its figures: what the import page says in its
 * language (`import.reason.<code>` in the catalogues). Every refusal of {@link checkDocument}
 * has one; those without a reason of their own have {@link GENERAL_REASON}.
 */
export type ImportReasonCode =
  | 'IMPORT_NOT_OBJECT'
  | 'IMPORT_NOT_LIST'
  | 'IMPORT_LIST_SIZE'
  | 'IMPORT_NOT_BOOLEAN'
  | 'IMPORT_BAD_NAME'
  | 'IMPORT_BAD_TEXT'
  | 'IMPORT_OUT_OF_RANGE'
  | 'IMPORT_OUT_OF_RANGE_OR_NULL'
  | 'IMPORT_NOT_ONE_OF'
  | 'IMPORT_MISSING'
  | 'IMPORT_NULL_WHILE_PENDING'
  | 'IMPORT_NULL_FORFEIT'
  | 'IMPORT_NULL_AT_TABLE'
  | 'IMPORT_DUPLICATE_FEDERATION_ID'
  | 'IMPORT_DUPLICATE_REF'
  | 'IMPORT_DUPLICATE_SEED'
  | 'IMPORT_DUPLICATE_TABLE'
  | 'IMPORT_DUPLICATE_DIVISION'
  | 'IMPORT_DUPLICATE_PLAYER_NAME'
  | 'IMPORT_BAD_COUNTRY'
  | 'IMPORT_BAD_FEDERATION_ID'
  | 'IMPORT_BAD_RULE_SET'
  | 'IMPORT_BAD_OPTION'
  | 'IMPORT_BAD_PLACE_POINTS'
  | 'IMPORT_BAD_PRIZE_TABLE'
  | 'IMPORT_BAD_DAY'
  | 'IMPORT_END_BEFORE_START'
  | 'IMPORT_BAD_TIME_ZONE'
  | 'IMPORT_BAD_INSTANT'
  | 'IMPORT_UNKNOWN_PLAYER'
  | 'IMPORT_PLAYS_TWICE'
  | 'IMPORT_JOINED_LATER'
  | 'IMPORT_ROUND_ORDER'
  | 'IMPORT_TOO_MANY_ROUNDS'
  | 'IMPORT_UNKNOWN_DIVISION'
  | 'IMPORT_UNKNOWN_GAME'
  | 'IMPORT_BYE_WITHOUT_SECOND'
  | 'IMPORT_WINNER_CONTRADICTS'
  | 'IMPORT_SCORESHEET_REFUSED'
  | 'IMPORT_PAIRED_BEFORE_RESULT'
  | 'IMPORT_BYE_RESULT'
  | 'IMPORT_NOT_A_BYE'
  | 'IMPORT_NO_SHEET'
  | 'IMPORT_CLOCK_ABOVE_START'
  | 'IMPORT_CLOCK_BEYOND'
  | 'IMPORT_NO_CARDS'
  | 'IMPORT_NO_CLOCK'
  | 'IMPORT_EMAIL_MISSING'
  | 'IMPORT_SEAT_AUTHOR'
  | 'IMPORT_LOG_ACTION'
  | 'IMPORT_PLAYER_WITHOUT_DIVISION'
  | 'IMPORT_FIELD_INVALID';

export interface ImportReason {
  code: ImportReasonCode;
  params: Record<string, string | number>;
}

/** The reason of a refusal that has none of its own: the field's value is not allowed. */
export const GENERAL_REASON: ImportReason = { code: 'IMPORT_FIELD_INVALID', params: {} };

/** One reason a document cannot be imported, at a place in it. */
export interface DocumentError {
  path: string;
  /** In English, for the API. */
  message: string;
  /** The same as a code, for pages in their language; absent in errors from outside this check. */
  reason?: ImportReason;
}

/** Reports a refusal: its place, its English text, and its reason (else the general one). */
type Err = (path: string, message: string, reason?: ImportReason) => void;

export const why = (
  code: ImportReasonCode,
  params: Record<string, string | number> = {},
): ImportReason => ({
  code,
  params,
});
/** A value as the file has it, for a message: `"Hrvatska"`, `12`, `missing`. */
const shown = (v: unknown): string => JSON.stringify(v) ?? 'missing';
const NOT_OBJECT = why('IMPORT_NOT_OBJECT');
const NOT_LIST = why('IMPORT_NOT_LIST');
const NOT_BOOLEAN = why('IMPORT_NOT_BOOLEAN');
const range = (min: number, max: number) => why('IMPORT_OUT_OF_RANGE', { min, max });
const rangeOrNull = (min: number, max: number) => why('IMPORT_OUT_OF_RANGE_OR_NULL', { min, max });
const oneOf = (allowed: readonly string[]) =>
  why('IMPORT_NOT_ONE_OF', { allowed: allowed.join(', ') });
const name = (max: number) => why('IMPORT_BAD_NAME', { max });
const NULL_PENDING = why('IMPORT_NULL_WHILE_PENDING');

/** Reasons of a value's kind or range: said as missing when the field is not there at all. */
const KIND_CODES = new Set<ImportReasonCode>([
  'IMPORT_NOT_OBJECT',
  'IMPORT_NOT_LIST',
  'IMPORT_LIST_SIZE',
  'IMPORT_NOT_BOOLEAN',
  'IMPORT_BAD_NAME',
  'IMPORT_BAD_TEXT',
  'IMPORT_OUT_OF_RANGE',
  'IMPORT_NOT_ONE_OF',
  'IMPORT_BAD_RULE_SET',
  'IMPORT_BAD_INSTANT',
  'IMPORT_FIELD_INVALID',
]);

/** The value at a path of the document (`divisions[0].players[1].seed`), or undefined. */
function valueAt(doc: unknown, path: string): unknown {
  let v: unknown = doc;
  for (const part of path.split(/\.|(?=\[)/)) {
    if (part === '') continue;
    const index = /^\[(\d+)\]$/.exec(part);
    if (index) v = Array.isArray(v) ? (v[Number(index[1])] as unknown) : undefined;
    else v = isObject(v) && Object.prototype.hasOwnProperty.call(v, part) ? v[part] : undefined;
    if (v === undefined) return undefined;
  }
  return v;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const isText = (v: unknown, max: number, min = 1): v is string =>
  typeof v === 'string' && v.length >= min && v.length <= max && PRINTABLE.test(v);

/**
 * Checks a document before import: every field's type and range, references
 * between players and games, and the rules' own checks (rule set, options).
 * Returns every problem found, each with its place; an empty list means it imports.
 */
export function checkDocument(doc: unknown): DocumentError[] {
  const errors: DocumentError[] = [];
  const err: Err = (path, message, reason = GENERAL_REASON) => {
    if (errors.length < 100) errors.push({ path, message, reason });
  };
  if (!isObject(doc))
    return [{ path: '', message: 'the document must be a JSON object', reason: NOT_OBJECT }];
  if (doc.format !== EXCHANGE_FORMAT) {
    err(
      'format',
      `format must be "${EXCHANGE_FORMAT}", not ${JSON.stringify(doc.format) ?? 'missing'}`,
    );
    return errors;
  }
  const t = doc.tournament;
  let rounds = 0;
  const ruleSetId = isObject(t) && typeof t.ruleSet === 'string' ? t.ruleSet : undefined;
  if (!isObject(t)) err('tournament', 'must be an object', NOT_OBJECT);
  else rounds = checkTournament(t, err);
  if (doc.prizes !== undefined && doc.prizes !== null) {
    const read = readPrizeTable(doc.prizes);
    if (!read.ok)
      err(
        `prizes.${read.problem.field}`,
        prizeProblemText(read.problem).slice(read.problem.field.length + 1),
        why('IMPORT_BAD_PRIZE_TABLE', {
          ...read.problem.params,
          problem: read.problem.code,
          field: `prizes.${read.problem.field}`,
        }),
      );
  }
  if (!Array.isArray(doc.divisions) || doc.divisions.length === 0 || doc.divisions.length > 50) {
    err(
      'divisions',
      'must be a list of 1 to 50 divisions',
      why('IMPORT_LIST_SIZE', { min: 1, max: 50 }),
    );
    return errors;
  }
  const divisionNames = new Set<string>();
  const logRefs = new Map<string, Set<number>>();
  doc.divisions.forEach((d: unknown, i) => {
    const at = `divisions[${i}]`;
    if (!isObject(d)) return err(at, 'must be an object', NOT_OBJECT);
    if (!isText(d.name, 100)) err(`${at}.name`, 'must be a name of 1 to 100 characters', name(100));
    else if (divisionNames.has(d.name))
      err(
        `${at}.name`,
        `division '${d.name}' is listed twice`,
        why('IMPORT_DUPLICATE_DIVISION', { name: d.name }),
      );
    else divisionNames.add(d.name);
    const refs = checkPlayers(d.players, `${at}.players`, err);
    // Documents written before divisions had settings of their own take the tournament's.
    if (d.settings === undefined) {
      checkRounds(
        d.rounds,
        `${at}.rounds`,
        refs,
        rounds,
        err,
        ruleSetId,
        isObject(t) ? tableSizeOf(t) : 2,
      );
    } else if (!isObject(d.settings)) {
      err(`${at}.settings`, 'must be an object', NOT_OBJECT);
    } else {
      const own = checkSettings(d.settings, `${at}.settings`, err);
      const ownRules = typeof d.settings.ruleSet === 'string' ? d.settings.ruleSet : undefined;
      checkRounds(d.rounds, `${at}.rounds`, refs, own, err, ownRules, tableSizeOf(d.settings));
    }
    if (typeof d.name === 'string') logRefs.set(d.name, new Set(refs.keys()));
  });
  checkLog(doc.log, logRefs, err);
  checkWordList(doc.wordList, err);
  checkWordRulings(doc.wordRulings, gamesOf(doc.divisions), err);
  // What each field cannot say alone: only a document whose every field is well formed.
  if (errors.length === 0) errors.push(...inconsistencies(doc as unknown as TournamentDocument));
  // A field of the wrong kind that is not there at all is missing.
  return errors.map((e) =>
    e.reason && KIND_CODES.has(e.reason.code) && e.path !== '' && valueAt(doc, e.path) === undefined
      ? { ...e, reason: why('IMPORT_MISSING') }
      : e,
  );
}

/** The tournament's own fields: name, settings, place, days, zone, closing; the rounds planned. */
function checkTournament(t: Json, err: Err): number {
  if (!isText(t.name, 200))
    err(
      'tournament.name',
      'must be a name of 1 to 200 characters, without control characters',
      name(200),
    );
  const rounds = checkSettings(t, 'tournament', err);
  if (
    t.place !== undefined &&
    t.place !== null &&
    (typeof t.place !== 'string' || t.place.length > 200)
  ) {
    err(
      'tournament.place',
      'must be text of at most 200 characters, or null',
      why('IMPORT_BAD_TEXT', { max: 200 }),
    );
  }
  for (const key of ['startDate', 'endDate'] as const) {
    const v = t[key];
    if (v !== undefined && v !== null && !isDay(v)) {
      err(
        `tournament.${key}`,
        `must be a day of the calendar written YYYY-MM-DD, or null, not ${JSON.stringify(v)}`,
        why('IMPORT_BAD_DAY', { value: shown(v) }),
      );
    }
  }
  if (isDay(t.startDate) && isDay(t.endDate) && t.endDate < t.startDate)
    err(
      'tournament.endDate',
      `${t.endDate} is before the start, ${t.startDate}`,
      why('IMPORT_END_BEFORE_START', { start: t.startDate, end: t.endDate }),
    );
  if (
    t.timeZone !== undefined &&
    t.timeZone !== null &&
    (typeof t.timeZone !== 'string' || t.timeZone.length > 64 || !isTimeZone(t.timeZone))
  ) {
    err(
      'tournament.timeZone',
      `must be a time zone of the IANA database such as Europe/Belgrade, or null, not ${JSON.stringify(t.timeZone)}`,
      why('IMPORT_BAD_TIME_ZONE', { value: shown(t.timeZone) }),
    );
  }
  if (t.closedAt !== undefined && t.closedAt !== null && !isInstant(t.closedAt)) {
    err(
      'tournament.closedAt',
      'must be an ISO date and time, or null while open',
      why('IMPORT_BAD_INSTANT'),
    );
  }
  return rounds;
}

/** `2026-11-25`: a day that is in the calendar. */
export function isDay(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** A moment written as an ISO date and time (`2026-11-25T10:04:00.000Z`). */
export function isInstant(v: unknown): v is string {
  return (
    typeof v === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
    isDay(v.slice(0, 10)) &&
    !Number.isNaN(Date.parse(v))
  );
}

/** The most words a tournament's list may hold in a document (an upload's 24 MB holds fewer). */
const MAX_LIST_WORDS = 3_000_000;

function checkWordList(list: unknown, err: Err): void {
  if (list === undefined || list === null) return;
  if (!isObject(list)) return err('wordList', 'must be null or { name, words }', NOT_OBJECT);
  if (!isText(list.name, 200))
    err('wordList.name', 'must be a name of 1 to 200 characters', name(200));
  if (!Array.isArray(list.words) || list.words.length === 0 || list.words.length > MAX_LIST_WORDS) {
    return err(
      'wordList.words',
      `must be a list of 1 to ${MAX_LIST_WORDS} words`,
      why('IMPORT_LIST_SIZE', { min: 1, max: MAX_LIST_WORDS }),
    );
  }
  const bad = list.words.findIndex((w) => !isText(w, 50) || /\s/.test(w));
  if (bad >= 0) err(`wordList.words[${bad}]`, 'must be one word of 1 to 50 letters', name(50));
}

/** Every game of the document's divisions: division name → `round/table`. */
function gamesOf(divisions: unknown[]): Map<string, Set<string>> {
  const games = new Map<string, Set<string>>();
  for (const d of divisions) {
    if (!isObject(d) || typeof d.name !== 'string' || !Array.isArray(d.rounds)) continue;
    const keys = new Set<string>();
    for (const r of d.rounds) {
      if (!isObject(r) || !Array.isArray(r.games)) continue;
      for (const g of r.games) if (isObject(g)) keys.add(`${String(r.number)}/${String(g.table)}`);
    }
    games.set(d.name, keys);
  }
  return games;
}

function checkWordRulings(
  rulings: unknown,
  games: ReadonlyMap<string, ReadonlySet<string>>,
  err: Err,
): void {
  if (rulings === undefined) return;
  if (!Array.isArray(rulings) || rulings.length > 100_000)
    return err(
      'wordRulings',
      'must be a list of at most 100,000 rulings',
      why('IMPORT_LIST_SIZE', { min: 0, max: 100_000 }),
    );
  rulings.forEach((r: unknown, i) => {
    const at = `wordRulings[${i}]`;
    if (!isObject(r)) return err(at, 'must be an object', NOT_OBJECT);
    if (!isInstant(r.at))
      err(`${at}.at`, 'must be an ISO date and time', why('IMPORT_BAD_INSTANT'));
    if (r.by !== null && !(isObject(r.by) && isText(r.by.name, 200)))
      err(`${at}.by`, 'must be null or { name }', NOT_OBJECT);
    if (r.division === null) {
      if (r.round !== null || r.table !== null)
        err(`${at}.round`, 'a ruling without a division has no round or table');
    } else if (!isText(r.division, 100) || !games.has(r.division)) {
      err(
        `${at}.division`,
        `must be null or the name of a division of the document`,
        why('IMPORT_UNKNOWN_DIVISION', { value: shown(r.division) }),
      );
    } else if (!games.get(r.division)!.has(`${String(r.round)}/${String(r.table)}`)) {
      err(
        `${at}.table`,
        `division '${r.division}' has no game at round ${String(r.round)}, table ${String(r.table)}`,
        why('IMPORT_UNKNOWN_GAME', {
          division: r.division,
          round: shown(r.round),
          table: shown(r.table),
        }),
      );
    }
    if (r.turn !== null && !isInt(r.turn, 1, 1000))
      err(`${at}.turn`, 'must be null or a turn number', rangeOrNull(1, 1000));
    if (typeof r.ruleSet !== 'string' || !findRuleSet(r.ruleSet))
      err(
        `${at}.ruleSet`,
        'must name a rule set',
        why('IMPORT_BAD_RULE_SET', { value: shown(r.ruleSet) }),
      );
    if (typeof r.wordList !== 'string' || !/^(tournament|default:[\w-]{1,50})$/.test(r.wordList))
      err(`${at}.wordList`, "must be 'tournament' or 'default:<list>'");
    if (
      !Array.isArray(r.words) ||
      r.words.length === 0 ||
      r.words.length > 40 ||
      !r.words.every((w) => isText(w, 50))
    )
      err(
        `${at}.words`,
        'must be a list of 1 to 40 words of at most 50 characters',
        why('IMPORT_LIST_SIZE', { min: 1, max: 40 }),
      );
    if (r.verdict !== 'VALID' && r.verdict !== 'INVALID')
      err(`${at}.verdict`, 'must be VALID or INVALID', oneOf(['VALID', 'INVALID']));
  });
}

/**
 * Checks the settings of a tournament or a division (`at` names where they are); the rounds
 * planned, or 0 when they are wrong.
 */
function checkSettings(t: Record<string, unknown>, at: string, err: Err): number {
  let rounds = 0;
  const ruleSet = typeof t.ruleSet === 'string' ? findRuleSet(t.ruleSet) : undefined;
  if (!ruleSet)
    err(
      `${at}.ruleSet`,
      `must be a rule set of the engine, not ${JSON.stringify(t.ruleSet)}`,
      why('IMPORT_BAD_RULE_SET', { value: shown(t.ruleSet) }),
    );
  if (!isObject(t.options)) err(`${at}.options`, 'must be an object', NOT_OBJECT);
  else if (ruleSet) {
    for (const e of checkOptions(ruleSet, t.options))
      err(`${at}.options.${e.option}`, e.message, why('IMPORT_BAD_OPTION', { option: e.option }));
  }
  if (!isInt(t.rounds, 1, 100))
    err(`${at}.rounds`, 'must be a whole number from 1 to 100', range(1, 100));
  else rounds = t.rounds;
  if (
    !Array.isArray(t.pairingPlan) ||
    t.pairingPlan.length === 0 ||
    t.pairingPlan.length > 100 ||
    !t.pairingPlan.every((s) => (PAIRING_SYSTEMS as readonly unknown[]).includes(s))
  ) {
    err(
      `${at}.pairingPlan`,
      `must be a list of 1 to 100 of ${PAIRING_SYSTEMS.join(', ')}`,
      oneOf(PAIRING_SYSTEMS),
    );
  }
  if (
    !Array.isArray(t.tieBreaks) ||
    !t.tieBreaks.every((s) => (TIE_BREAKS as readonly unknown[]).includes(s)) ||
    new Set(t.tieBreaks).size !== t.tieBreaks.length
  ) {
    err(
      `${at}.tieBreaks`,
      `must be a list of distinct ${TIE_BREAKS.join(', ')}`,
      oneOf(TIE_BREAKS),
    );
  }
  if (!isInt(t.byeSpread, 0, 1000))
    err(`${at}.byeSpread`, 'must be a whole number from 0 to 1000', range(0, 1000));
  if (t.forfeitSpread !== undefined && !isInt(t.forfeitSpread, 0, 1000))
    err(`${at}.forfeitSpread`, 'must be a whole number from 0 to 1000', range(0, 1000));
  if (t.spreadCap !== undefined && t.spreadCap !== null && !isInt(t.spreadCap, 1, 10000))
    err(
      `${at}.spreadCap`,
      'must be a whole number from 1 to 10000, or null',
      rangeOrNull(1, 10000),
    );
  for (const key of ['avoidSameClub', 'gibsonize'] as const) {
    if (t[key] !== undefined && typeof t[key] !== 'boolean')
      err(`${at}.${key}`, 'must be true or false', NOT_BOOLEAN);
  }
  if (t.kothLastRounds !== undefined && !isInt(t.kothLastRounds, 0, 100))
    err(`${at}.kothLastRounds`, 'must be a whole number from 0 to 100', range(0, 100));
  if (t.maxMeetings !== undefined && t.maxMeetings !== null && !isInt(t.maxMeetings, 1, 100))
    err(`${at}.maxMeetings`, 'must be a whole number from 1 to 100, or null', rangeOrNull(1, 100));
  if (t.pairingLag !== undefined && !isInt(t.pairingLag, 0, 2))
    err(`${at}.pairingLag`, 'must be 0, 1 or 2', range(0, 2));
  if (t.tableSize !== undefined && !isInt(t.tableSize, 2, 8))
    err(`${at}.tableSize`, 'must be a whole number from 2 to 8', range(2, 8));
  if (t.placePoints !== undefined && t.placePoints !== null && !isPlacePointsTable(t.placePoints))
    err(
      `${at}.placePoints`,
      'must map table sizes ("2" to "8") to that many points, first place first, none rising, or be null',
      why('IMPORT_BAD_PLACE_POINTS'),
    );
  return rounds;
}

function checkPlayers(players: unknown, at: string, err: Err): Map<number, number> {
  const refs = new Map<number, number>();
  if (!Array.isArray(players) || players.length > 100000) {
    err(at, 'must be a list of players', why('IMPORT_LIST_SIZE', { min: 0, max: 100000 }));
    return refs;
  }
  const names = new Set<string>();
  const seeds = new Set<number>();
  const federationIds = new Set<string>();
  players.forEach((p: unknown, i) => {
    const here = `${at}[${i}]`;
    if (!isObject(p)) return err(here, 'must be an object', NOT_OBJECT);
    if (!isInt(p.ref, 1, 2_000_000_000))
      err(`${here}.ref`, 'must be a positive whole number', range(1, 2_000_000_000));
    else if (refs.has(p.ref))
      err(`${here}.ref`, `ref ${p.ref} is used twice`, why('IMPORT_DUPLICATE_REF', { ref: p.ref }));
    else refs.set(p.ref, isInt(p.joinedRound, 1, 100) ? p.joinedRound : 1);
    if (!isText(p.name, 200))
      err(`${here}.name`, 'must be a name of 1 to 200 characters', name(200));
    else if (names.has(nameKey(p.name)))
      err(
        `${here}.name`,
        `two players are named ${p.name}`,
        why('IMPORT_DUPLICATE_PLAYER_NAME', { name: p.name }),
      );
    else names.add(nameKey(p.name));
    if (p.club !== null && !isText(p.club, 200, 0))
      err(`${here}.club`, 'must be text or null', why('IMPORT_BAD_TEXT', { max: 200 }));
    if (p.rating !== null && !isInt(p.rating, 0, PLAYER_LIMITS.rating))
      err(
        `${here}.rating`,
        `must be 0 to ${PLAYER_LIMITS.rating} or null`,
        rangeOrNull(0, PLAYER_LIMITS.rating),
      );
    if (!isInt(p.seed, 1, PLAYER_LIMITS.seed))
      err(
        `${here}.seed`,
        `must be a whole number from 1 to ${PLAYER_LIMITS.seed}`,
        range(1, PLAYER_LIMITS.seed),
      );
    else if (seeds.has(p.seed))
      err(
        `${here}.seed`,
        `seed ${p.seed} is used twice`,
        why('IMPORT_DUPLICATE_SEED', { seed: p.seed }),
      );
    else seeds.add(p.seed);
    if (typeof p.active !== 'boolean') err(`${here}.active`, 'must be true or false', NOT_BOOLEAN);
    if (!isInt(p.joinedRound, 1, 100))
      err(`${here}.joinedRound`, 'must be a round number', range(1, 100));
    if (
      p.absences !== undefined &&
      !(
        Array.isArray(p.absences) &&
        p.absences.length <= 100 &&
        p.absences.every((r) => isInt(r, 1, 100)) &&
        new Set(p.absences).size === p.absences.length
      )
    ) {
      err(
        `${here}.absences`,
        'must be a list of distinct round numbers',
        why('IMPORT_LIST_SIZE', { min: 0, max: 100 }),
      );
    }
    if (
      p.country !== undefined &&
      p.country !== null &&
      !(typeof p.country === 'string' && COUNTRY.test(p.country))
    ) {
      err(
        `${here}.country`,
        'must be two or three capital letters (SRB, CRO), or null',
        why('IMPORT_BAD_COUNTRY', { value: shown(p.country) }),
      );
    }
    const id = p.federationId;
    if (id !== undefined && id !== null) {
      if (typeof id !== 'string' || !FEDERATION_ID.test(id))
        err(
          `${here}.federationId`,
          'must be letters, digits and dashes, at most 20, or null',
          why('IMPORT_BAD_FEDERATION_ID', { value: shown(id) }),
        );
      else if (federationIds.has(id))
        err(
          `${here}.federationId`,
          `federation id ${id} is used twice`,
          why('IMPORT_DUPLICATE_FEDERATION_ID', { id }),
        );
      else federationIds.add(id);
    }
  });
  return refs;
}

/**
 * What a typed result's winner contradicts, or null: a player who lost on time loses; else
 * the higher score wins; equal scores may be a draw or go to the rule set's tie-break, whose
 * figures the document does not carry.
 */
function typedResultContradiction(
  scores: number[],
  timeLoss: unknown,
  winner: unknown,
): { message: string; expected: string } | null {
  const [a, b] = scores;
  if (timeLoss === 0 || timeLoss === 1) {
    const expected = timeLoss === 0 ? 'second' : 'first';
    return winner === expected
      ? null
      : {
          message: `the ${timeLoss === 0 ? 'first' : 'second'} player lost on time, so the winner is ${expected}, not ${String(winner)}`,
          expected,
        };
  }
  if (a === b) return null;
  const expected = a > b ? 'first' : 'second';
  return winner === expected
    ? null
    : {
        message: `the scores ${a}–${b} make ${expected} the winner, not ${String(winner)}`,
        expected,
      };
}

const STATUSES = ['pending', 'complete', 'bye'];
const WINNERS = ['first', 'second', 'draw'];
const KINDS = ['forfeit', 'double-forfeit'];
const SOURCES = ['result', 'scoresheet', 'bye'];

function checkRounds(
  rounds: unknown,
  at: string,
  refs: Map<number, number>,
  planned: number,
  err: Err,
  ruleSet: string | undefined,
  tableSize = 2,
): void {
  if (!Array.isArray(rounds) || rounds.length > 100)
    return err(at, 'must be a list of rounds', why('IMPORT_LIST_SIZE', { min: 0, max: 100 }));
  if (planned > 0 && rounds.length > planned) {
    err(
      at,
      `${rounds.length} rounds, but the tournament has ${planned}`,
      why('IMPORT_TOO_MANY_ROUNDS', { count: rounds.length, planned }),
    );
  }
  rounds.forEach((r: unknown, i) => {
    const here = `${at}[${i}]`;
    if (!isObject(r)) return err(here, 'must be an object', NOT_OBJECT);
    if (r.number !== i + 1)
      err(
        `${here}.number`,
        `must be ${i + 1}: rounds are listed in order from 1`,
        why('IMPORT_ROUND_ORDER', { expected: i + 1 }),
      );
    if (!(PAIRING_SYSTEMS as readonly unknown[]).includes(r.system)) {
      err(`${here}.system`, `must be one of ${PAIRING_SYSTEMS.join(', ')}`, oneOf(PAIRING_SYSTEMS));
    }
    if (!Array.isArray(r.notes) || !r.notes.every((n) => isText(n, 2000, 0))) {
      err(`${here}.notes`, 'must be a list of texts', NOT_LIST);
    }
    if (r.basedOn !== undefined && r.basedOn !== null && !isInt(r.basedOn, 0, i))
      err(
        `${here}.basedOn`,
        `must be a whole number from 0 to ${i} (an earlier round), or null`,
        rangeOrNull(0, i),
      );
    if (!Array.isArray(r.games) || r.games.length > 100000)
      return err(`${here}.games`, 'must be a list', NOT_LIST);
    const round: RoundCheck = {
      number: i + 1,
      refs,
      tables: new Set<number>(),
      seated: new Set<number>(),
      tableSize,
      ruleSet,
      err,
    };
    r.games.forEach((g: unknown, k) => checkGame(g, `${here}.games[${k}]`, round));
  });
}

/** What a round's games are checked against, and the tables and players already seen in it. */
interface RoundCheck {
  number: number;
  refs: Map<number, number>;
  tables: Set<number>;
  seated: Set<number>;
  tableSize: number;
  ruleSet: string | undefined;
  err: Err;
}

function checkGame(g: unknown, gat: string, round: RoundCheck): void {
  const { tables, tableSize, ruleSet, err } = round;
  if (!isObject(g)) return err(gat, 'must be an object', NOT_OBJECT);
  if (!isInt(g.table, 1, 100000)) err(`${gat}.table`, 'must be a table number', range(1, 100000));
  else if (tables.has(g.table))
    err(
      `${gat}.table`,
      `table ${g.table} is used twice`,
      why('IMPORT_DUPLICATE_TABLE', { table: g.table }),
    );
  else tables.add(g.table);
  checkGamePlayers(g, gat, round);
  if (!STATUSES.includes(g.status as string))
    err(`${gat}.status`, `must be one of ${STATUSES.join(', ')}`, oneOf(STATUSES));
  if ((g.status === 'bye') !== (g.second === null)) {
    err(
      `${gat}.status`,
      'a game is a bye exactly when it has no second player',
      why('IMPORT_BYE_WITHOUT_SECOND'),
    );
  }
  if (g.seats !== undefined && g.seats !== null) {
    checkSeats(g, gat, round.refs, round.seated, round.number, tableSize, err, ruleSet);
    checkHistory(g.history, gat, err);
    return;
  }
  if (tableSize > 2 && g.status !== 'bye') {
    err(`${gat}.seats`, `the division plays at tables of ${tableSize}: a table lists its seats`);
  }
  checkGameResult(g, gat, err);
  checkGameScoresheet(g, gat, err, ruleSet);
  checkHistory(g.history, gat, err);
}

/** A game's first and second players: the division's, each once in the round, joined by then. */
function checkGamePlayers(g: Json, gat: string, round: RoundCheck): void {
  const { refs, seated, number, err } = round;
  for (const side of ['first', 'second'] as const) {
    const ref = g[side];
    if (side === 'second' && ref === null) continue;
    if (!isInt(ref, 1, 2_000_000_000) || !refs.has(ref)) {
      err(
        `${gat}.${side}`,
        `must be the ref of a player of the division, not ${JSON.stringify(ref)}`,
        why('IMPORT_UNKNOWN_PLAYER', { value: shown(ref) }),
      );
    } else if (seated.has(ref)) {
      err(
        `${gat}.${side}`,
        `player ${ref} plays twice in round ${number}`,
        why('IMPORT_PLAYS_TWICE', { ref, round: number }),
      );
    } else if (refs.get(ref)! > number) {
      err(
        `${gat}.${side}`,
        `player ${ref} joined at round ${refs.get(ref)}, after round ${number}`,
        why('IMPORT_JOINED_LATER', { ref, joined: refs.get(ref)!, round: number }),
      );
    } else seated.add(ref);
  }
}

const isIntPair = (v: unknown, min: number, max: number) =>
  Array.isArray(v) && v.length === 2 && v.every((x) => isInt(x, min, max));

/** A game of two's result: winner, source, scores, remaining times, cards and loss on time agree. */
function checkGameResult(g: Json, gat: string, err: Err): void {
  const done = g.status !== 'pending';
  const kind = g.kind ?? null;
  const forfeit = kind !== null;
  if (forfeit && !(KINDS.includes(kind as string) && g.status === 'complete')) {
    err(
      `${gat}.kind`,
      `must be null, or one of ${KINDS.join(', ')} for a finished game`,
      oneOf(KINDS),
    );
  } else if (kind === 'double-forfeit' && g.winner !== 'none') {
    err(`${gat}.winner`, 'a double forfeit has winner none: both lose');
  } else if (kind === 'forfeit' && g.winner !== 'first' && g.winner !== 'second') {
    err(`${gat}.winner`, 'a forfeit is won by the player present: first or second');
  } else if (!forfeit && (done ? !WINNERS.includes(g.winner as string) : g.winner !== null)) {
    err(
      `${gat}.winner`,
      done ? `must be one of ${WINNERS.join(', ')}` : 'must be null while pending',
      done ? oneOf(WINNERS) : NULL_PENDING,
    );
  }
  if (done ? !SOURCES.includes(g.source as string) : g.source !== null) {
    err(
      `${gat}.source`,
      done ? `must be one of ${SOURCES.join(', ')}` : 'must be null while pending',
      done ? oneOf(SOURCES) : NULL_PENDING,
    );
  }
  if (forfeit) {
    if (g.scores !== null)
      err(`${gat}.scores`, 'must be null: a forfeit was not played', why('IMPORT_NULL_FORFEIT'));
    if (g.remaining !== null)
      err(`${gat}.remaining`, 'must be null: a forfeit was not played', why('IMPORT_NULL_FORFEIT'));
  } else {
    if (done ? !isIntPair(g.scores, -100000, 100000) : g.scores !== null) {
      err(
        `${gat}.scores`,
        done ? 'must be two whole numbers' : 'must be null while pending',
        done ? range(-100000, 100000) : NULL_PENDING,
      );
    }
    if (
      g.remaining !== null &&
      !(g.status === 'complete' && isIntPair(g.remaining, -360000, 360000))
    ) {
      err(
        `${gat}.remaining`,
        'must be two numbers of seconds for a finished game, else null',
        rangeOrNull(-360000, 360000),
      );
    }
    if (g.status === 'complete' && g.remaining === null) {
      err(`${gat}.remaining`, 'a finished game needs its remaining times');
    }
    const contradiction =
      g.status === 'complete' && g.source === 'result' && isIntPair(g.scores, -100000, 100000)
        ? typedResultContradiction(g.scores as number[], g.timeLoss, g.winner)
        : null;
    if (contradiction)
      err(
        `${gat}.winner`,
        contradiction.message,
        why('IMPORT_WINNER_CONTRADICTS', {
          expected: contradiction.expected,
          given: shown(g.winner),
        }),
      );
  }
  if (
    g.cards !== undefined &&
    g.cards !== null &&
    !(g.status === 'complete' && isIntPair(g.cards, 0, 100000))
  ) {
    err(
      `${gat}.cards`,
      'must be two whole numbers of cards for a finished game, else null',
      rangeOrNull(0, 100000),
    );
  }
  if (g.timeLoss !== null && !(g.status === 'complete' && (g.timeLoss === 0 || g.timeLoss === 1))) {
    err(`${gat}.timeLoss`, 'must be 0, 1 or null', rangeOrNull(0, 1));
  }
}

/** A game of two's score sheet: null, or a finished game's text the rule set can read. */
function checkGameScoresheet(g: Json, gat: string, err: Err, ruleSet: string | undefined): void {
  if (g.scoresheet === null) return;
  const s = g.scoresheet;
  if (
    !isObject(s) ||
    typeof s.text !== 'string' ||
    s.text.includes('\u0000') ||
    !(s.ok === null || typeof s.ok === 'boolean') ||
    !(s.report === null || isObject(s.report))
  ) {
    err(`${gat}.scoresheet`, 'must be null or { text, report, ok }', NOT_OBJECT);
  } else if (g.status !== 'complete') {
    err(
      `${gat}.scoresheet`,
      'only a finished game has a score sheet',
      why('IMPORT_SCORESHEET_REFUSED'),
    );
  } else if ((g.kind ?? null) !== null) {
    err(
      `${gat}.scoresheet`,
      'a forfeit was not played: it has no score sheet',
      why('IMPORT_SCORESHEET_REFUSED'),
    );
  } else {
    for (const p of sheetTextProblems(s.text, ruleSet))
      err(`${gat}.scoresheet.text`, p, why('IMPORT_SCORESHEET_REFUSED'));
    if (s.report !== null) {
      for (const p of reportSizeProblems(s.report))
        err(`${gat}.scoresheet`, p, why('IMPORT_SCORESHEET_REFUSED'));
    }
  }
}

/** A game's history: each change with its time, action, author, before and after. */
function checkHistory(history: unknown, gat: string, err: Err): void {
  if (!Array.isArray(history)) return err(`${gat}.history`, 'must be a list', NOT_LIST);
  history.forEach((h: unknown, j) => {
    const hat = `${gat}.history[${j}]`;
    if (!isObject(h)) return err(hat, 'must be an object', NOT_OBJECT);
    if (!isInstant(h.at))
      err(`${hat}.at`, 'must be an ISO date and time', why('IMPORT_BAD_INSTANT'));
    if (!isText(h.action, 30))
      err(`${hat}.action`, 'must be a text of up to 30 characters', name(30));
    if (
      h.by !== null &&
      !(
        isObject(h.by) &&
        isText(h.by.name, 200) &&
        (h.by.email === null || isText(h.by.email, 200))
      )
    ) {
      err(`${hat}.by`, 'must be null or { name, email }', NOT_OBJECT);
    }
    if (!isObject(h.before)) err(`${hat}.before`, 'must be an object', NOT_OBJECT);
    if (!isObject(h.after)) err(`${hat}.after`, 'must be an object', NOT_OBJECT);
  });
}

/** A division's table size in a document: 2 (pairs) when it predates tables. */
function tableSizeOf(settings: Json): number {
  return isInt(settings.tableSize, 2, 8) ? settings.tableSize : 2;
}

/**
 * A table's seats: 2 to the division's table size, players of the division each once in the
 * round (seats 1 and 2 are `first` and `second`), the pair fields null, and the figures and
 * places of every seat once the table is finished (none while pending).
 */
function checkSeats(
  g: Json,
  gat: string,
  refs: Map<number, number>,
  seated: Set<number>,
  round: number,
  tableSize: number,
  err: Err,
  ruleSet: string | undefined,
): void {
  const seats = g.seats;
  if (tableSize <= 2) return err(`${gat}.seats`, 'only a division played at tables has seats');
  if (!Array.isArray(seats) || seats.length < 2 || seats.length > tableSize) {
    return err(
      `${gat}.seats`,
      `must be a list of 2 to ${tableSize} seats`,
      why('IMPORT_LIST_SIZE', { min: 2, max: tableSize }),
    );
  }
  for (const field of ['winner', 'scores', 'remaining', 'timeLoss', 'cards', 'kind']) {
    if (g[field] !== undefined && g[field] !== null)
      err(
        `${gat}.${field}`,
        'must be null at a table: its seats hold the result',
        why('IMPORT_NULL_AT_TABLE'),
      );
  }
  if (g.status === 'bye') err(`${gat}.status`, 'a table with seats is no bye');
  const finished = g.status === 'complete';
  const sheet = g.scoresheet ?? null;
  if (!finished ? g.source !== null : g.source !== (sheet === null ? 'result' : 'scoresheet')) {
    err(
      `${gat}.source`,
      !finished
        ? 'must be null while pending'
        : sheet === null
          ? "must be 'result': a table without a score sheet was typed"
          : "must be 'scoresheet': the table's result comes from its score sheet",
    );
  }
  if (sheet !== null) {
    if (
      !isObject(sheet) ||
      typeof sheet.text !== 'string' ||
      sheet.text.includes('\u0000') ||
      !(sheet.ok === null || typeof sheet.ok === 'boolean') ||
      !(sheet.report === null || isObject(sheet.report))
    ) {
      err(`${gat}.scoresheet`, 'must be null or { text, report, ok }', NOT_OBJECT);
    } else if (!finished) {
      err(
        `${gat}.scoresheet`,
        'only a finished game has a score sheet',
        why('IMPORT_SCORESHEET_REFUSED'),
      );
    } else {
      for (const p of sheetTextProblems(sheet.text, ruleSet))
        err(`${gat}.scoresheet.text`, p, why('IMPORT_SCORESHEET_REFUSED'));
      if (sheet.report !== null) {
        for (const p of reportSizeProblems(sheet.report))
          err(`${gat}.scoresheet`, p, why('IMPORT_SCORESHEET_REFUSED'));
      }
    }
  }
  seats.forEach((s: unknown, k) => {
    const sat = `${gat}.seats[${k}]`;
    if (!isObject(s)) return err(sat, 'must be an object', NOT_OBJECT);
    const ref = s.player;
    if (!isInt(ref, 1, 2_000_000_000) || !refs.has(ref)) {
      err(
        `${sat}.player`,
        `must be the ref of a player of the division, not ${JSON.stringify(ref)}`,
        why('IMPORT_UNKNOWN_PLAYER', { value: shown(ref) }),
      );
    } else if (k < 2) {
      // Seats 1 and 2 were seated as first and second.
      if (ref !== g[k === 0 ? 'first' : 'second'])
        err(
          `${sat}.player`,
          `seat ${k + 1} must be the game's ${k === 0 ? 'first' : 'second'} player`,
        );
    } else if (seated.has(ref)) {
      err(
        `${sat}.player`,
        `player ${ref} plays twice in round ${round}`,
        why('IMPORT_PLAYS_TWICE', { ref, round }),
      );
    } else if (refs.get(ref)! > round) {
      err(
        `${sat}.player`,
        `player ${ref} joined at round ${refs.get(ref)}, after round ${round}`,
        why('IMPORT_JOINED_LATER', { ref, joined: refs.get(ref)!, round }),
      );
    } else seated.add(ref);
    const figure = (field: string, min: number, max: number, required: boolean) => {
      const v = s[field];
      if (
        finished
          ? required
            ? !isInt(v, min, max)
            : !(v === null || isInt(v, min, max))
          : v !== null
      ) {
        err(
          `${sat}.${field}`,
          finished
            ? `must be a whole number from ${min} to ${max}${required ? '' : ', or null'}`
            : 'must be null while pending',
          !finished ? NULL_PENDING : required ? range(min, max) : rangeOrNull(min, max),
        );
      }
    };
    figure('score', -100000, 100000, true);
    figure('place', 1, seats.length, true);
    figure('remaining', -360000, 360000, false);
    figure('cards', 0, 100000, false);
  });
}
