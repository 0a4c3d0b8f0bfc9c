import type { EntityManager } from 'typeorm';
import { BadInput, Conflict, DomainError, NotFound } from '../common/errors';
import { PRINTABLE } from '../common/printable';
import { Actor, writeLog, writeLogs } from '../log/director-log';
import { familyOf } from '../registry/families';
import {
  checkPersonFields,
  federationIdTaken,
  newPerson,
  personAmbiguous,
  PersonFields,
  pickPerson,
} from '../registry/persons';
import {
  addPersons,
  fillPerson,
  personsWithFederationIds,
  personsWithNameKeys,
} from '../registry/persons-for-players';
import { insertManyIds } from '../database/bulk';
import type { PairingSystem } from '../tournaments/systems';
import { isScheduled, plannedSystem, touchDivisions } from '../tournaments/tournament-rules';
import {
  DivisionOfPlayers,
  divisionOfPlayers,
  tournamentOfDivision,
} from '../tournaments/tournaments-for-players';
import type { CreatePlayerDto } from './dto/player.dto';
import { cleanName, lookAlikeKey, nameKey } from '../i18n/names';
import { Player } from './player.entity';
import type { PlayerRounds } from './player-rounds';
import type { RatingLookup } from './rating-lookup';

/*
 * Registering players, without NestJS: the players service (one registration, a restore) and
 * an import's process (a players CSV, every line in one transaction) both register here.
 */

/**
 * What registering asks of the contexts above the players, in its transaction: the rounds paired
 * (a late entry) and persons' current ratings. The players service gives its ports; an import's
 * process, without NestJS, the same functions (src/startup/registration-reads.ts).
 */
export interface RegistrationReads {
  rounds: Pick<PlayerRounds, 'pairedRounds'>;
  ratings: RatingLookup;
}

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
export interface NameRef {
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
    names = await readDivisionNames(m, divisionId);
    byDivision.set(divisionId, names);
  }
  return names;
}

async function readDivisionNames(m: EntityManager, divisionId: number): Promise<DivisionNames> {
  const names = new DivisionNames();
  const players = await m.find(Player, {
    where: { divisionId },
    select: { id: true, name: true },
  });
  for (const p of players) names.add({ id: p.id, name: p.name });
  return names;
}

export async function registerIn(
  m: EntityManager,
  reads: RegistrationReads,
  divisionId: number,
  dto: CreatePlayerDto,
  user: Actor,
  restoredFrom?: number,
  fromEntry?: number,
): Promise<{ player: Player; lookAlikes: NameRef[] }> {
  checkPlayerFields(dto);
  const { division, paired, systems } = await divisionState(m, reads.rounds, divisionId, true);
  const joinedRound = paired + 1;
  if (paired > 0) lateEntryAllowed(division, joinedRound, systems);
  const { person } = await pickPerson(m, dto);
  const name = cleanName(dto.name ?? person.name);
  const lookAlikes = await checkName(m, divisionId, name);
  if (await m.existsBy(Player, { divisionId, personId: person.id })) {
    throw personRegistered(person, divisionId);
  }
  const seed = dto.seed ?? (await nextSeed(m, divisionId));
  await checkSeed(m, divisionId, seed);
  // Without a rating given, the person's current rating in the division's game family.
  const rating =
    dto.rating !== undefined
      ? dto.rating
      : ((await reads.ratings.currentRatings(m, [person.id], familyOf(division.ruleSet))).get(
          person.id,
        ) ?? null);
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
      // A confirmed entry online: its id.
      ...(fromEntry !== undefined ? { fromEntry } : {}),
      ...(lookAlikes.length > 0 ? { lookAlikes: lookAlikes.map((p) => p.name) } : {}),
    },
  });
  return { player: saved, lookAlikes };
}

/** A player registered, and the players of the division whose names only look the same. */
export interface Registered {
  player: Player;
  lookAlikes: NameRef[];
}

/**
 * What a refusal of one of several players says of it, whatever its code (the code is the
 * single registration's): which player (0-based), its name and its line of the file if known.
 */
