import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { DATABASE_KIND, startTestApp, type TestApp, removeFolder } from '../harness';
import { answeringRoutes, routeTable, type RouteRow } from './route-table';

/**
 * Every route of the running server that takes a role acts in one tournament (its first
 * parameter names the tournament or a row of one) or is listed as the site's; none is left to
 * the closed default (the administrator's alone) without saying so.
 */
describe(`every route's tournament (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let dir: string;
  let routes: RouteRow[];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'arbiter-scopes-'));
    t = await startTestApp(undefined, answeringRoutes(dir));
    routes = await routeTable(t);
  });
  afterAll(async () => {
    await t?.close();
    removeFolder(dir);
  });

  const key = (r: RouteRow) => `${r.method} ${r.path}`;

  test('each route taking a role has a tournament, or is the site’s', () => {
    const roled = routes.filter((r) => r.roles);
    expect(roled.length).toBeGreaterThan(100);
    const unplaced = roled.filter((r) => !r.scope && !r.site).map(key);
    expect(unplaced).toEqual([]);
    // A route of a tournament is not listed as the site's too.
    expect(roled.filter((r) => r.scope && r.site).map(key)).toEqual([]);
  });

  test('the administrator alone: exactly the routes that say so, all of the site', () => {
    const administrators = routes.filter(
      (r) => r.roles?.length === 1 && r.roles[0] === 'administrator',
    );
    // None is the administrator's by the closed default: each is listed, so declared.
    expect(administrators.filter((r) => r.scope || !r.site).map(key)).toEqual([]);
    const declared = routes.filter(
      (r) => r.declared?.length === 1 && r.declared[0] === 'administrator',
    );
    expect(administrators.map(key).sort()).toEqual(declared.map(key).sort());
    expect(administrators.map(key)).toEqual(expect.arrayContaining(['POST /api/users']));
  });

  test('a route of a tournament takes its row as its first parameter, as the checks read it', () => {
    for (const r of routes.filter((x) => x.scope)) {
      const segments = r.path.split('/').filter(Boolean);
      const first = segments.findIndex((s) => s.startsWith(':'));
      expect([r.path, segments[first - 1]]).toEqual([r.path, r.scope]);
    }
  });
});
