import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { checkVersion } from '../common/api/if-match';
import { BadInput, NotFound } from '../common/errors';
import { forUpdate } from '../database/lock';
import { Transactions } from '../database/transactions';
import type { VerificationReport } from '../engine';
import { Player } from '../players/player.entity';
import { ScoreSheet } from '../results/score-sheet.entity';
import { GameSeat } from '../rounds/game-seat.entity';
import { Game } from '../rounds/game.entity';
import { Round } from '../rounds/round.entity';
import { StandingsService, StandingsSnapshot } from '../standings-api/standings.service';
import { Division } from '../tournaments/division.entity';
import { Tournament } from '../tournaments/tournament.entity';
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
  /** Games with a result, and how many of them have a score sheet that did not verify. */
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
  ) {}

  async get(
    tournamentId: number,
    m: EntityManager = this.dataSource.manager,
  ): Promise<PrizeTableView> {
    const t = await m.findOneBy(Tournament, { id: tournamentId });
    if (!t) throw new NotFound('tournament', tournamentId);
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
      const t = await m.findOne(Tournament, { where: { id: tournamentId }, ...forUpdate(m) });
      if (!t) throw new NotFound('tournament', tournamentId);
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
  async tournamentName(id: number): Promise<string | null> {
    const t = await this.dataSource.manager.findOne(Tournament, {
      where: { id },
      select: { id: true, name: true },
    });
    return t?.name ?? null;
  }

  /** The tournament's divisions, for the prize pages' links. */
  async divisions(tournamentId: number): Promise<{ id: number; name: string }[]> {
    const ds = await this.dataSource.manager.find(Division, {
      where: { tournamentId },
      order: { id: 'ASC' },
      select: { id: true, name: true },
    });
    return ds.map((d) => ({ id: d.id, name: d.name }));
  }

  /** A division's games with a result and those whose score sheet verified, round by round. */
  private async verifiedGames(
    divisionId: number,
  ): Promise<{ verified: VerifiedGame[]; done: number; notVerified: number }> {
    const m = this.dataSource.manager;
    const rounds = await m.find(Round, {
      where: { divisionId },
      select: { id: true, number: true },
    });
    const roundOf = new Map(rounds.map((r) => [r.id, r.number]));
    const games = rounds.length
      ? await m.find(Game, {
          where: { roundId: In(rounds.map((r) => r.id)) },
          order: { id: 'ASC' },
        })
      : [];
    const done = games.filter((g) => g.status === 'complete');
    const ids = done.map((g) => g.id);
    const sheets = ids.length
      ? await m.find(ScoreSheet, {
          where: { gameId: In(ids) },
          select: { id: true, gameId: true, ok: true, report: true },
        })
      : [];
    const seats = ids.length
      ? await m.find(GameSeat, {
          where: { gameId: In(ids) },
          select: { id: true, gameId: true, seat: true, playerId: true },
        })
      : [];
    const seatsOf = new Map<number, GameSeat[]>();
    for (const s of seats) seatsOf.set(s.gameId, [...(seatsOf.get(s.gameId) ?? []), s]);
    const gameOf = new Map(done.map((g) => [g.id, g]));
    const verified: VerifiedGame[] = [];
    for (const sheet of sheets) {
      if (sheet.ok !== true || !sheet.report) continue;
      const g = gameOf.get(sheet.gameId)!;
      const atTable = (seatsOf.get(g.id) ?? []).sort((a, b) => a.seat - b.seat);
      const players = atTable.length
        ? atTable.map((s) => String(s.playerId))
        : [g.firstPlayerId, g.secondPlayerId].filter((p) => p !== null).map(String);
      verified.push({
        round: roundOf.get(g.roundId) ?? 0,
        table: g.tableNumber,
        players,
        report: sheet.report as VerificationReport,
      });
    }
    verified.sort((a, b) => a.round - b.round || a.table - b.table);
    return {
      verified,
      done: done.length,
      notVerified: sheets.filter((s) => s.ok !== true).length,
    };
  }

  /** A division's prize list: the standings after the last round paired, the verified sheets. */
  async division(divisionId: number): Promise<DivisionPrizes> {
    const snap: StandingsSnapshot = await this.standings.snapshot(divisionId);
    const m = this.dataSource.manager;
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
    const ratings = await m.find(Player, {
      where: { divisionId },
      select: { id: true, rating: true },
    });
    const rating = new Map(ratings.map((p) => [p.id, p.rating]));
    const club = new Map(snap.players.map((p) => [p.id, p.club]));
    const players: PrizePlayer[] = snap.view.rows.map((r) => ({
      id: r.playerId,
      name: r.name,
      club: club.get(r.playerId) ?? null,
      rating: rating.get(r.playerId) ?? null,
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
