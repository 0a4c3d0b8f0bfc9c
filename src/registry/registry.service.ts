import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { checkVersion } from '../common/api/if-match';
import { BadInput, Conflict, NotFound, Unprocessable } from '../common/errors';
import { Transactions } from '../database/transactions';
import { Actor, changedFields, writeLog } from '../log/director-log';
import { forUpdate } from '../database/lock';
import { cleanName, lookAlikeKey, nameKey } from '../i18n/names';
import { familyOf } from './families';
import { PersonDto } from './dto/person.dto';
import { Person } from './person.entity';
import {
  PersonRecords,
  type PersonRating,
  type PlayedEvent,
  type RatingHistoryPoint,
} from './person-records';
import { FamilyStatistics, personStatistics, VerifiedSheetGame } from './person-statistics';
import { checkPersonFields, newPerson } from './persons';
import { PersonDetailView, PersonEventView, PersonView, personView } from './person.view';

/** What a person's page shows: the person's record, rating history and figures. */
export interface PersonPageData {
  detail: PersonDetailView;
  history: RatingHistoryPoint[];
  statistics: FamilyStatistics[];
  /** The person's games whose result stands on a verified score sheet (the figures' source). */
  verifiedGames: number;
  /** Games with a score sheet the engine read: each has a replay. */
  replayable: Set<number>;
}

/** The most persons a search answers with. */
export const SEARCH_LIMIT = 50;

/** `%` and `_` are letters in a search, not patterns. */
const likeEscaped = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The registry of persons: search, a person's tournaments and games across events, and the
 * person's own fields. Registering a player picks a person (`pickPerson`).
 */
