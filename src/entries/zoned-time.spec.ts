import { msToZoned, zonedToMs } from './zoned-time';

describe('a deadline read in the tournament zone', () => {
  it('winter and summer time in Belgrade', () => {
    expect(new Date(zonedToMs('2026-12-20T18:00', 'Europe/Belgrade')!).toISOString()).toBe(
      '2026-12-20T17:00:00.000Z',
    );
    expect(new Date(zonedToMs('2026-07-01T09:30', 'Europe/Belgrade')!).toISOString()).toBe(
      '2026-07-01T07:30:00.000Z',
    );
    expect(new Date(zonedToMs('2026-07-01 09:30', 'UTC')!).toISOString()).toBe(
      '2026-07-01T09:30:00.000Z',
    );
  });

  it('a reading the spring change skips is the moment after it; shown back as the zone reads it', () => {
    // 29 March 2026: Belgrade's clocks go from 02:00 to 03:00.
    const ms = zonedToMs('2026-03-29T02:30', 'Europe/Belgrade')!;
    expect(new Date(ms).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(msToZoned(ms, 'Europe/Belgrade')).toBe('2026-03-29T03:30');
    expect(msToZoned(zonedToMs('2026-12-20T18:00', 'America/New_York')!, 'America/New_York')).toBe(
      '2026-12-20T18:00',
    );
  });

  it('no such day or time', () => {
    expect(zonedToMs('2026-02-30T10:00', 'Europe/Belgrade')).toBeNull();
    expect(zonedToMs('2026-02-10T24:00', 'Europe/Belgrade')).toBeNull();
    expect(zonedToMs('10. 2. 2026. 10:00', 'Europe/Belgrade')).toBeNull();
  });
});
