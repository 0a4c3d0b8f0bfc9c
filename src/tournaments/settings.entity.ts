import { Column } from 'typeorm';
import { BaseEntity } from '../common/base.entity';
import type { PairingSystem, TieBreak } from './systems';

/**
 * The rules a division's games are played and paired by: a division's own, and on a
 * tournament the ones a new division starts from. Both tables have these columns.
 */
export abstract class SettingsColumns extends BaseEntity {
  /** Rule-set id of the engine (`kvizovka`, …) every game is played by. */
  @Column({ name: 'rule_set', type: 'varchar', length: 50 })
  ruleSet: string;

  /** Rule options for every game (the score sheet's `options`). */
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

  /** The most times two players may meet (1: never a rematch); null for no limit. */
  @Column({ name: 'max_meetings', type: 'integer', nullable: true })
  maxMeetings: number | null;

  /**
   * Pairing with a lag: round N + 1 is paired from the standings after round N − `pairingLag`
   * (0: after round N, every earlier result in), so that the later rounds' results need not be.
   */
  @Column({ name: 'pairing_lag', type: 'integer', default: 0 })
  pairingLag: number;

  /**
   * Seats a table: 2 for games of pairs; 3 to 4 (Quivit up to 8) for the games played by more
   * at one table, seated and ranked by place (docs/pairing.md, "Tables of more than two").
   */
  @Column({ name: 'table_size', type: 'integer', default: 2 })
  tableSize: number;

  /**
   * Match points of each place by table size (`{ "3": [3, 1.5, 0] }`), for the sizes a division
   * at tables sets itself; a size left out earns a point a player finished ahead of. Null: none.
   */
  @Column({ name: 'place_points', type: 'simple-json', nullable: true })
  placePoints: Record<string, number[]> | null;
}
