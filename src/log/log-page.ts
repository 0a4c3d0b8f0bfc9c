import { findRuleSet } from '../engine';
import type { Lang, MessageKey } from '../i18n';
import { isMessageKey, t } from '../i18n';
import { formatDateTime } from '../i18n/time';
import { SETTING_LABELS } from '../i18n/setting-labels';
import { ENTRY_LINK_NOTE } from './director-log';
import type { LogEntryView } from './director-log.view';
import type { PageBase } from '../render/view-models';

/** The label of each setting or field an entry's before and after may name. */
const FIELD_LABELS: Record<string, MessageKey> = {
  ...SETTING_LABELS,
  club: 'col.club',
  rating: 'col.rating',
  seed: 'col.seed',
  country: 'col.country',
  federationId: 'col.federationId',
};

/**
 * A player's or a person's fields where they differ from a tournament's or a division's of the
 * same key: a player's `name` is their name (`Ime`), not a title (`naziv`). Every label of such
 * an entry starts with a capital, as the player's form and the columns write them.
 */
const PERSON_LABELS: Record<string, MessageKey> = {
  name: 'col.name',
};

/** Actions whose entries change a player or a person of the registry. */
const ofPerson = (action: string): boolean =>
  action.startsWith('player.') || action.startsWith('person.');

/**
 * An account's fields in the entries that name one (a role given or taken, an invitation): its
 * `name` is the person's (`ime`), written small as the entry's other fields are.
 */
const ACCOUNT_LABELS: Record<string, MessageKey> = {
  name: 'log.field.accountName',
};

/** Actions whose entries name someone's account. */
const ofAccount = (action: string): boolean =>
  action.startsWith('role.') || action.startsWith('invitation.');

/**
 * Figures an entry keeps that a page says as a count in words (`17 partija s rezultatom`), with
 * the plural the number takes, rather than as a field and its value.
 */
const COUNTED: Record<string, MessageKey> = {
  complete: 'log.count.complete',
  pending: 'log.count.pending',
  repeats: 'log.count.repeats',
};

/** Moments an entry keeps as ISO text, shown as a date and time in the events' zone. */
const MOMENTS = new Set(['closedAt', 'exportedAt', 'deadline']);

/** One change of an entry: a field before and after, or a count said in words (`line`). */
export interface LogChange {
  field: string;
  before: string;
  after: string;
  /** A count in words, shown instead of the field and its value. */
  line?: string;
}

/** One entry as the log page shows it. */
export interface LogLine {
  /** `25. 11. 2026. 14:05`, in the events' time zone. */
  when: string;
  who: string;
  email: string | null;
  what: string;
  changes: LogChange[];
  /** A removed or re-paired round: what it held, table by table, with the sheets as typed. */
  removed?: RemovedRoundLines;
  /** A player's removal: its entry, which an undo names; `restored` when it has been undone. */
  removal?: { entry: number };
  /** The registration that undid removal `restoredFrom`. */
  restoredFrom?: number;
}

/** What a removed round held, in words, for the log page. */
export interface RemovedRoundLines {
  /** `Rezultata: 4 · zapisnika: 2 · započetih zapisnika: 1`. */
  counts: string;
  tables: {
    /** `Sto 1: Ana – Bora, 420 : 380 (zapisnik)`. */
    line: string;
    /** The score sheet exactly as typed, or null. */
    sheet: string | null;
    /** A sheet being typed (its saved rows), or null. */
    draft: string | null;
    /** Each change of the result: `25. 11. 2026. 14:05 Ana Sudić: upisan rezultat`. */
    history: string[];
  }[];
}

/** `organiser/log`: the director's log of a tournament, newest first, a page at a time. */
export interface OrganiserLogPage extends PageBase {
  tournament: { name: string; url: string };
  /** The division filter: every division, the one shown selected. */
  divisions: { id: number; name: string; selected: boolean }[];
  filterAction: string;
  entries: {
    when: string;
    who: string;
    email: string | null;
    what: string;
    changes: LogChange[];
    /** A removed player not yet restored: posting here registers them again. */
    restoreAction?: string;
    /** A removed or re-paired round: what it held, table by table, the sheets as typed. */
    removed?: {
      counts: string;
      tables: { line: string; sheet: string | null; draft: string | null; history: string[] }[];
    };
  }[];
  /** The next page back, when there are older entries. */
  olderUrl?: string;
  /** Back to the newest entries, when this page is an older one. */
  newestUrl?: string;
}

