import { adminCookie, mainText } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { createTournament, register } from '../tournament-helpers';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp();
  cookie = await adminCookie(t);
}, 60000);
afterAll(() => t.close());

/** A two-player TSH file with one round played. */
const TSH = ['Petrović, Ana 1800 2; 420', 'Jovanović, Bora 1700 1; 380', ''].join('\n');

/**
 * A closed tournament takes no division from a TSH file (issue 36): the API refuses it with 409
 * TOURNAMENT_CLOSED, the page offers no form and refuses a post, and nothing is added.
 */
describe(`a TSH import into a closed tournament (${DATABASE_KIND})`, () => {
  let id: number;
  const divisions = async () =>
    ((await t.http.get(`/api/tournaments/${id}`).expect(200)).body as { divisions: unknown[] })
      .divisions.length;

  beforeAll(async () => {
    let divisionId: number;
    ({ id, divisionId } = await createTournament(t, {
      name: 'Zatvoren kup',
      ruleSet: 'kvizovka',
      rounds: 2,
    }));
    await register(t, divisionId, ['Ceca Ilić', 'Dule Savić']);
  });

  it('an open tournament takes the file', async () => {
    await t.http
      .post(`/api/tournaments/${id}/divisions/tsh`)
      .set(t.organiser)
      .send({ name: 'Iz TSH', file: TSH })
      .expect(201);
    expect(await divisions()).toBe(2);
  });

  it('closed, the API refuses it with 409 TOURNAMENT_CLOSED and adds nothing', async () => {
    await t.http
      .post(`/api/tournaments/${id}/close`)
      .set(t.organiser)
      .send({ confirm: true })
      .expect(200);
    const res = await t.http
      .post(`/api/tournaments/${id}/divisions/tsh`)
      .set(t.organiser)
      .send({ name: 'Još jedna', file: TSH })
      .expect(409);
    expect(res.body).toMatchObject({ code: 'TOURNAMENT_CLOSED', details: { tournament: id } });
    expect(await divisions()).toBe(2);
  });

  it('the page offers no form, says why, and refuses a post in its language', async () => {
    const page = await t.http
      .get(`/organiser/tournaments/${id}?lang=sr-Latn`)
      .set('Cookie', cookie)
      .expect(200);
    expect(page.text).not.toContain(`action="/organiser/tournaments/${id}/divisions/tsh"`);
    expect(mainText(page.text)).toContain(
      'Turnir je zatvoren: grupa iz TSH datoteke se uvozi tek kad se turnir ponovo otvori.',
    );
    const post = await t.http
      .post(`/organiser/tournaments/${id}/divisions/tsh?lang=sr-Latn`)
      .set('Origin', t.url)
      .set('Cookie', cookie)
      .type('form')
      .send({ tshName: 'Još jedna', tshRules: 'kvizovka', tshText: TSH })
      .expect(409);
    expect(mainText(post.text)).toContain(
      'Turnir je zatvoren: rezultati su konačni. Ponovo ga otvorite da biste nešto promenili.',
    );
    expect(post.text).not.toContain(`action="/organiser/tournaments/${id}/divisions/tsh"`);
    expect(await divisions()).toBe(2);
  });
});
