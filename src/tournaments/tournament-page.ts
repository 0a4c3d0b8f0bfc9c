import { findRuleSet, optionNamesFor, RULE_SETS } from '../engine';
import { dayIn, timeZoneNames } from '../i18n/time';
import type { FieldError } from '../render/view-models';
import type { OrganiserTournamentPage } from './tournament-page-models';
import type { PageContext } from '../web/page-context';
import { ruleSetName } from '../web/rule-set-name';
import { ratingUrls, urls } from '../web/urls';
import type { PairingSystem } from '../pairing/types';
import { SYSTEMS } from './systems';
import type { TournamentView } from './tournament.view';

/*
 * The organiser's tournament page as a model: its divisions, the forms for a new division, a
 * division from a TSH file and a copy, and closing. The tournament's own pages and the TSH
 * import (src/exchange) both render it.
 */

/** A tournament's system as pages name it (`manual` is shown as its id). */
export const shown = (s: string): PairingSystem => s as PairingSystem;

/**
 * The minutes per player a new division of rule set `rules` is offered: the tournament's own
 * where it is played by the tournament's rule set, else the rule set's; none for a game without
 * a game clock (Quivit).
 */
export function offeredClock(t: TournamentView, rules: string): number | undefined {
  const ruleSet = findRuleSet(rules);
  if (!ruleSet || !optionNamesFor(ruleSet).includes('clockMinutes')) return undefined;
  const own = rules === t.ruleSet ? (t.options.clockMinutes as number | undefined) : undefined;
  return own ?? ruleSet.clock.minutes;
}

/**
 * The new division form's values: the tournament's settings (what a division added through the
 * API without settings has), not the last division's, which may be a side event of another
 * game; the clock the tournament's rule set's.
 */
export function divisionDefaults(t: TournamentView): OrganiserTournamentPage['values'] {
  return {
    rules: t.ruleSet,
    rounds: t.rounds,
    system: shown(t.pairingPlan[0]),
    clockMinutes: offeredClock(t, t.ruleSet),
    byeSpread: t.byeSpread,
    forfeitSpread: t.forfeitSpread,
    spreadCap: t.spreadCap ?? undefined,
  };
}

/**
 * The tournament page, with the forms as sent (`values`, `copy`, `tsh`, `zone`) and their
 * errors.
 */
export function tournamentPageModel(
  page: PageContext,
  t: TournamentView,
  values: OrganiserTournamentPage['values'],
  errors: FieldError[],
  copy?: OrganiserTournamentPage['copyValues'],
  tsh?: Partial<OrganiserTournamentPage['tsh']>,
  zone?: { value: string; errors: FieldError[] },
): OrganiserTournamentPage & {
  /** `closedAt`: the day it was closed, in the tournament's zone (`YYYY-MM-DD`). */
  closing: { closedAt: string | null; action: string; ratingsUrl: string };
} {
  const system = shown(t.pairingPlan[0]);
  return {
    ...page.base(
      t.name,
      page.crumbs({ label: page.t('page.organiser'), url: urls.organiser }),
      page.flashFromQuery(),
    ),
    copyOf: t.copyOf,
    tournament: {
      name: t.name,
      place: t.place,
      startDate: t.startDate,
      endDate: t.endDate,
      publicUrl: urls.tournament(t.id),
      logUrl: urls.orgLog(t.id),
      entriesUrl: urls.orgEntries(t.id),
      peopleUrl: urls.orgPeople(t.id),
      exportUrl: urls.orgExport(t.id),
    },
    divisions: t.divisions.map((d) => ({
      name: d.name,
      rules: ruleSetName(d.ruleSet, page.lang),
      system: shown(d.pairingPlan[Math.min(d.roundsPaired + 1, d.pairingPlan.length) - 1]),
      players: d.players,
      rounds: d.rounds,
      roundsPaired: d.roundsPaired,
      playersUrl: urls.orgPlayers(d.id),
      roundsUrl: urls.orgRounds(d.id),
      settingsUrl: urls.orgDivisionSettings(d.id),
      wallchartUrl: urls.wallchart(d.id),
      scorecardsUrl: urls.scorecardsPdf(d.id),
      tshUrl: urls.tshExport(d.id),
    })),
    // A closed tournament's results are final: it offers no new division.
    divisionAction: t.closedAt ? undefined : urls.addDivision(t.id),
    tsh: {
      // Nor a division from a TSH file.
      action: t.closedAt ? undefined : urls.tshImport(t.id),
      name: tsh?.name ?? '',
      rules: tsh?.rules || t.ruleSet,
      text: tsh?.text ?? '',
      errors: tsh?.errors ?? [],
      problems: tsh?.problems ?? [],
    },
    timeZone: {
      action: urls.orgTimeZone(t.id),
      value: zone?.value ?? t.timeZone ?? '',
      server: page.timeZone,
      zones: timeZoneNames(),
      version: t.version,
      errors: zone?.errors ?? [],
    },
    copyAction: urls.copyTournament(t.id),
    copyValues: copy ?? {},
    ruleSets: Object.values(RULE_SETS).map((r) => ({
      value: r.id,
      label: ruleSetName(r.id, page.lang),
    })),
    systems: SYSTEMS,
    values: { ...values, system: values.system ?? system },
    errors,
    closing: {
      closedAt: t.closedAt ? dayIn(t.closedAt, page.timeZoneOf(t)) : null,
      action: t.closedAt ? ratingUrls.reopen(t.id) : ratingUrls.close(t.id),
      ratingsUrl: ratingUrls.report(t.id),
    },
  };
}
