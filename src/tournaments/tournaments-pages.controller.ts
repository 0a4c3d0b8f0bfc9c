import { Body, Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { TournamentAccess } from '../auth/tournament-access';
import { detailsOf } from '../common/errors';
import { IdParam } from '../common/api/id-param';
import type { StaleDetails } from '../common/api/if-match';
import { findRuleSet } from '../engine';
import type { FieldError } from '../render/view-models';
import type { OrganiserDivisionPage, OrganiserTournamentsPage } from './tournament-page-models';
import { SETTING_LABELS } from '../i18n/setting-labels';
import { SYSTEMS } from './systems';
import { divisionDefaults, offeredClock, shown, tournamentPageModel } from './tournament-page';
import type { DivisionDto, UpdateDivisionDto } from './dto/tournament.dto';
import type { SettingChange } from './tournament-rules';
import { TIE_BREAKS, TieBreak, tieBreaksFitting } from './systems';
import { TournamentsService } from './tournaments.service';
import type { DivisionView } from './tournament.view';
import { readForm, type CheckedForm } from '../web/form-dto';
import { refusal } from '../web/forms';
import { PageForm } from '../web/page-form';
import {
  CopyTournamentForm,
  DivisionSettingsForm,
  type DivisionSettingsAsked,
  NewDivisionForm,
  NewTournamentForm,
  PAIRING_LAGS,
  TimeZoneForm,
} from './tournament-forms';
import { ruleSetName } from '../web/rule-set-name';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { SameOriginGuard } from '../web/same-origin.guard';
import { urls } from '../web/urls';
import { isPlacePointsTable } from '../standings/placements';
import type { MessageKey } from '../i18n';
import { isTimeZone } from '../i18n/time';

/** Rounds of a new tournament until its first division says otherwise. */
const DEFAULT_ROUNDS = 7;

/**
 * The organiser's tournament pages: the list and a new tournament, a tournament with its
 * divisions (a new one, or a copy of the tournament), and a division's settings. Players,
 * rounds, the log and TSH files have their pages in their own folders.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('organiser')
@Controller('organiser')
export class TournamentsPagesController {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly access: TournamentAccess,
  ) {}

  // ------------------------------------------------------------ tournaments

  @Get()
  async home(@Req() req: AuthedRequest, @Res() res: Response): Promise<void> {
    const page = new PageContext(req, res);
    await page.render('organiser/tournaments', await this.tournamentsModel(page, {}, []));
  }

  /** Posts `name`, `place`, `startDate`, `endDate`. */
  @Post('tournaments')
  async createTournament(
    @PageForm(NewTournamentForm) form: CheckedForm<NewTournamentForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { name, place, startDate: start, endDate: end } = form.values;
    if (start && end && end < start) form.fail('endDate', 'form.dateOrder');
    if (!form.ok) {
      const values = {
        name: form.typed('name'),
        place: form.typed('place'),
        startDate: form.typed('startDate'),
        endDate: form.typed('endDate'),
      };
      await page.render(
        'organiser/tournaments',
        await this.tournamentsModel(page, values, form.errorsIn(page.lang)),
        400,
      );
      return;
    }
    const created = await this.tournaments.create(
      {
        name: name!,
        place: place || undefined,
        startDate: start || undefined,
        endDate: end || undefined,
        ruleSet: 'kvizovka',
        rounds: DEFAULT_ROUNDS,
        divisions: [],
      },
      page.user,
    );
    page.redirect(withQuery(urls.orgTournament(created.id), { done: 'saved' }));
  }

  @Get('tournaments/:id')
  async tournament(
    @IdParam('id', 'tournament') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const t = await this.tournaments.get(id);
    await page.render(
      'organiser/tournament',
      tournamentPageModel(page, t, divisionDefaults(t), []),
    );
  }

  /**
   * Posts a division: `name`, and the rules it is played by (`rules`, `rounds`,
   * `system`, `clockMinutes`, `byeSpread`, `forfeitSpread`). They are the new division's own: the
   * divisions already there keep theirs. The form offers the tournament's settings; a clock left
   * as offered when another rule set is chosen is that rule set's own (none in a card game), and
   * so are the options and tie-breaks (the service's). A closed tournament takes no division.
   */
  @Post('tournaments/:id/divisions')
  async addDivision(
    @IdParam('id', 'tournament') id: number,
    @PageForm(NewDivisionForm) form: CheckedForm<NewDivisionForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const t = await this.tournaments.get(id);
    const { name, rules, system, rounds, byeSpread, forfeitSpread, spreadCap } = form.values;
    const offered = divisionDefaults(t);
    // The minutes as the director meant them: those the form offered with the tournament's
    // rule set, or none, are the chosen rule set's own when another is chosen.
    const asOffered =
      form.values.clockMinutes === null || form.values.clockMinutes === offered.clockMinutes;
    const otherRules = rules !== null && rules !== t.ruleSet;
    const clockMinutes = otherRules && asOffered ? null : form.values.clockMinutes;
    if (rules !== null && clockMinutes !== null && offeredClock(t, rules) === undefined) {
      form.fail('clockMinutes', 'org.noGameClock', {
        rules: ruleSetName(rules, page.lang),
        minutes: clockMinutes,
      });
    }
    const clash = name !== null && t.divisions.some((d) => d.name === name);
    if (clash) form.fail('name', 'err.DIVISION_EXISTS');
    const typed = (f: keyof NewDivisionForm) => form.typed(f);
    const values = {
      name: typed('name'),
      rules: typed('rules'),
      rounds: typed('rounds'),
      system: system ?? undefined,
      // Shown again as the chosen rule set offers it, when left as offered.
      clockMinutes: otherRules && asOffered ? offeredClock(t, rules) : typed('clockMinutes'),
      byeSpread: typed('byeSpread'),
      forfeitSpread: typed('forfeitSpread'),
      spreadCap: typed('spreadCap'),
    };
    const again = (status: number, errors: FieldError[]) =>
      page.render('organiser/tournament', tournamentPageModel(page, t, values, errors), status);
    if (t.closedAt) {
      await again(409, [{ field: '', message: page.t('err.TOURNAMENT_CLOSED') }]);
      return;
    }
    if (!form.ok) {
      await again(clash && form.problems.length === 1 ? 409 : 400, form.errorsIn(page.lang));
      return;
    }
    const options = rules === t.ruleSet ? { ...t.options } : {};
    if (clockMinutes !== null && clockMinutes !== offeredClock(t, rules!)) {
      options.clockMinutes = clockMinutes;
    }
    const division: DivisionDto = {
      name: name!,
      ruleSet: rules!,
      options,
      rounds: rounds!,
      pairingPlan: [system!],
    };
    if (byeSpread !== null) division.byeSpread = byeSpread;
    if (forfeitSpread !== null) division.forfeitSpread = forfeitSpread;
    // An empty field is no cap, whatever the tournament has.
    division.spreadCap = spreadCap;
    try {
      await this.tournaments.addDivision(id, division, page.user);
    } catch (e) {
      const { status, message, code } = refusal(page.lang, e);
      const field =
        code === 'ROUNDS_ALREADY_PAIRED' ? 'rounds' : code === 'DIVISION_EXISTS' ? 'name' : '';
      await again(status, [{ field, message }]);
      return;
    }
    page.redirect(withQuery(urls.orgTournament(id), { done: 'saved' }));
  }

  /** Posts `copyName` and `copyPlayers`: a new tournament with this one's divisions and settings. */
  @Post('tournaments/:id/copy')
  async copyTournament(
    @IdParam('id', 'tournament') id: number,
    @PageForm(CopyTournamentForm) form: CheckedForm<CopyTournamentForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const t = await this.tournaments.get(id);
    const { copyName: name, copyPlayers: players } = form.values;
    if (!form.ok) {
      await page.render(
        'organiser/tournament',
        tournamentPageModel(page, t, divisionDefaults(t), form.errorsIn(page.lang), {
          name: form.typed('copyName'),
          players,
        }),
        400,
      );
      return;
    }
    const copy = await this.tournaments.copy(id, { name: name!, players }, page.user);
    page.redirect(withQuery(urls.orgTournament(copy.id), { done: 'saved' }));
  }

  /**
   * Posts `timeZone` (an IANA zone; empty for the server's) and the `version` the page was
   * built from: the zone the tournament's pages show times of day and dates in.
   */
  @Post('tournaments/:id/time-zone')
  async saveTimeZone(
    @IdParam('id', 'tournament') id: number,
    @PageForm(TimeZoneForm) form: CheckedForm<TimeZoneForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const typed = form.values.timeZone.trim();
    const again = async (status: number, errors: FieldError[]) => {
      const t = await this.tournaments.get(id);
      await page.render(
        'organiser/tournament',
        tournamentPageModel(page, t, divisionDefaults(t), [], undefined, undefined, {
          value: typed,
          errors,
        }),
        status,
      );
    };
    if (typed !== '' && (typed.length > 64 || !isTimeZone(typed))) {
      await again(400, [
        { field: 'timeZone', message: page.t('form.timeZone', { example: 'Europe/Belgrade' }) },
      ]);
      return;
    }
    const version = form.values.version ?? undefined;
    try {
      await this.tournaments.update(id, { timeZone: typed || null }, version, page.user);
    } catch (e) {
      const { status, message } = refusal(page.lang, e);
      await again(status, [{ field: '', message }]);
      return;
    }
    page.redirect(withQuery(urls.orgTournament(id), { done: 'saved' }));
  }

  // ------------------------------------------------------------ division settings

  @Get('divisions/:id/settings')
  async divisionSettings(
    @IdParam('id', 'division') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const d = await this.tournaments.division(id);
    const { name } = await this.tournaments.get(d.tournamentId);
    await page.render(
      'organiser/division',
      this.divisionModel(page, d, name, settingValues(d), null, []),
    );
  }

  /**
   * Posts a division's settings (`rounds`, `system`, `byeSpread`, `spreadCap`,
   * `kothLastRounds`, `maxMeetings`, `pairingLag`, `avoidSameClub`, `gibsonize`). A division with paired rounds is
   * changed only after the page has listed the changes and the organiser confirmed them
   * (`confirm`).
   */
  @Post('divisions/:id/settings')
  async saveDivisionSettings(
    @IdParam('id', 'division') id: number,
    @Body() body: unknown,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const d = await this.tournaments.division(id);
    const { name } = await this.tournaments.get(d.tournamentId);
    const locked = d.roundsPaired > 0;
    const form = readForm(DivisionSettingsForm, body, { locked } satisfies DivisionSettingsAsked);
    const { rounds, system, spreadCap, maxMeetings } = form.values;
    const byeSpread = locked ? d.byeSpread : form.values.byeSpread;
    const kothLastRounds = form.values.kothLastRounds ?? 0;
    const tableSize = locked ? d.tableSize : (form.values.tableSize ?? d.tableSize);
    const placePoints = readPlacePoints(form, d.tableSize);
    const tieBreaks = d.tableSize <= 2 ? readTieBreaks(form, page, d) : undefined;
    const values: OrganiserDivisionPage['values'] = {
      rounds: form.typed('rounds'),
      system: system ?? undefined,
      byeSpread: locked ? d.byeSpread : form.typed('byeSpread'),
      spreadCap: form.typed('spreadCap'),
      kothLastRounds: form.typed('kothLastRounds'),
      maxMeetings: form.typed('maxMeetings'),
      pairingLag: form.values.pairingLag,
      tableSize: locked ? d.tableSize : Number(form.typed('tableSize')) || d.tableSize,
      placePoints: Object.fromEntries(
        placeSizes(d.tableSize).map((n) => [String(n), form.values.placePoints[n] ?? '']),
      ),
      avoidSameClub: form.values.avoidSameClub,
      gibsonize: form.values.gibsonize,
      tieBreaks: tieBreaks === undefined ? [...d.tieBreaks] : form.values.tieBreak,
    };
    const again = (
      status: number,
      confirm: OrganiserDivisionPage['confirm'],
      errors: FieldError[],
    ) =>
      page.render(
        'organiser/division',
        this.divisionModel(page, d, name, values, confirm, errors),
        status,
      );
    if (!form.ok) {
      await again(400, null, form.errorsIn(page.lang));
      return;
    }
    // The version the page was built from; a hidden field, so one that is not a number is none.
    const sentVersion = form.values.version.trim();
    const version =
      /^[-+]?\d{1,9}$/.test(sentVersion) && Number(sentVersion) >= 0
        ? Number(sentVersion)
        : undefined;
    const change: UpdateDivisionDto = {
      rounds: rounds!,
      spreadCap,
      kothLastRounds,
      // An empty field is no limit.
      maxMeetings,
      pairingLag: Number(form.values.pairingLag),
      avoidSameClub: values.avoidSameClub,
      gibsonize: values.gibsonize,
      confirm: form.values.confirm,
    };
    // The plan changes only when another system is chosen: a longer plan is kept otherwise.
    const shownSystem = shown(
      d.pairingPlan[Math.min(d.roundsPaired + 1, d.pairingPlan.length) - 1],
    );
    if (system !== shownSystem) change.pairingPlan = [system!];
    if (tieBreaks) change.tieBreaks = tieBreaks;
    if (!locked) {
      change.byeSpread = byeSpread!;
      change.tableSize = tableSize;
    }
    // The fields are shown for the table size saved; after a change of size they start afresh.
    if (d.tableSize > 2 && tableSize === d.tableSize) change.placePoints = placePoints;
    try {
      await this.tournaments.updateDivision(id, change, version, page.user);
    } catch (e) {
      const asked = detailsOf(e, 'CONFIRMATION_NEEDED');
      if (asked && 'changes' in asked) {
        // A question, not an error: the page asks and nothing has changed.
        await again(200, { changes: asked.changes.map((c) => changeInWords(page, c)) }, []);
        return;
      }
      const stale = detailsOf(e, 'STALE_VERSION') as StaleDetails<DivisionView> | null;
      if (stale) {
        // Someone saved in between: what they changed is shown beside what was typed, and
        // the form now carries their version, so saving again overwrites it knowingly.
        const differing = stale.changed
          .filter((c) => JSON.stringify(c.now) !== JSON.stringify(c.yours))
          .map((c) => changeInWords(page, { setting: c.field, before: c.now, after: c.yours }))
          .map((c) => `${c.setting}: ${c.before} → ${c.after}`)
          .join('; ');
        const message = page.t('err.SETTINGS_STALE', { changes: differing || '—' });
        await page.render(
          'organiser/division',
          this.divisionModel(page, stale.current, name, values, null, [{ field: '', message }]),
          409,
        );
        return;
      }
      const { status, message, code } = refusal(page.lang, e);
      await again(status, null, [
        { field: code === 'ROUNDS_ALREADY_PAIRED' ? 'rounds' : '', message },
      ]);
      return;
    }
    // Back to the settings, saved: the director sees what the division now has.
    page.redirect(withQuery(urls.orgDivisionSettings(id), { done: 'saved' }));
  }

  private divisionModel(
    page: PageContext,
    d: DivisionView,
    tournamentName: string,
    values: OrganiserDivisionPage['values'],
    confirm: OrganiserDivisionPage['confirm'],
    errors: FieldError[],
  ): OrganiserDivisionPage {
    return {
      ...page.base(
        page.t('org.settingsTitle', { name: d.name }),
        page.crumbs(
          { label: page.t('page.organiser'), url: urls.organiser },
          { label: tournamentName, url: urls.orgTournament(d.tournamentId) },
        ),
        page.flashFromQuery(),
      ),
      division: {
        name: d.name,
        rules: ruleSetName(d.ruleSet, page.lang),
        clockMinutes:
          (d.options.clockMinutes as number | undefined) ?? findRuleSet(d.ruleSet)?.clock.minutes,
        roundsPaired: d.roundsPaired,
        // A TSH file holds games of two only.
        tshUrl: d.tableSize > 2 ? undefined : urls.tshExport(d.id),
      },
      action: urls.orgDivisionSettings(d.id),
      version: d.version,
      systems: SYSTEMS,
      pairingLags: PAIRING_LAGS.map((lag) => ({
        value: lag,
        label: page.t(`org.pairingLag.${lag}`),
        selected: String(values.pairingLag ?? 0) === lag,
      })),
      values,
      byeSpreadLocked: d.roundsPaired > 0,
      placePointsFields:
        d.tableSize > 2
          ? placeSizes(d.tableSize).map((n) => ({
              name: `placePoints${n}`,
              label: page.t('org.placePoints', { n }),
              value: values.placePoints?.[String(n)] ?? '',
              placeholder: defaultPlacePoints(n),
            }))
          : undefined,
      tieBreakFields: d.tableSize <= 2 ? tieBreakFields(page, d, values, errors) : undefined,
      tableSizes: Array.from(
        { length: Math.min(8, findRuleSet(d.ruleSet)?.players.max ?? 2) - 1 },
        (_, i) => i + 2,
      ),
      confirm,
      errors,
    };
  }

  // ------------------------------------------------------------ models

  private async tournamentsModel(
    page: PageContext,
    values: OrganiserTournamentsPage['values'],
    errors: FieldError[],
  ): Promise<OrganiserTournamentsPage> {
    const held = await this.access.tournamentsOf(page.user!);
    const list = (await this.tournaments.list()).filter((t) => held === 'all' || held.has(t.id));
    return {
      ...page.base(page.t('page.organiser'), page.crumbs(), page.flashFromQuery()),
      tournaments: list.map((t) => ({
        name: t.name,
        role: held === 'all' ? null : page.t(`role.${held.get(t.id)!}`),
        url: urls.orgTournament(t.id),
        startDate: t.startDate,
        place: t.place,
        copyOf: t.copyOf,
      })),
      createAction: urls.createTournament,
      admin: page.user!.admin,
      importUrl: urls.orgImport,
      values,
      errors,
    };
  }
}

