import type { Role } from '../common/roles';
import { Choice, Flag, Raw, Text, type CheckedForm } from '../web/form-dto';
import { PASSWORD_MIN } from './password';

/** An e-mail address as a person writes it: something, an at sign, a host with a dot. */
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

export const ACCOUNT_ROLES: readonly Role[] = ['organiser', 'judge'];

/** A password and its repetition, exactly as typed (the handler checks them: {@link checkPassword}). */
export class PasswordForm {
  @Raw() password!: string;
  @Raw() repeat!: string;
}

/** A new account: its name, e-mail, kind (organiser or judge) and first password. */
export class NewAccountForm {
  @Text({ max: 200, required: true }) name!: string | null;
  @Text({ max: 200, required: true, match: { pattern: EMAIL, key: 'form.email' } })
  email!: string | null;
  @Choice(ACCOUNT_ROLES) role!: Role | null;
  @Raw() password!: string;
  @Raw() repeat!: string;
}

/** Removing an account, asked first. */
export class RemoveAccountForm {
  @Flag() confirm!: boolean;
}

/** Records the password's problem: too short, too long, or not repeated the same. */
export function checkPassword<T extends PasswordForm>(form: CheckedForm<T>): void {
  const { password, repeat } = form.values;
  if (password === '') form.fail('password', 'form.required');
  else if ([...password].length < PASSWORD_MIN)
    form.fail('password', 'accounts.passwordShort', { min: PASSWORD_MIN });
  else if (password.length > 200) form.fail('password', 'form.tooLong', { max: 200 });
  else if (repeat !== password) form.fail('repeat', 'accounts.passwordRepeat');
}
