import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, IsNull, Not } from 'typeorm';
import { NotFound, Unprocessable } from '../common/errors';
import { insertMany } from '../database/bulk';
import { Transactions } from '../database/transactions';
import { Player } from '../players/player.entity';
import { Person } from '../registry/person.entity';
import { pickPerson } from '../registry/persons';
import { nameKey, nameOrder } from '../players/names';
import { Game } from '../rounds/game.entity';
import { Round } from '../rounds/round.entity';
import { Division } from '../tournaments/division.entity';
import { Tournament } from '../tournaments/tournament.entity';
import { computeRatings, FamilyTournament } from './compute';
import { familyOf, FAMILIES } from './families';
import { parseRatingCsv, RatingCsvError, RatingCsvLine, ratingCsv } from './rating-csv';
import { Rating, RatingListEntry, RatingReport } from './rating.entity';
import { RatingLineView, RatingListView, RatingReportView } from './rating.view';

/** Equal ratings list their players in Serbian alphabetical order. */
const byName = nameOrder('sr-Latn');

/** A rating list read, or a 422 RATING_LIST_INVALID naming every bad line (the first 100). */
function readList(text: string): RatingCsvLine[] {
  try {
    return parseRatingCsv(text);
  } catch (e) {
    if (e instanceof RatingCsvError) {
      throw new Unprocessable('RATING_LIST_INVALID', e.message, {
        field: e.problems[0].field,
        line: e.problems[0].line,
        problems: e.problems.slice(0, 100),
      });
    }
    throw e;
  }
}

/** What importing a list would do, for the question asked first. */
export interface ListPreview {
  lines: number;
  /** Lines whose person is not in the registry yet (added by the import). */
  newPersons: number;
  /** Lines that replace a rating imported before. */
  replaced: number;
}

/** The PostgreSQL advisory lock that makes recomputations take turns (issue 17 in its digits). */
const RECOMPUTE_LOCK = 170017;

/** Current ratings of persons in one family (for seeding and registration), by person. */
export async function currentRatings(
  m: EntityManager,
  personIds: readonly number[],
  family: string,
): Promise<Map<number, number>> {
  if (personIds.length === 0) return new Map();
  const rows = await m.find(Rating, {
    where: { personId: In([...new Set(personIds)]), family },
    select: { personId: true, rating: true },
  });
  return new Map(rows.map((r) => [r.personId, r.rating]));
}

/** Whether a division's games are rated: games of two only (tables of more are not yet). */
export function ratedDivision(d: Division): boolean {
  return d.tableSize === 2;
}

/** The day a tournament counts as played on: its last day, else its first, else its creation. */
export function ratingDate(t: Tournament): string {
  return t.endsOn ?? t.startsOn ?? t.createdAt.toISOString().slice(0, 10);
}

/**
 * Ratings per game family: computed from scratch (the imported list, then every closed
 * tournament in date order) whenever a tournament is closed or reopened or a list is imported,
 * inside that transaction, and kept with each tournament's report.
 */
