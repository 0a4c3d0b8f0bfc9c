import { Raw } from '../web/form-dto';

/**
 * The words of a challenged play as a judge typed them, split by spaces, commas or semicolons:
 * read as sent, the handler counts and measures them.
 */
export class WordCheckForm {
  @Raw() words!: string;
}
