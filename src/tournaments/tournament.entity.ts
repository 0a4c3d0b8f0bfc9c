import { Column, Entity, OneToMany, VersionColumn } from 'typeorm';
import { Division } from './division.entity';
import { SettingsColumns } from './settings.entity';

/** A tournament; its settings (`SettingsColumns`) are what a new division starts from. */
@Entity('tournaments')
export class Tournament extends SettingsColumns {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  place: string | null;

  /** First and last day, `YYYY-MM-DD`. */
  @Column({ name: 'starts_on', type: 'varchar', length: 10, nullable: true })
  startsOn: string | null;

  @Column({ name: 'ends_on', type: 'varchar', length: 10, nullable: true })
  endsOn: string | null;

  /**
   * The IANA zone its pages show times of day and dates in (`America/New_York`): where it is
   * played. Null: the server's (`TIME_ZONE`).
   */
  @Column({ name: 'time_zone', type: 'varchar', length: 64, nullable: true })
  timeZone: string | null;

  /**
   * When the organiser closed the tournament: its results are final (no result, round or
   * player changes until it is reopened) and its games rated. Null while open.
   */
  @Column({ name: 'closed_at', type: Date, nullable: true })
  closedAt: Date | null;

  /**
   * An imported copy: the name of the tournament its file was exported from; null for a
   * tournament made here (src/exchange).
   */
  @Column({ name: 'copy_of', type: 'varchar', length: 200, nullable: true })
  copyOf: string | null;

  /** When an imported copy was imported; null for a tournament made here. */
  @Column({ name: 'imported_at', type: Date, nullable: true })
  importedAt: Date | null;

  @OneToMany(() => Division, (d) => d.tournament)
  divisions: Division[];

  /** Counts the changes: an edit names the version it was based on (If-Match). */
  @VersionColumn({ default: 1 })
  version: number;
}
