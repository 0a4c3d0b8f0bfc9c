import { Injectable } from '@nestjs/common';
import { createHash } from 'crypto';
import { DataSource } from 'typeorm';
import { BadInput, NotFound } from '../common/errors';
import { renderGate, SingleFlight } from '../common/render-gate';
import type { CachedPage } from '../pages/page-cache';
import { Revisions } from '../database/revisions';
import { formatClock } from '../engine';
import { GameRecord } from '../pairing';
import { absentRoundsOf } from '../players/absences';
import { Player } from '../players/player.entity';
import { gameRecord, GameFacts } from '../rounds/game-facts';
import { Game } from '../rounds/game.entity';
import { Round } from '../rounds/round.entity';
import { computeStandings, StandingsOptions } from '../standings';
import { Division } from '../tournaments/division.entity';
import { standingsOptions } from '../tournaments/tournament-rules';
import { Tournament } from '../tournaments/tournament.entity';
import { computeGroupStandings } from '../standings/placements';
import { groupTieBreaks, playsAtTables, seatsOf, tableResult } from '../rounds/tables';
import { StandingsView } from './standings.view';

/**
 * What the standings pages and PDFs read: the table, the games it was computed
 * from (for the cross-table), and the division and tournament, all as of one
 * revision of the division (`revision`).
 */
export interface StandingsSnapshot {
  revision: number;
  view: StandingsView;
  records: GameRecord[];
  division: Division;
  tournament: Tournament;
  /** Every player of the division (late entries too), with the rounds they were marked absent. */
  players: SnapshotPlayer[];
  /** The options the table was computed with (spread cap, bye and forfeit spread, tie-breaks). */
  options: StandingsOptions;
}

/** A player of a snapshot: what scorecards and the wall chart name and number. */
export interface SnapshotPlayer {
  id: number;
  name: string;
  club: string | null;
  seed: number;
  active: boolean;
  joinedRound: number;
  absentRounds: number[];
}

/**
 * A standings table ready to send: its JSON's bytes, an entity tag for conditional requests,
 * and the bytes compressed when first asked for ({@link encodedBody}).
 */
export type StandingsJson = CachedPage;

/** Standings tables kept, most recently used last. */
const CACHE_SIZE = 64;

/**
 * Standings of a division after any round, from src/standings. The JSON of a
 * table is kept until the division's revision moves (every write that can
 * change it bumps the revision in its own transaction, and {@link Revisions}
 * knows the current one in memory), so repeated reads of a busy standings page
 * do not touch the database.
 */
