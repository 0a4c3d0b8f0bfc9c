import { Column, Entity } from 'typeorm';
import { BaseEntity } from '../common/base.entity';

/** A tournament's own official word list, replacing the rule set's default. */
@Entity('word_lists')
export class TournamentWordList extends BaseEntity {
  /** The tournament's id; the table's foreign key (its migration) removes the list with it. */
  @Column({ name: 'tournament_id', type: 'integer', unique: true })
  tournamentId: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** Tile keys, one a line. */
  @Column({ type: 'text' })
  words: string;

  @Column({ name: 'word_count', type: 'integer' })
  wordCount: number;
}
