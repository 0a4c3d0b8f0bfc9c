import type { Role } from '../common/roles';

/**
 * An account as the API and the other contexts see it (who sent a request, who made a
 * change): never its password hash, which stays in src/auth.
 */
export interface PublicUser {
  readonly id: number;
  readonly email: string;
  readonly name: string;
  readonly role: Role;
}
