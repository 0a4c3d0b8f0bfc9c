/**
 * The verification report written out as JSON text, straight into one string: the text
 * `JSON.stringify` gives for the same report, key for key and byte for byte, at a fraction of its
 * cost on the turns, which are most of a report.
 *
 * A crossword replay's turn is a {@link ReplayTurnReport}, whose keys are all in place from the
 * start in one order (the ones a turn does not have are `undefined`, which JSON leaves out): the
 * writer writes its keys in that order, with the keys' text made once, and its numbers, its
 * squares and its words without asking each value what it is. Anything else (a card game's
 * turn, a report read back from storage or built by hand, the players, the result, the
 * findings) is written by `JSON.stringify`, so the text is that of `JSON.stringify` for any
 * report.
 */
import type { CompiledRules } from '../rules/compiled';
import type { WordList } from '../rules/words';
import type { LegalPlay } from './board';
import { cellTexts } from './draw';
import {
  BonusReport,
  GameResult,
  Issue,
  NO_BONUSES,
  NO_ISSUES,
  NO_SQUARES,
  NO_WORDS,
  PlayerReport,
  TurnReport,
  TurnStatus,
  VerificationReport,
  WordReport,
} from '../report/report';

/** The keys of a crossword replay's turn: every key of a turn but a card game's own. */
type CrosswordTurnKeys = Exclude<keyof TurnReport, 'cards' | 'taken' | 'round'>;

/**
 * Every key of a crossword turn, none optional: a key added to {@link TurnReport} must be given
 * its place in {@link ReplayTurnReport} (and written by {@link turnJson}) before this compiles.
 */
type EveryCrosswordKey = { [K in CrosswordTurnKeys]-?: TurnReport[K] | undefined };

/**
 * A crossword replay's turn report. Its keys are made in the order they are written out: those
 * of every turn, then what some turns add, in the order the replay adds them (a blank taken back
 * before the play, the tiles a play steals and makes safe, the points of a failed challenge after
 * the play). A key a turn does not have stays `undefined`, and JSON leaves it out: the report
 * reads and serialises as the plain object it was, and every turn has the same shape.
 */
export class ReplayTurnReport implements TurnReport, EveryCrosswordKey {
  index: number;
  player: number;
  kind: 'play' | 'exchange' | 'pass';
  status: TurnStatus;
  play: string | undefined;
  reading: string | undefined = undefined;
  score: { claimed: number | null; computed: number };
  total: { claimed: number | null; computed: number };
  clock: { claimed: string; remaining: string } | undefined = undefined;
  withdrawnScore: number | null | undefined = undefined;
  words: WordReport[];
  bonuses: BonusReport[];
  placed: string[];
  exchanged: number | undefined = undefined;
  penalty: { player: number; minutes: number } | undefined = undefined;
  issues: Issue[];
  swapped: { square: string; letter: string }[] | undefined = undefined;
  stolen: { from: number; points: number; squares: string[] } | undefined = undefined;
  madeSafe: string[] | undefined = undefined;
  challengeBonus: number | undefined = undefined;

  /**
   * A turn as the sheet wrote it, before its replay: `words`, `bonuses`, `placed` and `issues`
   * are the shared, frozen empty lists (see {@link NO_ISSUES}).
   */
  constructor(
    index: number,
    player: number,
    kind: 'play' | 'exchange' | 'pass',
    play: string | undefined,
    claimedScore: number | null,
    claimedTotal: number | null,
  ) {
    this.index = index;
    this.player = player;
    this.kind = kind;
    this.status = kind === 'play' ? 'ok' : kind;
    this.play = play;
    this.score = { claimed: claimedScore, computed: 0 };
    this.total = { claimed: claimedTotal, computed: 0 };
    this.words = NO_WORDS;
    this.bonuses = NO_BONUSES;
    this.placed = NO_SQUARES;
    this.issues = NO_ISSUES;
  }
}

/**
 * The key of a report's method that gives the writer its plays whose words are not yet written
 * out in their turns (see {@link UnreadPlays}), or null once its turns have been read.
 */
export const UNREAD_PLAYS = Symbol('unread plays');

/**
 * A crossword replay's game, as its report leaves it until its turns are first read: the writer
 * writes each applied play's words, bonuses and squares straight from the play, rather than
 * into the turn's report first (objects and strings made only to be written out once).
 */
export interface UnreadPlays {
  readonly rules: CompiledRules;
  /** The word list the words were looked up in (`known` is null without one). */
  readonly words: WordList | null;
  /** Each line's report, by turn. */
  readonly turns: readonly TurnReport[];
  /** The play of turn `index` whose words are not yet in its report, if any. */
  playLeft(index: number): LegalPlay | undefined;
}

/**
 * The key of a report's method that gives the writer its final board while its rows are not yet
 * drawn (see {@link UndrawnBoard}), or null once they have been read.
 */
export const UNDRAWN_BOARD = Symbol('undrawn board');

/**
 * A crossword replay's final board, as its report leaves it until its rows are first read: the
 * writer writes the rows straight from the squares, rather than drawing each row into a string
 * of its own and writing the list of them out.
 */
export interface UndrawnBoard {
  readonly rules: CompiledRules;
  /** The final board's squares, `row * size + column` (see `Board`). */
  readonly board: { readonly cells: Uint8Array };
}

/** A report that keeps its turns' words unwritten and its board undrawn (a crossword replay's). */
export interface WithUnreadPlays {
  [UNREAD_PLAYS](): UnreadPlays | null;
  [UNDRAWN_BOARD](): UndrawnBoard | null;
}

/**
 * The report as JSON text, as `JSON.stringify(report)` writes it; with `indent`, as
 * `JSON.stringify(report, null, indent)` does (`verify --json`).
 */
export function reportJson(report: VerificationReport, indent?: number): string {
  const text =
    report !== null && typeof report === 'object' && UNREAD_PLAYS in report
      ? lazyReportJson(report, report as unknown as WithUnreadPlays)
      : (anyJson(report) ?? 'null');
  return indent === undefined || indent < 1 ? text : indentJson(text, indent);
}

