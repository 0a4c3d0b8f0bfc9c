import type { EntityManager } from 'typeorm';
import { User } from './user.entity';

/**
 * Every account's id by its e-mail, in the transaction `m`: an imported tournament's history
 * and log link each author to the account with the same e-mail, if there is one.
 */
export async function accountIdsByEmail(m: EntityManager): Promise<Map<string, number>> {
  return new Map((await m.find(User)).map((u) => [u.email, u.id]));
}
