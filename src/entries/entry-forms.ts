import { FEDERATION_ID } from '../registry/person-limits';
import { PERSON_LIMITS } from '../registry/person-limits';
import { Int, Text } from '../web/form-dto';

/** An address that can take mail: something@somewhere.tld, no spaces. */
export const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

/** A player's entry, from the public page. */
export class EnterForm {
  @Text({ max: PERSON_LIMITS.name, required: true }) name!: string | null;
  @Text({ max: PERSON_LIMITS.club }) club!: string | null;
  @Text({ max: 20, match: { pattern: FEDERATION_ID, key: 'form.federationId' } })
  federationId!: string | null;
  @Int(1, 2_147_483_647) person!: number | null;
  @Text({ max: 254, required: true, match: { pattern: EMAIL, key: 'form.email' } })
  email!: string | null;
  @Int(1, 2_147_483_647, { required: true }) divisionId!: number | null;
}

/**
 * The organiser opens a tournament's entries: the deadline (`2026-12-20T18:00` in the
 * tournament's zone); each division's fields (`takes{id}`, `cap{id}`, `waiting{id}`) are read
 * by the page, which knows the divisions.
 */
export class OpenEntriesForm {
  @Text({
    max: 20,
    required: true,
    match: { pattern: /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}$/, key: 'form.dateTime' },
  })
  deadline!: string | null;
}
