import { EntityManager, In, IsNull, Not } from 'typeorm';
import { insertMany } from '../database/bulk';
import { Player } from '../players/player.entity';
import { Game } from '../rounds/game.entity';
import { Round } from '../rounds/round.entity';
import { Division } from '../tournaments/division.entity';
import { Tournament } from '../tournaments/tournament.entity';
import { computeRatings, FamilyTournament } from './compute';
import { familyOf } from './families';
import { Rating, RatingListEntry, RatingReport } from './rating.entity';

/** The PostgreSQL advisory lock that makes recomputations take turns (issue 17 in its digits). */
const RECOMPUTE_LOCK = 170017;

/** Whether a division's games are rated: games of two only (tables of more are not yet). */
export function ratedDivision(d: Division): boolean {
  return d.tableSize === 2;
}

/** The day a tournament counts as played on: its last day, else its first, else its creation. */
export function ratingDate(t: Tournament): string {
  return t.endsOn ?? t.startsOn ?? t.createdAt.toISOString().slice(0, 10);
}

/**
 * Every rating and report again, from the list and the closed tournaments, in the transaction
 * `m`: whenever a tournament is closed or reopened or a list is imported.
 */
export async function recomputeRatings(
  m: EntityManager,
): Promise<{ tournaments: number; persons: number }> {
  // Two recomputations at once (two tournaments closed together) take turns on PostgreSQL:
  // each replaces every rating, so the second must see the first's. SQLite queues writes.
  if (m.connection.options.type === 'postgres') {
    await m.query('SELECT pg_advisory_xact_lock($1)', [RECOMPUTE_LOCK]);
  }
  const closed = await m.find(Tournament, { where: { closedAt: Not(IsNull()) } });
  const byId = new Map(closed.map((t) => [t.id, t]));
  const divisions = closed.length
    ? (await m.find(Division, { where: { tournamentId: In([...byId.keys()]) } })).filter(
        ratedDivision,
      )
    : [];
  const rounds = divisions.length
    ? await m.find(Round, {
        where: { divisionId: In(divisions.map((d) => d.id)) },
        select: { id: true, divisionId: true },
      })
    : [];
  const games = rounds.length
    ? await m.find(Game, {
        where: { roundId: In(rounds.map((r) => r.id)), status: 'complete' },
        select: {
          id: true,
          roundId: true,
          firstPlayerId: true,
          secondPlayerId: true,
          status: true,
          winner: true,
          resultKind: true,
        },
      })
    : [];
  const personOf = new Map(
    (divisions.length
      ? await m.find(Player, {
          where: { divisionId: In(divisions.map((d) => d.id)) },
          select: { id: true, personId: true },
        })
      : []
    ).map((p) => [p.id, p.personId]),
  );
  const divisionOf = new Map(rounds.map((r) => [r.id, r.divisionId]));
  const divisionById = new Map(divisions.map((d) => [d.id, d]));
  const groups = new Map<
    string,
    FamilyTournament & { games: FamilyTournament['games'][number][] }
  >();
  for (const d of divisions) {
    const t = byId.get(d.tournamentId)!;
    const family = familyOf(d.ruleSet);
    const k = `${t.id}|${family}`;
    if (!groups.has(k))
      groups.set(k, { tournamentId: t.id, date: ratingDate(t), family, games: [] });
  }
  for (const g of games) {
    const d = divisionById.get(divisionOf.get(g.roundId)!)!;
    groups.get(`${d.tournamentId}|${familyOf(d.ruleSet)}`)!.games.push({
      firstPersonId: personOf.get(g.firstPlayerId) ?? null,
      secondPersonId: g.secondPlayerId !== null ? (personOf.get(g.secondPlayerId) ?? null) : null,
      status: g.status,
      winner: g.winner,
      resultKind: g.resultKind,
    });
  }
  const list = await m.find(RatingListEntry);
  const results = computeRatings([...groups.values()], list);
  await m.createQueryBuilder().delete().from(RatingReport).execute();
  await m.createQueryBuilder().delete().from(Rating).execute();
  await insertMany(
    m,
    RatingReport,
    results.flatMap((f) =>
      f.reports.map((r) => ({
        tournamentId: r.tournamentId,
        family: f.family,
        changes: r.changes,
      })),
    ),
    100,
  );
  const ratings = results.flatMap((f) =>
    [...f.ratings].map(([personId, r]) => ({
      personId,
      family: f.family,
      rating: r.rating,
      games: r.games,
    })),
  );
  await insertMany(m, Rating, ratings);
  return { tournaments: closed.length, persons: new Set(ratings.map((r) => r.personId)).size };
}
