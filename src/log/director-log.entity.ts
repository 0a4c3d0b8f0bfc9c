import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The director's log: one row for every action taken on a tournament (pairing, swap,
 * withdrawal, late entry, settings change, result correction, deletion…), with who, when,
 * and what changed, before and after. Written in the transaction of the action itself.
 * Players and games are named by id for links; `round` and `table` say which game in words
 * that survive the game (a removed round) and an export.
 */
@Entity('director_log')
@Index('ix_director_log_tournament', ['tournamentId', 'id'])
export class DirectorLogEntry {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'tournament_id', type: 'integer' })
  tournamentId: number;

  @Column({ name: 'division_id', type: 'integer', nullable: true })
  divisionId: number | null;

  @Column({ name: 'player_id', type: 'integer', nullable: true })
  playerId: number | null;

  @Column({ name: 'game_id', type: 'integer', nullable: true })
  gameId: number | null;

  @Column({ type: 'integer', nullable: true })
  round: number | null;

  @Column({ name: 'table_number', type: 'integer', nullable: true })
  tableNumber: number | null;

  /** A stable code: `round.paired`, `result.corrected`, … (see {@link LOG_ACTIONS}). */
  @Column({ type: 'varchar', length: 40 })
  action: string;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  /** Who it was at the time: kept when the account goes, and carried by export. */
  @Column({ name: 'user_name', type: 'varchar', length: 200, nullable: true })
  userName: string | null;

  @Column({ name: 'user_email', type: 'varchar', length: 200, nullable: true })
  userEmail: string | null;

  /** Why nobody is named (`no signed-in user`), or null. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  note: string | null;

  @Column({ type: 'simple-json', nullable: true })
  before: unknown;

  @Column({ type: 'simple-json', nullable: true })
  after: unknown;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