/**
 * Any value as `JSON.stringify` writes it (`undefined` where it writes nothing). A crossword
 * replay's turn is written by {@link turnJson}; plain objects (made by a literal, or read from
 * JSON), plain lists, strings, numbers, booleans and null here, key by key in the object's own
 * order (which for...in and JSON share for a plain object); anything else (a class's instance,
 * an object with `toJSON`) by `JSON.stringify` itself. A call of JSON.stringify costs about
 * 3,000 machine instructions however small its value: a report's players, result and findings
 * are written here for that.
 */
function anyJson(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return '"' + inner(value) + '"';
    case 'number':
      return num(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (value instanceof ReplayTurnReport) return turnJson(value, '', undefined, null, false);
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function')
        return JSON.stringify(value);
      const prototype = Object.getPrototypeOf(value) as unknown;
      if (prototype === Array.prototype) return listJson(value as unknown[]);
      if (prototype !== Object.prototype && !isReport(value)) return JSON.stringify(value);
      // Own keys only: a plain object inherits no enumerable key, a report's class none.
      const object = value as Record<string, unknown>;
      let out = '';
      for (const key in object) {
        if (!Object.prototype.hasOwnProperty.call(object, key)) continue;
        const text = anyJson(object[key]);
        if (text === undefined) continue;
        out += keyJson(key, out === '') + text;
      }
      return out === '' ? '{}' : out + '}';
    }
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    case 'bigint':
      // JSON.stringify throws, and so does this.
      return JSON.stringify(value);
  }
}

/**
 * A crossword replay's report: an instance of its own class, whose keys (`turns` and `board`
 * written out when first read) are all its own and enumerable.
 */
function isReport(value: object): boolean {
  const report = value as Partial<VerificationReport>;
  return typeof report.ok === 'boolean' && typeof report.rules === 'string';
}

/**
 * A crossword replay's report: its keys as {@link anyJson} writes them, but its turns straight
 * from the game while they are not read (their reports left unread), and its board straight from
 * the squares while it is not drawn.
 */
function lazyReportJson(report: VerificationReport, lazy: WithUnreadPlays): string {
  const unread = lazy[UNREAD_PLAYS]();
  const undrawn = lazy[UNDRAWN_BOARD]();
  const texts =
    unread !== null ? ruleTexts(unread.rules) : undrawn !== null ? ruleTexts(undrawn.rules) : null;
  const withList = unread !== null && unread.words !== null;
  const object = report as unknown as Record<string, unknown>;
  let out = '';
  for (const key in object) {
    if (!Object.prototype.hasOwnProperty.call(object, key)) continue;
    // The keys every report has, each with its value as one piece where it can be (the turns
    // and the board are read only when written from their report: reading them describes them).
    if (key === 'ok' && out === '' && typeof report.ok === 'boolean') {
      out = report.ok ? '{"ok":true' : '{"ok":false';
      continue;
    }
    if (key === 'rules' && out !== '' && typeof report.rules === 'string') {
      out += rulesJson(report.rules);
      continue;
    }
    if (key === 'issues' && out !== '' && isEmptyList(report.issues)) {
      out += ',"issues":[]';
      continue;
    }
    if (key === 'result' && out !== '') {
      const result = resultJson(report.result);
      if (result !== '') {
        out += result;
        continue;
      }
    }
    let text: string | undefined;
    if (key === 'board' && undrawn !== null && texts!.boardSafe)
      text = texts!.board(undrawn.board.cells);
    else if (key === 'players') text = playersJson(object[key]);
    else if (key === 'turns' && unread !== null) {
      const { turns } = unread;
      text = '';
      for (let i = 0; i < turns.length; i++) {
        const t = turns[i];
        text +=
          t instanceof ReplayTurnReport
            ? turnJson(t, i === 0 ? '[' : ',', unread.playLeft(i), texts, withList)
            : (i === 0 ? '[' : ',') + (anyJson(t) ?? 'null');
      }
      text = turns.length === 0 ? '[]' : text + ']';
    } else text = anyJson(object[key]);
    if (text === undefined) continue;
    out += keyJson(key, out === '') + text;
  }
  return out === '' ? '{}' : out + '}';
}

function isEmptyList(value: unknown): boolean {
  return (
    Array.isArray(value) && value.length === 0 && Object.getPrototypeOf(value) === Array.prototype
  );
}

/** `,"rules":"kvizovka"`, by the rule set's name. */
const RULES = new Map<string, string>();

function rulesJson(rules: string): string {
  const kept = RULES.get(rules);
  if (kept !== undefined) return kept;
  const text = flat(',"rules":"' + inner(rules) + '"');
  if (RULES.size < KEYS_KEPT) RULES.set(rules, text);
  return text;
}

/** `,"result":{"winner":0,"reason":"score"}`, by the winner (0, 1 or none) and the reason. */
const RESULTS = [new Map<string, string>(), new Map<string, string>(), new Map<string, string>()];

/**
 * A game's result with its key, one kept piece for a plain `{ winner, reason }` (a winner 0, 1
 * or null); otherwise ''.
 */
function resultJson(value: unknown): string {
  if (
    value === null ||
    typeof value !== 'object' ||
    Object.getPrototypeOf(value) !== Object.prototype
  )
    return '';
  const { winner, reason } = value as GameResult;
  if (typeof reason !== 'string' || (winner !== 0 && winner !== 1 && winner !== null)) return '';
  let keys = 0;
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    if (key !== (keys === 0 ? 'winner' : keys === 1 ? 'reason' : '')) return '';
    keys++;
  }
  if (keys !== 2) return '';
  const results = RESULTS[winner === null ? 2 : winner];
  const kept = results.get(reason);
  if (kept !== undefined) return kept;
  const text = flat(',"result":{"winner":' + String(winner) + ',"reason":"' + inner(reason) + '"}');
  if (results.size < KEYS_KEPT) results.set(reason, text);
  return text;
}

/** The keys of a player's account as the replay makes it, in its order (more may follow). */
const PLAYER_KEYS = [
  'name',
  'moves',
  'rackPenalty',
  'rackBonus',
  'final',
  'claimedFinal',
  'penaltyMinutes',
  'remaining',
  'remainingSeconds',
  'turns',
  'timeExpired',
];

