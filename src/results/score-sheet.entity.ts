import { Column, Entity, ForeignKey, ValueTransformer } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import { reportJson, VerificationReport } from '../engine';

/**
 * The report's column: text written by the engine's report writer ({@link reportJson}, the text
 * `JSON.stringify` gives, at a fraction of its cost) and read with `JSON.parse`. The column was
 * TypeORM's `simple-json`, which is text on SQLite and PostgreSQL alike: the stored text is the
 * same, and no migration is needed.
 */
export const REPORT_TEXT: ValueTransformer = {
  to: (report: unknown): unknown =>
    report === null || report === undefined ? report : reportJson(report as VerificationReport),
  from: (text: unknown): unknown => (typeof text === 'string' ? JSON.parse(text) : text),
};

/** A game's score sheet exactly as the judge typed it, and its last verification report. */
@Entity('score_sheets')
export class ScoreSheet extends BaseEntity {
  @ForeignKey('games', { onDelete: 'CASCADE' })
  @Column({ name: 'game_id', type: 'integer', unique: true })
  gameId: number;

  /** The sheet's JSON text as submitted, byte for byte. */
  @Column({ type: 'text' })
  sheet: string;

  /** The engine's report (JSON), or null when the sheet could not be read. */
  @Column({ type: 'text', nullable: true, transformer: REPORT_TEXT })
  report: unknown;

  @Column({ type: 'boolean', nullable: true })
  ok: boolean | null;
}
