import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'crypto';
import { promisify } from 'util';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** scrypt's cost: N, r, p. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's guidance for scrypt (Password Storage Cheat Sheet): N = 2^17, r = 8, p = 1,
 * 128 MiB and about half a second a hash on a 2-core server.
 */
export const PRODUCTION_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

/**
 * Lowers the cost for the test suite only (`TEST_ONLY_SCRYPT_LOG2_N`, 10 to 16): every
 * account the suites make and every sign-in would otherwise cost half a second of CPU.
 * Production never sets it; the server warns at start-up when it is set.
 */
export const TEST_COST_VARIABLE = 'TEST_ONLY_SCRYPT_LOG2_N';

/** The cost new hashes are made with: production's, unless the test variable lowers it. */
export function currentCost(): ScryptCost {
  const raw = process.env[TEST_COST_VARIABLE];
  if (raw && /^\d{2}$/.test(raw) && Number(raw) >= 10 && Number(raw) <= 16) {
    return { ...PRODUCTION_COST, N: 2 ** Number(raw) };
  }
  return PRODUCTION_COST;
}

/** The highest cost a stored hash may name (a hash is data: a forged N = 2^30 must not run). */
const MAX_N = 2 ** 20;
const MAX_R = 16;
const MAX_P = 4;

/** Memory scrypt needs for a cost (128·N·r bytes), with room to spare for Node's own check. */
const memoryFor = (c: ScryptCost) => 2 * 128 * c.N * c.r * c.p;

const KEY_LENGTH = 32;

/**
 * At most two hashes at once: each takes 128 MiB and half a second of a core, so a burst
 * of sign-ins queues here instead of taking all the memory and every worker thread.
 */
const LIMIT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= LIMIT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** `scrypt$N$r$p$salt$hash` (base64): the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string, cost = currentCost()): Promise<string> {
  const salt = randomBytes(16);
  const hash = await limited(() =>
    scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: memoryFor(cost) }),
  );
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), hash.toString('base64')].join(
    '$',
  );
}

/** The cost a stored hash was made with, or null when it is not one of ours. */
export function costOf(stored: string): ScryptCost | null {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const valid =
    Number.isInteger(cost.N) &&
    cost.N >= 2 &&
    cost.N <= MAX_N &&
    (cost.N & (cost.N - 1)) === 0 &&
    Number.isInteger(cost.r) &&
    cost.r >= 1 &&
    cost.r <= MAX_R &&
    Number.isInteger(cost.p) &&
    cost.p >= 1 &&
    cost.p <= MAX_P;
  return valid ? cost : null;
}

/** True when the password matches the stored hash; constant time in the hash comparison. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const cost = costOf(stored);
  if (!cost) return false;
  const [, , , , salt, hash] = stored.split('$');
  const expected = Buffer.from(hash, 'base64');
  const actual = await limited(() =>
    scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
      ...cost,
      maxmem: memoryFor(cost),
    }),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * True when a stored hash is cheaper than what new hashes get: it is made again at the
 * next successful sign-in. Never lower: a server started with the test variable does
 * not weaken a production hash.
 */
export function needsRehash(stored: string, cost = currentCost()): boolean {
  const was = costOf(stored);
  return was !== null && (was.N < cost.N || was.r < cost.r || was.p < cost.p);
}

/**
 * What an unknown e-mail is checked against, so that it costs the same scrypt as a known
 * one and the answer's time does not tell which e-mails have accounts: the current cost, a
 * random salt and a random hash. Checking a password against it costs one scrypt, like a
 * real hash, and no password matches it (that would take finding a 256-bit preimage); it
 * costs nothing to make, where hashing a password at start-up took 0.7 s of CPU.
 */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  const cost = currentCost();
  const random = (bytes: number) => randomBytes(bytes).toString('base64');
  dummy ??= Promise.resolve(
    ['scrypt', cost.N, cost.r, cost.p, random(16), random(KEY_LENGTH)].join('$'),
  );
  return dummy;
}
