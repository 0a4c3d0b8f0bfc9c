import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { insertManyIds } from '../database/bulk';
import { placeholders, run } from '../database/sql';
import { Person } from './person.entity';
import type { PersonFields } from './persons';

/*
 * The registry's persons as the ratings read and add them: a rating list names each line's
 * person, and an imported list finds, fills in and adds persons in bulk. Each works in the
 * caller's transaction (`m`).
 */

/** A person as a rating list names them. */
export type PersonCard = Pick<Person, 'name' | 'club' | 'country' | 'federationId'>;

/**
 * `query`'s rows (alias `alias`, with a `personId`), each with its person as `person`, joined
 * in the same statement: a family's list is one read.
 */
export function withPersons<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  alias: string,
): SelectQueryBuilder<T & { person: PersonCard }> {
  return query.leftJoinAndMapOne(
    `${alias}.person`,
    Person,
    `${alias}__person`,
    `${alias}__person.id = ${alias}.personId`,
  ) as SelectQueryBuilder<T & { person: PersonCard }>;
}

/**
 * The persons whose `column` is one of `keys` (at most a few hundred), read in plain rows (no
 * entity is built by TypeORM): matching a list's lines needs their keys and fields only.
 */
export async function personsWhere(
  m: EntityManager,
  column: 'federation_id' | 'name_key',
  keys: string[],
): Promise<PersonFields[]> {
  const { records } = await run(
    m,
    'SELECT "id", "name", "name_key", "search_key", "club", "country", "federation_id" ' +
      `FROM "persons" WHERE "${column}" IN (${placeholders(m, keys.length).join(', ')})`,
    keys,
  );
  return (records as PersonRow[]).map((r) =>
    Object.assign(new Person(), {
      id: Number(r.id),
      name: r.name,
      nameKey: r.name_key,
      searchKey: r.search_key,
      club: r.club,
      country: r.country,
      federationId: r.federation_id,
    }),
  );
}

interface PersonRow {
  id: number;
  name: string;
  name_key: string;
  search_key: string;
  club: string | null;
  country: string | null;
  federation_id: string | null;
}

/** Adds a list's new persons in multi-row inserts of `chunk`; their ids, in their order. */
export function addPersonsOfList(
  m: EntityManager,
  persons: Omit<PersonFields, 'id'>[],
  chunk: number,
): Promise<number[]> {
  return insertManyIds(m, Person, persons, chunk);
}

/**
 * Writes the country and federation id a list gave persons of the registry, in statements of
 * many rows (`UPDATE … FROM (VALUES …)`, which both databases take), `chunk` persons each; their
 * version and update time move as TypeORM's update moves them.
 */
export async function fillPersonsOfList(
  m: EntityManager,
  persons: Pick<PersonFields, 'id' | 'country' | 'federationId'>[],
  chunk: number,
): Promise<void> {
  for (let i = 0; i < persons.length; i += chunk) {
    const part = persons.slice(i, i + chunk);
    const marks = placeholders(m, part.length * 3);
    const tuples = part.map(
      (_, j) => `(CAST(${marks[3 * j]} AS INTEGER), ${marks[3 * j + 1]}, ${marks[3 * j + 2]})`,
    );
    await run(
      m,
      'UPDATE "persons" SET "country" = v.column2, "federation_id" = v.column3, ' +
        '"version" = "version" + 1, "updated_at" = CURRENT_TIMESTAMP ' +
        `FROM (VALUES ${tuples.join(', ')}) AS v WHERE "persons"."id" = v.column1`,
      part.flatMap((p) => [p.id, p.country, p.federationId]),
    );
  }
}
