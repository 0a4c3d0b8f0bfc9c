import { randomBytes, timingSafeEqual } from 'crypto';
import { Worker } from 'worker_threads';
import { backgroundNiceness, HASHING_NICENESS_STEP } from '../common/background-priority';

/** scrypt's cost: N, r, p. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** The shortest password an account may have (the API's and the pages' rule alike). */
export const PASSWORD_MIN = 10;

/**
 * One of the scrypt costs OWASP's Password Storage Cheat Sheet gives as equal in the defence
 * they provide: N = 2^14 (16 MiB), r = 8, p = 5, about a fifth of a second a hash here. Its
 * first, N = 2^17 and p = 1, takes 128 MiB: each hash then walked a region four times the
 * 32 MiB cache two cores share, and the other core's requests waited on memory. In
 * `npm run bench -- hall-day` nine judges signing in at once made a monitor's /api/health
 * wait 211–600 ms; at the same CPU in 16 MiB (p = 10) it waited at most 126.
 */
export const PRODUCTION_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 5 };

/**
 * Lowers the cost for the test suite only (`TEST_ONLY_SCRYPT_LOG2_N`, 10 to 16: N = 2^that,
 * with p = 1): every account the suites make and every sign-in would otherwise cost a fifth of
 * a second of CPU. Production never sets it; the server warns at start-up when it is set.
 */
export const TEST_COST_VARIABLE = 'TEST_ONLY_SCRYPT_LOG2_N';

/** The cost new hashes are made with: production's, unless the test variable lowers it. */
export function currentCost(): ScryptCost {
  const raw = process.env[TEST_COST_VARIABLE];
  if (raw && /^\d{2}$/.test(raw) && Number(raw) >= 10 && Number(raw) <= 16) {
    return { N: 2 ** Number(raw), r: 8, p: 1 };
  }
  return PRODUCTION_COST;
}

/** The highest cost a stored hash may name (a hash is data: a forged N = 2^30 must not run). */
const MAX_N = 2 ** 20;
const MAX_R = 16;
const MAX_P = 16;

/** Memory scrypt needs for a cost (128·N·r bytes), with room to spare for Node's own check. */
const memoryFor = (c: ScryptCost) => 2 * 128 * c.N * c.r * c.p;

const KEY_LENGTH = 32;

/**
 * What a hashing thread runs: it lowers its own priority (Linux: `/proc/thread-self` names
 * it, and a thread's niceness is its own), then makes each key it is sent with scryptSync on
 * itself. Plain JavaScript, evaluated: it needs no file beside the bundle.
 */
const HASHER = `
const { parentPort, workerData } = require('worker_threads');
const { scryptSync } = require('crypto');
try {
  const tid = Number(require('fs').readlinkSync('/proc/thread-self').split('/').pop());
  const os = require('os');
  if (os.getPriority(tid) < workerData.niceness) os.setPriority(tid, workerData.niceness);
} catch {}
parentPort.on('message', ({ password, salt, keylen, options }) => {
  try {
    parentPort.postMessage({ key: scryptSync(password, salt, keylen, options) });
  } catch (e) {
    parentPort.postMessage({ error: String(e && e.message) });
  }
});
`;

/**
 * At most two hashes at once: each takes 16 MiB and a fifth of a second of a core, so a burst
 * of sign-ins queues here instead of taking all the memory and every worker thread.
 */
const LIMIT = 2;
/** A hashing thread idle this long ends (its memory goes back); the next hash starts another. */
const IDLE_MS = 30_000;

interface Hasher {
  worker: Worker;
  /** Ended, or failed: never given a hash again. */
  gone: boolean;
  idle: NodeJS.Timeout | null;
  /** The hash it is making: settled by its answer, or failed with the thread. */
  pending: { resolve: (key: Buffer) => void; reject: (e: Error) => void } | null;
}

/** Hashing threads waiting for work. */
const free: Hasher[] = [];
let running = 0;
const waiting: (() => void)[] = [];

function startHasher(): Hasher {
  const worker = new Worker(HASHER, {
    eval: true,
    workerData: { niceness: backgroundNiceness(HASHING_NICENESS_STEP) },
  });
  const hasher: Hasher = { worker, gone: false, idle: null, pending: null };
  const settle = (error: Error | null, key?: Buffer) => {
    const pending = hasher.pending;
    hasher.pending = null;
    // Idle, it never keeps the process alive; a hash asked for does (a command's sign-up).
    worker.unref();
    if (error) pending?.reject(error);
    else pending?.resolve(key!);
  };
  const end = (error: Error) => {
    hasher.gone = true;
    if (hasher.idle) clearTimeout(hasher.idle);
    const at = free.indexOf(hasher);
    if (at >= 0) free.splice(at, 1);
    settle(error);
  };
  worker.on('message', (m: { key?: Uint8Array; error?: string }) => {
    if (m.key) settle(null, Buffer.from(m.key.buffer, m.key.byteOffset, m.key.byteLength));
    else settle(new Error(m.error ?? 'scrypt failed'));
  });
  worker.on('error', end);
  worker.on('exit', (code) => end(new Error(`the hashing thread ended (exit code ${code})`)));
  return hasher;
}

/**
 * scrypt in a thread of its own whose priority is lowered ({@link HASHING_NICENESS_STEP}),
 * not in the runtime's shared worker threads: a hash is a fifth of a second of a core, and beside
 * the request thread at the same priority a guesser's sign-ins (twenty wrong passwords before
 * the throttle holds them) took a core the requests needed, every answer waiting
 * (`npm run bench -- hall-day`). A sign-in may take longer on a busy server; the others'
 * requests are answered first.
 */
async function scrypt(
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptCost & { maxmem: number },
): Promise<Buffer> {
  if (running >= LIMIT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  const hasher = free.pop() ?? startHasher();
  if (hasher.idle) clearTimeout(hasher.idle);
  hasher.idle = null;
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      hasher.pending = { resolve, reject };
      hasher.worker.ref();
      hasher.worker.postMessage({ password, salt, keylen, options });
    });
  } finally {
    if (!hasher.gone) {
      free.push(hasher);
      hasher.idle = setTimeout(() => void hasher.worker.terminate(), IDLE_MS);
      hasher.idle.unref();
    }
    running--;
    waiting.shift()?.();
  }
}

/** `scrypt$N$r$p$salt$hash` (base64): the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string, cost = currentCost()): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: memoryFor(cost) });
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
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    ...cost,
    maxmem: memoryFor(cost),
  });
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
