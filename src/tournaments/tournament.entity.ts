import { Column, Entity, OneToMany } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import { Division } from './division.entity';

/** A pairing system for one round. */
export type PairingSystem =
  | 'swiss'
  | 'round-robin'
  | 'double-round-robin'
  | 'king-of-the-hill'
  | 'random'
  | 'seeded'
  | 'manual';

/** Tie-breaks after game points, in the order they apply. */
export type TieBreak =
  'spread' | 'remaining-time' | 'buchholz' | 'head-to-head' | 'total-score' | 'seed';

@Entity('tournaments')
export class Tournament extends BaseEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

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

  @Column({ name: 'tie_breaks', type: 'simple-json' })
  tieBreaks: TieBreak[];

  /** Spread a bye counts for. */
  @Column({ name: 'bye_spread', type: 'integer' })
  byeSpread: number;

  @OneToMany(() => Division, (d) => d.tournament)
  divisions: Division[];
}
