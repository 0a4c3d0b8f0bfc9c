import { EntityManager, In } from 'typeorm';
import { seatsOf } from './tables';
import type { GameRecords } from './game-records';
import { absentOf, resultKindOf, resultSnapshot, ResultSnapshot } from './game-facts';
import { Game } from './game.entity';
import { Round } from './round.entity';

/** What removing a round takes away, counted: the confirmation names these figures. */
export interface RemovalCounts {
  /** Tables of the round, byes included. */
  games: number;
  /** Games with a result (typed, forfeit or from a sheet); byes are not counted. */
  results: number;
  /** Score sheets stored. */
  sheets: number;
  /** Score sheets being typed (drafts). */
  drafts: number;
}

/** One table of a removed round, everything it held, as the director's log keeps it. */
export interface RemovedTable {
  table: number;
  first: string | null;
  second: string | null;
  /** A table of more than two: every seat in turn order, with its figures once placed. */
  seats?: { name: string; score: number | null; place: number | null }[];
  /** The result as history keeps it, with its kind and who was absent; null while pending (and at a table of more than two, whose seats hold it). */
  result: (ResultSnapshot & { kind: string | null; absent: 0 | 1 | null }) | null;
  /** The score sheet exactly as typed, and whether it agreed with the rules. */
  sheet: { text: string; ok: boolean | null } | null;
  /** A sheet being typed: the form's rows as saved. */
  draft: { form: string; savedBy: string | null } | null;
  /** Every change of the result, oldest first, as the game's history had it. */
  history: {
    at: string;
    action: string;
    by: { name: string; email: string | null } | null;
    before: unknown;
    after: unknown;
  }[];
}

/** A removed round as its log entry's `before` holds it: nothing of it is lost. */
export interface RemovedRound {
  system: string;
  notes: string[];
  counts: RemovalCounts;
  tables: RemovedTable[];
}

/**
 * Everything a round holds, read before it is removed: each table with its players by name,
 * its result, score sheet text, draft and history. `names` maps player ids to names.
 */
export async function readRound(
  m: EntityManager,
  records: GameRecords,
  round: Round,
  games: readonly Game[],
  names: ReadonlyMap<number, string>,
): Promise<RemovedRound> {
  const ids = games.map((g) => g.id);
  const { sheets, drafts, changes } = await records.held(m, ids);
  const sheetOf = new Map(sheets.map((s) => [s.gameId, s]));
  const seatsOfGame = await seatsOf(m, ids);
  const draftOf = new Map(drafts.map((d) => [d.gameId, d]));
  const tables = games.map((g): RemovedTable => {
    const sheet = sheetOf.get(g.id);
    const draft = draftOf.get(g.id);
    const name = (id: number | null) => (id === null ? null : (names.get(id) ?? String(id)));
    const seats = seatsOfGame.get(g.id);
    return {
      table: g.tableNumber,
      first: name(g.firstPlayerId),
      second: name(g.secondPlayerId),
      ...(seats
        ? {
            seats: seats.map((s) => ({
              name: name(s.playerId)!,
              score: s.score,
              place: s.place,
            })),
          }
        : {}),
      result:
        g.status === 'pending' || seats
          ? null
          : { ...resultSnapshot(g), kind: resultKindOf(g), absent: absentOf(g) },
      sheet: sheet ? { text: sheet.sheet, ok: sheet.ok } : null,
      draft: draft ? { form: draft.form, savedBy: draft.savedBy } : null,
      history: changes
        .filter((c) => c.gameId === g.id)
        .map((c) => ({
          at: c.createdAt.toISOString(),
          action: c.action,
          by: c.userName === null ? null : { name: c.userName, email: c.userEmail },
          before: c.before,
          after: c.after,
        })),
    };
  });
  return {
    system: round.system,
    notes: round.notes ?? [],
    counts: {
      games: games.length,
      results: games.filter((g) => g.status === 'complete').length,
      sheets: sheets.length,
      drafts: drafts.length,
    },
    tables,
  };
}

/** True when removing the round loses something a judge entered (so it asks first). */
export function losesWork(c: RemovalCounts): boolean {
  return c.results > 0 || c.sheets > 0 || c.drafts > 0;
}

/** The round's games and all they hold, removed (their sheets, drafts and history first). */
export async function deleteRound(
  m: EntityManager,
  records: GameRecords,
  round: Round,
  games: readonly Game[],
): Promise<void> {
  const ids = games.map((g) => g.id);
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await records.remove(m, chunk);
    await m.delete(Game, { id: In(chunk) });
  }
  await m.delete(Round, { id: round.id });
}
