import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { BadInput, Conflict, NotFound } from '../common/errors';
import { Transactions } from '../database/transactions';
import { checkOptions, findRuleSet, optionNamesFor, RULE_SETS } from '../engine';
import { Player } from '../players/player.entity';
import { Round } from '../rounds/round.entity';
import { Division } from './division.entity';
import { CreateTournamentDto, DivisionDto, UpdateTournamentDto } from './dto/tournament.dto';
import { findDivision, touchDivisions } from './tournament-rules';
import { DEFAULT_TIE_BREAKS, Tournament } from './tournament.entity';
import { DivisionView, RuleSetView, TournamentView } from './tournament.view';

/** Bye spread when the organiser sets none (a common club figure). */
export const DEFAULT_BYE_SPREAD = 50;

/** Throws a 400 listing every bad option, as the engine words it. */
export function checkRuleOptions(ruleSetId: string, options: Record<string, unknown>): void {
  const ruleSet = findRuleSet(ruleSetId);
  if (!ruleSet) throw new BadInput('UNKNOWN_RULE_SET', `there is no rule set '${ruleSetId}'`);
  const errors = checkOptions(ruleSet, options);
  if (errors.length > 0) {
    throw new BadInput('INVALID_OPTIONS', errors.map((e) => e.message).join('; '), errors);
  }
}

@Injectable()
export class TournamentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  ruleSets(): RuleSetView[] {
    return Object.values(RULE_SETS).map((r) => ({
      id: r.id,
      name: r.name,
      clockMinutes: r.clock.minutes,
      options: optionNamesFor(r),
    }));
  }

  async create(dto: CreateTournamentDto): Promise<TournamentView> {
    const options = dto.options ?? {};
    checkRuleOptions(dto.ruleSet, options);
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
          ruleSet: dto.ruleSet,
          options,
          roundsPlanned: dto.rounds,
          pairingPlan: dto.pairingPlan ?? ['swiss'],
          tieBreaks: dto.tieBreaks ?? DEFAULT_TIE_BREAKS,
          byeSpread: dto.byeSpread ?? DEFAULT_BYE_SPREAD,
        }),
      );
      for (const name of dto.divisions ?? ['Open']) {
        await m.save(m.create(Division, { tournamentId: t.id, name: name.trim() }));
      }
      return t.id;
    });
    return this.get(id);
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

  async update(id: number, dto: UpdateTournamentDto): Promise<TournamentView> {
    await this.transactions.run(async (m) => {
      const t = await m.findOneBy(Tournament, { id });
      if (!t) throw new NotFound('tournament', id);
      const divisions = await m.findBy(Division, { tournamentId: id });
      const divisionIds = divisions.map((d) => d.id);
      const paired =
        divisionIds.length === 0
          ? 0
          : ((
              await m
                .createQueryBuilder(Round, 'r')
                .select('MAX(r.number)', 'n')
                .where({ divisionId: In(divisionIds) })
                .getRawOne<{ n: number | string | null }>()
            )?.n ?? 0);
      const started = Number(paired) > 0;
      const locked = (['ruleSet', 'options', 'byeSpread'] as const).filter(
        (k) => dto[k] !== undefined && JSON.stringify(dto[k]) !== JSON.stringify(t[k]),
      );
      if (started && locked.length > 0) {
        throw new Conflict(
          'TOURNAMENT_STARTED',
          `${locked.join(', ')} cannot change once a round has been paired`,
        );
      }
      if (dto.rounds !== undefined && dto.rounds < Number(paired)) {
        throw new Conflict(
          'ROUNDS_ALREADY_PAIRED',
          `${paired} rounds are already paired; the tournament cannot have ${dto.rounds}`,
        );
      }
      const ruleSet = dto.ruleSet ?? t.ruleSet;
      const options = dto.options ?? t.options;
      if (dto.ruleSet !== undefined || dto.options !== undefined)
        checkRuleOptions(ruleSet, options);
      t.name = dto.name?.trim() ?? t.name;
      t.ruleSet = ruleSet;
      t.options = options;
      t.roundsPlanned = dto.rounds ?? t.roundsPlanned;
      t.pairingPlan = dto.pairingPlan ?? t.pairingPlan;
      t.tieBreaks = dto.tieBreaks ?? t.tieBreaks;
      t.byeSpread = dto.byeSpread ?? t.byeSpread;
      await m.save(t);
      await touchDivisions(m, divisionIds);
    });
    return this.get(id);
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

  async addDivision(tournamentId: number, dto: DivisionDto): Promise<DivisionView> {
    const id = await this.transactions.run(async (m) => {
      if (!(await m.existsBy(Tournament, { id: tournamentId }))) {
        throw new NotFound('tournament', tournamentId);
      }
      await this.checkDivisionName(m, tournamentId, dto.name);
      return (await m.save(m.create(Division, { tournamentId, name: dto.name.trim() }))).id;
    });
    return this.division(id);
  }

  async renameDivision(id: number, dto: DivisionDto): Promise<DivisionView> {
    await this.transactions.run(async (m) => {
      const d = await m.findOneBy(Division, { id });
      if (!d) throw new NotFound('division', id);
      if (d.name === dto.name.trim()) return;
      await this.checkDivisionName(m, d.tournamentId, dto.name);
      d.name = dto.name.trim();
      d.revision += 1;
      await m.save(d);
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
      ruleSet: t.ruleSet,
      options: t.options,
      rounds: t.roundsPlanned,
      pairingPlan: t.pairingPlan,
      tieBreaks: t.tieBreaks,
      byeSpread: t.byeSpread,
      divisions: views.filter((d) => d.tournamentId === t.id),
      createdAt: t.createdAt,
    }));
  }

  private async divisionViews(m: EntityManager, divisions: Division[]): Promise<DivisionView[]> {
    const ids = divisions.map((d) => d.id);
    if (ids.length === 0) return [];
    const players = await m
      .createQueryBuilder(Player, 'p')
      .select('p.division_id', 'division')
      .addSelect('COUNT(*)', 'total')
      .addSelect('SUM(CASE WHEN p.active THEN 1 ELSE 0 END)', 'active')
      .where({ divisionId: In(ids) })
      .groupBy('p.division_id')
      .getRawMany<{ division: number; total: string | number; active: string | number }>();
    const rounds = await m
      .createQueryBuilder(Round, 'r')
      .select('r.division_id', 'division')
      .addSelect('MAX(r.number)', 'n')
      .where({ divisionId: In(ids) })
      .groupBy('r.division_id')
      .getRawMany<{ division: number; n: string | number }>();
    return divisions.map((d) => {
      const p = players.find((x) => Number(x.division) === d.id);
      const r = rounds.find((x) => Number(x.division) === d.id);
      return {
        id: d.id,
        tournamentId: d.tournamentId,
        name: d.name,
        players: Number(p?.total ?? 0),
        activePlayers: Number(p?.active ?? 0),
        roundsPaired: Number(r?.n ?? 0),
      };
    });
  }
}
