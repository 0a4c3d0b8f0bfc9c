import { ruleSetName } from '../web/rule-set-name';
import { playsAtTables } from '../tournaments/tournament-rules';
import type { StandingsRowView as ApiStandingsRow } from './standings.view';
import { buildCrossTable } from '../render/cross-table';
import type { CrossTable } from '../render/pdf/types';
import type { GameRecord } from '../standings/types';
import type { StandingsSnapshot } from './standings.service';
import type { DivisionPageBase, Link, StandingsRowView } from '../render/view-models';
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
    tournament: { name: tournament.name, url: urls.tournament(tournament.id) },
    division: { name: division.name, rules: ruleSetName(division.ruleSet, page.lang) },
    tabs: {
      standings: urls.standings(division.id),
      pairings: urls.pairings(division.id),
      crosstable: urls.crosstable(division.id),
      ...(playsAtTables(division) ? { atTables: true } : {}),
      projector: urls.projector(division.id),
      wallchart: urls.wallchart(division.id),
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
    remainingSeconds: r.remainingSeconds,
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
