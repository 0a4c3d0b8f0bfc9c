import { validateEnvironment } from '../config';
import { DEFAULT_SLOW_CLIENTS, slowClientSettings } from './slow-clients';

const config = (env: Record<string, string>) => ({
  get: <T>(name: string) => env[name] as T | undefined,
});

describe('the slow-client and live-share settings', () => {
  test('unset, the defaults: 10 s for headers, 10 s and then 1000 bytes a second for a body', () => {
    expect(slowClientSettings(config({}))).toEqual(DEFAULT_SLOW_CLIENTS);
    expect(DEFAULT_SLOW_CLIENTS).toEqual({
      headersTimeoutMs: 10_000,
      bodyTimeoutMs: 10_000,
      bodyMinRate: 1000,
    });
    expect(
      slowClientSettings(
        config({ HEADERS_TIMEOUT_MS: '5000', BODY_TIMEOUT_MS: '20000', BODY_MIN_RATE: '500' }),
      ),
    ).toEqual({ headersTimeoutMs: 5000, bodyTimeoutMs: 20_000, bodyMinRate: 500 });
  });

  test.each([
    [
      { HEADERS_TIMEOUT_MS: '10' },
      "HEADERS_TIMEOUT_MS must be a whole number from 1000 to 600000, not '10'",
    ],
    [
      { BODY_TIMEOUT_MS: 'ten' },
      "BODY_TIMEOUT_MS must be a whole number from 1000 to 600000, not 'ten'",
    ],
    [{ BODY_MIN_RATE: '0' }, "BODY_MIN_RATE must be a whole number from 1 to 100000000, not '0'"],
    [{ LIVE_PER_CLIENT: '-1' }, "LIVE_PER_CLIENT must be a whole number from 1 to 1000, not '-1'"],
    [
      { LIVE_CONNECTIONS: '100', LIVE_PER_ADDRESS: '200' },
      'LIVE_PER_ADDRESS (200) must not be more than LIVE_CONNECTIONS (100): one address would take every stream',
    ],
    [
      { LIVE_PER_ADDRESS: '5', LIVE_PER_CLIENT: '6' },
      'LIVE_PER_CLIENT (6) must not be more than LIVE_PER_ADDRESS (5)',
    ],
  ])('%p stops the server: %s', (env, message) => {
    expect(() => validateEnvironment(env)).toThrow(message);
  });

  test('settings that fit are taken', () => {
    expect(() =>
      validateEnvironment({
        LIVE_CONNECTIONS: '2000',
        LIVE_PER_ADDRESS: '500',
        LIVE_PER_CLIENT: '6',
        HEADERS_TIMEOUT_MS: '10000',
        BODY_TIMEOUT_MS: '10000',
        BODY_MIN_RATE: '1000',
      }),
    ).not.toThrow();
  });
});
