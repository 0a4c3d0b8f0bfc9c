import { countersOnDisk } from '../../test/throttle/counters-on-disk';
import { countKey, type ThrottleCounters } from '../throttle/throttle-counters';
import type { ThrottleSettings } from '../config';
import { Attempt, SignInClient, SignInThrottle } from './sign-in-throttle';

const SETTINGS: ThrottleSettings = {
  accountFailures: 5,
  addressFailures: 20,
  firstWaitMs: 1000,
  maxWaitMs: 60_000,
};

const untrusted = (address: string): SignInClient => ({ address, trustedDevice: null });
const trusted = (address: string, nonce = 'phone-of-ana'): SignInClient => ({
  address,
  trustedDevice: nonce,
});

/** A throttle whose counts are in a real SQLite file, on a clock the test moves. */
async function setup(settings = SETTINGS) {
  const disk = countersOnDisk();
  const counters = await disk.open();
  const throttle = new SignInThrottle(counters, settings);
  const attempt = (account: string, client: SignInClient, right: boolean): Promise<Attempt> =>
    throttle.attempt(account, client, () => Promise.resolve(right));
  return { disk, counters, throttle, attempt, advance: (ms: number) => disk.advance(ms) };
}

describe('the sign-in throttle (counts in the database, device cookies)', () => {
  let opened: { close(): Promise<void> }[] = [];
  const open = async (settings = SETTINGS) => {
    const s = await setup(settings);
    opened.push(s.disk);
    return s;
  };
  afterEach(async () => {
    for (const d of opened) await d.close();
    opened = [];
  });

  test('five wrong passwords are free; then each failure doubles the wait, up to the ceiling', async () => {
    const { attempt, advance } = await open();
    const waits: number[] = [];
    for (let i = 1; i <= 4; i++) {
      expect(await attempt('ana@example.org', untrusted('10.0.0.1'), false)).toEqual({
        outcome: 'wrong',
        lockouts: [],
      });
    }
    // Failures 5, 6, … wait 1 s, 2 s, 4 s, …: firstWaitMs · 2^(failures − 5), at most 60 s.
    for (let failure = 5; failure <= 12; failure++) {
      const r = await attempt('ana@example.org', untrusted('10.0.0.1'), false);
      if (r.outcome !== 'wrong') throw new Error(`failure ${failure}: ${r.outcome}`);
      const lock = r.lockouts.find((l) => l.kind === 'account')!;
      expect(lock).toMatchObject({ key: 'ana@example.org', failures: failure });
      waits.push(lock.waitMs);
      advance(lock.waitMs);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000]);
  });

  test('while a wait runs the right password is refused unchecked; after it, accepted and the account starts again', async () => {
    const { throttle, attempt, advance } = await open();
    for (let i = 0; i < 5; i++) await attempt('Ana@Example.org ', untrusted('10.0.0.1'), false);
    let checked = false;
    const refused = await throttle.attempt('ana@example.org', untrusted('10.0.0.9'), () => {
      checked = true;
      return Promise.resolve(true);
    });
    expect(refused).toEqual({ outcome: 'wait', waitMs: 1000 });
    expect(checked).toBe(false);
    advance(400);
    expect(await attempt('ana@example.org', untrusted('10.0.0.9'), true)).toEqual({
      outcome: 'wait',
      waitMs: 600,
    });
    advance(600);
    expect(await attempt('ana@example.org', untrusted('10.0.0.9'), true)).toEqual({
      outcome: 'right',
    });
    // Cleared: four more wrong passwords are free again.
    for (let i = 0; i < 4; i++) {
      expect((await attempt('ana@example.org', untrusted('10.0.0.9'), false)).outcome).toBe(
        'wrong',
      );
    }
    expect(await attempt('ana@example.org', untrusted('10.0.0.9'), true)).toEqual({
      outcome: 'right',
    });
  });

  test("the owner's device that signed in before is not held back by failures elsewhere; untrusted clients are", async () => {
    const { attempt } = await open();
    // 12 wrong passwords for Ana from untrusted clients: her account's untrusted clients wait.
    for (let i = 0; i < 12; i++) await attempt('ana@example.org', untrusted(`10.9.0.${i}`), false);
    expect((await attempt('ana@example.org', untrusted('10.0.0.7'), true)).outcome).toBe('wait');
    // Her own phone (its device cookie vouches for her account) signs in at once.
    expect(await attempt('ana@example.org', trusted('10.0.0.7'), true)).toEqual({
      outcome: 'right',
    });
    // And the guessers are still held: the owner's sign-in cleared only her device's count.
    expect((await attempt('ana@example.org', untrusted('10.9.0.1'), true)).outcome).toBe('wait');
  });

  test("a trusted device's own wrong passwords hold that device alone", async () => {
    const { attempt } = await open();
    for (let i = 0; i < 4; i++)
      expect(await attempt('ana@example.org', trusted('10.0.0.1', 'lost-phone'), false)).toEqual({
        outcome: 'wrong',
        lockouts: [],
      });
    const fifth = await attempt('ana@example.org', trusted('10.0.0.1', 'lost-phone'), false);
    expect(fifth).toEqual({
      outcome: 'wrong',
      lockouts: [
        { kind: 'device', key: 'a device trusted by ana@example.org', failures: 5, waitMs: 1000 },
      ],
    });
    expect(await attempt('ana@example.org', trusted('10.0.0.1', 'lost-phone'), true)).toEqual({
      outcome: 'wait',
      waitMs: 1000,
    });
    // Another device of hers, and an untrusted client, are not held by it.
    expect((await attempt('ana@example.org', trusted('10.0.0.1', 'laptop'), true)).outcome).toBe(
      'right',
    );
    expect((await attempt('ana@example.org', untrusted('10.0.0.1'), true)).outcome).toBe('right');
  });

  test('an address guessing many accounts waits after 20 failures, for every untrusted sign-in from it', async () => {
    const { attempt } = await open();
    for (let i = 0; i < 19; i++) {
      expect(await attempt(`user${i}@example.org`, untrusted('10.0.0.2'), false)).toEqual({
        outcome: 'wrong',
        lockouts: [],
      });
    }
    const twentieth = await attempt('user19@example.org', untrusted('10.0.0.2'), false);
    expect(twentieth).toEqual({
      outcome: 'wrong',
      lockouts: [{ kind: 'address', key: '10.0.0.2', failures: 20, waitMs: 1000 }],
    });
    expect(await attempt('someone-else@example.org', untrusted('10.0.0.2'), true)).toEqual({
      outcome: 'wait',
      waitMs: 1000,
    });
    // Another address is not held, nor a device that signed in before, behind the same address.
    expect(await attempt('someone-else@example.org', untrusted('10.0.0.3'), true)).toEqual({
      outcome: 'right',
    });
    expect(await attempt('someone-else@example.org', trusted('10.0.0.2'), true)).toEqual({
      outcome: 'right',
    });
  });

  test('guesses sent all at once are no more than the allowance', async () => {
    const { throttle } = await open();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let checks = 0;
    const slow = () =>
      throttle.attempt('ana@example.org', untrusted('10.0.0.4'), async () => {
        checks++;
        await gate;
        return false;
      });
    const all = Array.from({ length: 50 }, slow);
    // Let every attempt reach the database before any check is answered.
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    const outcomes = (await Promise.all(all)).map((r) => r.outcome);
    // 5 checked (the account's allowance), 45 told to wait.
    expect(checks).toBe(5);
    expect(outcomes.filter((o) => o === 'wrong')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'wait')).toHaveLength(45);
  });

  test('a check that throws does not leave its attempt counted as running', async () => {
    const { throttle, attempt } = await open();
    for (let i = 0; i < 5; i++) {
      await expect(
        throttle.attempt('ana@example.org', untrusted('10.0.0.5'), () =>
          Promise.reject(new Error('db down')),
        ),
      ).rejects.toThrow('db down');
    }
    expect(await attempt('ana@example.org', untrusted('10.0.0.5'), true)).toEqual({
      outcome: 'right',
    });
  });

  test('two servers on one database count together, and a restart forgets nothing', async () => {
    const disk = countersOnDisk();
    opened.push(disk);
    const servers: ThrottleCounters[] = [await disk.open(), await disk.open()];
    const throttles = servers.map((c) => new SignInThrottle(c, SETTINGS));
    // Wrong passwords alternate between the two servers: the fifth, wherever it lands, locks.
    for (let i = 0; i < 5; i++) {
      const r = await throttles[i % 2].attempt('ana@example.org', untrusted('10.0.0.6'), () =>
        Promise.resolve(false),
      );
      expect(r.outcome).toBe('wrong');
    }
    for (const t of throttles) {
      expect(
        (await t.attempt('ana@example.org', untrusted('10.0.0.6'), () => Promise.resolve(true)))
          .outcome,
      ).toBe('wait');
    }
    // A server started afresh on the file reads the same counts.
    const restarted = new SignInThrottle(await disk.open(), SETTINGS);
    expect(
      await restarted.attempt('ana@example.org', untrusted('10.0.0.6'), () =>
        Promise.resolve(true),
      ),
    ).toEqual({ outcome: 'wait', waitMs: 1000 });
  });

  test('attempts a stopped server left "being checked" stop counting after a minute', async () => {
    const { counters, throttle, advance } = await open();
    const rule = {
      kind: 'doubling' as const,
      allowance: 5,
      firstWaitMs: 1000,
      maxWaitMs: 60_000,
      forgetMs: 86_400_000,
    };
    const key = countKey('sign-in-account', 'ana@example.org');
    // Five checks taken and never answered (the server was killed mid-hash).
    for (let i = 0; i < 5; i++) expect(await counters.reserve({ key, rule })).toBe(true);
    expect(
      (
        await throttle.attempt('ana@example.org', untrusted('10.0.0.8'), () =>
          Promise.resolve(true),
        )
      ).outcome,
    ).toBe('wait');
    advance(60_000);
    expect(
      await throttle.attempt('ana@example.org', untrusted('10.0.0.8'), () => Promise.resolve(true)),
    ).toEqual({ outcome: 'right' });
  });
});
