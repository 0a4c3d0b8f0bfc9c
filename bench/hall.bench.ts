/**
 * What a tournament hall costs the server outside its pages: CPU per typed result and per
 * verified score sheet written, per game-record PDF, and the time from starting the server
 * to its first answer (`node dist/src/main.js`, its bundle, and `npm start` on a built tree).
 *
 * The writes' yardsticks (issue 33: each ≤ 2×), both measured side by side with Arbiter, the
 * two servers taking turns ten writes at a time:
 * - a typed result: plain `node:http` + better-sqlite3 writing the same rows with the same
 *   durability (`bench/plain-write-server.ts`);
 * - a verified sheet: the same plain server doing the same job as Arbiter's sheet write: the
 *   JSON read, the engine's verification in its process (default word list, the game's
 *   players), the sheet's text and its report stored with the result, history and log rows.
 * The earlier yardstick of a sheet, still printed to compare: the plain typed result plus the
 * verification measured hot in this process (no word list, nothing of the sheet stored).
 */
import { ChildProcess, spawn } from 'child_process';
import { mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { verifyGameSheet, type VerificationReport } from '../src/engine';
import type { TournamentDocument } from '../src/exchange/format';
import { gameRecordPdf } from '../src/render/pdf';
import { median } from './harness';
import { freePort } from './nginx';
import {
  cpuMs,
  cpuNsMs,
  finishedDivisionDocument,
  json,
  NPM_START,
  serverEnv,
  signIn,
} from './server-fixture';

const ROOT = join(__dirname, '..', '..');
const SERVER = join(ROOT, 'dist', 'src', 'main.js');
/** The same server bundled into one file (scripts/build.js), which npm start runs. */
const BUNDLE = join(ROOT, 'dist', 'src', 'bundle', 'main.js');
/** What npm start runs (scripts/start.js), without npm. */
const EMAIL = 'hall@example.org';
const PASSWORD = 'hall-password-1';
/** Games written each way (typed result, score sheet); PDFs asked for. */
const WRITES = 100;
/** Writes of each kind made before measuring. */
const WARM_RESULTS = 60;
const WARM_SHEETS = 30;
const PDFS = 40;
const STARTS = 7;
const NPM_STARTS = 3;
/** A 20-turn Kvizovka sheet with a slip the engine finds (the record then draws its findings). */
const SHEET = join(ROOT, 'test', 'fixtures', 'kvizovka', '26-letter-slip-score.sheet.json');

interface Started {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn to the first 200 on /api/health. */
  ms: number;
  stop(): Promise<void>;
}

/** Spawns `command` (the server, or npm start) and polls /api/health until it answers 200. */
async function start(command: string[], databasePath: string): Promise<Started> {
  const port = await freePort();
  const t0 = process.hrtime.bigint();
  // `HALL_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=…'` profiles the server (NODE_OPTIONS refuses it).
  const nodeOptions =
    command[0] === process.execPath ? (process.env.HALL_NODE_OPTIONS?.split(' ') ?? []) : [];
  const child = spawn(command[0], [...nodeOptions, ...command.slice(1)], {
    cwd: ROOT,
    env: serverEnv({ DATABASE_PATH: databasePath, DATABASE_URL: '' }, EMAIL, PASSWORD, {
      PORT: String(port),
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
    // npm start runs the server in a process of its own: stop the whole group.
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`${command.join(' ')} did not answer:\n${output}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      process.kill(-child.pid!, 'SIGTERM');
    });
  };
  return { child, url, ms, stop };
}

/** The organiser's bearer token, and JSON bodies. */
async function organiser(url: string): Promise<Record<string, string>> {
  return { ...(await signIn(url, EMAIL, PASSWORD)), 'Content-Type': 'application/json' };
}

/** A judge's bearer token and JSON bodies, the judge given a judge's role in `tournamentId`. */
async function hallJudge(
  url: string,
  auth: Record<string, string>,
  tournamentId: number,
): Promise<Record<string, string>> {
  const email = 'sudija@hall.example.org';
  const password = 'sudija-lozinka-dvorana';
  const post = (path: string, body: unknown) =>
    json(`${url}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
  await post('/api/users', { email, name: 'Sudija', role: 'judge', password });
  await post(`/api/tournaments/${tournamentId}/roles`, { email, role: 'judge' });
  return { ...(await signIn(url, email, password)), 'Content-Type': 'application/json' };
}

/** One round of `games` games, none played yet, between players named after the sheet's. */
function pendingRound(games: number, names: [string, string]): TournamentDocument {
  const players = Array.from({ length: 2 * games }, (_, i) => ({
    ref: i + 1,
    name: `${names[i % 2]} ${Math.floor(i / 2) + 1}`,
    club: null,
    rating: null,
    seed: i + 1,
    active: true,
    joinedRound: 1,
  }));
  return {
    format: 'arbiter-tournament/1',
    exportedAt: new Date().toISOString(),
    tournament: {
      name: 'Hall bench',
      ruleSet: 'kvizovka',
      options: {},
      rounds: 1,
      pairingPlan: ['manual'],
      tieBreaks: ['spread', 'remaining-time', 'buchholz'],
      byeSpread: 50,
    },
    divisions: [
      {
        name: 'Open',
        players,
        rounds: [
          {
            number: 1,
            system: 'manual',
            notes: [],
            games: Array.from({ length: games }, (_, k) => ({
              table: k + 1,
              first: 2 * k + 1,
              second: 2 * k + 2,
              status: 'pending' as const,
              winner: null,
              scores: null,
              remaining: null,
              timeLoss: null,
              source: null,
              scoresheet: null,
              history: [],
            })),
          },
        ],
      },
    ],
  } as unknown as TournamentDocument;
}

/** Server CPU per call of `fn` over `ids`, one call at a time. */
async function cpuPer(pid: number, ids: number[], fn: (id: number) => Promise<void>) {
  const before = cpuNsMs(pid);
  const t0 = process.hrtime.bigint();
  for (const id of ids) await fn(id);
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  return { cpu: (cpuNsMs(pid) - before) / ids.length, wall: wall / ids.length };
}

/** Server CPU of one call of `fn`, in milliseconds. */
async function cpuOf(pid: number, fn: () => Promise<void>): Promise<number> {
  const before = cpuNsMs(pid);
  await fn();
  return cpuNsMs(pid) - before;
}

/**
 * The yardsticks of a typed result and of a verified sheet: plain `node:http` with
 * better-sqlite3 and the same durability (`bench/plain-write-server.ts`), in a process of its
 * own with as many games, warmed up on as many results and sheets. `put(i)` writes the result
 * of its game `i + 1`, `putSheet(i)` the bench's sheet for it (its players named as Arbiter's
 * are, sent with the same text), from game `WARM_RESULTS + WRITES + 1` on.
 */
export async function startPlainWrites(
  sheet?: { players: [string, string] },
  games = WARM_RESULTS + WRITES + WARM_SHEETS + WRITES,
): Promise<{
  pid: number;
  put: (i: number) => Promise<void>;
  putSheet: (i: number) => Promise<void>;
  stop: () => void;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-hall-plain-'));
  const child = spawn(
    process.execPath,
    [
      join(__dirname, 'plain-write-server.js'),
      join(dir, 'plain.sqlite'),
      String(games),
      ...(sheet?.players ?? []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [port, token] = await new Promise<string[]>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /listening (\d+) (\S+)/.exec(out);
        if (m) resolve([m[1], m[2]]);
      });
      child.on('exit', (code) => reject(new Error(`plain write server exited with ${code}`)));
    });
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const put = async (i: number): Promise<void> => {
      const id = i + 1;
      await json(`http://127.0.0.1:${port}/api/games/${id}/result`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ scores: [300 + (id % 50), 280], clocks: ['05:00', '03:10'] }),
      });
    };
    const putSheet = async (i: number): Promise<void> => {
      if (!sheet) throw new Error('the plain server was started without a sheet');
      const id = WARM_RESULTS + WRITES + i + 1;
      const body = { ...sheet, players: sheet.players.map((p) => `${p} ${id}`) };
      await json(`http://127.0.0.1:${port}/api/games/${id}/scoresheet`, {
        method: 'PUT',
        headers,
        body: JSON.stringify(body, null, 1),
      });
    };
    for (let i = 0; i < WARM_RESULTS; i++) await put(i);
    if (sheet) for (let i = 0; i < WARM_SHEETS; i++) await putSheet(i);
    return { pid: child.pid!, put, putSheet, stop };
  } catch (e) {
    stop();
    throw e;
  }
}

