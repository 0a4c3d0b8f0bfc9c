import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { checkVersion } from '../common/api/if-match';
import { BadInput, Conflict, NotFound, Unprocessable } from '../common/errors';
import { Transactions } from '../database/transactions';
import { forUpdate } from '../database/lock';
import { Player } from '../players/player.entity';
import { cleanName, lookAlikeKey, nameKey } from '../i18n/names';
import { familyOf } from './families';
import { Game } from '../rounds/game.entity';
import { Round } from '../rounds/round.entity';
import { GameSeat } from '../rounds/game-seat.entity';
import { playerIdsOf, playsAtTables, seatsOf } from '../rounds/tables';
import { Division } from '../tournaments/division.entity';
import { Tournament } from '../tournaments/tournament.entity';
import { RatingListEntry } from '../ratings/rating.entity';
import { RatingsService } from '../ratings/ratings.service';
import { touchDivisions } from '../tournaments/tournament-rules';
import { PersonDto } from './dto/person.dto';
import { Person } from './person.entity';
import { checkPersonFields, newPerson } from './persons';
import {
  PersonDetailView,
  PersonEventView,
  PersonGameView,
  PersonView,
  personView,
} from './person.view';

/** The most persons a search answers with. */
export const SEARCH_LIMIT = 50;

/** `%` and `_` are letters in a search, not patterns. */
const likeEscaped = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Date order of tournaments: by first day (a tournament without one last), then id. */
export function eventOrder(
  a: { startsOn: string | null; id: number },
  b: { startsOn: string | null; id: number },
): number {
  const x = a.startsOn ?? '9999';
  const y = b.startsOn ?? '9999';
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
}

/**
 * The registry of persons: search, a person's tournaments and games across events, and the
 * person's own fields. Registering a player picks a person (`pickPerson`).
 */
