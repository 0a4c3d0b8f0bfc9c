import Database from 'better-sqlite3';
import { createHash } from 'crypto';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';
import { decode, mainText } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { enterResult, pair, register, type Auth, type RoundJson } from '../tournament-helpers';

/** Runs one statement on the server's own database (as an operator at the console would). */
async function sql(t: TestApp, statement: string, values: unknown[]): Promise<number> {
  if (t.databaseEnv.DATABASE_URL) {
    const db = new Client({ connectionString: t.databaseEnv.DATABASE_URL });
    await db.connect();
    try {
      return (await db.query(statement, values)).rowCount ?? 0;
    } finally {
      await db.end();
    }
  }
  const db = new Database(t.databaseEnv.DATABASE_PATH);
  try {
    return db.prepare(statement.replace(/\$\d+/g, '?')).run(...values).changes;
  } finally {
    db.close();
  }
}

const tokenHash = (link: string) =>
  createHash('sha256')
    .update(`invitation\n${new URL(link).pathname.split('/').pop()}`)
    .digest('hex');

/** The session cookie a response set, as a `Cookie` header. */
function sessionOf(res: { headers: Record<string, unknown> }): string {
  const cookie = ([] as string[])
    .concat((res.headers['set-cookie'] as string[] | undefined) ?? [])
    .find((c) => c.startsWith('arbiter_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0];
}

/** Invitations to a role in one tournament, through HTTP, on a real database. */
describe(`invitations (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let owner: Auth;
  let ownerEmail: string;
  let tournamentA: number;
  let tournamentB: number;
  let gameA: { id: number };
  let gameB: { id: number };

  const path = (link: string) => new URL(link).pathname;
  const invite = (who: Auth, tournament: number, body: Record<string, string>, status = 201) =>
    t.http.post(`/api/tournaments/${tournament}/invitations`).set(who).send(body).expect(status);
  const answer = (link: string, form: Record<string, string>, cookie?: string) => {
    const req = t.http.post(path(link)).set('Origin', t.url).type('form');
    if (cookie) void req.set('Cookie', cookie);
    return req.send(form);
  };

  async function tournamentWithGame(name: string): Promise<{ id: number; game: { id: number } }> {
    const res = await t.http
      .post('/api/tournaments')
      .set(owner)
      .send({ name, ruleSet: 'kvizovka', rounds: 3 })
      .expect(201);
    const divisionId = res.body.divisions[0].id as number;
    await register(t, divisionId, ['Ana', 'Branko']);
    const round: RoundJson = await pair(t, divisionId);
    return { id: res.body.id, game: round.games[0] };
  }

  beforeAll(async () => {
    t = await startTestApp(undefined, {
      SIGN_IN_ACCOUNT_FAILURES: '3',
      SIGN_IN_FIRST_WAIT_MS: '60000',
    });
    ownerEmail = 'vlasnica@example.org';
    owner = await t.account('organiser', ownerEmail);
    ({ id: tournamentA, game: gameA } = await tournamentWithGame('Kup pozivnica'));
    ({ id: tournamentB, game: gameB } = await tournamentWithGame('Drugi kup'));
  });
  afterAll(async () => {
    await t.close();
  });

  test('an owner invites a judge: the link makes the account, which judges that tournament alone', async () => {
    const sent = await invite(owner, tournamentA, {
      email: 'Sara@Example.org',
      name: 'Sara Sudić',
      role: 'judge',
    });
    expect(sent.body.invitation).toMatchObject({
      email: 'sara@example.org',
      name: 'Sara Sudić',
      role: 'judge',
    });
    // Seven days by default.
    const days = (Date.parse(sent.body.invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(sent.body.mailed).toBeNull();
    const link = sent.body.link as string;
    expect(link).toMatch(new RegExp(`^${t.url}/invitations/[A-Za-z0-9_-]{32}$`));
    // Listed as pending, without its token.
    const pending = await t.http
      .get(`/api/tournaments/${tournamentA}/invitations`)
      .set(owner)
      .expect(200);
    expect(pending.body).toHaveLength(1);
    expect(JSON.stringify(pending.body)).not.toContain(path(link).split('/').pop());

    const page = await t.http.get(path(link)).expect(200);
    const text = mainText(page.text);
    expect(text).toContain('Kup pozivnica');
    expect(text).toContain('sudija');
    expect(decode(page.text)).toContain('value="Sara Sudić"');
    // Two passwords that differ: refused, nothing made.
    const differ = await answer(link, {
      name: 'Sara Sudić',
      password: 'sudijska-lozinka',
      repeat: 'sudijska-lozinkA',
    }).expect(400);
    expect(mainText(differ.text)).toContain('Dve lozinke se razlikuju.');
    const short = await answer(link, { name: 'Sara', password: 'kratka', repeat: 'kratka' });
    expect(short.status).toBe(400);
    await t.http
      .post('/api/auth/sign-in')
      .send({ email: 'sara@example.org', password: 'sudijska-lozinka', kind: 'api' })
      .expect(401);

    const accepted = await answer(link, {
      name: 'Sara Sudić',
      password: 'sudijska-lozinka',
      repeat: 'sudijska-lozinka',
    }).expect(303);
    expect(accepted.headers.location).toBe('/judge');
    const cookie = sessionOf(accepted);
    const judgePage = await t.http.get('/judge').set('Cookie', cookie).expect(200);
    expect(mainText(judgePage.text)).toContain('Kup pozivnica');
    expect(mainText(judgePage.text)).not.toContain('Drugi kup');

    const signed = await t.http
      .post('/api/auth/sign-in')
      .send({ email: 'sara@example.org', password: 'sudijska-lozinka', kind: 'api' })
      .expect(200);
    expect(signed.body.user.role).toBe('judge');
    const judge = { Authorization: `Bearer ${signed.body.token}` };
    await enterResult(t, judge, gameA, { scores: [400, 350], clocks: ['01:00', '02:00'] });
    const refused = await t.http
      .put(`/api/games/${gameB.id}/result`)
      .set(judge)
      .send({ scores: [400, 350], clocks: ['01:00', '02:00'] })
      .expect(403);
    expect(refused.body.code).toBe('NOT_IN_TOURNAMENT');

    const roles = await t.http.get(`/api/tournaments/${tournamentA}/roles`).set(owner).expect(200);
    expect(roles.body.map((r: { email: string; role: string }) => [r.email, r.role])).toEqual([
      [ownerEmail, 'owner'],
      ['sara@example.org', 'judge'],
    ]);
    // No longer pending; the director's log has it sent and accepted.
    await t.http
      .get(`/api/tournaments/${tournamentA}/invitations`)
      .set(owner)
      .expect(200)
      .expect([]);
    const log = await t.http.get(`/api/tournaments/${tournamentA}/log`).set(owner).expect(200);
    const actions = JSON.stringify(log.body);
    expect(actions).toContain('invitation.sent');
    expect(actions).toContain('invitation.accepted');

    // Used: the link is refused, GET and POST alike, and no second account is made.
    const again = await t.http.get(path(link)).expect(410);
    expect(mainText(again.text)).toMatch(/Ova pozivnica je iskorišćena \d/);
    expect(again.text).toContain('href="/sign-in"');
    await answer(link, { name: 'X', password: 'druga-lozinka', repeat: 'druga-lozinka' }).expect(
      410,
    );
    await t.http
      .post('/api/auth/sign-in')
      .send({ email: 'sara@example.org', password: 'druga-lozinka', kind: 'api' })
      .expect(401);
  });

  test('unknown tokens are 404', async () => {
    await t.http.get('/invitations/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').expect(404);
    await t.http.get('/invitations/not-a-token').expect(404);
    await answer(`${t.url}/invitations/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, {
      password: 'x',
    }).expect(404);
  });

  test('sent again to the same address: the newer link replaces the open one', async () => {
    const first = await invite(owner, tournamentB, {
      email: 'Dvaput@example.org',
      name: 'Dvaput',
      role: 'judge',
    });
    const second = await invite(owner, tournamentB, {
      email: 'dvaput@example.org',
      name: 'Dvaput Drugi',
      role: 'co-director',
    });
    const pending = await t.http
      .get(`/api/tournaments/${tournamentB}/invitations`)
      .set(owner)
      .expect(200);
    const toThem = (pending.body as { email: string; name: string; role: string }[]).filter(
      (i) => i.email === 'dvaput@example.org',
    );
    expect(toThem).toEqual([
      expect.objectContaining({ name: 'Dvaput Drugi', role: 'co-director' }),
    ]);
    await t.http.get(path(first.body.link)).expect(404);
    await t.http.get(path(second.body.link)).expect(200);
    // Another tournament's invitation to that address is its own.
    const elsewhere = await invite(owner, tournamentA, {
      email: 'dvaput@example.org',
      name: 'Dvaput',
      role: 'judge',
    });
    await t.http.get(path(second.body.link)).expect(200);
    await t.http
      .delete(`/api/tournaments/${tournamentA}/invitations/${elsewhere.body.invitation.id}`)
      .set(owner)
      .expect(204);
    // The director's log says what the replaced invitation said otherwise.
    const log = await t.http.get(`/api/tournaments/${tournamentB}/log`).set(owner).expect(200);
    const sent = JSON.stringify(log.body);
    expect(sent).toContain(JSON.stringify({ name: 'Dvaput', role: 'judge' }).slice(1, -1));
    expect(sent).toContain('"name":"Dvaput Drugi","email":"dvaput@example.org"');
  });

  test('an expired invitation is refused, naming the day and whom to ask', async () => {
    const sent = await invite(owner, tournamentA, {
      email: 'kasni@example.org',
      name: 'Kasni Kasnić',
      role: 'judge',
      lang: 'en',
    });
    const link = sent.body.link as string;
    await t.http.get(path(link)).expect(200);
    expect(
      await sql(t, 'UPDATE invitations SET expires_at = $1 WHERE token_hash = $2', [
        '2020-01-01 10:00:00',
        tokenHash(link),
      ]),
    ).toBe(1);
    const page = await t.http.get(path(link)).expect(410);
    // In the invitation's language (English), and asked otherwise by ?lang=.
    expect(mainText(page.text)).toContain('This invitation expired on 2020-01-01');
    expect(mainText(page.text)).toContain('organiser 1');
    const hr = await t.http.get(`${path(link)}?lang=hr`).expect(410);
    expect(mainText(hr.text)).toContain('Ova je pozivnica istekla');
    await answer(link, {
      name: 'Kasni',
      password: 'kasna-lozinka-1',
      repeat: 'kasna-lozinka-1',
    }).expect(410);
    await t.http
      .post('/api/auth/sign-in')
      .send({ email: 'kasni@example.org', password: 'kasna-lozinka-1', kind: 'api' })
      .expect(401);
    // Not pending any more.
    const pending = await t.http
      .get(`/api/tournaments/${tournamentA}/invitations`)
      .set(owner)
      .expect(200);
    expect(pending.body.map((i: { email: string }) => i.email)).not.toContain('kasni@example.org');
  });

  test('two answers at once: one account, the other answer finds the link used', async () => {
    const sent = await invite(owner, tournamentA, {
      email: 'dvaput@example.org',
      name: 'Dva Puta',
      role: 'judge',
    });
    const form = { name: 'Dva Puta', password: 'dvaput-lozinka', repeat: 'dvaput-lozinka' };
    const answers = await Promise.all([answer(sent.body.link, form), answer(sent.body.link, form)]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 410]);
    const roles = await t.http.get(`/api/tournaments/${tournamentA}/roles`).set(owner).expect(200);
    expect(
      roles.body.filter((r: { email: string }) => r.email === 'dvaput@example.org'),
    ).toHaveLength(1);
  });

  test('a co-director invites judges, not co-directors; the owner withdraws an invitation', async () => {
    await t.account('organiser', 'ko@example.org');
    await t.http
      .post(`/api/tournaments/${tournamentA}/roles`)
      .set(owner)
      .send({ email: 'ko@example.org', role: 'co-director' })
      .expect(200);
    const co = (
      await t.http
        .post('/api/auth/sign-in')
        .send({ email: 'ko@example.org', password: 'organiser-password-2', kind: 'api' })
        .expect(200)
    ).body.token as string;
    const coDirector = { Authorization: `Bearer ${co}` };
    const refused = await invite(
      coDirector,
      tournamentA,
      { email: 'novi@example.org', name: 'Novi', role: 'co-director' },
      403,
    );
    expect(refused.body.code).toBe('OWNER_ONLY');
    const judge = await invite(coDirector, tournamentA, {
      email: 'novi@example.org',
      name: 'Novi',
      role: 'judge',
    });
    // Not in another tournament.
    await invite(
      coDirector,
      tournamentB,
      { email: 'novi@example.org', name: 'Novi', role: 'judge' },
      403,
    );
    // The owner invites a co-director; the co-director cannot withdraw that one, the owner can.
    const coInvite = await invite(owner, tournamentA, {
      email: 'drugi-ko@example.org',
      name: 'Drugi Ko',
      role: 'co-director',
    });
    await t.http
      .delete(`/api/tournaments/${tournamentA}/invitations/${coInvite.body.invitation.id}`)
      .set(coDirector)
      .expect(403);
    await t.http
      .delete(`/api/tournaments/${tournamentA}/invitations/${coInvite.body.invitation.id}`)
      .set(owner)
      .expect(204);
    await t.http.get(path(coInvite.body.link)).expect(404);
    // Another tournament's invitation is not withdrawn through this one.
    await t.http
      .delete(`/api/tournaments/${tournamentB}/invitations/${judge.body.invitation.id}`)
      .set(owner)
      .expect(404);
    // Bad input names the field.
    const bad = await invite(owner, tournamentA, { email: 'nije', name: 'X', role: 'judge' }, 400);
    expect(JSON.stringify(bad.body)).toContain('email');
    await invite(owner, tournamentA, { email: 'a@example.org', name: 'X', role: 'owner' }, 400);
    // The owner's own e-mail: the owner holds a higher role already.
    const held = await invite(
      owner,
      tournamentA,
      { email: ownerEmail, name: 'X', role: 'judge' },
      409,
    );
    expect(held.body.code).toBe('OWNER_STAYS');
  });

  test('an account that exists accepts with its own password; wrong ones are throttled', async () => {
    await t.account('judge', 'postojeci@example.org');
    const sent = await invite(owner, tournamentB, {
      email: 'postojeci@example.org',
      name: 'Postojeći',
      role: 'co-director',
    });
    const link = sent.body.link as string;
    const page = await t.http.get(path(link)).expect(200);
    expect(page.text).toContain('autocomplete="current-password"');
    expect(page.text).not.toContain('name="repeat"');
    const wrong = await answer(link, { password: 'pogresna-lozinka' }).expect(401);
    expect(mainText(wrong.text)).toContain('Lozinka nije tačna.');
    const ok = await answer(link, { password: 'judge-password-3' }).expect(303);
    expect(ok.headers.location).toBe(`/organiser/tournaments/${tournamentB}`);
    await t.http.get(ok.headers.location).set('Cookie', sessionOf(ok)).expect(200);
    // A co-director now: the account reaches the organiser's pages.
    const me = await t.http.get('/api/auth/me').set('Cookie', sessionOf(ok)).expect(200);
    expect(me.body.role).toBe('organiser');

    // Another account, guessed at through an invitation: the sign-in throttle counts each guess.
    await t.account('judge', 'meta@example.org');
    const target = await invite(owner, tournamentB, {
      email: 'meta@example.org',
      name: 'Meta',
      role: 'judge',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await answer(target.body.link, { password: `pogadjam-${i}` })).status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    // Still refused with the right password while the wait runs; the link stays unused.
    const held = await answer(target.body.link, { password: 'judge-password-4' });
    expect(held.status).toBe(429);
    expect(held.headers['retry-after']).toBeDefined();
    await t.http.get(path(target.body.link)).expect(200);
  });

  test('the people page: members, pending invitations, the link shown once, asking before removing', async () => {
    const cookie = sessionOf(
      await t.http
        .post('/sign-in')
        .set('Origin', t.url)
        .type('form')
        .send({ username: ownerEmail, password: 'organiser-password-1' })
        .expect(303),
    );
    const org = (p: string, form: Record<string, string>) =>
      t.http.post(p).set('Origin', t.url).set('Cookie', cookie).type('form').send(form);
    const people = `/organiser/tournaments/${tournamentA}/people`;
    const tournament = await t.http
      .get(`/organiser/tournaments/${tournamentA}`)
      .set('Cookie', cookie)
      .expect(200);
    expect(tournament.text).toContain(`href="${people}"`);
    const invited = await org(`${people}/invite`, {
      name: 'Pera Perić',
      email: 'pera@example.org',
      role: 'co-director',
    }).expect(201);
    const link = decode(/id="invitation-link" value="([^"]+)"/.exec(invited.text)![1]);
    expect(link).toMatch(/\/invitations\/[A-Za-z0-9_-]{32}$/);
    expect(mainText(invited.text)).toContain('Ovaj server ne šalje poštu');
    const page = await t.http.get(people).set('Cookie', cookie).expect(200);
    expect(page.text).not.toContain(link);
    expect(mainText(page.text)).toContain('pera@example.org');
    expect(mainText(page.text)).toContain('Sara Sudić');
    // Withdrawing asks first.
    const withdraw = /action="(\/organiser\/tournaments\/\d+\/invitations\/\d+\/withdraw)"/.exec(
      page.text,
    )![1];
    const ask = await org(withdraw, {}).expect(200);
    expect(mainText(ask.text)).toContain('pera@example.org');
    await t.http.get(path(link)).expect(200);
    await org(withdraw, { confirm: '1' }).expect(303);
    await t.http.get(path(link)).expect(404);
    // Taking a role away asks first too.
    const sara = (
      await t.http.get(`/api/tournaments/${tournamentA}/roles`).set(owner).expect(200)
    ).body.find((r: { email: string }) => r.email === 'sara@example.org') as { userId: number };
    const remove = `${people}/${sara.userId}/remove`;
    const asked = await org(remove, {}).expect(200);
    expect(mainText(asked.text)).toContain('Sara Sudić');
    await org(remove, { confirm: '1' }).expect(303);
    const after = await t.http.get(`/api/tournaments/${tournamentA}/roles`).set(owner).expect(200);
    expect(after.body.map((r: { email: string }) => r.email)).not.toContain('sara@example.org');
    // An account that exists, given a role by its e-mail.
    await org(`${people}/grant`, { grantEmail: 'meta@example.org', grantRole: 'judge' }).expect(
      303,
    );
    const unknown = await org(`${people}/grant`, {
      grantEmail: 'niko@example.org',
      grantRole: 'judge',
    }).expect(404);
    expect(mainText(unknown.text)).toContain('niko@example.org');
    // The director's log names each step in the page's words.
    const log = mainText(
      (
        await t.http
          .get(`/organiser/tournaments/${tournamentA}/log`)
          .set('Cookie', cookie)
          .expect(200)
      ).text,
    );
    for (const line of ['Poslata pozivnica', 'Prihvaćena pozivnica', 'Povučena pozivnica'])
      expect(log).toContain(line);
  });

  test("a co-director's people page offers the judge's role alone", async () => {
    const cookie = sessionOf(
      await t.http
        .post('/sign-in')
        .set('Origin', t.url)
        .type('form')
        .send({ username: 'ko@example.org', password: 'organiser-password-2' })
        .expect(303),
    );
    const page = await t.http
      .get(`/organiser/tournaments/${tournamentA}/people`)
      .set('Cookie', cookie)
      .expect(200);
    expect(page.text).toContain('<option value="judge"');
    expect(page.text).not.toContain('<option value="co-director"');
    // No button for the owner's role nor a co-director's: a judge's only.
    const roles = (await t.http.get(`/api/tournaments/${tournamentA}/roles`).set(owner).expect(200))
      .body as { userId: number; role: string }[];
    for (const r of roles)
      expect([r.role, page.text.includes(`/people/${r.userId}/remove"`)]).toEqual([
        r.role,
        r.role === 'judge',
      ]);
    const refused = await t.http
      .post(`/organiser/tournaments/${tournamentA}/people/invite`)
      .set('Origin', t.url)
      .set('Cookie', cookie)
      .type('form')
      .send({ name: 'Treći', email: 'treci@example.org', role: 'co-director' })
      .expect(403);
    expect(mainText(refused.text)).toContain('samo vlasnik turnira');
  });

  test('answers are counted per browser cookie: one browser held back, another not', async () => {
    const sent = await invite(owner, tournamentA, {
      email: 'brojac@example.org',
      name: 'Brojač',
      role: 'judge',
    });
    const link = sent.body.link as string;
    const cookieOf = (res: { headers: Record<string, unknown> }) =>
      ([] as string[])
        .concat((res.headers['set-cookie'] as string[] | undefined) ?? [])
        .find((c) => c.startsWith('arbiter_table='))!
        .split(';')[0];
    const first = cookieOf(await t.http.get(path(link)).expect(200));
    const second = cookieOf(await t.http.get(path(link)).expect(200));
    // Twenty answers an hour from one browser (each counted, mistyped or not).
    for (let i = 0; i < 20; i++)
      await answer(link, { name: 'Brojač', password: 'kratka', repeat: 'kratka' }, first).expect(
        400,
      );
    const held = await answer(
      link,
      { name: 'Brojač', password: 'brojac-lozinka', repeat: 'brojac-lozinka' },
      first,
    ).expect(429);
    expect(held.headers['retry-after']).toBeDefined();
    expect(mainText(held.text)).toContain('Previše pokušaja sa ovog uređaja');
    // Another browser behind the same address is not.
    const other = await answer(
      link,
      { name: 'Brojač', password: 'brojac-lozinka', repeat: 'brojac-lozinka' },
      second,
    ).expect(303);
    expect(other.headers.location).toBe('/judge');
  });
});

