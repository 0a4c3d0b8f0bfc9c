import { writeFileSync } from 'fs';
import { join } from 'path';
import type { TestApp } from '../harness';

const DIST = join(__dirname, '..', '..', '..', 'dist', 'src');

/**
 * Loaded into the server before anything else (NODE_OPTIONS=--require): keeps the application
 * Nest makes, and answers `/__routes` with its routes as the checks see them
 * (`routeAccessTable` of src/auth/route-roles.ts over the running application's controllers),
 * before the application sees the request. The list is the server's own, so a route added
 * tomorrow is in it.
 */
const preload = (dist: string) => `
const http = require('http');
const core = require(require.resolve('@nestjs/core', { paths: [${JSON.stringify(dist)}] }));
let app = null;
const create = core.NestFactory.create;
core.NestFactory.create = async function (...args) {
  app = await create.apply(this, args);
  return app;
};
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event === 'request' && req.url === '/__routes' && app) {
    const { routeAccessTable, SITE_ROUTES } = require(${JSON.stringify(join(dist, 'auth', 'route-roles.js'))});
    const modules = app.get(core.ModulesContainer);
    // The roles each route declares: the same table with every route taken for the site's.
    const has = SITE_ROUTES.has;
    SITE_ROUTES.has = () => true;
    let declared;
    try {
      declared = routeAccessTable(modules);
    } finally {
      SITE_ROUTES.has = has;
    }
    const table = routeAccessTable(modules).map(({ method, path, roles, scope }, i) => ({
      method,
      path,
      roles,
      scope,
      declared: declared[i].roles,
      site: has.call(SITE_ROUTES, method + ' ' + path),
    }));
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(table));
    return true;
  }
  return emit.apply(this, arguments);
};
`;

/** One route as the server's checks see it (`RouteAccess` without its pattern). */
export interface RouteRow {
  method: string;
  path: string;
  roles: ('organiser' | 'judge' | 'administrator')[] | null;
  scope: 'tournaments' | 'divisions' | 'games' | 'players' | 'entries' | 'submissions' | null;
  /** The roles its `@Roles` declares (before the closed default). */
  declared: RouteRow['roles'];
  /** Listed in SITE_ROUTES. */
  site: boolean;
}

/** The environment that makes a server started with it answer `/__routes`; the preload is written into `dir`. */
export function answeringRoutes(dir: string): Record<string, string> {
  const file = join(dir, 'routes.js');
  writeFileSync(file, preload(DIST));
  return { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${file}`.trim() };
}

/** Every route of the running server with the roles and the tournament scope its checks ask for. */
export async function routeTable(t: TestApp): Promise<RouteRow[]> {
  return (await t.http.get('/__routes').expect(200)).body as RouteRow[];
}
