import { DEFAULT_ENTRY_THROTTLE, entryThrottleSettings, validateEnvironment } from '../config';

const env = (vars: Record<string, string>) => (name: string) => vars[name];

describe("the entries' throttle settings", () => {
  test('30 entries a phone and 300 an address an hour unless the environment says otherwise', () => {
    expect(entryThrottleSettings(env({}))).toEqual(DEFAULT_ENTRY_THROTTLE);
    expect(DEFAULT_ENTRY_THROTTLE).toEqual({
      clientEntries: 30,
      hallEntries: 300,
      windowMs: 3_600_000, // 60 minutes × 60 000 ms
    });
    expect(
      entryThrottleSettings(
        env({ ENTRIES_PER_CLIENT: '5', ENTRIES_PER_ADDRESS: '50', ENTRIES_WINDOW_MINUTES: '15' }),
      ),
    ).toEqual({ clientEntries: 5, hallEntries: 50, windowMs: 900_000 }); // 15 × 60 000
    // An empty variable is unset.
    expect(entryThrottleSettings(env({ ENTRIES_PER_CLIENT: '' })).clientEntries).toBe(30);
  });

  test('the bounds are taken', () => {
    expect(() =>
      validateEnvironment({
        ENTRIES_PER_CLIENT: '100000',
        ENTRIES_PER_ADDRESS: '1',
        ENTRIES_WINDOW_MINUTES: '10080',
      }),
    ).not.toThrow();
  });

  test.each([
    ['ENTRIES_PER_CLIENT', '0', 'the entries one phone sends in a window', 1, 100000],
    ['ENTRIES_PER_CLIENT', 'thirty', 'the entries one phone sends in a window', 1, 100000],
    ['ENTRIES_PER_CLIENT', '100001', 'the entries one phone sends in a window', 1, 100000],
    [
      'ENTRIES_PER_ADDRESS',
      '1.5',
      'the entries the clients without a cookie of one address send together in a window',
      1,
      1000000,
    ],
    ['ENTRIES_WINDOW_MINUTES', '-5', 'the minutes entries are counted over', 1, 10080],
    ['ENTRIES_WINDOW_MINUTES', '10081', 'the minutes entries are counted over', 1, 10080],
  ])('%s=%p stops the server, saying what it is and its bounds', (name, v, what, min, max) => {
    expect(() => validateEnvironment({ [name]: v })).toThrow(
      `${name} must be ${what}, a whole number from ${min} to ${max}, not '${v}'`,
    );
  });

  test('every bad variable is named at once', () => {
    expect(() =>
      validateEnvironment({ ENTRIES_PER_CLIENT: '0', ENTRIES_WINDOW_MINUTES: 'x' }),
    ).toThrow(/ENTRIES_PER_CLIENT must be[^]*ENTRIES_WINDOW_MINUTES must be/);
  });
});