/**
 * A report's players, each account the replay made (its keys in {@link PLAYER_KEYS}' order, with
 * their types, then any others) written with its keys' texts joined around its values; anything
 * else by {@link anyJson}.
 */
function playersJson(players: unknown): string | undefined {
  if (!Array.isArray(players) || Object.getPrototypeOf(players) !== Array.prototype)
    return anyJson(players);
  if (players.length === 0) return '[]';
  let out = '';
  for (let i = 0; i < players.length; i++) out += playerJson(i === 0 ? '[' : ',', players[i]);
  return out + ']';
}

/** A player's account after `lead` (`[` or `,`). */
function playerJson(lead: string, value: unknown): string {
  if (
    value === null ||
    typeof value !== 'object' ||
    Object.getPrototypeOf(value) !== Object.prototype
  )
    return lead + (anyJson(value) ?? 'null');
  const p = value as PlayerReport;
  const object = value as Record<string, unknown>;
  let k = 0;
  let more = '';
  for (const key in object) {
    if (!Object.prototype.hasOwnProperty.call(object, key)) continue;
    if (k < PLAYER_KEYS.length) {
      if (key !== PLAYER_KEYS[k++]) return lead + (anyJson(value) ?? 'null');
    } else {
      const text = anyJson(object[key]);
      if (text !== undefined) more += keyJson(key, false) + text;
    }
  }
  if (
    k < PLAYER_KEYS.length ||
    typeof p.name !== 'string' ||
    typeof p.moves !== 'number' ||
    typeof p.rackPenalty !== 'number' ||
    typeof p.rackBonus !== 'number' ||
    typeof p.final !== 'number' ||
    (p.claimedFinal !== null && typeof p.claimedFinal !== 'number') ||
    typeof p.penaltyMinutes !== 'number' ||
    typeof p.remaining !== 'string' ||
    typeof p.remainingSeconds !== 'number' ||
    typeof p.turns !== 'number' ||
    typeof p.timeExpired !== 'boolean'
  )
    return lead + (anyJson(value) ?? 'null');
  return (
    (lead === '[' ? '[{"name":"' : ',{"name":"') +
    inner(p.name) +
    keptNumberJson(MOVES, '","moves":', p.moves) +
    racksJson(p.rackPenalty, p.rackBonus) +
    finalsJson(p.final, p.claimedFinal) +
    timeLeftJson(p.penaltyMinutes, p.remaining, p.remainingSeconds) +
    (more === ''
      ? lastPlayerKeysJson(p.turns, p.timeExpired, '}')
      : lastPlayerKeysJson(p.turns, p.timeExpired, '') + more + '}')
  );
}

/** `key` and `n` (`","moves":115`), kept in `kept` for a small whole `n`. */
function keptNumberJson(kept: string[], key: string, n: number): string {
  if (!isKept(n)) return key + num(n);
  const made = kept[n];
  return made !== '' ? made : (kept[n] = flat(key + n));
}

function isKept(n: number): boolean {
  return n >= 0 && n < KEPT && Number.isInteger(n);
}

/** `,"rackPenalty":18,"rackBonus":0`. */
function racksJson(penalty: number, bonus: number): string {
  if (isKept(penalty) && penalty < RACK_KEPT && isKept(bonus) && bonus < RACK_KEPT) {
    const k = penalty * RACK_KEPT + bonus;
    const made = RACKS[k];
    return made !== ''
      ? made
      : (RACKS[k] = flat(',"rackPenalty":' + penalty + ',"rackBonus":' + bonus));
  }
  return ',"rackPenalty":' + num(penalty) + ',"rackBonus":' + num(bonus);
}

/** `,"final":97,"claimedFinal":97`. */
function finalsJson(final: number, claimed: number | null): string {
  if (isKept(final) && (claimed === final || claimed === null)) {
    const k = final * 2 + (claimed === null ? 1 : 0);
    const made = FINALS[k];
    return made !== ''
      ? made
      : (FINALS[k] = flat(',"final":' + final + ',"claimedFinal":' + orNull(claimed)));
  }
  return ',"final":' + num(final) + ',"claimedFinal":' + orNull(claimed);
}

/** `,"penaltyMinutes":0,"remaining":"23:10","remainingSeconds":1390`. */
function timeLeftJson(penaltyMinutes: number, remaining: string, seconds: number): string {
  const digits = penaltyMinutes === 0 ? clockDigits(remaining) : -1;
  if (digits >= 0 && seconds === Math.floor(digits / 100) * 60 + (digits % 100)) {
    const made = TIMES_LEFT[digits];
    return made !== ''
      ? made
      : (TIMES_LEFT[digits] = flat(
          ',"penaltyMinutes":0,"remaining":"' + remaining + '","remainingSeconds":' + seconds,
        ));
  }
  return (
    ',"penaltyMinutes":' +
    num(penaltyMinutes) +
    ',"remaining":"' +
    inner(remaining) +
    '","remainingSeconds":' +
    num(seconds)
  );
}

/** `,"turns":10,"timeExpired":false` and `close`. */
function lastPlayerKeysJson(turns: number, timeExpired: boolean, close: '}' | ''): string {
  const expired = timeExpired ? ',"timeExpired":true' : ',"timeExpired":false';
  if (close === '' || !isKept(turns)) return ',"turns":' + num(turns) + expired + close;
  const k = turns * 2 + (timeExpired ? 1 : 0);
  const made = LAST_PLAYER_KEYS[k];
  return made !== '' ? made : (LAST_PLAYER_KEYS[k] = flat(',"turns":' + turns + expired + '}'));
}

/** A list, its holes and its values JSON cannot write as null. */
function listJson(list: readonly unknown[]): string {
  if (list.length === 0) return '[]';
  let out = '[' + (anyJson(list[0]) ?? 'null');
  for (let i = 1; i < list.length; i++) out += ',' + (anyJson(list[i]) ?? 'null');
  return out + ']';
}

