import { DomainError, Unprocessable, type ErrorDetails } from '../common/errors';
import type { Lang } from '../i18n';
import type { JobContext } from '../jobs/job-context';
import type { Actor } from '../log/director-log';
import { CsvPreview, parsePlayersCsv } from './players-csv';
import type { CreatePlayerDto } from './dto/player.dto';
import { Player } from './player.entity';
import { Registered, RegistrationReads, registerMany } from './registration';

/*
 * A players CSV imported as a job, without NestJS: its process reads the file as the
 * organiser's preview does, then registers every line's player one after another, as the
 * players service registers one, all in one transaction on the job's own connection, so
 * that the server's thread answers everyone meanwhile and a refusal at any line stores nothing.
 */

/** What the import's worker is told: the division, the file's text, who sends it, in which language. */
export interface PlayersImportInput {
  divisionId: number;
  text: string;
  lang: Lang;
  user: Actor;
}

/** What an import did: how many it registered, and names that only look like another's. */
export interface ImportedPlayers {
  divisionId: number;
  imported: number;
  /** `new ~ registered` pairs of look-alike names (the first five), for the page's warning. */
  lookAlikes: string[];
}

/** A CSV line's mistake as a refusal lists it: its line, its code, and its words in the asker's language. */
export interface CsvRefusalProblem {
  line: number;
  code: string;
  message: string;
}

declare module '../common/errors' {
  interface ErrorDetails {
    /** A players CSV refused: its first bad line, and each bad line's mistake (the first 100). */
    CSV_INVALID: { line: number; field: 'csv'; problems: CsvRefusalProblem[] };
  }
}

/** The players of a read file, as registration takes them. */
export function playersOf(preview: CsvPreview): CreatePlayerDto[] {
  return preview.players.map((p) => ({
    name: p.name,
    club: p.club,
    rating: p.rating,
    ...(p.seed !== null ? { seed: p.seed } : {}),
    ...(p.federationId !== null ? { federationId: p.federationId } : {}),
    ...(p.country !== null ? { country: p.country } : {}),
  }));
}

/**
 * A file the preview would refuse: 422 CSV_INVALID naming each bad line (the first 100) and
 * its mistake in the asker's language; the first line also in `details.line`.
 */
function csvRefusal(preview: CsvPreview): Unprocessable {
  const problems: CsvRefusalProblem[] = preview.errors
    .slice(0, 100)
    .map(({ line, code, message }) => ({ line, code, message }));
  const said = problems.length
    ? problems
        .slice(0, 10)
        .map((p) => `line ${p.line}: ${p.message}`)
        .join('; ')
    : 'it has no players';
  return new Unprocessable('CSV_INVALID', `the players CSV cannot be imported: ${said}`, {
    line: problems[0]?.line ?? 1,
    field: 'csv',
    problems,
  } satisfies ErrorDetails['CSV_INVALID']);
}

/** The names of the division's players, for the look-alike warnings. */
async function registeredNames(divisionId: number, context: JobContext): Promise<string[]> {
  const manager = await context.manager();
  const players = await manager.find(Player, { where: { divisionId }, select: { name: true } });
  return players.map((p) => p.name);
}

/**
 * The worker's task: every player registered, or none (a 4xx naming the line, nothing stored).
 * `reads` are what registration asks of the rounds and the ratings, composed by the job's process.
 */
export async function importTask(
  input: PlayersImportInput,
  context: JobContext,
  reads: RegistrationReads,
): Promise<ImportedPlayers> {
  const { divisionId } = input;
  context.progress('read', 0, 1);
  const preview = parsePlayersCsv(
    input.text,
    input.lang,
    await registeredNames(divisionId, context),
  );
  context.progress('read', 1, 1);
  try {
    if (!preview.ok) throw csvRefusal(preview);
    const players = playersOf(preview);
    const total = players.length;
    const lines = preview.players.map((p) => p.line);
    context.progress('register', 0, total);
    return await context.write(async (m) =>
      imported(
        divisionId,
        await registerMany(m, reads, divisionId, players, input.user, lines, (n) =>
          context.progress('register', n, total),
        ),
      ),
    );
  } catch (e) {
    // The job's page links back to the division's players.
    if (!(e instanceof DomainError)) throw e;
    const details = (e.details ?? {}) as Record<string, unknown>;
    throw new DomainError(e.status, e.code, e.message, { ...details, divisionId });
  }
}

/** What the job's page tells of an import: how many, and the first few look-alike names. */
function imported(divisionId: number, done: Registered[]): ImportedPlayers {
  const lookAlikes = done
    .flatMap(({ player, lookAlikes: like }) => like.map((o) => `${player.name} ~ ${o.name}`))
    .slice(0, 5);
  return { divisionId, imported: done.length, lookAlikes };
}
