import { COUNTRY, FEDERATION_ID } from '../registry/persons';
import { Flag, Int, Raw, Text } from '../web/form-dto';

/**
 * The players page's registration: a new player by name (with club, rating, seed, country and
 * federation id), or a registry `person` picked from the search, registered under the registry's
 * name; `newPerson` when the name's look-alikes in the registry are somebody else.
 */
export class AddPlayerForm {
  @Text({ max: 200, requiredUnless: 'person' }) name!: string | null;
  @Text({ max: 200 }) club!: string | null;
  @Int(0, 5000) rating!: number | null;
  @Int(1, 100000) seed!: number | null;
  @Int(1, 2_147_483_647) person!: number | null;
  @Text({
    max: 3,
    match: { pattern: COUNTRY, key: 'form.country', params: { examples: 'SRB, CRO' } },
  })
  country!: string | null;
  @Text({ max: 20, match: { pattern: FEDERATION_ID, key: 'form.federationId' } })
  federationId!: string | null;
  @Flag() newPerson!: boolean;
}

/** A players CSV pasted in the page (a file sent beside it wins). */
export class PlayersCsvForm {
  @Raw() csvText!: string;
}

/** A player's absence for a `round`; `undo=1` takes it back. */
export class AbsenceForm {
  @Int(1, 100, { required: true }) round!: number | null;
  @Raw() undo!: string;
}

/**
 * A player's edit page: name, club and rating; `version` is the version the page was built
 * from (hidden), read by the handler (not a whole number: none, a stale page). A player of a
 * registry person also has the person's `federationId`, with the `personVersion` read.
 */
export class EditPlayerForm {
  @Text({ max: 200, required: true }) name!: string | null;
  @Text({ max: 200 }) club!: string | null;
  @Int(0, 5000) rating!: number | null;
  @Text({ max: 20, match: { pattern: FEDERATION_ID, key: 'form.federationId' } })
  federationId!: string | null;
  @Raw() version!: string;
  @Raw() personVersion!: string;
}
