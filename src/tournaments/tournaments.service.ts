import { makeOwner } from '../auth/tournament-roles';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { BadInput, Conflict, NotFound } from '../common/errors';
import { Transactions } from '../database/transactions';
import { forUpdate } from '../database/lock';
import { checkVersion } from '../common/api/if-match';
import { checkOptions, findRuleSet, optionNamesFor, RULE_SETS } from '../engine';
import { Actor, changedFields, writeLog } from '../log/director-log';
import { CopiedAlong } from './copied-along';
import { DivisionActivity } from './division-activity';
import { Division } from './division.entity';
import {
  CopyTournamentDto,
  CreateTournamentDto,
  DivisionDto,
  UpdateDivisionDto,
  UpdateTournamentDto,
} from './dto/tournament.dto';
import {
  applySettings,
  checkPlan,
  DivisionPlan,
  DivisionSettings,
  findDivision,
  planChanges,
  settingsOf,
  touchDivisions,
  namedSettings,
  DEFAULT_FORFEIT_SPREAD,
} from './tournament-rules';
import { Tournament } from './tournament.entity';
import { defaultTieBreaks, tieBreaksFitting } from './systems';
import { DivisionView, RuleSetView, TournamentView } from './tournament.view';

/** Bye spread when the organiser sets none (a common club figure). */
export const DEFAULT_BYE_SPREAD = 50;

/** Throws a 400 listing every bad option, as the engine words it. */
export function checkRuleOptions(
  ruleSetId: string,
  options: Record<string, unknown>,
  tableSize = 2,
  placePoints: Record<string, number[]> | null = null,
): void {
  const ruleSet = findRuleSet(ruleSetId);
  if (!ruleSet) throw new BadInput('UNKNOWN_RULE_SET', `there is no rule set '${ruleSetId}'`);
  const errors = checkOptions(ruleSet, options);
  if (errors.length > 0) {
    throw new BadInput('INVALID_OPTIONS', errors.map((e) => e.message).join('; '), errors);
  }
  if (tableSize > ruleSet.players.max) {
    throw new BadInput(
      'TABLE_TOO_LARGE',
      `tableSize ${tableSize}: ${ruleSet.name} is played by at most ${ruleSet.players.max} players at a table`,
      { field: 'tableSize', max: ruleSet.players.max },
    );
  }
  const beyond = Object.keys(placePoints ?? {}).filter((size) => Number(size) > tableSize);
  if (beyond.length > 0) {
    throw new BadInput(
      'PLACE_POINTS_SIZE',
      `placePoints: the division seats at most ${tableSize} at a table, so there are no places at tables of ${beyond.join(', ')}`,
      { field: 'placePoints', tableSize },
    );
  }
}

/** A division as a list of links names it. */
export interface DivisionName {
  id: number;
  name: string;
}

/** What names a tournament: its name, its time zone, and its divisions' ids and names. */
export interface TournamentOutline {
  name: string;
  /** The IANA zone its pages show times in; null: the server's. */
  timeZone: string | null;
  divisions: DivisionName[];
}