/** Log actions whose `before` is a whole round, removed (docs/tournaments.md). */
const ROUND_REMOVALS = new Set(['round.deleted', 'round.repaired']);

/**
 * An entry of the director's log in the page's language: when (in `timeZone`), who, what, and
 * each change.
 */
export function logLine(lang: Lang, e: LogEntryView, timeZone: string): LogLine {
  const tr = (key: string, params?: Record<string, string | number>): string | null =>
    isMessageKey(key) ? t(lang, key, params) : null;
  const params = {
    division: e.division ?? '',
    // A removed player is named by the entry itself; an entry online by its name.
    player:
      e.player ??
      (typeof e.before?.name === 'string'
        ? e.before.name
        : typeof e.after?.entry === 'string'
          ? e.after.entry
          : ''),
    n: e.round ?? 0,
    table: e.table ?? 0,
  };
  let what = tr(`log.action.${e.action}`, params) ?? e.action;
  if (e.round !== null && e.table !== null) {
    what += `: ${t(lang, 'log.game', { n: e.round, table: e.table })}`;
    if (e.players) {
      what += ` (${e.players.map((name) => name ?? t(lang, 'common.bye')).join(' – ')})`;
    }
  }
  if (e.division && !what.includes(e.division)) what += ` · ${e.division}`;
  const after = e.after ?? {};
  const before = e.before ?? {};
  if (e.action === 'player.registered' && after.lateEntry === true) {
    what += ` (${t(lang, 'log.lateEntry', { n: Number(after.joinedRound) })})`;
  }
  if (e.action === 'player.registered' && typeof after.restoredFrom === 'number') {
    what += ` (${t(lang, 'log.restored')})`;
  }
  if (e.action === 'player.registered' && typeof after.fromEntry === 'number') {
    what += ` (${t(lang, 'log.fromEntry')})`;
  }
  const removal = ROUND_REMOVALS.has(e.action) && Array.isArray(before.tables);
  // A removed round's tables are listed below the changes, with their results and sheets.
  const skip = new Set(
    removal
      ? ['lateEntry', 'joinedRound', 'counts', 'notes']
      : e.action === 'player.removed'
        ? ['joinedRound', 'active']
        : // The registry's id of the person: nothing a director reads; the file a division came
          // from, which the entry's own words name.
          // An entry online's name, which the words name, and a confirmed entry's id.
          ['lateEntry', 'joinedRound', 'restoredFrom', 'person', 'from', 'entry', 'fromEntry'],
  );
  const shown = (k: string, v: unknown, rules: unknown): string =>
    MOMENTS.has(k) && typeof v === 'string' && !Number.isNaN(Date.parse(v))
      ? formatDateTime(lang, new Date(v), timeZone)
      : value(lang, k, v, rules);
  const changes = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => !skip.has(k) && !(removal && k === 'tables' && !('tables' in after)))
    .map((k): LogChange => {
      const count = after[k];
      if (k in COUNTED && !(k in before) && typeof count === 'number') {
        return { field: '', before: '', after: '', line: t(lang, COUNTED[k], { n: count }) };
      }
      return {
        field: label(lang, k, e.action),
        before:
          k in before && !(removal && k === 'tables')
            ? shown(k, before[k], before.ruleSet ?? after.ruleSet)
            : '',
        // Something only before was taken away: it is now nothing.
        after: k in after ? shown(k, after[k], after.ruleSet ?? before.ruleSet) : '—',
      };
    });
  const line: LogLine = {
    when: formatDateTime(lang, new Date(e.at), timeZone),
    who: e.by ? e.by.name : t(lang, e.note === ENTRY_LINK_NOTE ? 'log.byEntryLink' : 'log.noUser'),
    email: e.by?.email ?? null,
    what,
    changes,
  };
  if (removal) line.removed = removedLines(lang, before, timeZone);
  if (e.action === 'player.removed') line.removal = { entry: e.id };
  if (typeof after.restoredFrom === 'number') line.restoredFrom = after.restoredFrom;
  return line;
}

