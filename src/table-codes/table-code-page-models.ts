/** The table codes' page models: what a player's code opens, and the judges' desk of a round. */
import type { FieldError, GameHeading, GameReportSection, PageBase } from '../render/view-models';

/** `judge/desk`: the chief judge's desk of a round, tables to look at first. */
export interface DeskPage extends PageBase {
  action: string;
  /** The round's results on one page, to type the results still missing. */
  resultsUrl: string;
  /** `2 flagged, 1 waiting for a confirmation, 3 without a result, 8 done`. */
  counts: string;
  tables: {
    table: number;
    players: string;
    status: string;
    tone: 'ok' | 'warn' | 'bad';
    /** The judges' score-sheet form of the game, to enter a corrected sheet. */
    sheetUrl: string;
    /** The sheets waiting at the desk, in words. */
    /** Each sheet waiting, and as the engine read it (the judge reads it before deciding). */
    submissions: { id: number; line: string; sheet?: GameReportSection }[];
  }[];
  errors: FieldError[];
  texts: { accept: string; giveBack: string; note: string; correct: string; viewSheet: string };
}

/** `public/table-code`: what a player's code opens, from a phone. */
export interface TableCodePage extends PageBase {
  game: GameHeading;
  /** Whose code it is: `Ana Petrović, seat 1`. */
  you: string;
  /** The score sheet form; absent once the result is in. */
  sheetUrl?: string;
  confirmAction: string;
  /** Said when the result is in. */
  resultIn?: string;
  gameUrl: string;
  /** The table's sheets, newest first. */
  submissions: {
    id: number;
    from: string;
    verdict: string;
    ok: boolean;
    state: string;
    /** Another player's sheet this seat has not confirmed yet. */
    confirmable: boolean;
    /** The newest sheet as the engine read it: its result, turns, findings and board. */
    sheet?: GameReportSection;
  }[];
  errors: FieldError[];
  texts: {
    send: string;
    sheets: string;
    none: string;
    confirm: string;
    open: string;
    viewSheet: string;
  };
}