export interface RefusedPlayer {
  index: number;
  /** The name as sent (none for a registry person chosen by id). */
  name?: string;
  line?: number;
}

/** The player a refusal of several is about (the details checked, as any code may carry them). */
export function refusedPlayerOf(e: unknown): RefusedPlayer | null {
  if (!(e instanceof DomainError)) return null;
  const d: unknown = e.details;
  if (typeof d !== 'object' || d === null || !('index' in d) || typeof d.index !== 'number') {
    return null;
  }
  const line = 'line' in d && typeof d.line === 'number' ? d.line : undefined;
  const name = 'name' in d && typeof d.name === 'string' ? d.name : undefined;
  return { index: d.index, ...(name !== undefined ? { name } : {}), ...(line ? { line } : {}) };
}

/**
 * Registers several players in the transaction `m` (a CSV import): all or none, each as
 * {@link registerIn} registers one, with the same checks in the same order and the same
 * refusals. A refusal names the player that caused it in `details.index` (0-based) and, when
 * `lines` gives each player's line of the file, starts its message with it (`line 12: …`) and
 * names it in `details.line`. `progress` hears how many are registered, every 50.
 *
 * What `registerIn` asks the database once a player (the division, its seeds, its persons,
 * the registry's persons of each name) is read here once for all, the players are decided in
 * memory, and persons, players and log entries are written in multi-row inserts: 20,000 lines
 * are a few hundred statements, not two hundred thousand.
 */
export async function registerMany(
  m: EntityManager,
  reads: RegistrationReads,
  divisionId: number,
  dtos: readonly CreatePlayerDto[],
  user: Actor,
  lines?: readonly number[],
  progress: (done: number) => void = () => undefined,
): Promise<Registered[]> {
  const refusal = (e: unknown, index: number): unknown => {
    if (!(e instanceof DomainError)) return e;
    const line = lines?.[index];
    return new DomainError(
      e.status,
      e.code,
      `${line !== undefined ? `line ${line}, ` : ''}player ${index + 1}: ${e.message}`,
      {
        index,
        name: dtos[index].name,
        ...(line !== undefined ? { line } : {}),
      } satisfies RefusedPlayer,
    );
  };
  // A person chosen by id, or always new, is the single registration's case: one at a time.
  if (dtos.some((d) => (d.person !== undefined && d.person !== null) || d.newPerson)) {
    const out: Registered[] = [];
    for (const [index, dto] of dtos.entries()) {
      try {
        out.push(await registerIn(m, reads, divisionId, dto, user));
      } catch (e) {
        throw refusal(e, index);
      }
      if ((index + 1) % 50 === 0) progress(index + 1);
    }
    progress(dtos.length);
    return out;
  }
  const batch = await RegistrationBatch.read(m, reads, divisionId, dtos);
  for (const [index, dto] of dtos.entries()) {
    try {
      await batch.decide(dto);
      // The first registration moves the division, which a closed tournament refuses.
      if (index === 0) await touchDivisions(m, divisionId);
    } catch (e) {
      throw refusal(e, index);
    }
  }
  const players = await batch.write(user, progress);
  progress(dtos.length);
  return players;
}

/** A player decided on: its person (new ones have no id until written) and its row. */
interface Decided {
  person: PersonFields;
  /** The player as the division's names and seeds know it; its id comes when it is written. */
  ref: NameRef;
  row: Pick<Player, 'divisionId' | 'name' | 'club' | 'rating' | 'seed' | 'active' | 'joinedRound'>;
  lookAlikes: NameRef[];
  paired: number;
}

/**
 * What registering a file's players reads of the database, read once; and the players decided
 * so far, so that each line sees the lines before it as `registerIn` would have stored them.
 */
class RegistrationBatch {
  private readonly decided: Decided[] = [];
  /** How many of `decided` are written. */
  private written = 0;
  /** Persons created by this batch; their ids come when they are written. */
  private readonly created: PersonFields[] = [];
  /** Persons found that gained a country or federation id. */
  private readonly filled = new Set<PersonFields>();

