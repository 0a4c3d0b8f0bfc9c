import { Text } from '../web/form-dto';

/**
 * The confirmation of an import from the organiser's page: the file kept for it (`upload`, the
 * preview's id) and the copy's name, the document's with a suffix unless the organiser changed it.
 */
export class ImportConfirmForm {
  @Text({ max: 40, required: true }) upload!: string | null;
  @Text({ max: 200, required: true }) name!: string | null;
}
