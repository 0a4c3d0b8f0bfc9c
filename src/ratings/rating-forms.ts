import { Flag, Raw } from '../web/form-dto';

/** A rating list pasted as CSV; `confirm` after the page said what it replaces. */
export class RatingListForm {
  @Raw() csvText!: string;
  @Flag() confirm!: boolean;
}
