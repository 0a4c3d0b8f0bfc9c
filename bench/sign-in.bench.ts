import { median } from './harness';
import { json, startServer } from './server-fixture';

const ROUNDS = 15;
const ACCOUNTS = 5;

/**
 * Can the sign-in's time tell which e-mails have accounts? Wrong passwords for e-mails
 * with an account and for e-mails without one, alternated, against the server at
 * production cost (N = 2^14, p = 5): the median time of each and their ratio (target within
 * 20 %). The throttle's allowances are raised for the run, or it would answer 429s.
 */
export async function run(): Promise<void> {
  const email = 'bench@example.org';
  const password = 'bench-password-1';
  const saved = { ...process.env };
  delete process.env.TEST_ONLY_SCRYPT_LOG2_N;
  process.env.SIGN_IN_ACCOUNT_FAILURES = '1000';
  process.env.SIGN_IN_ADDRESS_FAILURES = '1000000';
  let server;
  try {
    server = await startServer(email, password);
  } finally {
    process.env = saved;
  }
  try {
    const known: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const address = `known-${i}@example.org`;
      await json(`${server.url}/api/users`, {
        method: 'POST',
        headers: { ...server.auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: address, name: `Known ${i}`, role: 'judge', password }),
      });
      known.push(address);
    }
    const attempt = async (address: string): Promise<number> => {
      const start = process.hrtime.bigint();
      const res = await fetch(`${server.url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: address, password: 'not-the-password', kind: 'api' }),
      });
      await res.arrayBuffer();
      if (res.status !== 401) throw new Error(`sign-in of ${address}: ${res.status}, not 401`);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    await attempt(known[0]);
    await attempt('warm-up@example.org');
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      // Alternated, so that the machine's drift falls on both alike.
      knownMs.push(await attempt(known[r % ACCOUNTS]));
      unknownMs.push(await attempt(`nobody-${r}@example.org`));
    }
    const k = median(knownMs);
    const u = median(unknownMs);
    const ratio = u / k;
    console.log(
      `sign-in with a wrong password, scrypt N = 2^14, p = 5 (median of ${ROUNDS} each): ` +
        `known e-mail ${k.toFixed(0)} ms, unknown e-mail ${u.toFixed(0)} ms, ` +
        `unknown/known ${ratio.toFixed(2)} (${Math.abs(ratio - 1) <= 0.2 ? 'within' : 'NOT within'} 20 %)`,
    );
  } finally {
    await server.stop();
  }
}
