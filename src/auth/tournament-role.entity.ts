import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import type { TournamentRole } from '../common/roles';

/** An account's role in one tournament (an account holds at most one in each). */
@Entity('tournament_roles')
@Index('ux_tournament_roles', ['tournamentId', 'userId'], { unique: true })
export class TournamentRoleRow extends BaseEntity {
  @Column({ name: 'tournament_id', type: 'integer' })
  tournamentId: number;

  @Index('ix_tournament_roles_user')
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 20 })
  role: TournamentRole;
}
