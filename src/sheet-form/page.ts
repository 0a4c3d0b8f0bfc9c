import type { GameHeading, GameReportSection, PageBase } from '../render/view-models';
import type { FormView, SheetTexts } from './view';

/** `judge/scoresheet`: the sheet form, its flags, the check beside it. */
export interface SheetFormPage extends PageBase {
  game: GameHeading | null;
  /** A sheet of no game: its players' names, sent back with the rows. */
  playerNames?: string[];
  action: string;
  form: FormView;
  texts: SheetTexts;
  check: GameReportSection | null;
  canSave: boolean;
  saved: boolean;
  notice: { tone: 'ok' | 'warn' | 'bad'; text: string } | null;
  conflict: { text: string } | null;
  /** The game's version the page was built from (a hidden field): a save on a stale one is refused. */
  version?: number;
  draftVersion: number;
  importText: string;
  importError: string | null;
  importProblems: string[] | null;
  importOpen: boolean;
  /** Asked before a sheet whose game is not over is saved as the result (kept as a draft). */
  unfinished: { text: string; button: string } | null;
  links: boolean;
  /** A sheet of no game: which rules and how many players. */
  chooser?: {
    rules: { value: string; label: string; selected: boolean }[];
    players: number;
    min: number;
    max: number;
  };
  resultUrl?: string;
  wordCheckUrl?: string;
  scriptUrl: string;
  /** The browser script's settings (layout, language, where drafts and words go), as JSON. */
  configJson: string;
}
