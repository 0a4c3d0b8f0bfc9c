import { execFile } from 'child_process';
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { promisify } from 'util';
import Database from 'better-sqlite3';
import { DATABASE_KIND, startTestApp, TestApp } from './harness';
import { binary, createTournament, pair, register } from './tournament-helpers';

const run = promisify(execFile);
const CLI = join(__dirname, '..', '..', 'dist', 'src', 'cli', 'main.js');

interface BackupJson {
  name: string;
  takenAt: string;
  reason: string;
  bytes: number;
}

/** The CLI on the test server's database: its exit status and what it printed. */
async function cli(t: TestApp, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      env: { ...process.env, ...t.databaseEnv },
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function backups(t: TestApp): Promise<BackupJson[]> {
  return (await t.http.get('/api/backups').set(t.organiser).expect(200)).body as BackupJson[];
}

/** Names of a division's players in a database file. */
function playersIn(file: string, divisionId: number): Set<string> {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare('SELECT name FROM players WHERE division_id = ?').all(divisionId) as {
      name: string;
    }[];
    return new Set(rows.map((r) => r.name));
  } finally {
    db.close();
  }
}

const sqliteOnly = DATABASE_KIND === 'sqlite' ? describe : describe.skip;
const postgresOnly = DATABASE_KIND === 'postgres' ? describe : describe.skip;

sqliteOnly('backups of the SQLite database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 120000);
  afterAll(() => t.close());

  it('a backup is taken after a round is paired, and the page lists it', async () => {
    const { divisionId } = await createTournament(t, {
      name: 'Backup open',
      ruleSet: 'kvizovka',
      rounds: 3,
    });
    await register(t, divisionId, ['Ana', 'Bora', 'Ceca', 'Dule']);
    expect(await backups(t)).toEqual([]);
    await pair(t, divisionId);
    // Taken once the pairing's transaction has committed, beside the answer.
    let list: BackupJson[] = [];
    for (let i = 0; i < 50 && list.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      list = await backups(t);
    }
    expect(list).toHaveLength(1);
    expect(list[0].reason).toBe('round-paired');
    expect(list[0].bytes).toBeGreaterThan(4096);

    const page = await t.http.get('/organiser/backups?lang=en').set(t.organiser).expect(200);
    expect(page.text).toContain('after a round was paired');
    expect(page.text).toContain(list[0].name);
    expect(page.text).toContain('npx arbiter restore');
  });

  it('a backup taken during writes holds every write acknowledged before it, and restores', async () => {
    const { divisionId } = await createTournament(t, {
      name: 'Backup under load',
      ruleSet: 'kvizovka',
      rounds: 3,
    });
    const acknowledged: string[] = [];
    let writing = true;
    let n = 0;
    const writer = async (w: number) => {
      while (writing) {
        const name = `Writer ${w} player ${++n}`;
        const res = await t.http
          .post(`/api/divisions/${divisionId}/players`)
          .set(t.organiser)
          .send({ name });
        if (res.status === 201) acknowledged.push(name);
      }
    };
    const writers = [1, 2, 3, 4].map((w) => writer(w));
    await new Promise((r) => setTimeout(r, 300));
    const before = [...acknowledged];
    const taken = await t.http.post('/api/backups').set(t.organiser).expect(201);
    const backup = taken.body as BackupJson;
    await new Promise((r) => setTimeout(r, 200));
    writing = false;
    await Promise.all(writers);
    expect(before.length).toBeGreaterThan(5);
    expect(acknowledged.length).toBeGreaterThan(before.length);

    const download = await t.http
      .get(`/api/backups/${backup.name}`)
      .set(t.organiser)
      .buffer(true)
      .parse(binary)
      .expect(200);
    const file = join(mkdtempSync(join(tmpdir(), 'arbiter-backup-')), backup.name);
    writeFileSync(file, download.body as Buffer);
    const db = new Database(file, { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    const inBackup = playersIn(file, divisionId);
    expect(before.filter((name) => !inBackup.has(name))).toEqual([]);

    // A restore under a running server is refused, naming the process.
    const refused = await cli(t, 'restore', file);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/a server \(process \d+\) is running/);

    await t.close({ keepDatabase: true });
    const restored = await cli(t, 'restore', file);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(
      /restored .* the database as it was is kept as .*before-restore/,
    );
    t = await t.restart();

    const players = (
      await t.http.get(`/api/divisions/${divisionId}/players`).set(t.organiser).expect(200)
    ).body as { name: string }[];
    expect(new Set(players.map((p) => p.name))).toEqual(inBackup);
    const reasons = (await backups(t)).map((b) => b.reason);
    expect(reasons).toContain('before-restore');
  }, 120000);

  it('the CLI backs up a running server, and refuses what it cannot do with a sentence', async () => {
    const taken = await cli(t, 'backup');
    expect(taken.code).toBe(0);
    expect(taken.stdout).toMatch(/backed up .* to .*arbiter-.*-manual\.sqlite/);

    const damaged = join(mkdtempSync(join(tmpdir(), 'arbiter-backup-')), 'damaged.sqlite');
    writeFileSync(damaged, 'SQLite format 3\0'.padEnd(8192, 'x'));
    await t.close({ keepDatabase: true });
    const refused = await cli(t, 'restore', damaged);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/damaged\.sqlite is not a whole database/);
    t = await t.restart();

    const missing = await cli(t, 'restore');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('give the one backup file to restore');
    const bad = await t.http.get('/api/backups/..%2Farbiter.sqlite').set(t.organiser).expect(400);
    expect(bad.body.code).toBe('BAD_BACKUP_NAME');
    await t.http
      .get('/api/backups/arbiter-2026-01-01T00-00-00-000Z-manual.sqlite')
      .set(t.organiser)
      .expect(404);
    await t.http.get('/api/backups').expect(401);
  }, 120000);
});

postgresOnly('backups on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 120000);
  afterAll(() => t.close());

  it('point to pg_dump, on the API, the page and the CLI', async () => {
    const res = await t.http.post('/api/backups').set(t.organiser).expect(409);
    expect(res.body.code).toBe('BACKUP_BY_PG_DUMP');
    expect(res.body.message).toContain('pg_dump');
    const page = await t.http.get('/organiser/backups?lang=en').set(t.organiser).expect(200);
    expect(page.text).toContain('<pre class="command">pg_dump --format&#x3D;custom');
    expect(page.text).toContain('<pre class="command">pg_restore --dbname&#x3D;');
    const refused = await cli(t, 'backup');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pg_dump');
  });
});
