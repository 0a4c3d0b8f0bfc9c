/**
 * TSH (John Chew's Tournament Shell) division files, `.t`: reading one into a
 * division and writing a division as TSH reads it. Pure: no Nest, no database.
 *
 * One line a player, players numbered 1… by line: the name (`Last, First`),
 * the rating, the opponent of each round (0 = none), `;`, the player's own
 * score of each round played, then optional `; key values` fields, of which
 * `p12` (1 = went first, 2 = second, 0 = no game), `team` and `off` are read.
 * docs/tournaments.md ("TSH files") says what maps to what and what is lost.
 */
import { PRINTABLE } from '../common/printable';
import { cleanName, nameKey } from '../i18n/names';

/** The fields a problem can name. */
export type TshField =
  'file' | 'name' | 'rating' | 'opponents' | 'scores' | 'p12' | 'team' | 'off' | 'fields';

export type TshProblemCode =
  | 'no-players'
  | 'too-many-players'
  | 'too-many-rounds'
  | 'no-rating'
  | 'not-a-number'
  | 'rating-range'
  | 'score-range'
  | 'too-many-scores'
  | 'rounds-differ'
  | 'opponent-range'
  | 'own-opponent'
  | 'not-mutual'
  | 'opponent-unpaired'
  | 'score-missing'
  | 'p12-length'
  | 'p12-value'
  | 'p12-clash'
  | 'bye-spread'
  | 'name-length'
  | 'name-control'
  | 'duplicate-name'
  | 'team-length'
  | 'duplicate-field'
  | 'bad-field'
  | 'round-unfinished';

/** One thing wrong with a file, as data: the page words it in its language. */
export interface TshProblem {
  /** The line of the file, 1-based (0: the file as a whole). */
  line: number;
  field: TshField;
  code: TshProblemCode;
  params: Record<string, string | number>;
}

/** One player's line as written. */
export interface TshLine {
  /** Line of the file, 1-based. */
  line: number;
  /** As written: `Petrović, Ana`. */
  name: string;
  rating: number;
  /** Per round: the opponent's player number, 0 = none. */
  opponents: number[];
  /** Per round played: the player's own score (a bye's or forfeit's spread against no one). */
  scores: number[];
  p12: number[] | null;
  team: string | null;
  off: boolean;
}

/** A game of an imported round; players by index (seed − 1), `first` moved first. */
export interface TshGame {
  first: number;
  second: number;
  /** `[first, second]`; null while the round is paired but not yet played. */
  scores: [number, number] | null;
}

export interface TshRound {
  games: TshGame[];
  /** A bye: the player had no opponent and a positive score (or none yet). */
  byes: number[];
  /** Not paired: no opponent and a score of 0 or less. */
  absent: number[];
}

/** A file read into what Arbiter stores: players in seed order, rounds, the bye spread. */
export interface TshDivision {
  players: { name: string; rating: number | null; club: string | null; active: boolean }[];
  rounds: TshRound[];
  /** The score every bye of the file is worth; null when no bye was played. */
  byeSpread: number | null;
}

export type TshRead = { ok: true; division: TshDivision } | { ok: false; problems: TshProblem[] };

/** Limits no real event reaches; beyond them a file is refused. */
export const TSH_LIMITS = {
  players: 2000,
  rounds: 100,
  name: 200,
  rating: 5000,
  minScore: -1000,
  maxScore: 5000,
  byeSpread: 1000,
  problems: 100,
} as const;

const INTEGER = /^[+-]?\d+$/;
const FIELD_KEY = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Names and teams are read as every name is (src/common/printable.ts): no control, invisible or direction-changing characters. */
const unprintable = (text: string): boolean => !PRINTABLE.test(text);

/** `Petrović, Ana` → `Ana Petrović`; a name without exactly one comma stays as written. */
export function fromTshName(name: string): string {
  const parts = name.split(',');
  if (parts.length !== 2) return cleanName(name);
  const [last, first] = parts.map((p) => p.trim());
  if (!last || !first) return cleanName(name);
  return cleanName(`${first} ${last}`);
}

/** `Ana Petrović` → `Petrović, Ana` (the last word is the surname); one word, or a comma, stays. */
export function toTshName(name: string): string {
  const clean = cleanName(name).replace(/;/g, ',');
  if (clean.includes(',')) return clean;
  const space = clean.lastIndexOf(' ');
  if (space < 0) return clean;
  return `${clean.slice(space + 1)}, ${clean.slice(0, space)}`;
}

