import { Alphabet } from '../rules/alphabet';
import { RuleOptions, RuleSet } from '../rules/ruleset';
import { findRuleSet, RULE_SETS, SCRABBLE_EN, SCRABBLE_FR } from '../rules/rulesets';
import { parseClock, Scoresheet, SheetEnd, SheetTurn } from '../sheet/scoresheet';
import { TurnReport, VerificationReport } from '../report/report';

/**
 * GCG, the crossword-game record of Quackle, Macondo/Woogles, Elise and cross-tables:
 * pragmas (`#player1 nick Full Name`) and events (`>nick: RACK POS WORD +score total`).
 *
 * The pragmas of those programs are read as their authors mean them: `#lexicon`
 * (`NWL23`, `CSW21`, `FRA20`…), and Macondo's `#game-type` (the variant:
 * `classic`…), `#board-layout` and `#tile-distribution` (or the `#note Variant:`,
 * `#note BoardLayout:`, `#note LetterDistribution:` lines its older versions wrote
 * before the first event); `#rack1`/`#rack2` are the racks where the record stops.
 *
 * What GCG has no field for, Arbiter writes as pragmas of its own, which
 * Quackle passes over (as it does any pragma it does not know) and this reader
 * reads back, so a sheet exported and imported again is the same game:
 *
 * - at the top: `#arbiter-rules kvizovka` the rule set (exports before it wrote
 *   `#game-type kvizovka`, which is still read so); `#arbiter-options
 *   {"penaltyMinutes":[1,2]}` the sheet's rule options (JSON);
 * - after an event: `#arbiter-clock 28:40` the clock written for that turn;
 *   `#arbiter-challenge valid` the opponent challenged the play and it stood
 *   (without a bonus: a time penalty in Kvizovka, a lost turn in Scrabble);
 * - at the end: `#arbiter-end agreed` how the game ended; `#arbiter-end-clocks 22:05 21:40`
 *   the final clocks (`-` for none); `#arbiter-time-expired nick` whose time ran out.
 */

/** What an event carries from Arbiter's pragmas after it. */
export interface GcgEventNotes {
  /** `#arbiter-clock`: the clock written for the turn. */
  clock?: string;
  /** `#arbiter-challenge valid`: the play was challenged by the opponent and stood. */
  challengeStood?: true;
}

/** One event line. `score` is signed; `total` the recorded cumulative score. */
export type GcgEvent = GcgEventNotes &
  (
    | {
        kind: 'move';
        nick: string;
        rack: string;
        position: string;
        word: string;
        score: number;
        total: number;
        line: number;
      }
    | {
        kind: 'exchange';
        nick: string;
        rack: string;
        tiles: string | number;
        score: number;
        total: number;
        line: number;
      }
    | { kind: 'pass'; nick: string; rack: string; score: number; total: number; line: number }
    /** `--`: the previous move was a phony and came off the board. */
    | { kind: 'withdrawn'; nick: string; rack: string; score: number; total: number; line: number }
    /** `(challenge)`: the player's move stood and they receive a bonus. */
    | {
        kind: 'challenge-bonus';
        nick: string;
        rack: string;
        score: number;
        total: number;
        line: number;
      }
    /** `(RACK) +n`: the player went out and receives points for the opponent's rack. */
    | {
        kind: 'end-rack';
        nick: string;
        rack: string;
        opponentRack: string;
        score: number;
        total: number;
        line: number;
      }
    /**
     * `RACK (RACK) -n`: the player loses the value of their own rack. `counted`: the letters in
     * the parentheses, where they are not the rack before them (a recorder's slip).
     */
    | {
        kind: 'own-rack';
        nick: string;
        rack: string;
        counted?: string;
        score: number;
        total: number;
        line: number;
      }
    /** `(time) -n`: overtime penalty. */
    | {
        kind: 'time-penalty';
        nick: string;
        rack: string;
        score: number;
        total: number;
        line: number;
      }
  );

/** What a score sheet has that GCG has no field for, from Arbiter's pragmas. */
export interface GcgArbiter {
  /** `#arbiter-rules`: the id of the rule set the game is played under. */
  rules?: string;
  /** `#arbiter-options`: the sheet's rule options. */
  options?: RuleOptions;
  /** `#arbiter-end`: why the game ended. */
  endReason?: NonNullable<SheetEnd['reason']>;
  /** `#arbiter-end-clocks`: each player's final clock (`null`: not written). */
  endClocks?: (string | null)[];
  /** `#arbiter-time-expired`: the nickname of the player whose time ran out. */
  timeExpired?: string;
}

/** A player named by a `#player1`/`#player2` pragma. */
export interface GcgPlayer {
  nick: string;
  name: string;
}

/** The pragmas that say which game a record is, and so which rule set reads it. */
export type GcgGamePragma =
  | 'game-type'
  | 'lexicon'
  | 'board-layout'
  | 'tile-distribution'
  | 'arbiter-rules'
  | 'rack1'
  | 'rack2';

/** A pragma as written and the line it is on, for messages that name it. */
export interface GcgPragmaAt {
  line: number;
  /** The line as written, e.g. `#lexicon FRA20` or `#note Variant: classic`. */
  text: string;
}

/** A parsed GCG record. Pragmas not listed keep their text in `otherPragmas`. */
export interface GcgGame {
  players: GcgPlayer[];
  title?: string;
  description?: string;
  id?: string;
  /** `#lexicon`: the word list, as the recorder names it (`NWL23`, `CSW21`, `FRA20`, `csw19`…). */
  lexicon?: string;
  characterEncoding?: string;
  /**
   * `#game-type`: the variant as Macondo and Woogles write it (`classic`,
   * `wordsmog`, `classic_super`, `wordsmog_super`). Arbiter's exports before
   * `#arbiter-rules` wrote a rule-set id here, which is still read as one.
   */
  gameType?: string;
  /**
   * `#board-layout`: the board as Macondo and Woogles name it (`CrosswordGame`,
   * `CrosswordGameGmo`, `SuperCrosswordGame`) or MAGPIE (`standard15`, `standard21`).
   */
  boardLayout?: string;
  /** `#tile-distribution`: Macondo's tile set (`english`, `french`, `german`…). */
  tileDistribution?: string;
  /** `#rack1`, `#rack2`: each player's rack where the record stops (`undefined`: not written). */
  racks?: (string | undefined)[];
  /** Arbiter's pragmas of the whole game (rule set, options, how it ended, final clocks). */
  arbiter?: GcgArbiter;
  otherPragmas: string[];
  events: GcgEvent[];
  /** Where the pragmas that say which game this is were read. */
  pragmaLines?: Partial<Record<GcgGamePragma, GcgPragmaAt>>;
}

/** A line of a GCG file that could not be read. */
export interface GcgError {
  line: number;
  message: string;
  /** What is wrong, as data, for a page to say in its own language (the usual mistakes). */
  problem?: GcgProblem;
}

/** The usual mistakes of a GCG record, as data; others have only the message. */
export type GcgProblem =
  | { code: 'NOT_A_LINE'; text: string }
  | { code: 'NO_COLON' }
  | { code: 'EMPTY_EVENT' }
  | { code: 'NOT_A_MOVE'; text: string }
  | { code: 'UNKNOWN_PLAYER'; nick: string; players: string[] }
  | { code: 'NO_PLAYERS' }
  | { code: 'PLAYER_PRAGMA'; pragma: string }
  /** An event written without its points or total: `--`, `(challenge)`, `(time)`, `-`, an exchange. */
  | { code: 'NEEDS_POINTS'; event: string }
  | { code: 'WITHOUT_MOVE'; event: '--' | '(challenge)'; nick: string }
  /** A `(time)` line in a record of a rule set that takes no points for time over. */
  | { code: 'TIME_PENALTY'; rules: string }
  /** A pragma naming a game other than the rule set the record is read with. */
  | { code: 'NOT_FOR_RULES'; pragma: string; means: GcgMeaning; id?: string; rules: string }
  | { code: 'UNKNOWN_GAME_TYPE'; pragma: string; value: string; variant: boolean; ids: string[] }
  | { code: 'UNKNOWN_LEXICON'; pragma: string; value: string }
  | { code: 'UNKNOWN_TILES'; pragma: string; value: string; known: string[] }
  /** `layout`: a board the recorders document that no rule set has (left out for a name unknown). */
  | { code: 'UNKNOWN_BOARD'; pragma: string; value: string; layout?: GcgBoardLayout }
  | { code: 'NOT_A_RULE_SET'; pragma: string; id: string; ids: string[] }
  | { code: 'CARD_GAME'; name: string }
  | { code: 'RACK_UNREADABLE'; pragma: string; rack: string }
  | { code: 'END_RACK_DIFFERS'; pragma: string; player: string; rack: string }
  /** One of Arbiter's own pragmas (which its export writes) that cannot be read. */
  | {
      code: 'ARBITER_PRAGMA';
      pragma: string;
      value: string;
      needs: ArbiterPragmaNeed;
      reasons?: string[];
    }
  | { code: 'PRAGMA_AFTER'; kind: string }
  | { code: 'TIME_EXPIRED_PLAYER'; nick: string; sameNick: boolean };

/**
 * A board layout the recorders document that is not the board of any rule set: the 21x21 super
 * board (`SuperCrosswordGame`, `standard21`), the 15x15 board without the centre's double word
 * (`CrosswordGameGmo`).
 */