/** A division's settings as its form shows them. */
function settingValues(d: DivisionView): OrganiserDivisionPage['values'] {
  return {
    rounds: d.rounds,
    system: shown(d.pairingPlan[Math.min(d.roundsPaired + 1, d.pairingPlan.length) - 1]),
    byeSpread: d.byeSpread,
    spreadCap: d.spreadCap ?? undefined,
    kothLastRounds: d.kothLastRounds,
    maxMeetings: d.maxMeetings ?? undefined,
    pairingLag: d.pairingLag,
    tableSize: d.tableSize,
    placePoints: Object.fromEntries(
      Object.entries(d.placePoints ?? {}).map(([n, points]) => [n, points.join('/')]),
    ),
    avoidSameClub: d.avoidSameClub,
    gibsonize: d.gibsonize,
    tieBreaks: [...d.tieBreaks],
  };
}

/**
 * The tie-breaks a division of pairs may order: those that fit its game (the cards taken only in
 * a card game, the time left only in a game with a clock), and those it has already, set through
 * the API or before, so that the form does not drop them unasked.
 */
function divisionTieBreaks(d: Pick<DivisionView, 'ruleSet' | 'tieBreaks'>): TieBreak[] {
  const fitting = tieBreaksFitting(findRuleSet(d.ruleSet));
  return TIE_BREAKS.filter((tb) => fitting.includes(tb) || d.tieBreaks.includes(tb));
}

