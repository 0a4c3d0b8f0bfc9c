import { DomainError } from '../common/errors';
import type { JobContext } from '../jobs/job-context';
import type { Actor } from '../log/director-log';
import type { CreatePlayerDto } from './dto/player.dto';
import { Registered, registerMany } from './registration';

/*
 * A players CSV imported as a job, without NestJS: its worker thread registers every line's
 * player one after another, as the players service does one registration, all in one
 * transaction on the worker's own connection, so that the server's thread answers everyone
 * meanwhile and a refusal at any line stores nothing.
 */

/** What the import's worker is told: the division, the file's players as read, each one's line. */
export interface PlayersImportInput {
  divisionId: number;
  players: CreatePlayerDto[];
  lines: number[];
  user: Actor;
}

/** What an import did: how many it registered, and names that only look like another's. */
export interface ImportedPlayers {
  divisionId: number;
  imported: number;
  /** `new ~ registered` pairs of look-alike names (the first five), for the page's warning. */
  lookAlikes: string[];
}

/** The worker's task: every player registered, or none (a 4xx naming the line, nothing stored). */
export async function importTask(
  input: PlayersImportInput,
  context: JobContext,
): Promise<ImportedPlayers> {
  const total = input.players.length;
  context.progress('register', 0, total);
  let registered: Registered[];
  try {
    registered = await context.write((m) =>
      registerMany(m, input.divisionId, input.players, input.user, input.lines, (done) =>
        context.progress('register', done, total),
      ),
    );
  } catch (e) {
    // The job's page links back to the division's players.
    if (!(e instanceof DomainError)) throw e;
    const details = (e.details ?? {}) as Record<string, unknown>;
    throw new DomainError(e.status, e.code, e.message, {
      ...details,
      divisionId: input.divisionId,
    });
  }
  const lookAlikes = registered
    .flatMap(({ player, lookAlikes: like }) => like.map((o) => `${player.name} ~ ${o.name}`))
    .slice(0, 5);
  return { divisionId: input.divisionId, imported: total, lookAlikes };
}