@Injectable()
export class TournamentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly along: CopiedAlong,
    private readonly activity: DivisionActivity,
  ) {}

  ruleSets(): RuleSetView[] {
    return Object.values(RULE_SETS).map((r) => ({
      id: r.id,
      name: r.name,
      clockMinutes: r.clock.minutes,
      options: optionNamesFor(r),
    }));
  }

  async create(dto: CreateTournamentDto, user: Actor): Promise<TournamentView> {
    const options = dto.options ?? {};
    checkRuleOptions(dto.ruleSet, options, dto.tableSize, dto.placePoints ?? null);
    if (dto.startDate && dto.endDate && dto.endDate < dto.startDate) {
      throw new BadInput(
        'DATES_REVERSED',
        `endDate ${dto.endDate} is before startDate ${dto.startDate}`,
      );
    }
    const id = await this.transactions.run(async (m) => {
      const t = await m.save(
        m.create(Tournament, {
          name: dto.name.trim(),
          place: dto.place?.trim() || null,
          startsOn: dto.startDate ?? null,
          endsOn: dto.endDate ?? null,
          timeZone: dto.timeZone ?? null,
          ruleSet: dto.ruleSet,
          options,
          roundsPlanned: dto.rounds,
          pairingPlan: dto.pairingPlan ?? ['swiss'],
          tieBreaks: dto.tieBreaks ?? defaultTieBreaks(findRuleSet(dto.ruleSet)),
          byeSpread: dto.byeSpread ?? DEFAULT_BYE_SPREAD,
          forfeitSpread: dto.forfeitSpread ?? DEFAULT_FORFEIT_SPREAD,
          spreadCap: dto.spreadCap ?? null,
          avoidSameClub: dto.avoidSameClub ?? false,
          gibsonize: dto.gibsonize ?? false,
          kothLastRounds: dto.kothLastRounds ?? 0,
          maxMeetings: dto.maxMeetings ?? null,
          pairingLag: dto.pairingLag ?? 0,
          tableSize: dto.tableSize ?? 2,
          placePoints: dto.placePoints ?? null,
        }),
      );
      const names = (dto.divisions ?? ['Open']).map((n) => n.trim());
      for (const name of names) {
        await m.save(m.create(Division, { ...settingsOf(t), tournamentId: t.id, name }));
      }
      await makeOwner(m, t.id, user);
      await writeLog(m, user, {
        tournamentId: t.id,
        action: 'tournament.created',
        after: {
          name: t.name,
          // A zone set names itself; none (the server's) is left out, as before zones were kept.
          ...(t.timeZone !== null ? { timeZone: t.timeZone } : {}),
          ...loggedSettings(settingsOf(t)),
          divisions: names,
        },
      });
      return t.id;
    });
    return this.get(id);
  }

  /**
   * A new tournament with the divisions, settings and word list of tournament `id` (players
   * too, with `players`: active from round 1, with their clubs, ratings and seeds), under its
   * own name, place and days. Nothing of the games is copied.
   */
  async copy(id: number, dto: CopyTournamentDto, user: Actor): Promise<TournamentView> {
    if (dto.startDate && dto.endDate && dto.endDate < dto.startDate) {
      throw new BadInput(
        'DATES_REVERSED',
        `endDate ${dto.endDate} is before startDate ${dto.startDate}`,
      );
    }
    const newId = await this.transactions.run(async (m) => {
      const t = await m.findOneBy(Tournament, { id });
      if (!t) throw new NotFound('tournament', id);
      const copy = await m.save(
        m.create(Tournament, {
          ...settingsOf(t),
          name: dto.name.trim(),
          place: dto.place?.trim() || null,
          startsOn: dto.startDate ?? null,
          endsOn: dto.endDate ?? null,
          // Played in the same place as a rule: its pages keep the zone.
          timeZone: t.timeZone,
        }),
      );
      const divisions = await m.find(Division, {
        where: { tournamentId: id },
        order: { id: 'ASC' },
      });
      let copied = 0;
      for (const d of divisions) {
        const division = await m.save(
          m.create(Division, { ...settingsOf(d), tournamentId: copy.id, name: d.name }),
        );
        if (dto.players) copied += await this.along.copyPlayers(m, d.id, division.id);
      }
      await this.along.copyWordList(m, id, copy.id);
      await makeOwner(m, copy.id, user);
      // The new tournament's log starts with where it came from.
      await writeLog(m, user, {
        tournamentId: copy.id,
        action: 'tournament.created',
        after: {
          name: copy.name,
          copiedFrom: t.name,
          divisions: divisions.map((d) => d.name),
          ...(dto.players ? { players: copied } : {}),
        },
      });
      return copy.id;
    });
    return this.get(newId);
  }

  async list(): Promise<TournamentView[]> {
    const tournaments = await this.dataSource.manager.find(Tournament, { order: { id: 'ASC' } });
    return this.views(this.dataSource.manager, tournaments);
  }

  async get(id: number): Promise<TournamentView> {
    const t = await this.dataSource.manager.findOneBy(Tournament, { id });
    if (!t) throw new NotFound('tournament', id);
    return (await this.views(this.dataSource.manager, [t]))[0];
  }

  /**
   * Changes a tournament's name, and settings for every division (each checked as
   * {@link updateDivision} checks it); the settings are also what a new division starts from.
   */
  async update(
    id: number,
    dto: UpdateTournamentDto,
    ifMatch: number | undefined,
    user: Actor,
  ): Promise<TournamentView> {
    await this.transactions.run(async (m) => {
      const t = await m.findOne(Tournament, { where: { id }, ...forUpdate(m) });
      if (!t) throw new NotFound('tournament', id);
      if (ifMatch !== t.version) {
        const [now] = await this.views(m, [t]);
        checkVersion(`tournament ${id}`, `GET /api/tournaments/${id}`, ifMatch, now, dto);
      }
      const divisions = await m.find(Division, {
        where: { tournamentId: id },
        order: { id: 'ASC' },
        ...forUpdate(m),
      });
      const paired = await this.activity.roundsPaired(
        m,
        divisions.map((d) => d.id),
      );
      const plans = divisions.map((d) => planChanges(d, dto, paired.get(d.id) ?? 0));
      const started = plans.find((p) => p.locked.length > 0);
      if (started) {
        throw new Conflict(
          'TOURNAMENT_STARTED',
          `${started.locked.join(', ')} cannot change once a round has been paired (division ${started.division.name})`,
        );
      }
      for (const plan of plans) checkPlan(plan, dto.confirm === true);
      const defaults = applySettings(settingsOf(t), dto);
      checkRuleOptions(
        defaults.ruleSet,
        defaults.options,
        defaults.tableSize,
        defaults.placePoints,
      );
      const was = { name: t.name, timeZone: t.timeZone, ...loggedSettings(settingsOf(t)) };
      Object.assign(t, defaults);
      t.name = dto.name?.trim() ?? t.name;
      if (dto.timeZone !== undefined) t.timeZone = dto.timeZone;
      await m.save(t);
      const changed = changedFields(was, {
        name: t.name,
        timeZone: t.timeZone,
        ...loggedSettings(defaults),
      });
      if (changed) {
        await writeLog(m, user, { tournamentId: id, action: 'tournament.settings', ...changed });
      }
      for (const plan of plans) {
        if (plan.changes.length === 0) continue;
        Object.assign(plan.division, plan.after);
        plan.division.version += 1;
        await m.save(plan.division);
        await writeLog(m, user, {
          tournamentId: id,
          divisionId: plan.division.id,
          action: 'division.settings',
          ...planLog(plan),
        });
      }
      await touchDivisions(
        m,
        divisions.map((d) => d.id),
      );
    });
    return this.get(id);
  }

  /**
   * A tournament's name, time zone and its divisions' ids and names (in the order made), or a
   * 404.
   */
  async outline(id: number): Promise<TournamentOutline> {
    const t = await this.dataSource.manager.findOne(Tournament, {
      where: { id },
      select: { id: true, name: true, timeZone: true },
    });
    if (!t) throw new NotFound('tournament', id);
    return { name: t.name, timeZone: t.timeZone, divisions: await this.divisionNames(id) };
  }

  async divisions(tournamentId: number): Promise<DivisionView[]> {
    return (await this.get(tournamentId)).divisions;
  }

  async division(id: number): Promise<DivisionView> {
    const d = await this.dataSource.manager.findOneBy(Division, { id });
    if (!d) throw new NotFound('division', id);
    return (await this.divisionViews(this.dataSource.manager, [d]))[0];
  }

  /** A division with its tournament (entities), or a 404: for pages that need the rules and names. */
  divisionWithTournament(
    divisionId: number,
  ): Promise<{ division: Division; tournament: Tournament }> {
    return findDivision(this.dataSource.manager, divisionId);
  }

  /** A tournament's name, null when there is none. */
  async tournamentName(
    id: number,
    m: EntityManager = this.dataSource.manager,
  ): Promise<string | null> {
    const t = await m.findOne(Tournament, { where: { id }, select: { id: true, name: true } });
    return t?.name ?? null;
  }

  /**
   * Whether a tournament exists, its row read for update in `m`'s transaction (`SELECT … FOR
   * UPDATE` on PostgreSQL), so that another context's writes about the tournament take turns.
   */
  async lockTournament(m: EntityManager, id: number): Promise<boolean> {
    return (await m.findOne(Tournament, { where: { id }, ...forUpdate(m) })) !== null;
  }

  /** A tournament's divisions' ids and names, by id: one read, no settings or counts. */
  async divisionNames(tournamentId: number): Promise<DivisionName[]> {
    const ds = await this.dataSource.manager.find(Division, {
      where: { tournamentId },
      order: { id: 'ASC' },
      select: { id: true, name: true },
    });
    return ds.map((d) => ({ id: d.id, name: d.name }));
  }

  async addDivision(tournamentId: number, dto: DivisionDto, user: Actor): Promise<DivisionView> {
    const id = await this.transactions.run(async (m) => {
      if (!(await m.existsBy(Tournament, { id: tournamentId }))) {
        throw new NotFound('tournament', tournamentId);
      }
      const t = await m.findOneByOrFail(Tournament, { id: tournamentId });
      if (t.closedAt) {
        throw new Conflict(
          'TOURNAMENT_CLOSED',
          `${t.name} is closed: its results are final; reopen it (POST /api/tournaments/${t.id}/reopen) to add a division`,
          { tournament: t.id },
        );
      }
      await this.checkDivisionName(m, tournamentId, dto.name);
      const settings = applySettings(newDivisionSettings(t, dto.ruleSet), dto);
      checkRuleOptions(
        settings.ruleSet,
        settings.options,
        settings.tableSize,
        settings.placePoints,
      );
      const division = await m.save(
        m.create(Division, { ...settings, tournamentId, name: dto.name.trim() }),
      );
      await writeLog(m, user, {
        tournamentId,
        divisionId: division.id,
        action: 'division.added',
        after: { name: division.name, ...loggedSettings(settings) },
      });
      return division.id;
    });
    return this.division(id);
  }

  /**
   * Renames a division or changes its settings. Rule set, options and bye spread are fixed
   * once a round is paired; rounds, pairing plan and tie-breaks of a running division change
   * only with `confirm` (409 CONFIRMATION_NEEDED says what would change); rounds never below
   * those paired.
   */
  async updateDivision(
    id: number,
    dto: UpdateDivisionDto,
    ifMatch: number | undefined,
    user: Actor,
  ): Promise<DivisionView> {
    await this.transactions.run(async (m) => {
      const d = await m.findOne(Division, { where: { id }, ...forUpdate(m) });
      if (!d) throw new NotFound('division', id);
      if (ifMatch !== d.version) {
        const [now] = await this.divisionViews(m, [d]);
        checkVersion(`division ${id}`, `GET /api/divisions/${id}`, ifMatch, now, dto);
      }
      const name = dto.name?.trim();
      const oldName = d.name;
      if (name !== undefined && name !== d.name) {
        await this.checkDivisionName(m, d.tournamentId, name);
        d.name = name;
      }
      const paired = (await this.activity.roundsPaired(m, [d.id])).get(d.id) ?? 0;
      const plan = planChanges(d, dto, paired);
      if (plan.locked.length > 0) {
        throw new Conflict(
          'DIVISION_STARTED',
          `${plan.locked.join(', ')} cannot change once a round has been paired`,
        );
      }
      checkPlan(plan, dto.confirm === true);
      if (dto.ruleSet !== undefined || dto.options !== undefined)
        checkRuleOptions(
          plan.after.ruleSet,
          plan.after.options,
          plan.after.tableSize,
          plan.after.placePoints,
        );
      Object.assign(d, plan.after);
      d.version += 1;
      await m.save(d);
      await touchDivisions(m, d.id);
      const logged = planLog(plan);
      if (d.name !== oldName) {
        logged.before.name = oldName;
        logged.after.name = d.name;
      }
      if (Object.keys(logged.after).length > 0) {
        await writeLog(m, user, {
          tournamentId: d.tournamentId,
          divisionId: id,
          action: 'division.settings',
          ...logged,
        });
      }
    });
    return this.division(id);
  }

  private async checkDivisionName(m: EntityManager, tournamentId: number, name: string) {
    if (await m.existsBy(Division, { tournamentId, name: name.trim() })) {
      throw new Conflict(
        'DIVISION_EXISTS',
        `the tournament already has a division '${name.trim()}'`,
      );
    }
  }

  private async views(m: EntityManager, tournaments: Tournament[]): Promise<TournamentView[]> {
    const ids = tournaments.map((t) => t.id);
    const divisions =
      ids.length === 0
        ? []
        : await m.find(Division, { where: { tournamentId: In(ids) }, order: { id: 'ASC' } });
    const views = await this.divisionViews(m, divisions);
    return tournaments.map((t) => ({
      id: t.id,
      name: t.name,
      place: t.place,
      startDate: t.startsOn,
      endDate: t.endsOn,
      timeZone: t.timeZone,
      ...namedSettings(t),
      divisions: views.filter((d) => d.tournamentId === t.id),
      createdAt: t.createdAt,
      closedAt: t.closedAt,
      copyOf: t.copyOf,
      importedAt: t.importedAt,
      version: t.version,
    }));
  }

  private async divisionViews(m: EntityManager, divisions: Division[]): Promise<DivisionView[]> {
    const ids = divisions.map((d) => d.id);
    if (ids.length === 0) return [];
    const players = await this.activity.playerCounts(m, ids);
    const rounds = await this.activity.roundsPaired(m, ids);
    return divisions.map((d) => {
      const p = players.get(d.id);
      return {
        id: d.id,
        tournamentId: d.tournamentId,
        name: d.name,
        players: p?.total ?? 0,
        activePlayers: p?.active ?? 0,
        roundsPaired: rounds.get(d.id) ?? 0,
        ...namedSettings(d),
        version: d.version,
      };
    });
  }
}