/**
 * A crossword replay's turn after `lead` (`[`, `,` or nothing), its keys in the class's order,
 * those left undefined left out; its words, bonuses and squares from `play` when the report has
 * not been given them yet (with the rules' `texts`). A turn's text costs by the pieces it is
 * joined from (about 150 machine instructions each, half to join and half to lay the text flat
 * when it is written out): each piece is as much of the text as can be made once and kept, with
 * the quotes and keys around a value joined to the pieces before and after it.
 */
function turnJson(
  t: ReplayTurnReport,
  lead: string,
  play: LegalPlay | undefined,
  texts: RuleTexts | null,
  withList: boolean,
): string {
  const open = t.play !== undefined;
  let out =
    open && t.kind === 'play' && t.status === 'ok'
      ? headJson(lead, t.index, t.player, true)
      : headJson(lead, t.index, t.player, false) +
        kindJson(t.kind, t.status) +
        (open ? ',"play":"' : '');
  if (open) out += inner(t.play!);
  if (t.reading !== undefined) out += '","reading":"' + inner(t.reading);
  const { score, total, clock } = t;
  const plays = play !== undefined && texts !== null;
  const wordCount = plays ? play.words.length : t.words.length;
  const thenWords = clock === undefined && t.withdrawnScore === undefined && wordCount > 0;
  const figures = scoreTotalJson(open, score, total, thenWords);
  if (figures !== '') out += figures;
  else {
    out += open
      ? figuresJson(QUOTED_SCORES, '","score":{"claimed":', score.claimed, score.computed, '')
      : figuresJson(SCORES, ',"score":{"claimed":', score.claimed, score.computed, '');
    out += thenWords
      ? figuresJson(
          TOTALS_THEN_WORDS,
          ',"total":{"claimed":',
          total.claimed,
          total.computed,
          WORDS_OPEN,
        )
      : figuresJson(TOTALS, ',"total":{"claimed":', total.claimed, total.computed, '');
  }
  if (!thenWords) {
    if (t.withdrawnScore !== undefined) {
      if (clock !== undefined) out += clockJson(clock.claimed, clock.remaining, false);
      out += ',"withdrawnScore":' + orNull(t.withdrawnScore);
      if (wordCount > 0) out += WORDS_OPEN;
    } else if (clock !== undefined) out += clockJson(clock.claimed, clock.remaining, wordCount > 0);
    else if (wordCount > 0) out += WORDS_OPEN;
  }
  const plain =
    t.exchanged === undefined &&
    t.penalty === undefined &&
    t.issues.length === 0 &&
    t.swapped === undefined &&
    t.stolen === undefined &&
    t.madeSafe === undefined &&
    t.challengeBonus === undefined;
  if (plays) out += playJson(play, texts, withList, plain);
  else {
    if (wordCount === 0) out += ',"words":[]';
    else out += wordsJson(t.words);
    out +=
      t.bonuses.length === 0
        ? ',"bonuses":[],"placed":'
        : ',"bonuses":' + listJson(t.bonuses) + ',"placed":';
    // Most turns: the squares, and nothing found.
    if (plain) return out + stringsJson(t.placed, '"],"issues":[]}', '[],"issues":[]}');
    out += stringsJson(t.placed, '"]', '[]');
  }
  if (plain) return out;
  if (t.exchanged !== undefined) out += ',"exchanged":' + num(t.exchanged);
  if (t.penalty !== undefined) out += ',"penalty":' + anyJson(t.penalty);
  out += ',"issues":' + (t.issues.length === 0 ? '[]' : listJson(t.issues));
  if (t.swapped !== undefined) out += ',"swapped":' + listJson(t.swapped);
  if (t.stolen !== undefined) out += ',"stolen":' + anyJson(t.stolen);
  if (t.madeSafe !== undefined) out += ',"madeSafe":' + stringsJson(t.madeSafe, '"]', '[]');
  if (t.challengeBonus !== undefined) out += ',"challengeBonus":' + num(t.challengeBonus);
  return out + '}';
}

/** `,"words":[{"word":"`: the text before a turn's first word. */
const WORDS_OPEN = ',"words":[{"word":"';

/**
 * A play's words (after {@link WORDS_OPEN}), bonuses and squares, as its report would have them
 * (see `describePlay`), and with `plain`, the turn's empty findings and its end.
 */
function playJson(play: LegalPlay, texts: RuleTexts, withList: boolean, plain: boolean): string {
  const { words, bonuses, placedSquares } = play;
  const { alphabet } = texts.rules;
  const placedAfter = words.length > 0 && bonuses.length === 0 && placedSquares.length > 0;
  let out = '';
  const last = words.length - 1;
  for (let k = 0; k <= last; k++) {
    const w = words[k];
    const text = alphabet.formatWord(w.tiles);
    const known = withList ? (w.known as boolean) : null;
    out += (texts.wordsSafe ? text : inner(text)) + wordScoreJson(w.score, known);
    if (last === 0 && placedAfter) {
      // Most plays: one word, whose position is kept with the squares after it.
      const line = texts.wordOnLine(
        w.direction === 'across',
        w.start,
        w.main,
        placedSquares,
        plain,
      );
      if (line !== '') return out + line;
    }
    out += texts.position(
      w.direction === 'across',
      w.start,
      w.main,
      k < last ? MORE : placedAfter ? LAST_THEN_PLACED : LAST,
    );
  }
  if (last < 0) out += ',"words":[]';
  if (!placedAfter) {
    if (bonuses.length === 0) out += ',"bonuses":[]';
    else {
      out += ',"bonuses":[';
      for (let i = 0; i < bonuses.length; i++) {
        const b = bonuses[i];
        out +=
          (i === 0 ? '{"kind":"' : ',{"kind":"') +
          inner(b.kind) +
          '","points":' +
          num(b.points) +
          (b.word === undefined
            ? '}'
            : ',"word":"' + inner(alphabet.formatWord(words[b.word].tiles)) + '"}');
      }
      out += ']';
    }
    if (placedSquares.length === 0)
      return out + (plain ? ',"placed":[],"issues":[]}' : ',"placed":[]');
    out += ',"placed":["';
  }
  const end = placedSquares.length - 1;
  const line = end > 0 ? texts.squaresOnLine(placedSquares, plain) : '';
  if (line !== '') return out + line;
  for (let i = 0; i < end; i++) out += texts.squareThen(placedSquares[i]);
  return out + texts.lastSquare(placedSquares[end], plain);
}

