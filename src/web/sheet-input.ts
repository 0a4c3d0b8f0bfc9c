import { findNodeAtLocation, getNodeValue, ParseError, parseTree } from 'jsonc-parser';
import type { Node as JsonNode } from 'jsonc-parser';
import { printParseErrorCode } from 'jsonc-parser';
import {
  formatPath,
  GcgError,
  GcgProblem,
  gcgToScoresheet,
  JsonPath,
  parseGcg,
  readGameSheet,
  Scoresheet,
  SheetError,
  SheetProblem,
  SheetRefusal,
  SCORESHEET_FORMAT,
  SheetTerms,
} from '../engine';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../common/body/json-nesting';
import { isMessageKey, Lang, t } from '../i18n';

/** A sheet the judge typed, read far enough to hand to the verification. */
export type SheetInput =
  | {
      ok: true;
      /** The sheet (`scoresheet/1`), from JSON or converted from GCG, with the game's options. */
      doc: Scoresheet;
      /** Line (from 1) of a place in the document, where it can be told. */
      lineOf: (path: JsonPath) => number | null;
    }
  | {
      ok: false;
      message: string;
      line: number | null;
      /** Each mistake with its line, where the text has several (`message` joins them). */
      problems?: { line: number | null; text: string }[];
      /** The texts name their own lines (`Red 12, polje „end.racks”: …`): none is added. */
      located?: true;
    };

/** Line number (1-based) of a character offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** A GCG record starts with a `#` pragma; anything else is read as JSON. */
export function looksLikeGcg(text: string): boolean {
  return text.trimStart().startsWith('#');
}

/**
 * Where a sheet is read: for a game of a tournament, or on the check page
 * (a sheet of no game) with its rules chosen there.
 */
export type SheetPlace = 'game' | 'check';

/**
 * Reads what the judge typed: JSON (strict; a syntax error names its line and
 * what was expected) or a GCG record (converted for `terms.rules`). Then the
 * one decision whether it is the game's sheet ({@link readGameSheet}: rule
 * set, options, structure, players as far as `terms` names them), each
 * structural error with the line of its field, so that nothing reaches the
 * server's verification that it would refuse.
 */