/** A division of pairs' tie-break places, a select each, offering every tie-break it may order. */
function tieBreakFields(
  page: PageContext,
  d: DivisionView,
  values: OrganiserDivisionPage['values'],
  errors: FieldError[],
): OrganiserDivisionPage['tieBreakFields'] {
  const choices = divisionTieBreaks(d);
  const invalid = errors.some((e) => e.field === 'tieBreak');
  return choices.map((_, i) => ({
    id: `f-tieBreak-${i + 1}`,
    label: page.t('org.tieBreakN', { n: i + 1 }),
    invalid,
    options: [
      { value: '', label: '—', selected: !values.tieBreaks?.[i] },
      ...choices.map((tb) => ({
        value: tb,
        label: page.t(`tiebreak.${tb}`),
        selected: values.tieBreaks?.[i] === tb,
      })),
    ],
  }));
}

/**
 * The tie-breaks chosen in the form's places, in order, the empty places left out (the page
 * sends every place); undefined for a post without the places, which leaves them as they are;
 * null (and the field failed) for one chosen twice or one the division cannot have.
 */
function readTieBreaks(
  form: CheckedForm<DivisionSettingsForm>,
  page: PageContext,
  d: DivisionView,
): TieBreak[] | null | undefined {
  const places = form.values.tieBreak;
  if (places.length === 0) return undefined;
  const allowed = divisionTieBreaks(d);
  const chosen: TieBreak[] = [];
  for (const value of places) {
    if (value === '') continue;
    const tieBreak = allowed.find((tb) => tb === value);
    if (!tieBreak) {
      form.fail('tieBreak', 'form.choice');
      return null;
    }
    if (chosen.includes(tieBreak)) {
      form.fail('tieBreak', 'org.tieBreakTwice', { name: page.t(`tiebreak.${tieBreak}`) });
      return null;
    }
    chosen.push(tieBreak);
  }
  return chosen;
}

