import { EntityManager, In } from 'typeorm';
import { playersOfPerson, playersWithIds } from '../players/person-players';
import { divisionsAndTournaments, eventOrder } from '../tournaments/played-divisions';
import { Game } from './game.entity';
import { GameSeat } from './game-seat.entity';
import { Round } from './round.entity';
import { playsAtTables } from '../tournaments/tournament-rules';
import { playerIdsOf, seatsOf } from './tables';
import type { PlayedEvent, PlayedGame } from '../registry/person-records';

/*
 * A person's record across events, as the registry's person page asks for it
 * (src/registry/person-records.ts): each event they played in and every game they have a seat
 * at, made of the players', tournaments' and rounds' rows.
 */

type Player = Awaited<ReturnType<typeof playersOfPerson>>[number];
type Records = Awaited<ReturnType<typeof personRecords>>;
/** A player's wins, draws and losses in games of pairs. */
type Tally = { wins: number; draws: number; losses: number };

/** Each event the person played in (one per player) and each of their games, in date order. */
export async function personPlayed(
  m: EntityManager,
  personId: number,
): Promise<{ events: PlayedEvent[]; games: PlayedGame[] }> {
  const players = await playersOfPerson(m, personId);
  const records = await personRecords(m, players);
  const { games, tally, placeTally } = personGames(records, new Set(players.map((p) => p.id)));
  return { events: personEvents(players, records, tally, placeTally), games };
}

/**
 * What a person's record is made of: their players' divisions and tournaments, every game they
 * have a seat at (pairs and tables), its round and seats, and the opponents' players.
 */
async function personRecords(m: EntityManager, players: Player[]) {
  const { divisions, tournaments } = await divisionsAndTournaments(
    m,
    players.map((p) => p.divisionId),
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
    (await playersWithIds(m, [...new Set(opponentIds)])).map((p) => [p.id, p]),
  );
  return { divisions, tournaments, games, seats, rounds, opponents };
}

/**
 * The person's games (`own`: their players) in date order, then by round and table, with each
 * player's wins, draws and losses and, at tables, how often it finished 1st, 2nd, …
 */
function personGames(
  { divisions, tournaments, games, seats, rounds, opponents }: Records,
  own: Set<number>,
) {
  const gameViews: (PlayedGame & {
    order: [{ startsOn: string | null; id: number }, number, number];
  })[] = [];
  const tally = new Map<number, Tally>();
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
        fromSheet: g.resultSource === 'scoresheet',
        seatIndex: mine.seat - 1,
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
    const outcome: PlayedGame['outcome'] =
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
      fromSheet: g.resultSource === 'scoresheet',
      seatIndex: first ? 0 : 1,
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
  return { games: gameViews.map(({ order: _o, ...g }) => g), tally, placeTally };
}

/**
 * Each event a person played, with their wins, draws and losses (at tables, their places), in
 * date order.
 */
function personEvents(
  players: Player[],
  { divisions, tournaments }: Records,
  tally: Map<number, Tally>,
  placeTally: Map<number, number[]>,
): PlayedEvent[] {
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
        ruleSet: d.ruleSet,
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
