/**
 * What the pages of `views/` share, whichever context fills them: what every page has
 * (`PageBase`: language, title, user, crumbs, flash, site links, live reload), links, a player
 * named on a page, the game a page is about, a verified report ready for a page, a form field's
 * error and the organiser's confirmation page. Each page's own model is its context's
 * (`src/standings-api/division-page-models.ts`, `src/tournaments/tournament-page-models.ts`, …).
 * Controllers fill them; the templates read nothing else. Fixed text comes from the translation
 * tables through the `t` helper; names, words and numbers are given raw and formatted by the
 * templates (`points`, `spread`, `clock`, `date` helpers). Every URL a page links or posts to is
 * in its model, so the routes belong to the controllers. Here, below `src/web` and the pure sheet
 * form, every folder that makes a page can import them.
 */
import type { Lang } from '../i18n';
import type { LegendEntry } from './board-svg';
import type { ReportPresentation } from './report-view';

export type { LegendEntry } from './board-svg';
export type { ReportPresentation } from './report-view';

/** A link with a text. */
export interface Link {
  label: string;
  url: string;
}

/** Who is signed in. */
export interface SignedInUser {
  name: string;
  role: 'judge' | 'organiser';
}

/** What every page has. */
export interface PageBase {
  lang: Lang;
  /** The page title (`<title>` and `<h1>`), already in the page's language. */
  title: string;
  /** This page's path and query without `lang` (`/divisions/3/standings`), for the language links. */
  path: string;
  user?: SignedInUser | null;
  /** Links above the title: tournament › division. */
  crumbs?: Link[];
  /** A one-line message, e.g. after a redirect (`Sačuvano.`). */
  flash?: { tone: 'ok' | 'warn' | 'bad'; text: string } | null;
  /** Site links for the header; see {@link SiteLinks}. */
  site: SiteLinks;
  /**
   * A live page: the script `live.script` listens at `events` and reloads the
   * page's content when the division's revision passes `revision`.
   */
  live?: { events: string; revision: number; script: string } | null;
  /**
   * The page is of an imported copy of a tournament (src/exchange): the original's name, and
   * the title is marked as a copy, so that it is not taken for the original.
   */
  copyOf?: string | null;
}

/** The header's links. */
export interface SiteLinks {
  home: string;
  signIn: string;
  /** Posted to (a form with a button), so signing out needs no script. */
  signOut: string;
  /** Shown to judges and organisers. */
  judge?: string;
  /** Shown to organisers. */
  organiser?: string;
}

/** A player named on a page, linked to the player page when `url` is given. */
export interface PlayerRef {
  name: string;
  url?: string;
  club?: string | null;
}

/** A verified report ready for a page: see `gameReportSection`. */
export interface GameReportSection {
  report: ReportPresentation;
  /** The board (a card game's grid) as an `<svg>`, with the findings' squares outlined; inserted unescaped. Null when there is none to draw. */
  boardSvg: string | null;
  /** Why no board is drawn (a card game whose sheet recorded no grid). */
  boardNote: string | null;
  legend: LegendEntry[];
}

/** Which game a page is about. */
export interface GameHeading {
  round: number;
  table: number;
  first: PlayerRef;
  second: PlayerRef;
  /** A table of more than two: every seat in turn order, with its figures once in. */
  seats?: TableSeatView[];
}

/** One seat of a table as pages show it. */
export interface TableSeatView {
  seat: number;
  player: PlayerRef;
  score: number | null;
  /** `mm:ss`, for a game with a clock. */
  remaining: string | null;
  cards: number | null;
  place: number | null;
}

/** A form field's error. */
export interface FieldError {
  /** The field's name (`scoreFirst`), or `''` for the form as a whole. */
  field: string;
  message: string;
}

/**
 * `organiser/confirm`: an action that removes or changes what others entered, stated with the
 * names and figures before it is done; its form posts the same action again with `confirm`.
 */
export interface OrganiserConfirmPage extends PageBase {
  /** What will happen, in sentences with the names and figures. */
  lines: string[];
  /** What goes or moves with it, one a line (may be empty). */
  items: string[];
  /** Where what is removed is kept, or how it is undone. */
  note: string;
  action: string;
  /** Fields posted again with the confirmation. */
  fields: { name: string; value: string | number }[];
  button: string;
  /** A destructive button (red). */
  danger: boolean;
  cancel: string;
  cancelUrl: string;
}