export type GcgBoardLayout = 'super-21x21' | 'no-centre-double-word';

/** What a pragma says the game is: a rule set of Arbiter (`id`), or a lexicon, tiles or board. */
export type GcgMeaning =
  'classic' | 'rule-set' | 'lexicon-en' | 'lexicon-fr' | 'tiles-en' | 'tiles-fr' | 'board-scrabble';

/**
 * Decodes GCG bytes: ISO-8859-1 unless the file declares
 * `#character-encoding UTF-8` (which must come first, by the format).
 */
export function decodeGcg(bytes: Uint8Array): string {
  // A record of ASCII alone (as most are) reads the same in every encoding: decoded as UTF-8,
  // the runtime's quickest, and told ASCII by its length and its characters' (a byte that is
  // not ASCII decodes to a character that is not, or, in a byte order mark, to none).
  const text = (UTF8 ??= new TextDecoder('utf-8')).decode(bytes);
  if (text.length === bytes.length && isAscii(text)) return text;
  return decodeWithEncoding(bytes);
}

/** {@link decodeGcg} of a record that is not ASCII alone. */
function decodeWithEncoding(bytes: Uint8Array): string {
  const latin1 = (LATIN1 ??= new TextDecoder('latin1'));
  const head = latin1.decode(bytes.subarray(0, Math.min(bytes.length, 400)));
  const utf8 =
    CHARACTER_ENCODING.test(head) &&
    /^\uFEFF?#character-encoding\s+utf-?8\s*$/im.test(head.split(/\r?\n/).slice(0, 3).join('\n'));
  const text = (utf8 ? (UTF8 ??= new TextDecoder('utf-8')) : latin1).decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Decoders made once: one made a record cost more than the record's decoding. */
let LATIN1: { decode(bytes: Uint8Array): string } | null = null;
let UTF8: { decode(bytes: Uint8Array): string } | null = null;
/** Only a head that names an encoding is read for it (most records name none). */
const CHARACTER_ENCODING = /#character-encoding/i;

const OLDER_MACONDO_NOTE = /^(Variant|BoardLayout|LetterDistribution)\s*:\s*(\S.*)$/;
const OLDER_MACONDO_FIELDS: Record<
  string,
  { key: 'gameType' | 'boardLayout' | 'tileDistribution'; pragma: GcgGamePragma } | undefined
> = {
  Variant: { key: 'gameType', pragma: 'game-type' },
  BoardLayout: { key: 'boardLayout', pragma: 'board-layout' },
  LetterDistribution: { key: 'tileDistribution', pragma: 'tile-distribution' },
};

/** Reads GCG text. Every unreadable line is reported with its number; nothing is guessed. */
export function parseGcg(
  text: string,
): { ok: true; game: GcgGame } | { ok: false; errors: GcgError[] } {
  const game: GcgGame = { players: [], otherPragmas: [], events: [] };
  const errors: GcgError[] = [];
  const n = text.length;
  // Every character of every record is read here, and a character read from a string costs
  // several times one read from bytes (V8 tells the string's kind at each read): the lines are
  // scanned in the record's characters as bytes, and only what the game keeps is cut out.
  const codes = codesOf(text);
  const nicks = new EventNicks(game, text, codes, CODES_ASCII);
  /** Where in `otherPragmas` the `#note` is that the lines after it continue, until a pragma or event. */
  let note: number | null = null;
  // Lines end at '\n' alone (a '\r' before it is white space trimmed off the line). Each is
  // read in place, its white space trimmed by the bounds.
  for (let from = 0, lineNo = 1; from <= n; lineNo++) {
    // The line's end found by the runtime's search, which reads a character in a fraction of
    // what a read in JavaScript costs.
    const newline = text.indexOf('\n', from);
    const end = newline < 0 ? n : newline;
    let start = from;
    let stop = end;
    from = end + 1;
    while (start < stop && isSpaceCode(codes[start])) start++;
    while (stop > start && isSpaceCode(codes[stop - 1])) stop--;
    if (start === stop) continue;
    const first = codes[start];
    if (note !== null && first !== 35 /* # */ && first !== 62 /* > */) {
      // A note goes on over the lines that are neither pragmas nor events (Macondo writes a
      // note's line breaks as they are, and reads such lines back as the note's).
      game.otherPragmas[note] += `\n${text.slice(start, stop)}`;
      continue;
    }
    note = null;
    if (first === 35 /* # */) {
      note = readPragma(game, text.slice(start, stop), lineNo, errors);
      continue;
    }
    if (first !== 62 /* > */) {
      const line = text.slice(start, stop);
      errors.push({
        line: lineNo,
        message: `'${line.slice(0, 40)}' is neither a pragma (#…) nor an event (>nick: …)`,
        problem: { code: 'NOT_A_LINE', text: line.slice(0, 40) },
      });
      continue;
    }
    let colon = start + 1;
    while (colon < stop && codes[colon] !== 58 /* : */) colon++;
    if (colon === stop) {
      errors.push({
        line: lineNo,
        message: "an event needs the player's nickname followed by a colon (>nick: …)",
        problem: { code: 'NO_COLON' },
      });
      continue;
    }
    let nickStart = start + 1;
    let nickEnd = colon;
    while (nickStart < nickEnd && isSpaceCode(codes[nickStart])) nickStart++;
    while (nickEnd > nickStart && isSpaceCode(codes[nickEnd - 1])) nickEnd--;
    const event = parseEvent(
      nicks.at(nickStart, nickEnd),
      text,
      codes,
      colon + 1,
      stop,
      lineNo,
      errors,
    );
    if (event !== null) game.events.push(event);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, game };
}

/**
 * The characters of the record last read, a byte each, kept from record to record (a record's
 * array made anew cost about as much as its reading): ASCII as itself; any other character as
 * 0x80, or as white space where it is white space (13 for a line separator, which a pragma's
 * value may not hold, else 11). Only ASCII characters tell the lines and tokens apart.
 */
let CODES = new Uint8Array(4096);
/** Whether the record last read by {@link codesOf} is ASCII alone (its bytes then say every character). */
let CODES_ASCII = false;
/** The ASCII text whose characters {@link CODES} holds, written there last; null if none. */
let ASCII_IN_CODES: string | null = null;
/** Records up to this size keep their array for the next one. */
const KEPT_CODES = 1 << 20;
let ENCODER: {
  encodeInto(text: string, into: Uint8Array): { read?: number; written?: number };
} | null = null;

/** Whether `text` is ASCII alone, told by the runtime writing it as UTF-8 into {@link CODES}. */
function isAscii(text: string): boolean {
  const n = text.length;
  if (CODES.length < n && n <= KEPT_CODES) CODES = new Uint8Array(n);
  const codes = CODES.length < n ? new Uint8Array(n) : CODES;
  const written = (ENCODER ??= new TextEncoder()).encodeInto(text, codes);
  const ascii = written.read === n && written.written === n;
  ASCII_IN_CODES = ascii && codes === CODES ? text : null;
  return ascii;
}

/** `text`'s characters a byte each, as {@link CODES} says (the array may be longer than the text). */
function codesOf(text: string): Uint8Array {
  // A record decoded by decodeGcg is read next: its characters are in CODES already.
  if (text === ASCII_IN_CODES) {
    CODES_ASCII = true;
    return CODES;
  }
  const n = text.length;
  let codes = CODES;
  if (codes.length < n) {
    codes = new Uint8Array(n);
    if (n <= KEPT_CODES) CODES = codes;
  }
  // Written by the runtime in one call (a record of ASCII alone, as most are, is then done);
  // a record with other characters is written again, a character at a time.
  const written = (ENCODER ??= new TextEncoder()).encodeInto(text, codes);
  CODES_ASCII = written.read === n && written.written === n;
  ASCII_IN_CODES = CODES_ASCII && codes === CODES ? text : null;
  if (CODES_ASCII) return codes;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    codes[i] = c < 0x80 ? c : c === 0x2028 || c === 0x2029 ? 13 : isSpace(c) ? 11 : 0x80;
  }
  return codes;
}

/** White space among {@link CODES}: ASCII's (what `\s` and `trim` take), where other white space is 11 or 13. */
function isSpaceCode(c: number): boolean {
  // Most characters read are letters and digits: one test tells them.
  return c <= 32 && (c === 32 || (c >= 9 && c <= 13));
}

/**
 * The nicknames of a record's events: one string for each nickname, the player's own where it
 * is a player's, rather than one cut out of every event (the conversion then tells an event's
 * player by the strings' identity). Told apart by their bytes where the record is ASCII alone.
 */
class EventNicks {
  private start = [0, 0];
  private end = [-1, -1];
  private nick = ['', ''];
  private next = 0;

  constructor(
    private readonly game: GcgGame,
    private readonly text: string,
    private readonly codes: Uint8Array,
    private readonly ascii: boolean,
  ) {}

  /** The nickname from `start` to `end` of the text. */
  at(start: number, end: number): string {
    if (!this.ascii) return this.text.slice(start, end);
    for (let k = 0; k < 2; k++) {
      if (
        this.end[k] - this.start[k] === end - start &&
        this.same(this.start[k], start, end - start)
      )
        return this.nick[k];
    }
    let nick = this.text.slice(start, end);
    const { players } = this.game;
    for (let p = 0; p < players.length; p++) {
      if (players[p] !== undefined && players[p].nick === nick) nick = players[p].nick;
    }
    const k = this.next;
    this.next = 1 - k;
    this.start[k] = start;
    this.end[k] = end;
    this.nick[k] = nick;
    return nick;
  }

