import { DATABASE_KIND, startTestApp, TestApp } from '../harness';

type Auth = { Authorization: string };
interface Member {
  userId: number;
  name: string;
  email: string;
  role: string;
}

/**
 * Roles given and taken by e-mail through the API (`/api/tournaments/:id/roles`): who may give
 * which, what the owner keeps, what a judge's account becomes as a co-director, and the log.
 */
describe(`a tournament's roles through the API (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let owner: Auth;
  let tournamentId: number;
  const emails = {
    owner: 'vlasnik@klub.example.org',
    co: 'suorganizator@klub.example.org',
    judge: 'sudija@klub.example.org',
    other: 'druga-sudija@klub.example.org',
  };

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.account('organiser', emails.owner);
    tournamentId = (
      await t.http
        .post('/api/tournaments')
        .set(owner)
        .send({ name: 'Klupski turnir', ruleSet: 'kvizovka', rounds: 3 })
        .expect(201)
    ).body.id as number;
  });
  afterAll(async () => {
    await t.close();
  });

  const roles = (who: Auth) => t.http.get(`/api/tournaments/${tournamentId}/roles`).set(who);
  const give = (who: Auth, email: string, role: string) =>
    t.http.post(`/api/tournaments/${tournamentId}/roles`).set(who).send({ email, role });
  const take = (who: Auth, userId: number) =>
    t.http.delete(`/api/tournaments/${tournamentId}/roles/${userId}`).set(who);
  const memberOf = (list: Member[], email: string) => list.find((m) => m.email === email);

  test('the owner gives a co-director and judges; a co-director gives judges only; the owner stays', async () => {
    const co = await t.account('judge', emails.co);
    const judge = await t.account('judge', emails.judge);
    await t.account('judge', emails.other);
    const start = (await roles(owner).expect(200)).body as Member[];
    expect(start.map((m) => [m.email, m.role])).toEqual([[emails.owner, 'owner']]);

    // A judge's account made co-director reaches the organiser's pages from now on.
    await t.http.get('/organiser').set(co).expect(403);
    const given = (await give(owner, emails.co, 'co-director').expect(200)).body as Member[];
    expect(memberOf(given, emails.co)?.role).toBe('co-director');
    expect(
      ((await t.http.get('/api/auth/me').set(co).expect(200)).body as { role: string }).role,
    ).toBe('organiser');
    await t.http.get('/organiser').set(co).expect(200);

    // The co-director gives a judge, but not another co-director, and cannot lower a co-director.
    await give(co, emails.judge, 'judge').expect(200);
    const refused = await give(co, emails.other, 'co-director').expect(403);
    expect(refused.body.code).toBe('OWNER_ONLY');
    const coId = memberOf(given, emails.co)!.userId;
    expect((await give(co, emails.co, 'judge').expect(403)).body.code).toBe('OWNER_ONLY');

    // Nobody changes or takes the owner's role.
    const ownerId = memberOf(given, emails.owner)!.userId;
    expect((await take(co, ownerId).expect(409)).body.code).toBe('OWNER_STAYS');
    expect((await take(owner, ownerId).expect(409)).body.code).toBe('OWNER_STAYS');

    // An e-mail of no account is invited instead; a bad role is a 400 naming it.
    const none = await give(owner, 'niko@example.org', 'judge').expect(404);
    expect(none.body.code).toBe('NO_ACCOUNT');
    expect(none.body.message).toContain('invitations');
    const bad = await give(owner, emails.other, 'owner').expect(400);
    expect(bad.body.message).toContain('role must be co-director or judge');

    // Who holds which role is the directors' to read, not a judge's.
    await roles(judge).expect(403);

    // The owner takes the co-director's role: the account keeps its organiser's kind, not the role.
    const after = (await take(owner, coId).expect(200)).body as Member[];
    expect(memberOf(after, emails.co)).toBeUndefined();
    await t.http
      .patch(`/api/tournaments/${tournamentId}`)
      .set(co)
      .set('If-Match', '1')
      .send({ name: 'Preimenovan' })
      .expect(403);

    // Each change is a line of the tournament's log, with who gave it.
    const log = (
      await t.http.get(`/api/tournaments/${tournamentId}/log?limit=100`).set(owner).expect(200)
    ).body.entries as { action: string; before: unknown; after: unknown }[];
    expect(log.map((e) => e.action).filter((a) => a.startsWith('role.'))).toEqual([
      'role.removed',
      'role.granted',
      'role.granted',
    ]);
  });

  test('the roles of a tournament that does not exist are a 404; another club is refused', async () => {
    await t.http.get('/api/tournaments/999999/roles').set(t.organiser).expect(404);
    const stranger = await t.account('organiser');
    const res = await roles(stranger).expect(403);
    expect(res.body.code).toBe('NOT_IN_TOURNAMENT');
    expect(res.body.message).toContain('Klupski turnir');
  });
});
