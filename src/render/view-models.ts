/**
 * The data each page of `views/` is rendered with. Controllers fill these
 * (`@Render('public/standings')` returning a `StandingsPage`); the templates
 * read nothing else. Fixed text comes from the translation tables through
 * the `t` helper; names, words and numbers are given raw and formatted by
 * the templates (`points`, `spread`, `clock`, `date` helpers). Every URL a page
 * links or posts to is in its model, so the routes belong to the controllers.
 */
import type { Lang } from '../i18n';
import type { PairingSystem } from '../pairing/types';
import type { TieBreak } from '../standings/types';
import type { LegendEntry } from './board-svg';
import type { CrossCell } from './pdf/types';
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

// ---------------------------------------------------------------- public

/** `public/tournaments`: every tournament with its divisions. */
export interface TournamentsPage extends PageBase {
  tournaments: {
    name: string;
    /** ISO dates (`2026-03-12`). */
    startDate?: string | null;
    endDate?: string | null;
    place?: string | null;
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
    }[];
  }[];
  /** The judge's home: where a sheet of no game is checked. */
  sheetCheck?: { url: string; label: string } | null;
}

/** What the three division pages share: which division and the tabs between them. */
export interface DivisionPageBase extends PageBase {
  tournament: { name: string; url?: string };
  division: { name: string; rules: string };
  tabs: {
    standings: string;
    pairings: string;
    crosstable: string;
    /** The division plays at tables: the cross-table's tab is the "met" grid. */
    atTables?: boolean;
    wallchart?: string;
    /** The big-screen view of the division (`/divisions/:id/projector`). */
    projector?: string;
  };
  /** PDFs to print, shown under the tabs. */
  prints?: Link[];
}

/** One row of the standings (a `StandingsRow` with a name and a link). */
export interface StandingsRowView {
  rank: number;
  name: string;
  url?: string;
  club?: string | null;
  points: number;
  wins: number;
  draws: number;
  losses: number;
  byes?: number;
  spread: number;
  /** Seconds; shown as `mm:ss`. */
  remainingSeconds: number;
  /** `StandingsRow.tieBreaks`, in the order of `StandingsPage.tieBreaks`. */
  tieBreaks: number[];
  active: boolean;
  /** Games won and lost by forfeit (in `wins` and `losses`), and rounds marked absent. */
  forfeitWins?: number;
  forfeitLosses?: number;
  absences?: number;
  /** A division at tables: how often 1st, 2nd, … as `2-1-0-1`, tables played and total score. */
  places?: string;
  tables?: number;
  totalScore?: number;
  cards?: number;
}

/** `public/standings`. */
export interface StandingsPage extends DivisionPageBase {
  /** Standings after each round paired (`current` marks the one shown), when more than one. */
  roundLinks?: (Link & { current?: boolean })[];
  /** Last round counted; `null` before any game. */
  throughRound: number | null;
  /** Tie-breaks in force, in order. Spread and time left have their own columns; the others get one each. */
  tieBreaks: TieBreak[];
  rows: StandingsRowView[];
  /** Seats a table, when the division plays at tables of more than two (places, not W-D-L). */
  tableSize?: number;
  /** Quivit at tables: the cards taken get a column. */
  showCards?: boolean;
}

/** A game's result as shown, first player's view. */
export interface ResultView {
  /** Final scores, first player first; `null` when only the winner is known. */
  scores: [number, number] | null;
  /** `none`: a double forfeit, lost by both. */
  winner: 'first' | 'second' | 'draw' | 'none';
  /** `score`, `time-expired`, `time-tiebreak`, `tie-break`, `draw`, `bye`, `forfeit`, `double-forfeit`. */
  reason?: string;
}

/** One table of a round. */
export interface PairingView {
  table: number;
  /** Moves first. */
  first: PlayerRef;
  /** `null` for a bye. */
  second: PlayerRef | null;
  result: ResultView | null;
  gameUrl?: string;
  /** A table of more than two: every seat in turn order, with its score and place once in. */
  seats?: { player: PlayerRef; score: number | null; place: number | null }[];
}

/** A round and its tables. */
export interface RoundView {
  number: number;
  games: PairingView[];
  /** Games without a result. */
  pending: number;
  /** Names of the players marked absent for the round (not paired, no bye), and of those withdrawn when it was paired. */
  absent?: string | null;
  withdrawn?: string | null;
}

/** `public/pairings`: one or more rounds (each under `#round-N`). */
export interface PairingsPage extends DivisionPageBase {
  rounds: RoundView[];
  /** The division plays at tables of more than two: one column lists each table's seats. */
  atTables?: boolean;
  /** Judges: the round's desk, where the sheets sent from the tables wait. */
  deskUrl?: string;
  /** Links to every round when the page shows only some (`current` marks the shown one). */
  roundLinks?: (Link & { current?: boolean })[];
}

/** `public/crosstable`: rows in standings order; cell r is round r+1. */
export interface CrossTablePage extends DivisionPageBase {
  rounds: number;
  rows: { rank: number; name: string; url?: string; points: number; cells: (CrossCell | null)[] }[];
}

/** `public/wallchart`: one row per player in seed order, one cell per round. */
export interface WallChartPage extends DivisionPageBase {
  rounds: number;
  rows: {
    seed: number;
    name: string;
    url?: string;
    active: boolean;
    /** After the last round: `3½–1½` and the total spread. */
    record: string;
    spread: number;
    cells: { top: string; bottom: string; outcome: string }[];
  }[];
}