  private constructor(
    private readonly m: EntityManager,
    private readonly ratings: RatingLookup,
    private readonly divisionId: number,
    private readonly state: Awaited<ReturnType<typeof divisionState>>,
    private readonly names: DivisionNames,
    /** Ids of the persons with a player in the division, and the persons this batch gave one. */
    private readonly registered: Set<PersonFields | number>,
    /** Seeds taken, and by whom. */
    private readonly seeds: Map<number, NameRef>,
    private maxSeed: number,
    /** The registry's persons that a line's federation id or name can find, by each. */
    private readonly byFederationId: Map<string, PersonFields>,
    private readonly byNameKey: Map<string, PersonFields[]>,
  ) {}

  static async read(
    m: EntityManager,
    reads: RegistrationReads,
    divisionId: number,
    dtos: readonly CreatePlayerDto[],
  ): Promise<RegistrationBatch> {
    const state = await divisionState(m, reads.rounds, divisionId, true);
    const names = await divisionNames(m, divisionId);
    const players = await m.find(Player, {
      where: { divisionId },
      select: { id: true, name: true, seed: true, personId: true },
    });
    const seeds = new Map(players.map((p) => [p.seed, { id: p.id, name: p.name }]));
    const maxSeed = players.reduce((max, p) => Math.max(max, p.seed), 0);
    const registered = new Set<PersonFields | number>(
      players.flatMap((p) => (p.personId !== null ? [p.personId] : [])),
    );
    const federationIds = new Set(dtos.flatMap((d) => (d.federationId ? [d.federationId] : [])));
    const nameKeys = new Set(dtos.flatMap((d) => (d.name !== undefined ? [nameKey(d.name)] : [])));
    const byFederationId = new Map<string, PersonFields>();
    for (const part of chunks([...federationIds])) {
      for (const p of await personsWithFederationIds(m, part))
        byFederationId.set(p.federationId!, p);
    }
    const byNameKey = new Map<string, PersonFields[]>();
    for (const part of chunks([...nameKeys])) {
      for (const p of await personsWithNameKeys(m, part))
        byNameKey.set(p.nameKey, [...(byNameKey.get(p.nameKey) ?? []), p]);
    }
    for (const same of byNameKey.values()) same.sort((a, b) => a.id - b.id);
    return new RegistrationBatch(
      m,
      reads.ratings,
      divisionId,
      state,
      names,
      registered,
      seeds,
      maxSeed,
      byFederationId,
      byNameKey,
    );
  }

  /** One line's player, checked as `registerIn` checks it; throws its refusal. */
  async decide(dto: CreatePlayerDto): Promise<void> {
    checkPlayerFields(dto);
    const { division, paired, systems } = this.state;
    const joinedRound = paired + 1;
    if (paired > 0) lateEntryAllowed(division, joinedRound, systems);
    const person = this.pickPerson(dto);
    const name = cleanName(dto.name ?? person.name);
    // A refusal that names a player or person of this batch names it by its id: written first.
    const twin = this.names.exact.get(nameKey(name));
    if (twin) throw playerExists(this.divisionId, await this.withIds(twin));
    const lookAlikes = this.names.looks.get(lookAlikeKey(name)) ?? [];
    if (this.registered.has(person) || this.registered.has(person.id)) {
      await this.writeDecided();
      throw personRegistered(person, this.divisionId);
    }
    const seed = dto.seed ?? this.maxSeed + 1;
    const holder = this.seeds.get(seed);
    if (holder) throw seedTaken(seed, await this.withIds(holder));
    // Without a rating given, the person's current rating in the division's game family.
    const rating =
      dto.rating !== undefined
        ? dto.rating
        : person.id === undefined
          ? null
          : ((
              await this.ratings.currentRatings(this.m, [person.id], familyOf(division.ruleSet))
            ).get(person.id) ?? null);
    const club = dto.club === undefined ? person.club : dto.club?.trim() || null;
    const ref: NameRef = { id: 0, name };
    const row = {
      divisionId: this.divisionId,
      name,
      club,
      rating,
      seed,
      active: true,
      joinedRound,
    };
    this.decided.push({ person, ref, row, lookAlikes, paired });
    // The next line sees this one as registered: its name, its seed, its person.
    this.names.add(ref);
    this.seeds.set(seed, ref);
    this.maxSeed = Math.max(this.maxSeed, seed);
    this.registered.add(person);
  }

