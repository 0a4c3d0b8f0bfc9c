import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm';
import { BadInput, Conflict, NotFound, Unprocessable, type ErrorDetails } from '../common/errors';
import { insertMany } from '../database/bulk';
import { forUpdate } from '../database/lock';
import { Transactions } from '../database/transactions';
import { Actor, writeLog } from '../log/director-log';
import {
  Pairing,
  pairRound,
  Player as PairingPlayer,
  swapPlayers,
  validatePairings,
} from '../pairing';
import { absentRoundsOf } from '../players/absences';
import {
  absentInRound,
  PlayerOfRounds,
  playerNamesOf,
  playerOfRounds,
  playersOfDivision,
  playersOfRounds,
} from '../players/players-for-rounds';
import {
  findDivision,
  plannedSystem,
  playsAtTables,
  standingsOptions,
  touchDivisions,
  DivisionSettings,
} from '../tournaments/tournament-rules';
import { DivisionRulesRow, joinDivisionRules } from '../tournaments/division-rules-join';
import type { PairingSystem } from '../tournaments/systems';
import { PairRoundDto, RepairRoundDto, SwapDto } from './dto/round.dto';
import { gameRecord } from './game-facts';
import type { ResultSource } from './game-kinds';
import { GameRecords } from './game-records';
import { Game } from './game.entity';
import { GameView, gameView, RoundView } from './game.view';
import { deleteRound, losesWork, readRound, RemovalCounts, RemovedRound } from './round-removal';
import { Round } from './round.entity';
import { seatTablesIn, swapAtTables } from './table-seating';
import { playerIdsOf, seatsOf } from './tables';
import { MissingResults, PairingGate, pairingGate } from './pairing-gate';
import { GameSeat } from './game-seat.entity';

/**
 * Players as src/pairing sees them before round `round`: late entries count from their round;
 * a withdrawn player, or one marked absent for the round (`absent`, player ids), is not paired.
 */
export function pairingPlayers(
  players: readonly Pick<PlayerOfRounds, 'id' | 'seed' | 'rating' | 'active' | 'joinedRound'>[],
  round: number,
  absent: ReadonlySet<number> = new Set(),
): PairingPlayer[] {
  return players.map((p) => ({
    id: String(p.id),
    seed: p.seed,
    rating: p.rating ?? undefined,
    active: p.active && p.joinedRound <= round && !absent.has(p.id),
  }));
}

/** Each player's club by id, for keeping club-mates apart (players without one are left out). */
function clubsOf(players: readonly Pick<PlayerOfRounds, 'id' | 'club'>[]): Record<string, string> {
  const clubs: Record<string, string> = {};
  for (const p of players) if (p.club) clubs[String(p.id)] = p.club.trim().toLocaleLowerCase('sr');
  return clubs;
}

/** A game with a result, as statistics over a division's games read it. */
export interface CompleteGame {
  id: number;
  /** Its round's number. */
  round: number;
  table: number;
  /** Its players' ids in turn order. */
  players: number[];
  /** Where its result came from: a typed result, its score sheet, or a bye. */
  source: ResultSource | null;
}

