/** The access context's page models: an invitation's page, and a tournament's people. */
import type { FieldError, PageBase } from '../render/view-models';

/** `public/invitation`: an invitation opened by its link, without an account. */
export interface InvitationPage extends PageBase {
  /** `Ana invites you to be a judge of the tournament “Kup”.` */
  whatText: string;
  /** `The invitation is valid until 12. 12. 2026. 18:00 (Europe/Belgrade).` */
  expiresText: string;
  /** The form to accept (an invitation used or expired has none: `gone` says why). */
  form: {
    action: string;
    /** A new account: the name (prefilled) and the password twice; else the account's password. */
    newAccount: boolean;
    intro: string;
    name: string;
  } | null;
  /** Why the link no longer works (used on…, expired on…), with a way to sign in. */
  /** A link used or expired: why, and where to go on (signing in, or one's own page). */
  gone: { text: string; nextUrl: string; nextText: string } | null;
  errors: FieldError[];
}

/** An account with a role, as the people page lists it. */
export interface PeopleMemberRow {
  name: string;
  email: string;
  role: string;
  /** The confirm-first form that takes the role away (none for the owner, or out of reach). */
  removeAction: string | null;
}

/** `organiser/people`: who holds a role in the tournament, the open invitations, the forms. */
export interface PeoplePage extends PageBase {
  members: PeopleMemberRow[];
  pending: {
    email: string;
    name: string;
    role: string;
    expires: string;
    withdrawAction: string | null;
  }[];
  /** The roles the viewer may give (a co-director: a judge's only). */
  roles: { value: string; label: string; selected: boolean }[];
  grantAction: string;
  inviteAction: string;
  /** Just invited: the link, shown this once, and what became of its mail. */
  invited: { link: string; linkText: string; mailText: string; mailTone: 'ok' | 'warn' } | null;
  values: { email: string; name: string; grantEmail: string };
  errors: FieldError[];
}