  /** `pickPerson` for a line without a person id or `newPerson`, from what was read. */
  private pickPerson(dto: CreatePlayerDto): PersonFields {
    checkPersonFields(dto);
    if (dto.name === undefined) {
      throw new BadInput('VALIDATION_FAILED', 'name is required when no person is chosen', {
        field: 'name',
      });
    }
    if (dto.federationId) {
      const byId = this.byFederationId.get(dto.federationId);
      if (byId) return byId;
    }
    const named = this.byNameKey.get(nameKey(dto.name)) ?? [];
    const fits = named.filter((p) => !dto.federationId || p.federationId === null);
    if (fits.length === 1) return this.fillIn(fits[0], dto);
    if (fits.length > 1) throw personAmbiguous(fits);
    // Nobody has this federation id: it was looked for above.
    const person = newPerson(this.m, { ...dto, name: dto.name });
    this.created.push(person);
    this.byNameKey.set(person.nameKey, [...named, person]);
    if (person.federationId) this.byFederationId.set(person.federationId, person);
    return person;
  }

  /** `fillIn`: a person found gains the country and federation id it lacked. */
  private fillIn(person: PersonFields, dto: CreatePlayerDto): PersonFields {
    const country = person.country ?? dto.country ?? null;
    const federationId = person.federationId ?? dto.federationId ?? null;
    if (country === person.country && federationId === person.federationId) return person;
    if (federationId !== person.federationId && federationId !== null) {
      if (this.byFederationId.has(federationId)) throw federationIdTaken(federationId);
      this.byFederationId.set(federationId, person);
    }
    person.country = country;
    person.federationId = federationId;
    if (person.id !== undefined) this.filled.add(person);
    return person;
  }

  /** `ref`, once everything decided so far is written (a player of this batch has no id before). */
  private async withIds(ref: NameRef): Promise<NameRef> {
    await this.writeDecided();
    return ref;
  }

  /** Writes the persons and players decided on and not yet written; `progress` hears each part. */
  private async writeDecided(progress: (done: number) => void = () => undefined): Promise<void> {
    const persons = this.created.filter((p) => p.id === undefined);
    const personIds = await addPersons(this.m, persons);
    persons.forEach((p, i) => (p.id = personIds[i]));
    for (const person of this.filled) await fillPerson(this.m, person);
    this.filled.clear();
    for (const part of chunks(this.decided.slice(this.written), 1000)) {
      const ids = await insertManyIds(
        this.m,
        Player,
        part.map((d) => ({ ...d.row, personId: d.person.id })),
      );
      part.forEach((d, i) => (d.ref.id = ids[i]));
      this.written += part.length;
      progress(this.written);
    }
  }

  /** Writes what is decided, and the log's entry of each player. */
  async write(user: Actor, progress: (done: number) => void): Promise<Registered[]> {
    await this.writeDecided(progress);
    const { tournamentId } = this.state.division;
    await writeLogs(
      this.m,
      user,
      this.decided.map(({ person, ref, row, lookAlikes, paired }) => ({
        tournamentId,
        divisionId: this.divisionId,
        playerId: ref.id,
        action: 'player.registered' as const,
        after: {
          name: row.name,
          person: person.id,
          club: row.club,
          rating: row.rating,
          seed: row.seed,
          ...(paired > 0 ? { lateEntry: true, joinedRound: row.joinedRound } : {}),
          ...(lookAlikes.length > 0 ? { lookAlikes: lookAlikes.map((p) => p.name) } : {}),
        },
      })),
    );
    return this.decided.map(({ person, ref, row, lookAlikes }) => ({
      player: this.m.create(Player, { ...row, id: ref.id, personId: person.id }),
      lookAlikes,
    }));
  }
}