@Injectable()
export class RegistryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly ratings: RatingsService,
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
    const players = await m.find(Player, { where: { personId: id } });
    const playerIds = players.map((p) => p.id);
    const { divisions, tournaments, games, seats, rounds, opponents } = await personRecords(
      m,
      players,
    );
    const own = new Set(playerIds);
    const gameViews: (PersonGameView & { order: [Tournament, number, number] })[] = [];
    const tally = new Map<number, { wins: number; draws: number; losses: number }>();
    /** At tables: how often each of the person's players finished 1st, 2nd, … */
    const placeTally = new Map<number, number[]>();
    for (const g of games) {
      const round = rounds.get(g.roundId)!;
      const division = divisions.get(round.divisionId)!;
      const tournament = tournaments.get(division.tournamentId)!;
      const seated = seats.get(g.id) ?? [];
      if (seated.length > 0) {
        // A table of more than two: the person's seat, place and the others, never a pair.
        const mine = seated.find((s) => own.has(s.playerId))!;
        const placed = g.status === 'complete' && mine.place !== null;
        if (placed) {
          const places = placeTally.get(mine.playerId) ?? [];
          while (places.length < mine.place!) places.push(0);
          places[mine.place! - 1]++;
          placeTally.set(mine.playerId, places);
        }
        gameViews.push({
          gameId: g.id,
          tournamentId: tournament.id,
          divisionId: division.id,
          round: round.number,
          opponentPlayerId: null,
          opponentPersonId: null,
          opponent: null,
          outcome: g.status === 'bye' ? 'bye' : placed ? 'placed' : 'pending',
          forfeit: false,
          score: placed ? mine.score : null,
          opponentScore: null,
          table: {
            seat: mine.seat,
            seats: seated.length,
            place: placed ? mine.place : null,
            others: seated
              .filter((s) => s !== mine)
              .map((s) => ({
                seat: s.seat,
                playerId: s.playerId,
                personId: opponents.get(s.playerId)?.personId ?? null,
                name: opponents.get(s.playerId)?.name ?? `#${s.playerId}`,
                score: placed ? s.score : null,
                place: placed ? s.place : null,
              })),
          },
          order: [tournament, division.id, round.number * 100000 + g.tableNumber],
        });
        continue;
      }
      const first = own.has(g.firstPlayerId);
      const mine = first ? g.firstPlayerId : g.secondPlayerId!;
      const otherId = first ? g.secondPlayerId : g.firstPlayerId;
      const other = otherId !== null ? opponents.get(otherId) : undefined;
      const outcome: PersonGameView['outcome'] =
        g.status === 'bye'
          ? 'bye'
          : g.status !== 'complete' || !g.winner
            ? 'pending'
            : g.winner === 'draw'
              ? 'draw'
              : g.winner === 'none'
                ? 'loss'
                : (g.winner === 'first') === first
                  ? 'win'
                  : 'loss';
      const t = tally.get(mine) ?? { wins: 0, draws: 0, losses: 0 };
      if (outcome === 'win' || outcome === 'bye') t.wins++;
      else if (outcome === 'draw') t.draws++;
      else if (outcome === 'loss') t.losses++;
      tally.set(mine, t);
      const played = g.status === 'complete' && !g.resultKind;
      gameViews.push({
        gameId: g.id,
        tournamentId: tournament.id,
        divisionId: division.id,
        round: round.number,
        opponentPlayerId: otherId,
        opponentPersonId: other?.personId ?? null,
        opponent: other?.name ?? null,
        outcome,
        forfeit: g.resultKind !== null,
        score: played ? (first ? g.firstScore : g.secondScore) : null,
        opponentScore: played ? (first ? g.secondScore : g.firstScore) : null,
        order: [tournament, division.id, round.number * 100000 + g.tableNumber],
      });
    }
    gameViews.sort(
      (a, b) =>
        eventOrder(a.order[0], b.order[0]) || a.order[1] - b.order[1] || a.order[2] - b.order[2],
    );
    const events = personEvents(players, divisions, tournaments, tally, placeTally);
    return {
      ...personView(person),
      events,
      games: gameViews.map(({ order: _o, ...g }) => g),
    };
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

  /** Edits a person's own fields; the players of past tournaments keep theirs as registered. */
  async update(id: number, dto: PersonDto, ifMatch: number | undefined): Promise<PersonView> {
    checkPersonFields(dto);
    const saved = await this.transactions.run(async (m) => {
      const p = await m.findOne(Person, { where: { id }, ...forUpdate(m) });
      if (!p) throw new NotFound('person', id);
      if (ifMatch !== p.version) {
        checkVersion(`person ${id}`, `GET /api/persons/${id}`, ifMatch, personView(p), dto);
      }
      if (dto.federationId !== undefined && dto.federationId !== p.federationId) {
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
      return m.save(p);
    });
    return personView(saved);
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
      const players = await m.find(Player, {
        where: { personId: id },
        select: { id: true, divisionId: true },
      });
      await m.update(Player, { personId: id }, { personId: into });
      await m.update(RatingListEntry, { personId: id }, { personId: into });
      const federationId = b.federationId ?? a.federationId;
      if (a.federationId !== null) await m.update(Person, { id }, { federationId: null });
      b.federationId = federationId;
      b.country ??= a.country;
      b.club ??= a.club;
      await m.save(b);
      await m.delete(Person, { id });
      // The players' pages link the person: they are made again (closed tournaments too, as
      // their results do not change).
      await touchDivisions(m, [...new Set(players.map((p) => p.divisionId))], { closing: true });
      await this.ratings.recompute(m);
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
    const mine = await m.find(Player, { where: { personId: id } });
    const theirs = new Set(
      (await m.find(Player, { where: { personId: into }, select: { divisionId: true } })).map(
        (p) => p.divisionId,
      ),
    );
    const shared = mine.filter((p) => theirs.has(p.divisionId));
    if (shared.length > 0) {
      throw new Conflict(
        'PERSONS_SHARE_DIVISION',
        `${a.name} and ${b.name} both play in division ${shared[0].divisionId}: two players, not one person`,
        { field: 'into', division: shared[0].divisionId },
      );
    }
    const listA = await m.find(RatingListEntry, { where: { personId: id } });
    const listB = new Set(
      (await m.find(RatingListEntry, { where: { personId: into } })).map((l) => l.family),
    );
    const clash = listA.filter((l) => listB.has(l.family)).map((l) => l.family);
    if (clash.length > 0) {
      throw new Conflict(
        'RATING_LIST_CLASH',
        `both have an imported rating in ${clash.join(', ')}: import the list again with one line for the person instead`,
        { field: 'into', families: clash },
      );
    }
    const divisions = mine.length
      ? await m.findBy(Division, { id: In([...new Set(mine.map((p) => p.divisionId))]) })
      : [];
    const tournaments = divisions.length
      ? await m.findBy(Tournament, { id: In([...new Set(divisions.map((d) => d.tournamentId))]) })
      : [];
    return {
      from: personView(a),
      into: personView(b),
      players: mine.length,
      tournaments: tournaments.sort(eventOrder).map((t) => t.name),
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
 * What a person's record is made of: their players' divisions and tournaments, every game they
 * have a seat at (pairs and tables), its round and seats, and the opponents' players.
 */
async function personRecords(m: EntityManager, players: Player[]) {
  const divisions = new Map(
    (players.length
      ? await m.findBy(Division, { id: In(players.map((p) => p.divisionId)) })
      : []
    ).map((d) => [d.id, d]),
  );
  const tournaments = new Map(
    (divisions.size
      ? await m.findBy(Tournament, { id: In([...divisions.values()].map((d) => d.tournamentId)) })
      : []
    ).map((t) => [t.id, t]),
  );
  const playerIds = players.map((p) => p.id);
  const seatedIds = playerIds.length
    ? [
        ...new Set(
          (
            await m.find(GameSeat, {
              where: { playerId: In(playerIds) },
              select: { gameId: true },
            })
          ).map((s) => s.gameId),
        ),
      ]
    : [];
  const games = playerIds.length
    ? await m.find(Game, {
        where: [
          { firstPlayerId: In(playerIds) },
          { secondPlayerId: In(playerIds) },
          // Tables of more than two: every game the person has a seat at.
          ...(seatedIds.length > 0 ? [{ id: In(seatedIds) }] : []),
        ],
      })
    : [];
  const seats = await seatsOf(
    m,
    games.map((g) => g.id),
  );
  const rounds = new Map(
    (games.length
      ? await m.findBy(Round, { id: In([...new Set(games.map((g) => g.roundId))]) })
      : []
    ).map((r) => [r.id, r]),
  );
  const opponentIds = games
    .flatMap((g) => [g.firstPlayerId, g.secondPlayerId, ...playerIdsOf(g, seats.get(g.id))])
    .filter((x): x is number => x !== null && !playerIds.includes(x));
  const opponents = new Map(
    (opponentIds.length ? await m.findBy(Player, { id: In([...new Set(opponentIds)]) }) : []).map(
      (p) => [p.id, p],
    ),
  );
  return { divisions, tournaments, games, seats, rounds, opponents };
}

/** Each event a person played, with their wins, draws and losses (at tables, their places). */
function personEvents(
  players: Player[],
  divisions: Map<number, Division>,
  tournaments: Map<number, Tournament>,
  tally: Map<number, { wins: number; draws: number; losses: number }>,
  placeTally: Map<number, number[]>,
): PersonEventView[] {
  return players
    .map((p) => {
      const d = divisions.get(p.divisionId)!;
      const t = tournaments.get(d.tournamentId)!;
      const n = tally.get(p.id) ?? { wins: 0, draws: 0, losses: 0 };
      const places = playsAtTables(d)
        ? Array.from(
            { length: Math.max(d.tableSize, placeTally.get(p.id)?.length ?? 0) },
            (_, i) => placeTally.get(p.id)?.[i] ?? 0,
          )
        : null;
      return {
        tournamentId: t.id,
        tournament: t.name,
        startsOn: t.startsOn,
        divisionId: d.id,
        division: d.name,
        family: familyOf(d.ruleSet),
        playerId: p.id,
        name: p.name,
        ...n,
        ...(places ? { places } : {}),
        t,
      };
    })
    .sort((a, b) => eventOrder(a.t, b.t) || a.divisionId - b.divisionId)
    .map(({ t: _t, ...e }) => e);
}
