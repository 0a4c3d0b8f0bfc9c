import { Column, Entity, ForeignKey, JoinColumn, ManyToOne, Unique } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import { Game } from './game.entity';

/**
 * One seat of a game played at a table of more than two (the target-score variant, Quivit):
 * its player in turn order and, once the table has a result, the seat's figures and place.
 * A game of a division of pairs has no seats: its two players are the game's own columns.
 */
@Entity('game_seats')
@Unique('uq_game_seats_seat', ['gameId', 'seat'])
@Unique('uq_game_seats_player', ['gameId', 'playerId'])
export class GameSeat extends BaseEntity {
  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id' })
  game: Game;

  @Column({ name: 'game_id', type: 'integer' })
  gameId: number;

  /** 1 moves first, then 2, … */
  @Column({ type: 'integer' })
  seat: number;

  @ForeignKey('players')
  @Column({ name: 'player_id', type: 'integer' })
  playerId: number;

  /** Final score; null while the table has no result. */
  @Column({ type: 'integer', nullable: true })
  score: number | null;

  /** Remaining clock at the end, after penalties, in seconds (games with a clock). */
  @Column({ type: 'integer', nullable: true })
  remaining: number | null;

  /** Cards taken (Quivit); null elsewhere. */
  @Column({ type: 'integer', nullable: true })
  cards: number | null;

  /** Place at the table, 1 first; seats equal on everything share it. Null while pending. */
  @Column({ type: 'integer', nullable: true })
  place: number | null;
}