class Problems {
  readonly list: TshProblem[] = [];
  add(line: number, field: TshField, code: TshProblemCode, params: TshProblem['params'] = {}) {
    if (this.list.length < TSH_LIMITS.problems) this.list.push({ line, field, code, params });
  }
  get full(): boolean {
    return this.list.length >= TSH_LIMITS.problems;
  }
}

/** The lines of a file, each read alone; problems of one line never stop the others. */
export function parseTshLines(text: string): { lines: TshLine[]; problems: TshProblem[] } {
  const problems = new Problems();
  const lines: TshLine[] = [];
  const raw = text.replace(/^\uFEFF/, '').split(/\r?\n|\r/);
  raw.forEach((content, i) => {
    if (content.trim() === '' || content.trimStart().startsWith('#')) return;
    const line = parseLine(content, i + 1, problems);
    if (line) lines.push(line);
  });
  if (lines.length === 0 && problems.list.length === 0) problems.add(0, 'file', 'no-players');
  if (lines.length > TSH_LIMITS.players) {
    problems.add(0, 'file', 'too-many-players', {
      count: lines.length,
      max: TSH_LIMITS.players,
    });
  }
  return { lines, problems: problems.list };
}

function numbers(
  tokens: string[],
  line: number,
  field: TshField,
  problems: Problems,
): number[] | null {
  const bad = tokens.find((t) => !INTEGER.test(t));
  if (bad !== undefined) {
    problems.add(line, field, 'not-a-number', { value: bad.slice(0, 40) });
    return null;
  }
  return tokens.map((t) => Number(t));
}

function parseLine(content: string, line: number, problems: Problems): TshLine | null {
  const [head, scoreText = '', ...rest] = content.split(';');
  const tokens = head.trim().split(/\s+/);
  let k = tokens.length;
  while (k > 0 && INTEGER.test(tokens[k - 1])) k--;
  const name = tokens.slice(0, k).join(' ');
  const figures = tokens.slice(k).map(Number);
  let ok = true;
  if (name === '') {
    problems.add(line, 'name', 'name-length', { max: TSH_LIMITS.name });
    ok = false;
  } else if (name.length > TSH_LIMITS.name) {
    problems.add(line, 'name', 'name-length', { max: TSH_LIMITS.name });
    ok = false;
  } else if (unprintable(name)) {
    problems.add(line, 'name', 'name-control');
    ok = false;
  }
  if (figures.length === 0) {
    problems.add(line, 'rating', 'no-rating');
    return null;
  }
  const [rating, ...opponents] = figures;
  if (rating < 0 || rating > TSH_LIMITS.rating) {
    problems.add(line, 'rating', 'rating-range', { value: rating, max: TSH_LIMITS.rating });
    ok = false;
  }
  if (opponents.length > TSH_LIMITS.rounds) {
    problems.add(line, 'opponents', 'too-many-rounds', {
      count: opponents.length,
      max: TSH_LIMITS.rounds,
    });
    ok = false;
  }
  const scoreTokens = scoreText.trim() === '' ? [] : scoreText.trim().split(/\s+/);
  const scores = numbers(scoreTokens, line, 'scores', problems);
  if (!scores) ok = false;
  else {
    const out = scores.find((s) => s < TSH_LIMITS.minScore || s > TSH_LIMITS.maxScore);
    if (out !== undefined) {
      problems.add(line, 'scores', 'score-range', {
        value: out,
        min: TSH_LIMITS.minScore,
        max: TSH_LIMITS.maxScore,
      });
      ok = false;
    }
    if (scores.length > opponents.length) {
      problems.add(line, 'scores', 'too-many-scores', {
        scores: scores.length,
        rounds: opponents.length,
      });
      ok = false;
    }
  }
  let p12: number[] | null = null;
  let team: string | null = null;
  let off = false;
  const seen = new Set<string>();
  for (const field of rest) {
    const text = field.trim();
    if (text === '') continue;
    const [key, ...values] = text.split(/\s+/);
    if (!FIELD_KEY.test(key)) {
      problems.add(line, 'fields', 'bad-field', { value: key.slice(0, 40) });
      ok = false;
      continue;
    }
    const lower = key.toLowerCase();
    if (seen.has(lower)) {
      problems.add(line, 'fields', 'duplicate-field', { key });
      ok = false;
      continue;
    }
    seen.add(lower);
    if (lower === 'p12') {
      const v = numbers(values, line, 'p12', problems);
      if (!v) ok = false;
      else if (v.some((x) => x < 0 || x > 4)) {
        problems.add(line, 'p12', 'p12-value', { value: v.find((x) => x < 0 || x > 4)! });
        ok = false;
      } else if (v.length !== opponents.length) {
        problems.add(line, 'p12', 'p12-length', { count: v.length, rounds: opponents.length });
        ok = false;
      } else p12 = v;
    } else if (lower === 'team') {
      const value = text.slice(key.length).trim();
      if (value.length > TSH_LIMITS.name || unprintable(value)) {
        problems.add(line, 'team', 'team-length', { max: TSH_LIMITS.name });
        ok = false;
      } else team = value === '' ? null : value;
    } else if (lower === 'off') {
      off = values.length === 0 || values[0] !== '0';
    }
    // Every other field (id, board, newr, rrank, rtime, time, …) is TSH's own: not carried.
  }
  if (!ok || !scores) return null;
  return { line, name, rating, opponents, scores, p12, team, off };
}