  private same(a: number, b: number, length: number): boolean {
    const codes = this.codes;
    for (let i = 0; i < length; i++) if (codes[a + i] !== codes[b + i]) return false;
    return true;
  }
}

/**
 * Reads a pragma line (trimmed, starting with `#`) into the game, or its error into `errors`.
 * Returns where in `otherPragmas` a `#note` went that the lines after it may continue, else null.
 */
function readPragma(
  game: GcgGame,
  line: string,
  lineNo: number,
  errors: GcgError[],
): number | null {
  const m = /^#(\S+)\s*(.*)$/.exec(line);
  // `#` alone or followed by a space is a comment (a title line some people write by hand).
  if (m === null) {
    game.otherPragmas.push(line);
    return null;
  }
  const [, name, value] = m;
  const seen = (pragma: GcgGamePragma) =>
    ((game.pragmaLines ??= {})[pragma] = { line: lineNo, text: line });
  switch (name) {
    case 'player1':
    case 'player2': {
      const { nick, name: fullName } = playerNames(value);
      if (!nick) {
        errors.push({
          line: lineNo,
          message: `#${name} needs a nickname and a name`,
          problem: { code: 'PLAYER_PRAGMA', pragma: `#${name}` },
        });
      } else game.players[name === 'player1' ? 0 : 1] = { nick, name: fullName || nick };
      return null;
    }
    case 'title':
      game.title = value;
      return null;
    case 'description':
      game.description = value;
      return null;
    case 'id':
      game.id = value;
      return null;
    case 'lexicon':
      game.lexicon = value;
      seen('lexicon');
      return null;
    case 'character-encoding':
      game.characterEncoding = value;
      return null;
    case 'game-type':
      game.gameType = value;
      seen('game-type');
      return null;
    case 'board-layout':
      game.boardLayout = value;
      seen('board-layout');
      return null;
    case 'tile-distribution':
      game.tileDistribution = value;
      seen('tile-distribution');
      return null;
    case 'rack1':
    case 'rack2':
      (game.racks ??= [undefined, undefined])[name === 'rack1' ? 0 : 1] = value.split(/\s+/)[0];
      seen(name);
      return null;
    case 'note': {
      // Macondo before #game-type said the variant, board and tiles in notes ahead of the events.
      const older = game.events.length === 0 ? OLDER_MACONDO_NOTE.exec(value) : null;
      const field = older ? OLDER_MACONDO_FIELDS[older[1]] : undefined;
      if (!older || !field) {
        game.otherPragmas.push(line);
        return game.otherPragmas.length - 1;
      }
      if (game[field.key] === undefined) {
        game[field.key] = older[2];
        seen(field.pragma);
      }
      return null;
    }
    case 'arbiter-rules':
    case 'arbiter-clock':
    case 'arbiter-challenge':
    case 'arbiter-options':
    case 'arbiter-end':
    case 'arbiter-end-clocks':
    case 'arbiter-time-expired': {
      const problem = readArbiterPragma(game, name, value.trim());
      if (problem) errors.push({ line: lineNo, ...problem });
      else if (name === 'arbiter-rules') seen(name);
      return null;
    }
    default:
      game.otherPragmas.push(line);
      return null;
  }
}

/**
 * A player pragma's nickname and name: `value.split(/\s+/)`'s first word and the others joined by
 * single spaces. Cut out of the value in place where its words are apart by single spaces (as
 * recorders write them), without the list of words.
 */
function playerNames(value: string): { nick: string; name: string } {
  let space = 0;
  while (space < value.length && !isSpace(value.charCodeAt(space))) space++;
  let single = space > 0;
  for (let i = space; single && i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (
      isSpace(c) &&
      (c !== 32 /* space */ || i + 1 >= value.length || isSpace(value.charCodeAt(i + 1)))
    )
      single = false;
  }
  if (single) return { nick: value.slice(0, space), name: value.slice(space + 1) };
  const [nick, ...rest] = value.split(/\s+/);
  return { nick, name: rest.join(' ') };
}

const END_REASONS: readonly NonNullable<SheetEnd['reason']>[] = [
  'turns',
  'no-moves',
  'time',
  'agreed',
  'out',
  'scoreless',
  'target',
  'passes',
  'deck',
];

const isClock = (text: string): boolean => parseClock(text) !== null;

/** What one of Arbiter's own pragmas needs, when it cannot be read. */
export type ArbiterPragmaNeed =
  | 'rule-set'
  | 'after-event'
  | 'clock'
  | 'after-move'
  | 'valid'
  | 'json-object'
  | 'end-reason'
  | 'end-clocks'
  | 'nickname';

/** Reads one of Arbiter's pragmas into the game; what is wrong when it cannot be read. */
function readArbiterPragma(
  game: GcgGame,
  name: string,
  value: string,
): { message: string; problem: GcgProblem } | null {
  const last = game.events[game.events.length - 1];
  const arbiter = (): GcgArbiter => (game.arbiter ??= {});
  const pragma = `#${name}`;
  const bad = (message: string, needs: ArbiterPragmaNeed, extra: { reasons?: string[] } = {}) => ({
    message: `${pragma}${message}`,
    problem: { code: 'ARBITER_PRAGMA' as const, pragma, value, needs, ...extra },
  });
  switch (name) {
    case 'arbiter-rules':
      if (!value) return bad(' needs the id of a rule set', 'rule-set');
      arbiter().rules = value;
      return null;
    case 'arbiter-clock':
      if (!last) return bad(' must follow the event of its turn', 'after-event');
      if (!isClock(value)) return bad(` '${value}' is not a clock reading (mm:ss)`, 'clock');
      last.clock = value;
      return null;
    case 'arbiter-challenge':
      if (!last || last.kind !== 'move') return bad(' must follow a move', 'after-move');
      if (value !== 'valid') return bad(` '${value}': only 'valid' is written`, 'valid');
      last.challengeStood = true;
      return null;
    case 'arbiter-options': {
      let options: unknown;
      try {
        options = JSON.parse(value);
      } catch {
        return bad(' must be a JSON object', 'json-object');
      }
      if (typeof options !== 'object' || options === null || Array.isArray(options)) {
        return bad(' must be a JSON object', 'json-object');
      }
      arbiter().options = options;
      return null;
    }
    case 'arbiter-end': {
      const reason = END_REASONS.find((r) => r === value);
      if (!reason) {
        return bad(` '${value}' is not one of ${END_REASONS.join(', ')}`, 'end-reason', {
          reasons: [...END_REASONS],
        });
      }
      arbiter().endReason = reason;
      return null;
    }
    case 'arbiter-end-clocks': {
      const clocks = value.split(/\s+/).filter(Boolean);
      const wrong = clocks.find((c) => c !== '-' && !isClock(c));
      if (clocks.length === 0 || wrong !== undefined) {
        return bad(
          ` needs a clock (mm:ss) or - for each player${wrong ? `, not '${wrong}'` : ''}`,
          'end-clocks',
        );
      }
      arbiter().endClocks = clocks.map((c) => (c === '-' ? null : c));
      return null;
    }
    case 'arbiter-time-expired':
      if (!value) return bad(' needs the nickname of the player', 'nickname');
      arbiter().timeExpired = value;
      return null;
    default:
      return null;
  }
}

/** Arbiter's pragmas after an event, as {@link readArbiterPragma} reads them. */
function eventPragmas(e: GcgEvent): string[] {
  const out: string[] = [];
  if (e.challengeStood) out.push('#arbiter-challenge valid');
  if (e.clock !== undefined) out.push(`#arbiter-clock ${e.clock}`);
  return out;
}

/**
 * The event of a line, `text` from `from` to `to` (after the nickname's colon), `codes` its
 * characters as {@link codesOf} gives them; null when the line gives none, its error added to
 * `errors`.
 */
