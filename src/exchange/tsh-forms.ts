import { RULE_SETS } from '../engine';
import { Choice, Raw, ReadUnless, Text } from '../web/form-dto';

/**
 * A division from a TSH file, beside the file itself (`tsh`, taken by the file interceptor): its
 * name, the rules it is played by (empty: the tournament's own, which the handler knows) and the
 * file's text pasted instead of sent.
 */
export class TshImportForm {
  @Text({ max: 100, required: true }) tshName!: string | null;
  @ReadUnless('tshRules', [''])
  @Choice(Object.keys(RULE_SETS))
  tshRules!: string | null;
  @Raw() tshText!: string;
}
