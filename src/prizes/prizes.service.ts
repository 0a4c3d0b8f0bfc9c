import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { checkVersion } from '../common/api/if-match';
import { BadInput, NotFound } from '../common/errors';
import { forUpdate } from '../database/lock';
import { Transactions } from '../database/transactions';
import { RatingsService } from '../ratings/ratings.service';
import { ResultsService } from '../results/results.service';
import { RoundsService } from '../rounds/rounds.service';
import { StandingsService, StandingsSnapshot } from '../standings-api/standings.service';
import { DivisionName, TournamentsService } from '../tournaments/tournaments.service';
import { DivisionStatistics, PrizeList, prizeList, StandingLine, statistics } from './prize-list';
import {
  EMPTY_PRIZE_TABLE,
  PrizeProblem,
  prizeProblemText,
  PrizeTableSettings,
  readPrizeTable,
} from './prize-table';
import { PrizeTable } from './prize-table.entity';
import type { VerifiedGame } from './prizes';

/** A tournament's prize table as read and written: its settings and version. */
export interface PrizeTableView extends PrizeTableSettings {
  tournamentId: number;
  /** 0 while none has been set; a change sends the version it read in If-Match. */
  version: number;
}

/** A player of a division's prize list. */
export interface PrizePlayer {
  id: number;
  name: string;
  club: string | null;
  rating: number | null;
  rank: number;
}

/** A division's prize list with what it was computed from. */
export interface DivisionPrizes {
  tournament: { id: number; name: string; closed: boolean };
  division: { id: number; name: string };
  table: PrizeTableView;
  /** Standings after this round (the last paired); games still without a result in them. */
  round: number;
  pendingGames: number;
  /** Games with a result, and how many of them have a score sheet that does not count. */
  gamesWithResult: number;
  sheetsNotVerified: number;
  /** How many divisions the tournament has; with more than one, its figures in all. */
  divisions: number;
  tournamentTotals: DivisionStatistics | null;
  players: PrizePlayer[];
  list: PrizeList;
}

/** The 400 a bad prize table gets: the field named, the problem's code and figures for pages. */
export class PrizeTableRefused extends BadInput {
  constructor(readonly problem: PrizeProblem) {
    super('VALIDATION_FAILED', prizeProblemText(problem), {
      field: problem.field,
      problem: problem.code,
      params: problem.params,
    });
  }
}

const view = (tournamentId: number, row: PrizeTable | null): PrizeTableView =>
  row
    ? {
        tournamentId,
        version: row.version,
        currency: row.currency,
        onePrizePerPlayer: row.onePrizePerPlayer,
        places: row.places,
        classes: row.classes,
        awards: row.awards,
      }
    : { tournamentId, version: 0, ...EMPTY_PRIZE_TABLE };

