import type { EntityManager } from 'typeorm';
import { insertRow } from '../database/sql';
import type { Actor } from '../log/director-log';
import { resultSnapshot, ResultSnapshot } from '../rounds/game-facts';
import { updateGameAt, type GameRow, type ResultColumns } from '../rounds/game-rows';
import { touchDivisions } from '../tournaments/tournament-rules';
import { ResultChange } from './result-change.entity';

/*
 * Writing a game's result, without NestJS: the results service and an import's process
 * (a TSH file's results) both write here.
 */

// The game's row is the rounds': its result columns are written by their function.
export { updateGameAt, type ResultColumns } from '../rounds/game-rows';

export type Action =
  'result' | 'correction' | 'scoresheet' | 'scoresheet-removed' | 'result-cleared';

export const sameSnapshot = (a: ResultSnapshot, b: ResultSnapshot) =>
  JSON.stringify(a) === JSON.stringify(b);

/** A result read from a file: the game as stored, and the result columns it gets. */
export interface ImportedResult {
  game: GameRow;
  changes: ResultColumns;
}

/**
 * Results of a whole division read from a file (TSH), in the transaction `m`: each written and
 * kept in its game's history as a typed result is, the division's standings marked stale. The
 * results service and an import's process both write them here. `progress` hears how
 * many are written, every 100.
 */
export async function recordImported(
  m: EntityManager,
  divisionId: number,
  results: readonly ImportedResult[],
  user: Actor,
  progress: (done: number) => void = () => undefined,
): Promise<void> {
  for (const [i, r] of results.entries()) {
    await storeResult(m, r.game, r.changes, 'result', user, false);
    if ((i + 1) % 100 === 0) progress(i + 1);
  }
  progress(results.length);
  await touchDivisions(m, divisionId);
}

/** The result columns written if the version read is still current (else 409), and the history row. */
export async function storeResult(
  m: EntityManager,
  game: GameRow,
  changes: ResultColumns,
  action: Action,
  user: Actor,
  recordUnchanged: boolean,
): Promise<{ before: ResultSnapshot; after: ResultSnapshot } | null> {
  const before = resultSnapshot(game);
  const after = resultSnapshot({ ...game, ...changes });
  if (sameSnapshot(before, after) && !recordUnchanged) return null;
  await updateGameAt(m, game, changes);
  await insertChange(m, game, user, action, before, after);
  return { before, after };
}

/** A row of the game's history. Not read back: nothing here needs its id or timestamps. */
export async function insertChange(
  m: EntityManager,
  game: Pick<GameRow, 'id'>,
  user: Actor,
  action: Action,
  before: unknown,
  after: unknown,
): Promise<void> {
  await insertRow(m, ResultChange, {
    gameId: game.id,
    userId: user?.id ?? null,
    userName: user?.name ?? null,
    userEmail: user?.email ?? null,
    action,
    before,
    after,
  });
}

/** A row of a game's history written by a table's sheet (sent, confirmed, returned by a judge). */
export interface TableEvent {
  gameId: number;
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
  action: 'sheet-sent' | 'sheet-confirmed' | 'sheet-returned';
  /** The game's result as it stands (a snapshot), and the same with the event's facts. */
  before: object;
  after: object;
}

/**
 * Keeps a table's sheet event in its game's history, in the caller's transaction: the history
 * is the results', and the table codes write their events to it.
 */
export async function recordTableEvent(m: EntityManager, event: TableEvent): Promise<void> {
  await m.insert(ResultChange, event);
}
