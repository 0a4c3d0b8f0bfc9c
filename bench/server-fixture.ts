/** What the HTTP benchmarks share: the built server on a database of its own, and a finished 1,000-player division. */
import { ChildProcess, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Client } from 'pg';
import { seededRandom } from '../src/engine';
import type { GameDocument, TournamentDocument } from '../src/exchange/format';

/** The part of autocannon's result this benchmark reads (the package has no types). */
export interface AutocannonResult {
  /** Per second, but `total` (answered) and `sent`, which are counts. */
  requests: {
    p50: number;
    average: number;
    min: number;
    max: number;
    total: number;
    sent: number;
  };
  latency: { p50: number; p99: number; max: number };
  /** Seconds the run took. */
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  '5xx': number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  /** Seconds before a request counts as timed out (10 by default). */
  timeout?: number;
  headers?: Record<string, string>;
  requests?: {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    /** Makes each request (here: picks its path). */
    setupRequest?: (request: object) => object;
    /** Sees each answer: status, body, autocannon's context, headers. */
    onResponse?: (status: number, body: string, context: object, headers: object) => void;
  }[];
}) => Promise<AutocannonResult>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const autocannon = require('autocannon') as Autocannon;

export const PLAYERS = 1000;
export const ROUNDS = 15;
const SERVER = join(__dirname, '..', 'src', 'main.js');
/** What `npm start` runs (docs/deployment.md): the bundled server with its code cache. */
export const NPM_START = join(__dirname, '..', '..', 'scripts', 'start.js');

/**
 * CPU milliseconds a process's threads have run, to the nanosecond (Linux: the first field of
 * /proc/<pid>/task/<tid>/schedstat, summed): {@link cpuMs} counts in ticks of 10 ms, too coarse
 * for one request. Threads that ended are not counted: take differences over short spans.
 */
export function cpuNsMs(pid: number): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return ns / 1e6;
}

/** CPU milliseconds a process has used (Linux: /proc/<pid>/stat, user + system, every thread). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of the file (utime, stime), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** How the benchmark tournament is named. */
export interface BenchNames {
  seed: number;
  tournament: string;
  division: string;
  player: (index: number) => string;
}

/**
 * A finished 1,000-player, 15-round division as an import document: random pairings and results.
 * `size` asks for another number of players and rounds, the last `pending` of them paired
 * without results.
 */
export function finishedDivisionDocument(
  names: BenchNames,
  size: { players: number; rounds: number; pending?: number } = {
    players: PLAYERS,
    rounds: ROUNDS,
  },
): TournamentDocument {
  const rng = seededRandom(names.seed);
  const played = size.rounds - (size.pending ?? 0);
  const players = Array.from({ length: size.players }, (_, i) => ({
    ref: i + 1,
    name: names.player(i),
    club: `Klub ${i % 40}`,
    rating: 1000 + Math.floor(rng() * 1000),
    seed: i + 1,
    active: true,
    joinedRound: 1,
  }));
  const rounds = Array.from({ length: size.rounds }, (_, r) => {
    const order = players.map((p) => p.ref);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    const games: GameDocument[] = [];
    for (let k = 0; k < order.length; k += 2) {
      const scores: [number, number] = [
        250 + Math.floor(rng() * 300),
        250 + Math.floor(rng() * 300),
      ];
      const remaining: [number, number] = [Math.floor(rng() * 900), Math.floor(rng() * 900)];
      const winner =
        scores[0] !== scores[1]
          ? scores[0] > scores[1]
            ? 'first'
            : 'second'
          : remaining[0] !== remaining[1]
            ? remaining[0] > remaining[1]
              ? 'first'
              : 'second'
            : 'draw';
      if (r >= played) {
        games.push({
          table: k / 2 + 1,
          first: order[k],
          second: order[k + 1],
          status: 'pending',
          winner: null,
          scores: null,
          remaining: null,
          timeLoss: null,
          source: null,
          scoresheet: null,
          history: [],
        });
        continue;
      }
      games.push({
        table: k / 2 + 1,
        first: order[k],
        second: order[k + 1],
        status: 'complete',
        winner,
        scores,
        remaining,
        timeLoss: null,
        source: 'result',
        scoresheet: null,
        history: [],
      });
    }
    return { number: r + 1, system: 'random' as const, notes: [], games };
  });
  return {
    format: 'arbiter-tournament/1',
    exportedAt: new Date().toISOString(),
    tournament: {
      name: names.tournament,
      ruleSet: 'kvizovka',
      options: {},
      rounds: size.rounds,
      pairingPlan: ['random'],
      tieBreaks: ['spread', 'remaining-time', 'buchholz'],
      byeSpread: 50,
    },
    divisions: [{ name: names.division, players, rounds }],
  };
}

