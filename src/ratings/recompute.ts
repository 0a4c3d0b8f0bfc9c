import type { EntityManager } from 'typeorm';
import { insertMany } from '../database/bulk';
import { run } from '../database/sql';
import {
  closedTournaments,
  divisionsOfTournaments,
  TournamentOfRatings,
} from '../tournaments/tournaments-for-ratings';
import {
  computeRatings,
  FamilyTournament,
  RegisteredRating,
  StoredGame,
  StoredTable,
} from './compute';
import { playersOfRecompute } from '../players/players-for-ratings';
import { completeGamesOf } from '../rounds/games-for-ratings';
import { familyOf } from '../registry/families';
import { Rating, RatingReport } from './rating.entity';

/** Divisions read per statement. */
const CHUNK = 400;

/** One tournament's games of one family, gathered. */
interface Group extends FamilyTournament {
  games: StoredGame[];
  tables: StoredTable[];
  registered: RegisteredRating[];
}

/** The PostgreSQL advisory lock that makes recomputations take turns (issue 17 in its digits). */
const RECOMPUTE_LOCK = 170017;

/** The day a tournament counts as played on: its last day, else its first, else its creation. */
export function ratingDate(
  t: Pick<TournamentOfRatings, 'startsOn' | 'endsOn' | 'createdAt'>,
): string {
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
  const closed = await closedTournaments(m);
  const byId = new Map(closed.map((t) => [t.id, t]));
  const divisions = closed.length ? await divisionsOfTournaments(m, [...byId.keys()]) : [];
  // The games and players of the rated divisions, and the list, in plain rows: a closed
  // tournament's games and a federation's list are tens of thousands of rows each, which
  // TypeORM's entities would take seconds to build. Divisions by id, so that a person
  // registered in two divisions of a family starts from the first division's rating.
  const divisionIds = divisions.map((d) => d.id).sort((a, b) => a - b);
  const divisionById = new Map(divisions.map((d) => [d.id, d]));
  const groups = new Map<string, Group>();
  const groupOf = (divisionId: number): Group => {
    const d = divisionById.get(divisionId)!;
    const t = byId.get(d.tournamentId)!;
    const family = familyOf(d.ruleSet);
    const k = `${t.id}|${family}`;
    if (!groups.has(k)) {
      groups.set(k, {
        tournamentId: t.id,
        date: ratingDate(t),
        family,
        games: [],
        tables: [],
        registered: [],
      });
    }
    return groups.get(k)!;
  };
  for (const d of divisions) groupOf(d.id);
  for (let i = 0; i < divisionIds.length; i += CHUNK) {
    const chunk = divisionIds.slice(i, i + CHUNK);
    const personOf = new Map<number, number | null>();
    for (const p of await playersOfRecompute(m, chunk)) {
      personOf.set(p.id, p.personId);
      if (p.personId !== null && p.rating !== null) {
        groupOf(p.divisionId).registered.push({ personId: p.personId, rating: p.rating });
      }
    }
    const { pairs, tables } = await completeGamesOf(m, chunk);
    for (const g of pairs) {
      groupOf(g.divisionId).games.push({
        firstPersonId: personOf.get(g.firstPlayerId) ?? null,
        secondPersonId: g.secondPlayerId !== null ? (personOf.get(g.secondPlayerId) ?? null) : null,
        status: 'complete',
        winner: g.winner,
        resultKind: g.resultKind,
      });
    }
    for (const t of tables) {
      groupOf(t.divisionId).tables.push({
        gameId: t.gameId,
        status: 'complete',
        resultKind: t.resultKind,
        seats: t.seats.map((s) => ({ personId: personOf.get(s.playerId) ?? null, place: s.place })),
      });
    }
  }
  const list = (
    (await run(m, 'SELECT "person_id", "family", "rating", "games" FROM "rating_list"', []))
      .records as { person_id: number; family: string; rating: number; games: number }[]
  ).map((e) => ({
    personId: Number(e.person_id),
    family: e.family,
    rating: Number(e.rating),
    games: Number(e.games),
  }));
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
