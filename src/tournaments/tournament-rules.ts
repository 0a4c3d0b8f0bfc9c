import { EntityManager, In } from 'typeorm';
import { NotFound } from '../common/errors';
import type { StandingsOptions, TieBreak as StandingsTieBreak } from '../standings';
import { Division } from './division.entity';
import { PairingSystem, Tournament } from './tournament.entity';

/** The standings options of a tournament: its tie-breaks, then the seed; its bye spread. */
export function standingsOptions(t: Tournament, throughRound?: number): StandingsOptions {
  const tieBreaks: StandingsTieBreak[] = [...t.tieBreaks, 'seed'];
  return {
    throughRound,
    byeSpread: t.byeSpread,
    byeRemainingSeconds: 0,
    tieBreaks,
  };
}

/** The pairing system the plan gives round `n`: later rounds repeat the last entry. */
export function plannedSystem(t: Tournament, n: number): PairingSystem {
  return t.pairingPlan[Math.min(n, t.pairingPlan.length) - 1];
}

/** True for systems whose tables do not depend on results (a schedule fixed in advance). */
export function isScheduled(system: PairingSystem): boolean {
  return system === 'round-robin' || system === 'double-round-robin';
}

/**
 * Marks divisions changed, inside the writing transaction, so that cached
 * standings of those divisions are recomputed.
 */
export async function touchDivisions(m: EntityManager, ids: number | number[]): Promise<void> {
  const list = Array.isArray(ids) ? ids : [ids];
  if (list.length === 0) return;
  await m
    .createQueryBuilder()
    .update(Division)
    .set({ revision: () => 'revision + 1' })
    .where({ id: In(list) })
    .execute();
}

/** The division and its tournament, or a 404. */
export async function findDivision(
  m: EntityManager,
  divisionId: number,
): Promise<{ division: Division; tournament: Tournament }> {
  const division = await m.findOneBy(Division, { id: divisionId });
  if (!division) throw new NotFound('division', divisionId);
  const tournament = await m.findOneByOrFail(Tournament, { id: division.tournamentId });
  return { division, tournament };
}
