import type { EntityManager } from 'typeorm';
import type { Role } from '../common/roles';
import { User } from './user.entity';

/** An account to add, its password already hashed (outside the transaction: scrypt is slow). */
export interface NewAccount {
  /** Trimmed and lower-cased already. */
  email: string;
  name: string;
  role: Role;
  /** The site administrator (the server's first account, or one the command line makes so). */
  admin?: boolean;
  passwordHash: string;
}

/**
 * Adds an account in `m`'s transaction, for the server's first organiser and for the
 * `create-user` command alike; null when the e-mail has an account already. The server's
 * first account is its administrator.
 */
export async function addAccount(m: EntityManager, account: NewAccount): Promise<User | null> {
  if (await m.findOneBy(User, { email: account.email })) return null;
  const admin = account.admin ?? (await m.count(User)) === 0;
  return m.save(m.create(User, { ...account, admin, name: account.name.trim() }));
}