/** What follows a word's position: another word, or the end of the words (and `"placed":[`). */
type AfterWord = 0 | 1 | 2;
const MORE: AfterWord = 0;
const LAST: AfterWord = 1;
const LAST_THEN_PLACED: AfterWord = 2;
const AFTER_WORD = ['{"word":"', ']', '],"bonuses":[],"placed":["'];

/**
 * The texts of a rule set's squares and positions with the keys and quotes around them, made
 * when first written and kept (most are written in every game of the rule set).
 */
class RuleTexts {
  /** Whether a word's text needs no escape (every letter the alphabet writes needs none). */
  readonly wordsSafe: boolean;
  private readonly positions: string[];
  private readonly squares: string[];
  /** A play's squares, by line and the squares on it (see {@link squaresOnLine}). */
  private readonly lines = new Map<number, string>();
  /** The same after a play's one word's position, by `back * 2 + main` (see {@link wordOnLine}). */
  private readonly wordLines: (Map<number, string> | undefined)[] = [];
  /** How many plays' squares are kept, in {@link lines} and {@link wordLines}. */
  private linesKept = 0;
  /** Whether no square's text on the board needs an escape (see `drawBoard`). */
  readonly boardSafe: boolean;
  /** `drawBoard`'s text of each cell value, and a run of empty squares. */
  private readonly cells: string[];
  private readonly emptyRun: string[];
  /** `tileRuns[cell * (size + 1) + k]`: `A . .`, a tile then k empty squares, one kept piece. */
  private readonly tileRuns: string[];
  /** The same after a space: ` A . .`. */
  private readonly spacedRuns: string[];
  /**
   * `pairRuns[first][second * (size + 1) + k]`: two tiles side by side, then k empty squares
   * (`A B . .`), one kept piece; `first` is the first tile, plus 128 after a space (` A B . .`).
   * Each table is made when its first tile is first met.
   */
  private readonly pairRuns = new Array<string[] | undefined>(256).fill(undefined);
  /** `leads[k]` and `leads[size + 1 + k]`: `["` (the first row) or `","`, then k empty squares. */
  private readonly leads: string[];
  /**
   * `leadRuns[lead][cell * (size + 1) + k]`: a row's start, `leads[lead]`, its first tile and
   * k empty squares after it (`",". . A . .`), one kept piece; each table made when first needed.
   */
  private readonly leadRuns: (string[] | undefined)[];
  /** A row of empty squares, the first (`[". . ."`) and any other (`",". . ."`). */
  private readonly emptyRows: [string, string];

  constructor(readonly rules: CompiledRules) {
    const { size } = rules;
    const count = size * size;
    this.positions = table(count * 12);
    this.squares = table(count * 3);
    let safe = true;
    for (let tile = 0; tile < 256; tile++) {
      const shown = rules.alphabet.display(tile);
      if (typeof shown === 'string' && inner(shown) !== shown) safe = false;
    }
    this.wordsSafe = safe;
    const drawn = cellTexts(rules);
    let boardSafe = inner(drawn.emptyRow) === drawn.emptyRow;
    for (let cell = 0; cell < 256; cell++)
      if (inner(drawn.text[cell]) !== drawn.text[cell]) boardSafe = false;
    this.boardSafe = boardSafe;
    this.cells = drawn.text;
    this.emptyRun = drawn.emptyRun;
    this.tileRuns = table(256 * (size + 1));
    this.spacedRuns = table(256 * (size + 1));
    this.leads = [];
    for (const lead of ['["', '","'])
      for (let k = 0; k <= size; k++) this.leads.push(flat(lead + drawn.emptyLead[k]));
    this.leadRuns = new Array<string[] | undefined>(this.leads.length).fill(undefined);
    this.emptyRows = [flat('["' + drawn.emptyRow), flat('","' + drawn.emptyRow)];
  }

  /**
   * The board's rows as JSON writes the list `drawBoard` draws (`boardSafe`): each row's text
   * joined straight into the report's, a piece a tile with the empty squares after it.
   */
  board(cells: Uint8Array): string {
    const { size } = this.rules;
    const count = size * size;
    if (count === 0) return '[]';
    let out = '';
    for (let square = 0; square < count; square += size) {
      const end = square + size;
      const other = square === 0 ? 0 : 1;
      let c = square;
      while (c < end && cells[c] === 0) c++; // EMPTY
      if (c === end) {
        out += this.emptyRows[other];
        continue;
      }
      const lead = other * (size + 1) + (c - square);
      let kept = this.tileRuns;
      const cell = cells[c];
      if (cell < 128) {
        // The row's start and its first tile, with the empty squares after it, as one piece.
        let next = c + 1;
        while (next < end && cells[next] === 0) next++;
        const runs = this.leadRuns[lead] ?? (this.leadRuns[lead] = table(128 * (size + 1)));
        const k = cell * (size + 1) + (next - c - 1);
        const piece = runs[k];
        out +=
          piece !== ''
            ? piece
            : (runs[k] = flat(this.leads[lead] + this.cells[cell] + this.emptyRun[next - c - 1]));
        kept = this.spacedRuns;
        c = next;
      } else out += this.leads[lead];
      while (c < end) {
        const cell = cells[c];
        let next = c + 1;
        if (next < end && cell < 128 && cells[next] !== 0 && cells[next] < 128) {
          // Two tiles side by side (most of a dense board's), and the empty squares after them.
          const second = cells[next];
          let after = next + 1;
          while (after < end && cells[after] === 0) after++;
          const first = (kept === this.tileRuns ? 0 : 128) + cell;
          const pairs = this.pairRuns[first] ?? (this.pairRuns[first] = table(128 * (size + 1)));
          const k = second * (size + 1) + (after - next - 1);
          const piece = pairs[k];
          out +=
            piece !== ''
              ? piece
              : (pairs[k] = flat(
                  (first < 128 ? '' : ' ') +
                    this.cells[cell] +
                    ' ' +
                    this.cells[second] +
                    this.emptyRun[after - next - 1],
                ));
          kept = this.spacedRuns;
          c = after;
          continue;
        }
        while (next < end && cells[next] === 0) next++;
        const k = cell * (size + 1) + (next - c - 1);
        const piece = kept[k];
        out +=
          piece !== ''
            ? piece
            : (kept[k] = flat(
                (kept === this.tileRuns ? '' : ' ') +
                  this.cells[cell] +
                  this.emptyRun[next - c - 1],
              ));
        kept = this.spacedRuns;
        c = next;
      }
    }
    return out + '"]';
  }