/** `values` in parts of at most `size`: an IN list or a multi-row insert that SQLite takes. */
function chunks<T>(values: readonly T[], size = 5000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/**
 * The division and its rounds. For a registration (`lock`, in its transaction) the row is
 * locked on PostgreSQL until the transaction ends: two registrations (or restores) at once
 * take turns, so the second sees the first's player and cannot take its name or seed.
 */
export async function divisionState(
  m: EntityManager,
  rounds: Pick<PlayerRounds, 'pairedRounds'>,
  divisionId: number,
  lock = false,
) {
  const division = await divisionOfPlayers(m, divisionId, lock);
  if (!division) throw new NotFound('division', divisionId);
  const tournament = await tournamentOfDivision(m, division);
  const { paired, systems } = await rounds.pairedRounds(m, divisionId);
  return { division, tournament, paired, systems };
}

async function nextSeed(m: EntityManager, divisionId: number): Promise<number> {
  const row = await m
    .createQueryBuilder(Player, 'p')
    .select('MAX(p.seed)', 'max')
    .where({ divisionId })
    .getRawOne<{ max: number | string | null }>();
  return Number(row?.max ?? 0) + 1;
}

export async function checkSeed(m: EntityManager, divisionId: number, seed: number): Promise<void> {
  const holder = await m.findOneBy(Player, { divisionId, seed });
  if (holder) throw seedTaken(seed, holder);
}

/**
 * Score sheets name players, so two players of a division never share a name. Returns the
 * players whose names only look the same (another script, accents, look-alike letters): the
 * registration goes ahead, and the answer names them so that nobody is registered twice.
 */
export async function checkName(
  m: EntityManager,
  divisionId: number,
  name: string,
): Promise<NameRef[]> {
  const { twin, lookAlikes } = await namesLike(m, divisionId, name);
  if (twin) throw playerExists(divisionId, twin);
  return lookAlikes;
}

/**
 * The division's player of the same name as registration compares names (`twin`, which it
 * refuses) and those whose names only look the same (which it flags), without refusing.
 */
export async function namesLike(
  m: EntityManager,
  divisionId: number,
  name: string,
  fresh = false,
): Promise<{ twin: NameRef | null; lookAlikes: NameRef[] }> {
  // Read afresh: the names a transaction caches (`divisionNames`) would outlive a long-lived manager.
  const names = fresh ? await readDivisionNames(m, divisionId) : await divisionNames(m, divisionId);
  const twin = names.exact.get(nameKey(name)) ?? null;
  const lookAlikes = (names.looks.get(lookAlikeKey(name)) ?? []).filter((p) => p !== twin);
  return { twin, lookAlikes };
}

/** A late entry (`joinedRound` after the first) refused where it has no round or no place. */
function lateEntryAllowed(
  division: Pick<DivisionOfPlayers, 'roundsPlanned' | 'kothLastRounds' | 'pairingPlan'>,
  joinedRound: number,
  systems: readonly PairingSystem[],
): void {
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

const playerExists = (divisionId: number, twin: NameRef) =>
  new Conflict(
    'PLAYER_EXISTS',
    `division ${divisionId} already has a player named ${twin.name} (${twin.id}); score sheets could not tell them apart`,
  );

const personRegistered = (person: Pick<PersonFields, 'id' | 'name'>, divisionId: number) =>
  new Conflict(
    'PERSON_REGISTERED',
    `${person.name} (person ${person.id}) is registered in division ${divisionId} already`,
    { field: 'person' },
  );

const seedTaken = (seed: number, holder: NameRef) =>
  new Conflict('SEED_TAKEN', `seed ${seed} already belongs to ${holder.name} (${holder.id})`);