@Injectable()
export class RegistryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly records: PersonRecords,
  ) {}

  /**
   * Persons whose name contains `q` as it reads to the eye (accents, case and script aside:
   * `petrovic` finds Petrović and Петровић), or whose federation id is `q`; by name.
   */
  async search(q: string, limit = SEARCH_LIMIT): Promise<PersonView[]> {
    const text = q.trim();
    if (q === '') {
      const first = await this.dataSource.manager.find(Person, {
        order: { searchKey: 'ASC', id: 'ASC' },
        take: limit,
      });
      return first.map(personView);
    }
    if (text.length < 2 || text.length > 200) {
      throw new BadInput('VALIDATION_FAILED', 'q must be 2 to 200 characters', { field: 'q' });
    }
    const rows = await this.dataSource.manager
      .createQueryBuilder(Person, 'p')
      .where("p.search_key LIKE :like ESCAPE '\\'", {
        like: `%${likeEscaped(lookAlikeKey(text))}%`,
      })
      .orWhere('p.federation_id = :id', { id: text })
      .orderBy('p.search_key', 'ASC')
      .addOrderBy('p.id', 'ASC')
      .limit(limit)
      .getMany();
    return rows.map(personView);
  }

  async get(id: number): Promise<PersonView> {
    const p = await this.dataSource.manager.findOneBy(Person, { id });
    if (!p) throw new NotFound('person', id);
    return personView(p);
  }

  /** The person with every tournament and game, in date order. */
  async detail(id: number): Promise<PersonDetailView> {
    const m = this.dataSource.manager;
    const person = await m.findOneBy(Person, { id });
    if (!person) throw new NotFound('person', id);
    const { events, games } = await this.records.played(m, id);
    return {
      ...personView(person),
      events: events.map(withFamily),
      games: games.map(({ fromSheet: _f, seatIndex: _s, ...g }) => g),
    };
  }

  /**
   * What the person's page shows beyond {@link detail}: the rating after each rated tournament,
   * the figures of the games whose result stands on a verified score sheet (how many they
   * come from), and the games that have a sheet to replay. A fixed number of reads, whatever
   * the number of games.
   */
  async page(id: number): Promise<PersonPageData> {
    const m = this.dataSource.manager;
    const person = await m.findOneBy(Person, { id });
    if (!person) throw new NotFound('person', id);
    const { events, games } = await this.records.played(m, id);
    const [history, sheets] = await Promise.all([
      this.records.ratingHistory(id, [...new Set(events.map((e) => e.tournamentId))]),
      this.records.sheetReports(
        games.filter((g) => g.outcome !== 'bye' && g.outcome !== 'pending').map((g) => g.gameId),
      ),
    ]);
    const ruleSetOf = new Map(events.map((e) => [e.divisionId, e.ruleSet]));
    const gameOf = new Map(games.map((g) => [g.gameId, g]));
    const verified: VerifiedSheetGame[] = [];
    for (const sheet of sheets) {
      const g = gameOf.get(sheet.gameId)!;
      if (!g.fromSheet || g.forfeit) continue;
      verified.push({
        gameId: g.gameId,
        ruleSet: ruleSetOf.get(g.divisionId) ?? '',
        seat: g.seatIndex,
        report: sheet.report,
      });
    }
    verified.sort((a, b) => a.gameId - b.gameId);
    return {
      detail: {
        ...personView(person),
        events: events.map(withFamily),
        games: games.map(({ fromSheet: _f, seatIndex: _s, ...g }) => g),
      },
      history,
      statistics: personStatistics(verified),
      verifiedGames: verified.length,
      replayable: new Set(sheets.map((s) => s.gameId)),
    };
  }

  /** The names of the tournaments the person played in, each once, in date order. */
  async tournamentsOf(id: number): Promise<string[]> {
    const m = this.dataSource.manager;
    return this.records.tournamentNames(m, await this.records.divisionsOf(m, id));
  }

  /** The person's ratings, one per family, in the families' order. */
  ratings(id: number): Promise<PersonRating[]> {
    return this.records.ratings(id);
  }

  async create(dto: PersonDto): Promise<PersonView> {
    if (dto.name === undefined) {
      throw new BadInput('VALIDATION_FAILED', 'name is required', { field: 'name' });
    }
    checkPersonFields(dto);
    const saved = await this.transactions.run(async (m) => {
      await this.checkFederationId(m, dto.federationId, null);
      return m.save(newPerson(m, { ...dto, name: dto.name! }));
    });
    return personView(saved);
  }

  /**
   * Edits a person's own fields; the players of past tournaments keep theirs as registered.
   * A change writes one line in the director's log of each tournament the person played in,
   * with the fields before and after, as `user`.
   */
  async update(
    id: number,
    dto: PersonDto,
    ifMatch: number | undefined,
    user: Actor,
  ): Promise<PersonView> {
    checkPersonFields(dto);
    return this.transactions.run((m) => this.updateIn(m, id, dto, ifMatch, user));
  }

  /** {@link update} in the caller's transaction (a player's edit that sets the federation id). */
  async updateIn(
    m: EntityManager,
    id: number,
    dto: PersonDto,
    ifMatch: number | undefined,
    user: Actor,
  ): Promise<PersonView> {
    checkPersonFields(dto);
    const p = await m.findOne(Person, { where: { id }, ...forUpdate(m) });
    if (!p) throw new NotFound('person', id);
    if (ifMatch !== p.version) {
      checkVersion(`person ${id}`, `GET /api/persons/${id}`, ifMatch, personView(p), dto);
    }
    const fields = (x: Person) => ({
      name: x.name,
      club: x.club,
      country: x.country,
      federationId: x.federationId,
    });
    const was = fields(p);
    if (dto.federationId !== undefined && (dto.federationId || null) !== p.federationId) {
      await this.checkFederationId(m, dto.federationId, id);
      p.federationId = dto.federationId || null;
    }
    if (dto.name !== undefined) {
      p.name = cleanName(dto.name);
      p.nameKey = nameKey(p.name);
      p.searchKey = lookAlikeKey(p.name);
    }
    if (dto.club !== undefined) p.club = dto.club?.trim() || null;
    if (dto.country !== undefined) p.country = dto.country || null;
    const changed = changedFields(was, fields(p));
    if (!changed) return personView(p);
    const saved = await m.save(p);
    // One line in each tournament's log, naming the person's player there.
    const seen = new Set<number>();
    for (const player of await this.records.playersOf(m, id)) {
      if (seen.has(player.tournamentId)) continue;
      seen.add(player.tournamentId);
      await writeLog(m, user, {
        tournamentId: player.tournamentId,
        playerId: player.playerId,
        action: 'person.edited',
        ...changed,
      });
    }
    return personView(saved);
  }

  /**
   * Sets the person's federation id in the caller's transaction, as {@link update} would (the
   * version check, the log lines), when it is not the one stored; otherwise does nothing, so
   * that a page that only showed it is not refused for a change elsewhere in the person.
   */
  async setFederationIdIn(
    m: EntityManager,
    id: number,
    federationId: string | null,
    ifMatch: number,
    user: Actor,
  ): Promise<void> {
    const p = await m.findOneBy(Person, { id });
    if (!p) throw new NotFound('person', id);
    if ((federationId || null) === p.federationId) return;
    await this.updateIn(m, id, { federationId: federationId || null }, ifMatch, user);
  }

  /**
   * What merging person `id` into `into` would move, checked as the merge checks it (the
   * same refusals), changing nothing.
   */
  async mergePreview(
    id: number,
    into: number,
  ): Promise<{ from: PersonView; into: PersonView; players: number; tournaments: string[] }> {
    return this.mergeChecks(this.dataSource.manager, id, into);
  }

  /**
   * Merges person `id` into person `into` (the same person, registered twice, or carried over
   * from two old tournaments): every player and imported rating of `id` becomes `into`'s,
   * `into` takes the country, club and federation id it lacked, `id` leaves the registry, and
   * every rating is computed again. Refused when both played in one division, have different
   * federation ids, or both have an imported rating in one family.
   */
  async merge(id: number, into: number): Promise<PersonView> {
    const merged = await this.transactions.run(async (m) => {
      await this.mergeChecks(m, id, into, true);
      const a = await m.findOneByOrFail(Person, { id });
      const b = await m.findOneByOrFail(Person, { id: into });
      const divisions = await this.records.movePlayers(m, id, into);
      await this.records.moveListedRatings(m, id, into);
      const federationId = b.federationId ?? a.federationId;
      if (a.federationId !== null) await m.update(Person, { id }, { federationId: null });
      b.federationId = federationId;
      b.country ??= a.country;
      b.club ??= a.club;
      await m.save(b);
      await m.delete(Person, { id });
      // The players' pages link the person: they are made again (closed tournaments too, as
      // their results do not change).
      await this.records.touchDivisions(m, divisions);
      await this.records.recomputeRatings(m);
      return b;
    });
    return personView(merged);
  }

  private async mergeChecks(m: EntityManager, id: number, into: number, lock = false) {
    if (id === into) {
      throw new BadInput('VALIDATION_FAILED', 'into must be another person than the one merged', {
        field: 'into',
      });
    }
    const a = await m.findOne(Person, { where: { id }, ...(lock ? forUpdate(m) : {}) });
    if (!a) throw new NotFound('person', id);
    const b = await m.findOne(Person, { where: { id: into }, ...(lock ? forUpdate(m) : {}) });
    if (!b) {
      throw new Unprocessable('UNKNOWN_PERSON', `person ${into} is not in the registry`, {
        field: 'into',
      });
    }
    if (a.federationId && b.federationId && a.federationId !== b.federationId) {
      throw new Conflict(
        'FEDERATION_ID_MISMATCH',
        `${a.name} has federation id ${a.federationId} and ${b.name} ${b.federationId}: not one person`,
        { field: 'into' },
      );
    }
    const mine = await this.records.divisionsOf(m, id);
    const theirs = new Set(await this.records.divisionsOf(m, into));
    const shared = mine.filter((d) => theirs.has(d));
    if (shared.length > 0) {
      throw new Conflict(
        'PERSONS_SHARE_DIVISION',
        `${a.name} and ${b.name} both play in division ${shared[0]}: two players, not one person`,
        { field: 'into', division: shared[0] },
      );
    }
    const listA = await this.records.listedFamilies(m, id);
    const listB = new Set(await this.records.listedFamilies(m, into));
    const clash = listA.filter((f) => listB.has(f));
    if (clash.length > 0) {
      throw new Conflict(
        'RATING_LIST_CLASH',
        `both have an imported rating in ${clash.join(', ')}: import the list again with one line for the person instead`,
        { field: 'into', families: clash },
      );
    }
    return {
      from: personView(a),
      into: personView(b),
      players: mine.length,
      tournaments: await this.records.tournamentNames(m, mine),
    };
  }

  private async checkFederationId(
    m: EntityManager,
    federationId: string | null | undefined,
    self: number | null,
  ): Promise<void> {
    if (!federationId) return;
    const holder = await m.findOneBy(Person, { federationId });
    if (holder && holder.id !== self) {
      throw new Conflict(
        'FEDERATION_ID_TAKEN',
        `federation id ${federationId} belongs to ${holder.name} (person ${holder.id})`,
        { field: 'federationId' },
      );
    }
  }
}

/**
 * An event as the person's page shows it: the division's game family in place of its rule set,
 * at the place in the answer it has always had.
 */
function withFamily({ ruleSet, ...event }: PlayedEvent): PersonEventView {
  const { tournamentId, tournament, startsOn, divisionId, division, ...player } = event;
  return {
    tournamentId,
    tournament,
    startsOn,
    divisionId,
    division,
    family: familyOf(ruleSet),
    ...player,
  };
}