/** `public/player`: one player's scorecard. */
export interface PlayerPage extends PageBase {
  tournament: { name: string; url?: string };
  division: { name: string; url?: string };
  player: {
    name: string;
    club?: string | null;
    rating?: number | null;
    seed: number;
    active: boolean;
    /** Rounds the player is marked absent for, listed. */
    absentRounds?: string | null;
    rank?: number | null;
    points?: number | null;
    spread?: number | null;
  };
  /** The scorecard: every round paired so far, round 1 first. */
  lines: ScorecardLineView[];
  /** The division's spread cap (the note under the card); null when it has none. */
  spreadCap?: number | null;
  /** The scorecard as a PDF. */
  printUrl?: string;
}

/** One round of a player's scorecard (`src/standings/scorecard.ts`), texts made. */
export interface ScorecardLineView {
  round: number;
  /** The table of the game; null for a round not paired. */
  table?: number | null;
  /** `null` for a bye or a round without a game. */
  opponent: (PlayerRef & { seed?: number }) | null;
  /** `prvi`/`drugi` (who moved first), or empty. */
  order: string;
  /** `win`, `loss`, `draw`, `bye` (the row's CSS class), or `''`. */
  outcome: string;
  /** The result in words: `pobeda`, `poraz (kontumacijom)`, `izostao`. */
  result: string;
  score?: number | null;
  opponentScore?: number | null;
  /** What the round adds to the spread (`+150 (+312)` when capped), or empty. */
  spreadText: string;
  /** `2½–1`: points – losses after the round. */
  record: string;
  runningSpread: number;
  gameUrl?: string;
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

/** `public/game`: the board, the turns and the verdict; or just the result when no sheet was entered. */
export interface GamePage extends PageBase {
  game: GameHeading;
  result: ResultView | null;
  /** `null` when only the result was entered. */
  sheet: GameReportSection | null;
  /** The game record as PDF. */
  printUrl?: string;
  /** A table: which of the seats' figures have a column. */
  showClocks?: boolean;
  showCards?: boolean;
}

// ---------------------------------------------------------------- judge

/** A form field's error. */
export interface FieldError {
  /** The field's name (`scoreFirst`), or `''` for the form as a whole. */
  field: string;
  message: string;
}

/** `judge/sign-in`. */
export interface SignInPage extends PageBase {
  action: string;
  username?: string;
  /** Where to go after signing in (a hidden field). */
  next?: string;
  failed?: boolean;
  /** Too many failed sign-ins: the sentence saying how long to wait. */
  throttled?: string;
}

/** `judge/result`: the result without a sheet. Posts the fields below and `version`. */
/** `judge/desk`: the chief judge's desk of a round, tables to look at first. */
export interface DeskPage extends PageBase {
  action: string;
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

/** `judge/word-check`: one verdict for the challenged play as a whole. Posts `words`. */
export interface WordCheckPage extends PageBase {
  action: string;
  /** Rule set name as shown. */
  rules: string;
  /** The words as typed. */
  words: string;
  available: boolean;
  dictionary?: string;
  verdict?: 'VALID' | 'INVALID' | null;
  errors?: string[];
}

// ---------------------------------------------------------------- organiser

export interface Option {
  value: string;
  label: string;
}

/** `organiser/tournaments`: the tournaments and a form for a new one. */
export interface OrganiserTournamentsPage extends PageBase {
  tournaments: { name: string; url: string; startDate?: string | null; place?: string | null }[];
  createAction: string;
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
  divisionAction: string;
  /** A new division from a TSH `.t` file: the form as sent, and each problem of the file in words. */
  tsh: {
    action: string;
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

/** `organiser/rounds`: pair the next round, swap by hand, results, print. */
export interface OrganiserRoundsPage extends PageBase {
  tournament: { name: string; url?: string };
  division: { name: string; playersUrl?: string; publicUrl?: string };
  /** The round the button would pair; `null` when every round is paired. */
  nextRound: number | null;
  pairAction: string;
  systems: PairingSystem[];
  system: PairingSystem;
  errors?: FieldError[];
  rounds: {
    number: number;
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
  }[];
  /** Standings and cross-table PDF etc. */
  prints?: Link[];
}

/** `error`: a page for 4xx/5xx answers. */
export interface ErrorPage extends PageBase {
  /** The status, shown beside the message; null for a wait (429, 503), which is no one's error. */
  status: number | null;
  message: string;
  /** Where to ask again once the wait is over (the page asked for), for a wait on a page read. */
  retry: { href: string; label: string } | null;
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

/** `organiser/log`: the director's log of a tournament, newest first, a page at a time. */
export interface OrganiserLogPage extends PageBase {
  tournament: { name: string; url: string };
  /** The division filter: every division, the one shown selected. */
  divisions: { id: number; name: string; selected: boolean }[];
  filterAction: string;
  entries: {
    when: string;
    who: string;
    email: string | null;
    what: string;
    changes: { field: string; before: string; after: string }[];
    /** A removed player not yet restored: posting here registers them again. */
    restoreAction?: string;
    /** A removed or re-paired round: what it held, table by table, the sheets as typed. */
    removed?: {
      counts: string;
      tables: { line: string; sheet: string | null; draft: string | null; history: string[] }[];
    };
  }[];
  /** The next page back, when there are older entries. */
  olderUrl?: string;
  /** Back to the newest entries, when this page is an older one. */
  newestUrl?: string;
}
