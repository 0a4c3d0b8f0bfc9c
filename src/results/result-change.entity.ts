import { Column, Entity, ForeignKey } from 'typeorm';
import { BaseEntity } from '../common/base.entity';

/** History of a game's result: who changed it, when, and the result before and after. */
@Entity('result_changes')
export class ResultChange extends BaseEntity {
  @ForeignKey('games', { onDelete: 'CASCADE' })
  @Column({ name: 'game_id', type: 'integer' })
  gameId: number;

  @ForeignKey('users', { onDelete: 'SET NULL' })
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  /** Who it was when the change was made: kept when the account goes, and carried by export. */
  @Column({ name: 'user_name', type: 'varchar', length: 200, nullable: true })
  userName: string | null;

  @Column({ name: 'user_email', type: 'varchar', length: 200, nullable: true })
  userEmail: string | null;

  /** `result`, `correction`, `scoresheet`, `scoresheet-removed`, `result-cleared`. */
  @Column({ type: 'varchar', length: 30 })
  action: string;

  @Column({ type: 'simple-json', nullable: true })
  before: unknown;

  @Column({ type: 'simple-json', nullable: true })
  after: unknown;
}
