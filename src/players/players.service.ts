import { Injectable } from '@nestjs/common';
import { GameSeat } from '../rounds/game-seat.entity';
import { DataSource, EntityManager, MoreThan } from 'typeorm';
import { BadInput, Conflict, DomainError, NotFound, Unprocessable } from '../common/errors';
import { PRINTABLE } from '../common/api/text';
import { Transactions } from '../database/transactions';
import { forUpdate } from '../database/lock';
import { checkVersion } from '../common/api/if-match';
import { Actor, changedFields, findEntry, writeLog } from '../log/director-log';
import { DirectorLogEntry } from '../log/director-log.entity';
import { Game } from '../rounds/game.entity';
import { Round } from '../rounds/round.entity';
import { Division } from '../tournaments/division.entity';
import { isScheduled, plannedSystem, touchDivisions } from '../tournaments/tournament-rules';
import { Tournament } from '../tournaments/tournament.entity';
import { Absence } from './absence.entity';
import { absentRoundsOf } from './absences';
import { AbsenceDto, CreatePlayerDto, SeedsDto, UpdatePlayerDto } from './dto/player.dto';
import { cleanName, lookAlikeKey, nameKey } from './names';
import { ratingOrder, SeedMove, seedMoves } from './seeding';
import { Player } from './player.entity';
import { pickPerson } from '../registry/persons';
import { familyOf } from '../ratings/families';
import { currentRatings } from '../ratings/ratings.service';
import { PlayerView, playerView } from './player.view';

/**
 * The API's rules for a player (`CreatePlayerDto`), for the paths that build
 * one without it (the CSV import): nothing longer, larger or less printable
 * is stored, whichever way it came.
 */
function checkPlayerFields(dto: CreatePlayerDto): void {
  const text = (field: string, v: unknown, min: number) => {
    if (typeof v !== 'string' || v.trim().length < min || v.length > 200 || !PRINTABLE.test(v)) {
      throw new BadInput(
        'VALIDATION_FAILED',
        `${field} must be ${min} to 200 characters without control characters`,
        { field },
      );
    }
  };
  const whole = (field: string, v: unknown, min: number, max: number) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      throw new BadInput(
        'VALIDATION_FAILED',
        `${field} must be a whole number from ${min} to ${max}`,
        {
          field,
        },
      );
    }
  };
  if (dto.name !== undefined || dto.person === undefined || dto.person === null)
    text('name', dto.name, 1);
  if (dto.club !== undefined && dto.club !== null) text('club', dto.club, 0);
  if (dto.rating !== undefined && dto.rating !== null) whole('rating', dto.rating, 0, 5000);
  if (dto.seed !== undefined) whole('seed', dto.seed, 1, 100000);
}

/** A player named in an answer: id and name. */
interface NameRef {
  id: number;
  name: string;
}

/** A division's names by the two keys registration compares them by. */
class DivisionNames {
  readonly exact = new Map<string, NameRef>();
  readonly looks = new Map<string, NameRef[]>();

  add(p: NameRef): void {
    this.exact.set(nameKey(p.name), p);
    const key = lookAlikeKey(p.name);
    this.looks.set(key, [...(this.looks.get(key) ?? []), p]);
  }
}

/** Each transaction's names of a division, read once: a CSV of n players compares n names, not n². */
const namesOf = new WeakMap<EntityManager, Map<number, DivisionNames>>();

async function divisionNames(m: EntityManager, divisionId: number): Promise<DivisionNames> {
  let byDivision = namesOf.get(m);
  if (!byDivision) namesOf.set(m, (byDivision = new Map<number, DivisionNames>()));
  let names = byDivision.get(divisionId);
  if (!names) {
    names = new DivisionNames();
    const players = await m.find(Player, {
      where: { divisionId },
      select: { id: true, name: true },
    });
    for (const p of players) names.add({ id: p.id, name: p.name });
    byDivision.set(divisionId, names);
  }
  return names;
}

@Injectable()
export class PlayersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  async list(divisionId: number): Promise<PlayerView[]> {
    const m = this.dataSource.manager;
    if (!(await m.existsBy(Division, { id: divisionId })))
      throw new NotFound('division', divisionId);
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

  /**
   * Registers a player. Once round 1 is paired this is a late entry: the player
   * joins at the next round to be paired, with no points for the rounds missed.
   */
  async register(divisionId: number, dto: CreatePlayerDto, user: Actor): Promise<PlayerView> {
    const { player, lookAlikes } = await this.transactions.run((m) =>
      this.registerIn(m, divisionId, dto, user),
    );
    return { ...playerView(player), lookAlikes };
  }