@Injectable()
export class StandingsService {
  private readonly cache = new Map<string, StandingsJson & { revision: number }>();
  private readonly snapshots = new Map<string, StandingsSnapshot>();
  /** Tables being made: asked for again meanwhile, they are waited for, not made again. */
  private readonly making = new SingleFlight<StandingsJson>();
  private readonly snapshotting = new SingleFlight<StandingsSnapshot>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly revisions: Revisions,
  ) {}

  async json(divisionId: number, round?: number): Promise<StandingsJson> {
    const revision = await this.revisions.get(divisionId);
    if (revision === null) throw new NotFound('division', divisionId);
    const key = `${divisionId}:${round ?? 'last'}`;
    const hit = this.cache.get(key);
    if (hit && hit.revision === revision) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    // Made once however many ask meanwhile, and only with room (else 503, Retry-After).
    return this.making.run(`${revision} ${key}`, () =>
      renderGate().run(async () => {
        const division = await this.dataSource.manager.findOne(Division, {
          where: { id: divisionId },
          select: { id: true, tournamentId: true },
        });
        if (!division) throw new NotFound('division', divisionId);
        const body = Buffer.from(JSON.stringify(await this.compute(division, round)), 'utf8');
        const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
        const entry = { revision, body, etag };
        this.cache.delete(key);
        this.cache.set(key, entry);
        if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
        return entry;
      }),
    );
  }

  /**
   * The table kept for the division and round (`undefined`: the last round paired) when it is
   * the table of the division's current revision known in memory, without waiting; else
   * undefined. For answering before routing (src/pages/kept-pages.ts).
   */
  keptTable(divisionId: number, round: number | undefined): StandingsJson | undefined {
    const hit = this.cache.get(`${divisionId}:${round ?? 'last'}`);
    return hit && hit.revision === this.revisions.peek(divisionId) ? hit : undefined;
  }

  /**
   * The table with its games, division and tournament, for pages: kept (by
   * division and round) until the division's revision moves, like {@link json}.
   * No database read when nothing changed; made once however many ask for it meanwhile.
   */
  async snapshot(divisionId: number, round?: number): Promise<StandingsSnapshot> {
    const revision = await this.revisions.get(divisionId);
    if (revision === null) throw new NotFound('division', divisionId);
    const key = `${divisionId}:${round ?? 'last'}`;
    const hit = this.snapshots.get(key);
    if (hit && hit.revision === revision) {
      this.snapshots.delete(key);
      this.snapshots.set(key, hit);
      return hit;
    }
    return this.snapshotting.run(`${revision} ${key}`, () =>
      renderGate().run(async () => {
        const division = await this.dataSource.manager.findOneBy(Division, { id: divisionId });
        if (!division) throw new NotFound('division', divisionId);
        const full = await this.computeFull(division, round);
        const { view, records, tournament, players, options } = full;
        const entry: StandingsSnapshot = {
          revision,
          view,
          records,
          division,
          tournament,
          players,
          options,
        };
        this.snapshots.delete(key);
        this.snapshots.set(key, entry);
        if (this.snapshots.size > CACHE_SIZE)
          this.snapshots.delete(this.snapshots.keys().next().value!);
        return entry;
      }),
    );
  }

  /** Computes the table from the database, bypassing the cache. */
  async compute(
    division: Pick<Division, 'id' | 'tournamentId'>,
    round?: number,
  ): Promise<StandingsView> {
    return (await this.computeFull(division, round)).view;
  }

  private async computeFull(
    division: Pick<Division, 'id' | 'tournamentId'>,
    round?: number,
  ): Promise<{
    view: StandingsView;
    records: GameRecord[];
    tournament: Tournament;
    players: SnapshotPlayer[];
    options: StandingsOptions;
  }> {
    const m = this.dataSource.manager;
    const tournament = await m.findOneByOrFail(Tournament, { id: division.tournamentId });
    const settings = await m.findOneByOrFail(Division, { id: division.id });
    const rounds = await m.find(Round, {
      where: { divisionId: division.id },
      select: { id: true, number: true },
    });
    const paired = rounds.reduce((max, r) => Math.max(max, r.number), 0);
    if (round !== undefined && round > paired) {
      throw new BadInput(
        'ROUND_OUT_OF_RANGE',
        `round must be a whole number from 0 to ${paired}, the rounds paired in division ${division.id}`,
        { min: 0, max: paired },
      );
    }
    const through = round ?? paired;
    const numberOf = new Map(rounds.map((r) => [r.id, r.number]));
    const players = await m.find(Player, {
      where: { divisionId: division.id },
      select: { id: true, name: true, club: true, seed: true, active: true, joinedRound: true },
    });
    const games: (GameFacts & { roundId: number; id: number })[] =
      rounds.length === 0
        ? []
        : await m
            .createQueryBuilder(Game, 'g')
            .innerJoin(Round, 'r', 'r.id = g.round_id')
            .select('g.round_id', 'roundId')
            .addSelect('g.id', 'id')
            .addSelect('g.first_player_id', 'firstPlayerId')
            .addSelect('g.second_player_id', 'secondPlayerId')
            .addSelect('g.status', 'status')
            .addSelect('g.winner', 'winner')
            .addSelect('g.first_score', 'firstScore')
            .addSelect('g.second_score', 'secondScore')
            .addSelect('g.first_remaining', 'firstRemaining')
            .addSelect('g.second_remaining', 'secondRemaining')
            .addSelect('g.first_cards', 'firstCards')
            .addSelect('g.second_cards', 'secondCards')
            .addSelect('g.time_loss_player_id', 'timeLossPlayerId')
            .addSelect('g.result_source', 'resultSource')
            .addSelect('g.result_kind', 'resultKind')
            .where('r.division_id = :division AND r.number <= :through', {
              division: division.id,
              through,
            })
            .getRawMany();
    if (playsAtTables(settings)) {
      return this.computeTables(settings, tournament, players, games, numberOf, through, paired);
    }
    let pendingGames = 0;
    const records: GameRecord[] = [];
    for (const g of games) {
      if (g.status === 'pending') pendingGames++;
      records.push(gameRecord(g, numberOf.get(g.roundId)!));
    }
    const seated = new Set(records.flatMap((g) => (g.b === null ? [g.a] : [g.a, g.b])));
    const listed = players.filter(
      (p) => p.joinedRound <= Math.max(through, 1) || seated.has(String(p.id)),
    );
    const byId = new Map(listed.map((p) => [String(p.id), p]));
    const absent = await absentRoundsOf(
      m,
      players.map((p) => p.id),
    );
    const options = standingsOptions(settings, through);
    const rows = computeStandings(
      listed.map((p) => ({ id: String(p.id), seed: p.seed, active: p.active })),
      records,
      options,
    );
    const view: StandingsView = {
      divisionId: division.id,
      tournamentId: tournament.id,
      round: through,
      roundsPaired: paired,
      pendingGames,
      tieBreaks: [...options.tieBreaks!],
      rows: rows.map((r) => {
        const p = byId.get(r.playerId)!;
        return {
          rank: r.rank,
          playerId: p.id,
          name: p.name,
          club: p.club,
          seed: r.seed,
          active: r.active,
          points: r.points,
          wins: r.wins,
          draws: r.draws,
          losses: r.losses,
          byes: r.byes,
          forfeitWins: r.forfeitWins,
          forfeitLosses: r.forfeitLosses,
          absences: (absent.get(p.id) ?? []).filter((n) => n <= through).length,
          gamesPlayed: r.gamesPlayed,
          spread: r.spread,
          remainingSeconds: r.remainingSeconds,
          remaining: formatClock(r.remainingSeconds),
          totalScore: r.totalScore,
          cards: r.cards,
          buchholz: r.buchholz,
          headToHead: r.headToHead,
          tieBreakValues: r.tieBreaks,
        };
      }),
    };
    const everyone: SnapshotPlayer[] = players.map((p) => ({
      id: p.id,
      name: p.name,
      club: p.club,
      seed: p.seed,
      active: p.active,
      joinedRound: p.joinedRound,
      absentRounds: (absent.get(p.id) ?? []).sort((x, y) => x - y),
    }));
    return { view, records, tournament, players: everyone, options };
  }

  /**
   * Standings of a division played at tables ({@link computeGroupStandings}): match points by
   * place, then the sum of scores, the spread against the table average and (Quivit) the cards.
   * `wins` counts first places; `places` every place; `spread` is the table spread.
   */
  private async computeTables(
    settings: Division,
    tournament: Tournament,
    players: Pick<Player, 'id' | 'name' | 'club' | 'seed' | 'active' | 'joinedRound'>[],
    games: (GameFacts & { roundId: number; id: number })[],
    numberOf: ReadonlyMap<number, number>,
    through: number,
    paired: number,
  ) {
    const m = this.dataSource.manager;
    const seats = await seatsOf(
      m,
      games.map((g) => g.id),
    );
    const results = games.map((g) => tableResult(g, seats.get(g.id), numberOf.get(g.roundId)!));
    const pendingGames = games.filter((g) => g.status === 'pending').length;
    const seated = new Set(results.flatMap((r) => r.seats));
    const listed = players.filter(
      (p) => p.joinedRound <= Math.max(through, 1) || seated.has(String(p.id)),
    );
    const byId = new Map(listed.map((p) => [String(p.id), p]));
    const absent = await absentRoundsOf(
      m,
      players.map((p) => p.id),
    );
    const tieBreaks = groupTieBreaks(settings);
    const rows = computeGroupStandings(
      listed.map((p) => ({ id: String(p.id), seed: p.seed, active: p.active })),
      results,
      { tieBreaks, throughRound: through, placePoints: settings.placePoints ?? undefined },
    );
    const view: StandingsView = {
      divisionId: settings.id,
      tournamentId: tournament.id,
      round: through,
      roundsPaired: paired,
      pendingGames,
      tableSize: settings.tableSize,
      tieBreaks: [...tieBreaks],
      rows: rows.map((r) => {
        const p = byId.get(r.playerId)!;
        return {
          rank: r.rank,
          playerId: p.id,
          name: p.name,
          club: p.club,
          seed: r.seed,
          active: r.active,
          points: r.points,
          wins: r.places[0] ?? 0,
          draws: 0,
          losses: 0,
          byes: r.byes,
          forfeitWins: 0,
          forfeitLosses: 0,
          absences: (absent.get(p.id) ?? []).filter((n) => n <= through).length,
          gamesPlayed: r.tables,
          spread: r.tableSpread,
          remainingSeconds: 0,
          remaining: formatClock(0),
          totalScore: r.totalScore,
          cards: r.cards,
          buchholz: 0,
          headToHead: 0,
          // Every place of a full table counted, none left out: `[0, 1, 0, 0]` at tables of four.
          places: Array.from({ length: settings.tableSize }, (_, i) => r.places[i] ?? 0),
          tieBreakValues: r.tieBreaks,
        };
      }),
    };
    const everyone: SnapshotPlayer[] = players.map((p) => ({
      id: p.id,
      name: p.name,
      club: p.club,
      seed: p.seed,
      active: p.active,
      joinedRound: p.joinedRound,
      absentRounds: (absent.get(p.id) ?? []).sort((x, y) => x - y),
    }));
    return {
      view,
      records: [],
      tournament,
      players: everyone,
      options: standingsOptions(settings, through),
    };
  }
}
