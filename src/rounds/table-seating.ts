import { EntityManager } from 'typeorm';
import { BadInput, Unprocessable } from '../common/errors';
import { insertMany } from '../database/bulk';
import { Actor, writeLog } from '../log/director-log';
import type { Player as PairingPlayer } from '../pairing';
import { seatRound, SeatedTable } from '../pairing/tables';
import { computeGroupStandings } from '../standings/placements';
import { DivisionSettings, touchDivisions } from '../tournaments/tournament-rules';
import type { PairingSystem } from '../tournaments/systems';
import { GameSeat } from './game-seat.entity';
import { Game } from './game.entity';
import type { RemovedRound } from './round-removal';
import { Round } from './round.entity';
import {
  groupSystemOf,
  groupTieBreaks,
  playerIdsOf,
  seatsOf,
  tableRecord,
  tableResult,
} from './tables';

/** What seating a round at tables needs: the checks common to pairs are done by the caller. */
export interface TableSeatingInput {
  division: Pick<DivisionSettings, 'ruleSet' | 'tableSize' | 'placePoints' | 'byeSpread'> & {
    id: number;
  };
  tournament: { id: number };
  /** The round to seat. */
  round: number;
  system: PairingSystem;
  /** Every player of the division as pairing sees them (active: seated this round). */
  players: readonly PairingPlayer[];
  names: ReadonlyMap<string, string>;
  /** Games of the earlier rounds, with their round numbers. */
  games: readonly { game: Game; round: number }[];
  /** For system manual: each table's player ids in turn order. */
  tables?: number[][];
  seed?: string;
  user: Actor;
  /** When the round replaces one removed (re-pair): what it held, for the log. */
  repaired?: RemovedRound;
  /** The round whose standings rank the players (a Swiss); null when none do. */
  basedOn: number | null;
}

/**
 * Seats round `round` of a division played at tables ({@link seatRound}: Swiss for groups by
 * the standings of places, random, seeded snake, the round robins of groups; or the tables
 * given by hand), records it with its games and seats, and logs it. The new round's id.
 */
export async function seatTablesIn(m: EntityManager, input: TableSeatingInput): Promise<number> {
  const { division, tournament, round: n, system, players, names, user } = input;
  const seats = await seatsOf(
    m,
    input.games.map((g) => g.game.id),
  );
  const history = input.games.map((g) => tableRecord(g.game, seats.get(g.game.id), g.round));
  const groupSystem = groupSystemOf(system);
  let tables: SeatedTable[];
  let byes: string[];
  let repeats: number;
  if (groupSystem === 'manual') {
    ({ tables, byes, repeats } = manualTables(input.tables!, players, division, history));
  } else {
    const standings = computeGroupStandings(
      players,
      input.games.map((g) => tableResult(g.game, seats.get(g.game.id), g.round)),
      {
        tieBreaks: groupTieBreaks(division),
        placePoints: division.placePoints ?? undefined,
        throughRound: input.basedOn ?? n - 1,
      },
    );
    const outcome = seatRound({
      system: groupSystem,
      round: n,
      seats: division.tableSize,
      players,
      history,
      ranking: standings.map((r) => r.playerId),
      points: Object.fromEntries(standings.map((r) => [r.playerId, r.points])),
      seed: input.seed ?? `tournament ${tournament.id} division ${division.id} round ${n}`,
    });
    if (!outcome.ok) throw new Unprocessable('SEATING_FAILED', outcome.message);
    ({ tables, byes, repeats } = outcome);
  }
  const notes =
    repeats > 0
      ? [
          `${repeats} pair${repeats === 1 ? '' : 's'} of players at one table ${repeats === 1 ? 'has' : 'have'} met before`,
        ]
      : [];
  const round = await m.save(
    m.create(Round, { divisionId: division.id, number: n, system, notes, basedOn: input.basedOn }),
  );
  const byeTables = byes.map((id, i) => ({ table: tables.length + i + 1, seats: [id] }));
  await insertMany(
    m,
    Game,
    [...tables, ...byeTables].map((t) => {
      const bye = t.seats.length === 1;
      return {
        roundId: round.id,
        tableNumber: t.table,
        firstPlayerId: Number(t.seats[0]),
        secondPlayerId: bye ? null : Number(t.seats[1]),
        status: bye ? ('bye' as const) : ('pending' as const),
        winner: bye ? ('first' as const) : null,
        firstScore: bye ? division.byeSpread : null,
        secondScore: bye ? 0 : null,
        firstRemaining: null,
        secondRemaining: null,
        timeLossPlayerId: null,
        resultSource: bye ? ('bye' as const) : null,
        resultKind: null,
        version: 1,
      };
    }),
  );
  const ids = new Map(
    (
      await m.find(Game, { where: { roundId: round.id }, select: { id: true, tableNumber: true } })
    ).map((g) => [g.tableNumber, g.id] as const),
  );
  await insertMany(
    m,
    GameSeat,
    tables.flatMap((t) =>
      t.seats.map((id, i) => ({
        gameId: ids.get(t.table)!,
        seat: i + 1,
        playerId: Number(id),
        score: null,
        remaining: null,
        cards: null,
        place: null,
      })),
    ),
  );
  await touchDivisions(m, division.id);
  const named = [...tables, ...byeTables].map((t) => ({
    table: t.table,
    seats: t.seats.map((id) => names.get(id) ?? id),
  }));
  await writeLog(m, user, {
    tournamentId: tournament.id,
    divisionId: division.id,
    round: n,
    action: input.repaired ? 'round.repaired' : 'round.paired',
    ...(input.repaired
      ? { before: { ...input.repaired }, after: { system, tables: named } }
      : {
          after: {
            system,
            tables: tables.length,
            byes: byes.length,
            ...(repeats > 0 ? { repeats } : {}),
          },
        }),
  });
  return round.id;
}