/**
 * Reads a whole file into a division: every line checked alone, then the lines
 * against each other (every round paired both ways, scores on both sides of a
 * game, `p12` agreeing, one bye spread). Nothing is returned with a problem.
 */
export function readTsh(text: string): TshRead {
  const { lines, problems: found } = parseTshLines(text);
  const problems = new Problems();
  found.forEach((p) => problems.add(p.line, p.field, p.code, p.params));
  if (problems.list.length > 0) return { ok: false, problems: problems.list };

  checkLinesAgree(lines, problems);
  if (problems.list.length > 0) return { ok: false, problems: problems.list };

  const rounds = lines[0].opponents.length;
  const out: TshRound[] = [];
  const byeScores: ByeScore[] = [];
  for (let r = 0; r < rounds && !problems.full; r++) {
    out.push(readRound(lines, r, problems, byeScores));
  }
  checkRoundsFinished(lines, out, problems);
  const byeSpread = readByeSpread(byeScores, problems);
  if (problems.list.length > 0) return { ok: false, problems: problems.list };
  return {
    ok: true,
    division: {
      players: lines.map((l) => ({
        name: fromTshName(l.name),
        rating: l.rating === 0 ? null : l.rating,
        club: l.team,
        active: !l.off,
      })),
      rounds: out,
      byeSpread,
    },
  };
}

/** A bye's score as written on its line: every bye of a file must be worth the same. */
interface ByeScore {
  line: number;
  round: number;
  score: number;
}

/** Every line has as many rounds as the first, and no two players share a name. */
function checkLinesAgree(lines: TshLine[], problems: Problems): void {
  const rounds = lines[0].opponents.length;
  for (const l of lines) {
    if (l.opponents.length !== rounds) {
      problems.add(l.line, 'opponents', 'rounds-differ', {
        count: l.opponents.length,
        rounds,
        first: lines[0].line,
      });
    }
  }
  const keys = new Map<string, number>();
  for (const l of lines) {
    const key = nameKey(fromTshName(l.name));
    const other = keys.get(key);
    if (other !== undefined) problems.add(l.line, 'name', 'duplicate-name', { other });
    else keys.set(key, l.line);
  }
}

