import { readFileSync } from 'fs';
import * as os from 'os';
import { join } from 'path';
import type { TournamentDocument } from '../src/exchange/format';
import { median } from './harness';
import { probeHealthApart } from './health-probe';
import { ratingList } from './rating-list';
import { finishedDivisionDocument, json, Server, startServer } from './server-fixture';
import { tshFile } from './tsh-file';

/**
 * Long jobs beside the requests (issue 33): a 20,000-row rating list and a tournament of
 * 5,000 games, every score sheet verified again, imported through the API while a probe (a
 * process of its own, asking from half a second before) asks /api/health every 20 ms; then a
 * TSH file of 1,000 players and 5,000 games imported (API), the
 * tournament closed (its games rated, every rating computed again), a players
 * CSV of 20,000 lines posted to the organiser's page (one run: it registers them one by one;
 * BENCH_PLAYER_LINES for fewer; the page sends it to its job, followed to its end), and backups
 * of the database they made. Prints each import's median time, the probe's longest wait during
 * it (beside its longest wait with nothing running in the same run, the plain baseline), the server's memory
 * before and after, and the load average. Targets: the list in 5 s, the tournament in 10 s,
 * the longest wait 100 ms, memory back within 50 MB. `BENCH_IMPORTS=lists,tournaments` measures
 * only those rows (of lists, tournaments, tsh, closing, backups, players).
 */
const RUNS = 3;
const ROWS = 20_000;
/** The players CSV's lines, and its runs (each registers 20,000 players one by one). */
const PLAYER_LINES = Number(process.env.BENCH_PLAYER_LINES || 20_000);
const PLAYER_RUNS = 1;
const GAMES_ROUNDS = 10; // 500 games a round of the 1,000-player division: 5,000 games
/** The health monitor asks this long before each import starts. */
const WARM_MS = 500;
/** Which rows to measure (`BENCH_IMPORTS=lists,tournaments`): all by default. */
const ROWS_WANTED = new Set(
  (process.env.BENCH_IMPORTS || 'lists,tournaments,tsh,closing,backups,players').split(','),
);

/** A 20-turn Kvizovka sheet (the fixture of the game page), put on every game. */
const SHEET = join(__dirname, '..', '..', 'test', 'fixtures', 'kvizovka', '26-letter-slip-score');

/** 5,000 games of a 1,000-player division, each with the fixture's score sheet and its result. */
function tournamentDocument(run: number): TournamentDocument {
  const doc = finishedDivisionDocument({
    seed: 33,
    tournament: `Bench imports ${run}`,
    division: 'Open',
    player: (i) => `Igrač ${String(i + 1).padStart(4, '0')}`,
  });
  const division = doc.divisions[0];
  division.rounds = division.rounds.slice(0, GAMES_ROUNDS);
  const nameOf = new Map(division.players.map((p) => [p.ref, p.name]));
  const sheet = JSON.parse(readFileSync(`${SHEET}.sheet.json`, 'utf8')) as { players: string[] };
  for (const round of division.rounds) {
    round.games = round.games.filter((g) => g.second !== null);
    for (const game of round.games) {
      sheet.players = [nameOf.get(game.first)!, nameOf.get(game.second!)!];
      // The result is the sheet's: 145–118, 16:34 and 14:35 left.
      Object.assign(game, {
        status: 'complete',
        source: 'scoresheet',
        winner: 'first',
        scores: [145, 118],
        remaining: [994, 875],
        timeLoss: null,
        kind: null,
        history: [],
        // No stored report: the import verifies every sheet again and keeps its own, and 5,000
        // reports of 20 turns (50 MB) would pass the import's 25 MB limit.
        scoresheet: { text: JSON.stringify(sheet), report: null, ok: null },
      });
    }
  }
  doc.log = [];
  return doc;
}

/**
 * The server's CPU in ms: every thread's, and that of its jobs' processes once they have ended
 * (the children it waited for: `cutime` and `cstime`).
 */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 to 17 of the file (utime, stime, cutime, cstime), in clock ticks of 10 ms.
  return fields.slice(11, 15).reduce((ms, ticks) => ms + Number(ticks) * 10, 0);
}

