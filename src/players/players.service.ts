import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { BadInput, Conflict, NotFound, Unprocessable, type ErrorDetails } from '../common/errors';
import { Transactions } from '../database/transactions';
import { inJobProcess, jobDatabase } from '../jobs/in-job-process';
import { Job, Jobs } from '../jobs/jobs';
import type { Lang } from '../i18n';
import { forUpdate } from '../database/lock';
import { checkVersion } from '../common/api/if-match';
import { Actor, changedFields, findEntry, writeLog } from '../log/director-log';
import { registrationsLogged } from '../log/log-for-players';
import {
  divisionExists,
  divisionOfPlayer,
  divisionOfPlayers,
} from '../tournaments/tournaments-for-players';
import { isScheduled, plannedSystem, touchDivisions } from '../tournaments/tournament-rules';
import { Absence } from './absence.entity';
import { absentRoundsOf } from './absences';
import { AbsenceDto, CreatePlayerDto, SeedsDto, UpdatePlayerDto } from './dto/player.dto';
import { cleanName, nameKey } from '../i18n/names';
import { ratingOrder, SeedMove, seedMoves } from './seeding';
import { Player } from './player.entity';
import type { ImportedPlayers, PlayersImportInput } from './player-import';
import {
  checkName,
  checkSeed,
  divisionState,
  namesLike,
  NameRef,
  RegistrationReads,
  registerIn,
} from './registration';
import { PlayerRounds } from './player-rounds';
import { RatingLookup } from './rating-lookup';
import { PlayerView, playerView } from './player.view';
import type { CsvPreviewPage } from './players-csv';
import type { PlayersPreviewInput } from './csv-preview-task';

