import { ChildProcess, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Client } from 'pg';
import type { GameDocument, TournamentDocument } from '../src/exchange/format';
import { median } from './harness';

/** The part of autocannon's result this benchmark reads (the package has no types). */
interface AutocannonResult {
  requests: { p50: number; average: number };
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

const FIRST = ['Ana', 'Marko', 'Đorđe', 'Ljubica', 'Njegoš', 'Džemal', 'Žarko', 'Šćepan'];
const LAST = ['Petrović', 'Jovanović', 'Šćekić', 'Ljajić', 'Ćosić', 'Đurđević', 'Žugić', 'Čolić'];

/** A finished 1,000-player, 15-round division as an import document: random pairings and results. */
function divisionDocument(): TournamentDocument {
  const rng = random(1000);
  const players = Array.from({ length: PLAYERS }, (_, i) => ({
    ref: i + 1,
    name: `${FIRST[i % 8]} ${LAST[Math.floor(i / 8) % 8]} ${i + 1}`,
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
      name: 'Otvoreno prvenstvo Srbije',
      ruleSet: 'kvizovka',
      options: {},
      rounds: ROUNDS,
      pairingPlan: ['random'],
      tieBreaks: ['spread', 'remaining-time', 'buchholz'],
      byeSpread: 50,
    },
    divisions: [{ name: 'Otvorena grupa', players, rounds }],
  };
}

/** Starts the built server on port 0 with a database of its own (as bench/server.bench.ts does). */
async function startServer(
  email: string,
  password: string,
): Promise<{ url: string; stop(): Promise<void> }> {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  if (process.env.DATABASE_URL) {
    const name = `arbiter_pages_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
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
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-pages-bench-'));
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

const perSecond = (n: number): string => Math.round(n).toLocaleString('en');

/**
 * The public standings page (HTML) of a finished 1,000-player, 15-round
 * division over loopback: requests per second for visitors (the page kept
 * rendered until the division changes), for a signed-in judge (rendered on
 * every request from the cached table), and the time of the first request
 * after a write (database read, standings, rendering). One line.
 */
export async function run(): Promise<void> {
  const email = 'pages-bench@example.org';
  const password = 'pages-bench-password-1';
  const server = await startServer(email, password);
  try {
    const { token } = await json<{ token: string }>(`${server.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, kind: 'api' }),
    });
    const auth = { Authorization: `Bearer ${token}` };
    const tournament = await json<{ divisions: { id: number }[] }>(
      `${server.url}/api/tournaments/import`,
      {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(divisionDocument()),
      },
    );
    const divisionId = tournament.divisions[0].id;
    const url = `${server.url}/divisions/${divisionId}/standings`;

    // The first request after each write: a rename bumps the division's revision.
    const coldTimes: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 7; i++) {
      await json(`${server.url}/api/divisions/${divisionId}`, {
        method: 'PATCH',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: `Otvorena grupa ${i}` }),
      });
      const start = process.hrtime.bigint();
      const res = await fetch(url);
      const html = await res.text();
      coldTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
      if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
      const rows = html.match(/<tr[ >]/g)?.length ?? 0;
      if (rows !== PLAYERS + 1) throw new Error(`the page has ${rows - 1} rows, not ${PLAYERS}`);
      bytes = Buffer.byteLength(html);
    }

    await autocannon({ url, connections: 10, duration: 1 }); // warm-up
    const visitors = await autocannon({ url, connections: 10, duration: 5 });
    const judge = await autocannon({ url, connections: 10, duration: 5, headers: auth });
    for (const r of [visitors, judge]) {
      if (r.non2xx > 0 || r.errors > 0) {
        throw new Error(`autocannon: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
      }
    }
    const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
    console.log(
      `standings page (HTML, 1,000 players x 15 rounds, ${db}, 10 connections, 5 s): ` +
        `${perSecond(visitors.requests.p50)} req/s median for visitors (kept rendered; latency p50 ${visitors.latency.p50} ms, p99 ${visitors.latency.p99} ms), ` +
        `${perSecond(judge.requests.p50)} req/s signed in (rendered each time; p50 ${judge.latency.p50} ms); ` +
        `first request after a write ${median(coldTimes).toFixed(0)} ms (median of ${coldTimes.length}); ${(bytes / 1024).toFixed(0)} KiB a page`,
    );
  } finally {
    await server.stop();
  }
}
