import type { FieldError, PageBase } from '../render/view-models';
import type { CsvPreviewCounts, CsvPreviewPage } from './players-csv';

/** `organiser/players`: register one player, import a CSV with a preview, withdraw. */
export interface OrganiserPlayersPage extends PageBase {
  tournament: { name: string; url?: string };
  division: { name: string; roundsUrl?: string };
  players: {
    name: string;
    club?: string | null;
    rating?: number | null;
    seed: number;
    active: boolean;
    /** The player's edit page: name, club, rating. */
    editUrl?: string;
    /** Asks first (a confirmation page), then withdraws. */
    withdrawAction?: string;
    /** A player paired in no round: asks first, then removes (undone from the log). */
    removeAction?: string;
    /** Posting here reinstates a withdrawn player. */
    reinstateAction?: string;
    /** Posting `round` here marks the player absent for it (`undo=1` takes it back). */
    absenceAction?: string;
    absentRounds?: number[];
    /** A round number typed that cannot be read, with what is wrong, beside the field. */
    absence?: { value: string; error: string };
  }[];
  addAction: string;
  /** Seeds by rating, after a confirmation page that lists the seeds that move. */
  seedAction?: string;
  addValues: { name?: string; club?: string; rating?: string | number; seed?: string | number };
  addErrors?: FieldError[];
  /** Posts `csv` (a file, multipart) or `csvText`; answers with this page and `csv` filled. */
  previewAction: string;
  /** Posts `csvText` (the previewed text, hidden) to import. */
  importAction: string;
  csv?: { text: string; preview: CsvPreviewPage; counts: CsvPreviewCounts } | null;
}

/** `organiser/player-edit`: a player's name, club and rating, with the version read. */
export interface OrganiserPlayerEditPage extends PageBase {
  action: string;
  back: string;
  version: number;
  values: { name?: string; club?: string; rating?: string | number; federationId?: string };
  errors: FieldError[];
  /**
   * The player's person in the registry, whose federation id the page sets (with the version
   * read), and the person's own edit page; null for a player of no person.
   */
  person: { name: string; version: number; editUrl: string } | null;
  /** After a stale save (409): the player as stored now, beside what was typed. */
  stored?: { name: string; club: string; rating: string; federationId?: string } | null;
}
