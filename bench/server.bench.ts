import { ChildProcess, spawn } from 'child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { get, IncomingHttpHeaders } from 'http';
import { tmpdir } from 'os';
import { join } from 'path';
import { computeStandings, GameRecord } from '../src/standings';
import { median } from './harness';
import type { PlainAnswer } from './plain-server';
import {
  autocannon,
  cpuMs,
  finishedDivisionDocument,
  json,
  PLAYERS,
  renameDivision,
  Server,
  startServer,
} from './server-fixture';

/** A 20-turn Kvizovka sheet and its report: the game page then draws the board and the findings. */
const SHEET = join(__dirname, '..', '..', 'test', 'fixtures', 'kvizovka', '26-letter-slip-score');

/** Round 1's first game carries a verified score sheet, so that its page is the full one. */
export const tournamentDocument = () => {
  const doc = finishedDivisionDocument({
    seed: 15,
    tournament: 'Bench open',
    division: 'Open',
    player: (i) => `Igrač ${String(i + 1).padStart(4, '0')}`,
  });
  const game = doc.divisions[0].rounds[0].games[0];
  // The result is the sheet's: 145–118, 16:34 and 14:35 left.
  Object.assign(game, {
    source: 'scoresheet',
    winner: 'first',
    scores: [145, 118],
    remaining: [994, 875],
  });
  const players = doc.divisions[0].players;
  const nameOf = (ref: number) => players.find((p) => p.ref === ref)!.name;
  const sheet = JSON.parse(readFileSync(`${SHEET}.sheet.json`, 'utf8')) as { players: string[] };
  sheet.players = [nameOf(game.first), nameOf(game.second!)];
  game.scoresheet = {
    text: JSON.stringify(sheet, null, 1),
    report: JSON.parse(readFileSync(`${SHEET}.report.json`, 'utf8')) as unknown,
    ok: false,
  };
  return doc;
};

/** What a phone's browser sends: Arbiter answers brotli, as it would to the hall. */
export const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const CONNECTIONS = 10;
/** Runs of each server on each page, interleaved, and their length. */
const RUNS = 3;
const SECONDS = 3;

/**
 * Standings over HTTP for a finished 1,000-player, 15-round division: the time
 * to compute them (pure function, and a first request that reads the database);
 * then Arbiter's kept pages and the standings API side by side with plain
 * `node:http` sending the same bytes ({@link sideBySide}).
 */
export async function run(): Promise<void> {
  const email = 'bench@example.org';
  const password = 'bench-password-1';
  const server = await startServer(email, password);
  try {
    const { auth } = server;
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
    for (let i = 0; i < 7; i++) {
      await renameDivision(server.url, auth, divisionId, `Open ${i}`);
      const start = process.hrtime.bigint();
      const res = await fetch(url);
      const text = await res.text();
      coldTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
      const rows = (JSON.parse(text) as { rows: unknown[] }).rows.length;
      if (rows !== PLAYERS) throw new Error(`standings have ${rows} rows, not ${PLAYERS}`);
    }

    const gameId = await sheetGameId(server.url, divisionId);
    await sideBySide(server, [
      { name: 'standings page', path: `/divisions/${divisionId}/standings` },
      { name: 'standings API', path: `/api/divisions/${divisionId}/standings` },
      { name: 'pairings page', path: `/divisions/${divisionId}/pairings` },
      { name: 'game page', path: `/games/${gameId}` },
    ]);
    console.log(
      `standings compute (1,000 players x 15 rounds): ${median(pureTimes).toFixed(1)} ms pure function; ` +
        `${median(coldTimes).toFixed(1)} ms for a request after a write (database read + compute + JSON), median of ${coldTimes.length}; ` +
        `import of the ${(body.length / 1024 / 1024).toFixed(1)} MB document: ${(importMs / 1000).toFixed(2)} s`,
    );
  } finally {
    await server.stop();
  }
}

/** The id of the game with the score sheet (round 1, table 1). */
async function sheetGameId(url: string, divisionId: number): Promise<number> {
  const round = await json<{ games: { id: number; table: number }[] }>(
    `${url}/api/divisions/${divisionId}/rounds/1`,
  );
  return round.games.find((g) => g.table === 1)!.id;
}

/** A GET as a browser sends it, the body as it came (still compressed). */
function rawGet(
  url: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: BROWSER }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** Headers of the connection or of the moment, which the plain server makes its own. */
const OWN_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
]);

