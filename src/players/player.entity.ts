import { Column, Entity, ForeignKey, VersionColumn } from 'typeorm';
import { BaseEntity } from '../common/base.entity';

@Entity('players')
export class Player extends BaseEntity {
  /**
   * The division (src/tournaments). A foreign key to another context's table names the table,
   * not its entity, which stays in its own folder: the migrations made the keys, and this keeps
   * the entities' schema the same as theirs.
   */
  @ForeignKey('divisions', { onDelete: 'CASCADE' })
  @Column({ name: 'division_id', type: 'integer' })
  divisionId: number;

  /** The person of the registry who plays as this player (null only for a row never carried over). */
  @ForeignKey('persons')
  @Column({ name: 'person_id', type: 'integer', nullable: true })
  personId: number | null;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  club: string | null;

  @Column({ type: 'integer', nullable: true })
  rating: number | null;

  /** 1 = top seed. */
  @Column({ type: 'integer' })
  seed: number;

  /** False once withdrawn: never paired again. */
  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** First round the player can be paired in (late entries). */
  @Column({ name: 'joined_round', type: 'integer', default: 1 })
  joinedRound: number;

  /** Counts the changes: an edit names the version it was based on (If-Match). */
  @VersionColumn({ default: 1 })
  version: number;
}