/**
 * Tables given by hand, checked: every active player once, nobody else, table sizes from 2 to
 * the division's (a table of one is a bye). Pairs who met before are counted, not refused.
 */
function manualTables(
  given: number[][],
  players: readonly PairingPlayer[],
  division: Pick<DivisionSettings, 'tableSize'>,
  history: readonly { round: number; seats: readonly string[] }[],
): { tables: SeatedTable[]; byes: string[]; repeats: number } {
  const problems: string[] = [];
  const byId = new Map(players.map((p) => [p.id, p] as const));
  const seen = new Map<string, number>();
  given.forEach((table, i) => {
    if (table.length > division.tableSize) {
      problems.push(
        `table ${i + 1} has ${table.length} players; the division plays at tables of at most ${division.tableSize}`,
      );
    }
    for (const raw of table) {
      const id = String(raw);
      const p = byId.get(id);
      if (!p) problems.push(`table ${i + 1}: player ${id} is not in the division`);
      else if (!p.active)
        problems.push(
          `table ${i + 1}: player ${id} does not play this round (withdrawn, absent or not yet joined)`,
        );
      if (seen.has(id))
        problems.push(`player ${id} is at table ${seen.get(id)! + 1} and table ${i + 1}`);
      else seen.set(id, i);
    }
  });
  const missing = players.filter((p) => p.active && !seen.has(p.id)).map((p) => p.id);
  if (missing.length > 0) problems.push(`players ${missing.join(', ')} have no table`);
  if (problems.length > 0) throw new BadInput('INVALID_TABLES', problems.join('; '), { problems });
  const met = new Set<string>();
  for (const t of history)
    for (let a = 0; a < t.seats.length; a++)
      for (let b = a + 1; b < t.seats.length; b++) met.add(pairKey(t.seats[a], t.seats[b]));
  let repeats = 0;
  const tables: SeatedTable[] = [];
  const byes: string[] = [];
  for (const table of given) {
    const ids = table.map(String);
    if (ids.length === 1) {
      byes.push(ids[0]);
      continue;
    }
    for (let a = 0; a < ids.length; a++)
      for (let b = a + 1; b < ids.length; b++) if (met.has(pairKey(ids[a], ids[b]))) repeats++;
    tables.push({ table: tables.length + 1, seats: ids });
  }
  return { tables, byes, repeats };
}

const pairKey = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);

/**
 * Exchanges two players of a round at tables that has no result yet: at different tables they
 * change places (a bye too), at one table they change seats, so who moves first. The tables
 * before and after, by player names, for the log; a 422 when either is not in the round.
 */
export async function swapAtTables(
  m: EntityManager,
  games: readonly Game[],
  x: number,
  y: number,
  nameOf: (id: number) => string,
): Promise<{ before: TableLine[]; after: TableLine[] }> {
  const seats = await seatsOf(
    m,
    games.map((g) => g.id),
  );
  const tables = games.map((g) => playerIdsOf(g, seats.get(g.id)));
  const absent = [x, y].filter((id) => !tables.some((t) => t.includes(id)));
  if (absent.length > 0) {
    throw new Unprocessable(
      'NOT_IN_ROUND',
      `player ${absent.join(' and ')} ${absent.length > 1 ? 'are' : 'is'} not seated in the round`,
    );
  }
  const swapped = tables.map((t) => t.map((id) => (id === x ? y : id === y ? x : id)));
  const before: TableLine[] = [];
  const after: TableLine[] = [];
  for (const [i, game] of games.entries()) {
    const now = swapped[i];
    if (now.join() === tables[i].join()) continue;
    before.push({ table: game.tableNumber, seats: tables[i].map(nameOf) });
    after.push({ table: game.tableNumber, seats: now.map(nameOf) });
    if (now.length > 1) {
      // Deleted and written again: a seat changing hands inside one table would otherwise
      // meet the one-player-a-seat constraint half-way.
      await m.delete(GameSeat, { gameId: game.id });
      await insertMany(
        m,
        GameSeat,
        now.map((playerId, s) => ({ gameId: game.id, seat: s + 1, playerId })),
      );
    }
    await m.update(
      Game,
      { id: game.id },
      { firstPlayerId: now[0], secondPlayerId: now.length > 1 ? now[1] : null },
    );
  }
  return { before, after };
}

/** A table as the log keeps it: its number and its players' names in turn order. */
export interface TableLine {
  table: number;
  seats: string[];
}
