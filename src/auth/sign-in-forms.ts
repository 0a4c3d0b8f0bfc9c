import { Raw } from '../web/form-dto';

/**
 * The sign-in page's form: the account's email (`username`, trimmed by the handler), its password
 * exactly as typed, and where to go next. The handler checks them (empty or too long: signing in
 * fails), so no field records a problem here.
 */
export class SignInForm {
  @Raw() username!: string;
  @Raw() password!: string;
  @Raw() next!: string;
}
