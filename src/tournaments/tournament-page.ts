import { findRuleSet, RULE_SETS } from '../engine';
import { dayIn, timeZoneNames } from '../i18n/time';
import type { FieldError } from '../render/view-models';
import type { OrganiserTournamentPage } from './tournament-page-models';
import type { PageContext } from '../web/page-context';
import { ruleSetName } from '../web/rule-set-name';
import { ratingUrls, urls } from '../web/urls';
import type { PairingSystem } from '../pairing/types';
import { SYSTEMS } from './systems';
import type { DivisionView, TournamentView } from './tournament.view';

/*
 * The organiser's tournament page as a model: its divisions, the forms for a new division, a
 * division from a TSH file and a copy, and closing. The tournament's own pages and the TSH
 * import (src/exchange) both render it.
 */

/** A tournament's system as pages name it (`manual` is shown as its id). */
export const shown = (s: string): PairingSystem => s as PairingSystem;

/** The settings a new division's form starts from: the last division's, else the tournament's. */
export function startingSettings(t: TournamentView): DivisionView | TournamentView {
  return t.divisions[t.divisions.length - 1] ?? t;
}

/** The division form's values: the rules a new division starts from. */
export function divisionDefaults(t: TournamentView): OrganiserTournamentPage['values'] {
  const from = startingSettings(t);
  const ruleSet = findRuleSet(from.ruleSet);
  return {
    rules: from.ruleSet,
    rounds: from.rounds,
    system: shown(from.pairingPlan[0]),
    clockMinutes: (from.options.clockMinutes as number | undefined) ?? ruleSet?.clock.minutes,
    byeSpread: from.byeSpread,
    forfeitSpread: from.forfeitSpread,
    spreadCap: from.spreadCap ?? undefined,
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
  const system = shown(startingSettings(t).pairingPlan[0]);
  return {
    ...page.base(
      t.name,
      page.crumbs({ label: page.t('page.organiser'), url: urls.organiser }),
      page.flashFromQuery(),
    ),
    tournament: {
      name: t.name,
      place: t.place,
      startDate: t.startDate,
      endDate: t.endDate,
      publicUrl: urls.tournament(t.id),
      logUrl: urls.orgLog(t.id),
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
    divisionAction: urls.addDivision(t.id),
    tsh: {
      action: urls.tshImport(t.id),
      name: tsh?.name ?? '',
      rules: tsh?.rules || startingSettings(t).ruleSet,
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
