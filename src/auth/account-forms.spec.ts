import { readForm } from '../web/form-dto';
import { checkPassword, NewAccountForm, PasswordForm } from './account-forms';

const problems = (body: Record<string, string>) => {
  const form = readForm(PasswordForm, body);
  checkPassword(form);
  return form.problems;
};

describe('account forms', () => {
  it('a password needs 10 characters, at most 200, and the same repeated', () => {
    expect(problems({ password: '', repeat: '' })).toEqual([
      { field: 'password', key: 'form.required' },
    ]);
    expect(problems({ password: '123456789', repeat: '123456789' })).toEqual([
      { field: 'password', key: 'accounts.passwordShort', params: { min: 10 } },
    ]);
    expect(problems({ password: 'x'.repeat(201), repeat: 'x'.repeat(201) })).toEqual([
      { field: 'password', key: 'form.tooLong', params: { max: 200 } },
    ]);
    expect(problems({ password: '0123456789', repeat: '0123456788' })).toEqual([
      { field: 'repeat', key: 'accounts.passwordRepeat' },
    ]);
    expect(problems({ password: '0123456789', repeat: '0123456789' })).toEqual([]);
  });

  it('a new account names a person, an e-mail and a kind of account', () => {
    const form = readForm(NewAccountForm, { name: ' ', email: 'ana', role: 'admin' });
    expect(form.problems.map((p) => p.field)).toEqual(['name', 'email', 'role']);
    const good = readForm(NewAccountForm, {
      name: ' Ana ',
      email: 'ana@example.org',
      role: 'judge',
    });
    expect(good.values).toMatchObject({ name: 'Ana', email: 'ana@example.org', role: 'judge' });
  });
});
