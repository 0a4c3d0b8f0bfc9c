import { Injectable } from '@nestjs/common';
import { playerIdsOf, seatsOf } from '../rounds/tables';
import { DataSource, In, LessThan } from 'typeorm';
import type { FindOptionsWhere } from 'typeorm';
import { NotFound } from '../common/errors';
import { Player } from '../players/player.entity';
import { Game } from '../rounds/game.entity';
import { Division } from '../tournaments/division.entity';
import { Tournament } from '../tournaments/tournament.entity';
import { DirectorLogEntry } from './director-log.entity';
import { LogEntryView, LogPageView } from './director-log.view';

/** Entries a page shows when the caller says nothing. */
export const LOG_PAGE = 100;

/** Reads the director's log: newest first, a page at a time, for one division or all. */
@Injectable()
export class DirectorLogService {
  constructor(private readonly dataSource: DataSource) {}

  async list(
    tournamentId: number,
    query: { division?: number; before?: number; limit?: number } = {},
  ): Promise<LogPageView> {
    const m = this.dataSource.manager;
    if (!(await m.existsBy(Tournament, { id: tournamentId }))) {
      throw new NotFound('tournament', tournamentId);
    }
    const divisions = await m.find(Division, {
      where: { tournamentId },
      select: { id: true, name: true },
    });
    if (query.division !== undefined && !divisions.some((d) => d.id === query.division)) {
      throw new NotFound(`division of tournament ${tournamentId}`, query.division);
    }
    const limit = query.limit ?? LOG_PAGE;
    const where: FindOptionsWhere<DirectorLogEntry> = { tournamentId };
    if (query.division !== undefined) where.divisionId = query.division;
    if (query.before !== undefined) where.id = LessThan(query.before);
    const rows = await m.find(DirectorLogEntry, {
      where,
      order: { id: 'DESC' },
      take: limit + 1,
    });
    const page = rows.slice(0, limit);
    const games = new Map(
      (await m.findBy(Game, { id: In(ids(page.map((r) => r.gameId))) })).map((g) => [g.id, g]),
    );
    const seats = await seatsOf(m, [...games.keys()]);
    // A game's players in turn order: a table's seats, or its first and second (null for a bye).
    const playersOf = (g: Game): (number | null)[] =>
      seats.has(g.id) ? playerIdsOf(g, seats.get(g.id)) : [g.firstPlayerId, g.secondPlayerId];
    const playerIds = ids([
      ...page.map((r) => r.playerId),
      ...[...games.values()].flatMap(playersOf),
    ]);
    const names = new Map(
      (
        await m.find(Player, { where: { id: In(playerIds) }, select: { id: true, name: true } })
      ).map((p) => [p.id, p.name]),
    );
    const divisionName = new Map(divisions.map((d) => [d.id, d.name]));
    return {
      entries: page.map((r): LogEntryView => {
        const game = r.gameId === null ? undefined : games.get(r.gameId);
        return {
          id: r.id,
          at: r.createdAt,
          action: r.action,
          by:
            r.userName === null ? null : { userId: r.userId, name: r.userName, email: r.userEmail },
          note: r.note,
          divisionId: r.divisionId,
          division: r.divisionId === null ? null : (divisionName.get(r.divisionId) ?? null),
          playerId: r.playerId,
          player: r.playerId === null ? null : (names.get(r.playerId) ?? null),
          gameId: game ? game.id : null,
          players: game
            ? playersOf(game).map((id) => (id === null ? null : (names.get(id) ?? '')))
            : null,
          round: r.round,
          table: r.tableNumber,
          before: (r.before as Record<string, unknown> | null) ?? null,
          after: (r.after as Record<string, unknown> | null) ?? null,
        };
      }),
      older: rows.length > limit ? page[page.length - 1].id : null,
    };
  }
}

/** The distinct ids of a list, nulls left out. */
function ids(list: (number | null)[]): number[] {
  return [...new Set(list.filter((x): x is number => x !== null))];
}