/**
 * The server's resident memory (VmRSS), in MB: every thread's. A job's process is not counted:
 * its memory is the system's again when it ends, before the figure after.
 */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function timed(
  server: Server,
  path: string,
  body: string,
  type = 'application/json',
): Promise<{ ms: number; wait: number; resets: number }> {
  // The monitor is a process of its own (this one's work on a 13 MB body would delay its asks),
  // asking before the import starts.
  const health = probeHealthApart(server.url, 20);
  await new Promise((r) => setTimeout(r, WARM_MS));
  const start = performance.now();
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    // A page's form is posted from the page's own origin (else 403 as cross-site); it answers 303.
    headers: {
      ...server.auth,
      'Content-Type': type,
      ...(type === 'application/json' ? {} : { Origin: server.url }),
    },
    body,
    redirect: 'manual',
  });
  const text = await res.text();
  // A page that sent the work to its job's page: the job is followed to its end.
  const job = /^\/organiser\/jobs\/([\w-]+)$/.exec(res.headers.get('location') ?? '');
  for (let state = 'running'; job && state === 'running';) {
    await new Promise((r) => setTimeout(r, 50));
    const view = await json<{ state: string; error: unknown }>(`${server.url}/api/jobs/${job[1]}`, {
      headers: server.auth,
    });
    state = view.state;
    if (state !== 'running' && state !== 'done') {
      throw new Error(`${path}: job ${state}: ${JSON.stringify(view.error)}`);
    }
  }
  const ms = performance.now() - start;
  const { longest: wait, failures, resets } = await health.stop();
  if (failures.length > 0)
    throw new Error(`/api/health failed during ${path}: ${failures.join(', ')}`);
  if (!res.ok && res.status !== 303)
    throw new Error(`${path}: ${res.status} ${text.slice(0, 500)}`);
  return { ms, wait, resets };
}

const fmt = (n: number) => n.toFixed(0).padStart(6);

/** A players CSV of `n` lines (a header and `n - 1` players), names unique within it. */
function playersCsv(n: number, run: number): string {
  const lines = ['name,club,rating'];
  for (let i = 1; i < n; i++) lines.push(`Igrač ${run}-${i},Klub ${i % 40},${1200 + (i % 900)}`);
  return `${lines.join('\n')}\n`;
}

/** A new tournament with one empty division; its id and the division's. */
async function emptyDivision(
  server: Server,
  name: string,
): Promise<{ id: number; divisionId: number }> {
  const t = await json<{ id: number; divisions: { id: number }[] }>(
    `${server.url}/api/tournaments`,
    {
      method: 'POST',
      headers: { ...server.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, ruleSet: 'kvizovka', rounds: 10 }),
    },
  );
  return { id: t.id, divisionId: t.divisions[0].id };
}