/**
 * Server CPU per write of two servers measured side by side: `a` and `b` take turns, a block
 * of `block` writes each, so that whatever else loads the machine weighs on both alike.
 */
async function sideBySide(
  a: { pid: number; ids: number[]; write: (id: number) => Promise<void> },
  b: { pid: number; ids: number[]; write: (id: number) => Promise<void> },
  block = 10,
) {
  const total = { a: { cpu: 0, wall: 0 }, b: { cpu: 0, wall: 0 } };
  for (let from = 0; from < a.ids.length; from += block) {
    for (const [key, side] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const part = await cpuPer(side.pid, side.ids.slice(from, from + block), side.write);
      const n = Math.min(block, side.ids.length - from);
      total[key].cpu += part.cpu * n;
      total[key].wall += part.wall * n;
    }
  }
  const per = (t: { cpu: number; wall: number }) => ({
    cpu: t.cpu / a.ids.length,
    wall: t.wall / a.ids.length,
  });
  return { a: per(total.a), b: per(total.b) };
}

/** Rounds of the standings division; the last is being played. */
const STANDINGS_ROUNDS = 10;
/** Results written (and standings asked for after each) before measuring, and measured. */
const STANDINGS_WARM = 6;
const STANDINGS_MEASURED = 16;
/** A phone's Accept-Encoding. */
const PHONE = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

