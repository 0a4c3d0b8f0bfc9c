import { EntityManager, In } from 'typeorm';
import { BadInput, Conflict, ErrorDetails, Unprocessable } from '../common/errors';
import { PRINTABLE } from '../common/printable';
import { cleanName, lookAlikeKey, nameKey } from '../i18n/names';
import { Person } from './person.entity';

import { COUNTRY, FEDERATION_ID } from './person-limits';

export { COUNTRY, FEDERATION_ID };

/** Who a registration is for, as the API, the page and the CSV import say it. */
export interface PersonChoice {
  /** An existing person, by id. */
  person?: number | null;
  /** Always a new person, even when the name matches one. */
  newPerson?: boolean;
  name?: string;
  club?: string | null;
  country?: string | null;
  federationId?: string | null;
}

/**
 * A person's own fields, as the contexts that find and add many persons at once hold them
 * (a players CSV, a rating list): no version or times.
 */
export type PersonFields = Pick<
  Person,
  'id' | 'name' | 'nameKey' | 'searchKey' | 'club' | 'country' | 'federationId'
>;

/** A person a name could mean, named in a 409 PERSON_AMBIGUOUS. */
export interface PersonCandidate {
  id: number;
  name: string;
  club: string | null;
  country: string | null;
  federationId: string | null;
}

declare module '../common/errors' {
  interface ErrorDetails {
    /** A name several persons of the registry have: the field to choose in, and who they are. */
    PERSON_AMBIGUOUS: { field: 'person'; candidates: PersonCandidate[] };
  }
}

export const candidate = (p: PersonCandidate): PersonCandidate => ({
  id: p.id,
  name: p.name,
  club: p.club,
  country: p.country,
  federationId: p.federationId,
});

/** Checks the person's own fields (country, federation id): a 400 naming the field. */
export function checkPersonFields(c: {
  country?: string | null;
  federationId?: string | null;
}): void {
  if (c.country !== undefined && c.country !== null && !COUNTRY.test(c.country)) {
    throw new BadInput(
      'VALIDATION_FAILED',
      'country must be two or three capital letters, as the federation writes it (SRB, CRO)',
      { field: 'country' },
    );
  }
  if (
    c.federationId !== undefined &&
    c.federationId !== null &&
    (!FEDERATION_ID.test(c.federationId) || !PRINTABLE.test(c.federationId))
  ) {
    throw new BadInput(
      'VALIDATION_FAILED',
      'federationId must be 1 to 20 letters, digits or dashes',
      { field: 'federationId' },
    );
  }
}

/** A new person's row, keys filled in. */
export function newPerson(
  m: EntityManager,
  fields: {
    name: string;
    club?: string | null;
    country?: string | null;
    federationId?: string | null;
  },
): Person {
  const name = cleanName(fields.name);
  return m.create(Person, {
    name,
    nameKey: nameKey(name),
    searchKey: lookAlikeKey(name),
    club: fields.club?.trim() || null,
    country: fields.country || null,
    federationId: fields.federationId || null,
  });
}

/**
 * The person a registration is for, in its transaction: the one named by id; else the one with
 * the federation id; else the one person of exactly that name (case and spaces aside) who has
 * no other federation id; else a new person (also with `newPerson`). A name that two or more
 * persons have is refused (409 PERSON_AMBIGUOUS, listing them) unless the choice says which.
 * A person found gains the country and federation id given, where it had none.
 */
export async function pickPerson(
  m: EntityManager,
  choice: PersonChoice,
): Promise<{ person: Person; created: boolean }> {
  checkPersonFields(choice);
  if (choice.person !== undefined && choice.person !== null) {
    const person = await m.findOneBy(Person, { id: choice.person });
    if (!person) {
      throw new Unprocessable('UNKNOWN_PERSON', `person ${choice.person} is not in the registry`, {
        field: 'person',
      });
    }
    if (choice.federationId && person.federationId && choice.federationId !== person.federationId) {
      throw new Conflict(
        'FEDERATION_ID_MISMATCH',
        `person ${person.id} (${person.name}) has federation id ${person.federationId}, not ${choice.federationId}`,
        { field: 'federationId' },
      );
    }
    return { person: await fillIn(m, person, choice), created: false };
  }
  if (choice.name === undefined) {
    throw new BadInput('VALIDATION_FAILED', 'name is required when no person is chosen', {
      field: 'name',
    });
  }
  if (!choice.newPerson) {
    if (choice.federationId) {
      const byId = await m.findOneBy(Person, { federationId: choice.federationId });
      if (byId) return { person: byId, created: false };
    }
    const named = await m.find(Person, {
      where: { nameKey: nameKey(choice.name) },
      order: { id: 'ASC' },
    });
    const fits = named.filter((p) => !choice.federationId || p.federationId === null);
    if (fits.length === 1) return { person: await fillIn(m, fits[0], choice), created: false };
    if (fits.length > 1) throw personAmbiguous(fits);
  }
  if (choice.federationId && (await m.existsBy(Person, { federationId: choice.federationId }))) {
    throw federationIdTaken(choice.federationId);
  }
  const person = await m.save(newPerson(m, { ...choice, name: choice.name }));
  return { person, created: true };
}

/** 409: a name several persons of the registry have, with no choice between them. */
export function personAmbiguous(fits: readonly PersonCandidate[]): Conflict {
  return new Conflict(
    'PERSON_AMBIGUOUS',
    `${fits.length} persons of the registry are named ${fits[0].name} (${fits
      .map((p) => p.id)
      .join(', ')}); send person (the id) or newPerson: true`,
    {
      field: 'person',
      candidates: fits.map(candidate),
    } satisfies ErrorDetails['PERSON_AMBIGUOUS'],
  );
}

/** 409: a federation id that another person of the registry has. */
export function federationIdTaken(federationId: string): Conflict {
  return new Conflict(
    'FEDERATION_ID_TAKEN',
    `federation id ${federationId} belongs to another person of the registry`,
    { field: 'federationId' },
  );
}

/** A person found gains the country and federation id it lacked. */
async function fillIn(m: EntityManager, person: Person, choice: PersonChoice): Promise<Person> {
  const country = person.country ?? choice.country ?? null;
  const federationId = person.federationId ?? choice.federationId ?? null;
  if (country === person.country && federationId === person.federationId) return person;
  if (
    federationId !== person.federationId &&
    federationId !== null &&
    (await m.existsBy(Person, { federationId }))
  ) {
    throw federationIdTaken(federationId);
  }
  person.country = country;
  person.federationId = federationId;
  return m.save(person);
}

/** Persons by id, for pages that name many. */
export async function personsById(m: EntityManager, ids: number[]): Promise<Map<number, Person>> {
  if (ids.length === 0) return new Map();
  const rows = await m.find(Person, { where: { id: In([...new Set(ids)]) } });
  return new Map(rows.map((p) => [p.id, p]));
}

/**
 * The one person of exactly that name (case and spaces aside), else a new person with the club:
 * a name several persons share makes a new person rather than guess; the organiser can tell
 * them apart on the person's page. For players read from a file, who name no person.
 */
export async function personOfName(
  m: EntityManager,
  name: string,
  club: string | null,
): Promise<Person> {
  const named = await m.find(Person, { where: { nameKey: nameKey(name) }, take: 2 });
  return named.length === 1 ? named[0] : m.save(newPerson(m, { name, club }));
}
