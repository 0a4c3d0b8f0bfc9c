import Database from 'better-sqlite3';
import { spawnSync } from 'child_process';
import { createHash } from 'crypto';
import { join } from 'path';
import { Client } from 'pg';
import { DATABASE_KIND, ORGANISER, startTestApp, TestApp } from '../harness';

describe(`auth over HTTP (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  test('the first organiser comes from the environment and can sign in', async () => {
    const me = await t.http.get('/api/auth/me').set(t.organiser).expect(200);
    expect(me.body).toMatchObject({
      email: ORGANISER.email,
      role: 'organiser',
      name: ORGANISER.name,
    });
    expect(me.body.passwordHash).toBeUndefined();
  });

  test('a token past its time is refused like an unknown one, and works until then', async () => {
    const judge = await t.account('judge', 'expiring@example.org');
    await t.http.get('/api/auth/me').set(judge).expect(200);
    const hash = createHash('sha256')
      .update(judge.Authorization.replace(/^Bearer /, ''))
      .digest('hex');
    const past = '2020-01-01 00:00:00';
    if (t.databaseEnv.DATABASE_URL) {
      const db = new Client({ connectionString: t.databaseEnv.DATABASE_URL });
      await db.connect();
      const { rowCount } = await db.query(
        'UPDATE auth_tokens SET expires_at = $1 WHERE token_hash = $2',
        [past, hash],
      );
      await db.end();
      expect(rowCount).toBe(1);
    } else {
      const db = new Database(t.databaseEnv.DATABASE_PATH);
      const { changes } = db
        .prepare('UPDATE auth_tokens SET expires_at = ? WHERE token_hash = ?')
        .run(past, hash);
      db.close();
      expect(changes).toBe(1);
    }
    const refused = await t.http.get('/api/auth/me').set(judge).expect(401);
    const unknown = await t.http
      .get('/api/auth/me')
      .set({ Authorization: 'Bearer not-a-token-anyone-was-given' })
      .expect(401);
    expect(refused.body).toEqual(unknown.body);
    // A write with it is refused too.
    await t.http.post('/api/tournaments').set(judge).send({ name: 'X' }).expect(401);
  });

  test('a wrong password and an unknown email get the same 401', async () => {
    const wrong = await t.http
      .post('/api/auth/sign-in')
      .send({ email: ORGANISER.email, password: 'nope' })
      .expect(401);
    const unknown = await t.http
      .post('/api/auth/sign-in')
      .send({ email: 'who@example.org', password: 'nope' })
      .expect(401);
    expect(wrong.body).toEqual({
      statusCode: 401,
      code: 'UNAUTHENTICATED',
      message: 'the email or the password is wrong',
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  test('a session cookie works for the same routes', async () => {
    const res = await t.http
      .post('/api/auth/sign-in')
      .send({ email: ORGANISER.email, password: ORGANISER.password })
      .expect(200);
    const cookies = res.headers['set-cookie'] as unknown as string[];
    // The device cookie (a device that signed in before) comes with it.
    const session = cookies.find((c) => c.startsWith('arbiter_session='));
    expect(session).toMatch(/^arbiter_session=.+HttpOnly/);
    await t.http.get('/api/auth/me').set('Cookie', session!.split(';')[0]).expect(200);
  });

  test('only the administrator creates accounts; a judge or another organiser gets 403, nobody 401', async () => {
    const judge = await t.account('judge');
    const organiser = await t.account('organiser');
    const body = { email: 'x@example.org', name: 'X', role: 'judge', password: '0123456789' };
    for (const who of [judge, organiser]) {
      const forbidden = await t.http.post('/api/users').set(who).send(body).expect(403);
      expect(forbidden.body.code).toBe('ADMINISTRATOR_ONLY');
    }
    await t.http.post('/api/users').send(body).expect(401);
    await t.http.post('/api/users').set(t.organiser).send(body).expect(201);
  });

  test('bad input is a 400 naming the field; a duplicate account a 409', async () => {
    const bad = await t.http
      .post('/api/users')
      .set(t.organiser)
      .send({ email: 'x', name: '', role: 'king', password: 'short', extra: 1 })
      .expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(bad.body.message).toContain('property extra should not exist');
    expect(bad.body.message).toContain(
      'role must be one of the following values: organiser, judge',
    );
    expect(bad.body.message).toContain('password must have at least 10 characters');
    const dup = await t.http
      .post('/api/users')
      .set(t.organiser)
      .send({ email: ORGANISER.email, name: 'Again', role: 'judge', password: '0123456789' })
      .expect(409);
    expect(dup.body.code).toBe('USER_EXISTS');
  });

  test('broken JSON is a 400, not a 500', async () => {
    const res = await t.http
      .post('/api/auth/sign-in')
      .set('Content-Type', 'application/json')
      .send('{"email": ')
      .expect(400);
    expect(res.body.statusCode).toBe(400);
  });

  test('signing out ends the token', async () => {
    const judge = await t.account('judge');
    await t.http.post('/api/auth/sign-out').set(judge).expect(204);
    await t.http.get('/api/auth/me').set(judge).expect(401);
  });
});

describe('create-user on the command line', () => {
  test('creates an account in the server database, refuses duplicates and bad input', async () => {
    const cli = join(__dirname, '..', '..', '..', 'dist', 'src', 'cli', 'main.js');
    const t = await startTestApp();
    try {
      const env = {
        ...process.env,
        ...t.databaseEnv,
        ARBITER_PASSWORD: undefined as unknown as string,
      };
      const run = (args: string[], input?: string, extra: Record<string, string> = {}) =>
        spawnSync(process.execPath, [cli, 'create-user', ...args], {
          encoding: 'utf8',
          input,
          env: { ...env, ...extra },
        });
      const made = run(
        ['--email', 'Judy@Example.org', '--name', 'Judy Judge', '--role', 'judge'],
        'judy-password-1\n',
      );
      expect(made.stderr).toBe('');
      expect(made.status).toBe(0);
      expect(made.stdout).toMatch(/^created judge judy@example\.org/);
      await t.http
        .post('/api/auth/sign-in')
        .send({ email: 'judy@example.org', password: 'judy-password-1' })
        .expect(200);
      const again = run(
        ['--email', 'judy@example.org', '--name', 'J', '--role', 'judge'],
        undefined,
        { ARBITER_PASSWORD: 'another-password' },
      );
      expect(again).toMatchObject({
        status: 2,
        stderr: 'create-user: an account for judy@example.org already exists\n',
      });
      const bad = run(['--email', 'x', '--role', 'king'], 'short\n');
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain('--email must be an email address');
      expect(bad.stderr).toContain('--role must be organiser or judge');
      expect(bad.stderr).toContain('at least 10 characters');
      expect(run(['--password', 'x'], '').stderr).toContain('the password is never an option');
    } finally {
      await t.close();
    }
  });
});