/**
 * One result in a division of `players` players whose tenth round is being played, then its
 * standings, as a hall asks for them: server CPU of the write, of the standings page and of
 * the standings API (each the first asked for after the write, in turn, and both), and of a
 * past round's standings page (`?round=5`) after the write.
 */
export async function standingsAfterResult(players: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-hall-standings-'));
  const server = await start([process.execPath, SERVER], join(dir, 'arbiter.sqlite'));
  try {
    const pid = server.child.pid!;
    const auth = await organiser(server.url);
    const doc = finishedDivisionDocument(
      {
        seed: 33,
        tournament: 'Hall standings',
        division: 'Open',
        player: (i) => `Igrač ${String(i + 1).padStart(4, '0')}`,
      },
      { players, rounds: STANDINGS_ROUNDS, pending: 1 },
    );
    const imported = await json<{ divisions: { id: number }[] }>(
      `${server.url}/api/tournaments/import`,
      { method: 'POST', headers: auth, body: JSON.stringify(doc) },
    );
    const d = imported.divisions[0].id;
    const round = await json<{ games: { id: number; table: number }[] }>(
      `${server.url}/api/divisions/${d}/rounds/${STANDINGS_ROUNDS}`,
    );
    const games = [...round.games].sort((a, b) => a.table - b.table).map((g) => g.id);
    const get = async (path: string): Promise<void> => {
      const res = await fetch(`${server.url}${path}`, { headers: PHONE });
      const bytes = await res.arrayBuffer();
      if (res.status !== 200 || bytes.byteLength < 1000) {
        throw new Error(`${path}: ${res.status}, ${bytes.byteLength} bytes`);
      }
    };
    const page = () => get(`/divisions/${d}/standings`);
    const api = () => get(`/api/divisions/${d}/standings`);
    const past = () => get(`/divisions/${d}/standings?round=5`);
    const write = async (id: number): Promise<void> => {
      await json(`${server.url}/api/games/${id}/result`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ scores: [300 + (id % 50), 280], clocks: ['05:00', '03:10'] }),
      });
    };
    const figures = { write: [] as number[], page: [] as number[], api: [] as number[] };
    const both: number[] = [];
    const pasts: number[] = [];
    for (let i = 0; i < STANDINGS_WARM + STANDINGS_MEASURED; i++) {
      const w = await cpuOf(pid, () => write(games[i]));
      // The page and the API take turns at being asked for first after the write.
      const [first, second] = i % 2 === 0 ? (['page', 'api'] as const) : (['api', 'page'] as const);
      const a = await cpuOf(pid, first === 'page' ? page : api);
      const b = await cpuOf(pid, second === 'page' ? page : api);
      const p = await cpuOf(pid, past);
      if (i < STANDINGS_WARM) continue;
      figures.write.push(w);
      figures[first].push(a);
      both.push(a + b);
      pasts.push(p);
    }
    const f = (xs: number[]) => median(xs).toFixed(1);
    console.log(
      `standings after one result, ${players.toLocaleString('en')} players, round ${STANDINGS_ROUNDS} ` +
        `of ${STANDINGS_ROUNDS} being played (median of ${STANDINGS_MEASURED}, server CPU): ` +
        `the write ${f(figures.write)} ms; then the standings page ${f(figures.page)} ms, ` +
        `the standings API ${f(figures.api)} ms (each when asked for first), both ${f(both)} ms; ` +
        `a past round's page (?round=5) ${f(pasts)} ms; target for both: ≤ ${players <= 1000 ? 30 : 150} ms ` +
        `(issue 33: ≤ 30 ms at 1,000 players, ≤ 150 ms at 5,000)`,
    );
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function writesAndPdfs(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-hall-'));
  const server = await start([process.execPath, SERVER], join(dir, 'arbiter.sqlite'));
  try {
    const pid = server.child.pid!;
    const auth = await organiser(server.url);
    const sheet = JSON.parse(readFileSync(SHEET, 'utf8')) as { players: [string, string] };
    const imported = await json<{ id: number; divisions: { id: number }[] }>(
      `${server.url}/api/tournaments/import`,
      {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(pendingRound(2 * WRITES + WARM_RESULTS + WARM_SHEETS, sheet.players)),
      },
    );
    // The hall's writes are a judge's, with a judge's role in this tournament (checked each write).
    const judge = await hallJudge(server.url, auth, imported.id);
    const round = await json<{ games: { id: number; table: number }[] }>(
      `${server.url}/api/divisions/${imported.divisions[0].id}/rounds/1`,
    );
    const games = [...round.games].sort((a, b) => a.table - b.table).map((g) => g.id);
    const warm = games.slice(0, WARM_RESULTS + WARM_SHEETS);
    const typed = games.slice(warm.length, warm.length + WRITES);
    const sheets = games.slice(warm.length + WRITES);
    const table = new Map(round.games.map((g) => [g.id, g.table]));

    const putResult = async (id: number): Promise<void> => {
      await json(`${server.url}/api/games/${id}/result`, {
        method: 'PUT',
        headers: judge,
        body: JSON.stringify({ scores: [300 + (id % 50), 280], clocks: ['05:00', '03:10'] }),
      });
    };
    const putSheet = async (id: number): Promise<void> => {
      const n = table.get(id)!;
      const body = { ...sheet, players: sheet.players.map((p) => `${p} ${n}`) };
      await json(`${server.url}/api/games/${id}/scoresheet`, {
        method: 'PUT',
        headers: judge,
        body: JSON.stringify(body, null, 1),
      });
    };
    const getPdf = async (id: number): Promise<void> => {
      const res = await fetch(`${server.url}/games/${id}/record.pdf?lang=sr-Latn`);
      const bytes = await res.arrayBuffer();
      if (res.status !== 200 || bytes.byteLength < 1000) {
        throw new Error(`record.pdf of game ${id}: ${res.status}, ${bytes.byteLength} bytes`);
      }
    };

    // Warm-up: the first writes of each kind compile their code paths (a hall's server runs for hours).
    for (const id of warm.slice(0, WARM_RESULTS)) await putResult(id);
    for (const id of warm.slice(WARM_RESULTS)) await putSheet(id);
    // The typed results and plain node:http's take turns, ten at a time: the same load on both;
    // then the verified sheets and plain node:http's, likewise.
    const plainServer = await startPlainWrites(sheet);
    let side;
    let sideSheets;
    try {
      side = await sideBySide(
        { pid, ids: typed, write: putResult },
        {
          pid: plainServer.pid,
          ids: typed.map((_, i) => WARM_RESULTS + i),
          write: plainServer.put,
        },
      );
      sideSheets = await sideBySide(
        { pid, ids: sheets, write: putSheet },
        {
          pid: plainServer.pid,
          ids: sheets.map((_, i) => WARM_SHEETS + i),
          write: plainServer.putSheet,
        },
      );
    } finally {
      plainServer.stop();
    }
    const { a: results, b: plain } = side;
    const { a: written, b: plainSheet } = sideSheets;
    const verification = verificationCpu(sheet);
    // The first PDF loads the PDF code and parses the fonts; the rest are what a hall asks for.
    const firstPdf = await cpuPer(pid, [sheets[0]], getPdf);
    for (const id of sheets.slice(1, 16)) await getPdf(id);
    const pdfs = await cpuPer(pid, sheets.slice(16, 16 + PDFS), getPdf);
    // The same records asked for again: kept since their games have not changed.
    const keptPdfs = await cpuPer(pid, sheets.slice(16, 16 + PDFS), getPdf);

    const f = (x: number) => x.toFixed(1);
    console.log(
      `writes (SQLite, synchronous=FULL, one transaction each, ${WRITES} one at a time): ` +
        `typed result ${f(results.cpu)} ms server CPU (${f(results.wall)} ms answered), ` +
        `verified 20-turn sheet ${f(written.cpu)} ms CPU (${f(written.wall)} ms answered); ` +
        `plain node:http + better-sqlite3, same durability and statements, taking turns with it ten writes at a time: typed result ` +
        `${f(plain.cpu)} ms CPU (${f(plain.wall)} ms answered), Arbiter ${(results.cpu / plain.cpu).toFixed(2)}× its CPU ` +
        `(target ≤ 2×)`,
    );
    console.log(
      `verified 20-turn sheet (its text and ~11 KB report stored with the result, one transaction): ` +
        `Arbiter ${f(written.cpu)} ms server CPU (${f(written.wall)} ms answered); plain node:http + ` +
        `better-sqlite3 doing the same job (JSON read, the engine's verification with the default ` +
        `word list in-process, sheet text and report JSON stored in the game's row, history and log ` +
        `rows, same durability), taking turns with it ten sheets at a time: ${f(plainSheet.cpu)} ms ` +
        `CPU (${f(plainSheet.wall)} ms answered), Arbiter ${(written.cpu / plainSheet.cpu).toFixed(2)}× ` +
        `its CPU (target ≤ 2×)`,
    );
    // The earlier yardstick, kept to compare: the plain typed result plus the verification
    // measured hot in this process (no word list, nothing stored but the typed result's row).
    const yardstick = plain.cpu + verification;
    console.log(
      `verified sheet against the earlier yardstick, plain typed result + verification: the verification ` +
        `alone (JSON read, engine without a word list, report written as JSON) ${f(verification)} ms CPU ` +
        `in this process; plain write + it ${f(yardstick)} ms; Arbiter's verified sheet ` +
        `${(written.cpu / yardstick).toFixed(2)}× that`,
    );
    console.log(
      `game-record PDF (20 turns with findings): ${f(pdfs.cpu)} ms server CPU each over ${PDFS} ` +
        `(${f(pdfs.wall)} ms answered), asked for again (kept) ${f(keptPdfs.cpu)} ms ` +
        `(${f(keptPdfs.wall)} ms answered); the first in the process ${f(firstPdf.cpu)} ms`,
    );
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What a verified sheet costs beyond a plain write, in this process, for the earlier yardstick:
 * its JSON read, the engine's verdict for the game's terms (without a word list), and the report
 * written as JSON. CPU per sheet, median of 200 after 50 (process.cpuUsage per call: coarse).
 */
function verificationCpu(sheet: { players: [string, string] }): number {
  const text = JSON.stringify(sheet, null, 1);
  const cpus: number[] = [];
  for (let i = 0; i < 250; i++) {
    const before = process.cpuUsage();
    const verified = verifyGameSheet(JSON.parse(text), {
      rules: 'kvizovka',
      players: sheet.players,
    });
    if (!verified.ok) throw new Error(`the bench's sheet is refused: ${verified.refusal.code}`);
    JSON.stringify(verified.report);
    const used = process.cpuUsage(before);
    if (i >= 50) cpus.push((used.user + used.system) / 1000);
  }
  return median(cpus);
}

/** The game record's rendering alone, in this process: CPU per document, median of 40 after 10. */
async function renderOnly(): Promise<void> {
  const report = JSON.parse(
    readFileSync(SHEET.replace('.sheet.json', '.report.json'), 'utf8'),
  ) as VerificationReport;
  const doc = {
    tournament: 'Kup Čačka',
    division: 'Prva liga',
    round: 3,
    table: 1,
    rules: report.rules,
    report,
  };
  const cpus: number[] = [];
  for (let i = 0; i < 50; i++) {
    const before = process.cpuUsage();
    await gameRecordPdf(doc, 'sr-Latn');
    const used = process.cpuUsage(before);
    if (i >= 10) cpus.push((used.user + used.system) / 1000);
  }
  console.log(`game-record PDF rendered in this process: ${median(cpus).toFixed(1)} ms CPU each`);
}

/** Wall and CPU milliseconds of `runs` starts of `command` to the first 200 on /api/health. */
async function starts(command: string[], db: string, runs: number) {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = await start(command, db);
    cpus.push(cpuMs(s.child.pid!));
    walls.push(s.ms);
    await s.stop();
  }
  const range = `${Math.min(...walls).toFixed(0)}–${Math.max(...walls).toFixed(0)} ms`;
  return { wall: median(walls).toFixed(0), cpu: median(cpus).toFixed(0), range };
}

async function startTimes(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-hall-start-'));
  const db = join(dir, 'arbiter.sqlite');
  try {
    // The first start makes and migrates the database; a restart is what is measured.
    await (await start([process.execPath, SERVER], db)).stop();
    const server = await starts([process.execPath, SERVER], db, STARTS);
    console.log(
      `start (node dist/src/main.js to the first 200 on /api/health, SQLite migrated): ` +
        `${server.wall} ms, ${server.cpu} ms CPU, median of ${STARTS} (range ${server.range})`,
    );
    const bundle = await starts([process.execPath, BUNDLE], db, STARTS);
    console.log(
      `start of the bundle alone (node dist/src/bundle/main.js, compiled afresh): ` +
        `${bundle.wall} ms, ${bundle.cpu} ms CPU, median of ${STARTS} (range ${bundle.range})`,
    );
    // What npm start runs: the build check, then the bundle from the code its last start compiled.
    await (await start([process.execPath, NPM_START], db)).stop();
    const cached = await starts([process.execPath, NPM_START], db, STARTS);
    console.log(
      `start as npm start runs it (node scripts/start.js: build check, bundle, code cache): ` +
        `${cached.wall} ms, ${cached.cpu} ms CPU, median of ${STARTS} (range ${cached.range})`,
    );
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const npmStart = await starts([npm, 'start', '--silent'], db, NPM_STARTS);
    console.log(
      `npm start on a built tree (its build check included): ${npmStart.wall} ms, ` +
        `median of ${NPM_STARTS} (range ${npmStart.range})`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Typed results written before measuring the steady state, and measured. */
const STEADY_WARM = 3000;
const STEADY_WRITES = 1000;

/**
 * The typed result once both servers have run a while: {@link writesAndPdfs} measures after 60
 * writes, while the JIT is still optimising, which costs Arbiter (more code to optimise) and
 * plain node:http alike. Here each first writes 3,000 results, then the two take turns as
 * there, ten writes at a time, for 1,000 more.
 */
export async function typedResultsSteady(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-hall-steady-'));
  const server = await start([process.execPath, SERVER], join(dir, 'arbiter.sqlite'));
  const games = STEADY_WARM + STEADY_WRITES;
  const plainServer = await startPlainWrites(undefined, games);
  try {
    const auth = await organiser(server.url);
    const imported = await json<{ divisions: { id: number }[] }>(
      `${server.url}/api/tournaments/import`,
      {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(pendingRound(games, ['Igrač', 'Igračica'])),
      },
    );
    const round = await json<{ games: { id: number; table: number }[] }>(
      `${server.url}/api/divisions/${imported.divisions[0].id}/rounds/1`,
    );
    const ids = [...round.games].sort((a, b) => a.table - b.table).map((g) => g.id);
    const put = async (id: number): Promise<void> => {
      await json(`${server.url}/api/games/${id}/result`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ scores: [300 + (id % 50), 280], clocks: ['05:00', '03:10'] }),
      });
    };
    for (const id of ids.slice(0, STEADY_WARM)) await put(id);
    // startPlainWrites has written its first WARM_RESULTS already.
    for (let i = WARM_RESULTS; i < STEADY_WARM; i++) await plainServer.put(i);
    const measured = ids.slice(STEADY_WARM);
    const { a, b } = await sideBySide(
      { pid: server.child.pid!, ids: measured, write: put },
      {
        pid: plainServer.pid,
        ids: measured.map((_, i) => STEADY_WARM + i),
        write: plainServer.put,
      },
    );
    console.log(
      `typed result after ${STEADY_WARM.toLocaleString('en')} writes each (the JIT done), ` +
        `${STEADY_WRITES.toLocaleString('en')} measured, taking turns ten at a time: Arbiter ` +
        `${a.cpu.toFixed(2)} ms server CPU (${a.wall.toFixed(2)} ms answered), plain node:http + ` +
        `better-sqlite3 ${b.cpu.toFixed(2)} ms CPU (${b.wall.toFixed(2)} ms answered), Arbiter ` +
        `${(a.cpu / b.cpu).toFixed(2)}× its CPU (target ≤ 2×)`,
    );
  } finally {
    plainServer.stop();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  await writesAndPdfs();
  await typedResultsSteady();
  await standingsAfterResult(1000);
  await standingsAfterResult(5000);
  await renderOnly();
  await startTimes();
}