/**
 * What a new division starts from before its own settings: the tournament's, except what
 * belongs to another rule set. A division of another game than the tournament's takes that
 * game's own options (none) and tie-breaks; the tournament's tie-breaks leave out those its
 * game cannot have (the time left in a card game, which has no game clock).
 */
function newDivisionSettings(t: Tournament, ruleSetId: string | undefined): DivisionSettings {
  const settings = settingsOf(t);
  const id = ruleSetId ?? t.ruleSet;
  const ruleSet = findRuleSet(id);
  if (id !== t.ruleSet) {
    return { ...settings, ruleSet: id, options: {}, tieBreaks: defaultTieBreaks(ruleSet) };
  }
  const fitting = tieBreaksFitting(ruleSet);
  return { ...settings, tieBreaks: settings.tieBreaks.filter((tb) => fitting.includes(tb)) };
}

/** Settings as the log and the API name them (`rounds`, not `roundsPlanned`). */
function loggedSettings(s: DivisionSettings): Record<string, unknown> {
  const { roundsPlanned, ...rest } = s;
  return { ...rest, rounds: roundsPlanned };
}

/**
 * What a division's log entry keeps of a settings change: each setting changed, before and
 * after, as the API names it.
 */
function planLog(plan: DivisionPlan): {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
} {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const c of plan.changes) {
    before[c.setting] = c.before;
    after[c.setting] = c.after;
  }
  return { before, after };
}
