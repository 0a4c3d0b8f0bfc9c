import { PRINTABLE } from '../common/printable';
import type { ImportReason, ImportReasonCode } from './format';

/** A refusal's reason for the pages (the check of the whole document has its own `why`). */
const why = (
  code: ImportReasonCode,
  params: Record<string, string | number> = {},
): ImportReason => ({
  code,
  params,
});

/**
 * One entry of the director's log in an exported document. Players are named by their
 * division's `ref` and games by round and table, never by database id.
 */
export interface LogDocument {
  /** ISO 8601. */
  at: string;
  /** `round.paired`, `result.corrected`, … (docs/tournaments.md, "Director's log"). */
  action: string;
  by: { name: string; email: string | null } | null;
  /** Why nobody is named, or null. */
  note: string | null;
  /** The division's name, or null for the tournament as a whole. */
  division: string | null;
  /** The ref of a player of that division, or null. */
  player: number | null;
  round: number | null;
  table: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Most entries a document's log may hold. */
export const LOG_ENTRIES_LIMIT = 200_000;
/** Most characters of one side (before or after) of an entry, written as JSON. */
export const LOG_SIDE_LIMIT = 64 * 1024;
/**
 * The `before` of a removed or re-paired round holds everything the round held (results,
 * score sheets' text, drafts, history): it may be as large as the document allows.
 */
export const REMOVED_ROUND_LIMIT = 24 * 1024 * 1024;
const ROUND_REMOVALS = new Set(['round.deleted', 'round.repaired']);

/**
 * For each entry of a log, whether the game it names by round and table went later, with its
 * round (a later `round.deleted` or `round.repaired` of that round in that division): such an
 * entry is about a game that is no more, not the game at that table now, as in the database
 * the document came from.
 */
export function gamesRemovedLater(log: readonly LogDocument[]): boolean[] {
  const removed = new Set<string>();
  const out = new Array<boolean>(log.length).fill(false);
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i];
    if (e.round === null) continue;
    const key = `${e.division ?? ''}/${e.round}`;
    if (ROUND_REMOVALS.has(e.action)) removed.add(key);
    else if (e.table !== null && removed.has(key)) out[i] = true;
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const isText = (v: unknown, max: number, min = 1): v is string =>
  typeof v === 'string' && v.length >= min && v.length <= max && PRINTABLE.test(v);

/**
 * Checks a document's `log` (absent in documents written before it was kept): each entry's
 * fields, its division by name and its player by a ref of that division. `divisions` maps each
 * division's name to its players' refs.
 */
export function checkLog(
  log: unknown,
  divisions: ReadonlyMap<string, ReadonlySet<number>>,
  err: (path: string, message: string, reason?: ImportReason) => void,
): void {
  if (log === undefined) return;
  if (!Array.isArray(log) || log.length > LOG_ENTRIES_LIMIT) {
    return err(
      'log',
      `must be a list of at most ${LOG_ENTRIES_LIMIT} entries`,
      why('IMPORT_LIST_SIZE', { min: 0, max: LOG_ENTRIES_LIMIT }),
    );
  }
  log.forEach((e: unknown, i) => {
    const at = `log[${i}]`;
    if (!isObject(e)) return err(at, 'must be an object', why('IMPORT_NOT_OBJECT'));
    if (typeof e.at !== 'string' || Number.isNaN(Date.parse(e.at)))
      err(`${at}.at`, 'must be an ISO date', why('IMPORT_BAD_INSTANT'));
    if (!isText(e.action, 40) || !/^[a-z]+(\.[a-z-]+)+$/.test(e.action))
      err(`${at}.action`, 'must be an action code such as round.paired');
    if (
      e.by !== null &&
      !(
        isObject(e.by) &&
        isText(e.by.name, 200) &&
        (e.by.email === null || isText(e.by.email, 200))
      )
    ) {
      err(`${at}.by`, 'must be null or { name, email }');
    }
    if (e.note !== null && e.note !== undefined && !isText(e.note, 200))
      err(
        `${at}.note`,
        'must be null or a text of up to 200 characters',
        why('IMPORT_BAD_TEXT', { max: 200 }),
      );
    let refs: ReadonlySet<number> | undefined;
    if (e.division !== null) {
      refs = typeof e.division === 'string' ? divisions.get(e.division) : undefined;
      if (!refs)
        err(
          `${at}.division`,
          'must be null or the name of a division of the document',
          why('IMPORT_UNKNOWN_DIVISION', { value: JSON.stringify(e.division) ?? 'missing' }),
        );
    }
    if (e.player !== null) {
      if (e.division === null)
        err(
          `${at}.player`,
          'a player is named with their division',
          why('IMPORT_PLAYER_WITHOUT_DIVISION'),
        );
      else if (refs && !(isInt(e.player, 1, 2_000_000_000) && refs.has(e.player)))
        err(
          `${at}.player`,
          `must be the ref of a player of division ${e.division as string}`,
          why('IMPORT_UNKNOWN_PLAYER', { value: JSON.stringify(e.player) ?? 'missing' }),
        );
    }
    if (e.round !== null && !isInt(e.round, 1, 100))
      err(
        `${at}.round`,
        'must be null or a round number',
        why('IMPORT_OUT_OF_RANGE_OR_NULL', { min: 1, max: 100 }),
      );
    if (e.table !== null && !isInt(e.table, 1, 100000))
      err(
        `${at}.table`,
        'must be null or a table number',
        why('IMPORT_OUT_OF_RANGE_OR_NULL', { min: 1, max: 100000 }),
      );
    for (const side of ['before', 'after'] as const) {
      const v = e[side];
      if (v === null) continue;
      const limit =
        side === 'before' && ROUND_REMOVALS.has(e.action as string)
          ? REMOVED_ROUND_LIMIT
          : LOG_SIDE_LIMIT;
      if (!isObject(v)) err(`${at}.${side}`, 'must be null or an object');
      else if (JSON.stringify(v).length > limit)
        err(`${at}.${side}`, `must be at most ${limit / 1024} KB written as JSON`);
    }
  });
}
