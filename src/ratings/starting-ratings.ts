import type { EntityManager } from 'typeorm';
import { NotFound } from '../common/errors';
import { playersOfDivisionForStart } from '../players/players-for-ratings';
import { familyOf } from '../registry/families';
import { divisionForStart } from '../tournaments/tournaments-for-ratings';
import { StartSource, startOf } from './elo';
import { Rating, RatingReport } from './rating.entity';

/** Where a player of a division starts: the rating (null: none, a first rating) and its source. */
export interface PlayerStart {
  rating: number | null;
  source: StartSource;
}

/**
 * Each player's starting rating in a division, by player id: the one number seeding by rating,
 * class prizes and the rating report read ({@link startOf}: the rating list, else the rating
 * registered, else none). A closed tournament's players start where its rating report says
 * (the ratings before it, in date order); an open one's from the ratings now. Kept apart from
 * the ratings service so that the players' port and a job's process call it without NestJS;
 * in the caller's transaction (`m`).
 */
export async function startingRatings(
  m: EntityManager,
  divisionId: number,
): Promise<Map<number, PlayerStart>> {
  const division = await divisionForStart(m, divisionId);
  if (!division) throw new NotFound('division', divisionId);
  const family = familyOf(division.ruleSet);
  const players = await playersOfDivisionForStart(m, divisionId);
  const personIds = [...new Set(players.flatMap((p) => (p.personId !== null ? [p.personId] : [])))];
  const reported = new Map<number, PlayerStart>();
  if (division.closed) {
    const report = await m.findOneBy(RatingReport, {
      tournamentId: division.tournamentId,
      family,
    });
    for (const c of report?.changes ?? []) {
      reported.set(c.personId, { rating: c.old, source: sourceOf(c) });
    }
  }
  const now = await currentOf(
    m,
    personIds.filter((id) => !reported.has(id)),
    family,
  );
  const starts = new Map<number, PlayerStart>();
  for (const p of players) {
    const fromReport = p.personId !== null ? reported.get(p.personId) : undefined;
    if (fromReport) {
      starts.set(p.id, fromReport);
      continue;
    }
    const start = startOf(p.personId !== null ? now.get(p.personId) : undefined, p.rating);
    starts.set(p.id, { rating: start.rating?.rating ?? null, source: start.source });
  }
  return starts;
}

/**
 * Where a report line's player started; a line written before the source was kept started from
 * the list when it had a rating before (registered ratings were not read then).
 */
export function sourceOf(c: { old: number | null; source?: StartSource }): StartSource {
  return c.source ?? (c.old === null ? 'first' : 'list');
}

/** Persons' ratings now in one family (the list and the closed tournaments), by person. */
async function currentOf(
  m: EntityManager,
  personIds: number[],
  family: string,
): Promise<Map<number, { rating: number; games: number }>> {
  const found = new Map<number, { rating: number; games: number }>();
  for (let i = 0; i < personIds.length; i += 500) {
    const chunk = personIds.slice(i, i + 500);
    const rows = await m
      .createQueryBuilder(Rating, 'r')
      .select(['r.personId', 'r.rating', 'r.games'])
      .where('r.family = :family AND r.personId IN (:...ids)', { family, ids: chunk })
      .getMany();
    for (const r of rows) found.set(r.personId, { rating: r.rating, games: r.games });
  }
  return found;
}
