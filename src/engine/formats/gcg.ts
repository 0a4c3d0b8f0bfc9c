import { RuleOptions } from '../rules/ruleset';
import { findRuleSet } from '../rules/rulesets';
import { parseClock, Scoresheet, SheetEnd, SheetTurn } from '../sheet/scoresheet';
import { VerificationReport } from '../report/report';

/**
 * GCG, the crossword-game record of Quackle, Macondo and cross-tables:
 * pragmas (`#player1 nick Full Name`) and events (`>nick: RACK POS WORD +score total`).
 *
 * What GCG has no field for, Arbiter writes as pragmas of its own, which other
 * programs pass over (as they do any pragma they do not know) and this reader
 * reads back, so a sheet exported and imported again is the same game:
 *
 * - after an event: `#arbiter-clock 28:40` the clock written for that turn;
 *   `#arbiter-challenge valid` the opponent challenged the play and it stood
 *   (without a bonus: a time penalty in Kvizovka, a lost turn in Scrabble);
 * - anywhere: `#arbiter-options {"penaltyMinutes":[1,2]}` the sheet's rule options
 *   (JSON); `#arbiter-end agreed` how the game ended; `#arbiter-end-clocks 22:05 21:40`
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
    /** `RACK (RACK) -n`: the player loses the value of their own rack. */
    | { kind: 'own-rack'; nick: string; rack: string; score: number; total: number; line: number }
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

/** A parsed GCG record. Pragmas not listed keep their text in `otherPragmas`. */
export interface GcgGame {
  players: GcgPlayer[];
  title?: string;
  description?: string;
  id?: string;
  lexicon?: string;
  characterEncoding?: string;
  /** Arbiter's own pragma: the rule set (`#game-type kvizovka`). */
  gameType?: string;
  /** Arbiter's pragmas of the whole game (options, how it ended, final clocks). */
  arbiter?: GcgArbiter;
  otherPragmas: string[];
  events: GcgEvent[];
}

/** A line of a GCG file that could not be read. */
export interface GcgError {
  line: number;
  message: string;
}

/**
 * Decodes GCG bytes: ISO-8859-1 unless the file declares
 * `#character-encoding UTF-8` (which must come first, by the format).
 */
export function decodeGcg(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 400)));
  const utf8 = /^\uFEFF?#character-encoding\s+utf-?8\s*$/im.test(
    head.split(/\r?\n/).slice(0, 3).join('\n'),
  );
  return new TextDecoder(utf8 ? 'utf-8' : 'latin1').decode(bytes).replace(/^\uFEFF/, '');
}

const SIGNED = /^[+-]\d+$/;

