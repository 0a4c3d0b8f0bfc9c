/** How the other contexts see an account; declared in src/common, where src/web reads it too. */
export type { PublicUser } from '../common/public-user';