/** Round `r` (0-based) from every line: its games, byes (scores noted in `byeScores`) and absences. */
function readRound(
  lines: TshLine[],
  r: number,
  problems: Problems,
  byeScores: ByeScore[],
): TshRound {
  const n = lines.length;
  const played = (i: number) => r < lines[i].scores.length;
  const round: TshRound = { games: [], byes: [], absent: [] };
  for (let i = 0; i < n; i++) {
    const l = lines[i];
    const opp = l.opponents[r];
    const mark = l.p12?.[r] ?? null;
    if (opp < 0 || opp > n) {
      problems.add(l.line, 'opponents', 'opponent-range', { round: r + 1, value: opp, n });
      continue;
    }
    if (opp === 0) {
      if (mark !== null && mark !== 0) {
        problems.add(l.line, 'p12', 'p12-value', { round: r + 1, value: mark });
      }
      if (!played(i)) round.byes.push(i);
      else if (l.scores[r] > 0) {
        round.byes.push(i);
        byeScores.push({ line: l.line, round: r + 1, score: l.scores[r] });
      } else if (!(l.off && trailingNoGames(l, r))) round.absent.push(i);
      continue;
    }
    const j = opp - 1;
    if (j === i) {
      problems.add(l.line, 'opponents', 'own-opponent', { round: r + 1 });
      continue;
    }
    const o = lines[j];
    if (o.opponents[r] === 0) {
      problems.add(l.line, 'opponents', 'opponent-unpaired', { round: r + 1, opponent: opp });
      continue;
    }
    if (o.opponents[r] !== i + 1) {
      problems.add(l.line, 'opponents', 'not-mutual', {
        round: r + 1,
        opponent: opp,
        theirs: o.opponents[r],
        player: i + 1,
      });
      continue;
    }
    if (j < i) continue; // the pair was read from the other line
    if (played(i) !== played(j)) {
      const missing = played(i) ? o : l;
      problems.add(missing.line, 'scores', 'score-missing', {
        round: r + 1,
        opponent: missing === o ? i + 1 : j + 1,
      });
      continue;
    }
    const a = o.p12?.[r] ?? null;
    if (mark === 0 || a === 0) {
      problems.add(mark === 0 ? l.line : o.line, 'p12', 'p12-value', { round: r + 1, value: 0 });
      continue;
    }
    const known = (x: number | null) => x === 1 || x === 2;
    if (known(mark) && known(a) && mark === a) {
      problems.add(o.line, 'p12', 'p12-clash', { round: r + 1, value: a, opponent: i + 1 });
      continue;
    }
    const iFirst = known(mark) ? mark === 1 : known(a) ? a === 2 : true;
    const [first, second] = iFirst ? [i, j] : [j, i];
    round.games.push({
      first,
      second,
      scores: played(i) ? [lines[first].scores[r], lines[second].scores[r]] : null,
    });
  }
  return round;
}

/**
 * Rounds are paired one by one (manual), and a round is paired only once every earlier game
 * has a result: a game without scores before a round that was played cannot have been.
 */
function checkRoundsFinished(lines: TshLine[], out: TshRound[], problems: Problems): void {
  const roundPlayed = out.map((round) => round.games.some((g) => g.scores !== null));
  out.forEach((round, r) => {
    const later = roundPlayed.findIndex((p, k) => k > r && p);
    if (later < 0) return;
    for (const g of round.games) {
      if (g.scores !== null) continue;
      problems.add(lines[g.first].line, 'scores', 'round-unfinished', {
        round: r + 1,
        opponent: g.second + 1,
        later: later + 1,
      });
    }
  });
}

/** The one score every bye is worth (the first bye's), or null without byes; others are problems. */
function readByeSpread(byeScores: ByeScore[], problems: Problems): number | null {
  let byeSpread: number | null = null;
  for (const b of byeScores) {
    if (b.score > TSH_LIMITS.byeSpread) {
      problems.add(b.line, 'scores', 'bye-spread', {
        round: b.round,
        value: b.score,
        expected: byeSpread ?? TSH_LIMITS.byeSpread,
      });
    } else if (byeSpread === null) byeSpread = b.score;
    else if (b.score !== byeSpread) {
      problems.add(b.line, 'scores', 'bye-spread', {
        round: b.round,
        value: b.score,
        expected: byeSpread,
      });
    }
  }
  return byeSpread;
}

/** True when a withdrawn player had no game from round `r` (0-based) on: the withdrawal itself. */
function trailingNoGames(l: TshLine, r: number): boolean {
  for (let k = r; k < l.opponents.length; k++) {
    if (l.opponents[k] !== 0) return false;
    if (k < l.scores.length && l.scores[k] > 0) return false;
  }
  return true;
}

// --- writing -----------------------------------------------------------------

/** One round of a player, as a line says it. */
export interface TshEntry {
  /** The opponent's player number, 0 = none. */
  opponent: number;
  score: number;
  /** 1 = went first, 2 = second, 0 = no game. */
  p12: 0 | 1 | 2;
}