export function readSheetInput(
  text: string,
  lang: Lang,
  terms: SheetTerms & { rules: string },
  place: SheetPlace = 'game',
): SheetInput {
  const { rules } = terms;
  // A byte order mark (an editor's, or a file saved as "UTF-8 with BOM") is no part of the sheet.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') return { ok: false, message: t(lang, 'sheet.json.empty'), line: 1 };
  let doc: unknown;
  let lineOf: (path: JsonPath) => number | null;
  if (looksLikeGcg(text)) {
    const parsed = parseGcg(text);
    const errors = parsed.ok ? null : parsed.errors;
    const converted = parsed.ok ? gcgToScoresheet(parsed.game, rules) : null;
    const problems = errors ?? (converted && !converted.ok ? converted.errors : null);
    if (problems && problems.length > 0) {
      // Line 0 is the record as a whole (no players named, say).
      const said = problems.map((e) => ({ line: e.line || null, message: gcgErrorText(lang, e) }));
      const firstLine = said[0].line;
      return {
        ok: false,
        line: firstLine,
        // The first error's line is the page's (`red 4` by the heading).
        message: said
          .map(({ line, message }) =>
            line !== null && line !== firstLine
              ? t(lang, 'sheet.gcg', { line, message })
              : t(lang, 'sheet.gcgWhole', { message }),
          )
          .join('; '),
        problems: said.map(({ line, message }) => ({
          line,
          text: t(lang, 'sheet.gcgWhole', { message }),
        })),
      };
    }
    const value = converted && converted.ok ? converted.value : null;
    if (!value) return { ok: false, message: t(lang, 'sheet.json.other'), line: null };
    doc = JSON.parse(JSON.stringify(value.sheet)) as unknown;
    const lines = value.turnLines;
    lineOf = (path) =>
      path[0] === 'turns' && typeof path[1] === 'number' ? (lines[path[1]] ?? null) : null;
  } else {
    // The parser recurses on every level: a text nested thousands deep would overflow the stack.
    if (nestsDeeperThan(text)) {
      return {
        ok: false,
        line: 1,
        message: t(lang, 'sheet.json.tooDeep', { max: MAX_JSON_DEPTH }),
      };
    }
    // A sheet is a JSON object or a GCG record: a text that starts otherwise is neither.
    const start = text.length - text.trimStart().length;
    if (text[start] !== '{') {
      return { ok: false, line: lineAt(text, start), message: t(lang, 'sheet.json.notSheet') };
    }
    const errors: ParseError[] = [];
    const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
    if (errors.length > 0 || !root) {
      const first = errors[0];
      const code = first ? printParseErrorCode(first.error) : 'other';
      const key = `sheet.json.${code}`;
      return {
        ok: false,
        line: first ? lineAt(text, first.offset) : 1,
        message: isMessageKey(key) ? t(lang, key) : t(lang, 'sheet.json.other'),
      };
    }
    doc = getNodeValue(root) as unknown;
    lineOf = linesOfTree(text, root);
  }
  const read = readGameSheet(doc, terms);
  if (!read.ok && read.refusal.code === 'SHEET_UNREADABLE') {
    const players = (doc as { players?: unknown } | null)?.players;
    const problems = read.refusal.errors.map((e) => {
      const line = lineOf(e.path);
      return { line, text: sheetErrorText(lang, e, { line, players }) };
    });
    const firstLine = problems.find((x) => x.line !== null)?.line ?? null;
    return {
      ok: false,
      line: firstLine,
      message: problems.map(({ text }) => text).join('; '),
      problems,
      located: true,
    };
  }
  if (!read.ok) {
    const field =
      read.refusal.code === 'SHEET_PLAYERS_MISMATCH'
        ? 'players'
        : read.refusal.code === 'SHEET_OPTIONS_MISMATCH'
          ? 'options'
          : 'rules';
    return {
      ok: false,
      line: lineOf([field]),
      message: sheetRefusalText(lang, read.refusal, place),
    };
  }
  // The document as written (the game's options applied): an end field the engine leaves out as
  // unreadable stays, so that the form it fills flags it on its cell.
  return { ok: true, doc: read.doc as Scoresheet, lineOf };
}

/**
 * The sheet's own words a message quotes (field names, the format, examples), as a sheet writes
 * them: placeholders, so that a Cyrillic page does not transliterate them.
 */
const SHEET_WORDS: Readonly<Record<string, string>> = {
  meta: 'meta',
  format: `"${SCORESHEET_FORMAT}"`,
  rulesExample: '"kvizovka"',
  kinds: 'play, exchange, pass',
  playExample: '"9F KUĆA"',
  passValue: 'true',
  challengeExample: '{ "by": 1, "valid": false }',
  valid: 'true',
  invalid: 'false',
  claimedExample: '{ "final": [483, 459] }',
  pragmas: '#player1, #player2',
  time: '(time)',
  classic: 'classic',
  recorders: 'Macondo, Woogles',
  lexiconsEn: 'NWL…, TWL…, CSW…, OSPD…, SOWPODS, ECWL, CEL, NSWL…',
  lexiconsFr: 'FRA…, ODS…',
  crosswordGame: 'CrosswordGame, standard15',
  validPragma: 'valid',
  arbiterClock: '#arbiter-clock',
  arbiterChallenge: '#arbiter-challenge',
  timeExpiredPragma: '#arbiter-time-expired',
};

/** A problem's data as a message's placeholders: lists joined, a range of players written out. */
function problemValues(problem: SheetProblem | GcgProblem): Record<string, string | number> {
  const values: Record<string, string | number> = { ...SHEET_WORDS };
  for (const [name, value] of Object.entries(problem)) {
    if (Array.isArray(value)) values[name] = value.join(', ');
    else if (typeof value === 'string' || typeof value === 'number') values[name] = value;
  }
  if (problem.code === 'PLAYER_COUNT') {
    values.allowed = problem.min === problem.max ? problem.min : `${problem.min}–${problem.max}`;
  }
  return values;
}

