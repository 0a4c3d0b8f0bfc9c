/** The judge's result forms as page models: a game of two, and a table of more than two. */
import type { FieldError, GameHeading, PageBase } from '../render/view-models';

/** `judge/table-result`: a table of more than two, one row a seat. */
export interface TableResultFormPage extends PageBase {
  game: GameHeading;
  action: string;
  version: number;
  correction: boolean;
  rows: {
    seat: number;
    name: string;
    score: { name: string; label: string; value: string | number | null };
    clock?: { name: string; label: string; value: string | null };
    cards?: { name: string; label: string; value: string | number | null };
  }[];
  /** The target-score variant: who reached the target first, when scores tie at it. */
  targetFirst?: { value: string; options: { value: string; label: string }[] };
  errors: FieldError[];
  help: string;
  clearAction?: string;
  /** The table's score sheet, to enter instead of the figures. */
  sheetUrl?: string;
}

/** `judge/result`: the result without a sheet. Posts the fields below and `version`. */
export interface ResultFormPage extends PageBase {
  game: GameHeading;
  action: string;
  values: {
    /** A game played, a single forfeit (who did not come) or a double forfeit. */
    kind?: 'played' | 'forfeit-first' | 'forfeit-second' | 'double-forfeit';
    scoreFirst?: string | number | null;
    scoreSecond?: string | number | null;
    /** `mm:ss` */
    remainingFirst?: string | null;
    remainingSecond?: string | null;
    timeLoss?: 'none' | 'first' | 'second';
    /** Tie-break figures as typed, by field (`cardsFirst`, `cardsSecond`, …). */
    figures?: Record<string, string | number | null>;
    /** Who reached the target first (target-score games). */
    targetFirst?: 'none' | 'first' | 'second';
  };
  /** The rule set's tie-break figures, one input a player, in the tie-breaks' order. */
  figures?: { name: string; label: string; value: string | number | null }[];
  /** A target-score game: who reached the target first is asked. */
  asksTargetFirst?: boolean;
  /** The tie-breaks in words, above their fields; null when the form asks none. */
  tieBreakHelp?: string | null;
  /** A game without a game clock (Quivit): nobody loses on time, so it is not asked. */
  noGameClock?: boolean;
  errors?: FieldError[];
  /** The game's version, sent back for optimistic locking. */
  version?: number;
  /** The game already has a result: the form corrects it. */
  correction?: boolean;
  /** What is recorded now, in words (`Upisano: 412 : 377, pobeda: …`), for a correction. */
  recorded?: string | null;
  /** Posting here clears the result (shown for a correction). */
  clearAction?: string;
  sheetUrl?: string;
}
