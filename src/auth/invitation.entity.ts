import { Column, Entity } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import type { TournamentRole } from '../common/roles';

/**
 * An invitation to a role in one tournament: a one-time link (only its SHA-256 is stored)
 * that expires, accepted by setting the invitee's password (a new account) or by their own
 * password (an account that exists).
 */
@Entity('invitations')
export class Invitation extends BaseEntity {
  @Column({ name: 'tournament_id', type: 'integer' })
  tournamentId: number;

  @Column({ type: 'varchar', length: 20 })
  role: Exclude<TournamentRole, 'owner'>;

  /** Lower-cased. */
  @Column({ type: 'varchar', length: 200 })
  email: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** The language the invitation was written in: its page and mail open in it. */
  @Column({ type: 'varchar', length: 10 })
  lang: string;

  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash: string;

  @Column({ name: 'expires_at', type: Date })
  expiresAt: Date;

  @Column({ name: 'accepted_at', type: Date, nullable: true })
  acceptedAt: Date | null;

  @Column({ name: 'invited_by', type: 'integer', nullable: true })
  invitedBy: number | null;
}
