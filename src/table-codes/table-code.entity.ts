import { Column, Entity, ForeignKey, Unique } from 'typeorm';
import { BaseEntity } from '../common/base.entity';

/**
 * A seat's code for its game: printed on the round's sheets and pairings, it lets that player
 * send the game's score sheet from a phone, or confirm the sheet another player of the table
 * sent, without an account, while the round is the division's last one.
 */
@Entity('table_codes')
@Unique('uq_table_codes_seat', ['gameId', 'seat'])
export class TableCode extends BaseEntity {
  @ForeignKey('games', { onDelete: 'CASCADE' })
  @Column({ name: 'game_id', type: 'integer' })
  gameId: number;

  /** 1 moves first (a game of two: 1 the first player, 2 the second). */
  @Column({ type: 'integer' })
  seat: number;

  /** Ten characters of Crockford's base 32 (50 random bits), unique. */
  @Column({ type: 'varchar', length: 16, unique: true })
  code: string;
}
