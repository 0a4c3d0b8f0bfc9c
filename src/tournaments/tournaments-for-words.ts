import type { EntityManager } from 'typeorm';
import { Division } from './division.entity';
import { Tournament } from './tournament.entity';

/*
 * The tournaments and divisions as the words read them (which list and rule set judge a
 * challenge), on the caller's manager (`m`).
 */

/** A tournament as the words read it: its own word list and rule set go by it. */
export type TournamentOfWords = Pick<Tournament, 'id' | 'ruleSet'>;

/** Whether a division of the tournament plays `ruleSet` (a side event of another rule set). */
export function divisionPlays(
  m: EntityManager,
  tournamentId: number,
  ruleSet: string,
): Promise<boolean> {
  return m.existsBy(Division, { tournamentId, ruleSet });
}
