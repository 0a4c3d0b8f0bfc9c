import { Column, Entity, Index, VersionColumn } from 'typeorm';
import { BaseEntity } from '../common/base.entity';

/**
 * A person of the registry: who plays, across tournaments. Each tournament's `Player` row
 * names its person; the person's name, club and country are today's, the player's are as
 * registered in that tournament.
 */
@Entity('persons')
export class Person extends BaseEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** The name as registrations compare it (`nameKey`): the exact-name match. */
  @Index('ix_persons_name_key')
  @Column({ name: 'name_key', type: 'varchar', length: 200 })
  nameKey: string;

  /** The name as the search reads it (`lookAlikeKey`: no accents, Cyrillic in Latin). */
  @Column({ name: 'search_key', type: 'varchar', length: 400 })
  searchKey: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  club: string | null;

  /** Federation's country code as it writes it (`SRB`, `CRO`). */
  @Column({ type: 'varchar', length: 3, nullable: true })
  country: string | null;

  /** The federation's id of the person, unique in the registry. */
  @Column({ name: 'federation_id', type: 'varchar', length: 20, nullable: true, unique: true })
  federationId: string | null;

  @VersionColumn({ default: 1 })
  version: number;
}
