import { Column, Entity, ForeignKey } from 'typeorm';
import { BaseEntity } from '../common/base.entity';

/** Where a submission stands: waiting for the others, the result, sent back, or replaced. */
export type SubmissionStatus = 'waiting' | 'accepted' | 'returned' | 'replaced';

/**
 * A score sheet a player of the table sent with their code: kept as sent with the engine's
 * report, who sent it, and which other seats confirmed it. It becomes the game's result when
 * the engine finds no fault and every other player of the table has confirmed it; otherwise
 * the judges see it at their desk.
 */
@Entity('sheet_submissions')
export class SheetSubmission extends BaseEntity {
  @ForeignKey('games', { onDelete: 'CASCADE' })
  @Column({ name: 'game_id', type: 'integer' })
  gameId: number;

  /** The seat whose code sent it. */
  @Column({ type: 'integer' })
  seat: number;

  /** The sheet's JSON text, byte for byte. */
  @Column({ type: 'text' })
  sheet: string;

  @Column({ type: 'simple-json' })
  report: unknown;

  /** The engine's verdict: true when the sheet agrees with the rules. */
  @Column({ type: 'boolean' })
  ok: boolean;

  /** The seats that confirmed it (the sender's own is not listed). */
  @Column({ type: 'simple-json' })
  confirmations: number[];

  @Column({ type: 'varchar', length: 20 })
  status: SubmissionStatus;

  /** Why the judge sent it back, in the judge's words. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  note: string | null;
}
