import { hashPassword } from '../../../src/auth/password';
import { TournamentRoles1766500000000 } from '../../../src/schema/migrations/1766500000000-tournament-roles';
import { databaseBefore } from '../old-database';
import { DATABASE_KIND, ORGANISER, startTestApp, type TestApp } from '../harness';
import { readVersion, type RoundJson } from '../tournament-helpers';

const COST = { N: 2 ** 12, r: 8, p: 1 };
const SECOND = { email: 'druga@example.org', password: 'druga-password-1' };
const JUDGE = { email: 'sudija@example.org', password: 'sudija-password-1' };

/**
 * Roles were the account's, in every tournament; the migration to roles per tournament keeps
 * what each account could do with what existed: every organiser owns, and every judge judges,
 * each tournament there was, and the first organiser becomes the site administrator. What is
 * made afterwards is its creator's alone.
 */
describe(`the accounts of before roles per tournament keep their access (${DATABASE_KIND})`, () => {
  let t: TestApp;
  const tournaments: number[] = [];
  const divisions: number[] = [];
  let second: { Authorization: string };
  let judge: { Authorization: string };

  beforeAll(async () => {
    const db = await databaseBefore(TournamentRoles1766500000000);
    const insert = db.insert;
    // The first account (the server's, from ORGANISER_EMAIL), another organiser, a judge.
    for (const [email, password, name, role] of [
      [ORGANISER.email, ORGANISER.password, ORGANISER.name, 'organiser'],
      [SECOND.email, SECOND.password, 'Druga Organizatorka', 'organiser'],
      [JUDGE.email, JUDGE.password, 'Sudija Sudić', 'judge'],
    ]) {
      await insert('users', {
        email,
        name,
        role,
        password_hash: await hashPassword(password, COST),
      });
    }
    const settings = {
      rule_set: 'kvizovka',
      options: '{}',
      rounds_planned: 3,
      pairing_plan: '["swiss"]',
      tie_breaks: '["spread"]',
      bye_spread: 50,
    };
    for (const [name, date] of [
      ['Prvi klub', '2025-05-01'],
      ['Drugi klub', '2025-06-01'],
    ]) {
      const tournament = await insert('tournaments', { ...settings, name, starts_on: date });
      tournaments.push(tournament);
      divisions.push(
        await insert('divisions', { ...settings, tournament_id: tournament, name: 'Open' }),
      );
    }
    await db.source.destroy();
    t = await startTestApp(db);
    const signIn = async (who: { email: string; password: string }) => {
      const res = await t.http
        .post('/api/auth/sign-in')
        .send({ ...who, kind: 'api' })
        .expect(200);
      return { Authorization: `Bearer ${(res.body as { token: string }).token}` };
    };
    second = await signIn(SECOND);
    judge = await signIn(JUDGE);
  }, 90_000);
  afterAll(() => t?.close());

  it('the first organiser is the site administrator; the others are not', async () => {
    const me = (await t.http.get('/api/auth/me').set(t.organiser).expect(200)).body;
    expect(me).toMatchObject({ email: ORGANISER.email, role: 'organiser', admin: true });
    for (const who of [second, judge]) {
      expect((await t.http.get('/api/auth/me').set(who).expect(200)).body.admin).toBe(false);
    }
    // Accounts are the administrator's now.
    await t.http.get('/api/users').set(t.organiser).expect(200);
    await t.http.get('/api/users').set(second).expect(403);
  });

  it('the other organiser owns every tournament there was; the judge judges each', async () => {
    for (const [i, id] of tournaments.entries()) {
      await t.http
        .patch(`/api/tournaments/${id}`)
        .set(second)
        .set(await readVersion(t, `/api/tournaments/${id}`))
        .send({ name: `Klub ${i + 1}, preimenovan` })
        .expect(200);
      // An owner runs it: players, a round.
      for (const name of ['Ana', 'Bora']) {
        await t.http
          .post(`/api/divisions/${divisions[i]}/players`)
          .set(second)
          .send({ name: `${name} ${i}` })
          .expect(201);
      }
      const round = (
        await t.http.post(`/api/divisions/${divisions[i]}/rounds`).set(second).send({}).expect(201)
      ).body as RoundJson;
      // The judge enters its result, and may not run the tournament.
      await t.http
        .put(`/api/games/${round.games[0].id}/result`)
        .set(judge)
        .send({ scores: [420, 380], clocks: ['02:00', '01:00'] })
        .expect(200);
      const refused = await t.http
        .patch(`/api/tournaments/${id}`)
        .set(judge)
        .send({ name: 'Ne' })
        .expect(403);
      expect(refused.body.code).toBe('TOURNAMENT_ROLE_TOO_LOW');
    }
    const roles = (
      await t.http.get(`/api/tournaments/${tournaments[0]}/roles`).set(second).expect(200)
    ).body as unknown;
    expect(JSON.stringify(roles)).toContain(JUDGE.email);
  });

  it('a tournament made afterwards is its creator’s: the judge is let in only once given a role', async () => {
    const made = await t.http
      .post('/api/tournaments')
      .set(second)
      .send({ name: 'Novi turnir', ruleSet: 'kvizovka', rounds: 1 })
      .expect(201);
    const { id, divisions: madeDivisions } = made.body as {
      id: number;
      divisions: { id: number }[];
    };
    for (const name of ['Ana', 'Bora']) {
      await t.http
        .post(`/api/divisions/${madeDivisions[0].id}/players`)
        .set(second)
        .send({ name })
        .expect(201);
    }
    const round = (
      await t.http
        .post(`/api/divisions/${madeDivisions[0].id}/rounds`)
        .set(second)
        .send({})
        .expect(201)
    ).body as RoundJson;
    const result = { scores: [400, 390], clocks: ['03:00', '01:00'] };
    const refused = await t.http
      .put(`/api/games/${round.games[0].id}/result`)
      .set(judge)
      .send(result)
      .expect(403);
    expect(refused.body.code).toBe('NOT_IN_TOURNAMENT');
    await t.http
      .post(`/api/tournaments/${id}/roles`)
      .set(second)
      .send({ email: JUDGE.email, role: 'judge' })
      .expect(200);
    await t.http.put(`/api/games/${round.games[0].id}/result`).set(judge).send(result).expect(200);
  });
});
