import Database from 'better-sqlite3';
import { spawnSync } from 'child_process';
import { join } from 'path';
import { Client } from 'pg';
import { DATABASE_KIND, ORGANISER, TestApp } from '../harness';
import { startWithEnv } from '../with-env';

/** The first wait of this suite's server: long enough for 50 quick requests to fall inside it. */
const FIRST_WAIT_MS = 2000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sign-in resists guessing: by account and by address, past an allowance every failure
 * doubles the wait, every attempt inside a wait is a 429 with Retry-After (the right
 * password too), unknown e-mails are answered as known ones are, and a hash made at a
 * lower cost is made again at the next sign-in. The server runs with the default
 * allowances (5 an account, 20 an address) and a first wait of 2 s.
 */
describe(`sign-in throttle (${DATABASE_KIND})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    // Every request of this suite comes from one address: it may fail as often as the
    // tests need, but for the one test of the address's own allowance.
    t = await startWith({ SIGN_IN_ADDRESS_FAILURES: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    t.http.post('/api/auth/sign-in').set(headers).send({ email, password, kind: 'api' });

  test('50 wrong passwords: 5 answered, 45 throttled; the right one is refused until the wait ends', async () => {
    await t.account('judge', 'throttled-judge@example.org');
    const statuses: number[] = [];
    const retryAfter: number[] = [];
    // Five one by one, then 45 at once: on a loaded machine 45 one by one may outlast the wait.
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await signIn('throttled-judge@example.org', `wrong-password-${i}`));
    answers.push(
      ...(await Promise.all(
        Array.from({ length: 45 }, (_, i) =>
          signIn('throttled-judge@example.org', `wrong-password-${i + 5}`),
        ),
      )),
    );
    for (const res of answers) {
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body).toMatchObject({ code: 'SIGN_IN_THROTTLED' });
        retryAfter.push(Number(res.headers['retry-after']));
      } else {
        expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED' });
        expect(res.headers['retry-after']).toBeUndefined();
      }
    }
    // Failures 1–5 are checked (401); the 5th starts a 2 s wait that the other 45 fall in.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual(Array(45).fill(429));
    expect(Math.max(...retryAfter)).toBe(2);
    expect(Math.min(...retryAfter)).toBeGreaterThanOrEqual(1);
    expect(t.log()).toContain(
      'Sign-in locked for 2 s: 5 failed sign-ins for the account throttled-judge@example.org',
    );

    // The right password is refused while the wait runs, without being checked.
    const refused = await signIn('throttled-judge@example.org', 'judge-password-1');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^too many failed sign-ins for this account or from this address: try again in [12] s \(a device that signed in to this account before is not held back\)$/,
    );
    const wait = Number(refused.headers['retry-after']);
    await sleep(wait * 1000 + 100);
    // After the wait: the right password signs in, and the account starts again from nothing.
    const welcome = await signIn('throttled-judge@example.org', 'judge-password-1').expect(200);
    expect(welcome.body.user).toMatchObject({ email: 'throttled-judge@example.org' });
    await signIn('throttled-judge@example.org', 'wrong-again').expect(401);
  });

  test('each failure past the allowance doubles the wait: 2 s, then 4 s', async () => {
    const email = 'doubling@example.org';
    for (let i = 0; i < 4; i++) await signIn(email, 'wrong').expect(401);
    const fifth = await signIn(email, 'wrong').expect(401);
    expect(fifth.headers['retry-after']).toBeUndefined();
    expect(Number((await signIn(email, 'wrong').expect(429)).headers['retry-after'])).toBe(2);
    await sleep(2100);
    // The sixth failure is checked (401) and starts a wait twice as long.
    await signIn(email, 'wrong').expect(401);
    expect(Number((await signIn(email, 'wrong').expect(429)).headers['retry-after'])).toBe(4);
    expect(t.log()).toContain(
      'Sign-in locked for 4 s: 6 failed sign-ins for the account doubling@example.org',
    );
  });

  test('an unknown e-mail is answered and throttled exactly as a known one', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await signIn('nobody-here@example.org', 'wrong'));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(answers[0].body).toEqual({
      statusCode: 401,
      code: 'UNAUTHENTICATED',
      message: 'the email or the password is wrong',
    });
    expect(answers[5].headers['retry-after']).toBe('2');
  });

  test('guesses sent all at once: no more are checked than the allowance', async () => {
    const email = 'parallel@example.org';
    await t.account('judge', email);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(email, `guess-${i}`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
  });

  test('the sign-in page says how long to wait, in its language, with Retry-After', async () => {
    const post = (username: string, password: string) =>
      t.http
        .post('/sign-in?lang=en')
        .set('Origin', t.url)
        .type('form')
        .send({ username, password });
    for (let i = 0; i < 5; i++) await post('page-user@example.org', 'wrong').expect(401);
    const page = await post('page-user@example.org', 'wrong').expect(429);
    expect(page.headers['retry-after']).toBe('2');
    expect(page.text).toContain(
      'Too many failed sign-ins for this account or from this address. Try again in 2 s, or sign in on a device you have signed in on before.',
    );
  });

  test('an older, cheaper hash is made again at the next sign-in, at the current cost', async () => {
    const cli = join(__dirname, '..', '..', '..', 'dist', 'src', 'cli', 'main.js');
    // Made by the command line at N = 2^10; the server hashes at 2^12 (the suite's cost).
    const made = spawnSync(
      process.execPath,
      [cli, 'create-user', '--email', 'old-hash@example.org', '--name', 'Old', '--role', 'judge'],
      {
        encoding: 'utf8',
        input: 'old-hash-password\n',
        env: { ...process.env, ...t.databaseEnv, TEST_ONLY_SCRYPT_LOG2_N: '10' },
      },
    );
    expect(made.stderr).toBe('');
    expect(await storedHash(t, 'old-hash@example.org')).toMatch(/^scrypt\$1024\$8\$1\$/);
    await signIn('old-hash@example.org', 'old-hash-password').expect(200);
    const now = await storedHash(t, 'old-hash@example.org');
    expect(now).toMatch(/^scrypt\$4096\$8\$1\$/);
    expect(t.log()).toContain("Re-hashed the password of old-hash@example.org at today's cost");
    // The new hash is the same password's.
    await signIn('old-hash@example.org', 'old-hash-password').expect(200);
    expect(await storedHash(t, 'old-hash@example.org')).toBe(now);
  });

  test('an address guessing many accounts waits after 20 failures, for every account; X-Forwarded-For is not believed', async () => {
    const own = await startWith({});
    try {
      const attempt = (email: string, password: string, headers: Record<string, string> = {}) =>
        own.http.post('/api/auth/sign-in').set(headers).send({ email, password, kind: 'api' });
      for (let i = 0; i < 20; i++) await attempt(`spray-${i}@example.org`, 'wrong').expect(401);
      const organiser = await attempt(ORGANISER.email, ORGANISER.password).expect(429);
      expect(organiser.headers['retry-after']).toBe('2');
      expect(own.log()).toMatch(
        /Sign-in locked for 2 s: 20 failed sign-ins from the address (::ffff:)?127\.0\.0\.1/,
      );
      // Without TRUST_PROXY a client cannot name another address for itself.
      await attempt(ORGANISER.email, ORGANISER.password, {
        'X-Forwarded-For': '203.0.113.9',
      }).expect(429);
    } finally {
      await own.close();
    }
  });
});

/** A server with a first wait of 2 s, and `env`. */
function startWith(env: Record<string, string>): Promise<TestApp> {
  return startWithEnv({ SIGN_IN_FIRST_WAIT_MS: String(FIRST_WAIT_MS), ...env });
}

/** The password hash stored for an account, read from the server's database. */
async function storedHash(t: TestApp, email: string): Promise<string> {
  if (t.databaseEnv.DATABASE_URL) {
    const client = new Client({ connectionString: t.databaseEnv.DATABASE_URL });
    await client.connect();
    try {
      const r = await client.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE email = $1',
        [email],
      );
      return r.rows[0].password_hash;
    } finally {
      await client.end();
    }
  }
  const db = new Database(t.databaseEnv.DATABASE_PATH, { readonly: true });
  try {
    const row = db.prepare('SELECT password_hash FROM users WHERE email = ?').get(email) as {
      password_hash: string;
    };
    return row.password_hash;
  } finally {
    db.close();
  }
}