/** Where in a parsed JSON text each path is: the line (from 1) of its node, or of its nearest parent. */
function linesOfTree(text: string, root: JsonNode): (path: JsonPath) => number | null {
  return (path) => {
    for (let n = path.length; n >= 0; n--) {
      const node = findNodeAtLocation(root, path.slice(0, n));
      if (node) return lineAt(text, node.offset);
    }
    return null;
  };
}

/** The line of each path of a JSON text, or none of it when the text is no JSON (a GCG record). */
export function jsonLines(text: string): (path: JsonPath) => number | null {
  const start = text.length - text.trimStart().length;
  const root = text[start] === '{' && !nestsDeeperThan(text) ? parseTree(text) : undefined;
  return root ? linesOfTree(text, root) : () => null;
}

/** Lists with one entry a player, in the order of `players`: an index in them is a player. */
const PER_PLAYER_FIELDS: ReadonlySet<string> = new Set([
  'players',
  'end.racks',
  'end.clocks',
  'end.timePenalty',
  'end.drawn',
  'claimed.final',
]);

/**
 * Where a structural mistake is, as a reader of the sheet finds it rather than as the engine's
 * path (`end.racks[0]`): the turn (from 0), the field as the sheet writes it without its
 * indices (`end.racks`, a turn's `challenge.by`), the player of a list with one entry a player,
 * or the place of an entry in another list.
 */
export interface SheetErrorPlace {
  turn: number | null;
  field: string | null;
  player: number | null;
  entry: number | null;
}

export function sheetErrorPlace(path: JsonPath): SheetErrorPlace {
  let rest = path;
  let turn: number | null = null;
  if (path[0] === 'turns' && typeof path[1] === 'number') {
    turn = path[1];
    rest = path.slice(2);
  }
  const keys: string[] = [];
  let player: number | null = null;
  let entry: number | null = null;
  for (const part of rest) {
    if (typeof part === 'string') keys.push(part);
    else if (turn === null && PER_PLAYER_FIELDS.has(keys.join('.'))) player = part;
    else entry = part;
  }
  return { turn, field: keys.length > 0 ? keys.join('.') : null, player, entry };
}

/** A player of a list in the sheet: their name where the sheet gives it, else their number. */
function playerName(players: unknown, index: number): string {
  const name = Array.isArray(players) ? (players as unknown[])[index] : undefined;
  return typeof name === 'string' && name.trim() !== ''
    ? name.trim().slice(0, 40)
    : String(index + 1);
}

/** A mistake in a sheet's structure in the page's language: its own sentence where it is a usual one. */
export function sheetProblemText(lang: Lang, e: SheetError): string {
  const problem = e.problem;
  if (!problem) return e.message;
  const key =
    problem.code === 'RULES' && problem.given !== null
      ? 'sheetProblem.RULES.given'
      : (`sheetProblem.${problem.code}` as const);
  return t(lang, key, problemValues(problem));
}

/**
 * A mistake in a sheet's structure with where it is, in the page's language: its line, its turn
 * as a judge counts them, its field as the sheet writes it and the player it is about
 * (`Red 12, polje „end.racks”, igrač Ana: …`, `Red 30, 3. potez, polje „score”: mora biti ceo
 * broj`), not the engine's path. The usual mistakes are said by their data, others as the
 * engine says them.
 */