/** Prize tables, and prize lists computed from standings and verified score sheets. */
@Injectable()
export class PrizesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly standings: StandingsService,
    private readonly tournaments: TournamentsService,
    private readonly rounds: RoundsService,
    private readonly results: ResultsService,
    private readonly ratings: RatingsService,
  ) {}

  async get(
    tournamentId: number,
    m: EntityManager = this.dataSource.manager,
  ): Promise<PrizeTableView> {
    if ((await this.tournaments.tournamentName(tournamentId, m)) === null) {
      throw new NotFound('tournament', tournamentId);
    }
    return view(tournamentId, await m.findOneBy(PrizeTable, { tournamentId }));
  }

  /**
   * Replaces the prize table whole; `ifMatch` is the version it was based on (0 while none is
   * set): 400 naming the first bad field, then 428 without, 409 stale; nothing stored.
   */
  async put(
    tournamentId: number,
    body: unknown,
    ifMatch: number | undefined,
  ): Promise<PrizeTableView> {
    // A bad table is a 400 before any question of versions, as a body the validation pipe
    // refuses is on the other routes.
    const read = readPrizeTable(body);
    if (!read.ok) throw new PrizeTableRefused(read.problem);
    const settings = read.table;
    return this.transactions.run(async (m) => {
      if (!(await this.tournaments.lockTournament(m, tournamentId))) {
        throw new NotFound('tournament', tournamentId);
      }
      const row = await m.findOne(PrizeTable, { where: { tournamentId }, ...forUpdate(m) });
      const now = view(tournamentId, row);
      if (ifMatch !== now.version) {
        checkVersion(
          `the prize table of tournament ${tournamentId}`,
          `GET /api/tournaments/${tournamentId}/prizes`,
          ifMatch,
          now,
          typeof body === 'object' && body !== null ? body : {},
        );
      }
      if (row) {
        Object.assign(row, settings);
        row.version += 1;
        await m.save(row);
        return view(tournamentId, row);
      }
      const created = m.create(PrizeTable, { tournamentId, ...settings, version: 1 });
      await m.save(created);
      return view(tournamentId, created);
    });
  }

  /** A tournament's name, null when there is none. */
  tournamentName(id: number): Promise<string | null> {
    return this.tournaments.tournamentName(id);
  }

  /** The tournament's divisions, for the prize pages' links. */
  divisions(tournamentId: number): Promise<DivisionName[]> {
    return this.tournaments.divisionNames(tournamentId);
  }

  /**
   * A division's games with a result and those whose result stands on their score sheet, round
   * by round. A sheet counts when the game's result was taken from it, whatever findings its
   * report has (a total added up wrong, a play's score miscounted): the report's figures are
   * the engine's own, so a slip in the sheet's sums changes none of them. A sheet the engine
   * could not read, or one the game's result no longer comes from, does not count.
   */
  private async verifiedGames(
    divisionId: number,
  ): Promise<{ verified: VerifiedGame[]; done: number; notVerified: number }> {
    const done = await this.rounds.completeGames(divisionId);
    const sheets = await this.results.sheetReports(done.map((g) => g.id));
    const gameOf = new Map(done.map((g) => [g.id, g]));
    const verified: VerifiedGame[] = [];
    for (const sheet of sheets) {
      const g = gameOf.get(sheet.gameId)!;
      if (g.source !== 'scoresheet' || !sheet.report) continue;
      verified.push({
        round: g.round,
        table: g.table,
        players: g.players.map(String),
        report: sheet.report,
      });
    }
    verified.sort((a, b) => a.round - b.round || a.table - b.table);
    return { verified, done: done.length, notVerified: sheets.length - verified.length };
  }

  /** A division's prize list: the standings after the last round paired, the sheets that count. */
  async division(divisionId: number): Promise<DivisionPrizes> {
    const snap: StandingsSnapshot = await this.standings.snapshot(divisionId);
    const table = await this.get(snap.tournament.id);
    const { verified, done, notVerified } = await this.verifiedGames(divisionId);
    const divisions = await this.divisions(snap.tournament.id);
    // The tournament's figures too when it has more divisions than this one.
    let tournamentTotals: DivisionStatistics | null = null;
    if (divisions.length > 1) {
      const all: VerifiedGame[] = [];
      for (const d of divisions) {
        all.push(...(d.id === divisionId ? verified : (await this.verifiedGames(d.id)).verified));
      }
      tournamentTotals = statistics([], all).totals;
    }
    // Each player's starting rating: the number seeding and the rating report read too.
    const starts = await this.ratings.starts(divisionId);
    const club = new Map(snap.players.map((p) => [p.id, p.club]));
    const players: PrizePlayer[] = snap.view.rows.map((r) => ({
      id: r.playerId,
      name: r.name,
      club: club.get(r.playerId) ?? null,
      rating: starts.get(r.playerId)?.rating ?? null,
      rank: r.rank,
    }));
    const lines: StandingLine[] = players.map((p) => ({
      player: String(p.id),
      rank: p.rank,
      rating: p.rating,
    }));
    return {
      tournament: {
        id: snap.tournament.id,
        name: snap.tournament.name,
        closed: snap.tournament.closedAt !== null && snap.tournament.closedAt !== undefined,
      },
      division: { id: snap.division.id, name: snap.division.name },
      table,
      round: snap.view.round,
      pendingGames: snap.view.pendingGames,
      gamesWithResult: done,
      sheetsNotVerified: notVerified,
      divisions: divisions.length,
      tournamentTotals,
      players,
      list: prizeList(lines, verified, table),
    };
  }
}