@Injectable()
export class RoundsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly records: GameRecords,
  ) {}

  /**
   * Pairs the next round with the tournament's plan (or the system in the body)
   * and records it; a bye is a complete game worth the bye spread.
   */
  async pair(divisionId: number, dto: PairRoundDto, user: Actor): Promise<RoundView> {
    const roundId = await this.transactions.run((m) => this.pairIn(m, divisionId, dto, user));
    return this.roundById(roundId);
  }

  /** {@link pair} inside a transaction; the new round's id. */
  private async pairIn(
    m: EntityManager,
    divisionId: number,
    dto: PairRoundDto,
    user: Actor,
    repaired?: RemovedRound,
  ): Promise<number> {
    const { division, tournament } = await findDivision(m, divisionId);
    const rounds = await m.find(Round, { where: { divisionId }, order: { number: 'ASC' } });
    const n = rounds.length + 1;
    if (n > division.roundsPlanned) {
      throw new Conflict(
        'ALL_ROUNDS_PAIRED',
        `all ${division.roundsPlanned} rounds of the division are paired (raise "rounds" to add one)`,
      );
    }
    const system = dto.system ?? plannedSystem(division, n);
    const atTables = playsAtTables(division);
    checkPairRequest(division, system, dto);
    const games = await this.gamesOf(m, rounds);
    const { basedOn } = refuseWhileMissing(games, system, n, division.pairingLag);
    const players = await playersOfDivision(m, divisionId, true);
    const forPairing = pairingPlayers(players, n, await absentInRound(m, divisionId, n));
    if (forPairing.filter((p) => p.active).length < 2) {
      throw new Conflict(
        'NOT_ENOUGH_PLAYERS',
        `division ${divisionId} has fewer than two players to pair`,
      );
    }
    const listed = new Set(players.map((p) => p.id));
    dto.keepApart?.forEach((pair, i) => {
      const stranger = pair.find((id) => !listed.has(id));
      if (stranger !== undefined) {
        throw new BadInput(
          'UNKNOWN_PLAYER',
          `keepApart[${i}]: player ${stranger} is not in division ${divisionId}`,
        );
      }
    });
    if (atTables) {
      return seatTablesIn(m, {
        division,
        tournament,
        round: n,
        system,
        players: forPairing,
        names: new Map(players.map((p) => [String(p.id), p.name] as const)),
        games,
        tables: dto.tables,
        seed: dto.seed,
        user,
        repaired,
        basedOn,
      });
    }
    const history = games.map((g) => gameRecord(g.game, g.round));
    let tables: Pairing[];
    let notes: string[];
    // Pairs meeting more often than the division's limit allows, when the pairing could not help it.
    let overLimit = 0;
    if (system === 'manual') {
      tables = dto.pairings!.map((t, i) => ({
        table: i + 1,
        first: String(t.first),
        second: t.second === undefined || t.second === null ? null : String(t.second),
      }));
      const check = validatePairings(forPairing, tables, history);
      if (!check.ok) {
        throw new Unprocessable(
          'INVALID_PAIRINGS',
          check.errors.map((e) => e.message).join('; '),
          check.errors,
        );
      }
      notes = check.warnings.map((w) => w.message);
    } else {
      const outcome = pairRound(forPairing, history, {
        system,
        round: n,
        seed: dto.seed ?? `tournament ${tournament.id} division ${division.id} round ${n}`,
        seeding: dto.seeding,
        standings: standingsOptions(division),
        standingsAfter: basedOn ?? undefined,
        avoid: {
          clubs: division.avoidSameClub ? clubsOf(players) : undefined,
          forbidden: dto.keepApart?.map(([a, b]) => [String(a), String(b)] as const),
        },
        gibson: division.gibsonize ? { rounds: division.roundsPlanned } : undefined,
        maxMeetings: division.maxMeetings ?? undefined,
      });
      if (!outcome.ok) throw new Unprocessable('PAIRING_FAILED', outcome.message);
      tables = outcome.pairings;
      notes = outcome.notes;
      overLimit = outcome.overLimit;
    }
    const round = await m.save(m.create(Round, { divisionId, number: n, system, notes, basedOn }));
    await insertMany(
      m,
      Game,
      tables.map((t) => byeOrGame(round.id, t, division)),
    );
    await touchDivisions(m, divisionId);
    await logPairing(m, user, {
      tournamentId: tournament.id,
      divisionId,
      round: n,
      system,
      basedOn,
      tables,
      players,
      overLimit,
      repaired,
    });
    return round.id;
  }

  /** Exchanges two players of a round that has no result yet (byes aside). */
  async swap(divisionId: number, number: number, dto: SwapDto, user: Actor): Promise<RoundView> {
    const [x, y] = dto.players;
    if (x === y) throw new BadInput('SAME_PLAYER', 'name two different players to swap');
    const roundId = await this.transactions.run(async (m) => {
      const { round, games, tournamentId, division } = await this.playableRound(
        m,
        divisionId,
        number,
        'swapped',
      );
      const players = await playersOfDivision(m, divisionId);
      const nameOf = (id: number | null) =>
        id === null ? null : (players.find((p) => p.id === id)?.name ?? String(id));
      if (playsAtTables(division)) {
        const { before, after } = await swapAtTables(m, games, x, y, (id) => nameOf(id)!);
        round.notes = [...(round.notes ?? []), `players ${x} and ${y} swapped by the organiser`];
        await m.save(round);
        await touchDivisions(m, divisionId);
        await writeLog(m, user, {
          tournamentId,
          divisionId,
          round: number,
          action: 'round.swapped',
          before: { tables: before },
          after: { tables: after },
        });
        return round.id;
      }
      const before: { table: number; first: string | null; second: string | null }[] = [];
      const after: typeof before = [];
      const tables: Pairing[] = games.map((g) => ({
        table: g.tableNumber,
        first: String(g.firstPlayerId),
        second: g.secondPlayerId === null ? null : String(g.secondPlayerId),
      }));
      const inRound = (id: number) =>
        tables.some((t) => t.first === String(id) || t.second === String(id));
      const absent = [x, y].filter((id) => !inRound(id));
      if (absent.length > 0) {
        throw new Unprocessable(
          'NOT_IN_ROUND',
          `player ${absent.join(' and ')} ${absent.length > 1 ? 'are' : 'is'} not paired in round ${number}`,
        );
      }
      const swapped = swapPlayers(tables, String(x), String(y));
      const history = (await this.gamesOf(m, await m.findBy(Round, { divisionId })))
        .filter((g) => g.round < number)
        .map((g) => gameRecord(g.game, g.round));
      const check = validatePairings(
        pairingPlayers(players, number, await absentInRound(m, divisionId, number)),
        swapped,
        history,
      );
      if (!check.ok) {
        throw new Unprocessable(
          'INVALID_PAIRINGS',
          check.errors.map((e) => e.message).join('; '),
          check.errors,
        );
      }
      for (const [i, g] of games.entries()) {
        const t = swapped[i];
        const first = Number(t.first);
        const second = t.second === null ? null : Number(t.second);
        if (first !== g.firstPlayerId || second !== g.secondPlayerId) {
          before.push({
            table: g.tableNumber,
            first: nameOf(g.firstPlayerId),
            second: nameOf(g.secondPlayerId),
          });
          after.push({ table: g.tableNumber, first: nameOf(first), second: nameOf(second) });
          g.firstPlayerId = first;
          g.secondPlayerId = second;
          await m.save(g);
        }
      }
      round.notes = [
        ...(round.notes ?? []),
        `players ${x} and ${y} swapped by the organiser`,
        ...check.warnings.map((w) => w.message),
      ];
      await m.save(round);
      await touchDivisions(m, divisionId);
      await writeLog(m, user, {
        tournamentId,
        divisionId,
        round: number,
        action: 'round.swapped',
        before: { tables: before },
        after: { tables: after },
      });
      return round.id;
    });
    return this.roundById(roundId);
  }

  /**
   * Removes the last round. A round that holds results, score sheets or drafts is removed only
   * with `confirm` (else 409 CONFIRMATION_NEEDED with the figures); whatever it held is kept in
   * the director's log entry (`round.deleted`), so nothing is lost.
   */
  async unpair(divisionId: number, number: number, user: Actor, confirm = false): Promise<void> {
    await this.transactions.run(async (m) => {
      const { tournamentId, removed } = await this.removeLast(
        m,
        divisionId,
        number,
        confirm,
        'removed',
      );
      await writeLog(m, user, {
        tournamentId,
        divisionId,
        round: number,
        action: 'round.deleted',
        before: { ...removed },
      });
    });
  }

  /**
   * Removes the last round and pairs it again, with the standings and plan as they are now,
   * in one transaction. The same confirmation as a removal when it holds results; the log's
   * `round.repaired` entry keeps everything it held and the new tables.
   */
  async repair(
    divisionId: number,
    number: number,
    dto: RepairRoundDto,
    user: Actor,
  ): Promise<RoundView> {
    const { confirm, ...pairing } = dto;
    const roundId = await this.transactions.run(async (m) => {
      const { removed } = await this.removeLast(
        m,
        divisionId,
        number,
        confirm === true,
        're-paired',
      );
      return this.pairIn(m, divisionId, pairing, user, removed);
    });
    return this.roundById(roundId);
  }

  /**
   * What removing round `number` would take away, counted, without changing anything: for a
   * page that asks before it removes. Refused as the removal itself would be (not the last).
   */
  async removalCounts(divisionId: number, number: number): Promise<RemovalCounts> {
    const m = this.dataSource.manager;
    const { round, games } = await this.lastRound(m, divisionId, number);
    return (await readRound(m, this.records, round, games, new Map())).counts;
  }

  /** Reads everything the last round holds, checks the confirmation, and removes it. */
  private async removeLast(
    m: EntityManager,
    divisionId: number,
    number: number,
    confirm: boolean,
    verb: 'removed' | 're-paired',
  ): Promise<{ tournamentId: number; removed: RemovedRound }> {
    const { round, games, tournamentId } = await this.lastRound(m, divisionId, number);
    const names = await playerNamesOf(m, divisionId);
    const removed = await readRound(m, this.records, round, games, names);
    const { results, sheets, drafts } = removed.counts;
    if (losesWork(removed.counts) && !confirm) {
      const lost = [
        `${results} result${results === 1 ? '' : 's'}`,
        `${sheets} score sheet${sheets === 1 ? '' : 's'}`,
        `${drafts} draft${drafts === 1 ? '' : 's'}`,
      ].join(', ');
      throw new Conflict(
        'CONFIRMATION_NEEDED',
        `round ${number} has ${lost}: to have it ${verb}, they go with it (the director's log keeps them); send confirm to go ahead`,
        { round: number, ...removed.counts } satisfies ErrorDetails['CONFIRMATION_NEEDED'],
      );
    }
    await deleteRound(m, this.records, round, games);
    await touchDivisions(m, divisionId);
    return { tournamentId, removed };
  }

  /** The division's last round, which is `number`, with its games; else 404 or 409. */
  private async lastRound(m: EntityManager, divisionId: number, number: number) {
    const { tournament } = await findDivision(m, divisionId);
    const round = await m.findOneBy(Round, { divisionId, number });
    if (!round) throw new NotFound(`round ${number} of division`, divisionId);
    const last = await m.findOne(Round, { where: { divisionId }, order: { number: 'DESC' } });
    if (last!.id !== round.id) {
      throw new Conflict(
        'NOT_LAST_ROUND',
        `only the last round (${last!.number}) can be removed or paired again`,
      );
    }
    const games = await m.find(Game, {
      where: { roundId: round.id },
      order: { tableNumber: 'ASC' },
    });
    return { round, games, tournamentId: tournament.id };
  }

  async list(divisionId: number): Promise<RoundView[]> {
    await findDivision(this.dataSource.manager, divisionId);
    const rounds = await this.dataSource.manager.find(Round, {
      where: { divisionId },
      order: { number: 'ASC' },
    });
    return this.views(rounds);
  }

  async get(divisionId: number, number: number): Promise<RoundView> {
    await findDivision(this.dataSource.manager, divisionId);
    const round = await this.dataSource.manager.findOneBy(Round, { divisionId, number });
    if (!round) throw new NotFound(`round ${number} of division`, divisionId);
    return (await this.views([round]))[0];
  }

  /**
   * Each game's players in turn order: a table's seats, else its first and second player (the
   * second null for a bye). Games that do not exist are left out.
   */
  async playersOfGames(ids: readonly number[]): Promise<Map<number, (number | null)[]>> {
    if (ids.length === 0) return new Map();
    const m = this.dataSource.manager;
    const games = await m.findBy(Game, { id: In([...ids]) });
    const seats = await seatsOf(
      m,
      games.map((g) => g.id),
    );
    return new Map(
      games.map((g) => [
        g.id,
        seats.has(g.id) ? playerIdsOf(g, seats.get(g.id)) : [g.firstPlayerId, g.secondPlayerId],
      ]),
    );
  }

  /**
   * Whether a game exists, its row read for update in `m`'s transaction (`SELECT … FOR UPDATE`
   * on PostgreSQL), so that another context's writes about the game take turns.
   */
  async lockGame(m: EntityManager, id: number): Promise<boolean> {
    return (
      (await m.findOne(Game, { where: { id }, select: { id: true }, ...forUpdate(m) })) !== null
    );
  }

  /**
   * The tournament and division a game is played in and its division's rule set: its words are
   * judged by them.
   */
  async gamePlayed(
    gameId: number,
  ): Promise<{ tournamentId: number; divisionId: number; ruleSet: string }> {
    const row = await joinDivisionRules(
      this.dataSource.manager
        .createQueryBuilder(Game, 'game')
        .innerJoin(Round, 'round', 'round.id = game.round_id')
        .select('game.id', 'gameId')
        .addSelect('round.division_id', 'divisionId')
        .where('game.id = :gameId', { gameId }),
      'round.division_id',
    ).getRawOne<DivisionRulesRow & { divisionId: number | string }>();
    if (!row) throw new NotFound('game', gameId);
    return {
      tournamentId: Number(row.tournamentId),
      divisionId: Number(row.divisionId),
      ruleSet: row.ruleSet,
    };
  }

  /**
   * Every game of one player (byes included), by round, as the API shows games;
   * for the player page. `scoresheet` tells whether the game has a sheet.
   */
  async gamesOfPlayer(playerId: number): Promise<GameView[]> {
    const m = this.dataSource.manager;
    const player = await playerOfRounds(m, playerId);
    if (!player) throw new NotFound('player', playerId);
    const seated = (await m.find(GameSeat, { where: { playerId }, select: { gameId: true } })).map(
      (s) => s.gameId,
    );
    const games = await m.find(Game, {
      where: [
        { firstPlayerId: playerId },
        { secondPlayerId: playerId },
        ...(seated.length > 0 ? [{ id: In(seated) }] : []),
      ],
    });
    if (games.length === 0) return [];
    const seats = await seatsOf(
      m,
      games.map((g) => g.id),
    );
    const rounds = new Map(
      (await m.findBy(Round, { id: In([...new Set(games.map((g) => g.roundId))]) })).map(
        (r) => [r.id, r] as const,
      ),
    );
    const ids = [...new Set(games.flatMap((g) => playerIdsOf(g, seats.get(g.id))))];
    const players = new Map((await playersOfRounds(m, ids)).map((p) => [p.id, p] as const));
    const sheets = await this.records.sheetVerdicts(
      m,
      games.map((g) => g.id),
    );
    return games
      .map((g) =>
        gameView(g, rounds.get(g.roundId)!, players, sheets.get(g.id) ?? null, seats.get(g.id)),
      )
      .sort((a, b) => a.round - b.round);
  }

  /**
   * A division's complete games, by game id: each with its round's number, its table and its
   * players in turn order (its seats, or its first and second player). Three reads: the rounds,
   * their games, the complete games' seats.
   */
  async completeGames(divisionId: number): Promise<CompleteGame[]> {
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
    const seats = await seatsOf(
      m,
      done.map((g) => g.id),
    );
    return done.map((g) => ({
      id: g.id,
      round: roundOf.get(g.roundId) ?? 0,
      table: g.tableNumber,
      players: playerIdsOf(g, seats.get(g.id)),
      source: g.resultSource,
    }));
  }

  private async roundById(id: number): Promise<RoundView> {
    return (await this.views([await this.dataSource.manager.findOneByOrFail(Round, { id })]))[0];
  }

  private async playableRound(m: EntityManager, divisionId: number, number: number, verb: string) {
    const { tournament, division } = await findDivision(m, divisionId);
    const round = await m.findOneBy(Round, { divisionId, number });
    if (!round) throw new NotFound(`round ${number} of division`, divisionId);
    const games = await m.find(Game, {
      where: { roundId: round.id },
      order: { tableNumber: 'ASC' },
    });
    const played = games.filter((g) => g.status === 'complete');
    if (played.length > 0) {
      throw new Conflict(
        'ROUND_PLAYED',
        `round ${number} cannot be ${verb}: tables ${played.map((g) => g.tableNumber).join(', ')} have results`,
      );
    }
    return { round, games, tournamentId: tournament.id, division };
  }

  private async gamesOf(m: EntityManager, rounds: Round[]) {
    if (rounds.length === 0) return [];
    const numberOf = new Map(rounds.map((r) => [r.id, r.number]));
    const games = await m.find(Game, {
      where: { roundId: In(rounds.map((r) => r.id)) },
      order: { id: 'ASC' },
    });
    return games.map((game) => ({ game, round: numberOf.get(game.roundId)! }));
  }

  private async views(rounds: Round[]): Promise<RoundView[]> {
    if (rounds.length === 0) return [];
    const m = this.dataSource.manager;
    const divisionId = rounds[0].divisionId;
    const players = new Map(
      (await playersOfDivision(m, divisionId)).map((p) => [p.id, p] as const),
    );
    const absences = await absentRoundsOf(m, [...players.keys()]);
    const games = await m.find(Game, {
      where: { roundId: In(rounds.map((r) => r.id)) },
      order: { tableNumber: 'ASC' },
    });
    const sheets = await this.records.sheetVerdicts(
      m,
      games.map((g) => g.id),
    );
    const seats = await seatsOf(
      m,
      games.map((g) => g.id),
    );
    return rounds.map((r) => {
      const own = games.filter((g) => g.roundId === r.id);
      const seated = new Set(own.flatMap((g) => playerIdsOf(g, seats.get(g.id))));
      const notPaired = [...players.values()]
        .filter((p) => p.joinedRound <= r.number && !seated.has(p.id))
        .sort((a, b) => a.seed - b.seed)
        .map((p) => ({
          player: { id: p.id, name: p.name, seed: p.seed },
          reason: absences.get(p.id)?.includes(r.number)
            ? ('absent' as const)
            : ('withdrawn' as const),
        }));
      return {
        id: r.id,
        divisionId: r.divisionId,
        number: r.number,
        system: r.system,
        notes: r.notes ?? [],
        basedOn: r.basedOn,
        pending: own.filter((g) => g.status === 'pending').length,
        games: own.map((g) => gameView(g, r, players, sheets.get(g.id) ?? null, seats.get(g.id))),
        notPaired,
      };
    });
  }
}

