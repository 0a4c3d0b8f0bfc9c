import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Transactions } from '../database/transactions';
import { inJobProcess, JobHooks, jobDatabase } from '../jobs/in-job-process';
import type { Actor } from '../log/director-log';
import { ClosingSteps } from './closing-steps';
import { closingPreview } from './closing-task';
import type { ClosingInput, ClosingPreview } from './closing-task';

export type { ClosingPreview } from './closing-task';

/**
 * Closing a tournament: its results become final (every write that would change a division's
 * pages is refused, `touchDivisions`) and every rating is computed again with its games;
 * reopening takes that back and computes the ratings again without it. Both run in a job's
 * process (`closing-task.ts`), in one transaction, so that the recompute of every rating holds
 * no other client up; the request waits for it and answers as it always has.
 */
@Injectable()
export class ClosingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly steps: ClosingSteps,
  ) {}

  preview(id: number): Promise<ClosingPreview> {
    return closingPreview(this.dataSource.manager, id, this.steps);
  }

  /** Closes tournament `id`: only with `confirm` (409 CONFIRMATION_NEEDED says what it does). */
  close(id: number, confirm: boolean, user: Actor): Promise<{ closedAt: Date }> {
    return inJobProcess('tournament.close', this.input(id, confirm, user), this.hooks());
  }

  /** Reopens tournament `id`: only with `confirm`; the ratings are computed again without it. */
  async reopen(id: number, confirm: boolean, user: Actor): Promise<void> {
    await inJobProcess('tournament.reopen', this.input(id, confirm, user), this.hooks());
  }

  private input(id: number, confirm: boolean, user: Actor): ClosingInput {
    return { id, confirm, user: user ? { id: user.id, name: user.name, email: user.email } : null };
  }

  private hooks(): JobHooks {
    return {
      database: jobDatabase(this.dataSource),
      writeSlot: (write) => this.transactions.exclusive(write),
    };
  }
}
