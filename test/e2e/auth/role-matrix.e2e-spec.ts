import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Test } from 'supertest';
import { DATABASE_KIND, ORGANISER, startTestApp, type TestApp, removeFolder } from '../harness';
import { scoreSheet, type Auth, type RoundJson } from '../tournament-helpers';
import { answeringRoutes, routeTable, type RouteRow } from './route-table';

/**
 * Two clubs on one server: each club's organiser creates (so owns) a tournament and gives a
 * co-director and a judge roles in it. Every route of the running server that takes a role is
 * called by each actor — anonymous, club A's judge, co-director and owner, the site
 * administrator — in club A's tournament (their own) and club B's (another's), and answers as
 * the table below says. The routes come from the server itself (`/__routes`, route-table.ts):
 * a route added tomorrow is in the matrix without a line here.
 */

type Actor = 'anonymous' | 'judge' | 'co-director' | 'owner' | 'administrator';
type Club = 'A' | 'B';
/** What a request must get: let through to its handler, or the refusal's status and code. */
type Outcome =
  { allowed: true } | { allowed: false; status: 401 | 403; code?: string; signIn?: boolean };

const ACTORS: Actor[] = ['anonymous', 'judge', 'co-director', 'owner', 'administrator'];

const ALLOWED: Outcome = { allowed: true };
const refused = (code: string): Outcome => ({ allowed: false, status: 403, code });

/**
 * Who may call a route of a tournament, by what the route asks (`judge`: any role there;
 * `organiser`: owner or co-director). Club A's actors act in A (their own) and B (another's).
 *
 *                 | judge's route of A | director's route of A | any route of B
 *   anonymous     | 401                | 401                   | 401
 *   A's judge     | yes                | 403 ROLE_TOO_LOW      | 403 NOT_IN_TOURNAMENT
 *   A's co-dir.   | yes                | yes                   | 403 NOT_IN_TOURNAMENT
 *   A's owner     | yes                | yes                   | 403 NOT_IN_TOURNAMENT
 *   administrator | yes                | yes                   | yes
 */
function inTournament(actor: Actor, club: Club, asks: 'judge' | 'organiser'): Outcome {
  if (actor === 'anonymous') return { allowed: false, status: 401 };
  if (actor === 'administrator') return ALLOWED;
  if (club === 'B') return refused('NOT_IN_TOURNAMENT');
  if (actor === 'judge' && asks === 'organiser') return refused('TOURNAMENT_ROLE_TOO_LOW');
  return ALLOWED;
}

/**
 * Who may call a route of the site (no tournament in its path), by the account's own role:
 * A's judge has a judge's account, its co-director and owner organisers' accounts.
 *
 *                 | judge's route | organiser's route | administrator's route
 *   anonymous     | 401           | 401               | 401
 *   A's judge     | yes           | 403 FORBIDDEN     | 403 ADMINISTRATOR_ONLY
 *   A's co-dir.   | yes           | yes               | 403 ADMINISTRATOR_ONLY
 *   A's owner     | yes           | yes               | 403 ADMINISTRATOR_ONLY
 *   administrator | yes           | yes               | yes
 */
function ofSite(actor: Actor, roles: NonNullable<RouteRow['roles']>): Outcome {
  if (actor === 'anonymous') return { allowed: false, status: 401 };
  if (actor === 'administrator') return ALLOWED;
  if (roles.length === 1 && roles[0] === 'administrator') return refused('ADMINISTRATOR_ONLY');
  if (actor === 'judge' && !roles.includes('judge')) return refused('FORBIDDEN');
  return ALLOWED;
}

/**
 * Routes of the site whose body or query names the tournament (the service checks the role
 * there once it is read): what to send to act in club A's or club B's tournament.
 */
type Rows = {
  tournament: number;
  division: number;
  game: number;
  player: number;
  entry: number;
  submission: number;
};
const NAMED_IN_BODY: Record<
  string,
  { asks: 'judge' | 'organiser'; query?: (r: Rows) => string; body: (r: Rows) => object }
> = {
  'POST /api/word-judge': { asks: 'judge', body: (r) => ({ words: ['KUĆA'], gameId: r.game }) },
  'POST /judge/word-check': {
    asks: 'judge',
    query: (r) => `?game=${r.game}`,
    body: () => ({ words: 'KUĆA' }),
  },
  'POST /api/players/restore': {
    asks: 'organiser',
    body: (r) => ({ tournament: r.tournament, logEntry: 1 }),
  },
};