  /**
   * Registers several players in one transaction (a CSV import): all or none.
   * A refusal names the player that caused it in `details.index` (0-based).
   */
  async registerMany(
    divisionId: number,
    dtos: CreatePlayerDto[],
    user: Actor,
  ): Promise<PlayerView[]> {
    const players = await this.transactions.run(async (m) => {
      const out: { player: Player; lookAlikes: NameRef[] }[] = [];
      for (const [index, dto] of dtos.entries()) {
        try {
          out.push(await this.registerIn(m, divisionId, dto, user));
        } catch (e) {
          if (e instanceof DomainError) {
            throw new DomainError(e.status, e.code, `player ${index + 1}: ${e.message}`, {
              index,
              name: dto.name,
            });
          }
          throw e;
        }
      }
      return out;
    });
    return players.map(({ player, lookAlikes }) => ({ ...playerView(player), lookAlikes }));
  }

  private async registerIn(
    m: EntityManager,
    divisionId: number,
    dto: CreatePlayerDto,
    user: Actor,
    restoredFrom?: number,
  ): Promise<{ player: Player; lookAlikes: NameRef[] }> {
    checkPlayerFields(dto);
    const { division, paired, systems } = await this.divisionState(m, divisionId, true);
    const joinedRound = paired + 1;
    if (paired > 0) {
      if (joinedRound > division.roundsPlanned) {
        throw new Conflict(
          'TOURNAMENT_FINISHED',
          `all ${division.roundsPlanned} rounds are paired; a late entry has no round to join`,
        );
      }
      if ([...systems, plannedSystem(division, joinedRound)].some(isScheduled)) {
        throw new Conflict(
          'ROUND_ROBIN_STARTED',
          'a round robin under way cannot take a late entry: its schedule is fixed by the players it started with',
        );
      }
    }
    const { person } = await pickPerson(m, dto);
    const name = cleanName(dto.name ?? person.name);
    const lookAlikes = await this.checkName(m, divisionId, name);
    if (await m.existsBy(Player, { divisionId, personId: person.id })) {
      throw new Conflict(
        'PERSON_REGISTERED',
        `${person.name} (person ${person.id}) is registered in division ${divisionId} already`,
        { field: 'person' },
      );
    }
    const seed = dto.seed ?? (await this.nextSeed(m, divisionId));
    await this.checkSeed(m, divisionId, seed);
    // Without a rating given, the person's current rating in the division's game family.
    const rating =
      dto.rating !== undefined
        ? dto.rating
        : ((await currentRatings(m, [person.id], familyOf(division.ruleSet))).get(person.id) ??
          null);
    const saved = await m.save(
      m.create(Player, {
        divisionId,
        personId: person.id,
        name,
        club: dto.club === undefined ? person.club : dto.club?.trim() || null,
        rating,
        seed,
        active: true,
        joinedRound,
      }),
    );
    (await divisionNames(m, divisionId)).add({ id: saved.id, name: saved.name });
    await touchDivisions(m, divisionId);
    // A late entry says so: it joins at a round after the first.
    await writeLog(m, user, {
      tournamentId: division.tournamentId,
      divisionId,
      playerId: saved.id,
      action: 'player.registered',
      after: {
        name: saved.name,
        person: saved.personId,
        club: saved.club,
        rating: saved.rating,
        seed: saved.seed,
        ...(paired > 0 ? { lateEntry: true, joinedRound } : {}),
        ...(restoredFrom !== undefined ? { restoredFrom } : {}),
        ...(lookAlikes.length > 0 ? { lookAlikes: lookAlikes.map((p) => p.name) } : {}),
      },
    });
    return { player: saved, lookAlikes };
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
      // Seats 3 and on of a table are only in its seats; seats 1 and 2 are in both.
      const games =
        (await m.count(Game, { where: [{ firstPlayerId: id }, { secondPlayerId: id }] })) +
        (await m.count(GameSeat, { where: { playerId: id, seat: MoreThan(2) } }));
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
      await m.findOne(Division, { where: { id: entry.divisionId }, ...forUpdate(m) });
      const restored = await m.find(DirectorLogEntry, {
        where: { tournamentId, divisionId: entry.divisionId, action: 'player.registered' },
        select: { id: true, after: true },
      });
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
      return this.registerIn(
        m,
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

  /** Edits a player; `ifMatch` is the version the edit was based on (428 without, 409 stale). */
  async update(
    id: number,
    dto: UpdatePlayerDto,
    ifMatch: number | undefined,
    user: Actor,
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
        await this.checkName(m, p.divisionId, cleanName(dto.name));
      }
      if (dto.name !== undefined) p.name = cleanName(dto.name);
      if (dto.club !== undefined) p.club = dto.club?.trim() || null;
      if (dto.rating !== undefined) p.rating = dto.rating;
      if (dto.seed !== undefined && dto.seed !== p.seed) {
        const { paired } = await this.divisionState(m, p.divisionId);
        if (paired > 0) {
          throw new Conflict('SEEDS_FIXED', 'seeds cannot change once round 1 has been paired');
        }
        await this.checkSeed(m, p.divisionId, dto.seed);
        p.seed = dto.seed;
      }
      await m.save(p);
      await touchDivisions(m, p.divisionId);
      const changed = changedFields(was, fields(p));
      if (changed) await this.log(m, user, p, 'player.edited', changed);
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
      const { division, paired, systems } = await this.divisionState(m, p.divisionId);
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
      const { paired } = await this.divisionState(m, p.divisionId);
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
      const { paired, division, systems } = await this.divisionState(m, divisionId);
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
          { paired, moves },
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
    const { paired, systems } = await this.divisionState(m, divisionId);
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
      // By the person's current rating in the division's family; the rating registered
      // with the player where the person has none yet.
      const division = await m.findOneByOrFail(Division, { id: divisionId });
      const current = await currentRatings(
        m,
        players.flatMap((p) => (p.personId !== null ? [p.personId] : [])),
        familyOf(division.ruleSet),
      );
      order = ratingOrder(
        players.map((p) =>
          Object.assign(p, {
            rating: (p.personId !== null && current.get(p.personId)) || p.rating,
          }),
        ),
      );
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
    const division = await m.findOneByOrFail(Division, { id: p.divisionId });
    await writeLog(m, user, {
      tournamentId: division.tournamentId,
      divisionId: p.divisionId,
      playerId: p.id,
      action,
      ...what,
    });
  }

  /**
   * The division and its rounds. For a registration (`lock`, in its transaction) the row is
   * locked on PostgreSQL until the transaction ends: two registrations (or restores) at once
   * take turns, so the second sees the first's player and cannot take its name or seed.
   */
  private async divisionState(m: EntityManager, divisionId: number, lock = false) {
    const division = await m.findOne(Division, {
      where: { id: divisionId },
      ...(lock ? forUpdate(m) : {}),
    });
    if (!division) throw new NotFound('division', divisionId);
    const tournament = await m.findOneByOrFail(Tournament, { id: division.tournamentId });
    const rounds = await m.find(Round, {
      where: { divisionId },
      select: { number: true, system: true },
    });
    const paired = rounds.reduce((max, r) => Math.max(max, r.number), 0);
    return { division, tournament, paired, systems: rounds.map((r) => r.system) };
  }

  private async nextSeed(m: EntityManager, divisionId: number): Promise<number> {
    const row = await m
      .createQueryBuilder(Player, 'p')
      .select('MAX(p.seed)', 'max')
      .where({ divisionId })
      .getRawOne<{ max: number | string | null }>();
    return Number(row?.max ?? 0) + 1;
  }

  private async checkSeed(m: EntityManager, divisionId: number, seed: number): Promise<void> {
    const holder = await m.findOneBy(Player, { divisionId, seed });
    if (holder) {
      throw new Conflict(
        'SEED_TAKEN',
        `seed ${seed} already belongs to ${holder.name} (${holder.id})`,
      );
    }
  }

  /**
   * Score sheets name players, so two players of a division never share a name. Returns the
   * players whose names only look the same (another script, accents, look-alike letters): the
   * registration goes ahead, and the answer names them so that nobody is registered twice.
   */
  private async checkName(m: EntityManager, divisionId: number, name: string): Promise<NameRef[]> {
    const names = await divisionNames(m, divisionId);
    const twin = names.exact.get(nameKey(name));
    if (twin) {
      throw new Conflict(
        'PLAYER_EXISTS',
        `division ${divisionId} already has a player named ${twin.name} (${twin.id}); score sheets could not tell them apart`,
      );
    }
    return names.looks.get(lookAlikeKey(name)) ?? [];
  }
}
