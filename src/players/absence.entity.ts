import { Column, Entity, JoinColumn, ManyToOne, Unique } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import { Player } from './player.entity';

/** A player marked absent for one round: not paired in it, and no bye. */
@Entity('absences')
@Unique('uq_absences_player_round', ['playerId', 'round'])
export class Absence extends BaseEntity {
  @ManyToOne(() => Player, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id' })
  player: Player;

  @Column({ name: 'player_id', type: 'integer' })
  playerId: number;

  /** The round number (of the player's division). */
  @Column({ type: 'integer' })
  round: number;
}
