import { SetMetadata } from '@nestjs/common';
import type { RouteRole } from '../common/roles';

export const ROLES_KEY = 'arbiter:roles';
export const PUBLIC_KEY = 'arbiter:public';

/**
 * Who may call the route: `organiser` only, or `judge` (organisers may too), in the tournament
 * the route acts in when it acts in one (src/auth/route-roles.ts); `administrator`: the site
 * administrator alone.
 */
export const Roles = (...roles: RouteRole[]) => SetMetadata(ROLES_KEY, roles);

/** A route anyone may call, even one that writes (signing in). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);
