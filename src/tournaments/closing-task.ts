import { EntityManager } from 'typeorm';
import { Conflict, NotFound, type ErrorDetails } from '../common/errors';
import { forUpdate } from '../database/lock';
import type { JobContext } from '../jobs/job-context';
import { Actor, writeLog } from '../log/director-log';
import type { ClosingSteps } from './closing-steps';
import { Division } from './division.entity';
import { touchDivisions } from './tournament-rules';
import { Tournament } from './tournament.entity';

/** What closing or reopening would do, for the question asked first. */
export interface ClosingPreview {
  name: string;
  closed: boolean;
  /** Games paired and still without a result (not rated). */
  pending: number;
  /** Games with a result in the divisions that are rated. */
  complete: number;
}

/** What a close or a reopen in a job's process is told. */
export interface ClosingInput {
  id: number;
  confirm: boolean;
  user: Actor;
}

export async function closingPreview(
  m: EntityManager,
  id: number,
  steps: Pick<ClosingSteps, 'gameCounts'>,
): Promise<ClosingPreview> {
  const t = await m.findOneBy(Tournament, { id });
  if (!t) throw new NotFound('tournament', id);
  const divisions = await m.find(Division, { where: { tournamentId: id }, select: { id: true } });
  const { pending, complete } = await steps.gameCounts(
    m,
    divisions.map((d) => d.id),
  );
  return { name: t.name, closed: t.closedAt !== null, pending, complete };
}

/**
 * Closes a tournament in a job's process (`src/startup/job-process.ts`): its results become final
 * and every rating is computed again with its games, in one transaction on the job's
 * connection, so that the recompute holds no request of the server up. The steps on what other
 * contexts own come from the job's process (`steps`).
 */
export async function closeTask(input: ClosingInput, context: JobContext, steps: ClosingSteps) {
  const { id, confirm, user } = input;
  const preview = await closingPreview(await context.manager(), id, steps);
  return context.write(async (m) => {
    const t = await m.findOne(Tournament, { where: { id }, ...forUpdate(m) });
    if (!t) throw new NotFound('tournament', id);
    if (t.closedAt) {
      throw new Conflict('ALREADY_CLOSED', `${t.name} was closed on ${t.closedAt.toISOString()}`);
    }
    if (!confirm) {
      throw new Conflict(
        'CONFIRMATION_NEEDED',
        `closing ${t.name} makes its results final and rates its ${preview.complete} games with a result` +
          (preview.pending > 0 ? ` (${preview.pending} still pending are not rated)` : '') +
          '; send "confirm": true to close it',
        {
          pending: preview.pending,
          complete: preview.complete,
        } satisfies ErrorDetails['CONFIRMATION_NEEDED'],
      );
    }
    const divisions = await m.find(Division, {
      where: { tournamentId: id },
      select: { id: true },
    });
    for (const d of divisions) await steps.attachPersons(m, d.id);
    t.closedAt = new Date();
    await m.save(t);
    await touchDivisions(
      m,
      divisions.map((d) => d.id),
      { closing: true },
    );
    await writeLog(m, user, {
      tournamentId: id,
      action: 'tournament.closed',
      after: { pending: preview.pending, complete: preview.complete },
    });
    context.progress('recompute', 0, 1);
    await steps.recomputeRatings(m);
    return { closedAt: t.closedAt };
  });
}

/** Reopens a tournament in a job's process; the ratings are computed again without it. */
export async function reopenTask(
  input: ClosingInput,
  context: JobContext,
  steps: Pick<ClosingSteps, 'recomputeRatings'>,
): Promise<null> {
  const { id, confirm, user } = input;
  await context.write(async (m) => {
    const t = await m.findOne(Tournament, { where: { id }, ...forUpdate(m) });
    if (!t) throw new NotFound('tournament', id);
    if (!t.closedAt) throw new Conflict('TOURNAMENT_OPEN', `${t.name} is not closed`);
    if (!confirm) {
      throw new Conflict(
        'CONFIRMATION_NEEDED',
        `reopening ${t.name} lets its results change again and computes every rating again without it; send "confirm": true to reopen it`,
      );
    }
    const closedAt = t.closedAt;
    t.closedAt = null;
    await m.save(t);
    const divisions = await m.find(Division, {
      where: { tournamentId: id },
      select: { id: true },
    });
    await touchDivisions(
      m,
      divisions.map((d) => d.id),
      { closing: true },
    );
    await writeLog(m, user, {
      tournamentId: id,
      action: 'tournament.reopened',
      before: { closedAt: closedAt.toISOString() },
    });
    context.progress('recompute', 0, 1);
    await steps.recomputeRatings(m);
  });
  return null;
}
