import { Flag, Int, Raw, Text } from '../web/form-dto';
import { COUNTRY, FEDERATION_ID } from './persons';

/** Merges a person `into` another (the one who stays); `confirm` after the preview. */
export class MergeForm {
  @Int(1, 2_147_483_647, { required: true }) into!: number | null;
  @Flag() confirm!: boolean;
}

/**
 * A person's edit page: the registry's name, club, country and federation id; `version` is the
 * version the page was built from (hidden), read by the handler (not a whole number: a stale
 * page).
 */
export class EditPersonForm {
  @Text({ max: 200, required: true }) name!: string | null;
  @Text({ max: 200 }) club!: string | null;
  @Text({
    max: 3,
    match: { pattern: COUNTRY, key: 'form.country', params: { examples: 'SRB, CRO' } },
  })
  country!: string | null;
  @Text({ max: 20, match: { pattern: FEDERATION_ID, key: 'form.federationId' } })
  federationId!: string | null;
  @Raw() version!: string;
}
