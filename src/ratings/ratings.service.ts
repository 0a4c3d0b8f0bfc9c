import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { NotFound, Unprocessable } from '../common/errors';
import { Transactions } from '../database/transactions';
import { inJobProcess, JobHooks, jobDatabase } from '../jobs/in-job-process';
import { Job, Jobs, ReportProgress } from '../jobs/jobs';
import { playersOfDivisions } from '../players/players-for-ratings';
import { nameOrder } from '../i18n/names';
import { tournamentRow } from '../tournaments/division-rows';
import { divisionsOfTournament, tournamentsWithIds } from '../tournaments/tournaments-for-ratings';
import { FAMILIES } from '../registry/families';
import { withPersons } from '../registry/persons-for-ratings';
import type { RatingHistoryPoint } from '../registry/person-records';
import type { ListPreview } from './rating-import';
import { RatingCsvLine, ratingCsv } from './rating-csv';
import { Rating, RatingReport } from './rating.entity';
import { RatingLineView, RatingListView, RatingReportView } from './rating.view';
import { ratingDate, recomputeRatings } from './recompute';
import { PlayerStart, sourceOf, startingRatings } from './starting-ratings';

/** Equal ratings list their players in Serbian alphabetical order. */
const byName = nameOrder('sr-Latn');

export { ratingDate } from './recompute';
export type { ListPreview } from './rating-import';

/** What an imported list did. */
export interface ImportedList {
  imported: number;
  persons: number;
}

/** What a recomputation did. */
export interface Recomputed {
  tournaments: number;
  persons: number;
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
    private readonly jobs: Jobs,
  ) {}

  /** Every rating and report again, from the list and the closed tournaments. */
  recompute(m: EntityManager): Promise<{ tournaments: number; persons: number }> {
    return recomputeRatings(m);
  }

  /** Recomputes everything from scratch, waiting for the job's end. */
  async recomputeAll(ownerId: number | null = null): Promise<Recomputed> {
    return this.jobs.outcome(await this.startRecompute(ownerId));
  }

  /** A tournament's rating report: per family, each person's line, highest new rating first. */
  async report(tournamentId: number): Promise<RatingReportView> {
    const m = this.dataSource.manager;
    const t = await tournamentRow(m, tournamentId);
    if (!t) throw new NotFound('tournament', tournamentId);
    const divisions = await divisionsOfTournament(m, tournamentId);
    const players = divisions.length
      ? await playersOfDivisions(
          m,
          divisions.map((d) => d.id),
        )
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
      families: reports.map((r) => ({
        family: r.family,
        lines: r.changes
          .map((c): RatingLineView => ({
            personId: c.personId,
            playerId: player.get(c.personId)?.id ?? null,
            name: player.get(c.personId)?.name ?? `#${c.personId}`,
            division: divisionName.get(player.get(c.personId)?.divisionId ?? -1) ?? null,
            old: c.old,
            source: sourceOf(c),
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

  /** Each player's starting rating in a division, by player id ({@link startingRatings}). */
  starts(divisionId: number): Promise<Map<number, PlayerStart>> {
    return startingRatings(this.dataSource.manager, divisionId);
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
    const rows = await withPersons(
      this.dataSource.manager
        .createQueryBuilder(Rating, 'Rating')
        .where('Rating.family = :family', { family }),
      'Rating',
    ).getMany();
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

  /**
   * A person's rating after each of these tournaments that has a rating report with them (the
   * report's line: the rating before and after), in the order the ratings were computed: by
   * the day the tournament counts as played on ({@link ratingDate}), then by tournament. Two
   * reads, whatever the number of tournaments.
   */
  async historyOf(
    personId: number,
    tournamentIds: readonly number[],
  ): Promise<RatingHistoryPoint[]> {
    if (tournamentIds.length === 0) return [];
    const m = this.dataSource.manager;
    const reports = await m.find(RatingReport, {
      where: { tournamentId: In([...new Set(tournamentIds)]) },
    });
    if (reports.length === 0) return [];
    const tournaments = new Map(
      (await tournamentsWithIds(m, [...new Set(reports.map((r) => r.tournamentId))])).map((t) => [
        t.id,
        t,
      ]),
    );
    return reports
      .flatMap((r) => {
        const t = tournaments.get(r.tournamentId);
        const line = r.changes.find((c) => c.personId === personId);
        return t && line
          ? [
              {
                tournamentId: t.id,
                tournament: t.name,
                date: ratingDate(t),
                family: r.family,
                old: line.old,
                new: line.new,
              },
            ]
          : [];
      })
      .sort(
        (a, b) =>
          a.date.localeCompare(b.date) ||
          a.tournamentId - b.tournamentId ||
          FAMILIES.indexOf(a.family) - FAMILIES.indexOf(b.family),
      );
  }

  /** What importing `text` would do, changing nothing (a bad list is the same 422 as the import). */
  previewImport(text: string): Promise<ListPreview> {
    return inJobProcess<ListPreview>(
      'ratings.preview',
      { text },
      { database: jobDatabase(this.dataSource) },
    );
  }

  /**
   * Imports a rating list (CSV) as a job (`src/ratings/rating-import.ts`, in a process of its own):
   * each line's person found by federation id, then by exact name (a new person when neither),
   * its rating set as where that person starts in the family; then every rating is computed
   * again. All or nothing: any bad line refuses the list (422, naming each line and column).
   */
  startImport(text: string, ownerId: number | null): Promise<Job<ImportedList>> {
    return this.jobs.start('ratings.import', ownerId, (progress, jobId) =>
      inJobProcess<ImportedList>('ratings.import', { text }, this.hooks(progress, jobId)),
    );
  }

  /** Imports a rating list, waiting for the job's end. */
  async importCsv(text: string, ownerId: number | null = null): Promise<ImportedList> {
    return this.jobs.outcome(await this.startImport(text, ownerId));
  }

  /** Recomputes everything from scratch, as a job of its own (in a process of its own). */
  startRecompute(ownerId: number | null): Promise<Job<Recomputed>> {
    return this.jobs.start('ratings.recompute', ownerId, (progress, jobId) =>
      inJobProcess<Recomputed>('ratings.recompute', {}, this.hooks(progress, jobId)),
    );
  }

  private hooks(progress: ReportProgress, jobId: string): JobHooks {
    return {
      database: jobDatabase(this.dataSource),
      jobId,
      progress,
      writeSlot: (write) => this.transactions.exclusive(write),
    };
  }
}
