import { ratingList } from '../../../bench/rating-list';
import { signInCookie } from '../../browser/site';
import { probeHealth } from '../health-probe';
import { DATABASE_KIND, ORGANISER, startTestApp, TestApp } from '../harness';
import { openEvents } from '../sse';
import { createTournament, exportAndImport } from '../tournament-helpers';

/**
 * Long jobs (a rating list, a whole tournament) run in processes of their own: the server keeps
 * answering everyone meanwhile, a refused job stores nothing, and its progress can be followed.
 * The figures (100 ms, 5 s) belong to `npm run bench -- imports`; a test bounds them loosely.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

interface JobJson {
  id: string;
  state: string;
  progress: { phase: string; done: number; total: number; percent: number };
  result: Record<string, unknown> | null;
  error: { statusCode: number; code: string; details?: unknown } | null;
}

/** Follows a job to its end; every view seen on the way. */
async function follow(url: string): Promise<JobJson[]> {
  const seen: JobJson[] = [];
  for (;;) {
    const job = (await t.http.get(url).set(t.organiser).expect(200)).body as JobJson;
    seen.push(job);
    if (job.state !== 'running') return seen;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe(`long jobs off the request thread (${DATABASE_KIND})`, () => {
  it('a 3,000-line rating list imports as a job while /api/health answers at once, its progress told', async () => {
    const probe = probeHealth(t);
    const started = await t.http
      .post('/api/ratings/import')
      .set(t.organiser)
      .set('Prefer', 'respond-async')
      .send({ csv: ratingList(3000) })
      .expect(202);
    expect(started.headers.location).toBe(`/api/jobs/${started.body.id}`);
    expect(started.body).toMatchObject({ kind: 'ratings.import', state: 'running' });
    const seen = await follow(started.headers.location);
    const longest = await probe.stop();
    const last = seen[seen.length - 1];
    expect(last).toMatchObject({ state: 'done', result: { imported: 3000, persons: 3000 } });
    expect(last.progress.percent).toBe(100);
    // Progress was told on the way: some view before the end says a phase with counts.
    expect(seen.some((j) => j.state === 'running' && j.progress.phase !== 'queued')).toBe(true);
    expect(longest).toBeLessThanOrEqual(1000);
    const list = (await t.http.get('/api/ratings?family=kvizovka').expect(200)).body as unknown[];
    expect(list).toHaveLength(3000);
  }, 120_000);

  it('a list refused at its last line stores nothing: no person, no rating', async () => {
    const persons = async () =>
      ((await t.http.get('/api/persons?q=Novi').expect(200)).body as unknown[]).length;
    const csv = `${ratingList(500, 5001).replace(/Igrač/g, 'Novi')}J-9,Novi,SRB,kvizovka,99999,1\n`;
    const refused = await t.http
      .post('/api/ratings/import')
      .set(t.organiser)
      .send({ csv })
      .expect(422);
    expect(refused.body).toMatchObject({ code: 'RATING_LIST_INVALID', details: { line: 502 } });
    expect(await persons()).toBe(0);
    // Refused in the write itself (a name two persons share), after the new persons were matched.
    await t.http.post('/api/persons').set(t.organiser).send({ name: 'Dvojnik Isti' }).expect(201);
    await t.http.post('/api/persons').set(t.organiser).send({ name: 'Dvojnik Isti' }).expect(201);
    const ambiguous = `${ratingList(200, 6001).replace(/Igrač/g, 'Novi')},Dvojnik Isti,,kvizovka,1500,1\n`;
    const job = await t.http
      .post('/api/ratings/import')
      .set(t.organiser)
      .set('Prefer', 'respond-async')
      .send({ csv: ambiguous })
      .expect(202);
    const seen = await follow(job.headers.location);
    expect(seen[seen.length - 1]).toMatchObject({
      state: 'refused',
      error: { statusCode: 422, code: 'PERSON_AMBIGUOUS', details: { line: 202 } },
    });
    expect(await persons()).toBe(0);
    expect(
      ((await t.http.get('/api/ratings?family=kvizovka').expect(200)).body as unknown[]).length,
    ).toBe(3000);
  }, 120_000);

  it('a long list sent from the organiser page goes to its job page: a progress bar, then the result', async () => {
    const cookie = await signInCookie(t, 'organiser');
    const posted = await t.http
      .post('/organiser/ratings/import?lang=en')
      .set('Cookie', cookie)
      .set('Origin', t.url)
      .type('form')
      .send({ csvText: ratingList(1500, 9001), confirm: '1' })
      .expect(303);
    expect(posted.headers.location).toMatch(/^\/organiser\/jobs\/[\w-]+$/);
    const url = `${posted.headers.location}?lang=en`;
    let page = await t.http.get(url).set('Cookie', cookie).expect(200);
    const pages = [page.text];
    while (page.text.includes('<progress')) {
      await new Promise((r) => setTimeout(r, 50));
      page = await t.http.get(url).set('Cookie', cookie).expect(200);
      pages.push(page.text);
    }
    expect(page.text).toContain('Ratings imported: 1,500');
    expect(page.text).toContain('Back to the rating list');
    // While it ran, the page was live (its stream named) and said how far it was.
    const running = pages.find((p) => p.includes('<progress'));
    if (running) {
      expect(running).toMatch(/data-live-events="\/organiser\/jobs\/[\w-]+\/events"/);
      expect(running).toMatch(/Done: \d+ %/);
    }
    // Another organiser's job is not theirs to see.
    const id = posted.headers.location.split('/').pop()!;
    await t.http.get(`/api/jobs/${id}`).set(t.organiser).expect(404);
  }, 120_000);

  it('a tournament imports as a job (202, then the new tournament) while /api/health answers; a refused one stores nothing', async () => {
    const { id } = await createTournament(t, {
      name: 'Izvoz za posao',
      ruleSet: 'kvizovka',
      rounds: 1,
      pairingPlan: ['seeded'],
      byeSpread: 50,
    });
    const exported = (
      await t.http.get(`/api/tournaments/${id}/export`).set(t.organiser).expect(200)
    ).body as Record<string, unknown>;
    const probe = probeHealth(t);
    const started = await t.http
      .post('/api/tournaments/import')
      .set(t.organiser)
      .set('Prefer', 'respond-async')
      .send(exported)
      .expect(202);
    const seen = await follow(started.headers.location);
    expect(await probe.stop()).toBeLessThanOrEqual(1000);
    const done = seen[seen.length - 1];
    expect(done).toMatchObject({ state: 'done', result: { name: 'Izvoz za posao' } });
    await t.http.get(`/api/tournaments/${String(done.result!.id)}`).expect(200);
    // Waiting (no Prefer) answers as always: 201 with the tournament.
    const { imported } = await exportAndImport(t, id);
    expect(imported.name).toBe('Izvoz za posao');
    const before = ((await t.http.get('/api/tournaments').expect(200)).body as unknown[]).length;
    const bad = { ...exported, divisions: 'none' };
    await t.http.post('/api/tournaments/import').set(t.organiser).send(bad).expect(422);
    expect(((await t.http.get('/api/tournaments').expect(200)).body as unknown[]).length).toBe(
      before,
    );
  }, 120_000);
});

/**
 * Two servers on one database, as behind nginx's round robin: a job started through one is
 * answered by the other (its API, its page, its live stream), and a job whose server stopped
 * mid-run is told as failed by the others once its heartbeat is stale (JOB_STALE_MS: 30 s, and
 * 3 s for the server that judges it here; on SQLite a job's long write holds its heartbeat back).
 */
describe(`long jobs on two servers sharing one database (${DATABASE_KIND})`, () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await startTestApp();
    b = await a.another();
  }, 60_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** A page session of the organiser whose bearer token started the jobs (their owner). */
  const ownerCookie = async (app: TestApp): Promise<string> => {
    const res = await app.http
      .post('/sign-in')
      .set('Origin', app.url)
      .type('form')
      .send({ username: ORGANISER.email, password: ORGANISER.password })
      .expect(303);
    const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    return set.find((c) => c.startsWith('arbiter_session='))!.split(';')[0];
  };

  const ratingsCount = async (app: TestApp) =>
    ((await app.http.get('/api/ratings?family=kvizovka').expect(200)).body as unknown[]).length;

  it('a job started through one server is followed through the other: its API, its page and its stream', async () => {
    const cookie = await ownerCookie(a);
    const started = await a.http
      .post('/api/ratings/import')
      .set(a.organiser)
      .set('Prefer', 'respond-async')
      .send({ csv: ratingList(4000, 20_001) })
      .expect(202);
    const id = started.body.id as string;
    // At once, before the job has got far: the other server knows it.
    const first = (await b.http.get(`/api/jobs/${id}`).set(a.organiser).expect(200))
      .body as JobJson;
    expect(['running', 'done']).toContain(first.state);
    const stream = await openEvents(`${b.url}/organiser/jobs/${id}/events`, {
      headers: { Cookie: cookie },
    });
    try {
      expect(stream.status).toBe(200);
      const seen: JobJson[] = [first];
      for (;;) {
        const job = (await b.http.get(`/api/jobs/${id}`).set(a.organiser).expect(200))
          .body as JobJson;
        seen.push(job);
        if (job.state !== 'running') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(seen[seen.length - 1]).toMatchObject({
        state: 'done',
        result: { imported: 4000, persons: 4000 },
      });
      // Its progress reached the other server on the way (stored at most every 200 ms).
      expect(seen.some((j) => j.state === 'running' && j.progress.phase !== 'queued')).toBe(true);
      // The other server's stream heard the job move (it reads the row every 500 ms).
      await stream.revisionAtLeast(stream.revisions[0] + 1, 2000);
      expect(stream.revisions.length).toBeGreaterThan(1);
    } finally {
      stream.close();
    }
    const page = await b.http
      .get(`/organiser/jobs/${id}?lang=en`)
      .set('Cookie', cookie)
      .expect(200);
    expect(page.text).toContain('Ratings imported: 4,000');
    // Another organiser sees neither server's copy.
    const other = await a.account('organiser');
    await b.http.get(`/api/jobs/${id}`).set(other).expect(404);
    await a.http.get(`/api/jobs/${id}`).set(other).expect(404);
  }, 120_000);

  it('a job whose server stopped mid-run is shown as failed by the other, nothing of it stored', async () => {
    const c = await a.another();
    const d = await a.another({ JOB_STALE_MS: '3000' });
    const before = await ratingsCount(a);
    const started = await c.http
      .post('/api/ratings/import')
      .set(a.organiser)
      .set('Prefer', 'respond-async')
      .send({ csv: ratingList(20_000, 40_001) })
      .expect(202);
    const id = started.body.id as string;
    await c.close(); // SIGKILL, mid-run
    const running = (await d.http.get(`/api/jobs/${id}`).set(a.organiser).expect(200))
      .body as JobJson;
    expect(running.state).toBe('running');
    const cookie = await ownerCookie(d);
    const page = `/organiser/jobs/${id}`;
    const stream = await openEvents(`${d.url}${page}/events`, { headers: { Cookie: cookie } });
    try {
      expect(stream.status).toBe(200);
      const shown = await stream.revisionAtLeast(1, 2000);
      // Stale after 3 s: the stream hears of the end (one revision more) and the API says why.
      await stream.revisionAtLeast(shown + 1, 10_000);
    } finally {
      stream.close();
    }
    const lost = (await d.http.get(`/api/jobs/${id}`).set(a.organiser).expect(200)).body as JobJson;
    expect(lost).toMatchObject({ state: 'failed', error: { statusCode: 500, code: 'JOB_LOST' } });
    const en = await d.http.get(`${page}?lang=en`).set('Cookie', cookie).expect(200);
    expect(en.text).toContain('The server running this job stopped before its end');
    const sr = await d.http.get(`${page}?lang=sr-Cyrl`).set('Cookie', cookie).expect(200);
    expect(sr.text).toContain('Сервер који је радио овај посао престао је да ради');
    expect(await ratingsCount(a)).toBe(before);
    await d.close();
  }, 120_000);
});
