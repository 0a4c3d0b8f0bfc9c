import type { EntityManager } from 'typeorm';
import { BadInput, Conflict, DomainError, NotFound } from '../common/errors';
import { PRINTABLE } from '../common/printable';
import { forUpdate } from '../database/lock';
import { Actor, writeLog } from '../log/director-log';
import { familyOf } from '../ratings/families';
import { currentRatings } from '../ratings/current-ratings';
import { pickPerson } from '../registry/persons';
import { Round } from '../rounds/round.entity';
import { Division } from '../tournaments/division.entity';
import { isScheduled, plannedSystem, touchDivisions } from '../tournaments/tournament-rules';
import { Tournament } from '../tournaments/tournament.entity';
import type { CreatePlayerDto } from './dto/player.dto';
import { cleanName, lookAlikeKey, nameKey } from './names';
import { Player } from './player.entity';

/*
 * Registering players, without NestJS: the players service (one registration, a restore) and
 * an import's worker thread (a players CSV, every line in one transaction) both register here.
 */

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

export async function registerIn(
  m: EntityManager,
  divisionId: number,
  dto: CreatePlayerDto,
  user: Actor,
  restoredFrom?: number,
): Promise<{ player: Player; lookAlikes: NameRef[] }> {
  checkPlayerFields(dto);
  const { division, paired, systems } = await divisionState(m, divisionId, true);
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
  const lookAlikes = await checkName(m, divisionId, name);
  if (await m.existsBy(Player, { divisionId, personId: person.id })) {
    throw new Conflict(
      'PERSON_REGISTERED',
      `${person.name} (person ${person.id}) is registered in division ${divisionId} already`,
      { field: 'person' },
    );
  }
  const seed = dto.seed ?? (await nextSeed(m, divisionId));
  await checkSeed(m, divisionId, seed);
  // Without a rating given, the person's current rating in the division's game family.
  const rating =
    dto.rating !== undefined
      ? dto.rating
      : ((await currentRatings(m, [person.id], familyOf(division.ruleSet))).get(person.id) ?? null);
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

/** A player registered, and the players of the division whose names only look the same. */
export interface Registered {
  player: Player;
  lookAlikes: NameRef[];
}

/**
 * Registers several players in the transaction `m` (a CSV import): all or none. A refusal
 * names the player that caused it in `details.index` (0-based) and, when `lines` gives each
 * player's line of the file, starts its message with it (`line 12: …`) and names it in
 * `details.line`. `progress` hears how many are registered, every 50.
 */
export async function registerMany(
  m: EntityManager,
  divisionId: number,
  dtos: readonly CreatePlayerDto[],
  user: Actor,
  lines?: readonly number[],
  progress: (done: number) => void = () => undefined,
): Promise<Registered[]> {
  const out: Registered[] = [];
  for (const [index, dto] of dtos.entries()) {
    try {
      out.push(await registerIn(m, divisionId, dto, user));
    } catch (e) {
      if (e instanceof DomainError) {
        const line = lines?.[index];
        throw new DomainError(
          e.status,
          e.code,
          `${line !== undefined ? `line ${line}, ` : ''}player ${index + 1}: ${e.message}`,
          { index, name: dto.name, ...(line !== undefined ? { line } : {}) },
        );
      }
      throw e;
    }
    if ((index + 1) % 50 === 0) progress(index + 1);
  }
  progress(dtos.length);
  return out;
}

/**
 * The division and its rounds. For a registration (`lock`, in its transaction) the row is
 * locked on PostgreSQL until the transaction ends: two registrations (or restores) at once
 * take turns, so the second sees the first's player and cannot take its name or seed.
 */
export async function divisionState(m: EntityManager, divisionId: number, lock = false) {
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
export async function checkName(
  m: EntityManager,
  divisionId: number,
  name: string,
): Promise<NameRef[]> {
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
