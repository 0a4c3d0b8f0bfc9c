import { decode, mainText } from '../../browser/site';
import { DATABASE_KIND, ORGANISER, startTestApp, TestApp } from '../harness';
import { createTournament } from '../tournament-helpers';

interface UserJson {
  id: number;
  email: string;
  name: string;
  role: string;
  admin: boolean;
}

/**
 * The site administrator's accounts page and API: every account with its tournament roles, a
 * new account by the form, a new password that signs the account out everywhere, and an
 * account's removal, asked first. The harness's organiser is the administrator.
 */
describe(`the administrator's accounts (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let admin: string;

  /** Signs in through the page form; the session's `Cookie` header. */
  const pageSignIn = async (email: string, password: string): Promise<string> => {
    const res = await t.http
      .post('/sign-in')
      .set('Origin', t.url)
      .type('form')
      .send({ username: email, password })
      .expect(303);
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('arbiter_session='));
    if (!cookie) throw new Error('no session cookie');
    return cookie.split(';')[0];
  };
  const get = (path: string, cookie = admin) => t.http.get(path).set('Cookie', cookie);
  const post = (path: string, form: Record<string, string>, cookie = admin) =>
    t.http.post(path).set('Origin', t.url).type('form').set('Cookie', cookie).send(form);
  const users = async () =>
    (await t.http.get('/api/users').set(t.organiser).expect(200)).body as UserJson[];
  const userByEmail = async (email: string) => (await users()).find((u) => u.email === email);
  const apiSignIn = (email: string, password: string) =>
    t.http.post('/api/auth/sign-in').send({ email, password, kind: 'api' });
  /** An account made through the API, signed in: its bearer header. */
  const account = async (role: 'organiser' | 'judge', email: string, password: string) => {
    await t.http
      .post('/api/users')
      .set(t.organiser)
      .send({ email, password, role, name: `${role} ${email.split('@')[0]}` })
      .expect(201);
    const res = await apiSignIn(email, password).expect(200);
    return { Authorization: `Bearer ${(res.body as { token: string }).token}` };
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await pageSignIn(ORGANISER.email, ORGANISER.password);
  });
  afterAll(() => t.close());

  test('the page lists every account with the tournaments it has a role in', async () => {
    const judge = await account('judge', 'jelena.judge@example.org', 'jelena-password-1');
    const { id } = await createTournament(t, {
      name: 'Kup Čačka',
      ruleSet: 'kvizovka',
      rounds: 3,
    });
    await t.http
      .post(`/api/tournaments/${id}/roles`)
      .set(t.organiser)
      .send({ email: 'jelena.judge@example.org', role: 'judge' })
      .expect(200);
    expect(judge.Authorization).toMatch(/^Bearer /);
    const html = (await get('/organiser/accounts?lang=sr-Latn').expect(200)).text;
    const text = mainText(html);
    expect(text).toContain(ORGANISER.name);
    expect(text).toContain('administrator sajta');
    expect(text).toContain('jelena.judge@example.org');
    expect(text).toContain('Kup Čačka vlasnik');
    expect(text).toContain('Kup Čačka sudija');
    expect(html).toContain(`<a href="/organiser/tournaments/${id}">Kup Čačka</a>`);
    // The administrator's own account is not removed from here.
    const me = (await userByEmail(ORGANISER.email))!;
    expect(html).not.toContain(`action="/organiser/accounts/${me.id}/remove"`);
    const english = mainText((await get('/organiser/accounts?lang=en').expect(200)).text);
    expect(english).toContain('site administrator');
    expect(english).toContain('Kup Čačka judge');
  });

  test('an organiser who is not the administrator gets 403 on the page and on the API', async () => {
    const organiser = await account('organiser', 'other.organiser@example.org', 'other-password-1');
    const cookie = await pageSignIn('other.organiser@example.org', 'other-password-1');
    await get('/organiser/accounts', cookie).expect(403);
    await post(
      '/organiser/accounts',
      {
        name: 'X',
        email: 'x@example.org',
        role: 'judge',
        password: 'x'.repeat(12),
        repeat: 'x'.repeat(12),
      },
      cookie,
    ).expect(403);
    const me = (await userByEmail(ORGANISER.email))!;
    await t.http.get('/api/users').set(organiser).expect(403);
    await t.http
      .patch(`/api/users/${me.id}`)
      .set(organiser)
      .send({ password: 'taken-over-1234' })
      .expect(403);
    await t.http.delete(`/api/users/${me.id}`).set(organiser).expect(403);
    // Nothing changed: the administrator still signs in with their own password.
    await apiSignIn(ORGANISER.email, ORGANISER.password).expect(200);
  });

  test('an account is made by the form, and a short password is refused in the page language', async () => {
    const short = await post('/organiser/accounts?lang=sr-Latn', {
      name: 'Marko Sudija',
      email: 'marko@example.org',
      role: 'judge',
      password: 'kratka',
      repeat: 'kratka',
    }).expect(400);
    expect(decode(short.text)).toContain('Lozinka mora imati najmanje 10 znakova.');
    expect(short.text).toContain('aria-describedby="e-password"');
    // What was typed stays, but never the password.
    expect(short.text).toContain('value="marko@example.org"');
    expect(short.text).not.toContain('kratka');
    expect(await userByEmail('marko@example.org')).toBeUndefined();

    const notSame = await post('/organiser/accounts?lang=en', {
      name: 'Marko Sudija',
      email: 'marko@example.org',
      role: 'judge',
      password: 'dugacka-lozinka',
      repeat: 'dugacka-lozinka2',
    }).expect(400);
    expect(decode(notSame.text)).toContain('The repeated password is not the same as the first.');

    const made = await post('/organiser/accounts?lang=sr-Latn', {
      name: 'Marko Sudija',
      email: 'Marko@Example.org',
      role: 'judge',
      password: 'dugacka-lozinka',
      repeat: 'dugacka-lozinka',
    }).expect(303);
    const marko = (await userByEmail('marko@example.org'))!;
    expect(marko).toMatchObject({ name: 'Marko Sudija', role: 'judge', admin: false });
    expect(made.headers.location).toContain(`made=${marko.id}`);
    const page = mainText((await get(made.headers.location).expect(200)).text);
    expect(page).toContain('Nalog je napravljen za Marko Sudija.');
    await apiSignIn('marko@example.org', 'dugacka-lozinka').expect(200);

    const again = await post('/organiser/accounts?lang=sr-Latn', {
      name: 'Marko Drugi',
      email: 'marko@example.org',
      role: 'organiser',
      password: 'dugacka-lozinka',
      repeat: 'dugacka-lozinka',
    }).expect(400);
    expect(decode(again.text)).toContain('Nalog sa tom e-poštom već postoji.');
  });

  test('a new password signs the account out everywhere, and the new one signs in', async () => {
    const old = await account('judge', 'forgetful@example.org', 'forgotten-password-1');
    const forgetful = (await userByEmail('forgetful@example.org'))!;
    await t.http.get('/api/auth/me').set(old).expect(200);

    const ask = mainText(
      (await get(`/organiser/accounts/${forgetful.id}/password?lang=sr-Latn`).expect(200)).text,
    );
    expect(ask).toContain('odjavljuje svuda');
    const mismatch = await post(`/organiser/accounts/${forgetful.id}/password?lang=sr-Latn`, {
      password: 'nova-lozinka-1',
      repeat: 'nova-lozinka-2',
    }).expect(400);
    expect(decode(mismatch.text)).toContain('Ponovljena lozinka nije ista kao prva.');
    await t.http.get('/api/auth/me').set(old).expect(200);

    const done = await post(`/organiser/accounts/${forgetful.id}/password?lang=sr-Latn`, {
      password: 'nova-lozinka-1',
      repeat: 'nova-lozinka-1',
    }).expect(303);
    expect(mainText((await get(done.headers.location).expect(200)).text)).toContain(
      'ima novu lozinku i odjavljen je na svim uređajima',
    );
    await t.http.get('/api/auth/me').set(old).expect(401);
    await apiSignIn('forgetful@example.org', 'forgotten-password-1').expect(401);
    await apiSignIn('forgetful@example.org', 'nova-lozinka-1').expect(200);

    // The API does the same, and refuses a short password with a message naming it.
    const bad = await t.http
      .patch(`/api/users/${forgetful.id}`)
      .set(t.organiser)
      .send({ password: 'short' })
      .expect(400);
    expect(JSON.stringify(bad.body)).toContain('password must have at least 10 characters');
    const signedIn = await apiSignIn('forgetful@example.org', 'nova-lozinka-1').expect(200);
    const bearer = { Authorization: `Bearer ${(signedIn.body as { token: string }).token}` };
    const patched = await t.http
      .patch(`/api/users/${forgetful.id}`)
      .set(t.organiser)
      .send({ password: 'treca-lozinka-3' })
      .expect(200);
    expect(patched.body).toMatchObject({ id: forgetful.id, email: 'forgetful@example.org' });
    expect(patched.body).not.toHaveProperty('passwordHash');
    await t.http.get('/api/auth/me').set(bearer).expect(401);
    await apiSignIn('forgetful@example.org', 'treca-lozinka-3').expect(200);
    await t.http
      .patch('/api/users/999999')
      .set(t.organiser)
      .send({ password: 'treca-lozinka-3' })
      .expect(404);
  });

  test('removing an account asks first, says what goes with it, then removes', async () => {
    const gone = await account('organiser', 'leaving@example.org', 'leaving-password-1');
    const { id, divisionId } = await createTournament(t, {
      name: 'Memorijal',
      ruleSet: 'kvizovka',
      rounds: 2,
    });
    await t.http
      .post(`/api/tournaments/${id}/roles`)
      .set(t.organiser)
      .send({ email: 'leaving@example.org', role: 'co-director' })
      .expect(200);
    const leaving = (await userByEmail('leaving@example.org'))!;
    // What the account wrote, before it goes: a player registered by it.
    await t.http
      .post(`/api/divisions/${divisionId}/players`)
      .set(gone)
      .send({ name: 'Ana Anić', rating: 1500 })
      .expect(201);

    const ask = await post(`/organiser/accounts/${leaving.id}/remove?lang=sr-Latn`, {}).expect(200);
    const asked = mainText(ask.text);
    expect(asked).toContain('Ukloniti nalog');
    expect(asked).toContain('S njim odlazi 1 uloga na turniru:');
    expect(asked).toContain('Memorijal: suorganizator');
    expect(ask.text).toContain('name="confirm" value="1"');
    // Asked, not done.
    expect(await userByEmail('leaving@example.org')).toBeDefined();

    const done = await post(`/organiser/accounts/${leaving.id}/remove?lang=sr-Latn`, {
      confirm: '1',
    }).expect(303);
    expect(mainText((await get(done.headers.location).expect(200)).text)).toContain(
      `Nalog ${leaving.name} je uklonjen.`,
    );
    expect(await userByEmail('leaving@example.org')).toBeUndefined();
    await t.http.get('/api/auth/me').set(gone).expect(401);
    const roles = (await t.http.get(`/api/tournaments/${id}/roles`).set(t.organiser).expect(200))
      .body as { email: string }[];
    expect(roles.map((r) => r.email)).toEqual([ORGANISER.email]);
    // The director's log keeps the name as written then.
    const log = (await t.http.get(`/api/tournaments/${id}/log`).set(t.organiser).expect(200))
      .body as { entries: { action: string; by: { name: string; email: string | null } | null }[] };
    expect(log.entries.find((e) => e.action === 'player.registered')?.by).toMatchObject({
      name: leaving.name,
      email: 'leaving@example.org',
    });
  });

  test("the administrator's own account is not removed, by the page or the API", async () => {
    const me = (await userByEmail(ORGANISER.email))!;
    const page = await post(`/organiser/accounts/${me.id}/remove?lang=sr-Latn`, {
      confirm: '1',
    }).expect(303);
    expect(mainText((await get(page.headers.location).expect(200)).text)).toContain(
      'Svoj nalog ne možete ukloniti.',
    );
    const api = await t.http.delete(`/api/users/${me.id}`).set(t.organiser).expect(409);
    expect(api.body).toMatchObject({ code: 'OWN_ACCOUNT' });
    await t.http.delete('/api/users/999999').set(t.organiser).expect(404);

    await account('judge', 'api-removed@example.org', 'removed-password-1');
    const other = (await userByEmail('api-removed@example.org'))!;
    await t.http.delete(`/api/users/${other.id}`).set(t.organiser).expect(204);
    expect(await userByEmail('api-removed@example.org')).toBeUndefined();
  });
});