function byeOrGame(
  roundId: number,
  t: Pairing,
  division: Pick<DivisionSettings, 'byeSpread'>,
): QueryDeepPartialEntity<Game> {
  const bye = t.second === null;
  return {
    roundId,
    tableNumber: t.table,
    firstPlayerId: Number(t.first),
    secondPlayerId: bye ? null : Number(t.second),
    status: bye ? 'bye' : 'pending',
    winner: bye ? 'first' : null,
    firstScore: bye ? division.byeSpread : null,
    secondScore: bye ? 0 : null,
    firstRemaining: null,
    secondRemaining: null,
    timeLossPlayerId: null,
    resultSource: bye ? 'bye' : null,
    resultKind: null,
    version: 1,
  };
}

/** What a request to pair a round may not ask of its division: the one list its system reads. */
function checkPairRequest(
  division: Pick<DivisionSettings, 'tableSize'> & { name: string },
  system: PairingSystem,
  dto: PairRoundDto,
): void {
  const atTables = playsAtTables(division);
  if (atTables && dto.pairings) {
    throw new BadInput(
      'TABLES_NOT_PAIRS',
      `division ${division.name} plays at tables of ${division.tableSize}: list a manual round's "tables" (player ids in turn order), not "pairings"`,
    );
  }
  if (!atTables && dto.tables) {
    throw new BadInput(
      'PAIRS_NOT_TABLES',
      `division ${division.name} plays in pairs: list a manual round's "pairings", not "tables"`,
    );
  }
  const manualList = atTables ? dto.tables : dto.pairings;
  const listName = atTables ? 'tables' : 'pairings';
  if (system === 'manual' && !manualList) {
    throw new BadInput('PAIRINGS_REQUIRED', `a manual round needs "${listName}"`);
  }
  if (system !== 'manual' && manualList) {
    throw new BadInput(
      'PAIRINGS_NOT_MANUAL',
      `"${listName}" are for a manual round, not ${system}`,
    );
  }
  if (atTables && dto.keepApart) {
    throw new BadInput(
      'KEEP_APART_PAIRS_ONLY',
      `keepApart is for divisions of pairs; division ${division.name} plays at tables of ${division.tableSize}`,
    );
  }
}

