import type { EntityManager } from 'typeorm';
import type { Role } from '../common/roles';
import { User } from './user.entity';

/** An account to add, its password already hashed (outside the transaction: scrypt is slow). */
export interface NewAccount {
  /** Trimmed and lower-cased already. */
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
}

/**
 * Adds an account in `m`'s transaction, for the server's first organiser and for the
 * `create-user` command alike; null when the e-mail has an account already.
 */
export async function addAccount(m: EntityManager, account: NewAccount): Promise<User | null> {
  if (await m.findOneBy(User, { email: account.email })) return null;
  return m.save(m.create(User, { ...account, name: account.name.trim() }));
}
