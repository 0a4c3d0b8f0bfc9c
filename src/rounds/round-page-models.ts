/** The rounds' page models: a game's result as pages show it, and the organiser's rounds page. */
import type { PairingSystem } from '../pairing/types';
import type { FieldError, Link, PageBase } from '../render/view-models';

/** A game's result as shown, first player's view. */
export interface ResultView {
  /** Final scores, first player first; `null` when only the winner is known. */
  scores: [number, number] | null;
  /** `none`: a double forfeit, lost by both. */
  winner: 'first' | 'second' | 'draw' | 'none';
  /** `score`, `time-expired`, `time-tiebreak`, `tie-break`, `draw`, `bye`, `forfeit`, `double-forfeit`. */
  reason?: string;
}

/** `organiser/rounds`: pair the next round, swap by hand, results, print. */
export interface OrganiserRoundsPage extends PageBase {
  tournament: { name: string; url?: string };
  division: { name: string; playersUrl?: string; publicUrl?: string };
  /** The round the button would pair; `null` when every round is paired. */
  nextRound: number | null;
  /**
   * The next round cannot be paired yet (results missing up to the round it would be paired
   * from): why, with the figures, instead of the button; how the division's lag bears on it.
   */
  pairBlocked?: { message: string; basis?: string; hint?: string; settingsUrl?: string };
  pairAction: string;
  systems: PairingSystem[];
  system: PairingSystem;
  errors?: FieldError[];
  /** The division plays at tables of more than two: one column of seats, no pair headings. */
  atTables: boolean;
  rounds: {
    number: number;
    /** What the round was paired from, in words ("Paired from the standings after round 2"). */
    basedOn?: string;
    notes: string[];
    pending: number;
    games: {
      table: number;
      first: { id: string | number; name: string };
      second: { id: string | number; name: string } | null;
      result: ResultView | null;
      resultUrl?: string;
      sheetUrl?: string;
      /** A table of more than two: every seat in turn order, with score and place once in. */
      seats?: { id: number; name: string; score: number | null; place: number | null }[];
      /** The table has its result. */
      done?: boolean;
    }[];
    /** Posts `playerA`, `playerB` (ids). */
    swapAction?: string;
    /** The last round: removed after a confirmation page. */
    deleteAction?: string;
    /** The last round of a system that depends on results: paired again after a confirmation. */
    repairAction?: string;
    prints: Link[];
    /** The round's judges' desk: the sheets sent from the tables, those that disagree. */
    deskUrl: string;
    /** The round's results on one page (a grid and typed lines). */
    resultsUrl: string;
  }[];
  /** Standings and cross-table PDF etc. */
  prints?: Link[];
}
