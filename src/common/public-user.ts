import type { Request } from 'express';
import type { Role } from './roles';

/**
 * An account as the API and the other contexts see it (who sent a request, who made a
 * change): never its password hash, which stays in src/auth. Here, below src/auth, because the
 * pages' own plumbing (src/web) reads who sent a request too; src/auth publishes it as before
 * (`src/auth/public-user.ts`).
 */
export interface PublicUser {
  readonly id: number;
  readonly email: string;
  readonly name: string;
  readonly role: Role;
  /** The site administrator: manages accounts and may act in every tournament. */
  readonly admin: boolean;
}

/**
 * A request after the auth guard (src/auth/auth.guard.ts): the signed-in user, if any. Published
 * by src/auth as well.
 */
export type AuthedRequest = Request & { user?: PublicUser };
