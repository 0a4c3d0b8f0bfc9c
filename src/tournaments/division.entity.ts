import { Column, Entity, JoinColumn, ManyToOne } from 'typeorm';
import { SettingsColumns } from './settings.entity';
import { Tournament } from './tournament.entity';

/** A division: its name, and its own settings (`SettingsColumns`). */
@Entity('divisions')
export class Division extends SettingsColumns {
  @ManyToOne(() => Tournament, (t) => t.divisions, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tournament_id' })
  tournament: Tournament;

  @Column({ name: 'tournament_id', type: 'integer' })
  tournamentId: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /**
   * Bumped in the same transaction as every write that can change the division's
   * standings, so a cached standings table is known to be current by one read.
   */
  @Column({ type: 'integer', default: 0 })
  revision: number;

  /**
   * Counts the changes of the division's own name and settings (not its results, which
   * `revision` counts): an edit names the version it was based on (If-Match).
   */
  @Column({ type: 'integer', default: 1 })
  version: number;
}
