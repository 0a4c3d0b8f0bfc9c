import type { EntityManager } from 'typeorm';
import { insertMany } from '../database/bulk';
import { newPerson, personsById } from '../registry/persons';
import { fillPerson, personsWithFederationIds } from '../registry/persons-for-players';
import { Absence } from './absence.entity';
import { attachPersons } from './attach-persons';
import { Player } from './player.entity';

/*
 * The players' tables as an import writes a whole division's (a tournament's document, a TSH
 * file), without NestJS: src/exchange asks here instead of writing the rows itself. Each works
 * in the import's one transaction (`m`) and inserts in bulk.
 */

/** A player as an import brings it; the seed is unique within the division. */
export interface ImportedPlayer {
  name: string;
  club: string | null;
  rating: number | null;
  /** 1 = top seed. */
  seed: number;
  /** False once withdrawn. */
  active: boolean;
  /** First round the player could be paired in (late entries). */
  joinedRound: number;
  /** Its person's country and federation id, when the import knows them (a tournament's document). */
  country?: string | null;
  federationId?: string | null;
}

/** A round an imported player is marked absent for. */
export interface ImportedAbsence {
  playerId: number;
  round: number;
}

/**
 * Stores a new division's players in bulk, each given a person of the registry: a player with a
 * federation id the person with that id (a new person when the registry has none), any other
 * one as `attachPersons` finds it. A person found gains the player's country where it had none.
 * Each stored player's id by its seed, for the import to find them again.
 */
export async function insertImportedPlayers(
  m: EntityManager,
  divisionId: number,
  players: readonly ImportedPlayer[],
): Promise<Map<number, number>> {
  const personOf = await personsOfFederationIds(m, players);
  await insertMany(
    m,
    Player,
    players.map(({ country: _c, federationId, ...p }) => ({
      divisionId,
      ...p,
      personId: (federationId && personOf.get(federationId)) || null,
    })),
  );
  await attachPersons(m, divisionId);
  await fillCountries(m, divisionId, players);
  const stored = await m.find(Player, {
    where: { divisionId },
    select: { id: true, seed: true },
  });
  return new Map(stored.map((p) => [p.seed, p.id]));
}

/** Stores imported players' absences in bulk. */
export async function insertImportedAbsences(
  m: EntityManager,
  absences: ImportedAbsence[],
): Promise<void> {
  await insertMany(m, Absence, absences);
}

/** The persons of the players' federation ids, by id: those of the registry, and new ones. */
async function personsOfFederationIds(
  m: EntityManager,
  players: readonly ImportedPlayer[],
): Promise<Map<string, number>> {
  const withId = players.filter((p) => p.federationId);
  if (withId.length === 0) return new Map();
  const known = await personsWithFederationIds(
    m,
    withId.map((p) => p.federationId!),
  );
  const personOf = new Map(known.map((p) => [p.federationId!, p]));
  for (const p of withId) {
    const person = personOf.get(p.federationId!);
    if (!person) {
      const made = await m.save(
        newPerson(m, {
          name: p.name,
          club: p.club,
          country: p.country ?? null,
          federationId: p.federationId,
        }),
      );
      personOf.set(p.federationId!, made);
    } else if (!person.country && p.country) {
      person.country = p.country;
      await fillPerson(m, person);
    }
  }
  return new Map([...personOf].map(([id, p]) => [id, p.id]));
}

/** The players' countries given to their persons (found by name) that had none. */
async function fillCountries(
  m: EntityManager,
  divisionId: number,
  players: readonly ImportedPlayer[],
): Promise<void> {
  const countries = new Map(
    players.filter((p) => p.country && !p.federationId).map((p) => [p.seed, p.country!]),
  );
  if (countries.size === 0) return;
  const stored = await m.find(Player, {
    where: { divisionId },
    select: { id: true, seed: true, personId: true },
  });
  const persons = await personsById(
    m,
    stored.flatMap((p) => (countries.has(p.seed) && p.personId !== null ? [p.personId] : [])),
  );
  for (const p of stored) {
    const person = p.personId === null ? undefined : persons.get(p.personId);
    const country = countries.get(p.seed);
    if (person && country && !person.country) {
      await fillPerson(m, {
        id: person.id,
        country,
        federationId: person.federationId,
      });
    }
  }
}
