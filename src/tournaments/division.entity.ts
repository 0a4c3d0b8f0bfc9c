import { Column, Entity, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import { Tournament } from './tournament.entity';

@Entity('divisions')
export class Division extends BaseEntity {
  @ManyToOne(() => Tournament, (t) => t.divisions, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tournament_id' })
  tournament: Tournament;

  @Column({ name: 'tournament_id', type: 'integer' })
  tournamentId: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /**
   * Bumped in the same transaction as every write that can change the division's
   * standings, so a cached standings table is known to be current by one read.
   */
  @Column({ type: 'integer', default: 0 })
  revision: number;
}
