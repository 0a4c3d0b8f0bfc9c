import { Column, Entity, ForeignKey } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import type { AwardSetting, Prize, PrizeClassSetting } from './prize-table';

/** A tournament's prize table (see `prize-table.ts`); a tournament without one pays nothing. */
@Entity('prize_tables')
export class PrizeTable extends BaseEntity {
  @ForeignKey('tournaments', { onDelete: 'CASCADE' })
  @Column({ name: 'tournament_id', type: 'integer', unique: true })
  tournamentId: number;

  @Column({ type: 'varchar', length: 10, default: '' })
  currency: string;

  @Column({ name: 'one_prize_per_player', type: 'boolean', default: true })
  onePrizePerPlayer: boolean;

  /** The places' prizes, first place first (JSON). */
  @Column({ type: 'simple-json' })
  places: Prize[];

  @Column({ type: 'simple-json' })
  classes: PrizeClassSetting[];

  @Column({ type: 'simple-json' })
  awards: AwardSetting[];

  /** Counts the changes: a change names the version it was based on (If-Match). */
  @Column({ type: 'integer', default: 1 })
  version: number;
}
