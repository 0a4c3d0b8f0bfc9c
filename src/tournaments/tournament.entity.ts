import { Column, Entity, OneToMany } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import { Division } from './division.entity';

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

@Entity('tournaments')
export class Tournament extends BaseEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  place: string | null;

  /** First and last day, `YYYY-MM-DD`. */
  @Column({ name: 'starts_on', type: 'varchar', length: 10, nullable: true })
  startsOn: string | null;

  @Column({ name: 'ends_on', type: 'varchar', length: 10, nullable: true })
  endsOn: string | null;

  // The settings below are what a new division starts from; each division keeps its own.

  /** Rule-set id of the engine (`kvizovka`, …). */
  @Column({ name: 'rule_set', type: 'varchar', length: 50 })
  ruleSet: string;

  /** Rule options for every game of the tournament (the score sheet's `options`). */
  @Column({ type: 'simple-json' })
  options: Record<string, unknown>;

  @Column({ name: 'rounds_planned', type: 'integer' })
  roundsPlanned: number;

  /** Pairing system of each round, index 0 = round 1; later rounds repeat the last entry. */
  @Column({ name: 'pairing_plan', type: 'simple-json' })
  pairingPlan: PairingSystem[];

  /** Tie-breaks after game points, in the order they apply; the seed comes after them all. */
  @Column({ name: 'tie_breaks', type: 'simple-json' })
  tieBreaks: TieBreak[];

  /** Spread a bye counts for. */
  @Column({ name: 'bye_spread', type: 'integer' })
  byeSpread: number;

  /** Spread a single forfeit counts for: + to the player present, − to the absent one. */
  @Column({ name: 'forfeit_spread', type: 'integer', default: 50 })
  forfeitSpread: number;

  /** The most spread one game counts for in the standings, either way; null for no cap. */
  @Column({ name: 'spread_cap', type: 'integer', nullable: true })
  spreadCap: number | null;

  /** Pair players of one club with each other only when nothing else is possible. */
  @Column({ name: 'avoid_same_club', type: 'boolean', default: false })
  avoidSameClub: boolean;

  /** Pair a leader who can no longer be caught with a player out of the race behind. */
  @Column({ type: 'boolean', default: false })
  gibsonize: boolean;

  /** The last this many rounds are paired King of the Hill, whatever the plan says. */
  @Column({ name: 'koth_last_rounds', type: 'integer', default: 0 })
  kothLastRounds: number;

  @OneToMany(() => Division, (d) => d.tournament)
  divisions: Division[];
}