/** A table of a removed round as its log entry stores it (src/rounds/round-removal.ts), read warily. */
interface StoredTable {
  table: unknown;
  first: unknown;
  second?: unknown;
  seats?: { name?: unknown; score?: unknown; place?: unknown }[];
  result?: { reason?: unknown; scores?: unknown; source?: unknown } | null;
  sheet?: { text?: unknown } | null;
  draft?: { form?: unknown } | null;
  history?: {
    at?: unknown;
    action?: unknown;
    by?: { name?: unknown } | null;
    after?: { scores?: unknown } | null;
  }[];
}

/** A removed round's `before` in words: its figures, and each table with all it held. */
function removedLines(
  lang: Lang,
  before: Record<string, unknown>,
  timeZone: string,
): RemovedRoundLines {
  const counts = (before.counts ?? {}) as Record<string, unknown>;
  const figure = (x: unknown) => (typeof x === 'number' ? x : 0);
  const tables = (before.tables as StoredTable[]).map((x) => {
    const result = x.result ?? null;
    let line = table(lang, { table: x.table, first: x.first, second: x.second ?? null });
    if (Array.isArray(x.seats)) {
      // A table of more than two: each seat with its score and place once in.
      line = `${t(lang, 'common.table', { n: plain(x.table) })}: ${x.seats
        .map((s) =>
          s.score === null || s.score === undefined
            ? plain(s.name)
            : `${plain(s.name)} ${plain(s.score)} (${t(lang, 'table.place', { n: plain(s.place) })})`,
        )
        .join(' – ')}`;
    } else if (x.second !== null && x.second !== undefined) {
      if (!result) line += `, ${t(lang, 'log.status.pending')}`;
      else {
        const how = value(lang, 'reason', result.reason);
        const scores = Array.isArray(result.scores)
          ? `${value(lang, 'scores', result.scores)} `
          : '';
        line += `, ${scores}(${how}; ${value(lang, 'source', result.source)})`;
      }
    }
    return {
      line,
      sheet: typeof x.sheet?.text === 'string' ? x.sheet.text : null,
      draft: typeof x.draft?.form === 'string' ? x.draft.form : null,
      history: (Array.isArray(x.history) ? x.history : []).map((h) => {
        const when =
          typeof h.at === 'string' && !Number.isNaN(Date.parse(h.at))
            ? formatDateTime(lang, new Date(h.at), timeZone)
            : '';
        const scores = Array.isArray(h.after?.scores)
          ? ` ${value(lang, 'scores', h.after.scores)}`
          : '';
        const key = `log.history.${plain(h.action)}`;
        const action = isMessageKey(key) ? t(lang, key) : plain(h.action);
        return `${when} ${h.by ? plain(h.by.name) : t(lang, 'log.noUser')}: ${action}${scores}`;
      }),
    };
  });
  return {
    counts: t(lang, 'log.removedCounts', {
      games: figure(counts.games),
      results: figure(counts.results),
      sheets: figure(counts.sheets),
      drafts: figure(counts.drafts),
    }),
    tables,
  };
}

/** A plain value as text; anything else as JSON. */
function plain(x: unknown): string {
  if (typeof x === 'string') return x;
  if (typeof x === 'number' || typeof x === 'boolean') return String(x);
  return JSON.stringify(x) ?? '';
}

function label(lang: Lang, key: string, action: string): string {
  const person = ofPerson(action);
  const known =
    (person ? PERSON_LABELS : ofAccount(action) ? ACCOUNT_LABELS : {})[key] ??
    FIELD_LABELS[key] ??
    `log.field.${key}`;
  const text = isMessageKey(known) ? t(lang, known) : key;
  // A player's fields read as the player's form labels them (`Ime`, `Klub`, `Na turniru`).
  return person ? text.charAt(0).toLocaleUpperCase() + text.slice(1) : text;
}

/**
 * A value of an entry in words: systems and tie-breaks named, yes/no, tables by name; a
 * division's rule options by their clock (`rules`: its rule set, whose clock is the default).
 */
