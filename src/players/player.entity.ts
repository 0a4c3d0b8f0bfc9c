import { Column, Entity, JoinColumn, ManyToOne, VersionColumn } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import { Person } from '../registry/person.entity';
import { Division } from '../tournaments/division.entity';

@Entity('players')
export class Player extends BaseEntity {
  @ManyToOne(() => Division, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'division_id' })
  division: Division;

  @Column({ name: 'division_id', type: 'integer' })
  divisionId: number;

  /** The person of the registry who plays as this player (null only for a row never carried over). */
  @ManyToOne(() => Person)
  @JoinColumn({ name: 'person_id' })
  person: Person | null;

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
