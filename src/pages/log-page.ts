import type { Lang, MessageKey } from '../i18n';
import { formatDate, isMessageKey, t } from '../i18n';
import type { LogEntryView } from '../log/director-log.view';

/** The label of each setting or field an entry's before and after may name. */
const FIELD_LABELS: Record<string, MessageKey> = {
  rounds: 'org.rounds',
  pairingPlan: 'org.pairingSystem',
  tieBreaks: 'tiebreak.title',
  byeSpread: 'org.byeSpread',
  forfeitSpread: 'org.forfeitSpread',
  spreadCap: 'org.spreadCap',
  kothLastRounds: 'org.kothLastRounds',
  avoidSameClub: 'org.avoidSameClub',
  gibsonize: 'org.gibsonize',
  ruleSet: 'org.ruleSet',
  options: 'org.clockMinutes',
  club: 'col.club',
  rating: 'col.rating',
  seed: 'col.seed',
};

/** One entry as the log page shows it. */
export interface LogLine {
  /** `25. 11. 2026. 14:05`, local time. */
  when: string;
  who: string;
  email: string | null;
  what: string;
  changes: { field: string; before: string; after: string }[];
}

/** `25. 11. 2026. 14:05` (Serbian) or `2026-11-25 14:05`: the server's local time, as the pages show times. */
export function localDateTime(lang: Lang, d: Date): string {
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const time = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  return `${formatDate(lang, day)} ${time}`;
}

/** An entry of the director's log in the page's language: when, who, what, and each change. */
export function logLine(lang: Lang, e: LogEntryView): LogLine {
  const tr = (key: string, params?: Record<string, string | number>): string | null =>
    isMessageKey(key) ? t(lang, key, params) : null;
  const params = {
    division: e.division ?? '',
    player: e.player ?? '',
    n: e.round ?? 0,
    table: e.table ?? 0,
  };
  let what = tr(`log.action.${e.action}`, params) ?? e.action;
  if (e.round !== null && e.table !== null) {
    what += `: ${t(lang, 'log.game', { n: e.round, table: e.table })}`;
    if (e.players) what += ` (${e.players[0]} – ${e.players[1] ?? t(lang, 'common.bye')})`;
  }
  if (e.division && !what.includes(e.division)) what += ` · ${e.division}`;
  const after = e.after ?? {};
  const before = e.before ?? {};
  if (e.action === 'player.registered' && after.lateEntry === true) {
    what += ` (${t(lang, 'log.lateEntry', { n: Number(after.joinedRound) })})`;
  }
  const skip = new Set(['lateEntry', 'joinedRound']);
  const changes = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => !skip.has(k))
    .map((k) => ({
      field: label(lang, k),
      before: k in before ? value(lang, k, before[k]) : '',
      // Something only before was taken away: it is now nothing.
      after: k in after ? value(lang, k, after[k]) : '—',
    }));
  return {
    when: localDateTime(lang, new Date(e.at)),
    who: e.by ? e.by.name : t(lang, 'log.noUser'),
    email: e.by?.email ?? null,
    what,
    changes,
  };
}

/** A plain value as text; anything else as JSON. */
function plain(x: unknown): string {
  if (typeof x === 'string') return x;
  if (typeof x === 'number' || typeof x === 'boolean') return String(x);
  return JSON.stringify(x) ?? '';
}

function label(lang: Lang, key: string): string {
  const known = FIELD_LABELS[key] ?? `log.field.${key}`;
  return isMessageKey(known) ? t(lang, known) : key;
}

/** A value of an entry in words: systems and tie-breaks named, yes/no, tables by name. */
function value(lang: Lang, key: string, v: unknown): string {
  const named = (prefix: string, x: unknown) => {
    const k = `${prefix}${plain(x)}`;
    return isMessageKey(k) ? t(lang, k) : plain(x);
  };
  if (v === null || v === undefined) {
    return key === 'spreadCap' ? t(lang, 'org.noCap') : '—';
  }
  if (typeof v === 'boolean') return t(lang, v ? 'common.yes' : 'common.no');
  if (key === 'system') return named('system.', v);
  if (key === 'winner') return named('log.winner.', v);
  if (key === 'status') return named('log.status.', v);
  if (key === 'source') return named('log.source.', v);
  if (key === 'reason') return named('reason.', v);
  if (key === 'timeLoss') return named('log.winner.', v === 0 ? 'first' : 'second');
  if (key === 'ruleSet') return plain(v);
  if (Array.isArray(v)) {
    if (key === 'pairingPlan') return v.map((x) => named('system.', x)).join(', ');
    if (key === 'tieBreaks') return v.map((x) => named('tiebreak.', x)).join(', ');
    if (key === 'scores' || key === 'remaining') return v.map(plain).join(' : ');
    return v
      .map((x) =>
        typeof x === 'object' && x !== null && 'table' in x
          ? table(lang, x as { table: unknown; first: unknown; second: unknown })
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

function table(lang: Lang, x: { table: unknown; first: unknown; second: unknown }): string {
  const second = x.second === null ? t(lang, 'common.bye') : plain(x.second);
  return `${t(lang, 'common.table', { n: plain(x.table) })}: ${plain(x.first)} – ${second}`;
}
