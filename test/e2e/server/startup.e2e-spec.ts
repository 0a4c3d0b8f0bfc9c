import { spawn } from 'child_process';
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

const SERVER = join(__dirname, '..', '..', '..', 'dist', 'src', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'arbiter-startup-'));

/** Starts the server with `env`; its exit status, what it printed, and how long it took. */
function start(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SERVER], {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        NO_COLOR: '1',
        DATABASE_PATH: join(dir, 'ok.sqlite'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    // A server that hangs or serves is stopped: the test then fails on its status.
    const timer = setTimeout(() => child.kill('SIGKILL'), 15000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: Date.now() - started });
    });
  });
}

const aFile = join(dir, 'a-file');
writeFileSync(aFile, 'not a folder');
const notSqlite = join(dir, 'notes.sqlite');
writeFileSync(notSqlite, 'These are my notes, not a database.'.repeat(200));

const pg = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : null;
const pgUrl = (change: (u: URL) => void) => {
  const u = new URL(pg!.toString());
  change(u);
  return u.toString();
};

/** [what is wrong, environment, what the one message must say]. */
const cases: [string, Record<string, string>, RegExp][] = [
  [
    'PostgreSQL refusing connections (nothing listens on port 1)',
    { DATABASE_URL: 'postgres://arbiter:s3cret-pass@127.0.0.1:1/arbiter' },
    /PostgreSQL at 127\.0\.0\.1:1 refuses connections \(DATABASE_URL postgres:\/\/arbiter:…@127\.0\.0\.1:1\/arbiter\): is it running/,
  ],
  [
    'an unknown host',
    { DATABASE_URL: 'postgres://arbiter:s3cret-pass@no-such-host.invalid/arbiter' },
    /the host no-such-host\.invalid of DATABASE_URL .* is not known/,
  ],
  [
    'DATABASE_PATH under /proc',
    { DATABASE_PATH: '/proc/arbiter.sqlite' },
    /DATABASE_PATH \(\/proc\/arbiter\.sqlite\) is under \/proc, which holds no files; set DATABASE_PATH to a file on a disk/,
  ],
  [
    'a parent of DATABASE_PATH that is a file',
    { DATABASE_PATH: join(aFile, 'data', 'arbiter.sqlite') },
    /cannot be made: .*a-file is a file, not a folder/,
  ],
  [
    'DATABASE_PATH that is a folder',
    { DATABASE_PATH: dir },
    /is a folder; set DATABASE_PATH to a file in it/,
  ],
  [
    'DATABASE_PATH that is not an SQLite file',
    { DATABASE_PATH: notSqlite },
    /notes\.sqlite\) is not an SQLite database/,
  ],
  [
    'DATABASE_PATH=:memory:',
    { DATABASE_PATH: ':memory:' },
    /DATABASE_PATH=:memory: would keep the tournament in memory only/,
  ],
  [
    'ORGANISER_EMAIL that is not an email',
    { ORGANISER_EMAIL: 'not-an-email', ORGANISER_PASSWORD: 'organiser-password-1' },
    /ORGANISER_EMAIL must be an email address, not 'not-an-email'/,
  ],
  [
    'a 300-character ORGANISER_NAME',
    {
      ORGANISER_EMAIL: 'o@example.org',
      ORGANISER_PASSWORD: 'organiser-password-1',
      ORGANISER_NAME: 'N'.repeat(300),
    },
    /ORGANISER_NAME has 300 characters; a name may have at most 200/,
  ],
];
if (pg) {
  cases.push(
    [
      'an unknown database on a running PostgreSQL',
      { DATABASE_URL: pgUrl((u) => (u.pathname = '/no_such_database_xyz')) },
      /has no database "no_such_database_xyz": create it \(createdb no_such_database_xyz\)/,
    ],
    [
      'an unknown role on a running PostgreSQL',
      {
        DATABASE_URL: pgUrl((u) => {
          u.username = 'no_such_role_xyz';
          u.password = 's3cret-pass';
        }),
      },
      /refuses the role "no_such_role_xyz"/,
    ],
  );
}

describe('a bad configuration stops the server at once with one sentence', () => {
  if (!pg) {
    it.skip('unknown PostgreSQL database and role: set DATABASE_URL to run them', () => undefined);
  }
  it.each(cases)(
    '%s',
    async (_what, env, expected) => {
      const { code, output, ms } = await start(env);
      expect({ code, output }).toEqual({ code: 1, output: expect.stringMatching(expected) });
      expect(output).toMatch(/^Arbiter cannot start:\n- /);
      // One message: no stack trace, no retries, no password.
      expect(output).not.toMatch(/\n\s+at |Unable to connect to the database|Retrying/);
      expect(output).not.toContain('s3cret-pass');
      expect(output.trim().split('\n').length).toBeLessThanOrEqual(3);
      // Within 5 s on a quiet machine; the bound here is loose for a busy one (see the figures
      // in the closing note), and a hang is cut at 15 s.
      expect(ms).toBeLessThan(12000);
    },
    20000,
  );
});