/** One setting's change in the page's words: the label, the value before and after. */
function changeInWords(
  page: PageContext,
  c: SettingChange,
): { setting: string; before: string; after: string } {
  const value = (v: unknown): string => {
    if (c.setting === 'placePoints') {
      // `at a table of 4: 3/2/1/0`, the default where none is set.
      const table = (v ?? {}) as Record<string, number[]>;
      const sizes = Object.keys(table).sort((a, b) => Number(b) - Number(a));
      return sizes.length === 0
        ? page.t('org.placePointsDefault')
        : sizes.map((n) => `${page.t('org.placePoints', { n })}: ${table[n].join('/')}`).join('; ');
    }
    if (v === null) return page.t(c.setting === 'maxMeetings' ? 'org.noLimit' : 'org.noCap');
    if (typeof v === 'boolean') return page.t(v ? 'common.yes' : 'common.no');
    // No tie-break chosen: the seed alone, which always comes last.
    if (c.setting === 'tieBreaks' && Array.isArray(v) && v.length === 0)
      return page.t('tiebreak.seed');
    if (Array.isArray(v)) {
      return v
        .map((x) =>
          c.setting === 'pairingPlan'
            ? page.t(`system.${x as string}` as MessageKey)
            : c.setting === 'tieBreaks'
              ? page.t(`tiebreak.${x as string}` as MessageKey)
              : JSON.stringify(x),
        )
        .join(', ');
    }
    if (typeof v === 'number' || typeof v === 'string') return String(v);
    return JSON.stringify(v) ?? '';
  };
  const label = SETTING_LABELS[c.setting];
  return {
    setting: label ? page.t(label) : c.setting,
    before: value(c.before),
    after: value(c.after),
  };
}

/** The table sizes a division at tables of `size` plays: full tables and tables of one fewer. */
function placeSizes(size: number): number[] {
  return size > 2 ? [size, size - 1] : [];
}

/** The default points of the places at a table of `n`, as the field shows them: `3/2/1/0`. */
function defaultPlacePoints(n: number): string {
  return Array.from({ length: n }, (_, i) => n - 1 - i).join('/');
}

/**
 * The points of each place typed for the table sizes of a division at tables (`placePoints4`:
 * `3/2/1/0`, halves as `1.5` or `1,5`); an empty field keeps the default. Null when none is set.
 */
function readPlacePoints(
  form: CheckedForm<DivisionSettingsForm>,
  size: number,
): Record<string, number[]> | null {
  const table: Record<string, number[]> = {};
  for (const n of placeSizes(size)) {
    const typed = (form.values.placePoints[n] ?? '').trim();
    if (typed === '') continue;
    const points = typed.split('/').map((p) => Number(p.trim().replace(',', '.')));
    if (isPlacePointsTable({ [n]: points })) table[String(n)] = points;
    else form.fail(`placePoints${n}`, 'form.placePoints', { n, example: defaultPlacePoints(n) });
  }
  return Object.keys(table).length > 0 ? table : null;
}