export interface TshPlayerOut {
  name: string;
  rating: number | null;
  club: string | null;
  active: boolean;
  entries: TshEntry[];
}

/**
 * The file: a line a player in the order given (their player numbers), fields
 * in TSH's own order (alphabetical): `off`, `p12`, `team`. Lines end in `\n`.
 */
export function writeTsh(players: TshPlayerOut[]): string {
  return players
    .map((p) => {
      const opponents = p.entries.map((e) => ` ${e.opponent}`).join('');
      const scores = p.entries.map((e) => ` ${e.score}`).join('');
      let line = `${toTshName(p.name)} ${p.rating ?? 0}${opponents};${scores}`;
      if (!p.active) line += '; off 1';
      if (p.entries.length > 0) line += `; p12 ${p.entries.map((e) => e.p12).join(' ')}`;
      const club = p.club === null ? '' : cleanName(p.club).replace(/;/g, ',');
      if (club !== '') line += `; team ${club}`;
      return `${line}\n`;
    })
    .join('');
}

/** A stored game as the writer needs it; players by index (seed order, 0-based). */
export interface TshGameIn {
  round: number;
  first: number;
  second: number | null;
  status: 'pending' | 'complete' | 'bye';
  winner: 'first' | 'second' | 'draw' | 'none' | null;
  scores: [number, number] | null;
  kind: 'forfeit' | 'double-forfeit' | null;
}

/**
 * How many rounds are played through: the rounds 1…k that exist and have no
 * game waiting for its result. TSH files carry the rounds every player has a score in.
 */
export function roundsPlayedThrough(games: TshGameIn[], roundsPaired: number): number {
  for (let r = 1; r <= roundsPaired; r++) {
    if (games.some((g) => g.round === r && g.status === 'pending')) return r - 1;
  }
  return roundsPaired;
}

/**
 * Each player's entries for rounds 1…`rounds`: a game gives the opponent and
 * own score; a bye is 0 and its score; a forfeit is 0 and +forfeit spread for
 * the player present, −forfeit spread for the absent (both for a double
 * forfeit), as TSH enters forfeits; a round without a game is 0 and 0.
 */
export function tshEntries(
  playerCount: number,
  games: TshGameIn[],
  rounds: number,
  forfeitSpread: number,
): TshEntry[][] {
  const entries: TshEntry[][] = Array.from({ length: playerCount }, () =>
    Array.from({ length: rounds }, () => ({ opponent: 0, score: 0, p12: 0 as const })),
  );
  for (const g of games) {
    if (g.round < 1 || g.round > rounds) continue;
    const r = g.round - 1;
    if (g.second === null) {
      entries[g.first][r] = { opponent: 0, score: g.scores?.[0] ?? 0, p12: 0 };
      continue;
    }
    if (g.kind !== null) {
      const won = (who: 'first' | 'second') => g.kind === 'forfeit' && g.winner === who;
      entries[g.first][r] = {
        opponent: 0,
        score: won('first') ? forfeitSpread : -forfeitSpread,
        p12: 0,
      };
      entries[g.second][r] = {
        opponent: 0,
        score: won('second') ? forfeitSpread : -forfeitSpread,
        p12: 0,
      };
      continue;
    }
    const [a, b] = g.scores ?? [0, 0];
    entries[g.first][r] = { opponent: g.second + 1, score: a, p12: 1 };
    entries[g.second][r] = { opponent: g.first + 1, score: b, p12: 2 };
  }
  return entries;
}

/**
 * Games whose result the scores alone do not tell (a time loss, a tie decided by the rule
 * set's tie-break): TSH, and the agencies that read its files, decide every game by the scores,
 * so a file written with them would give the other result. Rounds from 1, tables of the caller.
 */
export function resultsNotByScore(games: readonly TshGameIn[], rounds: number): TshGameIn[] {
  return games.filter(
    (g) =>
      g.round <= rounds &&
      g.status === 'complete' &&
      g.second !== null &&
      g.kind === null &&
      g.scores !== null &&
      g.winner !== winnerByScores(g.scores),
  );
}

/** Who won an imported game: the higher score; equal scores are a tie, as TSH counts them. */
export function winnerByScores([a, b]: [number, number]): 'first' | 'second' | 'draw' {
  return a > b ? 'first' : a < b ? 'second' : 'draw';
}