  /** `8G","main":true}` and what follows the word (`after`). */
  position(across: boolean, start: number, main: boolean, after: AfterWord): string {
    const k = ((start * 2 + (across ? 1 : 0)) * 2 + (main ? 1 : 0)) * 3 + after;
    const kept = this.positions[k];
    if (kept !== '') return kept;
    const { positionNames } = this.rules;
    const name = across ? positionNames.across[start] : positionNames.down[start];
    return (this.positions[k] = flat(
      inner(name) +
        (main ? '","main":true}' : '","main":false}') +
        (after === MORE ? ',' : '') +
        AFTER_WORD[after],
    ));
  }

  /**
   * `G8","I8","J8"]`: a play's squares (two or more), with `plain` the turn's empty findings and
   * its end, as one kept piece when they lie on one line within {@link SPAN} squares of the
   * first (most plays: in a game of dense boards, most plays also pass over tiles of the board);
   * otherwise ''.
   */
  squaresOnLine(squares: readonly number[], plain: boolean, word = -1): string {
    const first = squares[0];
    const last = squares[squares.length - 1];
    const across = squares[1] - first < this.rules.size;
    const step = across ? 1 : this.rules.size;
    // The key gives the squares in their order: each a whole number of steps after the one before.
    let offsets = 1;
    let offset = 0;
    let square = first;
    for (let i = 1; i < squares.length; i++) {
      const next = squares[i];
      do {
        square += step;
        offset++;
      } while (square < next && offset < SPAN);
      if (square !== next || offset >= SPAN) return '';
      offsets |= 1 << offset;
    }
    const key = (((first * 2 + (across ? 1 : 0)) << SPAN) + offsets) * 2 + (plain ? 1 : 0);
    const lines = word < 0 ? this.lines : (this.wordLines[word] ??= new Map<number, string>());
    const kept = lines.get(key);
    if (kept !== undefined) return kept;
    let text =
      word < 0
        ? ''
        : this.position(across, first - (word >> 1) * step, (word & 1) === 1, LAST_THEN_PLACED);
    for (let i = 0; i < squares.length - 1; i++) text += this.squareThen(squares[i]);
    text = flat(text + this.lastSquare(last, plain));
    if (this.linesKept < LINES_KEPT) {
      lines.set(key, text);
      this.linesKept++;
    }
    return text;
  }

  /**
   * `8G","main":true}],"bonuses":[],"placed":["G8","I8"]`: a play's one word's position (across
   * or down from `start`) and the play's squares (two or more, see {@link squaresOnLine}) as one
   * kept piece, when the word lies along their line and starts fewer than {@link SPAN} squares
   * before the first; otherwise ''.
   */
  wordOnLine(
    across: boolean,
    start: number,
    main: boolean,
    squares: readonly number[],
    plain: boolean,
  ): string {
    const { size } = this.rules;
    const first = squares[0];
    if (squares.length < 2 || squares[1] - first < size !== across) return '';
    const back = across ? first - start : (first - start) / size;
    if (!(back >= 0 && back < SPAN && Number.isInteger(back))) return '';
    if (across && first % size < back) return '';
    return this.squaresOnLine(squares, plain, back * 2 + (main ? 1 : 0));
  }

  /** `H8","`: a square of a play's, another after it. */
  squareThen(square: number): string {
    const k = square * 3;
    const kept = this.squares[k];
    return kept !== ''
      ? kept
      : (this.squares[k] = flat(inner(this.rules.squareNames[square]) + '","'));
  }

  /** `H8"]`: a play's last square, with `plain` the turn's empty findings and its end. */
  lastSquare(square: number, plain: boolean): string {
    const k = square * 3 + (plain ? 1 : 2);
    const kept = this.squares[k];
    return kept !== ''
      ? kept
      : (this.squares[k] = flat(
          inner(this.rules.squareNames[square]) + (plain ? '"],"issues":[]}' : '"]'),
        ));
  }
}

/** A play's squares up to this many squares from its first (exclusive) are kept whole. */
const SPAN = 16;
/** At most this many plays' squares are kept, for each rule set. */
const LINES_KEPT = 1 << 16;

const RULE_TEXTS = new WeakMap<CompiledRules, RuleTexts>();

function ruleTexts(rules: CompiledRules): RuleTexts {
  let texts = RULE_TEXTS.get(rules);
  if (texts === undefined) RULE_TEXTS.set(rules, (texts = new RuleTexts(rules)));
  return texts;
}

/*
 * Pieces of a turn's text for the figures most turns have, made once and kept: a turn's text
 * costs by the pieces it is joined from (about 150 machine instructions each, half to join and
 * half to lay the text flat when it is written out), and a number with the keys around it is one
 * piece rather than three. Each table holds at most a few thousand short strings.
 */
/** Figures up to this (exclusive) are kept in the tables; a larger one is joined in pieces. */
const KEPT = 1024;
/**
 * A table of `size` pieces, '' until made: filled from the start, as V8 keeps a list whose
 * items are written out of order, from empty, as a dictionary (a hash look-up each read).
 */
