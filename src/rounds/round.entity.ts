import { Column, Entity, ForeignKey, OneToMany, Unique } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import type { PairingSystem } from '../tournaments/systems';
import { Game } from './game.entity';

@Entity('rounds')
@Unique('uq_rounds_division_number', ['divisionId', 'number'])
export class Round extends BaseEntity {
  @ForeignKey('divisions', { onDelete: 'CASCADE' })
  @Column({ name: 'division_id', type: 'integer' })
  divisionId: number;

  @Column({ type: 'integer' })
  number: number;

  @Column({ type: 'varchar', length: 30 })
  system: PairingSystem;

  /** What the pairing program said about the round (a rematch it could not avoid, a second bye). */
  @Column({ type: 'simple-json', nullable: true })
  notes: string[] | null;

  /**
   * The round whose standings ranked the players (0: none yet, by seed); null for a system that
   * ranks by no standings (round robin, random, seeded, by hand).
   */
  @Column({ name: 'based_on_round', type: 'integer', nullable: true })
  basedOn: number | null;

  @OneToMany(() => Game, (g) => g.round)
  games: Game[];
}