function value(lang: Lang, key: string, v: unknown, rules?: unknown): string {
  const named = (prefix: string, x: unknown) => {
    const k = `${prefix}${plain(x)}`;
    return isMessageKey(k) ? t(lang, k) : plain(x);
  };
  if (v === null || v === undefined) {
    if (key === 'maxMeetings') return t(lang, 'org.noLimit');
    if (key === 'placePoints') return t(lang, 'org.placePointsDefault');
    if (key === 'timeZone') return t(lang, 'org.timeZoneServer');
    return key === 'spreadCap' ? t(lang, 'org.noCap') : '—';
  }
  if (typeof v === 'boolean') return t(lang, v ? 'common.yes' : 'common.no');
  if (key === 'system') return named('system.', v);
  if (key === 'winner') return named('log.winner.', v);
  if (key === 'status') return named('log.status.', v);
  if (key === 'source') return named('log.source.', v);
  if (key === 'reason') return named('reason.', v);
  if (key === 'timeLoss') return named('log.winner.', v === 0 ? 'first' : 'second');
  if (key === 'ruleSet') return named('ruleSet.', v);
  if (key === 'role') return named('role.', v);
  // An entry online's status, and the divisions that take entries with their caps.
  if (key === 'entryStatus')
    return v === 'waiting' ? t(lang, 'log.entryWaiting') : named('entry.org.', v);
  if (key === 'entryDivisions' && Array.isArray(v))
    return v
      .map((d: { division?: unknown; cap?: unknown; waitingList?: unknown }) =>
        t(lang, d.waitingList === false ? 'log.entryDivision' : 'log.entryDivisionWaiting', {
          division: plain(d.division),
          cap: typeof d.cap === 'number' ? d.cap : '∞',
        }),
      )
      .join('; ');
  // How seeds were set (`by: "rating"`).
  if (key === 'by') return named('log.by.', v);
  // A division's rule options: the clock, the one a director sets here.
  if (key === 'options' && typeof v === 'object' && !Array.isArray(v)) {
    const minutes =
      (v as { clockMinutes?: unknown }).clockMinutes ??
      (typeof rules === 'string' ? findRuleSet(rules)?.clock.minutes : undefined);
    return typeof minutes === 'number' ? String(minutes) : '—';
  }
  if (key === 'placePoints' && typeof v === 'object') {
    return Object.entries(v as Record<string, number[]>)
      .map(([n, points]) => `${t(lang, 'org.placePoints', { n })}: ${points.join('/')}`)
      .join('; ');
  }
  if (Array.isArray(v)) {
    // A table's seats: each seat's score and, once placed, its place.
    if (key === 'seats') {
      return v
        .map((s: { score?: unknown; place?: unknown }) =>
          s.score === null || s.score === undefined
            ? '–'
            : `${plain(s.score)}${s.place ? ` (${t(lang, 'table.place', { n: plain(s.place) })})` : ''}`,
        )
        .join(' : ');
    }
    if (key === 'pairingPlan') return v.map((x) => named('system.', x)).join(', ');
    if (key === 'tieBreaks') return v.map((x) => named('tiebreak.', x)).join(', ');
    if (key === 'scores' || key === 'remaining') return v.map(plain).join(' : ');
    return v
      .map((x) =>
        typeof x === 'object' && x !== null && 'table' in x
          ? 'seats' in x
            ? seatedTable(lang, x as { table: unknown; seats: unknown[] })
            : table(lang, x as { table: unknown; first: unknown; second: unknown })
          : plain(x),
      )
      .join('; ');
  }
  if (typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${k}: ${plain(x)}`)
      .join(', ');
  }
  return plain(v);
}

/** A table of more than two as the log keeps it: its number and its players in turn order. */
function seatedTable(lang: Lang, x: { table: unknown; seats: unknown[] }): string {
  return `${t(lang, 'common.table', { n: plain(x.table) })}: ${x.seats.map(plain).join(' – ')}`;
}

function table(lang: Lang, x: { table: unknown; first: unknown; second: unknown }): string {
  const second = x.second === null ? t(lang, 'common.bye') : plain(x.second);
  return `${t(lang, 'common.table', { n: plain(x.table) })}: ${plain(x.first)} – ${second}`;
}
