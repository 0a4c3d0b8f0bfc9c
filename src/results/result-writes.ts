import type { EntityManager } from 'typeorm';
import { Conflict } from '../common/errors';
import { assignments, insertRow, placeholders, run } from '../database/sql';
import type { Actor } from '../log/director-log';
import { resultSnapshot, ResultSnapshot } from '../rounds/game-facts';
import { Game } from '../rounds/game.entity';
import { touchDivisions } from '../tournaments/tournament-rules';
import { ResultChange } from './result-change.entity';

/*
 * Writing a game's result, without NestJS: the results service and an import's process
 * (a TSH file's results) both write here.
 */

/** The columns a result writes. */
export type ResultColumns = Partial<
  Pick<
    Game,
    | 'status'
    | 'winner'
    | 'firstScore'
    | 'secondScore'
    | 'firstRemaining'
    | 'secondRemaining'
    | 'timeLossPlayerId'
    | 'resultSource'
    | 'firstCards'
    | 'secondCards'
    | 'resultKind'
  >
>;

export type Action =
  'result' | 'correction' | 'scoresheet' | 'scoresheet-removed' | 'result-cleared';

export const sameSnapshot = (a: ResultSnapshot, b: ResultSnapshot) =>
  JSON.stringify(a) === JSON.stringify(b);

/** A result read from a file: the game as stored, and the result columns it gets. */
export interface ImportedResult {
  game: Game;
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
  game: Game,
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
  game: Game,
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

/**
 * Writes a game's result columns if its version is still the one read (else 409); bumps it.
 * `game` is then the row as written.
 */
export async function updateGameAt(
  m: EntityManager,
  game: Game,
  changes: ResultColumns,
): Promise<void> {
  const set = assignments(m, Game, changes);
  const [id, version] = placeholders(m, 2, set.parameters.length + 1);
  const { affected } = await run(
    m,
    `UPDATE "games" SET ${set.sql}, "version" = "version" + 1, "updated_at" = CURRENT_TIMESTAMP ` +
      `WHERE "id" = ${id} AND "version" = ${version}`,
    [...set.parameters, game.id, game.version],
  );
  if (affected !== 1) {
    throw new Conflict(
      'CONCURRENT_UPDATE',
      `game ${game.id} was changed by someone else at the same moment: reload it and try again`,
    );
  }
  Object.assign(game, changes, { version: game.version + 1 });
}
