import { Attempt, SignInThrottle, ThrottleSettings } from './sign-in-throttle';

const SETTINGS: ThrottleSettings = {
  accountFailures: 5,
  addressFailures: 20,
  firstWaitMs: 1000,
  maxWaitMs: 60_000,
};

/** A throttle on a clock the test moves. */
function setup(settings = SETTINGS) {
  let now = 1_000_000;
  const throttle = new SignInThrottle(settings, () => now);
  const attempt = (account: string, address: string, right: boolean): Promise<Attempt> =>
    throttle.attempt(account, address, () => Promise.resolve(right));
  return { throttle, attempt, advance: (ms: number) => (now += ms) };
}

describe('the sign-in throttle', () => {
  test('five wrong passwords are free; then each failure doubles the wait, up to the ceiling', async () => {
    const { attempt, advance } = setup();
    const waits: number[] = [];
    for (let i = 1; i <= 4; i++) {
      expect(await attempt('ana@example.org', '10.0.0.1', false)).toEqual({
        outcome: 'wrong',
        lockouts: [],
      });
    }
    // Failures 5, 6, … wait 1 s, 2 s, 4 s, …: firstWaitMs · 2^(failures − 5), at most 60 s.
    for (let failure = 5; failure <= 12; failure++) {
      const r = await attempt('ana@example.org', '10.0.0.1', false);
      if (r.outcome !== 'wrong') throw new Error(`failure ${failure}: ${r.outcome}`);
      const lock = r.lockouts.find((l) => l.kind === 'account')!;
      expect(lock).toMatchObject({ key: 'ana@example.org', failures: failure });
      waits.push(lock.waitMs);
      advance(lock.waitMs);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000]);
  });

  test('while a wait runs the right password is refused unchecked; after it, accepted and the account starts again', async () => {
    const { throttle, attempt, advance } = setup();
    for (let i = 0; i < 5; i++) await attempt('Ana@Example.org ', '10.0.0.1', false);
    let checked = false;
    const refused = await throttle.attempt('ana@example.org', '10.0.0.9', () => {
      checked = true;
      return Promise.resolve(true);
    });
    expect(refused).toEqual({ outcome: 'wait', waitMs: 1000 });
    expect(checked).toBe(false);
    advance(400);
    expect(await attempt('ana@example.org', '10.0.0.9', true)).toEqual({
      outcome: 'wait',
      waitMs: 600,
    });
    advance(600);
    expect(await attempt('ana@example.org', '10.0.0.9', true)).toEqual({ outcome: 'right' });
    // Cleared: four more wrong passwords are free again.
    for (let i = 0; i < 4; i++) {
      expect((await attempt('ana@example.org', '10.0.0.9', false)).outcome).toBe('wrong');
    }
    expect(await attempt('ana@example.org', '10.0.0.9', true)).toEqual({ outcome: 'right' });
  });

  test('an address guessing many accounts waits after 20 failures, for every account', async () => {
    const { attempt } = setup();
    for (let i = 0; i < 19; i++) {
      expect(await attempt(`user${i}@example.org`, '10.0.0.2', false)).toEqual({
        outcome: 'wrong',
        lockouts: [],
      });
    }
    const twentieth = await attempt('user19@example.org', '10.0.0.2', false);
    expect(twentieth).toEqual({
      outcome: 'wrong',
      lockouts: [{ kind: 'address', key: '10.0.0.2', failures: 20, waitMs: 1000 }],
    });
    expect(await attempt('someone-else@example.org', '10.0.0.2', true)).toEqual({
      outcome: 'wait',
      waitMs: 1000,
    });
    // Another address is not held.
    expect(await attempt('someone-else@example.org', '10.0.0.3', true)).toEqual({
      outcome: 'right',
    });
  });

  test('guesses sent all at once are no more than the allowance', async () => {
    const { throttle } = setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let checks = 0;
    const slow = () =>
      throttle.attempt('ana@example.org', '10.0.0.4', async () => {
        checks++;
        await gate;
        return false;
      });
    const all = Array.from({ length: 50 }, slow);
    release();
    const outcomes = (await Promise.all(all)).map((r) => r.outcome);
    // 5 checked (the account's allowance), 45 told to wait.
    expect(checks).toBe(5);
    expect(outcomes.filter((o) => o === 'wrong')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'wait')).toHaveLength(45);
  });

  test('a check that throws does not leave its attempt counted as running', async () => {
    const { throttle, attempt } = setup();
    for (let i = 0; i < 5; i++) {
      await expect(
        throttle.attempt('ana@example.org', '10.0.0.5', () => Promise.reject(new Error('db down'))),
      ).rejects.toThrow('db down');
    }
    expect(await attempt('ana@example.org', '10.0.0.5', true)).toEqual({ outcome: 'right' });
  });

  test('a flood of made-up e-mails lifts no lockout', async () => {
    const { attempt } = setup();
    // 5 wrong passwords lock Ana's account; 15 more, to other accounts, lock the address (20).
    for (let i = 0; i < 5; i++) await attempt('ana@example.org', '10.0.0.1', false);
    for (let i = 0; i < 15; i++) await attempt(`guess${i}@example.org`, '10.0.0.1', false);
    // Ana's account and the address are locked; 200,000 sign-ins with new e-mails follow,
    // each refused unchecked (the address waits) — then Ana's password is tried again.
    for (let i = 0; i < 200_000; i++) {
      expect((await attempt(`x${i}@example.org`, '10.0.0.1', true)).outcome).toBe('wait');
    }
    expect((await attempt('ana@example.org', '10.0.0.2', true)).outcome).toBe('wait');
  });
});
