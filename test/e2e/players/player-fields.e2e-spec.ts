import { adminCookie } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { createTournament } from '../tournament-helpers';

// One server for both parts, each with a division of its own.
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp();
  cookie = await adminCookie(t);
}, 60000);
afterAll(() => t.close());

const newDivision = async (name: string): Promise<number> =>
  (await createTournament(t, { name, ruleSet: 'kvizovka', rounds: 3 })).divisionId;

/**
 * One rule for one field: what the API refuses for a player, the CSV import refuses too, on
 * its line; what one takes, the other takes (issue 19, "one validation for one field").
 */
describe(`a player's fields, by the API and by the CSV import alike (${DATABASE_KIND})`, () => {
  let divisionId: number;
  beforeAll(async () => {
    divisionId = await newDivision('Fields');
  });

  const players = async () =>
    ((await t.http.get(`/api/divisions/${divisionId}/players`).expect(200)).body as unknown[])
      .length;

  /** [what, the API body, the CSV line (name;club;rating;seed), the field the API names]. */
  const refused: [string, Record<string, unknown>, string, string][] = [
    ['a NUL in a name', { name: 'Ana\u0000 Petrović' }, 'Ana\u0000 Petrović;;;', 'name'],
    [
      'a control character in a club',
      { name: 'Bora', club: 'Klub\u0007' },
      'Bora;Klub\u0007;;',
      'club',
    ],
    ['a right-to-left override', { name: '\u202eAna' }, '\u202eAna;;;', 'name'],
    ['a zero-width space', { name: 'Ana\u200b Petrović' }, 'Ana\u200b Petrović;;;', 'name'],
    ['a 300-character name', { name: 'N'.repeat(300) }, `${'N'.repeat(300)};;;`, 'name'],
    [
      'a 300-character club',
      { name: 'Ceca', club: 'K'.repeat(300) },
      `Ceca;${'K'.repeat(300)};;`,
      'club',
    ],
    ['a rating of 5001', { name: 'Dule', rating: 5001 }, 'Dule;;5001;', 'rating'],
    ['a seed of 150,000', { name: 'Ema', seed: 150000 }, 'Ema;;;150000', 'seed'],
    ['a seed of 10^20', { name: 'Fića', seed: 1e20 }, 'Fića;;;100000000000000000000', 'seed'],
  ];

  it.each(refused)(
    '%s is refused by both, naming the field and the line',
    async (_what, body, line, field) => {
      const api = await t.http
        .post(`/api/divisions/${divisionId}/players`)
        .set(t.organiser)
        .send(body)
        .expect(400);
      expect(JSON.stringify(api.body)).toContain(field);
      const page = await t.http
        .post(`/organiser/divisions/${divisionId}/players/import?lang=en`)
        .set('Origin', t.url)
        .set('Cookie', cookie)
        .type('form')
        .send({ csvText: `ime;klub;rejting;nosilac\nGoran;;1500;\n${line}\n` });
      expect(page.status).toBeGreaterThanOrEqual(400);
      expect(page.status).toBeLessThan(500);
      expect(page.text).toMatch(/line 3/);
      expect(await players()).toBe(0); // Goran of line 2 is not imported either: all or nothing
    },
  );

  it('what the API takes, the CSV takes: a rating of 5000, a seed of 100,000, Cyrillic', async () => {
    await t.http
      .post(`/api/divisions/${divisionId}/players`)
      .set(t.organiser)
      .send({ name: 'Ана Петровић', rating: 5000, seed: 100000 })
      .expect(201);
    const page = await t.http
      .post(`/organiser/divisions/${divisionId}/players/import`)
      .set('Origin', t.url)
      .set('Cookie', cookie)
      .type('form')
      .send({ csvText: 'ime;klub;rejting;nosilac\nЂорђе Шћекић;Чачак;5000;99999\n' });
    expect(page.status).toBe(303);
    expect(await players()).toBe(2);
  });
});