export function sheetErrorText(
  lang: Lang,
  e: SheetError,
  where: { line?: number | null; players?: unknown } = {},
): string {
  const place = sheetErrorPlace(e.path);
  const parts: string[] = [];
  if (where.line) parts.push(t(lang, 'common.line', { n: where.line }));
  if (place.turn !== null) parts.push(t(lang, 'game.turnN', { n: place.turn + 1 }));
  if (place.field !== null) parts.push(t(lang, 'sheet.at.field', { field: place.field }));
  if (place.player !== null)
    parts.push(t(lang, 'sheet.at.player', { name: playerName(where.players, place.player) }));
  if (place.entry !== null) parts.push(t(lang, 'sheet.at.entry', { n: place.entry + 1 }));
  if (parts.length === 0) parts.push(t(lang, 'sheet.at.document'));
  const at = parts.join(', ');
  return `${at.charAt(0).toLocaleUpperCase(lang)}${at.slice(1)}: ${sheetProblemText(lang, e)}`;
}

/**
 * A structural mistake as the API gives it: the engine's path as before, and where it is (line,
 * turn from 1, field, player from 0), its code and parameters (`OTHER` and none for a mistake
 * without its own code), and its sentence in the asker's language.
 */
export interface SheetErrorDetail {
  path: string;
  line: number | null;
  turn: number | null;
  field: string | null;
  player: number | null;
  code: string;
  params: Record<string, unknown>;
  message: string;
}

export function sheetErrorDetail(
  lang: Lang,
  e: SheetError,
  line: number | null,
  players: unknown,
): SheetErrorDetail {
  const place = sheetErrorPlace(e.path);
  const { code = 'OTHER', ...params } = e.problem ?? {};
  return {
    path: formatPath(e.path),
    line,
    turn: place.turn === null ? null : place.turn + 1,
    field: place.field,
    player: place.player,
    code,
    params,
    message: sheetErrorText(lang, e, { line, players }),
  };
}

/** What is wrong with a line of a GCG record, in the page's language where it is a usual mistake. */
function gcgErrorText(lang: Lang, e: GcgError): string {
  const { problem } = e;
  if (!problem) return e.message;
  const values = problemValues(problem);
  if (problem.code === 'NOT_FOR_RULES') {
    values.means = t(lang, `gcgMeans.${problem.means}`, { id: problem.id ?? '' });
  } else if (problem.code === 'END_RACK_DIFFERS') {
    values.left = problem.rack
      ? t(lang, 'gcgLeft.rack', { rack: problem.rack })
      : t(lang, 'gcgLeft.empty');
  } else if (problem.code === 'UNKNOWN_GAME_TYPE' && problem.variant) {
    return t(lang, 'gcgVariant', values);
  } else if (problem.code === 'ARBITER_PRAGMA') {
    return t(lang, `gcgArbiter.${problem.needs}`, values);
  } else if (problem.code === 'TIME_EXPIRED_PLAYER' && problem.sameNick) {
    return t(lang, 'gcgTimeExpired.sameNick', values);
  } else if (problem.code === 'UNKNOWN_BOARD' && problem.layout) {
    return t(lang, `gcgBoard.${problem.layout}`, values);
  }
  return t(lang, `gcgProblem.${problem.code}`, values);
}

/** A sheet refused for its game ({@link SheetRefusal}), in the page's language. */
export function sheetRefusalText(
  lang: Lang,
  refusal: SheetRefusal,
  place: SheetPlace = 'game',
): string {
  switch (refusal.code) {
    case 'SHEET_UNREADABLE':
      return refusal.errors.map((e) => sheetErrorText(lang, e)).join('; ');
    case 'SHEET_RULES_MISMATCH':
      return t(lang, place === 'check' ? 'err.SHEET_RULES_CHOSEN' : 'err.SHEET_RULES_MISMATCH', {
        sheet: refusal.sheet,
        rules: refusal.rules,
      });
    case 'SHEET_OPTIONS_MISMATCH':
      return t(lang, 'err.SHEET_OPTIONS_MISMATCH');
    case 'SHEET_PLAYERS_MISMATCH':
      return refusal.swapped
        ? t(lang, 'err.SHEET_PLAYERS_SWAPPED', { first: refusal.expected[0] })
        : t(lang, 'err.SHEET_PLAYERS_MISMATCH', {
            got: refusal.got.join(', '),
            expected: refusal.expected.join(', '),
            first: refusal.expected[0],
          });
  }
}
