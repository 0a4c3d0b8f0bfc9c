import { formatDate, type Lang } from './index';

/**
 * The time zone the pages show times of day in when none is set (`TIME_ZONE`): where the
 * events Arbiter is made for are played. Never the server's own zone, which on a hosted server
 * is usually UTC.
 */
export const DEFAULT_TIME_ZONE = 'Europe/Belgrade';

/** The Express setting that holds the zone of the events (`app.set`), read by the pages. */
export const TIME_ZONE_SETTING = 'time zone';

/** True when `name` is a time zone `Intl` knows (`Europe/Belgrade`, `UTC`). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** One formatter a zone: making one costs far more than using it. */
const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

/** The calendar day and the time of day of `d` in `timeZone`, each as its digits. */
function partsIn(d: Date, timeZone: string) {
  let format = FORMATTERS.get(timeZone);
  if (format === undefined)
    FORMATTERS.set(
      timeZone,
      (format = new Intl.DateTimeFormat('en', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })),
    );
  const parts: Record<string, string> = {};
  for (const { type, value } of format.formatToParts(d)) parts[type] = value;
  return parts;
}

/** `14:05`: the time of day of `d` in `timeZone`. */
export function formatTimeOfDay(d: Date, timeZone: string): string {
  const { hour, minute } = partsIn(d, timeZone);
  return `${hour}:${minute}`;
}

/** `25. 11. 2026. 14:05` (Serbian) or `2026-11-25 14:05` (English): `d` in `timeZone`. */
export function formatDateTime(lang: Lang, d: Date, timeZone: string): string {
  const { year, month, day, hour, minute } = partsIn(d, timeZone);
  return `${formatDate(lang, `${year}-${month}-${day}`)} ${hour}:${minute}`;
}

/** `2026-11-25`: the calendar day of `d` in `timeZone` (what the `date` helper of the pages takes). */
export function dayIn(d: Date, timeZone: string): string {
  const { year, month, day } = partsIn(d, timeZone);
  return `${year}-${month}-${day}`;
}

let zoneNames: readonly string[] | undefined;

/**
 * The IANA zones `Intl` knows (`Africa/Abidjan` … `Pacific/Wallis`), offered by the tournament
 * page's time zone field; read once, as the list does not change while the server runs.
 */
export function timeZoneNames(): readonly string[] {
  return (zoneNames ??= Intl.supportedValuesOf('timeZone'));
}