const table = (size: number): string[] => new Array<string>(size).fill('');
const HEADS = table(KEPT * 2 * 6);
const SCORES = table(KEPT);
const QUOTED_SCORES = table(KEPT);
const TOTALS = table(KEPT);
const TOTALS_THEN_WORDS = table(KEPT);
const WORD_SCORES = table(KEPT * 3);
const NUMBERS = table(KEPT);
/** Scores under this with their totals are kept as one piece (see {@link scoreTotalJson}). */
const SCORE_ROWS = 256;
/**
 * By whether the play's text comes before and the words after, then by the score: each a table
 * of pieces by the total, made when the score is first met.
 */
const SCORE_TOTALS = Array.from({ length: 4 }, () =>
  new Array<string[] | null>(SCORE_ROWS).fill(null),
);
/** By the four digits of an `mm:ss` reading, and whether the turn's words follow. */
const CLOCKS = table(10000 * 2);
/*
 * A player's account is joined from a few kept pieces, each a run of its keys and their usual
 * values.
 */
const MOVES = table(KEPT);
const RACK_KEPT = 128;
/** By the rack's penalty and bonus, each under {@link RACK_KEPT}. */
const RACKS = table(RACK_KEPT * RACK_KEPT);
/** By the final, claimed as computed or not claimed (`null`). */
const FINALS = table(KEPT * 2);
/** By the four digits of the time left, `mm:ss`, with no penalty. */
const TIMES_LEFT = table(10000);
/** By the player's turns, and whether their time ran out. */
const LAST_PLAYER_KEYS = table(KEPT * 2);

const LEADS = ['', '[', ','];
/** The head of a play's turn that stands (`playOk`) after the player: its kind, its status. */
const PLAY_OK = ',"kind":"play","status":"ok","play":"';

/**
 * `{"index":5,"player":1` after `lead` (`[`, `,` or nothing), with `playOk` the kind and status
 * of a play that stands and the key of its text (`,"kind":"play","status":"ok","play":"`).
 */
function headJson(lead: string, index: number, player: number, playOk: boolean): string {
  if (index >= 0 && index < KEPT && (player === 0 || player === 1) && Number.isInteger(index)) {
    const l = lead === '' ? 0 : lead === '[' ? 1 : 2;
    const k = ((index * 2 + player) * 3 + l) * 2 + (playOk ? 1 : 0);
    const kept = HEADS[k];
    return kept !== ''
      ? kept
      : (HEADS[k] = flat(
          LEADS[l] + '{"index":' + index + ',"player":' + player + (playOk ? PLAY_OK : ''),
        ));
  }
  return lead + '{"index":' + num(index) + ',"player":' + num(player) + (playOk ? PLAY_OK : '');
}

/**
 * `,"score":{"claimed":7,"computed":7}` (`key` is its text to `"claimed":`) and `then`, kept
 * when equal.
 */
function figuresJson(
  kept: string[],
  key: string,
  claimed: number | null,
  computed: number,
  then: string,
): string {
  if (claimed === computed && computed >= 0 && computed < KEPT && Number.isInteger(computed)) {
    const made = kept[computed];
    return made !== ''
      ? made
      : (kept[computed] = flat(key + computed + ',"computed":' + computed + '}' + then));
  }
  return key + orNull(claimed) + ',"computed":' + num(computed) + '}' + then;
}

/**
 * `","score":{"claimed":7,"computed":7},"total":{"claimed":30,"computed":30}` (`quoted`: after
 * the play's text; otherwise from `,"score"`), with `thenWords` {@link WORDS_OPEN} after it, as
 * one kept piece when both are claimed as computed (most turns); otherwise ''.
 */
function scoreTotalJson(
  quoted: boolean,
  score: { claimed: number | null; computed: number },
  total: { claimed: number | null; computed: number },
  thenWords: boolean,
): string {
  const s = score.computed;
  const sum = total.computed;
  if (score.claimed !== s || total.claimed !== sum) return '';
  if (!(s >= 0 && s < SCORE_ROWS && Number.isInteger(s))) return '';
  if (!(sum >= 0 && sum < KEPT && Number.isInteger(sum))) return '';
  const rows = SCORE_TOTALS[(quoted ? 2 : 0) + (thenWords ? 1 : 0)];
  let row = rows[s];
  if (row === null) row = rows[s] = table(KEPT);
  const kept = row[sum];
  return kept !== ''
    ? kept
    : (row[sum] = flat(
        (quoted ? '","score":{"claimed":' : ',"score":{"claimed":') +
          s +
          ',"computed":' +
          s +
          '},"total":{"claimed":' +
          sum +
          ',"computed":' +
          sum +
          '}' +
          (thenWords ? WORDS_OPEN : ''),
      ));
}

/**
 * `,"clock":{"claimed":"29:33","remaining":"29:33"}`, with `wordsFollow` the text before the
 * turn's first word ({@link WORDS_OPEN}): kept for a reading written `mm:ss` that no penalty
 * changed, as most are.
 */
function clockJson(claimed: string, remaining: string, wordsFollow: boolean): string {
  const digits = claimed === remaining ? clockDigits(claimed) : -1;
  if (digits >= 0) {
    const k = digits * 2 + (wordsFollow ? 1 : 0);
    const kept = CLOCKS[k];
    return kept !== ''
      ? kept
      : (CLOCKS[k] = flat(
          ',"clock":{"claimed":"' +
            claimed +
            '","remaining":"' +
            claimed +
            '"}' +
            (wordsFollow ? WORDS_OPEN : ''),
        ));
  }
  return (
    ',"clock":{"claimed":"' +
    inner(claimed) +
    '","remaining":"' +
    inner(remaining) +
    '"}' +
    (wordsFollow ? WORDS_OPEN : '')
  );
}

/** A reading written `mm:ss` as its four digits, 0 to 9999 (`29:33` is 2933); otherwise -1. */
function clockDigits(text: string): number {
  if (text.length !== 5 || text.charCodeAt(2) !== 58 /* : */) return -1;
  const m1 = text.charCodeAt(0) - 48;
  const m2 = text.charCodeAt(1) - 48;
  const s1 = text.charCodeAt(3) - 48;
  const s2 = text.charCodeAt(4) - 48;
  return m1 >>> 0 <= 9 && m2 >>> 0 <= 9 && s1 >>> 0 <= 9 && s2 >>> 0 <= 9
    ? ((m1 * 10 + m2) * 10 + s1) * 10 + s2
    : -1;
}