describe(`invitations by mail (${DATABASE_KIND})`, () => {
  test('the invitation is e-mailed in its own language (Croatian) with the link', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(text);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const t = await startTestApp(undefined, {
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`,
      SMTP_FROM: 'turnir@example.org',
      INVITATION_DAYS: '3',
    });
    try {
      const created = await t.http
        .post('/api/tournaments')
        .set(t.organiser)
        .send({ name: 'Kup Zagreba', ruleSet: 'kvizovka', rounds: 3 })
        .expect(201);
      const sent = await t.http
        .post(`/api/tournaments/${created.body.id}/invitations`)
        .set(t.organiser)
        .send({ email: 'ivana@example.org', name: 'Ivana Ivić', role: 'judge', lang: 'hr' })
        .expect(201);
      expect(sent.body.mailed).toBe(true);
      const days = (Date.parse(sent.body.invitation.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(2.99);
      expect(days).toBeLessThanOrEqual(3);
      expect(received).toHaveLength(1);
      // Quoted-printable may fold long lines: unfold before reading.
      const mail = Buffer.from(
        received[0]
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      ).toString('utf8');
      expect(mail).toMatch(/^To: ivana@example\.org/m);
      expect(mail).toContain('Pozdrav, Ivana Ivić,');
      expect(mail).toContain('vas poziva da budete sudac na turniru „Kup Zagreba”');
      expect(mail).toContain(sent.body.link);
      // The page opens in Croatian too.
      const page = await t.http.get(new URL(sent.body.link).pathname).expect(200);
      expect(page.text).toContain('<html lang="hr">');
      expect(mainText(page.text)).toContain('Postavite zaporku');
    } finally {
      await t.close();
      await new Promise<void>((resolve) => smtp.close(resolve));
    }
  });
});
