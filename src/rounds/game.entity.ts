import { Column, Entity, ForeignKey, JoinColumn, ManyToOne, Unique, VersionColumn } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import type { GameStatus, ResultKind, ResultSource, Winner } from './game-kinds';
import { Round } from './round.entity';

/** One pairing of a round; `second` is null for a bye. `first` moves first. */
@Entity('games')
@Unique('uq_games_round_table', ['roundId', 'tableNumber'])
export class Game extends BaseEntity {
  @ManyToOne(() => Round, (r) => r.games, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'round_id' })
  round: Round;

  @Column({ name: 'round_id', type: 'integer' })
  roundId: number;

  @Column({ name: 'table_number', type: 'integer' })
  tableNumber: number;

  @ForeignKey('players')
  @Column({ name: 'first_player_id', type: 'integer' })
  firstPlayerId: number;

  @ForeignKey('players')
  @Column({ name: 'second_player_id', type: 'integer', nullable: true })
  secondPlayerId: number | null;

  @Column({ type: 'varchar', length: 20 })
  status: GameStatus;

  /** Final scores; for a bye, the bye spread and 0. */
  @Column({ name: 'first_score', type: 'integer', nullable: true })
  firstScore: number | null;

  @Column({ name: 'second_score', type: 'integer', nullable: true })
  secondScore: number | null;

  /** Remaining clock at the end, after penalties, in seconds. */
  @Column({ name: 'first_remaining', type: 'integer', nullable: true })
  firstRemaining: number | null;

  @Column({ name: 'second_remaining', type: 'integer', nullable: true })
  secondRemaining: number | null;

  /** Cards each player took, in card games (Quivit); null elsewhere. */
  @Column({ name: 'first_cards', type: 'integer', nullable: true })
  firstCards: number | null;

  @Column({ name: 'second_cards', type: 'integer', nullable: true })
  secondCards: number | null;

  /** The player who lost on time, if any. */
  @Column({ name: 'time_loss_player_id', type: 'integer', nullable: true })
  timeLossPlayerId: number | null;

  /** Who won; null while pending. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  winner: Winner | null;

  @Column({ name: 'result_source', type: 'varchar', length: 20, nullable: true })
  resultSource: ResultSource | null;

  /** A forfeit, single or double; null for a game played (or a bye, or pending). */
  @Column({ name: 'result_kind', type: 'varchar', length: 20, nullable: true })
  resultKind: ResultKind | null;

  @VersionColumn()
  version: number;
}
