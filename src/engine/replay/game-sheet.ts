import { VerificationReport } from '../report/report';
import { RuleOptions } from '../rules/ruleset';
import { readScoresheet, Scoresheet, SheetError, SheetReading } from '../sheet/scoresheet';
import { verifyScoresheet, VerifyOptions } from './verify';

/**
 * What a game asks of its score sheet: the rule set and options its
 * tournament plays, and its players in turn order. Each part left out is not
 * checked (a sheet of no game names its own).
 */
export interface SheetTerms {
  /** The rule set the game plays. */
  rules?: string;
  /** The game's options: a sheet may repeat them, not contradict them; they apply to the sheet. */
  options?: RuleOptions | Readonly<Record<string, unknown>>;
  /** The game's players, the one who moved first first. */
  players?: readonly string[];
  /** Whether two names are one player's (default: the same text). */
  sameName?: (a: string, b: string) => boolean;
}

/** An option a sheet gives otherwise than its game: both values as JSON (the sheet's cut at 60 characters). */
export interface OptionClash {
  option: string;
  sheet: string;
  game: string;
}

/** Why a sheet is not taken for a game, as data: every presenter words it in its own language. */
export type SheetRefusal =
  /** The sheet cannot be read: every error with its place. */
  | { code: 'SHEET_UNREADABLE'; errors: SheetError[] }
  /** The sheet names another rule set (`sheet`, cut at 40 characters) than the game's (`rules`). */
  | { code: 'SHEET_RULES_MISMATCH'; sheet: string; rules: string }
  /** The sheet's options contradict the game's. */
  | { code: 'SHEET_OPTIONS_MISMATCH'; clashes: OptionClash[] }
  /** The sheet's players are not the game's in its order; `swapped` when only the order differs. */
  | { code: 'SHEET_PLAYERS_MISMATCH'; expected: string[]; got: string[]; swapped: boolean };

/**
 * A sheet read for a game: the document with the game's options applied, the sheet read from it
 * (an end field that cannot be read left out), and what was read of it for the replay (the
 * findings of such a field among it).
 */
export type GameSheetRead =
  | { ok: true; doc: unknown; sheet: Scoresheet; reading: SheetReading }
  | { ok: false; refusal: SheetRefusal };

/** A sheet verified for a game, or why it is not taken. */
export type GameSheetVerified =
  | { ok: true; report: VerificationReport; sheet: Scoresheet }
  | { ok: false; refusal: SheetRefusal };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether a parsed document is a sheet of this game: its rule set, then its
 * options (the game's are added to the sheet's), then its structure
 * ({@link readScoresheet}), then its players. The one decision of the API,
 * the judge's import and anything else that takes a sheet for a game.
 */
export function readGameSheet(doc: unknown, terms: SheetTerms): GameSheetRead {
  let merged = doc;
  if (isPlainObject(doc)) {
    if (terms.rules !== undefined && typeof doc.rules === 'string' && doc.rules !== terms.rules) {
      return {
        ok: false,
        refusal: {
          code: 'SHEET_RULES_MISMATCH',
          sheet: doc.rules.slice(0, 40),
          rules: terms.rules,
        },
      };
    }
    const own = doc.options;
    const game = (terms.options ?? {}) as Readonly<Record<string, unknown>>;
    if (own === undefined || isPlainObject(own)) {
      const ownOptions = own ?? {};
      const clashes = Object.keys(ownOptions)
        .filter(
          (k) =>
            Object.prototype.hasOwnProperty.call(game, k) &&
            JSON.stringify(ownOptions[k]) !== JSON.stringify(game[k]),
        )
        .map((k) => ({
          option: k,
          sheet: String(JSON.stringify(ownOptions[k])).slice(0, 60),
          game: JSON.stringify(game[k]),
        }));
      if (clashes.length > 0) {
        return { ok: false, refusal: { code: 'SHEET_OPTIONS_MISMATCH', clashes } };
      }
      if (Object.keys(game).length > 0) merged = { ...doc, options: { ...game, ...ownOptions } };
    }
  }
  const read = readScoresheet(merged);
  if (!read.ok) return { ok: false, refusal: { code: 'SHEET_UNREADABLE', errors: read.errors } };
  const expected = terms.players;
  if (expected !== undefined) {
    const same = terms.sameName ?? ((a: string, b: string) => a === b);
    const got = read.sheet.players;
    const matches = (order: readonly string[]) =>
      got.length === order.length && got.every((name, i) => same(name, order[i]));
    if (!matches(expected)) {
      return {
        ok: false,
        refusal: {
          code: 'SHEET_PLAYERS_MISMATCH',
          expected: [...expected],
          got: [...got],
          swapped: expected.length === 2 && matches([expected[1], expected[0]]),
        },
      };
    }
  }
  return { ok: true, doc: merged, sheet: read.sheet, reading: read.reading };
}

/** {@link readGameSheet}, then the replay: the report of a sheet taken for the game. */
export function verifyGameSheet(
  doc: unknown,
  terms: SheetTerms,
  options: VerifyOptions = {},
): GameSheetVerified {
  const read = readGameSheet(doc, terms);
  if (!read.ok) return read;
  // The reading carries what the sheet could not read of its end (END_FIELD_UNREADABLE): replayed
  // without it, the API stored such a sheet with the field dropped and no word of it.
  return {
    ok: true,
    report: verifyScoresheet(read.sheet, options, read.reading),
    sheet: read.sheet,
  };
}