function parseEvent(
  nick: string,
  text: string,
  codes: Uint8Array,
  from: number,
  to: number,
  line: number,
  errors: GcgError[],
): GcgEvent | null {
  // Every event of every record passes here: one scan of the line's bytes for its tokens (the
  // bounds of the first five kept: the most an event is read by, a rack, a position, a word, a
  // score and a total), no object but the event and the texts it keeps. The bounds are locals,
  // kept in registers: written to an array by a function of their own they cost 1,800 instructions
  // a game more (valgrind, the English records).
  let count = 0;
  let s0 = 0;
  let e0 = 0;
  let s1 = 0;
  let e1 = 0;
  let s2 = 0;
  let e2 = 0;
  let s3 = 0;
  let e3 = 0;
  let s4 = 0;
  let e4 = 0;
  for (let i = from; ; count++) {
    while (i < to && isSpaceCode(codes[i])) i++;
    if (i >= to) break;
    const start = i;
    while (i < to && !isSpaceCode(codes[i])) i++;
    if (count === 0) {
      s0 = start;
      e0 = i;
    } else if (count === 1) {
      s1 = start;
      e1 = i;
    } else if (count === 2) {
      s2 = start;
      e2 = i;
    } else if (count === 3) {
      s3 = start;
      e3 = i;
    } else if (count === 4) {
      s4 = start;
      e4 = i;
    }
  }
  // A rack never starts with '(' or '-' (end-of-game lines have none: `>nick:  (RR) +4 373`), and
  // a move written without its rack has four tokens, the first a position.
  const rackless =
    count > 0 &&
    (codes[s0] === 40 /* ( */ ||
      codes[s0] === 45 /* - */ ||
      (count === 4 && isPosition(codes, s0, e0) && signedAt(codes, s2, e2)));
  const rack = rackless || count === 0 ? '' : text.slice(s0, e0);
  // The event's own tokens, after the rack: its first (`a`), then the points or the word (`b`), …
  // (one branch: a conditional for each costs about 500 instructions a game).
  let as = s0;
  let ae = e0;
  let bs = s1;
  let be = e1;
  let cs = s2;
  let ce = e2;
  let ds = s3;
  let de = e3;
  if (!rackless) {
    as = s1;
    ae = e1;
    bs = s2;
    be = e2;
    cs = s3;
    ce = e3;
    ds = s4;
    de = e4;
  }
  const tokens = rackless ? count : count - 1;
  if (tokens <= 0) return bad(errors, line, 'the event is empty', { code: 'EMPTY_EVENT' });
  // The points and total after the event's first token, read once (NaN where they are not).
  const score = tokens >= 3 ? signedValue(text, codes, bs, be) : NaN;
  const total = score === score ? totalValue(text, codes, cs, ce) : NaN;
  const points = total === total;
  const length = ae - as;
  const open = codes[as];
  if (length === 2 && open === 45 /* - */ && codes[as + 1] === 45) {
    return points
      ? pointsEvent('withdrawn', nick, rack, score, total, line)
      : needsPoints(errors, line, '--', 'a withdrawn move (--) needs -score and the total');
  }
  if (open === 40 /* ( */ && length >= 2 && codes[ae - 1] === 41 /* ) */) {
    return parenthesisedEvent(nick, rack, text, as, ae, score, total, line, errors);
  }
  if (open === 45 /* - */) {
    if (length === 1) {
      return points
        ? pointsEvent('pass', nick, rack, score, total, line)
        : needsPoints(errors, line, '-', 'a pass (-) needs +0 and the total');
    }
    // `-ABC`: the tiles exchanged; `-7`, a sign and digits, followed by points: their number.
    const counted = signedAt(codes, as, ae);
    if (!counted || (tokens >= 3 && signedAt(codes, bs, be))) {
      const tiles = counted ? +text.slice(as + 1, ae) : text.slice(as + 1, ae);
      return points
        ? { kind: 'exchange', nick, rack, tiles, score, total, line }
        : needsPoints(errors, line, text.slice(as, ae), 'an exchange needs +0 and the total');
    }
  }
  const moveScore = tokens >= 4 ? signedValue(text, codes, cs, ce) : NaN;
  const moveTotal = moveScore === moveScore ? totalValue(text, codes, ds, de) : NaN;
  if (moveTotal !== moveTotal) {
    const written = text.slice(from, to).trim();
    const message = `'${written}' is not a move: expected RACK POSITION WORD +score total`;
    return bad(errors, line, message, { code: 'NOT_A_MOVE', text: written });
  }
  // Tokens after the total (annotations some programs add) are tolerated.
  return {
    kind: 'move',
    nick,
    rack,
    position: text.slice(as, ae),
    word: text.slice(bs, be),
    score: moveScore,
    total: moveTotal,
    line,
  };
}

/**
 * The event whose first token, `text` from `as` to `ae`, is in parentheses: `(challenge)`,
 * `(time)`, or a rack at the end of the game; `score` and `total` NaN where the line has none.
 */
function parenthesisedEvent(
  nick: string,
  rack: string,
  text: string,
  as: number,
  ae: number,
  score: number,
  total: number,
  line: number,
  errors: GcgError[],
): GcgEvent | null {
  const points = total === total;
  const first = text.slice(as, ae);
  if (first === '(challenge)') {
    return points
      ? pointsEvent('challenge-bonus', nick, rack, score, total, line)
      : needsPoints(errors, line, first, '(challenge) needs +bonus and the total');
  }
  if (first === '(time)') {
    return points
      ? pointsEvent('time-penalty', nick, rack, score, total, line)
      : needsPoints(errors, line, first, '(time) needs -points and the total');
  }
  if (!points) {
    return needsPoints(errors, line, first, `${first} needs ±points and the total`);
  }
  const inside = text.slice(as + 1, ae - 1);
  // `RACK (RACK) -n`, the rack before the parentheses, is what a player loses for their own
  // rack (Macondo writes the rack twice, and so do the recorders that follow it); a line without
  // a rack before them, `(RACK) +n`, is what the player who went out gains for the other's.
  if (rack !== '' && score <= 0) {
    return inside === rack
      ? { kind: 'own-rack', nick, rack, score, total, line }
      : { kind: 'own-rack', nick, rack, counted: inside, score, total, line };
  }
  return { kind: 'end-rack', nick, rack, opponentRack: inside, score, total, line };
}

/** An event that is its kind, its points and its total: `--`, `(challenge)`, `(time)`, `-`. */
function pointsEvent(
  kind: 'withdrawn' | 'challenge-bonus' | 'time-penalty' | 'pass',
  nick: string,
  rack: string,
  score: number,
  total: number,
  line: number,
): GcgEvent {
  return { kind, nick, rack, score, total, line };
}

/** Adds the error of an event line without the points and total its `event` needs; null. */
function needsPoints(errors: GcgError[], line: number, event: string, message: string): null {
  return bad(errors, line, message, { code: 'NEEDS_POINTS', event });
}

/** Adds an event line's error; null, the event the line does not give. */
function bad(errors: GcgError[], line: number, message: string, problem: GcgProblem): null {
  errors.push({ line, message, problem });
  return null;
}

/** Whether `codes` from `start` to `end` is a square as a move without a rack starts: `8G`, `G8`, `10A`, `A10`. */
function isPosition(codes: Uint8Array, start: number, end: number): boolean {
  const length = end - start;
  if (length !== 2 && length !== 3) return false;
  if (isLetterCode(codes[start])) return digitsIn(codes, start + 1, end);
  return isLetterCode(codes[end - 1]) && digitsIn(codes, start, end - 1);
}

/** An ASCII letter. */
function isLetterCode(c: number): boolean {
  const lower = c | 32;
  return lower >= 97 /* a */ && lower <= 122; /* z */
}

/** A signed score (`+12`, `-5`) from `start` to `end`, or NaN where the token is not one. */
function signedValue(text: string, codes: Uint8Array, start: number, end: number): number {
  const sign = codes[start];
  if (sign !== 43 /* + */ && sign !== 45 /* - */) return NaN;
  const value = digitsValue(text, codes, start + 1, end);
  return sign === 45 ? -value : value;
}

/** A total (`40`, `-3`) from `start` to `end`, or NaN where the token is not one. */
function totalValue(text: string, codes: Uint8Array, start: number, end: number): number {
  return codes[start] === 45 /* - */
    ? -digitsValue(text, codes, start + 1, end)
    : digitsValue(text, codes, start, end);
}

/**
 * The number the ASCII digits from `start` to `end` write (one or more), or NaN. Read digit by
 * digit as they are checked: `+text` goes through V8's runtime for any text but an array index,
 * and every event has two.
 */
function digitsValue(text: string, codes: Uint8Array, start: number, end: number): number {
  if (start >= end) return NaN;
  let value = 0;
  for (let i = start; i < end; i++) {
    const d = codes[i] - 48;
    if (d < 0 || d > 9) return NaN;
    value = value * 10 + d;
  }
  // Past 15 digits a number is no longer exact as read here.
  return end - start > 15 ? +text.slice(start, end) : value;
}

/** Whether `codes` from `start` to `end` is a sign and digits. */
function signedAt(codes: Uint8Array, start: number, end: number): boolean {
  const c = codes[start];
  return (c === 43 /* + */ || c === 45) /* - */ && digitsIn(codes, start + 1, end);
}

