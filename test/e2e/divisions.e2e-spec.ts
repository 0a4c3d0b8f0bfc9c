import { findRuleSet, simulateGame } from '../../src/engine';
import { signInCookie } from '../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from './harness';
import { exportAndImport, pair, register } from './tournament-helpers';

/**
 * Each division has its own rule set, rounds, pairing plan, tie-breaks and bye spread: a
 * Scrabble side event sits beside a Kvizovka main event, and adding a division leaves the
 * running ones alone.
 */
describe(`divisions with their own settings (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const division = async (id: number) =>
    (await t.http.get(`/api/divisions/${id}`).expect(200)).body as Record<string, unknown>;

  test('a Scrabble side event with 7 rounds beside a running 5-round Kvizovka division', async () => {
    const created = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ name: 'Vikend kup', ruleSet: 'kvizovka', rounds: 5, divisions: ['Glavni'] })
      .expect(201);
    const tournamentId = created.body.id as number;
    const main = created.body.divisions[0].id as number;
    await register(t, main, ['Ana', 'Bora', 'Ceca', 'Dule']);
    await pair(t, main);

    const side = await t.http
      .post(`/api/tournaments/${tournamentId}/divisions`)
      .set(t.organiser)
      .send({
        name: 'Scrabble',
        ruleSet: 'scrabble-en',
        rounds: 7,
        tieBreaks: ['spread'],
        byeSpread: 0,
      })
      .expect(201);
    expect(side.body).toMatchObject({
      name: 'Scrabble',
      ruleSet: 'scrabble-en',
      rounds: 7,
      pairingPlan: ['swiss'],
      tieBreaks: ['spread'],
      byeSpread: 0,
    });
    // The running division keeps its rules: this used to turn it into 7 rounds of Scrabble.
    expect(await division(main)).toMatchObject({
      ruleSet: 'kvizovka',
      rounds: 5,
      tieBreaks: ['spread', 'remaining-time'],
      byeSpread: 50,
      roundsPaired: 1,
    });
    const sideId = side.body.id as number;

    // Pairing follows each division's own plan and bye spread (3 players: one bye a round).
    await register(t, sideId, ['Eve', 'Fay', 'Gus']);
    const round = await pair(t, sideId);
    const bye = round.games.find((g) => g.second === null)!;
    expect(bye.result!.scores).toEqual([0, 0]);

    // A Scrabble sheet is a game of the Scrabble division, checked by Scrabble's rules.
    const game = round.games.find((g) => g.second !== null)!;
    const { sheet } = simulateGame(findRuleSet('scrabble-en')!, 3);
    sheet.players = [game.first.name, game.second!.name];
    const put = await t.http
      .put(`/api/games/${game.id}/scoresheet`)
      .set(t.organiser)
      .send(sheet)
      .expect(200);
    const stored = await t.http.get(`/api/games/${game.id}/scoresheet`).expect(200);
    expect(stored.body.report.rules).toBe('scrabble-en');
    // And a Kvizovka sheet is not.
    const { sheet: kvizovka } = simulateGame(findRuleSet('kvizovka')!, 3);
    kvizovka.players = [game.first.name, game.second!.name];
    const other = await t.http
      .put(`/api/games/${game.id}/scoresheet`)
      .set(t.organiser)
      .set('If-Match', String(put.body.version))
      .send(kvizovka);
    expect(other.status).toBe(422);
    expect(other.body.message).toContain('scrabble-en');

    const exported = await exportAndImport(t, tournamentId);
    const again = exported.imported.divisions as unknown as Record<string, unknown>[];
    expect(again.map((d) => [d.name, d.ruleSet, d.rounds, d.byeSpread])).toEqual([
      ['Glavni', 'kvizovka', 5, 50],
      ['Scrabble', 'scrabble-en', 7, 0],
    ]);
  });

  test('changing a running division asks for confirmation; its rules are fixed once paired', async () => {
    const created = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ name: 'Klupski', ruleSet: 'kvizovka', rounds: 5, divisions: ['A', 'B'] })
      .expect(201);
    const [a, b] = (created.body.divisions as { id: number }[]).map((d) => d.id);
    await register(t, a, ['Ana', 'Bora']);
    await pair(t, a);

    const asked = await t.http
      .patch(`/api/divisions/${a}`)
      .set(t.organiser)
      .send({ rounds: 6, tieBreaks: ['buchholz', 'spread'] })
      .expect(409);
    expect(asked.body.code).toBe('CONFIRMATION_NEEDED');
    expect(asked.body.message).toBe(
      'division A has 1 paired round: changing rounds 5 → 6, tieBreaks ["spread","remaining-time"] → ["buchholz","spread"] affects it; send "confirm": true to change it',
    );
    expect(await division(a)).toMatchObject({ rounds: 5 });
    await t.http
      .patch(`/api/divisions/${a}`)
      .set(t.organiser)
      .send({ rounds: 6, tieBreaks: ['buchholz', 'spread'], confirm: true })
      .expect(200);
    expect(await division(a)).toMatchObject({ rounds: 6, tieBreaks: ['buchholz', 'spread'] });

    // A division with no round paired changes without a question.
    await t.http
      .patch(`/api/divisions/${b}`)
      .set(t.organiser)
      .send({ ruleSet: 'scrabble-en', rounds: 7 })
      .expect(200);
    expect(await division(b)).toMatchObject({ ruleSet: 'scrabble-en', rounds: 7 });

    const fixed = await t.http
      .patch(`/api/divisions/${a}`)
      .set(t.organiser)
      .send({ byeSpread: 10, confirm: true })
      .expect(409);
    expect(fixed.body.code).toBe('DIVISION_STARTED');
    const fewer = await t.http
      .patch(`/api/divisions/${a}`)
      .set(t.organiser)
      .send({ rounds: 0 })
      .expect(400);
    expect(fewer.body.message).toContain('rounds');
    await t.http.patch(`/api/divisions/${a}`).set(t.organiser).send({ name: 'Prva' }).expect(200);
    expect(await division(a)).toMatchObject({ name: 'Prva', rounds: 6 });
  });

  test('the organiser page adds a division with its own rules and leaves the others', async () => {
    const organiser = await signInCookie(t, 'organiser');
    const created = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ name: 'Stranica', ruleSet: 'kvizovka', rounds: 5, divisions: ['Kvizovka'] })
      .expect(201);
    const tournamentId = created.body.id as number;
    const first = created.body.divisions[0].id as number;
    await t.http
      .post(`/organiser/tournaments/${tournamentId}/divisions`)
      .set('Origin', t.url)
      .set('Cookie', organiser)
      .type('form')
      .send({
        name: 'Scrabble',
        rules: 'scrabble-en',
        system: 'swiss',
        rounds: '7',
        byeSpread: '0',
      })
      .expect(303);
    const view = (await t.http.get(`/api/tournaments/${tournamentId}`).expect(200)).body;
    expect(
      (view.divisions as Record<string, unknown>[]).map((d) => [d.name, d.ruleSet, d.rounds]),
    ).toEqual([
      ['Kvizovka', 'kvizovka', 5],
      ['Scrabble', 'scrabble-en', 7],
    ]);
    expect(await division(first)).toMatchObject({ ruleSet: 'kvizovka', rounds: 5, byeSpread: 50 });
    // The page lists each division with its own rule set and rounds.
    const page = await t.http
      .get(`/organiser/tournaments/${tournamentId}`)
      .set('Cookie', organiser)
      .expect(200);
    expect(page.text).toContain('Scrabble (English)');
  });
});
