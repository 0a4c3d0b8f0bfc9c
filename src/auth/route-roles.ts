import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { ModulesContainer } from '@nestjs/core';
import { PUBLIC_KEY, ROLES_KEY } from './roles.decorator';
import type { Role } from './user.entity';

interface RouteAccess {
  method: string;
  pattern: RegExp;
  /** Who may call it; null for a route open to anyone (`@Public`) or declaring no role. */
  roles: Role[] | null;
}

const asList = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : [''];

/** A Nest route path as Express matches it: any case, with or without a trailing slash. */
function routePattern(path: string): RegExp {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':')
        ? '[^/]+'
        : segment.includes('*') || segment.includes('{')
          ? '.*'
          : segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    );
  return new RegExp(`^/${segments.join('/')}/?$`, 'i');
}

/** Every route of the application with the roles its guard will ask for (the same metadata). */
function routeAccessTable(modules: ModulesContainer): RouteAccess[] {
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
        const roles =
          (Reflect.getMetadata(ROLES_KEY, handler) as Role[] | undefined) ??
          (Reflect.getMetadata(ROLES_KEY, controller) as Role[] | undefined);
        for (const prefix of prefixes) {
          for (const path of asList(Reflect.getMetadata(PATH_METADATA, handler))) {
            table.push({
              method,
              pattern: routePattern(`${prefix}/${path}`),
              roles: open || !roles?.length ? null : roles,
            });
          }
        }
      }
    }
  }
  return table;
}

/**
 * Who may send a body to `method path`, known before a byte of the body is read: the
 * roles the AuthGuard will ask for, from the routes' own `@Roles` and `@Public`. Null
 * when any route that path could reach is open to anyone (then the body is read, within
 * the limits anyone has, and the guard decides). The table is made at the first write.
 */
export function rolesBeforeBody(
  modules: ModulesContainer,
): (method: string, path: string) => Role[] | null {
  let table: RouteAccess[] | null = null;
  return (method, path) => {
    table ??= routeAccessTable(modules);
    let roles: Role[] | null = null;
    for (const route of table) {
      if ((route.method !== method && route.method !== 'ALL') || !route.pattern.test(path))
        continue;
      if (!route.roles) return null;
      roles = [...new Set([...(roles ?? []), ...route.roles])];
    }
    return roles;
  };
}
