import { signInCookie } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { exportAndImport } from '../tournament-helpers';

describe(`where and when a tournament is played (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const base = { ruleSet: 'kvizovka', rounds: 3 };

  test('place and dates are stored, shown, and carried by export and import', async () => {
    const created = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({
        ...base,
        name: 'Kup Čačka',
        place: 'Čačak',
        startDate: '2026-12-05',
        endDate: '2026-12-06',
      })
      .expect(201);
    expect(created.body).toMatchObject({
      place: 'Čačak',
      startDate: '2026-12-05',
      endDate: '2026-12-06',
    });
    const { imported } = await exportAndImport(t, created.body.id as number);
    expect(imported).toMatchObject({
      place: 'Čačak',
      startDate: '2026-12-05',
      endDate: '2026-12-06',
    });
    const page = await t.http.get('/').expect(200);
    expect(page.text).toContain('Čačak');
  });

  test('impossible or reversed dates are refused with the reason', async () => {
    const bad = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ ...base, name: 'X', startDate: '2026-02-30' })
      .expect(400);
    expect(bad.body.message).toContain('startDate is not a day of the calendar');
    const reversed = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ ...base, name: 'Y', startDate: '2026-12-06', endDate: '2026-12-05' })
      .expect(400);
    expect(reversed.body).toMatchObject({ code: 'DATES_REVERSED' });
  });

  test("the organiser's form keeps them", async () => {
    const cookie = await signInCookie(t, 'organiser');
    await t.http
      .post('/organiser/tournaments')
      .set('Origin', t.url)
      .set('Cookie', cookie)
      .type('form')
      .send({
        name: 'Novosadski turnir',
        place: 'Novi Sad',
        startDate: '2027-01-09',
        endDate: '2027-01-10',
      })
      .expect(303);
    const list = (await t.http.get('/api/tournaments').expect(200)).body as {
      name: string;
      place: string;
      startDate: string;
    }[];
    const made = list.find((x) => x.name === 'Novosadski turnir') as
      { id: number; place: string; startDate: string } | undefined;
    expect(made).toMatchObject({ place: 'Novi Sad', startDate: '2027-01-09' });
    // The organiser's own page of the tournament shows them, and names its public page.
    const own = await t.http
      .get(`/organiser/tournaments/${made!.id}`)
      .set('Cookie', cookie)
      .expect(200);
    expect(own.text).toContain('Novi Sad');
    expect(own.text).toMatch(/9\.\s*1\.\s*2027/);
    expect(own.text).toContain('Javna stranica turnira');
  });
});
