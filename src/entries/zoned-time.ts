/** The wall-clock reading of `ms` in `timeZone`, as ms since 1970 if that reading were UTC. */
function wallClockMs(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  const format = new Intl.DateTimeFormat('en', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  for (const { type, value } of format.formatToParts(new Date(ms))) parts[type] = Number(value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/;

/**
 * `2026-12-20T18:00` (as a `datetime-local` field sends it) read in `timeZone`: the moment, in ms
 * since 1970; null when it is no such reading. A reading skipped by a clock change is taken
 * as the moment after the change.
 */
export function zonedToMs(local: string, timeZone: string): number | null {
  const m = LOCAL.exec(local.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  // Two passes settle the zone's offset at that moment (once more across a clock change).
  let guess = asUtc - (wallClockMs(asUtc, timeZone) - asUtc);
  guess = asUtc - (wallClockMs(guess, timeZone) - guess);
  return guess;
}

/** `2026-12-20T18:00`: `ms` as a `datetime-local` field shows it, in `timeZone`. */
export function msToZoned(ms: number, timeZone: string): string {
  return new Date(wallClockMs(ms, timeZone)).toISOString().slice(0, 16);
}
