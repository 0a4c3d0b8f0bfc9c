import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { Auth, createTournament, pair, register } from '../tournament-helpers';

interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  op: {
    'x-roles'?: string[];
    'x-public'?: boolean;
    parameters?: { in: string; name: string }[];
    requestBody?: { content: Record<string, { schema: Schema }> };
  };
}
interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
}

const call = (t: TestApp, o: Operation, url: string) => t.http[o.method](url);

/**
 * Who may call what, taken from the OpenAPI document the server publishes
 * (routes are enumerated, never listed by hand), and what bad input gets:
 * never a 500.
 */
describe(`roles and bad input on every route of /api/docs-json (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let judge: Auth;
  let operations: Operation[];
  let schemas: Record<string, Schema>;

  beforeAll(async () => {
    t = await startTestApp();
    judge = await t.account('judge');
    const doc = (await t.http.get('/api/docs-json').expect(200)).body;
    schemas = doc.components?.schemas ?? {};
    operations = Object.entries(
      doc.paths as Record<string, Record<string, Operation['op']>>,
    ).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method as Operation['method'],
        path,
        op,
      })),
    );
    // Something to point ids at, so that bad bodies reach the services.
    const { divisionId } = await createTournament(
      t,
      {
        name: 'Fuzz',
        ruleSet: 'kvizovka',
        rounds: 3,
      },
      [judge],
    );
    await register(t, divisionId, ['A', 'B', 'C', 'D', 'E']);
    await pair(t, divisionId);
  });
  afterAll(async () => {
    await t.close();
  });

  const url = (path: string, id = '1') => path.replace(/\{[^}]+\}/g, id);
  const guarded = () => operations.filter((o) => o.op['x-roles']);

  test('the document lists the routes, and every write route says who may call it', () => {
    const writes = operations.filter((o) => o.method !== 'get');
    expect(operations.length).toBeGreaterThanOrEqual(35);
    expect(writes.length).toBeGreaterThanOrEqual(18);
    const undeclared = writes.filter((o) => !o.op['x-roles'] && !o.op['x-public']);
    expect(undeclared.map((o) => `${o.method} ${o.path}`)).toEqual([]);
    // Spot checks that the document says what the issue asks for.
    const roles = (m: string, p: string) =>
      operations.find((o) => o.method === m && o.path === p)?.op['x-roles'];
    expect(roles('post', '/api/tournaments')).toEqual(['organiser']);
    expect(roles('post', '/api/divisions/{id}/rounds')).toEqual(['organiser']);
    expect(roles('put', '/api/games/{id}/result')).toEqual(['organiser', 'judge']);
  });

  test('without signing in: 401 on every guarded route', async () => {
    const routes = guarded();
    expect(routes.length).toBeGreaterThanOrEqual(18);
    for (const o of routes) {
      const res = await call(t, o, url(o.path)).send({});
      expect({ route: `${o.method} ${o.path}`, status: res.status, code: res.body.code }).toEqual({
        route: `${o.method} ${o.path}`,
        status: 401,
        code: 'UNAUTHENTICATED',
      });
    }
  });

  test('an unknown bearer token: 401 on every guarded route', async () => {
    for (const o of guarded()) {
      const res = await call(t, o, url(o.path))
        .set({ Authorization: 'Bearer not-a-token' })
        .send({});
      expect([`${o.method} ${o.path}`, res.status]).toEqual([`${o.method} ${o.path}`, 401]);
    }
  });

  test('a judge: 403 on organiser-only routes, past the guard on judge routes', async () => {
    let forbidden = 0;
    let allowed = 0;
    for (const o of guarded()) {
      const res = await call(t, o, url(o.path, '999999')).set(judge).send({});
      const route = `${o.method} ${o.path}`;
      if (o.op['x-roles']!.includes('judge')) {
        allowed++;
        expect([route, res.status === 401 || res.status === 403]).toEqual([route, false]);
      } else {
        forbidden++;
        const code = o.op['x-roles']!.includes('administrator')
          ? 'ADMINISTRATOR_ONLY'
          : 'FORBIDDEN';
        expect([route, res.status, res.body.code]).toEqual([route, 403, code]);
      }
    }
    expect(forbidden).toBeGreaterThanOrEqual(14);
    expect(allowed).toBeGreaterThanOrEqual(4);
  });

  test('the public reads everything it may, and nothing else', async () => {
    // /api/auth/me is about the caller, so it needs one.
    const reads = operations.filter(
      (x) => x.method === 'get' && !x.op['x-roles'] && x.path !== '/api/auth/me',
    );
    expect(reads.length).toBeGreaterThanOrEqual(14);
    for (const o of reads) {
      const res = await t.http.get(url(o.path));
      // Everything numbered 1 exists here, except a score sheet for game 1; and 1 is no table code.
      const expected = o.path.endsWith('/scoresheet') ? 404 : o.path.includes('{code}') ? 400 : 200;
      expect([o.path, res.status]).toEqual([o.path, expected]);
    }
  });

  const badIds = ['abc', '99999999999', '0', '-1', '1.5', '1e3', '%00', 'null', '２'];

  test('bad ids in every path: 400 or 404, never a 500', async () => {
    let checked = 0;
    for (const o of operations.filter((x) => x.path.includes('{'))) {
      for (const id of badIds) {
        const res = await call(t, o, url(o.path, id)).set(t.organiser).send({});
        expect([`${o.method} ${url(o.path, id)}`, res.status < 500, res.body.code]).toEqual([
          `${o.method} ${url(o.path, id)}`,
          true,
          expect.any(String),
        ]);
        if (id === 'abc') expect([o.path, res.status]).toEqual([o.path, 400]);
        // A backup is named by its file name, a table by its code, a job by its random id: a
        // number is no such name.
        const byNumber =
          !o.path.includes('{name}') &&
          !o.path.includes('{code}') &&
          !o.path.startsWith('/api/jobs/');
        if (id === '99999999999')
          expect([o.path, res.status]).toEqual([o.path, byNumber ? 404 : 400]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  /** A body whose every field has the wrong type, or a value out of any range. */
  function wrongBodies(schema: Schema | undefined): unknown[] {
    const resolve = (s?: Schema): Schema | undefined =>
      s?.$ref ? schemas[s.$ref.split('/').pop()!] : s;
    const props = resolve(schema)?.properties ?? {};
    const make = (value: (s: Schema) => unknown) =>
      Object.fromEntries(Object.entries(props).map(([k, s]) => [k, value(resolve(s) ?? {})]));
    return [
      make((s) => (s.type === 'string' ? 12345 : 'not the right type')),
      make((s) =>
        s.type === 'string' ? 'a\u0000b' : s.type === 'array' ? ['a\u0000b', 1e308] : 1e308,
      ),
      make((s) =>
        s.type === 'array' ? [[{}], null] : s.type === 'object' ? { deep: { er: [] } } : -1e308,
      ),
      make(() => null),
      make((s) => (s.type === 'array' ? new Array(3).fill(2 ** 53) : 2 ** 53)),
      [],
      'a string',
      12,
      { unexpected: true },
    ];
  }

  test('wrong types, control characters and huge numbers in every body: never a 500', async () => {
    let checked = 0;
    for (const o of operations.filter((x) => x.method !== 'get')) {
      const schema = o.op.requestBody?.content['application/json']?.schema;
      for (const body of wrongBodies(schema)) {
        const res = await call(t, o, url(o.path))
          .set(t.organiser)
          .set('Content-Type', 'application/json')
          .send(JSON.stringify(body));
        const route = `${o.method} ${o.path} ${JSON.stringify(body).slice(0, 80)}`;
        expect([route, res.status < 500]).toEqual([route, true]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  test('bad query strings: a 400 naming the parameter', async () => {
    for (const round of ['abc', '-1', '1e400', '99999999999999', '1.5']) {
      const res = await t.http.get(`/api/divisions/1/standings?round=${round}`).expect(400);
      expect(res.body.message).toContain('round');
    }
    await t.http.get('/api/divisions/1/standings?round=1&extra=1').expect(400);
    // beyond the rounds paired: a 400 naming the parameter and the range
    const beyond = await t.http.get('/api/divisions/1/standings?round=7').expect(400);
    expect(beyond.body.message).toMatch(/^round must be a whole number from 0 to \d+/);
  });

  test('malformed If-Match is a 400, a body that is not JSON a 400 or 415', async () => {
    const res = await t.http
      .put('/api/games/1/result')
      .set(judge)
      .set('If-Match', 'yesterday')
      .send({
        scores: [1, 2],
        clocks: ['01:00', '01:00'],
      });
    expect([res.status, res.body.code]).toEqual([400, 'BAD_IF_MATCH']);
    const text = await t.http
      .put('/api/games/1/scoresheet')
      .set(judge)
      .set('Content-Type', 'text/plain')
      .send('format: scoresheet/1');
    expect(text.status).toBe(415);
    const broken = await t.http
      .put('/api/games/1/scoresheet')
      .set(judge)
      .set('Content-Type', 'application/json')
      .send('{"format": "scoresheet/1", ');
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/JSON/);
  });
});
