/**
 * The crash test: writers register players as fast as the server takes them, the server is
 * killed with SIGKILL at a random moment (a power cut, as far as the database can tell), and
 * restarted on the same database; every write the server acknowledged must be there, whole.
 * On SQLite a backup is also taken through the API during the writes, and must pass
 * `PRAGMA integrity_check` and hold every write acknowledged before it was asked for.
 *
 * `npm run bench -- crash` (opt-in): SQLite, and PostgreSQL too when DATABASE_URL is set.
 * CRASH_CYCLES (default 10) kills per database, CRASH_WRITERS (default 8) writers.
 */
import Database from 'better-sqlite3';
import type { ChildProcess } from 'child_process';
import { readdirSync } from 'fs';
import { join } from 'path';
import { seededRandom } from '../src/engine';
import { BenchDatabase, newBenchDatabase, signIn, spawnServer } from './server-fixture';

const EMAIL = 'crash@example.org';
const PASSWORD = 'crash-test-password';

interface Running {
  url: string;
  child: ChildProcess;
  auth: Record<string, string>;
}

async function start(target: BenchDatabase): Promise<Running> {
  const { url, child } = await spawnServer(target, EMAIL, PASSWORD);
  return {
    url,
    child,
    auth: { ...(await signIn(url, EMAIL, PASSWORD)), 'Content-Type': 'application/json' },
  };
}

function kill(server: Running): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}

interface CycleResult {
  acknowledged: number;
  lost: number;
  halfWritten: number;
  backup: { checked: boolean; whole: boolean; missing: number };
}

/** One power cut: writers, a backup halfway on SQLite, SIGKILL, restart, compare. */
async function cycle(
  target: BenchDatabase,
  divisionId: number,
  c: number,
  writers: number,
  rng: () => number,
): Promise<CycleResult> {
  let server = await start(target);
  const acknowledged: string[] = [];
  let writing = true;
  let sent = 0;
  const writer = async (w: number) => {
    while (writing) {
      const name = `Cycle ${c} writer ${w} player ${++sent}`;
      try {
        const res = await fetch(`${server.url}/api/divisions/${divisionId}/players`, {
          method: 'POST',
          headers: server.auth,
          body: JSON.stringify({ name, club: `Klub ${w}`, rating: 1000 + w }),
        });
        if (res.status === 201) acknowledged.push(name);
        await res.arrayBuffer();
      } catch {
        return; // the server is gone: what it acknowledged is what counts
      }
    }
  };
  const running = Array.from({ length: writers }, (_, w) => writer(w + 1));
  const backup = { checked: false, whole: true, missing: 0 };
  let backupName: string | null = null;
  let beforeBackup: string[] = [];
  const runFor = 400 + Math.floor(rng() * 1200);
  if (target.kind === 'sqlite') {
    await new Promise((r) => setTimeout(r, runFor / 2));
    beforeBackup = [...acknowledged];
    const res = await fetch(`${server.url}/api/backups`, { method: 'POST', headers: server.auth });
    if (res.status === 201) backupName = ((await res.json()) as { name: string }).name;
    await new Promise((r) => setTimeout(r, runFor / 2));
  } else {
    await new Promise((r) => setTimeout(r, runFor));
  }
  await kill(server);
  writing = false;
  await Promise.all(running);

  server = await start(target);
  const res = await fetch(`${server.url}/api/divisions/${divisionId}/players`, {
    headers: server.auth,
  });
  const players = (await res.json()) as {
    name: string;
    club: string | null;
    rating: number | null;
  }[];
  await kill(server);
  const present = new Set(players.map((p) => p.name));
  const lost = acknowledged.filter((name) => !present.has(name)).length;
  const halfWritten = players.filter(
    (p) => p.name.startsWith(`Cycle ${c} `) && (p.club === null || p.rating === null),
  ).length;
  if (backupName && target.file) {
    const file = join(target.file, '..', 'backups', backupName);
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      backup.checked = true;
      backup.whole = db.pragma('integrity_check', { simple: true }) === 'ok';
      const rows = db.prepare('SELECT name FROM players').all() as { name: string }[];
      const inBackup = new Set(rows.map((r) => r.name));
      backup.missing = beforeBackup.filter((name) => !inBackup.has(name)).length;
    } finally {
      db.close();
    }
  }
  return { acknowledged: acknowledged.length, lost, halfWritten, backup };
}

async function crashTest(kind: 'sqlite' | 'postgres', cycles: number, writers: number) {
  const target = await newBenchDatabase(kind);
  try {
    const server = await start(target);
    const created = await fetch(`${server.url}/api/tournaments`, {
      method: 'POST',
      headers: server.auth,
      body: JSON.stringify({ name: 'Crash test', ruleSet: 'kvizovka', rounds: 3 }),
    });
    const divisionId = ((await created.json()) as { divisions: { id: number }[] }).divisions[0].id;
    await kill(server);
    const rng = seededRandom(20261125);
    const totals = { acknowledged: 0, lost: 0, halfWritten: 0, backups: 0, badBackups: 0 };
    for (let c = 1; c <= cycles; c++) {
      const r = await cycle(target, divisionId, c, writers, rng);
      totals.acknowledged += r.acknowledged;
      totals.lost += r.lost;
      totals.halfWritten += r.halfWritten;
      if (r.backup.checked) {
        totals.backups++;
        if (!r.backup.whole || r.backup.missing > 0) totals.badBackups++;
      }
    }
    const backups = target.file ? readdirSync(join(target.file, '..', 'backups')).length : 0;
    console.log(
      `crash ${kind}: ${cycles} kill -9 cycles, ${writers} writers: ` +
        `${totals.acknowledged.toLocaleString('en')} acknowledged writes, ${totals.lost} lost, ` +
        `${totals.halfWritten} half-written` +
        (kind === 'sqlite'
          ? `; ${totals.backups} backups taken during writes, ${totals.badBackups} failing the ` +
            `integrity check or missing an acknowledged write (${backups} files in the rotation)`
          : ''),
    );
    if (totals.lost > 0 || totals.halfWritten > 0 || totals.badBackups > 0) process.exitCode = 1;
  } finally {
    await target.drop();
  }
}

/** See the file's comment. */
export async function run(): Promise<void> {
  const cycles = Number(process.env.CRASH_CYCLES ?? 10);
  const writers = Number(process.env.CRASH_WRITERS ?? 8);
  await crashTest('sqlite', cycles, writers);
  if (process.env.DATABASE_URL) await crashTest('postgres', cycles, writers);
}