/** `","score":7,"known":true,"position":"`: a word's figures, between its text and its position. */
function wordScoreJson(score: number, known: boolean | null): string {
  const k = known === null ? 0 : known ? 1 : 2;
  const known_ = k === 0 ? 'null' : k === 1 ? 'true' : 'false';
  if (score >= 0 && score < KEPT && Number.isInteger(score)) {
    const kept = WORD_SCORES[score * 3 + k];
    if (kept !== '') return kept;
    return (WORD_SCORES[score * 3 + k] = flat(
      '","score":' + score + ',"known":' + known_ + ',"position":"',
    ));
  }
  return '","score":' + num(score) + ',"known":' + known_ + ',"position":"';
}

/** `,"kind":…,"status":…`, one piece for the usual pairs. */
function kindJson(kind: string, status: string): string {
  if (kind === 'play') {
    if (status === 'ok') return ',"kind":"play","status":"ok"';
  } else if (kind === 'pass') {
    if (status === 'pass') return ',"kind":"pass","status":"pass"';
  } else if (kind === 'exchange') {
    if (status === 'exchange') return ',"kind":"exchange","status":"exchange"';
  }
  return ',"kind":"' + inner(kind) + '","status":"' + inner(status) + '"';
}

/**
 * A turn's words from its report (after {@link WORDS_OPEN}), each made by the replay with its
 * keys in this order.
 */
function wordsJson(words: readonly WordReport[]): string {
  const last = words.length - 1;
  let out = '';
  for (let i = 0; i <= last; i++) {
    const w = words[i];
    out +=
      (i === 0 ? '' : ',{"word":"') +
      inner(w.word) +
      wordScoreJson(w.score, w.known) +
      inner(w.position) +
      (i === last
        ? w.main
          ? '","main":true}]'
          : '","main":false}]'
        : w.main
          ? '","main":true}'
          : '","main":false}');
  }
  return out;
}

/**
 * A list of strings (squares), with `close` after the last (`"]` and what follows it), or
 * `empty` for an empty list.
 */
function stringsJson(list: readonly string[], close: string, empty: string): string {
  if (list.length === 0) return empty;
  let out = '["' + inner(list[0]);
  for (let i = 1; i < list.length; i++) out += '","' + inner(list[i]);
  return out + close;
}

/**
 * `text` laid flat before it is kept: a text joined from pieces stays a tree of them until read
 * whole, and a kept piece left so would be walked piece by piece in every report it is written
 * into.
 */
function flat(text: string): string {
  text.charCodeAt(0);
  return text;
}

/** A number as JSON writes it (`String` gives the same digits; JSON has no NaN or Infinity). */
function num(n: number): string {
  // Small whole numbers from a table: V8 writes a number out through its runtime, at about
  // 800 machine instructions.
  if (n >= 0 && n < KEPT && Number.isInteger(n)) {
    const kept = NUMBERS[n];
    return kept !== '' ? kept : (NUMBERS[n] = '' + n);
  }
  return Number.isFinite(n) ? '' + n : 'null';
}

/** Keys' texts, `{"key":` and `,"key":`, made once and kept (up to {@link KEYS_KEPT} keys). */
const FIRST_KEYS = new Map<string, string>();
const NEXT_KEYS = new Map<string, string>();
const KEYS_KEPT = 512;

/** `{"key":` (`first`) or `,"key":`. */
function keyJson(key: string, first: boolean): string {
  const keys = first ? FIRST_KEYS : NEXT_KEYS;
  const kept = keys.get(key);
  if (kept !== undefined) return kept;
  const text = (first ? '{"' : ',"') + inner(key) + '":';
  if (keys.size < KEYS_KEPT) keys.set(key, text);
  return text;
}

function orNull(n: number | null): string {
  return n === null ? 'null' : num(n);
}

/** Texts longer than this are looked at by {@link NEEDS_ESCAPE}. */
const LONG_TEXT = 32;
/** A character {@link inner}'s loop sends to JSON.stringify (no `u` flag: any surrogate). */
// eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
const NEEDS_ESCAPE = /[\u0000-\u001f"\\\ud800-\udfff]/;

/**
 * A string as JSON writes it between its quotes. Most of a report's strings (squares, words,
 * clocks) need no escape: they are written as they are after a look at each character; one that
 * needs any is written by JSON.stringify (quotes, backslashes, control characters, and lone
 * surrogates, which JSON writes as `\udxxx`).
 */
function inner(s: string): string {
  // A long text (a finding's message) by one regular expression, which reads it several times
  // faster than this loop does (about 15 machine instructions a character); a short one here.
  if (s.length > LONG_TEXT) return NEEDS_ESCAPE.test(s) ? JSON.stringify(s).slice(1, -1) : s;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff))
      return JSON.stringify(s).slice(1, -1);
  }
  return s;
}

/**
 * Compact JSON text laid out as `JSON.stringify(value, null, indent)` lays it out: each key
 * and list item on its own line, `": "` after a key, an empty object or list as `{}` or `[]`.
 */
export function indentJson(text: string, indent = 2): string {
  const step = ' '.repeat(Math.min(10, Math.max(0, Math.floor(indent))));
  if (step === '') return text;
  let out = '';
  let pad = '\n';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Over the string: to its closing quote, past escaped characters.
      for (i++; text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      const next = text.charCodeAt(i + 1);
      if (next === 0x7d || next === 0x5d) {
        i++;
        continue;
      }
      pad += step;
      out += text.slice(from, i + 1) + pad;
      from = i + 1;
    } else if (c === 0x7d || c === 0x5d) {
      pad = pad.slice(0, pad.length - step.length);
      out += text.slice(from, i) + pad;
      from = i;
    } else if (c === 0x2c) {
      out += text.slice(from, i + 1) + pad;
      from = i + 1;
    } else if (c === 0x3a) {
      out += text.slice(from, i + 1) + ' ';
      from = i + 1;
    }
  }
  return out + text.slice(from);
}
