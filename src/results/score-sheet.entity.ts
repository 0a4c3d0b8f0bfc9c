import { Column, Entity, JoinColumn, OneToOne } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import { Game } from '../rounds/game.entity';

/** A game's score sheet exactly as the judge typed it, and its last verification report. */
@Entity('score_sheets')
export class ScoreSheet extends BaseEntity {
  @OneToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id' })
  game: Game;

  @Column({ name: 'game_id', type: 'integer', unique: true })
  gameId: number;

  /** The sheet's JSON text as submitted, byte for byte. */
  @Column({ type: 'text' })
  sheet: string;

  /** The engine's report (JSON), or null when the sheet could not be read. */
  @Column({ type: 'simple-json', nullable: true })
  report: unknown;

  @Column({ type: 'boolean', nullable: true })
  ok: boolean | null;
}
