import { execFile } from 'child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';
import { promisify } from 'util';
import Database from 'better-sqlite3';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { binary, createTournament, pair, register } from '../tournament-helpers';

const run = promisify(execFile);
const CLI = join(__dirname, '..', '..', '..', 'dist', 'src', 'cli', 'main.js');

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
    expect(refused.stderr).toMatch(/damaged\.sqlite is damaged: /);
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

sqliteOnly("a director's slip cannot destroy the event", () => {
  let t: TestApp;
  let divisionId: number;
  beforeAll(async () => {
    t = await startTestApp();
    ({ divisionId } = await createTournament(t, {
      name: 'Slip open',
      ruleSet: 'kvizovka',
      rounds: 3,
    }));
    await register(t, divisionId, ['Ana', 'Bora', 'Ceca', 'Dule']);
  }, 120000);
  afterAll(() => t.close());

  const databaseFile = () => t.databaseEnv.DATABASE_PATH;
  const backupsFolder = () => join(dirname(databaseFile()), 'backups');

  it('restore refuses a file that is not an Arbiter database, says what it is, and changes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-foreign-'));
    const foreign = join(dir, 'contacts.sqlite');
    const other = new Database(foreign);
    other.exec('CREATE TABLE contacts (name TEXT, phone TEXT); CREATE TABLE groups (name TEXT)');
    other.prepare('INSERT INTO contacts VALUES (?, ?)').run('Ana', '011 123 456');
    other.close();
    const text = join(dir, 'results.csv');
    writeFileSync(text, 'table,first,second\n1,412,388\n');
    // A backup of this very database, as a newer build would leave it: one migration more.
    const taken = await cli(t, 'backup');
    expect(taken.code).toBe(0);
    const newer = join(dir, 'newer.sqlite');
    copyFileSync(
      join(
        backupsFolder(),
        readdirSync(backupsFolder()).find((f) => f.endsWith('-manual.sqlite'))!,
      ),
      newer,
    );
    const edited = new Database(newer);
    edited
      .prepare('INSERT INTO migrations (timestamp, name) VALUES (?, ?)')
      .run(1799999999999, 'FromTheFuture1799999999999');
    edited.close();

    await t.close({ keepDatabase: true });
    const before = readFileSync(databaseFile());
    const backupsBefore = readdirSync(backupsFolder()).sort();
    const cases: [string, RegExp][] = [
      [
        foreign,
        /^arbiter restore: contacts\.sqlite is an SQLite database without Arbiter's tables \(it has: contacts, groups\)\.\n/,
      ],
      [text, /^arbiter restore: results\.csv is not an SQLite database\.\n/],
      [
        newer,
        /^arbiter restore: newer\.sqlite is a database of a newer Arbiter: its migrations FromTheFuture1799999999999 are unknown to this one/,
      ],
    ];
    for (const [file, message] of cases) {
      const refused = await cli(t, 'restore', file);
      expect({ file, code: refused.code, stdout: refused.stdout }).toEqual({
        file,
        code: 2,
        stdout: '',
      });
      expect(refused.stderr).toMatch(message);
    }
    // Nothing changed: the database byte for byte, no before-restore backup, no staging copy.
    expect(readFileSync(databaseFile()).equals(before)).toBe(true);
    expect(readdirSync(backupsFolder()).sort()).toEqual(backupsBefore);
    expect(existsSync(`${databaseFile()}.restoring`)).toBe(false);

    t = await t.restart();
    const players = (
      await t.http.get(`/api/divisions/${divisionId}/players`).set(t.organiser).expect(200)
    ).body as { name: string }[];
    expect(players.map((p) => p.name).sort()).toEqual(['Ana', 'Bora', 'Ceca', 'Dule']);
  }, 120000);

  it('the server removes partial backups left by a killed backup as it starts, not a running one', async () => {
    await t.close({ keepDatabase: true });
    const folder = backupsFolder();
    // As `kill -9` during a backup leaves them: by this build (with the process id) and older.
    const killed = '.arbiter-2026-11-25T10-04-00-000Z-manual.sqlite.999999999.partial';
    const older = '.arbiter-2026-11-25T10-05-00-000Z-round-paired.sqlite.partial';
    // Still being written by a process that runs (this test's own, standing in for `arbiter backup`).
    const running = `.arbiter-2026-11-25T10-06-00-000Z-manual.sqlite.${process.pid}.partial`;
    for (const name of [killed, older, running, 'notes.partial']) {
      writeFileSync(join(folder, name), Buffer.alloc(64 * 1024, 1));
    }
    writeFileSync(`${databaseFile()}.restoring`, Buffer.alloc(64 * 1024, 1));
    t = await t.restart();
    const left = readdirSync(folder);
    expect(left).not.toContain(killed);
    expect(left).not.toContain(older);
    expect(left).toContain(running);
    expect(left).toContain('notes.partial');
    expect(existsSync(`${databaseFile()}.restoring`)).toBe(false);
    expect(t.log()).toContain(`removed ${join(folder, killed)}`);
    // The rotation is untouched and listed as before.
    expect((await backups(t)).every((b) => !b.name.includes('partial'))).toBe(true);
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
