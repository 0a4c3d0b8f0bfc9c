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
    /** The seat's player did not come: no figures, the table's last place. */
    absent: { name: string; label: string; checked: boolean };
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

/** An input of a round's results grid: its posted name, what a screen reader says, its value. */
export interface GridCell {
  name: string;
  label: string;
  value: string;
}

/** A choice of a round's results grid (the outcome, who lost on time, who reached the target). */
export interface GridChoice {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}

/** `judge/round-results`: a round's games (or tables) on one page, typed as a grid or as lines. */
export interface RoundResultsPage extends PageBase {
  action: string;
  /** The lines as typed (empty when the page opens). */
  lines: string;
  /** Whether the rule set has a game clock (the clocks' column). */
  clocks: boolean;
  /** Whether any row asks tie-break figures (their column). */
  figures: boolean;
  rows: {
    table: number;
    gameId: number;
    version: number;
    /** The players, seats in order. */
    players: string;
    kind: GridChoice;
    scores: GridCell[];
    clocks: GridCell[];
    figures: GridCell[];
    timeLoss?: GridChoice;
    targetFirst?: GridChoice;
    /** What is recorded now, in words. */
    state: string;
    /** The game's score sheet: its result cannot be replaced but by ticking `confirm`. */
    sheet?: { text: string; url: string; confirm: GridCell & { checked: boolean } };
    /** The row's check: a refusal (`bad`), or the outcome the figures give. */
    message?: { text: string; bad: boolean };
  }[];
  errors: FieldError[];
  /** The page's script and its settings (JSON). */
  scriptUrl: string;
  configJson: string;
}
