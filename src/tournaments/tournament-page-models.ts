/**
 * The tournaments' page models: the public list of tournaments, the organiser's tournaments,
 * a tournament's page and a division's settings.
 */
import type { PairingSystem } from '../pairing/types';
import type { FieldError, PageBase } from '../render/view-models';

/** `public/tournaments`: every tournament with its divisions. */
export interface TournamentsPage extends PageBase {
  tournaments: {
    name: string;
    /** ISO dates (`2026-03-12`). */
    startDate?: string | null;
    endDate?: string | null;
    place?: string | null;
    /** An imported copy: the original's name (marked as a copy). */
    copyOf?: string | null;
    /** Entries online, while open: said with the deadline, and linked (one tournament's page). */
    entries?: { text: string; enterUrl: string; listUrl: string };
    divisions: {
      name: string;
      /** Rule set name as shown (`Kvizovka`). */
      rules: string;
      players: number;
      rounds: number;
      standingsUrl: string;
      pairingsUrl: string;
      crosstableUrl: string;
      /** Played at tables of more than two: the cross-table's link is the "met" grid. */
      atTables?: boolean;
      wallchartUrl?: string;
      /** The judge's home: the desk of the division's last round paired, and its name. */
      desk?: { url: string; label: string };
      /** The judge's home: that round's results on one page, beside its desk. */
      results?: { url: string; label: string };
    }[];
  }[];
  /** The judge's home: where a sheet of no game is checked. */
  sheetCheck?: { url: string; label: string } | null;
}

export interface Option {
  value: string;
  label: string;
}

/** `organiser/tournaments`: the tournaments and a form for a new one. */
export interface OrganiserTournamentsPage extends PageBase {
  tournaments: {
    name: string;
    url: string;
    startDate?: string | null;
    place?: string | null;
    /** An imported copy: the original's name (marked as a copy). */
    copyOf?: string | null;
    /** The signed-in account's role in it (none shown to the administrator, who acts in all). */
    role: string | null;
  }[];
  createAction: string;
  /** The site administrator: the backups and the accounts are linked. */
  admin: boolean;
  /** The page that imports a tournament's file as a copy. */
  importUrl: string;
  values: { name?: string; place?: string; startDate?: string; endDate?: string };
  errors?: FieldError[];
}

/** `organiser/division`: a division's settings, changed with a confirmation once it runs. */
export interface OrganiserDivisionPage extends PageBase {
  division: {
    name: string;
    rules: string;
    clockMinutes?: number;
    roundsPaired: number;
    /** The division as a TSH `.t` file (the rounds played through); none for tables of more than two. */
    tshUrl?: string;
  };
  action: string;
  /** The division's version the form was built from (a hidden field): a stale one is refused. */
  version: number;
  /** Pairing with a lag: each choice (0, 1, 2) in words, the division's selected. */
  pairingLags: { value: string; label: string; selected: boolean }[];
  systems: PairingSystem[];
  values: {
    rounds?: string | number;
    system?: PairingSystem;
    byeSpread?: string | number;
    spreadCap?: string | number;
    avoidSameClub?: boolean;
    gibsonize?: boolean;
    kothLastRounds?: string | number;
    maxMeetings?: string | number;
    /** Round N + 1 from the standings after round N − this. */
    pairingLag?: string | number;
    tableSize?: string | number;
    /** As typed, by table size: `3/1.5/0`. */
    placePoints?: Record<string, string>;
    /** The tie-breaks chosen, in order ('' for a place left empty). */
    tieBreaks?: string[];
  };
  /**
   * A division of pairs: its tie-breaks after game points, a select a place in the order (a
   * division at tables has its rule set's own).
   */
  tieBreakFields?: {
    id: string;
    label: string;
    invalid: boolean;
    options: { value: string; label: string; selected: boolean }[];
  }[];
  /** The bye spread is fixed once a round is paired. */
  byeSpreadLocked: boolean;
  /** The table sizes the rule set can seat (2 = pairs); one only when it is a game of two. */
  tableSizes: number[];
  /** A division at tables: the points of each place, a field a table size it seats. */
  placePointsFields?: { name: string; label: string; value: string; placeholder: string }[];
  /** Asked before a running division changes: each setting before and after, in words. */
  confirm: { changes: { setting: string; before: string; after: string }[] } | null;
  errors?: FieldError[];
}

/** `organiser/tournament`: one tournament's divisions and a form for a new division. */
export interface OrganiserTournamentPage extends PageBase {
  tournament: {
    name: string;
    place?: string | null;
    startDate?: string | null;
    endDate?: string | null;
    publicUrl?: string;
    /** The director's log of the tournament. */
    logUrl?: string;
    /** Entries online: opening them, and the entries to confirm. */
    entriesUrl?: string;
    /** Who holds a role in the tournament, and the invitations. */
    peopleUrl?: string;
    /** The whole tournament as a file (`arbiter-tournament/1`), to download. */
    exportUrl?: string;
  };
  divisions: {
    name: string;
    rules: string;
    system: PairingSystem;
    players: number;
    rounds: number;
    roundsPaired: number;
    playersUrl: string;
    roundsUrl: string;
    settingsUrl: string;
    /** The division as a TSH `.t` file. */
    tshUrl: string;
    /** The public wall chart and every player's scorecard as a PDF, for printing. */
    wallchartUrl?: string;
    scorecardsUrl?: string;
  }[];
  /** Where a new division is posted; none once the tournament is closed. */
  divisionAction?: string;
  /**
   * A new division from a TSH `.t` file: the form as sent, and each problem of the file in
   * words; no `action` (no form) once the tournament is closed.
   */
  tsh: {
    action?: string;
    name: string;
    rules: string;
    text: string;
    errors: FieldError[];
    problems: string[];
  };
  /**
   * The tournament's time zone (`value`, empty for the server's, `server`), chosen from the
   * zones `Intl` knows, saved with the tournament's `version`.
   */
  timeZone: {
    action: string;
    value: string;
    server: string;
    zones: readonly string[];
    version: number;
    errors: FieldError[];
  };
  /** A new tournament with these divisions and settings (players optional). */
  copyAction: string;
  copyValues: { name?: string; players?: boolean };
  ruleSets: Option[];
  systems: PairingSystem[];
  values: {
    name?: string;
    rules?: string;
    rounds?: string | number;
    system?: PairingSystem;
    clockMinutes?: string | number;
    byeSpread?: string | number;
    forfeitSpread?: string | number;
    spreadCap?: string | number;
  };
  errors?: FieldError[];
}