/** Starts plain-server.js on `answers`; its address and process. */
async function startPlain(
  answers: PlainAnswer[],
): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-plain-'));
  const file = join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const child = spawn(process.execPath, [join(__dirname, 'plain-server.js'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    child.on('exit', (code) => reject(new Error(`plain server exited with ${code}`)));
  });
  const stop = async () => {
    if (child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { url, child, stop };
}

interface Run {
  perSecond: number;
  p50: number;
  p99: number;
  /** Server CPU milliseconds per request. */
  cpu: number;
}

/** One autocannon run of SECONDS on `url`, with the CPU the server process `pid` used meanwhile. */
async function measure(url: string, pid: number): Promise<Run> {
  const before = cpuMs(pid);
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: BROWSER,
  });
  const cpu = cpuMs(pid) - before;
  if (r.non2xx > 0 || r.errors > 0 || r.requests.total === 0) {
    throw new Error(
      `${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors, ${r.requests.total} answered`,
    );
  }
  return {
    perSecond: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpu: cpu / r.requests.total,
  };
}

/**
 * Each page from Arbiter (kept, as visitors get it) and from a plain `node:http` server sending
 * the bytes Arbiter sent, with the same headers (brotli where Arbiter compressed, the same
 * entity tag, content type, policy and caching headers): RUNS runs of SECONDS each, the two
 * servers interleaved (alternating which goes first), CONNECTIONS connections. Prints the
 * medians of requests per second, latency p50/p99 and server CPU per request (read from
 * /proc, every thread of the process), and Arbiter's throughput and CPU as ratios of the
 * plain server's.
 */
async function sideBySide(
  server: Server,
  targets: { name: string; path: string }[],
): Promise<void> {
  const answers: PlainAnswer[] = [];
  for (const t of targets) {
    await rawGet(server.url + t.path); // made and kept
    const { status, headers, body } = await rawGet(server.url + t.path);
    if (status !== 200) throw new Error(`GET ${t.path}: ${status}`);
    const kept = Object.fromEntries(
      Object.entries(headers).filter(([name]) => !OWN_HEADERS.has(name)),
    ) as PlainAnswer['headers'];
    answers.push({ path: t.path, status, headers: kept, body: body.toString('base64') });
  }
  const plain = await startPlain(answers);
  try {
    const sides = [
      { url: server.url, pid: server.pid },
      { url: plain.url, pid: plain.child.pid! },
    ];
    const runs = targets.map(() => [[] as Run[], [] as Run[]]);
    for (const t of targets) {
      for (const side of sides) {
        await autocannon({
          url: side.url + t.path,
          connections: CONNECTIONS,
          duration: 1,
          headers: BROWSER,
        });
      }
    }
    for (let r = 0; r < RUNS; r++) {
      for (const [i, t] of targets.entries()) {
        const order = r % 2 === 0 ? [0, 1] : [1, 0];
        for (const s of order) runs[i][s].push(await measure(sides[s].url + t.path, sides[s].pid));
      }
    }
    const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
    const n = (x: number) => Math.round(x).toLocaleString('en');
    const ms = (x: number) => x.toFixed(2);
    console.log(
      `server side by side (${db}, 1,000 players x 15 rounds, ${CONNECTIONS} connections, ` +
        `${RUNS} interleaved runs of ${SECONDS} s, medians; Accept-Encoding: ${BROWSER['accept-encoding']}):`,
    );
    for (const [i, t] of targets.entries()) {
      const [a, p] = runs[i].map((list) => ({
        perSecond: median(list.map((x) => x.perSecond)),
        p50: median(list.map((x) => x.p50)),
        p99: median(list.map((x) => x.p99)),
        cpu: median(list.map((x) => x.cpu)),
      }));
      const answer = answers[i];
      const size = Buffer.from(answer.body, 'base64').length;
      const encoding = answer.headers['content-encoding'] ?? 'plain';
      console.log(
        `  ${t.name} (${(size / 1024).toFixed(1)} KiB ${encoding}): ` +
          `Arbiter ${n(a.perSecond)} req/s, p50 ${a.p50} ms, p99 ${a.p99} ms, ${ms(a.cpu)} ms CPU a request; ` +
          `plain node:http ${n(p.perSecond)} req/s, p50 ${p.p50} ms, p99 ${p.p99} ms, ${ms(p.cpu)} ms CPU; ` +
          `throughput ${(a.perSecond / p.perSecond).toFixed(2)}x the plain server's, CPU ${(a.cpu / p.cpu).toFixed(1)}x`,
      );
    }
  } finally {
    await plain.stop();
  }
}
