import { SetMetadata } from '@nestjs/common';
import type { Role } from './user.entity';

export const ROLES_KEY = 'arbiter:roles';
export const PUBLIC_KEY = 'arbiter:public';

/** Who may call the route: `organiser` only, or `judge` (organisers may too). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** A route anyone may call, even one that writes (signing in). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);
