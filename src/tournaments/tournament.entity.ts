import { Column, Entity, OneToMany, VersionColumn } from 'typeorm';
import { Division } from './division.entity';
import { SettingsColumns } from './settings.entity';

/** Pairing systems of src/pairing, plus `manual` (the organiser gives the tables). */
export const PAIRING_SYSTEMS = [
  'swiss',
  'round-robin',
  'double-round-robin',
  'king-of-the-hill',
  'random',
  'seeded',
  'manual',
] as const;

/** A pairing system for one round. */
export type PairingSystem = (typeof PAIRING_SYSTEMS)[number];

/**
 * True for systems whose tables do not depend on results (a schedule fixed in advance). Beside
 * the systems rather than with the division's rules so that the pure checks of an import can
 * ask it too.
 */
export function isScheduled(system: PairingSystem): boolean {
  return system === 'round-robin' || system === 'double-round-robin';
}

/** Tie-breaks an organiser may order; the seed always breaks the last ties. */
export const TIE_BREAKS = [
  'spread',
  'remaining-time',
  'buchholz',
  'head-to-head',
  'total-score',
  'cards',
] as const;

/** A tie-break after game points. */
export type TieBreak = (typeof TIE_BREAKS)[number];

/** The default order: the rules' spread, then cumulative remaining time. */
export const DEFAULT_TIE_BREAKS: TieBreak[] = ['spread', 'remaining-time'];

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
   * When the organiser closed the tournament: its results are final (no result, round or
   * player changes until it is reopened) and its games rated. Null while open.
   */
  @Column({ name: 'closed_at', type: Date, nullable: true })
  closedAt: Date | null;

  @OneToMany(() => Division, (d) => d.tournament)
  divisions: Division[];

  /** Counts the changes: an edit names the version it was based on (If-Match). */
  @VersionColumn({ default: 1 })
  version: number;
}
