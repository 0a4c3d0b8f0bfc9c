import { Column, Entity, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import { PairingSystem, TieBreak, Tournament } from './tournament.entity';

@Entity('divisions')
export class Division extends BaseEntity {
  @ManyToOne(() => Tournament, (t) => t.divisions, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tournament_id' })
  tournament: Tournament;

  @Column({ name: 'tournament_id', type: 'integer' })
  tournamentId: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** Rule-set id of the engine (`kvizovka`, …) every game of the division is played by. */
  @Column({ name: 'rule_set', type: 'varchar', length: 50 })
  ruleSet: string;

  /** Rule options for every game of the division (the score sheet's `options`). */
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

  /**
   * Bumped in the same transaction as every write that can change the division's
   * standings, so a cached standings table is known to be current by one read.
   */
  @Column({ type: 'integer', default: 0 })
  revision: number;
}