describe(`names that look alike are flagged at registration (${DATABASE_KIND})`, () => {
  let divisionId: number;
  beforeAll(async () => {
    divisionId = await newDivision('Look-alikes');
  });

  const register = (name: string) =>
    t.http.post(`/api/divisions/${divisionId}/players`).set(t.organiser).send({ name });
  const page = (path: string, form: Record<string, string>) =>
    t.http.post(path).set('Origin', t.url).set('Cookie', cookie).type('form').send(form);

  it('the API registers a look-alike and names the player it looks like; the same name is refused', async () => {
    const ana = (await register('Ana Petrović').expect(201)).body;
    expect(ana.lookAlikes).toEqual([]);
    const cyrillic = await register('Ана Петровић').expect(201);
    expect(cyrillic.body.lookAlikes).toEqual([{ id: ana.id, name: 'Ana Petrović' }]);
    // Cyrillic А and е among Latin letters: it looks like both.
    const mixed = await register('\u0410na P\u0435trović').expect(201);
    expect(mixed.body.lookAlikes.map((p: { name: string }) => p.name)).toEqual([
      'Ana Petrović',
      'Ана Петровић',
    ]);
    const same = await register('ana  PETROVIĆ').expect(409);
    expect(same.body.code).toBe('PLAYER_EXISTS');
  });

  it('eight registrations of one name at once register one player', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => register('Zoran Racing')));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const players = (await t.http.get(`/api/divisions/${divisionId}/players`).expect(200)).body as {
      name: string;
    }[];
    expect(players.filter((p) => p.name === 'Zoran Racing')).toHaveLength(1);
  });

  it('the organiser’s page warns after adding one, and the CSV preview flags the line', async () => {
    const added = await page(`/organiser/divisions/${divisionId}/players`, {
      name: 'Ana Petrovic',
    }).expect(303);
    const flash = await t.http
      .get(`${added.headers.location}&lang=en`)
      .set('Cookie', cookie)
      .expect(200);
    expect(flash.text).toContain('class="flash warn"');
    expect(flash.text).toMatch(/these names look the same .*Ana Petrovic ~ Ana Petrović/);

    const preview = await page(`/organiser/divisions/${divisionId}/players/csv?lang=en`, {
      csvText: 'name\nĐorđe Šćekić\nDjordje Scekic\nАна Петровић\n',
    }).expect(422); // a name registered already is an error of its line; a look-alike a warning
    expect(preview.text).toContain(
      '&quot;Djordje Scekic&quot; looks the same as &quot;Đorđe Šćekić&quot; on line 2',
    );
    expect(preview.text).toContain('player &quot;Ана Петровић&quot; is registered already');
  });

  it('a 5,000-line file is previewed off the request thread as one page: its problems, its first lines, the counts', async () => {
    const { divisionId: longId } = await createTournament(t, {
      name: 'Long CSV',
      ruleSet: 'kvizovka',
      rounds: 3,
    });
    const lines = ['name,club,rating'];
    for (let i = 2; i <= 5001; i++) lines.push(`Igrač ${i},Klub ${i % 7},${1200 + (i % 500)}`);
    lines[3000] = 'Igrač 3001,Klub,12x'; // line 3001: a rating that is not a number
    const page = (form: Record<string, string>) =>
      t.http
        .post(`/organiser/divisions/${longId}/players/csv?lang=sr-Latn`)
        .set('Origin', t.url)
        .set('Cookie', cookie)
        .type('form')
        .send(form);
    const refused = await page({ csvText: lines.join('\n') }).expect(422);
    expect(refused.text).toContain('red 3001</a>: rejting');
    expect(refused.text).toContain('id="csv-line-3001"');
    // 200 lines listed of 5,000: line 3001 and the first 199.
    expect(refused.text.match(/id="csv-line-/g)).toHaveLength(200);
    expect(refused.text).toContain('Prikazano: 200 od 5.000 pročitanih redova');
    expect(refused.text).toContain('Redova koji nisu prikazani: 4.800');
    lines[3000] = 'Igrač 3001,Klub,1200';
    const ready = await page({ csvText: lines.join('\n') }).expect(200);
    expect(ready.text).toContain('5.000 igrača je spremno za uvoz.');
    expect(ready.text).not.toContain('id="csv-line-202"');
    // Nothing was registered by a preview.
    const players = await t.http.get(`/api/divisions/${longId}/players`).expect(200);
    expect(players.body).toEqual([]);
  });
});
