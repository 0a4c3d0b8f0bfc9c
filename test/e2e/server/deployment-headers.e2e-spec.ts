import { DATABASE_KIND, ORGANISER, startTestApp, TestApp } from '../harness';
import { startWithEnv } from '../with-env';

/** The `arbiter_session` Set-Cookie of an answer. */
function sessionSetCookie(res: { headers: Record<string, unknown> }): string {
  const all = ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []);
  const cookie = all.find((c) => c.startsWith('arbiter_session='));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(all)}`);
  return cookie;
}

const attributes = (cookie: string) =>
  cookie
    .split(';')
    .slice(1)
    .map((a) => a.trim().split('=')[0].toLowerCase());

/**
 * Cookies and headers fit the deployment: the session cookie is `Secure` when the page
 * was reached over HTTPS, which behind a reverse proxy only TRUST_PROXY lets the proxy
 * say (`X-Forwarded-Proto`); every answer is `nosniff`; none says what runs it.
 */
describe(`cookies and headers for the deployment (${DATABASE_KIND})`, () => {
  let plain: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    plain = await startTestApp();
    proxied = await startWithEnv({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await plain?.close();
    await proxied?.close();
  });

  const apiSignIn = (t: TestApp, headers: Record<string, string> = {}) =>
    t.http
      .post('/api/auth/sign-in')
      .set(headers)
      .send({ email: ORGANISER.email, password: ORGANISER.password, kind: 'session' })
      .expect(200);
  const pageSignIn = (t: TestApp, headers: Record<string, string> = {}) =>
    t.http
      .post('/sign-in')
      .set('Origin', t.url)
      .set(headers)
      .type('form')
      .send({ username: ORGANISER.email, password: ORGANISER.password })
      .expect(303);

  test('over plain HTTP the session cookie is not Secure, and a client saying https is not believed', async () => {
    const sent: Record<string, string>[] = [{}, { 'X-Forwarded-Proto': 'https' }];
    for (const headers of sent) {
      for (const cookie of [
        sessionSetCookie(await apiSignIn(plain, headers)),
        sessionSetCookie(await pageSignIn(plain, headers)),
      ]) {
        expect(attributes(cookie)).toEqual(
          expect.arrayContaining(['httponly', 'samesite', 'path', 'expires']),
        );
        expect(attributes(cookie)).not.toContain('secure');
      }
    }
  });

  test('with TRUST_PROXY, the proxy saying https makes the session cookie Secure (API and page)', async () => {
    const https = { 'X-Forwarded-Proto': 'https' };
    for (const cookie of [
      sessionSetCookie(await apiSignIn(proxied, https)),
      sessionSetCookie(await pageSignIn(proxied, https)),
    ]) {
      expect(attributes(cookie)).toContain('secure');
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
    }
    // The proxy saying http (or nothing): not Secure, or the browser would drop it.
    const plainly: Record<string, string>[] = [{}, { 'X-Forwarded-Proto': 'http' }];
    for (const headers of plainly) {
      expect(attributes(sessionSetCookie(await apiSignIn(proxied, headers)))).not.toContain(
        'secure',
      );
    }
    // A Secure session cookie works for the requests that follow.
    const cookie = sessionSetCookie(await pageSignIn(proxied, https)).split(';')[0];
    const me = await proxied.http.get('/api/auth/me').set('Cookie', cookie).set(https).expect(200);
    expect(me.body.email).toBe(ORGANISER.email);
  });

  test('with TRUST_PROXY the sign-in throttle counts the address the proxy names', async () => {
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    // 20 failures from one client address hold that address, not another one.
    for (let i = 0; i < 20; i++) {
      await proxied.http
        .post('/api/auth/sign-in')
        .set(from('198.51.100.7'))
        .send({ email: `spray-${i}@example.org`, password: 'wrong-password' })
        .expect(401);
    }
    await proxied.http
      .post('/api/auth/sign-in')
      .set(from('198.51.100.7'))
      .send({ email: ORGANISER.email, password: ORGANISER.password })
      .expect(429);
    expect(proxied.log()).toContain('failed sign-ins from the address 198.51.100.7');
    await apiSignIn(proxied, from('198.51.100.8'));
    // A client prepending an address of its own does not escape: the proxy's hop is read.
    await proxied.http
      .post('/api/auth/sign-in')
      .set(from('203.0.113.1, 198.51.100.7'))
      .send({ email: ORGANISER.email, password: ORGANISER.password })
      .expect(429);
  });

  test('every answer is nosniff and none says X-Powered-By: API reads, API errors, pages', async () => {
    const answers = await Promise.all([
      plain.http.get('/api/tournaments').expect(200),
      plain.http.get('/api/games/999999').expect(404),
      plain.http.get('/api/games/abc').expect(400),
      plain.http.post('/api/tournaments').send({ name: 'x' }).expect(401),
      plain.http
        .post('/api/auth/sign-in')
        .set('Content-Type', 'application/json')
        .send('{"email":')
        .expect(400),
      plain.http.get('/api/docs-json').expect(200),
      plain.http.get('/').expect(200),
      plain.http.get('/no-such-page').set('Accept', 'text/html').expect(404),
      plain.http.get('/api/health').expect(200),
    ]);
    for (const [i, res] of answers.entries()) {
      const where = `answer ${i + 1} (${res.status})`;
      expect([where, res.headers['x-content-type-options']]).toEqual([where, 'nosniff']);
      expect([where, res.headers['x-powered-by']]).toEqual([where, undefined]);
    }
  });
});
