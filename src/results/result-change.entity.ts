import { Column, Entity, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import { User } from '../auth/user.entity';
import { Game } from '../rounds/game.entity';

/** History of a game's result: who changed it, when, and the result before and after. */
@Entity('result_changes')
export class ResultChange extends BaseEntity {
  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id' })
  game: Game;

  @Column({ name: 'game_id', type: 'integer' })
  gameId: number;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id' })
  user: User | null;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  /** `result`, `scoresheet`, `correction`, `import`. */
  @Column({ type: 'varchar', length: 30 })
  action: string;

  @Column({ type: 'simple-json', nullable: true })
  before: unknown;

  @Column({ type: 'simple-json', nullable: true })
  after: unknown;
}