export interface Server {
  url: string;
  /** The server's process id, to read its CPU time. */
  pid: number;
  /** A bearer token of the organiser the server was started with. */
  auth: { Authorization: string };
  stop(): Promise<void>;
}

/** A database of the bench's own: PostgreSQL when DATABASE_URL is set (or `kind` says so), else an SQLite file. */
export interface BenchDatabase {
  kind: 'sqlite' | 'postgres';
  /** What the server needs in its environment to use it. */
  env: Record<string, string>;
  /** The SQLite file, for reading it directly. */
  file?: string;
  drop(): Promise<void>;
}

export async function newBenchDatabase(
  kind: 'sqlite' | 'postgres' = process.env.DATABASE_URL ? 'postgres' : 'sqlite',
): Promise<BenchDatabase> {
  if (kind === 'postgres') {
    const name = `arbiter_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    return {
      kind,
      env: { DATABASE_URL: url.toString() },
      async drop() {
        const c = new Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-bench-'));
  const file = join(dir, 'arbiter.sqlite');
  return {
    kind,
    env: { DATABASE_PATH: file, DATABASE_URL: '' },
    file,
    drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
  };
}

/**
 * What the built server is started with: this process's environment, the database's, port 0
 * unless `env` says another, and the organiser it makes at its first start.
 */
export function serverEnv(
  database: Record<string, string>,
  email: string,
  password: string,
  env: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...database,
    PORT: '0',
    NO_COLOR: '1',
    ORGANISER_EMAIL: email,
    ORGANISER_PASSWORD: password,
    ...env,
  };
}

/**
 * The built server on `database`, port 0, started as the e2e harness does (or `entry`, such as
 * {@link NPM_START}); its address once it serves.
 */
export async function spawnServer(
  database: BenchDatabase,
  email: string,
  password: string,
  env: Record<string, string> = {},
  entry = SERVER,
): Promise<{ url: string; child: ChildProcess }> {
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: serverEnv(database.env, email, password, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    // Two minutes: a first start on PostgreSQL runs every migration, slow on a busy machine.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in 120 s:\n${output}`));
    }, 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /serves on http:\/\/(localhost|[^\s/]+):(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(`http://${m[1] === 'localhost' ? '127.0.0.1' : m[1]}:${m[2]}`);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { url, child };
}

/** A bearer token of the organiser the server was started with. */
export async function signIn(
  url: string,
  email: string,
  password: string,
): Promise<{ Authorization: string }> {
  const { token } = await json<{ token: string }>(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, kind: 'api' }),
  });
  return { Authorization: `Bearer ${token}` };
}

/** Starts the built server as the e2e harness does (port 0, a database of its own, `env` added) and signs its organiser in. */
export async function startServer(
  email: string,
  password: string,
  env: Record<string, string> = {},
): Promise<Server> {
  const database = await newBenchDatabase();
  const { url, child } = await spawnServer(database, email, password, env);
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
    await database.drop();
  };
  try {
    return { url, pid: child.pid!, auth: await signIn(url, email, password), stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

export async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Renames a division, which moves its revision (the next page read computes afresh): with the
 * version read first in If-Match, as every change of a division must carry it.
 */
export async function renameDivision(
  url: string,
  auth: Record<string, string>,
  divisionId: number,
  name: string,
): Promise<void> {
  // Read signed in, as the organiser would: a visitor's read may be refused (503) under load.
  const { version } = await json<{ version: number }>(`${url}/api/divisions/${divisionId}`, {
    headers: auth,
  });
  await json(`${url}/api/divisions/${divisionId}`, {
    method: 'PATCH',
    headers: { ...auth, 'Content-Type': 'application/json', 'If-Match': String(version) },
    body: JSON.stringify({ name }),
  });
}