/** The log's entry of a round paired, or of a round paired again (with what it held before). */
async function logPairing(
  m: EntityManager,
  user: Actor,
  {
    tournamentId,
    divisionId,
    round,
    system,
    basedOn,
    tables,
    players,
    overLimit,
    repaired,
  }: {
    tournamentId: number;
    divisionId: number;
    round: number;
    system: PairingSystem;
    basedOn: number | null;
    tables: Pairing[];
    players: Pick<PlayerOfRounds, 'id' | 'name'>[];
    overLimit: number;
    repaired: RemovedRound | undefined;
  },
): Promise<void> {
  if (repaired) {
    // One entry says what the round was (everything it held) and what it is now.
    const names = new Map(players.map((p) => [String(p.id), p.name] as const));
    await writeLog(m, user, {
      tournamentId,
      divisionId,
      round,
      action: 'round.repaired',
      before: { ...repaired },
      after: {
        system,
        ...(basedOn !== null ? { basedOn } : {}),
        tables: tables.map((t) => ({
          table: t.table,
          first: names.get(t.first) ?? t.first,
          second: t.second === null ? null : (names.get(t.second) ?? t.second),
        })),
      },
    });
  } else {
    await writeLog(m, user, {
      tournamentId,
      divisionId,
      round,
      action: 'round.paired',
      after: {
        system,
        ...(basedOn !== null ? { basedOn } : {}),
        tables: tables.filter((t) => t.second !== null).length,
        byes: tables.filter((t) => t.second === null).length,
        ...(overLimit > 0 ? { overLimit } : {}),
      },
    });
  }
}

