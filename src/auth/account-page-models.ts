/** The administrator's accounts pages: their models and addresses. */
import type { FieldError, PageBase } from '../render/view-models';

/** The accounts pages' addresses. */
export const accountUrls = {
  list: '/organiser/accounts',
  password: (id: number) => `/organiser/accounts/${id}/password`,
  remove: (id: number) => `/organiser/accounts/${id}/remove`,
  tournament: (id: number) => `/organiser/tournaments/${id}`,
};

/** One account as the list shows it. */
export interface AccountRow {
  id: number;
  name: string;
  email: string;
  /** Organiser or judge, in words. */
  role: string;
  /** The site administrator. */
  admin: boolean;
  /** The signed-in administrator's own account (it is not removed from here). */
  own: boolean;
  tournaments: { name: string; url: string; role: string }[];
  passwordUrl: string;
  removeAction: string;
}

/** `organiser/accounts`: every account, and the form for a new one. */
export interface AccountsPage extends PageBase {
  accounts: AccountRow[];
  createAction: string;
  roles: { value: string; label: string; selected: boolean }[];
  /** What was typed, to show the form again (never the password). */
  values: { name: string; email: string };
  passwordHint: string;
  errors: FieldError[];
}

/** `organiser/account-password`: a new password for an account, saying first what it does. */
export interface AccountPasswordPage extends PageBase {
  account: { name: string; email: string };
  /** What happens, in sentences. */
  lines: string[];
  action: string;
  passwordHint: string;
  button: string;
  cancelUrl: string;
  errors: FieldError[];
}
