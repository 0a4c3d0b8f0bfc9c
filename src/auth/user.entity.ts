import { Column, Entity } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import type { Role } from '../common/roles';

export type { Role };

@Entity('users')
export class User extends BaseEntity {
  @Column({ type: 'varchar', length: 200, unique: true })
  email: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 20 })
  role: Role;

  /** The site administrator (the first account): manages accounts, acts in every tournament. */
  @Column({ type: 'boolean', default: false })
  admin: boolean;

  /** scrypt hash with its salt and parameters (see password.ts). */
  @Column({ name: 'password_hash', type: 'varchar', length: 300 })
  passwordHash: string;
}
