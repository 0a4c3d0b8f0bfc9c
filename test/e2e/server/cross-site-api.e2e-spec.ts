import { adminCookie } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { createTournament, register } from '../tournament-helpers';

describe(`the JSON API refuses cross-site writes made with the session cookie (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let cookie: string;
  let accounts = 0;
  /** Another port of the same host: the same "site" to SameSite=Lax, so the browser sends the cookie. */
  let foreign: string;

  beforeAll(async () => {
    t = await startTestApp();
    cookie = await adminCookie(t);
    const port = Number(new URL(t.url).port);
    foreign = `http://127.0.0.1:${port === 65535 ? port - 1 : port + 1}`;
  });
  afterAll(async () => {
    await t.close();
  });

  const organiser = () => ({
    email: `new-${++accounts}@example.org`,
    name: `New organiser ${accounts}`,
    role: 'organiser',
    password: 'a long password 123',
  });
  const users = async () =>
    ((await t.http.get('/api/users').set(t.organiser).expect(200)).body as unknown[]).length;

  test('cookie and a foreign Origin: 403 CROSS_SITE, and no organiser is created', async () => {
    const before = await users();
    const res = await t.http
      .post('/api/users')
      .set('Cookie', cookie)
      .set('Origin', foreign)
      .send(organiser());
    expect([res.status, res.body.code]).toEqual([403, 'CROSS_SITE']);
    expect(res.body.message).toMatch(/Origin, or Referer, must name this host.*bearer token/);
    expect(await users()).toBe(before);
  });

  test('cookie with neither Origin nor Referer, or an Origin of null: 403', async () => {
    const before = await users();
    const bare = await t.http.post('/api/users').set('Cookie', cookie).send(organiser());
    expect([bare.status, bare.body.code]).toEqual([403, 'CROSS_SITE']);
    const sandboxed = await t.http
      .post('/api/users')
      .set('Cookie', cookie)
      .set('Origin', 'null')
      .send(organiser());
    expect(sandboxed.status).toBe(403);
    const referred = await t.http
      .post('/api/users')
      .set('Cookie', cookie)
      .set('Referer', `${foreign}/attack.html`)
      .send(organiser());
    expect(referred.status).toBe(403);
    expect(await users()).toBe(before);
  });

  test('a write with no body at all (withdrawing a player) is refused the same way', async () => {
    const { divisionId } = await createTournament(t, { name: 'X', ruleSet: 'kvizovka', rounds: 3 });
    const [ana] = await register(t, divisionId, ['Ana', 'Branko']);
    const res = await t.http
      .post(`/api/players/${ana.id}/withdraw`)
      .set('Cookie', cookie)
      .set('Origin', foreign);
    expect([res.status, res.body.code]).toEqual([403, 'CROSS_SITE']);
    const player = (await t.http.get(`/api/players/${ana.id}`).expect(200)).body as {
      active: boolean;
    };
    expect(player.active).toBe(true);
  });

  test('cookie and this very Origin (or Referer): the write is done', async () => {
    const before = await users();
    await t.http
      .post('/api/users')
      .set('Cookie', cookie)
      .set('Origin', t.url)
      .send(organiser())
      .expect(201);
    await t.http
      .post('/api/users')
      .set('Cookie', cookie)
      .set('Referer', `${t.url}/organiser`)
      .send(organiser())
      .expect(201);
    expect(await users()).toBe(before + 2);
  });

  test('a bearer token needs no Origin, and is not refused for a foreign one', async () => {
    await t.http.post('/api/users').set(t.organiser).send(organiser()).expect(201);
    await t.http
      .post('/api/users')
      .set(t.organiser)
      .set('Cookie', cookie)
      .set('Origin', foreign)
      .send(organiser())
      .expect(201);
  });

  test('reads with the cookie need no Origin', async () => {
    await t.http.get('/api/auth/me').set('Cookie', cookie).expect(200);
    await t.http.get('/api/users').set('Cookie', cookie).expect(200);
  });

  test('a form-encoded, multipart or text body to a JSON route: 415 with a sentence, even from this site', async () => {
    const before = await users();
    const form = await t.http
      .post('/api/users')
      .set('Cookie', cookie)
      .set('Origin', t.url)
      .type('form')
      .send(organiser());
    expect([form.status, form.body.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    expect(form.body.message).toBe(
      'POST /api/users takes JSON (Content-Type: application/json), not a body of type ' +
        'application/x-www-form-urlencoded; the API refuses form posts, so that no page of ' +
        'another site can post one with your session',
    );
    const multipart = await t.http
      .post('/api/users')
      .set(t.organiser)
      .field('email', 'm@example.org')
      .field('role', 'organiser');
    expect(multipart.status).toBe(415);
    // A form with enctype=text/plain can spell JSON; it is still not JSON.
    const text = await t.http
      .post('/api/users')
      .set('Cookie', cookie)
      .set('Origin', t.url)
      .set('Content-Type', 'text/plain')
      .send(`${JSON.stringify(organiser()).slice(0, -1)},"x":"="}`);
    expect(text.status).toBe(415);
    expect(await users()).toBe(before);
  });
});
