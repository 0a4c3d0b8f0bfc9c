/** The entries' page models: the public entry form, an entry's private page, the lists. */
import type { FieldError, PageBase } from '../render/view-models';

/** A division offered on the entry form. */
export interface EntryDivisionOption {
  id: number;
  name: string;
  /** `12 of 16 places taken` or `full: entries go to the waiting list`. */
  places: string;
  selected: boolean;
}

/** `public/enter`: a player enters a tournament, without an account. */
export interface EnterPage extends PageBase {
  /** Entries are taken now; otherwise `closedText` says why not. */
  open: boolean;
  closedText: string;
  /** `Entries close on 20. 12. 2026. 18:00 (Europe/Belgrade).` */
  deadlineText: string;
  action: string;
  divisions: EntryDivisionOption[];
  values: Record<string, string>;
  /** The registry's person chosen, said above the form. */
  person: { id: number; text: string } | null;
  /** Each field's error beside it. */
  errors: FieldError[];
  /** The errors above the form, each naming its field: `E-mail: Required.` */
  summary: string[];
  /** The registry searched by name (`?q=`): each person found links the form filled for them. */
  search: { q: string; searched: boolean; found: { text: string; url: string }[] };
  listUrl: string;
}

/** `public/entry`: an entry by its private link, just sent or opened later. */
export interface EntryPage extends PageBase {
  /** The entry was sent just now: the link is shown to keep. */
  justSent: boolean;
  /** `Entered: waiting for the organiser's confirmation.` / `On the waiting list, place 2.` */
  statusText: string;
  statusTone: 'ok' | 'warn' | 'bad';
  details: { label: string; value: string }[];
  /** The private link (absolute), shown after sending. */
  link: string | null;
  /** Said of the e-mail: sent, or could not be sent. */
  mailText: string | null;
  mailTone: 'ok' | 'warn';
  /** The withdraw form; absent when the entry cannot be withdrawn by the player. */
  withdrawAction: string | null;
  listUrl: string;
  errors: FieldError[];
}

/** `public/entries`: the confirmed entries and the waiting list, per division; no e-mails. */
export interface EntriesListPage extends PageBase {
  divisions: {
    name: string;
    confirmed: { name: string; club: string }[];
    waiting: { place: number; name: string; club: string }[];
  }[];
  enterUrl: string | null;
}

/** `organiser/entries`: opening entries and the entries per division, to confirm or refuse. */
export interface OrganiserEntriesPage extends PageBase {
  /** `Open until 20. 12. 2026. 18:00` or `Closed`. */
  stateText: string;
  stateTone: 'ok' | 'warn' | 'bad';
  open: boolean;
  openAction: string;
  closeAction: string;
  publicUrl: string;
  timeZone: string;
  values: { deadline: string };
  divisionSettings: {
    id: number;
    name: string;
    takes: boolean;
    cap: string;
    capError: string;
    waitingList: boolean;
  }[];
  divisions: {
    name: string;
    counts: string;
    entries: {
      id: number;
      name: string;
      club: string;
      federationId: string;
      email: string;
      status: string;
      tone: 'ok' | 'warn' | 'bad' | '';
      flags: string[];
      confirmAction: string | null;
      refuseAction: string | null;
      /** A refused entry: posting here undoes the refusal. */
      restoreAction: string | null;
    }[];
  }[];
  errors: FieldError[];
}
