import { Column, Entity } from 'typeorm';
import { BaseEntity } from '../common/base.entity';

/** A word judge's ruling on a challenged play, logged with the game and turn. */
@Entity('word_rulings')
export class WordRuling extends BaseEntity {
  @Column({ name: 'tournament_id', type: 'integer', nullable: true })
  tournamentId: number | null;

  @Column({ name: 'game_id', type: 'integer', nullable: true })
  gameId: number | null;

  /** Turn number on the score sheet (1-based), if given. */
  @Column({ type: 'integer', nullable: true })
  turn: number | null;

  @Column({ name: 'rule_set', type: 'varchar', length: 50 })
  ruleSet: string;

  /** Which list ruled: `default:<id>` or `tournament:<id>`. */
  @Column({ name: 'word_list', type: 'varchar', length: 100 })
  wordList: string;

  @Column({ type: 'simple-json' })
  words: string[];

  @Column({ type: 'varchar', length: 10 })
  verdict: 'VALID' | 'INVALID';

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @Column({ name: 'user_name', type: 'varchar', length: 200, nullable: true })
  userName: string | null;
}
