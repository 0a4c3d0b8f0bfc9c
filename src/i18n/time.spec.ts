import { validateEnvironment, eventsTimeZone } from '../config';
import {
  dayIn,
  DEFAULT_TIME_ZONE,
  formatDateTime,
  formatTimeOfDay,
  isTimeZone,
  timeZoneNames,
} from './time';

describe('times of day in the events’ zone, not the server’s', () => {
  // 2026-03-29 is the night Belgrade moves from UTC+1 to UTC+2 (at 02:00 local).
  it.each([
    ['2026-03-29T00:59:00Z', 'Europe/Belgrade', '01:59'], // 00:59 UTC + 1 h
    ['2026-03-29T01:00:00Z', 'Europe/Belgrade', '03:00'], // 01:00 UTC + 2 h: 02:00 is skipped
    ['2026-11-25T13:05:00Z', 'Europe/Belgrade', '14:05'], // winter, + 1 h
    ['2026-11-25T13:05:00Z', 'UTC', '13:05'],
    ['2026-11-25T23:30:00Z', 'Asia/Tokyo', '08:30'], // + 9 h, the next day
  ])('%s in %s is %s', (iso, zone, time) => {
    expect(formatTimeOfDay(new Date(iso), zone)).toBe(time);
  });

  it('writes the day and the time as each language does, the day in the zone too', () => {
    const late = new Date('2026-07-01T22:30:00Z'); // 00:30 on 2 July in Belgrade (UTC+2)
    expect(formatDateTime('sr-Latn', late, 'Europe/Belgrade')).toBe('2. 7. 2026. 00:30');
    expect(formatDateTime('sr-Cyrl', late, 'Europe/Belgrade')).toBe('2. 7. 2026. 00:30');
    expect(formatDateTime('en', late, 'Europe/Belgrade')).toBe('2026-07-02 00:30');
    expect(formatDateTime('en', late, 'UTC')).toBe('2026-07-01 22:30');
  });

  it("a day in a tournament's zone: the calendar there, not UTC's", () => {
    const late = new Date('2026-07-01T22:30:00Z');
    expect(dayIn(late, 'Europe/Belgrade')).toBe('2026-07-02');
    expect(dayIn(late, 'America/New_York')).toBe('2026-07-01');
    expect(dayIn(late, 'UTC')).toBe('2026-07-01');
  });

  it('offers the IANA zones, each one a zone', () => {
    const names = timeZoneNames();
    expect(names).toEqual(expect.arrayContaining(['America/New_York', 'Europe/Belgrade']));
    expect(names.every(isTimeZone)).toBe(true);
  });

  it('knows the zones Intl knows, and the setting refuses any other by name', () => {
    expect(['Europe/Belgrade', 'Europe/Zagreb', 'UTC'].map(isTimeZone)).toEqual([true, true, true]);
    expect(['Belgrade', 'Europe/Nowhere', ''].map(isTimeZone)).toEqual([false, false, false]);
    expect(eventsTimeZone(undefined)).toBe(DEFAULT_TIME_ZONE);
    expect(eventsTimeZone('UTC')).toBe('UTC');
    expect(() => validateEnvironment({ TIME_ZONE: 'Europe/Nowhere' })).toThrow(
      "TIME_ZONE must be a time zone such as Europe/Belgrade or UTC, not 'Europe/Nowhere'",
    );
    expect(validateEnvironment({ TIME_ZONE: 'Europe/Zagreb' }).TIME_ZONE).toBe('Europe/Zagreb');
  });
});