@Injectable()
export class RatingsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  /** Every rating and report again, from the list and the closed tournaments. */
  async recompute(m: EntityManager): Promise<{ tournaments: number; persons: number }> {
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

  /** Recomputes everything from scratch, in a transaction of its own. */
  recomputeAll(): Promise<{ tournaments: number; persons: number }> {
    return this.transactions.run((m) => this.recompute(m));
  }

  /** A tournament's rating report: per family, each person's line, highest new rating first. */
  async report(tournamentId: number): Promise<RatingReportView> {
    const m = this.dataSource.manager;
    const t = await m.findOneBy(Tournament, { id: tournamentId });
    if (!t) throw new NotFound('tournament', tournamentId);
    const divisions = await m.find(Division, { where: { tournamentId }, order: { id: 'ASC' } });
    const players = divisions.length
      ? await m.find(Player, {
          where: { divisionId: In(divisions.map((d) => d.id)) },
          select: { id: true, personId: true, name: true, divisionId: true },
        })
      : [];
    const divisionName = new Map(divisions.map((d) => [d.id, d.name]));
    const player = new Map(players.map((p) => [p.personId, p]));
    const reports = await m.find(RatingReport, {
      where: { tournamentId },
      order: { family: 'ASC' },
    });
    return {
      tournamentId,
      tournament: t.name,
      date: t.closedAt ? ratingDate(t) : null,
      closedAt: t.closedAt,
      skipped: divisions.filter((d) => !ratedDivision(d)).map((d) => ({ id: d.id, name: d.name })),
      families: reports.map((r) => ({
        family: r.family,
        lines: r.changes
          .map((c): RatingLineView => ({
            personId: c.personId,
            playerId: player.get(c.personId)?.id ?? null,
            name: player.get(c.personId)?.name ?? `#${c.personId}`,
            division: divisionName.get(player.get(c.personId)?.divisionId ?? -1) ?? null,
            old: c.old,
            games: c.games,
            score: c.score,
            expected: c.expected,
            performance: c.performance,
            k: c.k,
            change: c.change,
            new: c.new,
            totalGames: c.totalGames,
          }))
          .sort((a, b) => b.new - a.new || byName(a.name, b.name) || a.personId - b.personId),
      })),
    };
  }

  /** A family's rating list now, highest first. */
  async list(family: string): Promise<RatingListView[]> {
    if (!FAMILIES.includes(family)) {
      throw new Unprocessable(
        'UNKNOWN_FAMILY',
        `family must be one of ${FAMILIES.join(', ')}, not '${family.slice(0, 40)}'`,
        {
          field: 'family',
        },
      );
    }
    const rows = await this.dataSource.manager.find(Rating, {
      where: { family },
      relations: { person: true },
    });
    return rows
      .map((r) => ({
        personId: r.personId,
        name: r.person.name,
        club: r.person.club,
        country: r.person.country,
        federationId: r.person.federationId,
        family: r.family,
        rating: r.rating,
        games: r.games,
      }))
      .sort((a, b) => b.rating - a.rating || byName(a.name, b.name) || a.personId - b.personId);
  }

  /** Every family's list as CSV (or one family's). */
  async csv(family?: string): Promise<string> {
    const families = family ? [family] : FAMILIES;
    const lines: Omit<RatingCsvLine, 'line'>[] = [];
    for (const f of families) lines.push(...(await this.list(f)));
    return ratingCsv(lines);
  }

  /** A person's ratings, by family. */
  async ofPerson(personId: number): Promise<{ family: string; rating: number; games: number }[]> {
    const rows = await this.dataSource.manager.find(Rating, { where: { personId } });
    return rows
      .map((r) => ({ family: r.family, rating: r.rating, games: r.games }))
      .sort((a, b) => FAMILIES.indexOf(a.family) - FAMILIES.indexOf(b.family));
  }

  /** What importing `text` would do, changing nothing (a bad list is the same 422 as the import). */
  async previewImport(text: string): Promise<ListPreview> {
    const lines = readList(text);
    const m = this.dataSource.manager;
    let newPersons = 0;
    let replaced = 0;
    for (const l of lines) {
      const person =
        (l.federationId ? await m.findOneBy(Person, { federationId: l.federationId }) : null) ??
        (l.name ? await m.findOneBy(Person, { nameKey: nameKey(l.name) }) : null);
      if (!person) newPersons++;
      else if (await m.existsBy(RatingListEntry, { personId: person.id, family: l.family }))
        replaced++;
    }
    return { lines: lines.length, newPersons, replaced };
  }

  /**
   * Imports a rating list (CSV): each line's person found by federation id, then by exact name
   * (a new person when neither), its rating set as where that person starts in the family; then
   * every rating is computed again. All or nothing: any bad line refuses the list (422, naming
   * each line and column).
   */
  async importCsv(text: string): Promise<{ imported: number; persons: number }> {
    const lines = readList(text);
    return this.transactions.run(async (m) => {
      for (const l of lines) {
        let person: Person;
        try {
          ({ person } = await pickPerson(m, {
            name: l.name || l.federationId!,
            federationId: l.federationId,
            country: l.country,
          }));
        } catch (e) {
          if (e instanceof Error && 'status' in e) {
            const err = e as Error & { status: number; code: string; details?: { field?: string } };
            throw new Unprocessable(err.code, `line ${l.line}: ${err.message}`, {
              line: l.line,
              field: err.details?.field ?? 'name',
            });
          }
          throw e;
        }
        const existing = await m.findOneBy(RatingListEntry, {
          personId: person.id,
          family: l.family,
        });
        if (existing)
          await m.update(
            RatingListEntry,
            { id: existing.id },
            { rating: l.rating, games: l.games },
          );
        else
          await m.insert(RatingListEntry, {
            personId: person.id,
            family: l.family,
            rating: l.rating,
            games: l.games,
          });
      }
      const { persons } = await this.recompute(m);
      return { imported: lines.length, persons };
    });
  }
}
