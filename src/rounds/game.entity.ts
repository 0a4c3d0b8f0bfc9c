import { Column, Entity, JoinColumn, ManyToOne, Unique, VersionColumn } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import { Player } from '../players/player.entity';
import { Round } from './round.entity';

/** `pending` until a result is in; a bye is complete when paired. */
export type GameStatus = 'pending' | 'complete' | 'bye';

/** Who won: `first`, `second`, `draw`; `none` for a double forfeit (both lose). */
export type Winner = 'first' | 'second' | 'draw' | 'none';

/**
 * A result that was not played: `forfeit` (the loser did not come; the winner takes the
 * division's forfeit spread) or `double-forfeit` (neither came; both lose). Null for a game
 * played, a bye or a game pending.
 */
export type ResultKind = 'forfeit' | 'double-forfeit';
export const RESULT_KINDS: readonly ResultKind[] = ['forfeit', 'double-forfeit'];

/** Where a result came from: typed in, a score sheet, or the pairing (a bye). */
export type ResultSource = 'result' | 'scoresheet' | 'bye';

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

  @ManyToOne(() => Player)
  @JoinColumn({ name: 'first_player_id' })
  firstPlayer: Player;

  @Column({ name: 'first_player_id', type: 'integer' })
  firstPlayerId: number;

  @ManyToOne(() => Player, { nullable: true })
  @JoinColumn({ name: 'second_player_id' })
  secondPlayer: Player | null;

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