@Injectable()
export class PlayersService {
  /** What registration asks of the rounds and the ratings: this service's ports. */
  private readonly reads: RegistrationReads;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly jobs: Jobs,
    private readonly rounds: PlayerRounds,
    private readonly ratingLookup: RatingLookup,
  ) {
    this.reads = { rounds, ratings: ratingLookup };
  }

  async list(divisionId: number): Promise<PlayerView[]> {
    const m = this.dataSource.manager;
    if (!(await divisionExists(m, divisionId))) throw new NotFound('division', divisionId);
    const players = await m.find(Player, {
      where: { divisionId },
      order: { seed: 'ASC', id: 'ASC' },
    });
    const absent = await absentRoundsOf(
      m,
      players.map((p) => p.id),
    );
    return players.map((p) => playerView(p, absent.get(p.id)));
  }

  async get(id: number): Promise<PlayerView> {
    const m = this.dataSource.manager;
    const p = await m.findOneBy(Player, { id });
    if (!p) throw new NotFound('player', id);
    return playerView(p, (await absentRoundsOf(m, [id])).get(id));
  }

  /** Players' names by id (ids of no player are left out), read in one query. */
  async names(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const found = await this.dataSource.manager.find(Player, {
      where: { id: In([...ids]) },
      select: { id: true, name: true },
    });
    return new Map(found.map((p) => [p.id, p.name]));
  }

  /**
   * Registers a division's players in another (a copy of its tournament), in seed order, active
   * from round 1 with their persons, clubs, ratings and seeds, in `m`'s transaction; how many.
   */
  async copyInto(m: EntityManager, fromDivisionId: number, toDivisionId: number): Promise<number> {
    const players = await m.find(Player, {
      where: { divisionId: fromDivisionId },
      order: { seed: 'ASC' },
    });
    for (const p of players) {
      await m.insert(Player, {
        divisionId: toDivisionId,
        personId: p.personId,
        name: p.name,
        club: p.club,
        rating: p.rating,
        seed: p.seed,
        active: true,
        joinedRound: 1,
      });
    }
    return players.length;
  }

  /**
   * Registers a player. Once round 1 is paired this is a late entry: the player
   * joins at the next round to be paired, with no points for the rounds missed.
   */
  async register(divisionId: number, dto: CreatePlayerDto, user: Actor): Promise<PlayerView> {
    const { player, lookAlikes } = await this.transactions.run((m) =>
      registerIn(m, this.reads, divisionId, dto, user),
    );
    return { ...playerView(player), lookAlikes };
  }

  /**
   * Registers a player in the caller's transaction `m` (an entry confirmed), with every check
   * of {@link register}: both are written or neither.
   */
  async registerWithin(
    m: EntityManager,
    divisionId: number,
    dto: CreatePlayerDto,
    user: Actor,
    fromEntry?: number,
  ): Promise<PlayerView> {
    const { player, lookAlikes } = await registerIn(
      m,
      this.reads,
      divisionId,
      dto,
      user,
      undefined,
      fromEntry,
    );
    return { ...playerView(player), lookAlikes };
  }

  /**
   * The division's player whose name registration would refuse as the same (`twin`), and those
   * whose names it would flag as looking alike: nothing refused, nothing written.
   */
  namesLike(
    divisionId: number,
    name: string,
  ): Promise<{ twin: NameRef | null; lookAlikes: NameRef[] }> {
    return namesLike(this.dataSource.manager, divisionId, cleanName(name), true);
  }

  /**
   * What importing a long players CSV would do, read in a job's process (the file's text can be
   * megabytes: this thread keeps answering) and cut to a page (`previewPage`). Nothing is stored.
   */
  async previewInWorker(divisionId: number, text: string, lang: Lang): Promise<CsvPreviewPage> {
    const registered = (await this.list(divisionId)).map((p) => p.name);
    return inJobProcess<CsvPreviewPage>('players.preview', {
      text,
      lang,
      registered,
    } satisfies PlayersPreviewInput);
  }

  /**
   * A players CSV imported as a job (`player-import.ts`, in a process of its own): the file read as
   * the organiser's preview reads it (422 CSV_INVALID naming each bad line), then every player
   * registered as {@link register} registers one, in one transaction on the job's own
   * connection, so the server answers everyone meanwhile; all or none. A refusal of a player
   * names the file's line (`details.line`) and the player (`details.index`).
   */
  async startImport(
    divisionId: number,
    text: string,
    lang: Lang,
    user: Actor,
  ): Promise<Job<ImportedPlayers>> {
    if (!(await divisionExists(this.dataSource.manager, divisionId))) {
      throw new NotFound('division', divisionId);
    }
    const input: PlayersImportInput = {
      divisionId,
      text,
      lang,
      user: user ? { id: user.id, name: user.name, email: user.email } : null,
    };
    return this.jobs.start('players.import', user?.id ?? null, (progress, jobId) =>
      inJobProcess<ImportedPlayers>('players.import', input, {
        database: jobDatabase(this.dataSource),
        jobId,
        progress,
        writeSlot: (write) => this.transactions.exclusive(write),
      }),
    );
  }

  /**
   * Removes a player who is paired in no round (a registration by mistake, a no-show before
   * round 1); anyone paired is withdrawn instead (409 PLAYER_HAS_GAMES), so that no game loses
   * a player. The log entry keeps the player's details for {@link restore}.
   */
  async remove(id: number, user: Actor): Promise<void> {
    await this.transactions.run(async (m) => {
      const p = await m.findOneBy(Player, { id });
      if (!p) throw new NotFound('player', id);
      const games = await this.rounds.gamesPaired(m, id);
      if (games > 0) {
        throw new Conflict(
          'PLAYER_HAS_GAMES',
          `${p.name} is paired in ${games} game${games === 1 ? '' : 's'} and cannot be removed; withdraw them instead`,
          { games },
        );
      }
      const absentRounds = (await absentRoundsOf(m, [id])).get(id) ?? [];
      await m.delete(Absence, { playerId: id });
      await m.delete(Player, { id });
      await touchDivisions(m, p.divisionId);
      await this.log(m, user, p, 'player.removed', {
        before: {
          name: p.name,
          person: p.personId,
          club: p.club,
          rating: p.rating,
          seed: p.seed,
          active: p.active,
          joinedRound: p.joinedRound,
          absentRounds,
        },
      });
    });
  }

  /**
   * Undoes a removal from the director's log (`player.removed` entry `entryId` of tournament
   * `tournamentId`): the player is registered again with the same name, club and rating, and the
   * same seed if it is still free (else the next). Once round 1 is paired this is a late entry,
   * as any registration; a removal is restored once (409 ALREADY_RESTORED).
   */
  async restore(tournamentId: number, entryId: number, user: Actor): Promise<PlayerView> {
    const player = await this.transactions.run(async (m) => {
      const entry = await findEntry(m, tournamentId, entryId);
      if (!entry || entry.action !== 'player.removed' || entry.divisionId === null) {
        throw new NotFound(`removal of a player in the log of tournament ${tournamentId}`, entryId);
      }
      // Two restores of one removal at once (a double click) take turns; the second then
      // finds the first's log entry below.
      await divisionOfPlayers(m, entry.divisionId, true);
      const restored = await registrationsLogged(m, tournamentId, entry.divisionId);
      if (
        restored.some(
          (r) => (r.after as { restoredFrom?: number } | null)?.restoredFrom === entryId,
        )
      ) {
        throw new Conflict('ALREADY_RESTORED', `the removal ${entryId} has been undone already`);
      }
      const was = entry.before as {
        name: string;
        person?: number | null;
        club: string | null;
        rating: number | null;
        seed: number;
      };
      const seedFree = !(await m.existsBy(Player, {
        divisionId: entry.divisionId,
        seed: was.seed,
      }));
      return registerIn(
        m,
        this.reads,
        entry.divisionId,
        {
          name: was.name,
          ...(was.person ? { person: was.person } : {}),
          club: was.club,
          rating: was.rating,
          ...(seedFree ? { seed: was.seed } : {}),
        },
        user,
        entryId,
      );
    });
    return playerView(player.player);
  }

  /**
   * Edits a player; `ifMatch` is the version the edit was based on (428 without, 409 stale).
   * `alsoIn`, given, runs after the player's change in the same transaction with the player's
   * person (the edit page sets the person's federation id through the registry there): both
   * are written, or neither.
   */
  async update(
    id: number,
    dto: UpdatePlayerDto,
    ifMatch: number | undefined,
    user: Actor,
    alsoIn?: (m: EntityManager, personId: number | null) => Promise<void>,
  ): Promise<PlayerView> {
    const player = await this.transactions.run(async (m) => {
      const p = await m.findOne(Player, { where: { id }, ...forUpdate(m) });
      if (!p) throw new NotFound('player', id);
      if (ifMatch !== p.version) {
        const now = playerView(p, (await absentRoundsOf(m, [id])).get(id));
        checkVersion(`player ${id}`, `GET /api/players/${id}`, ifMatch, now, dto);
      }
      const fields = (x: Player) => ({
        name: x.name,
        club: x.club,
        rating: x.rating,
        seed: x.seed,
      });
      const was = fields(p);
      if (dto.name !== undefined && nameKey(dto.name) !== nameKey(p.name)) {
        await checkName(m, p.divisionId, cleanName(dto.name));
      }
      if (dto.name !== undefined) p.name = cleanName(dto.name);
      if (dto.club !== undefined) p.club = dto.club?.trim() || null;
      if (dto.rating !== undefined) p.rating = dto.rating;
      if (dto.seed !== undefined && dto.seed !== p.seed) {
        const { paired } = await divisionState(m, this.rounds, p.divisionId);
        if (paired > 0) {
          throw new Conflict('SEEDS_FIXED', 'seeds cannot change once round 1 has been paired');
        }
        await checkSeed(m, p.divisionId, dto.seed);
        p.seed = dto.seed;
      }
      await m.save(p);
      await touchDivisions(m, p.divisionId);
      const changed = changedFields(was, fields(p));
      if (changed) await this.log(m, user, p, 'player.edited', changed);
      if (alsoIn) await alsoIn(m, p.personId);
      return p;
    });
    return playerView(player);
  }

  /** Withdraws a player: listed in the standings, never paired again. Games already paired stay. */
  async withdraw(id: number, user: Actor): Promise<PlayerView> {
    await this.transactions.run(async (m) => {
      const p = await m.findOneBy(Player, { id });
      if (!p) throw new NotFound('player', id);
      if (!p.active) return;
      p.active = false;
      await m.save(p);
      await touchDivisions(m, p.divisionId);
      await this.log(m, user, p, 'player.withdrawn', {
        before: { active: true },
        after: { active: false },
      });
    });
    return this.get(id);
  }

  /**
   * Takes a withdrawal back: the player is paired again from the next round paired, with the
   * points they had (none for the rounds missed). A player still in the event is left as is.
   */
  async reinstate(id: number, user: Actor): Promise<PlayerView> {
    await this.transactions.run(async (m) => {
      const p = await m.findOneBy(Player, { id });
      if (!p) throw new NotFound('player', id);
      if (p.active) return;
      p.active = true;
      await m.save(p);
      await touchDivisions(m, p.divisionId);
      await this.log(m, user, p, 'player.reinstated', {
        before: { active: false },
        after: { active: true },
      });
    });
    return this.get(id);
  }

  /**
   * Marks a player absent for one round not yet paired: that round pairs without them and
   * gives them no bye. Marking the same round twice changes nothing. Refused for a round
   * already paired (the game is entered as a forfeit), beyond the rounds planned, before the
   * player joined, for a withdrawn player, and in a round robin (its schedule is fixed: the
   * game is a forfeit).
   */
  async markAbsent(id: number, dto: AbsenceDto, user: Actor): Promise<PlayerView> {
    await this.transactions.run(async (m) => {
      const p = await m.findOneBy(Player, { id });
      if (!p) throw new NotFound('player', id);
      const { division, paired, systems } = await divisionState(m, this.rounds, p.divisionId);
      const round = dto.round;
      if (await m.existsBy(Absence, { playerId: id, round })) return;
      if (round <= paired) {
        throw new Conflict(
          'ROUND_ALREADY_PAIRED',
          `round ${round} is already paired: enter ${p.name}'s game as a forfeit instead`,
          { field: 'round', paired },
        );
      }
      if (round > division.roundsPlanned) {
        throw new Unprocessable(
          'ROUND_NOT_PLANNED',
          `round must be one of the division's ${division.roundsPlanned} rounds, not ${round}`,
          { field: 'round', rounds: division.roundsPlanned },
        );
      }
      if (round < p.joinedRound) {
        throw new Unprocessable(
          'NOT_YET_JOINED',
          `${p.name} joins at round ${p.joinedRound}: round ${round} is before that`,
          { field: 'round', joinedRound: p.joinedRound },
        );
      }
      if (!p.active) {
        throw new Conflict(
          'PLAYER_WITHDRAWN',
          `${p.name} has withdrawn and is not paired anyway; reinstate them first`,
        );
      }
      if ([...systems, plannedSystem(division, round)].some(isScheduled)) {
        throw new Conflict(
          'ROUND_ROBIN_ABSENCE',
          `a round robin's schedule is fixed: ${p.name}'s game of round ${round} is paired as scheduled and entered as a forfeit`,
        );
      }
      await m.insert(Absence, { playerId: id, round });
      await touchDivisions(m, p.divisionId);
      await this.log(m, user, p, 'player.absent', { round, after: { absent: true } });
    });
    return this.get(id);
  }

  /** Takes an absence back while its round is not yet paired. */
  async unmarkAbsent(id: number, round: number, user: Actor): Promise<PlayerView> {
    await this.transactions.run(async (m) => {
      const p = await m.findOneBy(Player, { id });
      if (!p) throw new NotFound('player', id);
      const absence = await m.findOneBy(Absence, { playerId: id, round });
      if (!absence) throw new NotFound(`absence of player ${id} in round`, round);
      const { paired } = await divisionState(m, this.rounds, p.divisionId);
      if (round <= paired) {
        throw new Conflict(
          'ROUND_ALREADY_PAIRED',
          `round ${round} is already paired without ${p.name}; the absence stays`,
          { field: 'round', paired },
        );
      }
      await m.delete(Absence, { id: absence.id });
      await touchDivisions(m, p.divisionId);
      await this.log(m, user, p, 'player.absence-removed', {
        round,
        before: { absent: true },
        after: { absent: false },
      });
    });
    return this.get(id);
  }

  /**
   * Seeds 1…n in a given order or by rating ({@link ratingOrder}). Once round 1 is paired only
   * with `confirm` (409 CONFIRMATION_NEEDED lists the seeds that would move), and never in a
   * round robin under way: its schedule was drawn from the seeds.
   */
  async reseed(divisionId: number, dto: SeedsDto, user: Actor): Promise<PlayerView[]> {
    await this.transactions.run(async (m) => {
      const { paired, division, systems } = await divisionState(m, this.rounds, divisionId);
      const { order, moves } = await this.seedPlan(m, divisionId, dto);
      if (paired > 0 && systems.some(isScheduled)) {
        throw new Conflict(
          'SEEDS_FIXED',
          `seeds cannot change in a round robin under way: its schedule was drawn from them (${paired} round${paired === 1 ? '' : 's'} paired)`,
        );
      }
      if (paired > 0 && moves.length > 0 && dto.confirm !== true) {
        throw new Conflict(
          'CONFIRMATION_NEEDED',
          `round ${paired} is already paired: seeds change tie-breaks and the next pairings (${moves
            .map((x) => `${x.name} ${x.before} → ${x.after}`)
            .join(', ')}); send "confirm": true to change them`,
          { paired, moves } satisfies ErrorDetails['CONFIRMATION_NEEDED'],
        );
      }
      // Two passes so that no two players hold the same seed in between.
      const offset = order.reduce((max, p) => Math.max(max, p.seed), 0) + order.length + 1;
      for (const [i, p] of order.entries())
        await m.update(Player, { id: p.id }, { seed: offset + i });
      for (const [i, p] of order.entries()) await m.update(Player, { id: p.id }, { seed: i + 1 });
      await touchDivisions(m, divisionId);
      // Only the seeds that moved, by name: `{ "Ana": 3 } → { "Ana": 1 }`.
      if (moves.length > 0) {
        await writeLog(m, user, {
          tournamentId: division.tournamentId,
          divisionId,
          action: 'seeds.set',
          before: { seeds: Object.fromEntries(moves.map((x) => [x.name, x.before])) },
          after: {
            seeds: Object.fromEntries(moves.map((x) => [x.name, x.after])),
            ...(dto.by ? { by: dto.by } : {}),
            ...(paired > 0 ? { roundsPaired: paired } : {}),
          },
        });
      }
    });
    return this.list(divisionId);
  }

  /**
   * What seeding would do, changing nothing: the seeds that move, and how many rounds are
   * paired (a page asks before it seeds).
   */
  async seedPreview(
    divisionId: number,
    dto: SeedsDto,
  ): Promise<{ paired: number; moves: SeedMove[]; scheduled: boolean }> {
    const m = this.dataSource.manager;
    const { paired, systems } = await divisionState(m, this.rounds, divisionId);
    const { moves } = await this.seedPlan(m, divisionId, dto);
    return { paired, moves, scheduled: paired > 0 && systems.some(isScheduled) };
  }

  /** The players in their new seed order, and the seeds that move; the order checked. */
  private async seedPlan(m: EntityManager, divisionId: number, dto: SeedsDto) {
    if ((dto.playerIds === undefined) === (dto.by === undefined)) {
      throw new BadInput(
        'SEEDS_HOW',
        'give either playerIds (the order) or by: "rating", not both',
      );
    }
    const players = await m.find(Player, { where: { divisionId }, order: { id: 'ASC' } });
    let order: Player[];
    if (dto.playerIds) {
      const byId = new Map(players.map((p) => [p.id, p]));
      const unknown = dto.playerIds.filter((id) => !byId.has(id));
      if (unknown.length > 0) {
        throw new Unprocessable(
          'UNKNOWN_PLAYER',
          `not players of division ${divisionId}: ${unknown.join(', ')}`,
        );
      }
      const missing = players.filter((p) => !dto.playerIds!.includes(p.id));
      if (missing.length > 0) {
        throw new Unprocessable(
          'MISSING_PLAYER',
          `the order must list every player; missing: ${missing.map((p) => `${p.name} (${p.id})`).join(', ')}`,
        );
      }
      order = dto.playerIds.map((id) => byId.get(id)!);
    } else {
      // By each player's starting rating, the number class prizes and the rating report
      // read too: the rating list's, else the rating registered, else none.
      const starts = await this.ratingLookup.startingRatings(m, divisionId);
      order = ratingOrder(players.map((p) => ({ ...p, rating: starts.get(p.id)?.rating ?? null })));
    }
    return { order, moves: seedMoves(order) };
  }

  /** Logs an action on one player, in their division and tournament. */
  private async log(
    m: EntityManager,
    user: Actor,
    p: Player,
    action:
      | 'player.edited'
      | 'player.withdrawn'
      | 'player.reinstated'
      | 'player.absent'
      | 'player.absence-removed'
      | 'player.removed',
    what: { round?: number; before?: Record<string, unknown>; after?: Record<string, unknown> },
  ): Promise<void> {
    const division = await divisionOfPlayer(m, p.divisionId);
    await writeLog(m, user, {
      tournamentId: division.tournamentId,
      divisionId: p.divisionId,
      playerId: p.id,
      action,
      ...what,
    });
  }
}
