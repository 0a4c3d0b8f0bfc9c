import { ChildProcess, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Client } from 'pg';
import request from 'supertest';

export const ORGANISER = {
  email: 'organiser@example.org',
  password: 'organiser-password-1',
  name: 'Olga Organiser',
};

/** Which database the e2e suites run on: PostgreSQL when DATABASE_URL is set, else a fresh SQLite file. */
export const DATABASE_KIND = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

const SERVER = join(__dirname, '..', '..', 'dist', 'src', 'main.js');
/** Another build of the server to run instead (the bundle `npm start` runs), e.g. for a whole run. */
const serverFile = () => process.env.ARBITER_SERVER || SERVER;

/** A running server on its own new database, with a signed-in organiser. */
/** An account as a test holds it: its bearer header, its page session's cookie, or its e-mail. */
export type Grantee = { Authorization: string } | string;

export interface TestApp {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** The server's process id. */
  pid: number;
  http: ReturnType<typeof request>;
  /** Bearer header of the organiser: the server's first account, its administrator. */
  organiser: { Authorization: string };
  /**
   * Creates an account (by the administrator) and returns its bearer header. With
   * `tournaments`, the account gets a role in each (a judge a judge's, an organiser a
   * co-director's); else it acts in none until given one ({@link TestApp.grant}).
   */
  account(
    role: 'organiser' | 'judge',
    email?: string,
    tournaments?: readonly number[],
  ): Promise<{ Authorization: string }>;
  /**
   * Gives the account of `who` (its bearer header, its page session's `Cookie` header value
   * `arbiter_session=…`, or its e-mail) a role in `tournamentId`, as the administrator:
   * `judge` or `co-director`.
   */
  grant(
    tournamentId: number,
    who: Grantee | readonly Grantee[],
    role: 'judge' | 'co-director',
  ): Promise<void>;
  /** What the server printed so far (for failure messages). */
  log(): string;
  /** Stops the server; with `keepDatabase` the database stays for a restart. */
  close(options?: { keepDatabase?: boolean }): Promise<void>;
  /** Environment variables that point at this server's database (for the CLI). */
  databaseEnv: Record<string, string>;
  /** Starts a new server process on the same database (a power cut and restart). */
  restart(): Promise<TestApp>;
  /**
   * Starts one more server process on the same database, beside this one (as
   * several servers behind one address would run); its `close` keeps the database.
   */
  another(env?: Record<string, string>): Promise<TestApp>;
  /** Asks the server to stop (SIGTERM), as a service manager would; the milliseconds it took. */
  terminate(): Promise<number>;
}

/** A database of a test's own: what points a server at it, and its removal. */
export interface Database {
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** A new, empty database: on the PostgreSQL server of DATABASE_URL when set, else an SQLite file. */
export async function newDatabase(): Promise<Database> {
  if (process.env.DATABASE_URL) {
    const name = `arbiter_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString() },
      async drop() {
        const c = new Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-e2e-'));
  return {
    env: { DATABASE_PATH: join(dir, 'arbiter.sqlite'), DATABASE_URL: '' },
    drop: () => Promise.resolve(removeFolder(dir)),
  };
}

/**
 * Removes a folder a server wrote in. A backup's process (forked by the server) can still be
 * writing in it for a moment after the server was killed: it notices its parent gone only
 * between two of its steps. A file it adds while the folder is emptied fails the removal
 * (ENOTEMPTY); tried again, the folder goes once the process has.
 */
export function removeFolder(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
}

/**
 * Starts the built server (`npm test` builds first) as `npm start` would, on
 * port 0 and a database nobody else uses; migrations run at its start-up.
 */
export async function startTestApp(
  database?: Database,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const db = database ?? (await newDatabase());
  const child: ChildProcess = spawn(process.execPath, [serverFile()], {
    env: {
      ...process.env,
      ...db.env,
      PORT: '0',
      NO_COLOR: '1',
      // Passwords hashed at N = 2^12, p = 1 instead of production's 2^14, p = 5 (a fifth of a second):
      // the suites make hundreds of accounts and sign-ins. An empty value runs them at production's.
      TEST_ONLY_SCRYPT_LOG2_N: process.env.TEST_ONLY_SCRYPT_LOG2_N ?? '12',
      ORGANISER_EMAIL: ORGANISER.email,
      ORGANISER_PASSWORD: ORGANISER.password,
      ORGANISER_NAME: ORGANISER.name,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, so that stopping it stops the jobs' processes it forked too.
    detached: true,
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in 30 s:\n${output}`)),
      30000,
    );
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
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const http = request(url);
  const signIn = async (email: string, password: string) => {
    const res = await http
      .post('/api/auth/sign-in')
      .send({ email, password, kind: 'api' })
      .expect(200);
    return { Authorization: `Bearer ${(res.body as { token: string }).token}` };
  };
  const organiser = await signIn(ORGANISER.email, ORGANISER.password);
  const grantOne = async (tournamentId: number, who: Grantee, role: 'judge' | 'co-director') => {
    const me = async (headers: Record<string, string>) =>
      ((await http.get('/api/auth/me').set(headers).expect(200)).body as { email: string }).email;
    const email =
      typeof who !== 'string'
        ? await me(who)
        : who.startsWith('arbiter_session=')
          ? await me({ Cookie: who })
          : who;
    await http
      .post(`/api/tournaments/${tournamentId}/roles`)
      .set(organiser)
      .send({ email, role })
      .expect(200);
  };
  const grant: TestApp['grant'] = async (tournamentId, who, role) => {
    for (const one of Array.isArray(who) ? who : [who]) await grantOne(tournamentId, one, role);
  };
  let accounts = 0;
  // The server and the jobs' processes it forked (a backup after a round is paired): a job left
  // to notice its parent gone between two of its steps could still be writing in the server's
  // folder while the folder is removed (ENOTEMPTY on a busy machine).
  const stop = () =>
    new Promise<void>((resolve) => {
      // A process killed by a signal has no exit code, only its signal.
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    });
  return {
    url,
    pid: child.pid!,
    http,
    organiser,
    log: () => output,
    databaseEnv: db.env,
    async account(role, email, tournaments = []) {
      const n = ++accounts;
      const address = email ?? `${role}${n}-${randomBytes(3).toString('hex')}@example.org`;
      const password = `${role}-password-${n}`;
      await http
        .post('/api/users')
        .set(organiser)
        .send({ email: address, name: `${role} ${n}`, role, password })
        .expect(201);
      for (const id of tournaments)
        await grant(id, address, role === 'judge' ? 'judge' : 'co-director');
      return signIn(address, password);
    },
    grant,
    async close(options = {}) {
      await stop();
      if (!options.keepDatabase) await db.drop();
    },
    async restart() {
      await stop();
      return startTestApp(db, env);
    },
    terminate() {
      const started = Date.now();
      return new Promise<number>((resolve) => {
        if (child.exitCode !== null) return resolve(0);
        child.once('exit', () => resolve(Date.now() - started));
        child.kill('SIGTERM');
      });
    },
    another(more = {}) {
      return startTestApp({ env: db.env, drop: () => Promise.resolve() }, { ...env, ...more });
    },
  };
}
