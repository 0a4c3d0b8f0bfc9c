import { Persons1765100000000 } from '../../../src/schema/migrations/1765100000000-persons';
import { databaseBefore } from '../old-database';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';

describe(`players registered before the registry become persons (${DATABASE_KIND})`, () => {
  let t: TestApp;
  const divisions: number[] = [];
  beforeAll(async () => {
    const db = await databaseBefore(Persons1765100000000);
    const insert = db.insert;
    const settings = {
      rule_set: 'kvizovka',
      options: '{}',
      rounds_planned: 3,
      pairing_plan: '["swiss"]',
      tie_breaks: '["spread"]',
      bye_spread: 50,
    };
    for (const [name, date] of [
      ['Stari turnir', '2025-05-01'],
      ['Još stariji', '2024-05-01'],
    ]) {
      const tournament = await insert('tournaments', { ...settings, name, starts_on: date });
      divisions.push(
        await insert('divisions', { ...settings, tournament_id: tournament, name: 'Open' }),
      );
    }
    // Ana in both tournaments (two players, as before the registry), and Bora with a club.
    for (const [d, name, club, seed] of [
      [divisions[0], 'Ana Petrović', null, 1],
      [divisions[0], 'Bora Kos', 'ŠK Vračar', 2],
      [divisions[1], 'Ana Petrović', null, 1],
    ] as const) {
      await insert('players', { division_id: d, name, club, rating: 1500, seed });
    }
    await db.source.destroy();
    t = await startTestApp(db);
  }, 90000);
  afterAll(() => t?.close());

  it('one person per player, with the id, name and club kept; new persons come after them', async () => {
    const players = [
      ...(await t.http.get(`/api/divisions/${divisions[0]}/players`).expect(200)).body,
      ...(await t.http.get(`/api/divisions/${divisions[1]}/players`).expect(200)).body,
    ] as { id: number; personId: number; name: string; club: string | null }[];
    expect(players).toHaveLength(3);
    for (const p of players) {
      expect(p.personId).toBe(p.id);
      const person = (await t.http.get(`/api/persons/${p.personId}`).expect(200)).body;
      expect(person).toMatchObject({ name: p.name, club: p.club, country: null });
      expect(person.events).toHaveLength(1);
    }
    // The carried-over names are found by search (their keys were filled in)...
    const found = (await t.http.get('/api/persons?q=petrovic').expect(200)).body;
    expect(found).toHaveLength(2);
    // ...and two persons of one name make a registration by that name say which.
    const refused = await t.http
      .post(`/api/divisions/${divisions[0]}/players`)
      .set(t.organiser)
      .send({ name: 'Bora Kos ' })
      .expect(409);
    expect(refused.body.code).toBe('PLAYER_EXISTS');
    const ambiguous = await t.http
      .post(`/api/divisions/${divisions[1]}/players`)
      .set(t.organiser)
      .send({ name: 'Ana Petrović', seed: 5 })
      .expect(409);
    expect(ambiguous.body.code).toBe('PERSON_AMBIGUOUS');
    const fresh = (
      await t.http
        .post(`/api/divisions/${divisions[1]}/players`)
        .set(t.organiser)
        .send({ name: 'Vesna Nova' })
        .expect(201)
    ).body;
    expect(fresh.personId).toBeGreaterThan(Math.max(...players.map((p) => p.personId)));
  });
});
