/**
 * Inputs of the PDF documents: plain data a controller fills from the
 * database (names, tables, rounds, scores). Every document is a pure
 * function `(data, lang) => Promise<Buffer>`; nothing here is translated:
 * names and words are printed as given.
 */
import type { VerificationReport } from '../../engine/report/report';
import type { RuleOptions } from '../../engine/rules/ruleset';
import type { TieBreak } from '../../standings/types';

/** What heads every document. */
export interface DocumentHeader {
  /** Tournament name. */
  tournament: string;
  /** Division name, when the tournament has several. */
  division?: string;
  /** Free text under the title: dates, venue (`12–14 March 2026, Novi Sad`). */
  subtitle?: string;
}

/** A player as printed. */
export interface PdfPlayer {
  name: string;
  club?: string | null;
  rating?: number | null;
  seed?: number | null;
}

/** A finished game's result, first player's view. */
export interface PdfGameResult {
  /** Final scores, first player first. */
  scores?: readonly [number, number] | null;
  /** `none`: a double forfeit, lost by both. */
  winner: 'first' | 'second' | 'draw' | 'none';
  /** Set when the game was decided otherwise than by score: `time-expired`, `time-tiebreak`, `forfeit`. */
  reason?: string;
}

/** Pairings of one round: `first` moves first. */
export interface PairingsDocument extends DocumentHeader {
  round: number;
  tables: readonly {
    table: number;
    first: PdfPlayer;
    /** `null` for a bye. */
    second: PdfPlayer | null;
    /** Printed when present (a pairings sheet reprinted with results). */
    result?: PdfGameResult | null;
  }[];
}

/** Blank score sheets of one round: one A4 page per game (byes are left out). */
export interface ScoreSheetsDocument extends DocumentHeader {
  round: number;
  /** Rule set name as printed (`Kvizovka`). */
  rulesName?: string;
  /** Minutes on each clock, printed in the header when given. */
  clockMinutes?: number;
  /**
   * The rule set's turns per player (Kvizovka 10): the rows of each player's grid.
   * Absent or null for a game without a turn limit (Scrabble): the players' grids
   * go side by side with as many rows as the page holds, at least 25.
   */
  turnsPerPlayer?: number | null;
  /** A card game's sheet (Quivit): rotation, cards taken and points instead of words, racks and clocks. */
  cardGame?: boolean;
  games: readonly {
    table: number;
    first: PdfPlayer;
    second: PdfPlayer;
    /** Each player's code for sending the sheet from a phone, first player first. */
    codes?: readonly SeatCode[];
  }[];
}

/** A seat's code: as printed (`7K2M9 QX4TB`, two groups to copy by hand) and the address its QR code opens. */
export interface SeatCode {
  printed: string;
  url: string;
}

/** A verified game: the engine's report and where the game was played. */
export interface GameRecordDocument extends DocumentHeader {
  round?: number;
  table?: number;
  /** Rule-set id of the report (`kvizovka`), for the premium layout and tile values. */
  rules: string;
  /** The game's rule options (a replaced layout, say). */
  options?: RuleOptions;
  report: VerificationReport;
}

/** One line of the standings (the `StandingsRow` of `src/standings` with a name). */
export interface StandingsLine {
  rank: number;
  name: string;
  club?: string | null;
  points: number;
  wins: number;
  draws: number;
  losses: number;
  byes?: number;
  spread: number;
  /** Null (a dash) while the player has no game with a result and no bye. */
  remainingSeconds: number | null;
  /** Values of `tieBreaks`, in that order (as `StandingsRow.tieBreaks`; seed as −seed). */
  tieBreaks: readonly number[];
  /** False once the player has withdrawn. */
  active?: boolean;
  /** Games won and lost by forfeit (in `wins` and `losses`), and rounds marked absent. */
  forfeitWins?: number;
  forfeitLosses?: number;
  absences?: number;
}

/** One cell of the cross-table: a player's game of one round. */
export interface CrossCell {
  /** Rank of the opponent in these standings; `null` for a bye. */
  opponentRank: number | null;
  outcome: 'win' | 'draw' | 'loss' | 'bye' | 'pending';
  score?: number | null;
  opponentScore?: number | null;
  /** The player moved first. */
  first?: boolean;
  /** Won or lost on time: the scores do not decide it. */
  onTime?: boolean;
}

/** Rows in standings order; `cells[r]` is round r+1 (`null`: not paired that round). */
export interface CrossTable {
  rounds: number;
  rows: readonly {
    rank: number;
    name: string;
    /** Game points, printed beside the name. */
    points?: number;
    cells: readonly (CrossCell | null)[];
  }[];
}

/** Standings after a round, optionally followed by the cross-table. */
export interface StandingsDocument extends DocumentHeader {
  throughRound: number;
  /** The tie-breaks in force, in order; their values are `StandingsLine.tieBreaks`. */
  tieBreaks: readonly TieBreak[];
  rows: readonly StandingsLine[];
  crossTable?: CrossTable;
}