/** Whether `codes` from `start` to `end` is one ASCII digit or more. */
function digitsIn(codes: Uint8Array, start: number, end: number): boolean {
  if (start >= end) return false;
  for (let i = start; i < end; i++) {
    const c = codes[i];
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** White space as `\s` and `trim` take it: ASCII and Unicode spaces and line ends. */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || (c >= 0xa0 && isUnicodeSpace(c));
}

function isUnicodeSpace(c: number): boolean {
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

const sign = (n: number) => (n < 0 ? String(n) : `+${n}`);

/** Writes a game back as GCG text (UTF-8 declared first). */
export function writeGcg(game: GcgGame): string {
  const out: string[] = ['#character-encoding UTF-8'];
  game.players.forEach((p, i) => out.push(`#player${i + 1} ${p.nick} ${p.name}`));
  if (game.title !== undefined) out.push(`#title ${game.title}`);
  if (game.description !== undefined) out.push(`#description ${game.description}`);
  if (game.id !== undefined) out.push(`#id ${game.id}`);
  if (game.lexicon !== undefined) out.push(`#lexicon ${game.lexicon}`);
  if (game.gameType !== undefined) out.push(`#game-type ${game.gameType}`);
  if (game.boardLayout !== undefined) out.push(`#board-layout ${game.boardLayout}`);
  if (game.tileDistribution !== undefined) out.push(`#tile-distribution ${game.tileDistribution}`);
  const arbiter = game.arbiter ?? {};
  if (arbiter.rules !== undefined) out.push(`#arbiter-rules ${arbiter.rules}`);
  if (arbiter.options !== undefined)
    out.push(`#arbiter-options ${JSON.stringify(arbiter.options)}`);
  out.push(...game.otherPragmas);
  for (const e of game.events) {
    const head = `>${e.nick}: ${e.rack}`;
    switch (e.kind) {
      case 'move':
        out.push(`${head} ${e.position} ${e.word} ${sign(e.score)} ${e.total}`);
        break;
      case 'exchange':
        out.push(`${head} -${e.tiles} ${sign(e.score)} ${e.total}`);
        break;
      case 'pass':
        out.push(`${head} - ${sign(e.score)} ${e.total}`);
        break;
      case 'withdrawn':
        out.push(`${head} -- ${sign(e.score)} ${e.total}`);
        break;
      case 'challenge-bonus':
        out.push(`${head} (challenge) ${sign(e.score)} ${e.total}`);
        break;
      case 'end-rack':
        out.push(`${head} (${e.opponentRack}) ${sign(e.score)} ${e.total}`);
        break;
      case 'own-rack':
        out.push(`${head} (${e.counted ?? e.rack}) ${sign(e.score)} ${e.total}`);
        break;
      case 'time-penalty':
        out.push(`${head} (time) ${sign(e.score)} ${e.total}`);
        break;
    }
    out.push(...eventPragmas(e));
  }
  game.racks?.forEach((rack, i) => {
    if (rack !== undefined) out.push(`#rack${i + 1} ${rack}`);
  });
  if (arbiter.endReason !== undefined) out.push(`#arbiter-end ${arbiter.endReason}`);
  if (arbiter.endClocks !== undefined) {
    out.push(`#arbiter-end-clocks ${arbiter.endClocks.map((c) => c ?? '-').join(' ')}`);
  }
  if (arbiter.timeExpired !== undefined) out.push(`#arbiter-time-expired ${arbiter.timeExpired}`);
  return out.join('\n') + '\n';
}

/** What one pragma says about the game: the rule sets that fit it. */
interface PragmaReading {
  at: GcgPragmaAt;
  /** What the value means (`lexicon-fr`), told by {@link meaningText}; `id` names the rule set. */
  meaning: GcgMeaning;
  id?: string;
  fits: (ruleSet: RuleSet) => boolean;
  /**
   * Set on `#game-type <rule-set id>` of Arbiter's older exports: read as those
   * exports were, a default that a rule set asked for by the caller replaces.
   */
  onlyByDefault?: true;
}

/** Crossword rule sets, in the order one is taken when several fit: English Scrabble first. */
const CROSSWORD_RULE_SETS: readonly RuleSet[] = [
  SCRABBLE_EN,
  SCRABBLE_FR,
  ...Object.values(RULE_SETS).filter((r) => !r.cards && r !== SCRABBLE_EN && r !== SCRABBLE_FR),
];

const sameTiles = (a: RuleSet, b: RuleSet): boolean =>
  a.jokers.count === b.jokers.count &&
  a.letters.length === b.letters.length &&
  a.letters.every((x) =>
    b.letters.some((y) => y.letter === x.letter && y.count === x.count && y.value === x.value),
  );

const sameBoard = (a: RuleSet, b: RuleSet): boolean =>
  JSON.stringify(a.board.rows) === JSON.stringify(b.board.rows) &&
  JSON.stringify(a.board.legend) === JSON.stringify(b.board.legend);

/** Lexicon names by the word list they are: the prefixes the recorders write, in any case. */
const LEXICONS: { pattern: RegExp; wordList: string; meaning: GcgMeaning }[] = [
  {
    pattern: /^(NWL|TWL|OWL|OSPD|CSW|SOWPODS|OSWI|ECWL|CEL|NSWL|ENGLISH$)/i,
    wordList: 'en',
    meaning: 'lexicon-en',
  },
  {
    pattern: /^(FRA|ODS|FRENCH$)/i,
    wordList: 'fr',
    meaning: 'lexicon-fr',
  },
];
const LEXICONS_READ =
  'English lexicons (NWL…, TWL…, CSW…, OSPD…, SOWPODS, ECWL, CEL, NSWL…) and French ones (FRA…, ODS…)';

/** Macondo's tile distributions that are the tile set of a rule set. */
const TILE_DISTRIBUTIONS: Record<string, { tiles: RuleSet; meaning: GcgMeaning } | undefined> = {
  english: { tiles: SCRABBLE_EN, meaning: 'tiles-en' },
  french: { tiles: SCRABBLE_FR, meaning: 'tiles-fr' },
};

/**
 * The board layouts the recorders name, and which are the board of a rule set. Macondo and
 * Woogles (`board/layouts.go`): `CrosswordGame`, the 15x15 Scrabble board; `CrosswordGameGmo`,
 * that board without the centre's double word; `SuperCrosswordGame`, the 21x21 board. MAGPIE
 * names its layouts `standard` and the board's size, `standard15` (its default) and
 * `standard21`, and its older versions wrote Macondo's names. Quackle and the NASPA format
 * write no board. The 15x15 Scrabble board is read under each of its names; the other layouts
 * say why not ({@link UNREAD_BOARDS}).
 */
const BOARD_LAYOUTS: Record<string, { board: RuleSet; meaning: GcgMeaning } | undefined> = {
  crosswordgame: { board: SCRABBLE_EN, meaning: 'board-scrabble' },
  standard15: { board: SCRABBLE_EN, meaning: 'board-scrabble' },
};
const BOARDS_READ = 'CrosswordGame or standard15 (the 15x15 Scrabble board)';

/** The recorders' other board layouts, which no rule set of Arbiter has, and why. */
const UNREAD_BOARDS: Record<string, { layout: GcgBoardLayout; why: string } | undefined> = {
  supercrosswordgame: {
    layout: 'super-21x21',
    why: "Macondo's and Woogles' 21x21 super board, which no rule set of Arbiter has",
  },
  standard21: {
    layout: 'super-21x21',
    why: "MAGPIE's 21x21 super board, which no rule set of Arbiter has",
  },
  crosswordgamegmo: {
    layout: 'no-centre-double-word',
    why: "Macondo's 15x15 board without the double word on the centre square, which scores the first play otherwise than any rule set of Arbiter",
  },
};

/** Macondo's variants Arbiter does not verify, and why. */
const UNREAD_GAME_TYPES: Record<string, string | undefined> = {
  wordsmog: 'WordSmog accepts any anagram of a word, which no rule set of Arbiter does',
  wordsmog_super: 'WordSmog accepts any anagram of a word, and on the 21x21 board',
  classic_super: 'it is played on the 21x21 super board, which no rule set of Arbiter has',
};

const ruleSetIds = () => CROSSWORD_RULE_SETS.map((r) => r.id);

/** What a pragma's value means, in the English of the engine's messages: `a French lexicon`. */
const MEANINGS: Record<Exclude<GcgMeaning, 'rule-set'>, string> = {
  classic: 'the classic game',
  'lexicon-en': 'an English lexicon',
  'lexicon-fr': 'a French lexicon',
  'tiles-en': 'the English Scrabble tiles',
  'tiles-fr': 'the French Scrabble tiles',
  'board-scrabble': 'the 15x15 Scrabble board',
};

const meaningText = (r: Pick<PragmaReading, 'meaning' | 'id'>): string =>
  r.meaning === 'rule-set' ? `the rule set ${r.id}` : MEANINGS[r.meaning];

/** What a rule set named by Arbiter's own pragma means, or why it cannot be read. */
function namedRuleSet(at: GcgPragmaAt, id: string): PragmaReading | GcgError {
  const named = findRuleSet(id);
  if (!named) {
    return {
      line: at.line,
      message: `${at.text}: '${id}' is not a rule set of Arbiter (${ruleSetIds().join(', ')})`,
      problem: { code: 'NOT_A_RULE_SET', pragma: at.text, id, ids: ruleSetIds() },
    };
  }
  if (named.cards) {
    return {
      line: at.line,
      message: `${at.text}: ${named.name} is a card game: GCG records crossword games`,
      problem: { code: 'CARD_GAME', name: named.name },
    };
  }
  return {
    at,
    meaning: 'rule-set',
    id: named.id,
    fits: (r) => r.id === named.id,
  };
}

/** What one pragma of the record says about the game, or why it cannot be read. */
function readGamePragma(
  game: GcgGame,
  pragma: Exclude<GcgGamePragma, 'rack1' | 'rack2'>,
): PragmaReading | GcgError | null {
  const at = game.pragmaLines?.[pragma];
  if (!at) return null;
  const bad = (message: string, problem: GcgProblem): GcgError => ({
    line: at.line,
    message: `${at.text}: ${message}`,
    problem,
  });
  switch (pragma) {
    case 'arbiter-rules':
      return game.arbiter?.rules === undefined ? null : namedRuleSet(at, game.arbiter.rules);
    case 'game-type': {
      const value = game.gameType ?? '';
      if (value.toLowerCase() === 'classic') {
        return { at, meaning: 'classic', fits: () => true };
      }
      if (findRuleSet(value)) {
        const named = namedRuleSet(at, value);
        return 'fits' in named ? { ...named, onlyByDefault: true } : named;
      }
      const why = UNREAD_GAME_TYPES[value.toLowerCase()];
      return bad(
        `${why ? `'${value}' is a variant Arbiter does not verify: ${why}` : `'${value}' is not a game type Arbiter knows`}; it reads classic (Macondo, Woogles) or a rule set of Arbiter (${ruleSetIds().join(', ')})`,
        {
          code: 'UNKNOWN_GAME_TYPE',
          pragma: at.text,
          value,
          variant: why !== undefined,
          ids: ruleSetIds(),
        },
      );
    }
    case 'lexicon': {
      const value = game.lexicon ?? '';
      const lexicon = LEXICONS.find((l) => l.pattern.test(value));
      if (!lexicon) {
        return bad(`'${value}' is not a lexicon Arbiter can check; it reads ${LEXICONS_READ}`, {
          code: 'UNKNOWN_LEXICON',
          pragma: at.text,
          value,
        });
      }
      return {
        at,
        meaning: lexicon.meaning,
        fits: (r) => r.wordList === lexicon.wordList,
      };
    }
    case 'tile-distribution': {
      const value = game.tileDistribution ?? '';
      const tiles = TILE_DISTRIBUTIONS[value.toLowerCase()];
      if (!tiles) {
        const known = Object.keys(TILE_DISTRIBUTIONS);
        return bad(
          `'${value}' is not a tile set of any rule set of Arbiter; it reads ${known.join(' and ')}`,
          { code: 'UNKNOWN_TILES', pragma: at.text, value, known },
        );
      }
      return {
        at,
        meaning: tiles.meaning,
        fits: (r) => sameTiles(r, tiles.tiles),
      };
    }
    case 'board-layout': {
      const value = game.boardLayout ?? '';
      const board = BOARD_LAYOUTS[value.toLowerCase()];
      if (!board) {
        const other = UNREAD_BOARDS[value.toLowerCase()];
        return other
          ? bad(`'${value}' is ${other.why}; it reads ${BOARDS_READ}`, {
              code: 'UNKNOWN_BOARD',
              pragma: at.text,
              value,
              layout: other.layout,
            })
          : bad(`'${value}' is not the board of any rule set of Arbiter; it reads ${BOARDS_READ}`, {
              code: 'UNKNOWN_BOARD',
              pragma: at.text,
              value,
            });
      }
      return {
        at,
        meaning: board.meaning,
        fits: (r) => sameBoard(r, board.board),
      };
    }
  }
}

const GAME_PRAGMAS: readonly Exclude<GcgGamePragma, 'rack1' | 'rack2'>[] = [
  'arbiter-rules',
  'game-type',
  'lexicon',
  'tile-distribution',
  'board-layout',
];

/**
 * The rule set a record is read with: `requested` when the caller names one
 * (every pragma of the record must fit it), else the first crossword rule set
 * that fits them all (English Scrabble when they say nothing). A pragma whose
 * value names no game Arbiter verifies is an error on its line.
 */
function gcgRuleSet(
  game: GcgGame,
  requested: string | undefined,
): { ok: true; ruleSet: RuleSet } | { ok: false; errors: GcgError[] } {
  const errors: GcgError[] = [];
  const readings: PragmaReading[] = [];
  for (const pragma of GAME_PRAGMAS) {
    const reading = readGamePragma(game, pragma);
    if (reading && 'fits' in reading) readings.push(reading);
    else if (reading) errors.push(reading);
  }
  if (errors.length > 0) return { ok: false, errors };
  if (requested !== undefined) {
    const ruleSet = findRuleSet(requested);
    if (!ruleSet) {
      return { ok: false, errors: [{ line: 0, message: `unknown rule set "${requested}"` }] };
    }
    if (ruleSet.cards) {
      return {
        ok: false,
        errors: [
          {
            line: 0,
            message: `${ruleSet.name} is a card game: GCG records crossword games`,
            problem: { code: 'CARD_GAME', name: ruleSet.name },
          },
        ],
      };
    }
    const conflicts = readings.filter((r) => !r.onlyByDefault && !r.fits(ruleSet));
    if (conflicts.length === 0) return { ok: true, ruleSet };
    return {
      ok: false,
      errors: conflicts.map((r): GcgError => ({
        line: r.at.line,
        message: `${r.at.text}: ${meaningText(r)}, not a game of ${ruleSet.name}, the rule set the record is read with`,
        problem: {
          code: 'NOT_FOR_RULES',
          pragma: r.at.text,
          means: r.meaning,
          ...(r.id !== undefined ? { id: r.id } : {}),
          rules: ruleSet.name,
        },
      })),
    };
  }
  for (let k = 0; k < readings.length; k++) {
    const soFar = readings.slice(0, k + 1);
    if (CROSSWORD_RULE_SETS.some((r) => soFar.every((x) => x.fits(r)))) continue;
    const here = readings[k];
    const before = soFar
      .slice(0, -1)
      .map((x) => `${x.at.text} (line ${x.at.line}: ${meaningText(x)})`)
      .join(' and ');
    return {
      ok: false,
      errors: [
        {
          line: here.at.line,
          message: `${here.at.text}: ${meaningText(here)}, which no rule set of Arbiter has together with ${before}`,
        },
      ],
    };
  }
  return {
    ok: true,
    ruleSet: CROSSWORD_RULE_SETS.find((r) => readings.every((x) => x.fits(r))) ?? SCRABBLE_EN,
  };
}

/** A score sheet made from a GCG record, and which event each turn came from. */
export interface GcgSheet {
  sheet: Scoresheet;
  /** `turnLines[i]`: the GCG line of turn i. */
  turnLines: number[];
}

/**
 * Turns a GCG record into a score sheet of a crossword rule set, so the same
 * replay checks it. Withdrawn phonies (`--`) become challenges ruled invalid,
 * `(challenge)` bonuses challenges ruled valid with their bonus, end-of-game
 * rack lines the final racks. The going-out convention is read from the file:
 * if only the player who went out has an end line, twice the rack
 * (`double`); if the opponent also loses theirs, `transfer`.
 *
 * The rule set is `rulesId` when given, and every pragma that says which game
 * the record is (`#lexicon`, `#game-type`, `#board-layout`, `#tile-distribution`,
 * `#arbiter-rules`) must fit it; else the first crossword rule set they all fit:
 * English lexicons (`NWL…`, `CSW…`, `TWL…`…) give English Scrabble, French ones
 * (`FRA…`, `ODS…`) French Scrabble, a record that says nothing English Scrabble.
 * A value no rule set fits (`#game-type wordsmog`, `#lexicon RD28`) is an error
 * on its line that says what is read instead.
 *
 * When both players have the same nickname, turns are theirs in turn,
 * `#player1` first; `--` and `(challenge)` lines are the last mover's.
 * `#rack1`/`#rack2` must be tiles of the set, and the racks the end lines
 * leave if the record has them; a record that stops before its end keeps
 * them out of the sheet, which then settles no rack.
 */
export function gcgToScoresheet(
  game: GcgGame,
  rulesId?: string,
): { ok: true; value: GcgSheet } | { ok: false; errors: GcgError[] } {
  const chosen = gcgRuleSet(game, rulesId);
  if (!chosen.ok) return chosen;
  const { ruleSet } = chosen;
  if (game.players.length !== 2 || !game.players[0] || !game.players[1]) {
    return {
      ok: false,
      errors: [
        {
          line: 0,
          message: 'a GCG record needs #player1 and #player2',
          problem: { code: 'NO_PLAYERS' },
        },
      ],
    };
  }
  const r: GcgReading = {
    ruleSet,
    // Quackle may give both players one nickname: the events are then theirs in turn, #player1 first.
    sameNick: game.players[0].nick === game.players[1].nick,
    errors: [],
    toMove: 0,
    lastMover: null,
    turns: [],
    turnLines: [],
    lastPlay: [null, null],
    lastTurn: [null, null],
    racks: [undefined, undefined],
    finals: [undefined, undefined],
    ownRackLines: [false, false],
    settledSince: [0, 0],
    passRacks: [undefined, undefined],
    wentOut: null,
    bonusSeen: false,
    timePenalty: null,
  };
  readEvents(game, r);
  const { errors, racks } = r;
  const arbiter = game.arbiter ?? {};
  const timeExpired = timeExpiredPlayer(game, arbiter, r);
  errors.push(
    ...rackPragmaProblems(
      game,
      ruleSet,
      r.wentOut !== null || r.ownRackLines.some(Boolean) ? racks : null,
    ),
  );
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: { sheet: readSheet(game, r, arbiter, timeExpired), turnLines: r.turnLines },
  };
}

/** What {@link gcgToScoresheet} keeps while it reads the events of a record. */
interface GcgReading {
  readonly ruleSet: RuleSet;
  /** Both players have the same nickname. */
  readonly sameNick: boolean;
  readonly errors: GcgError[];
  toMove: number;
  lastMover: number | null;
  readonly turns: SheetTurn[];
  readonly turnLines: number[];
  readonly lastPlay: (number | null)[];
  /** Each player's last turn, for the pragmas after a `--` or `(challenge)` line. */
  readonly lastTurn: (number | null)[];
  readonly racks: (string | undefined)[];
  readonly finals: (number | undefined)[];
  readonly ownRackLines: boolean[];
  /** Points each player's end lines added since their last turn (racks, time). */
  readonly settledSince: number[];
  /** Each player's rack after their last turn where the record shows it: a pass, a phony taken back. */
  readonly passRacks: (string | undefined)[];
  wentOut: number | null;
  bonusSeen: boolean;
  timePenalty: number[] | null;
}

/**
 * The player of a nickname, or undefined. The two nicknames compared rather than looked up in a
 * map: a map hashes the nickname of every event, each a string of its own.
 */
function playerOf(game: GcgGame, nick: string): number | undefined {
  return nick === game.players[0].nick ? 0 : nick === game.players[1].nick ? 1 : undefined;
}

/** Whose event this is when both players have one nickname. */
function inTurn(r: GcgReading, e: GcgEvent): number {
  switch (e.kind) {
    case 'move':
    case 'exchange':
    case 'pass':
      return r.toMove;
    case 'withdrawn':
    case 'challenge-bonus':
    case 'end-rack':
      return r.lastMover ?? r.toMove;
    case 'own-rack':
    case 'time-penalty': {
      if (e.kind === 'own-rack' && r.wentOut !== null) return 1 - r.wentOut;
      // Lines after the last turn (racks left, overtime) follow no turn order: the record's
      // own arithmetic tells whose they are, else the player to move comes first.
      const open = [r.toMove, 1 - r.toMove].filter(
        (q) => e.kind !== 'own-rack' || !r.ownRackLines[q],
      );
      const adds = open.filter((q) => (r.finals[q] ?? 0) + e.score === e.total);
      return adds.length === 1 ? adds[0] : (open[0] ?? r.toMove);
    }
  }
}

/**
 * Reads the events of the record into `r`: its turns, what the end lines settle, its errors. A
 * turn's line, the most of any record, is read here, its state in locals; rulings and end lines,
 * a few a game, by {@link readRulingOrEndLine} (every event read by a function of its own, its
 * state from `r`, cost 2,200 instructions a game more: valgrind, the English records).
 */
function readEvents(game: GcgGame, r: GcgReading): void {
  const { turns, turnLines, lastPlay, lastTurn, finals, settledSince, passRacks, sameNick } = r;
  const nick1 = game.players[0].nick;
  const nick2 = game.players[1].nick;
  for (const e of game.events) {
    // As playerOf gives it, with the nicknames read once a record.
    const p = !sameNick
      ? e.nick === nick1
        ? 0
        : e.nick === nick2
          ? 1
          : undefined
      : e.nick === nick1
        ? inTurn(r, e)
        : undefined;
    if (p === undefined) {
      unknownPlayer(game, r, e);
      continue;
    }
    finals[p] = e.total;
    const before = turns.length;
    const rack = e.rack || undefined;
    let turn: SheetTurn;
    // The rack written in the literal where there is one, rather than added after (a property
    // added to an object made by a literal moves it to a shape with room outside the object) or
    // spread in (a clone of an object a turn).
    if (e.kind === 'move') {
      const play = `${e.position} ${e.word}`;
      turn = rack
        ? { player: p, play, score: e.score, total: e.total, rack }
        : { player: p, play, score: e.score, total: e.total };
    } else if (e.kind === 'exchange') {
      turn = rack
        ? { player: p, exchange: e.tiles, score: e.score, total: e.total, rack }
        : { player: p, exchange: e.tiles, score: e.score, total: e.total };
    } else if (e.kind === 'pass') {
      turn = rack
        ? { player: p, pass: true, score: e.score, total: e.total, rack }
        : { player: p, pass: true, score: e.score, total: e.total };
    } else {
      readRulingOrEndLine(r, e, p);
      if (e.clock !== undefined || e.challengeStood) readEventPragmas(r, e, p, before);
      continue;
    }
    r.lastMover = p;
    r.toMove = 1 - p;
    settledSince[p] = 0;
    passRacks[p] = e.kind === 'pass' && e.rack ? e.rack : undefined;
    lastPlay[p] = e.kind === 'move' ? before : null;
    turns.push(turn);
    turnLines.push(e.line);
    if (e.clock !== undefined || e.challengeStood) readEventPragmas(r, e, p, before);
    lastTurn[p] = before;
  }
}

/** Adds the error of event `e`, whose nickname is neither player's. */
function unknownPlayer(game: GcgGame, r: GcgReading, e: GcgEvent): void {
  const players = game.players.map((x) => x.nick);
  r.errors.push({
    line: e.line,
    message: `'${e.nick}' is not a player of this game (${players.join(', ')})`,
    problem: { code: 'UNKNOWN_PLAYER', nick: e.nick, players },
  });
}

/** Reads player `p`'s event other than a turn into `r`: a ruling on a play, an end line. */
function readRulingOrEndLine(
  r: GcgReading,
  e: Exclude<GcgEvent, { kind: 'move' | 'exchange' | 'pass' }>,
  p: number,
): void {
  const { turns, racks, settledSince } = r;
  const other = 1 - p;
  switch (e.kind) {
    case 'withdrawn':
    case 'challenge-bonus':
      readChallenge(r, e, p);
      break;
    case 'end-rack':
      r.wentOut = p;
      racks[other] = e.opponentRack;
      racks[p] = '';
      settledSince[p] += e.score;
      break;
    case 'own-rack': {
      // The rack before the parentheses counts. Where the letters in them are others, and the
      // player's last turn is a pass with that rack, they are the sheet's final rack: the
      // replay finds it other than the rack the pass kept, says so, and counts the pass's.
      const last = r.lastTurn[p];
      const passed = last !== null && turns[last].pass === true && turns[last].rack === e.rack;
      racks[p] = passed && e.counted !== undefined ? e.counted : e.rack;
      r.ownRackLines[p] = true;
      settledSince[p] += e.score;
      break;
    }
    case 'time-penalty':
      // `(time) -10`: the points lost for going over time, checked against the rules' overtime
      // penalty; the line's total is checked with the final.
      if (r.ruleSet.endOfGame.overtimePoints === undefined) {
        r.errors.push({
          line: e.line,
          message: `(time): points off for going over time are not a rule of ${r.ruleSet.name}`,
          problem: { code: 'TIME_PENALTY', rules: r.ruleSet.name },
        });
      } else (r.timePenalty ??= [0, 0])[p] -= e.score;
      settledSince[p] += e.score;
      break;
  }
}

/** A `--` or `(challenge)` line of player `p`: the ruling on their last play. */
function readChallenge(
  r: GcgReading,
  e: Extract<GcgEvent, { kind: 'withdrawn' | 'challenge-bonus' }>,
  p: number,
): void {
  const { turns } = r;
  const t = r.lastPlay[p];
  if (t === null) {
    const event = e.kind === 'withdrawn' ? '--' : '(challenge)';
    r.errors.push({
      line: e.line,
      message: `${event} does not follow a move of ${e.nick}`,
      problem: { code: 'WITHOUT_MOVE', event, nick: e.nick },
    });
    return;
  }
  const other = 1 - p;
  turns[t].challenge =
    e.kind === 'withdrawn'
      ? { by: other, valid: false }
      : { by: other, valid: true, bonus: e.score };
  // A bonus for the play that went out may come after the end lines (`(RACK) +n`, `(time)`):
  // the play's total is then the line's less what those added.
  turns[t].total = e.total - r.settledSince[p];
  if (e.kind === 'challenge-bonus') r.bonusSeen = true;
  // A phony taken back leaves the rack as it was before it, as the `--` line writes it.
  else if (e.rack) r.passRacks[p] = e.rack;
  r.lastPlay[p] = null;
}

/**
 * Arbiter's pragmas after player `p`'s event, `before` the number of turns before it: the clock
 * of its turn, a challenge that stood.
 */
function readEventPragmas(r: GcgReading, e: GcgEvent, p: number, before: number): void {
  const { turns } = r;
  const turnOf =
    turns.length > before
      ? turns.length - 1
      : e.kind === 'withdrawn' || e.kind === 'challenge-bonus'
        ? r.lastTurn[p]
        : null;
  if (e.clock !== undefined || e.challengeStood) {
    if (turnOf === null) {
      r.errors.push({
        line: e.line,
        message: `#arbiter-clock and #arbiter-challenge belong after a turn, not after ${e.kind}`,
        problem: { code: 'PRAGMA_AFTER', kind: e.kind },
      });
    } else {
      if (e.clock !== undefined) turns[turnOf].clock = e.clock;
      if (e.challengeStood) turns[turnOf].challenge = { by: 1 - p, valid: true };
    }
  }
}

/** The player `#arbiter-time-expired` names, or undefined (an error when it names none). */
function timeExpiredPlayer(game: GcgGame, arbiter: GcgArbiter, r: GcgReading): number | undefined {
  if (arbiter.timeExpired === undefined) return undefined;
  const { sameNick } = r;
  const timeExpired = sameNick ? undefined : playerOf(game, arbiter.timeExpired);
  if (timeExpired === undefined) {
    r.errors.push({
      line: 0,
      message: sameNick
        ? `#arbiter-time-expired '${arbiter.timeExpired}' cannot tell the players apart: both have that nickname`
        : `#arbiter-time-expired '${arbiter.timeExpired}' is not a player of this game`,
      problem: { code: 'TIME_EXPIRED_PLAYER', nick: arbiter.timeExpired, sameNick },
    });
  }
  return timeExpired;
}

/** The score sheet of a record read without errors. */
function readSheet(
  game: GcgGame,
  r: GcgReading,
  arbiter: GcgArbiter,
  timeExpired: number | undefined,
): Scoresheet {
  const { finals } = r;
  const options: Scoresheet['options'] = {};
  if (r.bonusSeen) options.failedChallenge = 'bonus';
  if (r.wentOut !== null) options.goingOut = r.ownRackLines[1 - r.wentOut] ? 'transfer' : 'double';
  // The sheet's own options, as written, over what the events imply.
  Object.assign(options, arbiter.options);
  const end = readEnd(r, arbiter, timeExpired);
  return {
    format: 'scoresheet/1',
    rules: r.ruleSet.id,
    ...(Object.keys(options).length > 0 ? { options } : {}),
    players: game.players.map((p) => p.name),
    turns: r.turns,
    ...(Object.keys(end).length > 0 ? { end } : {}),
    ...(finals[0] !== undefined && finals[1] !== undefined
      ? { claimed: { final: [finals[0], finals[1]] } }
      : {}),
  };
}

/** How the game ended, from Arbiter's pragmas and the end lines. */
function readEnd(
  r: GcgReading,
  arbiter: GcgArbiter,
  timeExpired: number | undefined,
): NonNullable<Scoresheet['end']> {
  const { racks, wentOut, ownRackLines } = r;
  const end: NonNullable<Scoresheet['end']> = {};
  if (arbiter.endReason !== undefined) end.reason = arbiter.endReason;
  else if (wentOut !== null) end.reason = 'out';
  else if (ownRackLines[0] && ownRackLines[1]) end.reason = 'scoreless';
  if (racks[0] !== undefined || racks[1] !== undefined) {
    // A player without an end line after the game stalled holds what their last pass held.
    const held = (q: number) => racks[q] ?? (wentOut === null ? r.passRacks[q] : undefined) ?? '';
    end.racks = [held(0), held(1)];
  }
  const endClocks = arbiter.endClocks;
  if (endClocks !== undefined && endClocks.some((c) => c !== null)) {
    end.clocks = endClocks.map((c) => c ?? '');
  }
  if (timeExpired !== undefined) end.timeExpired = timeExpired;
  if (r.timePenalty !== null) end.timePenalty = r.timePenalty;
  return end;
}

/**
 * `#rack1`/`#rack2` against the rule set's tiles and, when the record's end
 * lines settle the racks (`endRacks`), against those.
 */
function rackPragmaProblems(
  game: GcgGame,
  ruleSet: RuleSet,
  endRacks: (string | undefined)[] | null,
): GcgError[] {
  if (!game.racks) return [];
  const problems: GcgError[] = [];
  const alphabet = new Alphabet(ruleSet.letters, ruleSet.jokers);
  const sorted = (tiles: number[]) => [...tiles].sort((a, b) => a - b).join(',');
  game.racks.forEach((rack, i) => {
    if (rack === undefined) return;
    const at = game.pragmaLines?.[i === 0 ? 'rack1' : 'rack2'];
    const line = at?.line ?? 0;
    const text = at?.text ?? `#rack${i + 1} ${rack}`;
    const read = alphabet.parseRack(rack);
    if (!read.ok) {
      problems.push({
        line,
        message: `${text}: ${read.message}`,
        problem: { code: 'RACK_UNREADABLE', pragma: text, rack },
      });
      return;
    }
    const end = endRacks?.[i];
    const settled = end === undefined ? null : alphabet.parseRack(end);
    if (settled?.ok && sorted(settled.tiles) !== sorted(read.tiles)) {
      const player = game.players[i]?.name ?? `player ${i + 1}`;
      problems.push({
        line,
        message: `${text}: the record's end lines leave ${player} ${end ? `holding ${end}` : 'with an empty rack'}`,
        problem: { code: 'END_RACK_DIFFERS', pragma: text, player, rack: end ?? '' },
      });
    }
  });
  return problems;
}

/**
 * Writes a verified score sheet as GCG, with `#arbiter-rules` naming the rule
 * set (and `#tile-distribution french` for French tiles, as Macondo reads
 * them), so Kvizovka games can be read by crossword tools. Scores and totals
 * are the computed ones; withdrawn plays are written with `--`. Clocks,
 * challenges that stood (and so the time penalties they bring), the options,
 * how the game ended and the final clocks go in Arbiter's pragmas, which
 * {@link gcgToScoresheet} reads back.
 */
export function scoresheetToGcg(sheet: Scoresheet, report: VerificationReport): GcgGame {
  if (findRuleSet(sheet.rules)?.cards) {
    throw new Error(`${sheet.rules} is a card game: GCG records crossword games`);
  }
  const nicks = sheet.players.map(
    (name, i) => name.replace(/\s+/g, '_').replace(/:/g, '') || `player${i + 1}`,
  );
  if (nicks[0] === nicks[1]) nicks[1] += '_2';
  const events: GcgEvent[] = [];
  const totals = [0, 0];
  report.turns.forEach((t, i) => writeTurn(events, totals, t, sheet.turns[i], nicks[t.player]));
  writeEndLines(events, totals, sheet, report, nicks);
  const ruleSet = findRuleSet(sheet.rules);
  // English tiles are what Macondo assumes; any other tile set it knows is named for it.
  const tileDistribution = Object.entries(TILE_DISTRIBUTIONS).find(
    ([name, d]) => name !== 'english' && ruleSet && d && sameTiles(ruleSet, d.tiles),
  )?.[0];
  return {
    players: sheet.players.map((name, i) => ({ nick: nicks[i], name })),
    characterEncoding: 'UTF-8',
    ...(tileDistribution ? { tileDistribution } : {}),
    arbiter: arbiterPragmas(sheet, nicks),
    otherPragmas: [],
    events,
  };
}

/** Adds the events of turn `t` (`turn` on the sheet) to `events`, its player's total to `totals`. */
function writeTurn(
  events: GcgEvent[],
  totals: number[],
  t: TurnReport,
  turn: SheetTurn,
  nick: string,
): void {
  const rack = turn.rack ?? '';
  const line = 0;
  const first = events.length;
  if (t.kind === 'play' && t.status !== 'illegal') {
    const [position, word] = (t.reading ?? t.play ?? '').split(' ');
    const score = t.status === 'withdrawn' ? (t.withdrawnScore ?? 0) : t.score.computed;
    totals[t.player] += score;
    events.push({
      kind: 'move',
      nick,
      rack,
      position,
      word,
      score,
      total: totals[t.player],
      line,
    });
    if (t.status === 'withdrawn') {
      totals[t.player] -= score;
      events.push({
        kind: 'withdrawn',
        nick,
        rack,
        score: -score,
        total: totals[t.player],
        line,
      });
    }
    if (t.challengeBonus) {
      totals[t.player] += t.challengeBonus;
      events.push({
        kind: 'challenge-bonus',
        nick,
        rack,
        score: t.challengeBonus,
        total: totals[t.player],
        line,
      });
    }
  } else if (t.kind === 'exchange') {
    events.push({
      kind: 'exchange',
      nick,
      rack,
      tiles: typeof turn.exchange === 'string' ? turn.exchange : (t.exchanged ?? 0),
      score: 0,
      total: totals[t.player],
      line,
    });
  } else {
    events.push({ kind: 'pass', nick, rack, score: 0, total: totals[t.player], line });
  }
  // What GCG has no field for, on the turn's first line: its clock, a challenge that stood
  // without a bonus (a time penalty or a lost turn, by the rules).
  const head = events[first];
  if (turn.clock !== undefined) head.clock = turn.clock;
  if (head.kind === 'move' && turn.challenge?.valid && !t.challengeBonus) {
    head.challengeStood = true;
  }
}

/** Adds the lines after the last turn to `events`: the racks left, then the time penalties. */
function writeEndLines(
  events: GcgEvent[],
  totals: number[],
  sheet: Scoresheet,
  report: VerificationReport,
  nicks: string[],
): void {
  report.players.forEach((pl, p) => {
    const rack = sheet.end?.racks?.[p] ?? '';
    if (pl.rackPenalty > 0) {
      totals[p] -= pl.rackPenalty;
      events.push({
        kind: 'own-rack',
        nick: nicks[p],
        rack,
        score: -pl.rackPenalty,
        total: totals[p],
        line: 0,
      });
    }
    if (pl.rackBonus > 0) {
      totals[p] += pl.rackBonus;
      events.push({
        kind: 'end-rack',
        nick: nicks[p],
        rack: '',
        opponentRack: sheet.end?.racks?.[1 - p] ?? '',
        score: pl.rackBonus,
        total: totals[p],
        line: 0,
      });
    }
  });
  // Time penalties after the racks, as Macondo writes them.
  report.players.forEach((pl, p) => {
    if (!pl.timePenalty) return;
    totals[p] -= pl.timePenalty;
    const rack = '';
    events.push({
      kind: 'time-penalty',
      nick: nicks[p],
      rack,
      score: -pl.timePenalty,
      total: totals[p],
      line: 0,
    });
  });
}

/** Arbiter's pragmas for what a score sheet has that GCG has no field for. */
function arbiterPragmas(sheet: Scoresheet, nicks: string[]): GcgArbiter {
  const arbiter: GcgArbiter = { rules: sheet.rules };
  if (sheet.options !== undefined && Object.keys(sheet.options).length > 0) {
    arbiter.options = sheet.options;
  }
  if (sheet.end?.reason !== undefined) arbiter.endReason = sheet.end.reason;
  if (sheet.end?.clocks?.some((c) => c !== '')) {
    arbiter.endClocks = sheet.players.map((_, p) => sheet.end?.clocks?.[p] || null);
  }
  if (sheet.end?.timeExpired !== undefined) arbiter.timeExpired = nicks[sheet.end.timeExpired];
  return arbiter;
}
