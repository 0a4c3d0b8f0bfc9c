import { ChildProcess, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Client } from 'pg';
import type { GameDocument, TournamentDocument } from '../src/exchange/format';
import { computeStandings, GameRecord } from '../src/standings';
import { median } from './harness';

/** The part of autocannon's result this benchmark reads (the package has no types). */
interface AutocannonResult {
  requests: { p50: number; average: number; min: number; max: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as Autocannon;

const PLAYERS = 1000;
const ROUNDS = 15;
const SERVER = join(__dirname, '..', 'src', 'main.js');

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A finished 1,000-player, 15-round division as an import document: random pairings and results. */
function tournamentDocument(): TournamentDocument {
  const rng = random(15);
  const players = Array.from({ length: PLAYERS }, (_, i) => ({
    ref: i + 1,
    name: `Igrač ${String(i + 1).padStart(4, '0')}`,
    club: `Klub ${i % 40}`,
    rating: 1000 + Math.floor(rng() * 1000),
    seed: i + 1,
    active: true,
    joinedRound: 1,
  }));
  const rounds = Array.from({ length: ROUNDS }, (_, r) => {
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
      name: 'Bench open',
      ruleSet: 'kvizovka',
      options: {},
      rounds: ROUNDS,
      pairingPlan: ['random'],
      tieBreaks: ['spread', 'remaining-time', 'buchholz'],
      byeSpread: 50,
    },
    divisions: [{ name: 'Open', players, rounds }],
  };
}

interface Server {
  url: string;
  stop(): Promise<void>;
}

/** Starts the built server as the e2e harness does: port 0, a database of its own. */
async function startServer(email: string, password: string): Promise<Server> {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  if (process.env.DATABASE_URL) {
    const name = `arbiter_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    drop = async () => {
      const c = new Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-bench-'));
    env = { DATABASE_PATH: join(dir, 'arbiter.sqlite'), DATABASE_URL: '' };
    drop = () => Promise.resolve(rmSync(dir, { recursive: true, force: true }));
  }
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      ...env,
      PORT: '0',
      NO_COLOR: '1',
      ORGANISER_EMAIL: email,
      ORGANISER_PASSWORD: password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /serves on http:\/\/localhost:(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      await drop();
    },
  };
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Standings over HTTP for a finished 1,000-player, 15-round division: the time
 * to compute them (pure function, and a first request that reads the database),
 * then requests per second with autocannon on loopback for about 5 s.
 */
export async function run(): Promise<void> {
  const email = 'bench@example.org';
  const password = 'bench-password-1';
  const server = await startServer(email, password);
  try {
    const { token } = await json<{ token: string }>(`${server.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, kind: 'api' }),
    });
    const auth = { Authorization: `Bearer ${token}` };
    const doc = tournamentDocument();
    const body = JSON.stringify(doc);
    const importStart = process.hrtime.bigint();
    const tournament = await json<{ divisions: { id: number }[] }>(
      `${server.url}/api/tournaments/import`,
      { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body },
    );
    const importMs = Number(process.hrtime.bigint() - importStart) / 1e6;
    const divisionId = tournament.divisions[0].id;
    const url = `${server.url}/api/divisions/${divisionId}/standings`;

    // The pure computation, in this process, on the same games.
    const players = doc.divisions[0].players.map((p) => ({
      id: String(p.ref),
      seed: p.seed,
      active: true,
    }));
    const games: GameRecord[] = doc.divisions[0].rounds.flatMap((r) =>
      r.games.map((g) => {
        const [ra, rb] =
          g.winner === 'first'
            ? ['win', 'loss']
            : g.winner === 'second'
              ? ['loss', 'win']
              : ['draw', 'draw'];
        return {
          round: r.number,
          a: String(g.first),
          b: String(g.second),
          starts: String(g.first),
          resultA: ra as 'win',
          resultB: rb as 'win',
          scoreA: g.scores![0],
          scoreB: g.scores![1],
          remainingA: g.remaining![0],
          remainingB: g.remaining![1],
        };
      }),
    );
    const pureTimes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const start = process.hrtime.bigint();
      computeStandings(players, games, {
        byeSpread: 50,
        tieBreaks: ['spread', 'remaining-time', 'buchholz', 'seed'],
      });
      if (i > 0) pureTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
    }

    // A request after each write recomputes from the database (a rename bumps the division's revision).
    const coldTimes: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 7; i++) {
      await json(`${server.url}/api/divisions/${divisionId}`, {
        method: 'PATCH',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: `Open ${i}` }),
      });
      const start = process.hrtime.bigint();
      const res = await fetch(url);
      const text = await res.text();
      coldTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
      bytes = text.length;
      const rows = (JSON.parse(text) as { rows: unknown[] }).rows.length;
      if (rows !== PLAYERS) throw new Error(`standings have ${rows} rows, not ${PLAYERS}`);
    }

    await autocannon({ url, connections: 10, duration: 1 }); // warm-up
    const result = await autocannon({ url, connections: 10, duration: 5 });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`autocannon: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    }
    const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
    console.log(
      `standings API (1,000 players x 15 rounds, ${db}): ${Math.round(result.requests.p50).toLocaleString('en')} req/s median ` +
        `over 5 s, 10 connections (mean ${Math.round(result.requests.average).toLocaleString('en')}, ` +
        `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ${(bytes / 1024).toFixed(0)} KiB a response, served from the revision cache)`,
    );
    console.log(
      `standings compute (1,000 players x 15 rounds): ${median(pureTimes).toFixed(1)} ms pure function; ` +
        `${median(coldTimes).toFixed(1)} ms for a request after a write (database read + compute + JSON), median of ${coldTimes.length}; ` +
        `import of the ${(body.length / 1024 / 1024).toFixed(1)} MB document: ${(importMs / 1000).toFixed(2)} s`,
    );
  } finally {
    await server.stop();
  }
}
