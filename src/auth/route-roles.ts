import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { ModulesContainer } from '@nestjs/core';
import { PUBLIC_KEY, ROLES_KEY } from './roles.decorator';
import type { RouteCheck, RouteRole } from '../common/roles';
import { SCOPE_KINDS, type ScopeKind } from './tournament-scopes';

/** One route of the application, as the checks before its handler see it. */
export interface RouteAccess {
  method: string;
  /** The route's path as Nest declares it, its controller's prefix first (`/api/games/:id/result`). */
  path: string;
  /** Its path as Express matches it, the first parameter captured. */
  pattern: RegExp;
  /** Who may call it; null for a route open to anyone (`@Public`) or declaring no role. */
  roles: RouteRole[] | null;
  /**
   * What its first parameter names, when that is a tournament or a row of one: then it acts in
   * that tournament, and its sender needs a role there. Null for a route of the site
   * ({@link SITE_ROUTES}), or one that declares no role.
   */
  scope: ScopeKind | null;
}

/**
 * The routes that ask for a role and act in no one tournament: the site's, or a tournament's
 * whose body names it (then the service checks the role there). Every other route asking for
 * a role has a tournament, or a row of one, as its first parameter; a route that has neither
 * is the administrator's alone (closed by default), and `test/e2e/auth/route-scopes` fails.
 */
export const SITE_ROUTES: ReadonlySet<string> = new Set([
  // A new tournament, or one imported: its creator owns it.
  'POST /api/tournaments',
  'POST /api/tournaments/import',
  'POST /organiser/tournaments',
  'GET /organiser/import',
  'POST /organiser/import',
  'POST /organiser/import/confirm',
  // Each account's own first page: the tournaments it has a role in.
  'GET /organiser',
  'GET /judge',
  // Tools that read a sheet or words and store nothing of a tournament.
  'GET /judge/check',
  'POST /judge/check',
  'GET /judge/check/words',
  'GET /judge/word-check',
  'POST /judge/word-check',
  // The tournament in the body: the words service and the players service check the role there.
  'POST /api/word-judge',
  'POST /api/players/restore',
  // The federation's registry and rating list, kept by its organisers.
  'POST /api/persons',
  'PATCH /api/persons/:id',
  'POST /api/persons/:id/merge',
  'GET /organiser/persons/:id/edit',
  'POST /organiser/persons/:id/edit',
  'POST /organiser/persons/:id/merge',
  'POST /api/ratings/import',
  'POST /api/ratings/recompute',
  'POST /organiser/ratings/import',
  // A job's progress: its outcome names what its starter may see.
  'GET /api/jobs/:id',
  'GET /organiser/jobs/:id',
  'GET /organiser/jobs/:id/events',
  // The site administrator's.
  'GET /api/users',
  'POST /api/users',
  'PATCH /api/users/:id',
  'DELETE /api/users/:id',
  'GET /api/backups',
  'POST /api/backups',
  'GET /api/backups/:name',
  'GET /organiser/backups',
  'POST /organiser/backups',
  'GET /organiser/accounts',
  'POST /organiser/accounts',
  'GET /organiser/accounts/:id/password',
  'POST /organiser/accounts/:id/password',
  'POST /organiser/accounts/:id/remove',
]);

const asList = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : [''];

/** A route's path as written here: one slash between segments, none at the end. */
const cleanPath = (path: string) => `/${path.split('/').filter(Boolean).join('/')}`;

/** A Nest route path as Express matches it: any case, with or without a trailing slash. */
function routePattern(path: string): RegExp {
  let captured = false;
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) {
        if (captured) return '[^/]+';
        captured = true;
        return '([^/]+)';
      }
      return segment.includes('*') || segment.includes('{')
        ? '.*'
        : segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    });
  return new RegExp(`^/${segments.join('/')}/?$`, 'i');
}

/** The tournament kind of a path's first parameter: the segment before it, if it names one. */
function scopeOf(path: string): ScopeKind | null {
  const segments = path.split('/').filter(Boolean);
  const first = segments.findIndex((s) => s.startsWith(':'));
  const kind = first > 0 ? segments[first - 1] : '';
  return (SCOPE_KINDS as readonly string[]).includes(kind) ? (kind as ScopeKind) : null;
}

/**
 * What the checks ask of a route that declares `roles`: a role in the tournament its first
 * parameter names, or, for a route of the site, the account's own role. A route of neither
 * is the administrator's alone (closed by default).
 */
export function routeRule(
  method: string,
  path: string,
  roles: RouteRole[],
): { roles: RouteRole[]; scope: ScopeKind | null } {
  const full = cleanPath(path);
  const scope = scopeOf(full);
  const site = SITE_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${full}`);
  return { roles: scope || site ? roles : ['administrator'], scope };
}

/** Every route of the application with the roles its guard will ask for (the same metadata). */
export function routeAccessTable(modules: ModulesContainer): RouteAccess[] {
  const table: RouteAccess[] = [];
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller?.prototype) continue;
      const prefixes = asList(Reflect.getMetadata(PATH_METADATA, controller));
      const proto = controller.prototype as Record<string, unknown>;
      for (const key of Object.getOwnPropertyNames(proto)) {
        const handler = Object.getOwnPropertyDescriptor(proto, key)?.value as object | undefined;
        if (key === 'constructor' || typeof handler !== 'function') continue;
        if (!Reflect.hasMetadata(PATH_METADATA, handler)) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        const open =
          (Reflect.getMetadata(PUBLIC_KEY, handler) ??
            Reflect.getMetadata(PUBLIC_KEY, controller)) === true;
        const declared =
          (Reflect.getMetadata(ROLES_KEY, handler) as RouteRole[] | undefined) ??
          (Reflect.getMetadata(ROLES_KEY, controller) as RouteRole[] | undefined);
        const roles = open || !declared?.length ? null : declared;
        for (const prefix of prefixes) {
          for (const path of asList(Reflect.getMetadata(PATH_METADATA, handler))) {
            const full = cleanPath(`${prefix}/${path}`);
            const rule = roles ? routeRule(method, full, roles) : { roles: null, scope: null };
            table.push({ method, path: full, pattern: routePattern(full), ...rule });
          }
        }
      }
    }
  }
  return table;
}

/**
 * The routes' checks by method and path, known before a byte of the body is read: the roles
 * the AuthGuard will ask for, from the routes' own `@Roles` and `@Public`, and the tournament
 * (or row of one) the path names. Null when any route that path could reach is open to anyone
 * (then the body is read, within the limits anyone has, and the guard decides). The table is
 * made at the first request that asks.
 */
export function routeChecks(
  modules: ModulesContainer,
): (method: string, path: string) => RouteCheck | null {
  let table: RouteAccess[] | null = null;
  return (method, path) => {
    table ??= routeAccessTable(modules);
    const roles = new Set<RouteRole>();
    let scope: RouteCheck['scope'] = null;
    for (const route of table) {
      if (route.method !== method && route.method !== 'ALL') continue;
      const m = route.pattern.exec(path);
      if (!m) continue;
      if (!route.roles) return null;
      for (const role of route.roles) roles.add(role);
      if (!scope && route.scope) scope = { kind: route.scope, id: m[1] };
    }
    return roles.size ? { roles: [...roles], scope } : null;
  };
}
