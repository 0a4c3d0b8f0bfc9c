import { ruleSetName } from '../web/rule-set-name';
import { playsAtTables } from '../tournaments/tournament-rules';
import type { StandingsRowView as ApiStandingsRow } from './standings.view';
import { buildCrossTable } from '../render/cross-table';
import { remainingShown } from '../render/format';
import type { CrossCell, CrossTable } from '../render/pdf/types';
import type { GameRecord, TieBreak } from '../standings/types';
import type { StandingsSnapshot } from './standings.service';
import type {
  GameHeading,
  GameReportSection,
  Link,
  PageBase,
  PlayerRef,
} from '../render/view-models';
import type { ResultView } from '../rounds/round-page-models';
import type { PageContext } from '../web/page-context';
import { BadInput } from '../common/errors';
import { urls } from '../web/urls';

/** `?round=N`: a whole number from `min`, or undefined when absent; a 400 otherwise. */
export function roundQuery(page: PageContext, min: number): number | undefined {
  const raw = page.query('round');
  if (raw === undefined || raw === '') return undefined;
  const n = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < min) {
    throw new BadInput('BAD_ROUND', `round must be a whole number from ${min}`, { min });
  }
  return n;
}
/** The header, tabs and print links of the three division pages. */
export function divisionPage(
  page: PageContext,
  tournament: StandingsSnapshot['tournament'],
  division: StandingsSnapshot['division'],
  roundsPaired: number,
  title: string,
): DivisionPageBase {
  const prints: Link[] = [
    {
      label: page.t(
        playsAtTables(division) ? 'division.printStandingsMet' : 'division.printStandings',
      ),
      url: urls.standingsPdf(division.id),
    },
  ];
  if (roundsPaired > 0) {
    prints.push(
      { label: page.t('division.printWallchart'), url: urls.wallchartPdf(division.id) },
      { label: page.t('division.printScorecards'), url: urls.scorecardsPdf(division.id) },
      {
        label: `${page.t('division.printPairings')} · ${page.t('common.roundShort', { n: roundsPaired })}`,
        url: urls.pairingsPdf(division.id, roundsPaired),
      },
      {
        label: `${page.t('division.printSheets')} · ${page.t('common.roundShort', { n: roundsPaired })}`,
        url: urls.sheetsPdf(division.id, roundsPaired),
      },
    );
  }
  return {
    ...page.base(
      `${title} · ${division.name}`,
      page.crumbs({ label: tournament.name, url: urls.tournament(tournament.id) }),
    ),
    // An imported copy's pages are marked as a copy's (the title's badge).
    copyOf: tournament.copyOf ?? null,
    tournament: { name: tournament.name, url: urls.tournament(tournament.id) },
    division: { name: division.name, rules: ruleSetName(division.ruleSet, page.lang) },
    tabs: {
      standings: urls.standings(division.id),
      pairings: urls.pairings(division.id),
      crosstable: urls.crosstable(division.id),
      ...(playsAtTables(division) ? { atTables: true } : {}),
      projector: urls.projector(division.id),
      wallchart: urls.wallchart(division.id),
      // Judges: the desk of the last round paired, from every page of the division.
      ...(page.staff && roundsPaired > 0 ? { desk: urls.desk(division.id, roundsPaired) } : {}),
    },
    prints,
  };
}

/** The API's standings rows as the lines of a standings table (page and PDF alike). */
export function standingsLines(rows: readonly ApiStandingsRow[]): StandingsRowView[] {
  return rows.map((r) => ({
    rank: r.rank,
    name: r.name,
    club: r.club,
    points: r.points,
    wins: r.wins,
    draws: r.draws,
    losses: r.losses,
    byes: r.byes,
    spread: r.spread,
    remainingSeconds: remainingShown(r),
    tieBreaks: r.tieBreakValues,
    active: r.active,
    forfeitWins: r.forfeitWins,
    forfeitLosses: r.forfeitLosses,
    absences: r.absences,
    ...(r.places
      ? {
          places: r.places.join('-'),
          tables: r.gamesPlayed,
          totalScore: r.totalScore,
          cards: r.cards,
        }
      : {}),
  }));
}

/** A division's cross-table from the standings API's rows (standings order, names) and its games. */
export function crossTableOf(
  rows: readonly ApiStandingsRow[],
  games: readonly GameRecord[],
  rounds: number,
): CrossTable {
  const entries = rows.map((r) => ({
    playerId: String(r.playerId),
    rank: r.rank,
    points: r.points,
  }));
  const names = new Map(rows.map((r) => [String(r.playerId), r.name]));
  return buildCrossTable(entries, games, names, rounds);
}

// ---------------------------------------------------------------- the division's public pages

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
    /** Signed in: the desk of the last round paired, where the sheets sent from tables wait. */
    desk?: string;
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
  /** Seconds; shown as `mm:ss`; null (a dash) while the player has no result and no bye. */
  remainingSeconds: number | null;
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
  /** What the round was paired from, in words ("Paired from the standings after round 2"). */
  basedOn?: string;
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

/** `public/game`: the board, the turns and the verdict; or just the result when no sheet was entered. */
export interface GamePage extends PageBase {
  game: GameHeading;
  result: ResultView | null;
  /** `null` when only the result was entered. */
  sheet: GameReportSection | null;
  /** The game record as PDF. */
  printUrl?: string;
  /** The game turn by turn (a verified sheet's). */
  replayUrl?: string;
  /** A table: which of the seats' figures have a column. */
  showClocks?: boolean;
  showCards?: boolean;
}