/** Reads GCG text. Every unreadable line is reported with its number; nothing is guessed. */
export function parseGcg(
  text: string,
): { ok: true; game: GcgGame } | { ok: false; errors: GcgError[] } {
  const game: GcgGame = { players: [], otherPragmas: [], events: [] };
  const errors: GcgError[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const lineNo = i + 1;
    const line = raw.trim();
    if (line === '') return;
    if (line.startsWith('#')) {
      const m = /^#(\S+)\s*(.*)$/.exec(line)!;
      const [, name, value] = m;
      switch (name) {
        case 'player1':
        case 'player2': {
          const [nick, ...rest] = value.split(/\s+/);
          if (!nick) errors.push({ line: lineNo, message: `#${name} needs a nickname and a name` });
          else game.players[name === 'player1' ? 0 : 1] = { nick, name: rest.join(' ') || nick };
          return;
        }
        case 'title':
          game.title = value;
          return;
        case 'description':
          game.description = value;
          return;
        case 'id':
          game.id = value;
          return;
        case 'lexicon':
          game.lexicon = value;
          return;
        case 'character-encoding':
          game.characterEncoding = value;
          return;
        case 'game-type':
          game.gameType = value;
          return;
        case 'arbiter-clock':
        case 'arbiter-challenge':
        case 'arbiter-options':
        case 'arbiter-end':
        case 'arbiter-end-clocks':
        case 'arbiter-time-expired': {
          const problem = readArbiterPragma(game, name, value.trim());
          if (problem) errors.push({ line: lineNo, message: problem });
          return;
        }
        default:
          game.otherPragmas.push(line);
          return;
      }
    }
    if (!line.startsWith('>')) {
      errors.push({
        line: lineNo,
        message: `'${line.slice(0, 40)}' is neither a pragma (#…) nor an event (>nick: …)`,
      });
      return;
    }
    const colon = line.indexOf(':');
    if (colon < 0) {
      errors.push({
        line: lineNo,
        message: "an event needs the player's nickname followed by a colon (>nick: …)",
      });
      return;
    }
    const nick = line.slice(1, colon).trim();
    const rest = line.slice(colon + 1);
    const event = parseEvent(nick, rest, lineNo);
    if ('message' in event) errors.push(event);
    else game.events.push(event);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, game };
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

/** Reads one of Arbiter's pragmas into the game; a message when it cannot be read. */
function readArbiterPragma(game: GcgGame, name: string, value: string): string | null {
  const last = game.events[game.events.length - 1];
  const arbiter = (): GcgArbiter => (game.arbiter ??= {});
  switch (name) {
    case 'arbiter-clock':
      if (!last) return '#arbiter-clock must follow the event of its turn';
      if (!isClock(value)) return `#arbiter-clock '${value}' is not a clock reading (mm:ss)`;
      last.clock = value;
      return null;
    case 'arbiter-challenge':
      if (!last || last.kind !== 'move') return '#arbiter-challenge must follow a move';
      if (value !== 'valid') return `#arbiter-challenge '${value}': only 'valid' is written`;
      last.challengeStood = true;
      return null;
    case 'arbiter-options': {
      let options: unknown;
      try {
        options = JSON.parse(value);
      } catch {
        return '#arbiter-options must be a JSON object';
      }
      if (typeof options !== 'object' || options === null || Array.isArray(options)) {
        return '#arbiter-options must be a JSON object';
      }
      arbiter().options = options;
      return null;
    }
    case 'arbiter-end': {
      const reason = END_REASONS.find((r) => r === value);
      if (!reason) return `#arbiter-end '${value}' is not one of ${END_REASONS.join(', ')}`;
      arbiter().endReason = reason;
      return null;
    }
    case 'arbiter-end-clocks': {
      const clocks = value.split(/\s+/).filter(Boolean);
      const bad = clocks.find((c) => c !== '-' && !isClock(c));
      if (clocks.length === 0 || bad !== undefined) {
        return `#arbiter-end-clocks needs a clock (mm:ss) or - for each player${bad ? `, not '${bad}'` : ''}`;
      }
      arbiter().endClocks = clocks.map((c) => (c === '-' ? null : c));
      return null;
    }
    case 'arbiter-time-expired':
      if (!value) return '#arbiter-time-expired needs the nickname of the player';
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

function parseEvent(nick: string, rest: string, line: number): GcgEvent | GcgError {
  const tokens = rest.trim().split(/\s+/);
  // A rack never starts with '(' or '-' (end-of-game lines have none: `>nick:  (RR) +4 373`), and
  // a move written without its rack has four tokens, the first a position.
  const rackless =
    tokens[0] === undefined ||
    tokens[0].startsWith('(') ||
    tokens[0].startsWith('-') ||
    (tokens.length === 4 &&
      /^(\d{1,2}[A-Za-z]|[A-Za-z]\d{1,2})$/.test(tokens[0]) &&
      SIGNED.test(tokens[2]));
  const rack = rackless ? '' : tokens.shift()!;
  const bad = (message: string): GcgError => ({ line, message });
  const numbers = (from: number): { score: number; total: number } | null => {
    const score = tokens[from];
    const total = tokens[from + 1];
    if (!score || !SIGNED.test(score) || !total || !/^-?\d+$/.test(total)) return null;
    return { score: Number(score), total: Number(total) };
  };
  const first = tokens[0];
  if (first === undefined) return bad('the event is empty');
  if (first === '--') {
    const n = numbers(1);
    return n
      ? { kind: 'withdrawn', nick, rack, ...n, line }
      : bad('a withdrawn move (--) needs -score and the total');
  }
  if (first === '(challenge)') {
    const n = numbers(1);
    return n
      ? { kind: 'challenge-bonus', nick, rack, ...n, line }
      : bad('(challenge) needs +bonus and the total');
  }
  if (first === '(time)') {
    const n = numbers(1);
    return n
      ? { kind: 'time-penalty', nick, rack, ...n, line }
      : bad('(time) needs -points and the total');
  }
  if (/^\(.*\)$/.test(first)) {
    const n = numbers(1);
    if (!n) return bad(`${first} needs ±points and the total`);
    const inside = first.slice(1, -1);
    return n.score < 0 && inside === rack
      ? { kind: 'own-rack', nick, rack, ...n, line }
      : { kind: 'end-rack', nick, rack, opponentRack: inside, ...n, line };
  }
  if (first === '-') {
    const n = numbers(1);
    return n ? { kind: 'pass', nick, rack, ...n, line } : bad('a pass (-) needs +0 and the total');
  }
  if (first.startsWith('-') && !SIGNED.test(first)) {
    const n = numbers(1);
    return n
      ? { kind: 'exchange', nick, rack, tiles: first.slice(1), ...n, line }
      : bad('an exchange needs +0 and the total');
  }
  if (/^-\d+$/.test(first) && tokens.length >= 3 && SIGNED.test(tokens[1])) {
    const n = numbers(1);
    return n
      ? { kind: 'exchange', nick, rack, tiles: Number(first.slice(1)), ...n, line }
      : bad('an exchange needs +0 and the total');
  }
  const n = numbers(2);
  if (!n || !tokens[1]) {
    return bad(`'${rest.trim()}' is not a move: expected RACK POSITION WORD +score total`);
  }
  // Tokens after the total (annotations some programs add) are tolerated.
  return { kind: 'move', nick, rack, position: first, word: tokens[1], ...n, line };
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
  const arbiter = game.arbiter ?? {};
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
        out.push(`${head} (${e.rack}) ${sign(e.score)} ${e.total}`);
        break;
      case 'time-penalty':
        out.push(`${head} (time) ${sign(e.score)} ${e.total}`);
        break;
    }
    out.push(...eventPragmas(e));
  }
  if (arbiter.endReason !== undefined) out.push(`#arbiter-end ${arbiter.endReason}`);
  if (arbiter.endClocks !== undefined) {
    out.push(`#arbiter-end-clocks ${arbiter.endClocks.map((c) => c ?? '-').join(' ')}`);
  }
  if (arbiter.timeExpired !== undefined) out.push(`#arbiter-time-expired ${arbiter.timeExpired}`);
  return out.join('\n') + '\n';
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
 */
export function gcgToScoresheet(
  game: GcgGame,
  rulesId?: string,
): { ok: true; value: GcgSheet } | { ok: false; errors: GcgError[] } {
  const errors: GcgError[] = [];
  const id = rulesId ?? game.gameType ?? 'scrabble-en';
  const ruleSet = findRuleSet(id);
  if (!ruleSet) return { ok: false, errors: [{ line: 0, message: `unknown rule set "${id}"` }] };
  if (ruleSet.cards) {
    return {
      ok: false,
      errors: [{ line: 0, message: `${ruleSet.name} is a card game: GCG records crossword games` }],
    };
  }
  if (game.players.length !== 2 || !game.players[0] || !game.players[1]) {
    return {
      ok: false,
      errors: [{ line: 0, message: 'a GCG record needs #player1 and #player2' }],
    };
  }
  const index = new Map(game.players.map((p, i) => [p.nick, i]));
  const turns: SheetTurn[] = [];
  const turnLines: number[] = [];
  const lastPlay: (number | null)[] = [null, null];
  /** Each player's last turn, for the pragmas after a `--` or `(challenge)` line. */
  const lastTurn: (number | null)[] = [null, null];
  const racks: (string | undefined)[] = [undefined, undefined];
  const finals: (number | undefined)[] = [undefined, undefined];
  const ownRackLines = [false, false];
  let wentOut: number | null = null;
  let bonusSeen = false;
  for (const e of game.events) {
    const p = index.get(e.nick);
    if (p === undefined) {
      errors.push({
        line: e.line,
        message: `'${e.nick}' is not a player of this game (${game.players.map((x) => x.nick).join(', ')})`,
      });
      continue;
    }
    const other = 1 - p;
    const rack = e.rack || undefined;
    finals[p] = e.total;
    const before = turns.length;
    switch (e.kind) {
      case 'move':
        lastPlay[p] = turns.length;
        turns.push({
          player: p,
          play: `${e.position} ${e.word}`,
          score: e.score,
          total: e.total,
          ...(rack ? { rack } : {}),
        });
        turnLines.push(e.line);
        break;
      case 'exchange':
        lastPlay[p] = null;
        turns.push({
          player: p,
          exchange: e.tiles,
          score: e.score,
          total: e.total,
          ...(rack ? { rack } : {}),
        });
        turnLines.push(e.line);
        break;
      case 'pass':
        lastPlay[p] = null;
        turns.push({
          player: p,
          pass: true,
          score: e.score,
          total: e.total,
          ...(rack ? { rack } : {}),
        });
        turnLines.push(e.line);
        break;
      case 'withdrawn':
      case 'challenge-bonus': {
        const t = lastPlay[p];
        if (t === null) {
          errors.push({
            line: e.line,
            message: `${e.kind === 'withdrawn' ? '--' : '(challenge)'} does not follow a move of ${e.nick}`,
          });
          break;
        }
        turns[t].challenge =
          e.kind === 'withdrawn'
            ? { by: other, valid: false }
            : { by: other, valid: true, bonus: e.score };
        turns[t].total = e.total;
        if (e.kind === 'challenge-bonus') bonusSeen = true;
        lastPlay[p] = null;
        break;
      }
      case 'end-rack':
        wentOut = p;
        racks[other] = e.opponentRack;
        racks[p] = '';
        break;
      case 'own-rack':
        racks[p] = e.rack;
        ownRackLines[p] = true;
        break;
      case 'time-penalty':
        errors.push({
          line: e.line,
          message: '(time) penalties are not verified yet: the score sheet has no field for them',
        });
        break;
    }
    // Arbiter's pragmas after the event: the clock of its turn, a challenge that stood.
    const turnOf =
      turns.length > before
        ? turns.length - 1
        : e.kind === 'withdrawn' || e.kind === 'challenge-bonus'
          ? lastTurn[p]
          : null;
    if (e.clock !== undefined || e.challengeStood) {
      if (turnOf === null) {
        errors.push({
          line: e.line,
          message: `#arbiter-clock and #arbiter-challenge belong after a turn, not after ${e.kind}`,
        });
      } else {
        if (e.clock !== undefined) turns[turnOf].clock = e.clock;
        if (e.challengeStood) turns[turnOf].challenge = { by: other, valid: true };
      }
    }
    if (turns.length > before) lastTurn[p] = turns.length - 1;
  }
  const arbiter = game.arbiter ?? {};
  let timeExpired: number | undefined;
  if (arbiter.timeExpired !== undefined) {
    timeExpired = index.get(arbiter.timeExpired);
    if (timeExpired === undefined) {
      errors.push({
        line: 0,
        message: `#arbiter-time-expired '${arbiter.timeExpired}' is not a player of this game`,
      });
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  const options: Scoresheet['options'] = {};
  if (bonusSeen) options.failedChallenge = 'bonus';
  if (wentOut !== null) options.goingOut = ownRackLines[1 - wentOut] ? 'transfer' : 'double';
  // The sheet's own options, as written, over what the events imply.
  Object.assign(options, arbiter.options);
  const end: NonNullable<Scoresheet['end']> = {};
  if (arbiter.endReason !== undefined) end.reason = arbiter.endReason;
  else if (wentOut !== null) end.reason = 'out';
  else if (ownRackLines[0] && ownRackLines[1]) end.reason = 'scoreless';
  if (racks[0] !== undefined || racks[1] !== undefined) {
    end.racks = [racks[0] ?? '', racks[1] ?? ''];
  }
  const endClocks = arbiter.endClocks;
  if (endClocks !== undefined && endClocks.some((c) => c !== null)) {
    end.clocks = endClocks.map((c) => c ?? '');
  }
  if (timeExpired !== undefined) end.timeExpired = timeExpired;
  const sheet: Scoresheet = {
    format: 'scoresheet/1',
    rules: ruleSet.id,
    ...(Object.keys(options).length > 0 ? { options } : {}),
    players: game.players.map((p) => p.name),
    turns,
    ...(Object.keys(end).length > 0 ? { end } : {}),
    ...(finals[0] !== undefined && finals[1] !== undefined
      ? { claimed: { final: [finals[0], finals[1]] } }
      : {}),
  };
  return { ok: true, value: { sheet, turnLines } };
}

/**
 * Writes a verified score sheet as GCG, with `#game-type` naming the rule
 * set, so Kvizovka games can be read by crossword tools. Scores and totals
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
  report.turns.forEach((t, i) => {
    const turn = sheet.turns[i];
    const nick = nicks[t.player];
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
  });
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
  const arbiter: GcgArbiter = {};
  if (sheet.options !== undefined && Object.keys(sheet.options).length > 0) {
    arbiter.options = sheet.options;
  }
  if (sheet.end?.reason !== undefined) arbiter.endReason = sheet.end.reason;
  if (sheet.end?.clocks?.some((c) => c !== '')) {
    arbiter.endClocks = sheet.players.map((_, p) => sheet.end?.clocks?.[p] || null);
  }
  if (sheet.end?.timeExpired !== undefined) arbiter.timeExpired = nicks[sheet.end.timeExpired];
  return {
    players: sheet.players.map((name, i) => ({ nick: nicks[i], name })),
    gameType: sheet.rules,
    characterEncoding: 'UTF-8',
    ...(Object.keys(arbiter).length > 0 ? { arbiter } : {}),
    otherPragmas: [],
    events,
  };
}
