import type { LegendEntry } from '../render/board-svg';
import type { IssueLine, TurnLine } from '../render/report-view';
import type { GameHeading, Link, PageBase } from '../render/view-models';

/** One player's line on a replay page: the figures as after the turn shown. */
export interface ReplayPlayerLine {
  name: string;
  /** Total from moves after the turn, as the rules compute it. */
  total: number;
  /** Time left as last written for them, after their penalties; empty before their first clock. */
  clock: string;
  /** The player who made the turn shown. */
  mover: boolean;
}

/** A word judge's ruling logged for the turn shown. */
export interface ReplayRulingLine {
  words: string;
  /** `ISPRAVNO`/`VALID`…, as the word check page says it. */
  verdict: string;
  valid: boolean;
  by: string | null;
}

/** A link to one turn of the replay. */
export interface ReplayTurnLink {
  turn: number;
  label: string;
  url: string;
  current: boolean;
}

/** `/games/:id/replay?turn=N`: the game as after turn N of its verified sheet. */
export interface ReplayPage extends PageBase {
  game: GameHeading;
  gameUrl: string;
  /** The GCG record (crossword games only). */
  gcgUrl: string | null;
  /** The turn shown (0: before the first), and the sheet's number of turns. */
  turn: number;
  total: number;
  /** `Turn 3 of 20` or `Before the first turn`. */
  heading: string;
  boardSvg: string;
  legend: LegendEntry[];
  players: ReplayPlayerLine[];
  /** The turn shown as the game page's turn table has it (null before the first turn). */
  line: TurnLine | null;
  /** What the play column is called (a card game's turn is a rotation). */
  playHeader: string;
  findings: IssueLine[];
  rulings: ReplayRulingLine[];
  first: Link | null;
  previous: Link | null;
  next: Link | null;
  last: Link | null;
  turns: ReplayTurnLink[];
  /** The path the slider's form is sent to (its `turn` field picks the turn). */
  formAction: string;
  scriptUrl: string;
}
