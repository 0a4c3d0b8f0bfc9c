import { Injectable } from '@nestjs/common';
import { DataSource, LessThan } from 'typeorm';
import type { FindOptionsWhere } from 'typeorm';
import { NotFound } from '../common/errors';
import { DirectorLogEntry } from './director-log.entity';
import { LogEntryView, LogPageView } from './director-log.view';
import { LogSubjects } from './log-subjects';

/** Entries a page shows when the caller says nothing. */
export const LOG_PAGE = 100;

/** Reads the director's log: newest first, a page at a time, for one division or all. */
@Injectable()
export class DirectorLogService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly subjects: LogSubjects,
  ) {}

  async list(
    tournamentId: number,
    query: { division?: number; before?: number; limit?: number } = {},
  ): Promise<LogPageView> {
    const m = this.dataSource.manager;
    const { divisions } = await this.subjects.tournament(tournamentId);
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
    const games = await this.subjects.playersOfGames(ids(page.map((r) => r.gameId)));
    const names = await this.subjects.playerNames(
      ids([...page.map((r) => r.playerId), ...[...games.values()].flat()]),
    );
    const divisionName = new Map(divisions.map((d) => [d.id, d.name]));
    return {
      entries: page.map((r): LogEntryView => {
        const players = r.gameId === null ? undefined : games.get(r.gameId);
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
          gameId: players ? r.gameId : null,
          players: players
            ? players.map((id) => (id === null ? null : (names.get(id) ?? '')))
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