export async function run(): Promise<void> {
  const server = await startServer('bench@example.org', 'bench-password-1');
  try {
    const idle = probeHealthApart(server.url, 20);
    await new Promise((r) => setTimeout(r, 2000));
    const { longest: baseline } = await idle.stop();
    const before = rssMb(server.pid);
    const cpuBefore = cpuMs(server.pid);
    console.log(
      `\nimports (${RUNS} runs each, through the API on SQLite, /api/health asked every 20 ms by a process of its own)`,
    );
    console.log(
      `  /api/health longest wait with nothing running (baseline): ${baseline.toFixed(0)} ms`,
    );
    const row = (name: string, xs: { ms: number; wait: number }[], target: number) =>
      console.log(
        `  ${name.padEnd(44)} median ${fmt(median(xs.map((x) => x.ms)))} ms (target ${target} ms)` +
          `   health longest wait: median ${fmt(median(xs.map((x) => x.wait)))} ms, worst ${fmt(Math.max(...xs.map((x) => x.wait)))} ms (target 100; baseline ${baseline.toFixed(0)})`,
      );
    const lists: { ms: number; wait: number; resets: number }[] = [];
    const want = (name: string) => ROWS_WANTED.has(name);
    for (let r = 0; r < (want('lists') ? RUNS : 0); r++) {
      const csv = ratingList(ROWS, 1 + r * ROWS, 'B');
      lists.push(await timed(server, '/api/ratings/import', JSON.stringify({ csv })));
    }
    const afterLists = rssMb(server.pid);
    if (want('lists')) row(`rating list, ${ROWS.toLocaleString('en')} rows`, lists, 5000);
    const tournaments: { ms: number; wait: number; resets: number }[] = [];
    let size = 0;
    // The closings are of the first tournament imported.
    const tournamentsWanted = want('tournaments') || want('closing');
    for (let r = 0; r < (tournamentsWanted ? RUNS : 0); r++) {
      const body = JSON.stringify(tournamentDocument(r));
      size = body.length;
      tournaments.push(await timed(server, '/api/tournaments/import', body));
    }
    if (tournamentsWanted) {
      row(`tournament, 5,000 verified games (${(size / 1e6).toFixed(1)} MB)`, tournaments, 10000);
    }
    // A large TSH file (1,000 players, 10 rounds: 5,000 games with their scores), imported as
    // a new division through the API, which waits for its job.
    const all = await json<{ id: number; name: string }[]>(`${server.url}/api/tournaments`);
    const first = all.find((t) => t.name === 'Bench imports 0');
    const file = tshFile(1000, 10);
    const tsh: { ms: number; wait: number; resets: number }[] = [];
    for (let r = 0; r < (want('tsh') ? RUNS : 0); r++) {
      const { id } = await emptyDivision(server, `Bench TSH ${r}`);
      const body = JSON.stringify({ name: `TSH ${r}`, file });
      tsh.push(await timed(server, `/api/tournaments/${id}/divisions/tsh`, body));
    }
    if (want('tsh')) {
      row(
        `TSH file, 1,000 players, 5,000 games (${(file.length / 1e3).toFixed(0)} kB)`,
        tsh,
        10000,
      );
    }
    // Closing a tournament rates its 5,000 games (every rating computed again); reopening
    // computes them again without it.
    const closings: { ms: number; wait: number; resets: number }[] = [];
    const close = JSON.stringify({ confirm: true });
    for (let r = 0; r < (want('closing') ? RUNS : 0); r++) {
      closings.push(await timed(server, `/api/tournaments/${first!.id}/close`, close));
      if (r < RUNS - 1) await timed(server, `/api/tournaments/${first!.id}/reopen`, close);
    }
    if (want('closing')) row(`closing it: 5,000 games rated, all ratings again`, closings, 10000);
    // Backups of the database as it now stands (every list and tournament above).
    const backups: { ms: number; wait: number; resets: number }[] = [];
    for (let r = 0; r < (want('backups') ? RUNS : 0); r++) {
      backups.push(await timed(server, '/api/backups', '{}'));
    }
    if (want('backups')) {
      const taken = await json<{ bytes: number }[]>(`${server.url}/api/backups`, {
        headers: server.auth,
      });
      row(`backup, SQLite file of ${(taken[0].bytes / 1e6).toFixed(0)} MB`, backups, 10000);
    }
    // A players CSV of 20,000 lines, through the organiser's page (it has no API route), which
    // sends it to its job's page: the job is followed to its end.
    const players: { ms: number; wait: number; resets: number }[] = [];
    for (let r = 0; r < (want('players') ? PLAYER_RUNS : 0); r++) {
      const { divisionId } = await emptyDivision(server, `Bench players ${r}`);
      const form = new URLSearchParams({ csvText: playersCsv(PLAYER_LINES, r) }).toString();
      players.push(
        await timed(
          server,
          `/organiser/divisions/${divisionId}/players/import`,
          form,
          'application/x-www-form-urlencoded',
        ),
      );
    }
    if (want('players')) {
      row(`players CSV, ${PLAYER_LINES.toLocaleString('en')} lines (page)`, players, 10000);
    }
    const cpu = cpuMs(server.pid) - cpuBefore;
    // The jobs' processes are gone; V8 gives back what it no longer uses after a while.
    await new Promise((r) => setTimeout(r, 5000));
    const after = rssMb(server.pid);
    console.log(
      `  server memory (RSS): ${before.toFixed(0)} MB before, ${afterLists.toFixed(0)} MB after the lists, ` +
        `${after.toFixed(0)} MB 5 s after the last import (${(after - before).toFixed(0)} MB more; target 50)`,
    );
    const resets = [...lists, ...tournaments, ...tsh, ...closings, ...players, ...backups].reduce(
      (n, x) => n + x.resets,
      0,
    );
    console.log(`  health asks whose fresh connection was reset and asked again: ${resets}`);
    console.log(
      `  server CPU (its jobs' processes included) for all ${lists.length + tournaments.length + tsh.length + closings.length + players.length} imports and ${backups.length} backups: ${(cpu / 1000).toFixed(1)} s (both cores: more than the wall time of the tournaments)`,
    );
    console.log(
      `  load average: ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    await server.stop();
  }
}