declare module '../common/errors' {
  interface ErrorDetails {
    /**
     * A round that cannot be paired yet: its number, the round whose standings it would be
     * paired from, and the results missing up to that round (every earlier one with no lag).
     */
    ROUND_IN_PROGRESS: {
      round: number;
      basedOn: number;
      lag: number;
      missing: MissingResults[];
      /** The games without a result, by id. */
      pending: number[];
    };
  }
}

/**
 * A round is paired (but by a scheduled system) only when every game up to the round its
 * pairing is based on has a result: with no lag every earlier game, with a lag the later
 * rounds' results may still be missing ({@link pairingGate}). What the pairing is based on.
 */
function refuseWhileMissing(
  games: { game: Game; round: number }[],
  system: PairingSystem,
  n: number,
  lag: number,
): PairingGate {
  const gate = pairingGate(
    n,
    system,
    lag,
    games.map((g) => ({ round: g.round, table: g.game.tableNumber, status: g.game.status })),
  );
  if (gate.missing.length === 0) return gate;
  const missing = new Set(gate.missing.map((r) => r.round));
  const pending = games.filter((g) => g.game.status === 'pending' && missing.has(g.round));
  const where = gate.missing
    .map(
      (r) =>
        `round ${r.round} (tables ${r.tables.join(', ')}), ${r.tables.length} result${r.tables.length === 1 ? '' : 's'} missing`,
    )
    .join('; ');
  const basis =
    lag > 0 ? ` from the standings after round ${gate.completeThrough} (lag ${lag})` : '';
  throw new Conflict(
    'ROUND_IN_PROGRESS',
    `round ${n} cannot be paired${system === 'manual' ? ' by hand' : ''}${basis} while games have no result: ${where}`,
    {
      round: n,
      basedOn: gate.completeThrough ?? 0,
      lag,
      missing: gate.missing,
      pending: pending.map((g) => g.game.id),
    } satisfies ErrorDetails['ROUND_IN_PROGRESS'],
  );
}
