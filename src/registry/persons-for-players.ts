import { EntityManager, In } from 'typeorm';
import { insertManyIds } from '../database/bulk';
import { Person } from './person.entity';
import type { PersonFields } from './persons';

/*
 * The registry's persons as a players CSV's registration finds and adds them, all at once
 * (src/players/registration.ts), each in the caller's transaction (`m`).
 */

/** The persons with these federation ids. */
export function personsWithFederationIds(
  m: EntityManager,
  federationIds: string[],
): Promise<PersonFields[]> {
  return m.find(Person, { where: { federationId: In(federationIds) } });
}

/** The persons with these name keys (`nameKey`). */
export function personsWithNameKeys(m: EntityManager, nameKeys: string[]): Promise<PersonFields[]> {
  return m.find(Person, { where: { nameKey: In(nameKeys) } });
}

/** Adds the persons (made by `newPerson`) in multi-row inserts; their new ids, in their order. */
export function addPersons(
  m: EntityManager,
  persons: Omit<PersonFields, 'id'>[],
): Promise<number[]> {
  return insertManyIds(m, Person, persons);
}

/** Writes the country and federation id a registration gave a person of the registry. */
export async function fillPerson(
  m: EntityManager,
  person: Pick<PersonFields, 'id' | 'country' | 'federationId'>,
): Promise<void> {
  await m.update(
    Person,
    { id: person.id },
    { country: person.country, federationId: person.federationId },
  );
}
