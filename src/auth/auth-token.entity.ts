import { Column, Entity, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import { User } from './user.entity';

/** A session (cookie) or API (bearer) token; only its SHA-256 is stored. */
@Entity('auth_tokens')
export class AuthToken extends BaseEntity {
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: User;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash: string;

  @Column({ type: 'varchar', length: 20 })
  kind: 'session' | 'api';

  @Column({ name: 'expires_at' })
  expiresAt: Date;
}
