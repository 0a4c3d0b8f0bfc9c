import type { EntityManager } from 'typeorm';
import { insertMany } from '../database/bulk';
import { placeholders, run } from '../database/sql';
import {
  closedTournaments,
  DivisionOfRatings,
  divisionsOfTournaments,
  TournamentOfRatings,
} from '../tournaments/tournaments-for-ratings';
import { computeRatings, FamilyTournament, StoredGame } from './compute';
import { familyOf } from '../registry/families';
import { Rating, RatingReport } from './rating.entity';

/** Divisions read per statement. */
const CHUNK = 400;

/** A game as read for the ratings (its division's, its players' ids). */
interface GameRow {
  division_id: number;
  first_player_id: number;
  second_player_id: number | null;
  winner: StoredGame['winner'];
  result_kind: string | null;
}

/** The PostgreSQL advisory lock that makes recomputations take turns (issue 17 in its digits). */
const RECOMPUTE_LOCK = 170017;

/** Whether a division's games are rated: games of two only (tables of more are not yet). */
export function ratedDivision(d: Pick<DivisionOfRatings, 'tableSize'>): boolean {
  return d.tableSize === 2;
}

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
  const divisions = closed.length
    ? (await divisionsOfTournaments(m, [...byId.keys()])).filter(ratedDivision)
    : [];
  // The games and players of the rated divisions, and the list, in plain rows: a closed
  // tournament's games and a federation's list are tens of thousands of rows each, which
  // TypeORM's entities would take seconds to build.
  const divisionIds = divisions.map((d) => d.id);
  const games: GameRow[] = [];
  const personOf = new Map<number, number | null>();
  for (let i = 0; i < divisionIds.length; i += CHUNK) {
    const chunk = divisionIds.slice(i, i + CHUNK);
    const marks = placeholders(m, chunk.length + 1);
    const inList = marks.slice(1).join(', ');
    const gameRows = (
      await run(
        m,
        'SELECT r."division_id", g."first_player_id", g."second_player_id", g."winner", ' +
          'g."result_kind" FROM "games" g JOIN "rounds" r ON r."id" = g."round_id" ' +
          `WHERE g."status" = ${marks[0]} AND r."division_id" IN (${inList})`,
        ['complete', ...chunk],
      )
    ).records as GameRow[];
    for (const g of gameRows) games.push(g);
    const playerRows = (
      await run(
        m,
        `SELECT "id", "person_id" FROM "players" WHERE "division_id" IN (${placeholders(m, chunk.length).join(', ')})`,
        chunk,
      )
    ).records as { id: number; person_id: number | null }[];
    for (const p of playerRows) {
      personOf.set(Number(p.id), p.person_id === null ? null : Number(p.person_id));
    }
  }
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
    const d = divisionById.get(Number(g.division_id))!;
    const second = g.second_player_id;
    groups.get(`${d.tournamentId}|${familyOf(d.ruleSet)}`)!.games.push({
      firstPersonId: personOf.get(Number(g.first_player_id)) ?? null,
      secondPersonId: second !== null ? (personOf.get(Number(second)) ?? null) : null,
      status: 'complete',
      winner: g.winner,
      resultKind: g.result_kind,
    });
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