/** An API route answers JSON to a bearer token; the rest are pages, signed in by the cookie. */
const isApi = (path: string) => path.startsWith('/api/');

describe(`the role matrix, route by route (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let dir: string;
  let routes: RouteRow[];
  const bearer = new Map<Actor, Auth>();
  const cookie = new Map<Actor, string>();
  const rows = {} as Record<Club, Rows>;
  let jobOfA: string;
  let spareEmail: string;

  /** An account made by the administrator: its bearer header and its session cookie. */
  async function account(role: 'organiser' | 'judge', email: string, password: string) {
    await t.http
      .post('/api/users')
      .set(t.organiser)
      .send({ email, name: email.split('@')[0], role, password })
      .expect(201);
    return signIn(email, password);
  }

  async function signIn(email: string, password: string) {
    const api = await t.http
      .post('/api/auth/sign-in')
      .send({ email, password, kind: 'api' })
      .expect(200);
    const page = await t.http
      .post('/sign-in')
      .set('Origin', t.url)
      .type('form')
      .send({ username: email, password })
      .expect(303);
    const session = ([] as string[])
      .concat(page.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('arbiter_session='));
    if (!session) throw new Error(`no session cookie for ${email}`);
    return {
      bearer: { Authorization: `Bearer ${(api.body as { token: string }).token}` },
      cookie: session.split(';')[0],
    };
  }

  /** A club: its owner creates a tournament with a round paired, an entry and a table's sheet. */
  async function club(name: Club) {
    const password = `club-${name}-password-1`;
    const owner = await account('organiser', `owner-${name}@example.org`, password);
    const coDirector = await account('organiser', `co-${name}@example.org`, password);
    const judge = await account('judge', `judge-${name}@example.org`, password);
    const tournament = await t.http
      .post('/api/tournaments')
      .set(owner.bearer)
      .send({ name: `Kup ${name}`, ruleSet: 'kvizovka', rounds: 3 })
      .expect(201);
    const id = (tournament.body as { id: number }).id;
    const division = (tournament.body as { divisions: { id: number }[] }).divisions[0].id;
    for (const [email, role] of [
      [`co-${name}@example.org`, 'co-director'],
      [`judge-${name}@example.org`, 'judge'],
    ]) {
      await t.http
        .post(`/api/tournaments/${id}/roles`)
        .set(owner.bearer)
        .send({ email, role })
        .expect((res) => expect([200, 201]).toContain(res.status));
    }
    const players: { id: number }[] = [];
    for (const player of ['Ana', 'Bora', 'Ceca', 'Dule']) {
      const res = await t.http
        .post(`/api/divisions/${division}/players`)
        .set(owner.bearer)
        .send({ name: `${player} ${name}`, rating: 1500 })
        .expect(201);
      players.push(res.body as { id: number });
    }
    const round = (
      await t.http.post(`/api/divisions/${division}/rounds`).set(owner.bearer).send({}).expect(201)
    ).body as RoundJson;
    const game = round.games.find((g) => g.second)!;
    // An entry: the owner opens entries, a player enters through the public form's API.
    await t.http
      .post(`/organiser/tournaments/${id}/entries`)
      .set('Origin', t.url)
      .set('Cookie', owner.cookie)
      .type('form')
      .send({
        deadline: '2099-12-20T18:00',
        [`takes${division}`]: '1',
        [`cap${division}`]: '',
        [`waiting${division}`]: '',
      })
      .expect(303);
    const entry = await t.http
      .post(`/api/tournaments/${id}/entries`)
      .send({ name: `Ema ${name}`, email: `ema-${name}@example.org`, divisionId: division })
      .expect(201);
    // A sheet sent from the table by the first player's code.
    const codes = (
      await t.http.get(`/api/divisions/${division}/rounds/1/codes`).set(judge.bearer).expect(200)
    ).body as { table: number; seats: { code: string }[] }[];
    const code = codes.find((c) => c.table === game.table)!.seats[0].code;
    const sent = await t.http
      .post(`/api/codes/${code}/sheet`)
      .send(scoreSheet([game.first.name, game.second!.name], 7).sheet)
      .expect(201);
    rows[name] = {
      tournament: id,
      division,
      game: game.id,
      player: players[0].id,
      entry: (entry.body as { entry: { id: number } }).entry.id,
      submission: (sent.body as { id: number }).id,
    };
    return { owner, coDirector, judge };
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'arbiter-matrix-'));
    t = await startTestApp(undefined, answeringRoutes(dir));
    routes = await routeTable(t);
    const admin = await signIn(ORGANISER.email, ORGANISER.password);
    bearer.set('administrator', admin.bearer);
    cookie.set('administrator', admin.cookie);
    const a = await club('A');
    await club('B');
    for (const [actor, who] of [
      ['owner', a.owner],
      ['co-director', a.coDirector],
      ['judge', a.judge],
    ] as const) {
      bearer.set(actor, who.bearer);
      cookie.set(actor, who.cookie);
    }
    spareEmail = 'spare@example.org';
    await account('judge', spareEmail, 'spare-password-1');
    // A job of A's owner: an import of A's own document, not waited for.
    const exported = await t.http
      .get(`/api/tournaments/${rows.A.tournament}/export`)
      .set(a.owner.bearer)
      .expect(200);
    const job = await t.http
      .post('/api/tournaments/import')
      .set(a.owner.bearer)
      .set('Prefer', 'respond-async')
      .send(exported.body as object)
      .expect(202);
    jobOfA = (job.body as { id: string }).id;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    removeFolder(dir);
  });

  /** The path with its parameters filled for club `c`'s rows. */
  function fill(route: RouteRow, c: Club): string {
    const r = rows[c];
    const first: Record<NonNullable<RouteRow['scope']>, number> = {
      tournaments: r.tournament,
      divisions: r.division,
      games: r.game,
      players: r.player,
      entries: r.entry,
      submissions: r.submission,
    };
    let firstDone = false;
    return route.path.replace(/:(\w+)/g, (_, name: string) => {
      if (!firstDone && route.scope) {
        firstDone = true;
        return String(first[route.scope]);
      }
      firstDone = true;
      if (route.path.includes('/jobs/')) return 'AAAAAAAAAAAA';
      if (name === 'number' || name === 'round') return '1';
      if (name === 'user') return '999999';
      if (name === 'name') return 'no-such-backup.tar';
      return '1';
    });
  }

  /** One request of `actor`: bearer on the API, cookie (and this site's Origin) on pages. */
  function send(actor: Actor, method: string, path: string): Test {
    const req = t.http[method.toLowerCase() as 'get'](path).timeout(15_000).redirects(0);
    if (actor === 'anonymous') return req;
    if (isApi(path)) return req.set(bearer.get(actor)!);
    return req.set('Cookie', cookie.get(actor)!).set('Origin', t.url);
  }

  const key = (route: RouteRow) => `${route.method} ${route.path}`;
  const roled = () => routes.filter((r) => r.roles);

  function expected(route: RouteRow, actor: Actor, c: Club): Outcome {
    const named = NAMED_IN_BODY[key(route)];
    const roles = route.roles!;
    if (route.scope) return inTournament(actor, c, roles.includes('judge') ? 'judge' : 'organiser');
    if (named) {
      // The account's own role first (the guard), then its role in the tournament named.
      const site = ofSite(actor, roles);
      return site.allowed ? inTournament(actor, c, named.asks) : site;
    }
    return ofSite(actor, roles);
  }

  /** What was wrong with an answer, or null. */
  function mismatch(
    route: RouteRow,
    status: number,
    body: unknown,
    headers: Record<string, string>,
    want: Outcome,
    method: string,
  ): string | null {
    const code = (body as { code?: string } | null)?.code;
    if (want.allowed) {
      return status === 401 || status === 403 || status >= 500
        ? `${status} ${code ?? ''}, expected the handler to run`
        : null;
    }
    if (want.status === 401 && !isApi(route.path) && (method === 'GET' || method === 'HEAD')) {
      return status === 303 && headers.location?.startsWith('/sign-in')
        ? null
        : `${status}, expected 303 to /sign-in`;
    }
    if (status !== want.status) return `${status} ${code ?? ''}, expected ${want.status}`;
    // Pages say it in the reader's language; the API gives the code.
    if (want.code && isApi(route.path) && method !== 'HEAD' && code !== want.code)
      return `${status} ${code}, expected ${want.code}`;
    return null;
  }

  test('a refusal comes before the body is read: a body past the limit, a stale If-Match', async () => {
    // Past every route's limit (3 MB of JSON): another club's judge is told 403, not 413.
    const large = JSON.stringify({ filler: 'x'.repeat(3 * 1024 * 1024) });
    for (const path of [
      `/api/games/${rows.B.game}/result`,
      `/api/games/${rows.B.game}/scoresheet`,
    ]) {
      const res = await t.http
        .put(path)
        .set(bearer.get('judge')!)
        .set('Content-Type', 'application/json')
        .send(large)
        .then(
          (r) => r,
          // The server may answer and close before the whole body is sent.
          (e: { response?: { status: number; body: { code?: string } } }) => e.response,
        );
      expect(res?.status).toBe(403);
      expect(res?.body.code).toBe('NOT_IN_TOURNAMENT');
    }
    const patch = await t.http
      .patch(`/api/tournaments/${rows.B.tournament}`)
      .set(bearer.get('owner')!)
      .set('Content-Type', 'application/json')
      .send(large)
      .then(
        (r) => r,
        (e: { response?: { status: number } }) => e.response,
      );
    expect(patch?.status).toBe(403);

    // A stale If-Match on B's result (the hall's early write): 403, never 409 or 412.
    for (const ifMatch of ['0', '99']) {
      const res = await t.http
        .put(`/api/games/${rows.B.game}/result`)
        .set(bearer.get('judge')!)
        .set('If-Match', ifMatch)
        .send({ scores: [400, 350], clocks: ['01:00', '02:00'] });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('NOT_IN_TOURNAMENT');
    }
    // The same write in A's own tournament goes through, and B's game is as it was.
    await t.http
      .put(`/api/games/${rows.A.game}/result`)
      .set(bearer.get('judge')!)
      .send({ scores: [400, 350], clocks: ['01:00', '02:00'] })
      .expect((res) => expect([200, 409, 412, 428]).toContain(res.status));
    const b = await t.http.get(`/api/games/${rows.B.game}`).expect(200);
    expect(b.body.result).toBeNull();
  });

  test('imports and jobs: an organiser account imports, a judge account may not; a job is its starter’s', async () => {
    await t.http.post('/api/tournaments/import').set(bearer.get('judge')!).send({}).expect(403);
    await t.http.get('/organiser/import').set('Cookie', cookie.get('judge')!).expect(403);
    await t.http
      .post('/organiser/import')
      .set('Cookie', cookie.get('judge')!)
      .set('Origin', t.url)
      .type('form')
      .send({})
      .expect(403);
    await t.http.get(`/api/jobs/${jobOfA}`).expect(401);
    await t.http.get(`/api/jobs/${jobOfA}`).set(bearer.get('judge')!).expect(403);
    await t.http.get(`/api/jobs/${jobOfA}`).set(bearer.get('owner')!).expect(200);
    // Another organiser (A's co-director, B's owner) is not told of it at all.
    await t.http.get(`/api/jobs/${jobOfA}`).set(bearer.get('co-director')!).expect(404);
    await t.http
      .get(`/organiser/jobs/${jobOfA}`)
      .set('Cookie', cookie.get('co-director')!)
      .expect(404);
  });

  test('the roles: a co-director gives judges only; nobody gives roles in another club', async () => {
    await t.http
      .post(`/api/tournaments/${rows.A.tournament}/roles`)
      .set(bearer.get('co-director')!)
      .send({ email: spareEmail, role: 'co-director' })
      .expect(403);
    await t.http
      .post(`/api/tournaments/${rows.B.tournament}/roles`)
      .set(bearer.get('owner')!)
      .send({ email: spareEmail, role: 'judge' })
      .expect(403);
    const members = await t.http
      .get(`/api/tournaments/${rows.B.tournament}/roles`)
      .set(bearer.get('administrator')!)
      .expect(200);
    expect(JSON.stringify(members.body)).not.toContain(spareEmail);
  });
  test("a row of another tournament named in a form is not reached through one's own route", async () => {
    // The judges' desk of A's round, sent B's sheet: as if it did not exist, and B's sheet waits on.
    const desk = (submission: number, action: string) =>
      t.http
        .post(`/judge/divisions/${rows.A.division}/rounds/1/desk`)
        .set('Cookie', cookie.get('judge')!)
        .set('Origin', t.url)
        .type('form')
        .send({ submission: String(submission), action, note: 'Pogrešan zbir' });
    for (const action of ['return', 'accept']) {
      await desk(rows.B.submission, action).expect(404);
    }
    const deskOfB = (
      await t.http
        .get(`/api/divisions/${rows.B.division}/rounds/1/desk`)
        .set(bearer.get('administrator')!)
        .expect(200)
    ).body as { tables: { submissions: { id: number; status: string }[] }[] };
    const sheet = deskOfB.tables
      .flatMap((x) => x.submissions)
      .find((x) => x.id === rows.B.submission);
    expect(sheet?.status).toBe('waiting');
    // A's own sheet, from A's desk: returned.
    await desk(rows.A.submission, 'return').expect(303);
    // A word ruling names its tournament by the query or the body: checked there.
    await t.http
      .post(`/judge/word-check?tournament=${rows.B.tournament}`)
      .set('Cookie', cookie.get('judge')!)
      .set('Origin', t.url)
      .type('form')
      .send({ words: 'KUĆA' })
      .expect(403);
    const ruling = await t.http
      .post('/api/word-judge')
      .set(bearer.get('judge')!)
      .send({ words: ['KUĆA'], tournamentId: rows.B.tournament });
    expect([ruling.status, ruling.body.code]).toEqual([403, 'NOT_IN_TOURNAMENT']);
    await t.http
      .get(`/api/tournaments/${rows.B.tournament}/word-rulings`)
      .set(bearer.get('administrator')!)
      .expect(200)
      .expect((res) => expect(res.body).toEqual([]));
  });

  test('an id written otherwise (02, 2.0, %202) is the same row, and checked as it', async () => {
    for (const written of [
      `0${rows.B.tournament}`,
      `${rows.B.tournament}.0`,
      `%20${rows.B.tournament}`,
      `${rows.B.tournament}e0`,
    ]) {
      const res = await t.http.get(`/api/tournaments/${written}/export`).set(bearer.get('owner')!);
      expect([written, res.status]).toEqual([written, 403]);
      await t.http
        .get(`/organiser/tournaments/${written}`)
        .set('Cookie', cookie.get('owner')!)
        .expect(403);
    }
    const game = await t.http
      .put(`/api/games/0${rows.B.game}/result`)
      .set(bearer.get('judge')!)
      .send({ scores: [400, 350], clocks: ['01:00', '02:00'] });
    expect(game.status).toBe(403);
    // As written plainly, the owner's own: the same answers as ever.
    await t.http
      .get(`/api/tournaments/0${rows.A.tournament}/export`)
      .set(bearer.get('owner')!)
      .expect(200);
  });

  test('every route taking a role answers each actor, in its own tournament and another', async () => {
    const started = Date.now();
    const failures: string[] = [];
    let requests = 0;
    const cases: { route: RouteRow; actor: Actor; club: Club; want: Outcome }[] = [];
    for (const route of roled()) {
      for (const actor of ACTORS) {
        for (const c of ['A', 'B'] as Club[]) {
          // Nothing about the anonymous or the administrator depends on whose tournament.
          if ((actor === 'anonymous' || actor === 'administrator') && c === 'A') continue;
          // A route of the site names no tournament: one request an actor.
          if (!route.scope && !NAMED_IN_BODY[key(route)] && c === 'A') continue;
          cases.push({ route, actor, club: c, want: expected(route, actor, c) });
        }
      }
    }
    // Refusals first, while every row is as made; then the requests let through, which may
    // change rows (a round deleted, a tournament closed): their answers are then 404 or 409.
    const ordered = [
      ...cases.filter((x) => !x.want.allowed),
      ...cases.filter((x) => x.want.allowed),
    ];
    for (const { route, actor, club: c, want } of ordered) {
      const named = NAMED_IN_BODY[key(route)];
      const path = fill(route, c) + (named?.query?.(rows[c]) ?? '');
      const methods =
        route.method === 'GET' || route.method === 'ALL' ? ['GET', 'HEAD'] : [route.method];
      for (const method of methods) {
        // HEAD once an actor and tournament, for the refusals (a HEAD is a GET without its body).
        if (method === 'HEAD' && want.allowed) continue;
        let req = send(actor, method, path);
        if (method !== 'GET' && method !== 'HEAD') {
          if (named) {
            req = isApi(path)
              ? req.send(named.body(rows[c]))
              : req.type('form').send(named.body(rows[c]) as Record<string, string>);
          } else if (!want.allowed) {
            // A body that would be a 400 (or a 415 on a page): a refusal comes before it is read.
            req = req.set('Content-Type', 'application/json').send('{"broken');
          } else {
            req = isApi(path) ? req.send({}) : req.type('form').send({});
          }
        }
        const res = await req.then(
          (r) => r,
          (e: Error) => ({ status: 0, body: { code: e.message }, headers: {} }),
        );
        requests++;
        const wrong = mismatch(route, res.status, res.body as unknown, res.headers, want, method);
        if (wrong) failures.push(`${actor} in ${c}: ${method} ${path} → ${wrong}`);
      }
    }
    expect(failures).toEqual([]);
    // Bounded: a few hundred requests, each answered at once.
    expect(requests).toBeGreaterThan(300);
    expect(Date.now() - started).toBeLessThan(120_000);
  }, 180_000);
});
