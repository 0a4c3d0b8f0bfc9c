import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { takeMoved } from './moved';
import type { Moved } from './revision-steps';

/**
 * Who hears of the division revisions each committed write moved (the divisions' revisions,
 * src/tournaments/revisions.ts): given by the database's module, so that this folder, below
 * every context, imports none of them.
 */
export const COMMITTED = Symbol('COMMITTED');

export interface CommitListener {
  apply(moved: readonly Moved[]): void;
}

/**
 * Runs a unit of work in one transaction, so that a failed request leaves
 * nothing half-written. SQLite has one connection, on which TypeORM would nest
 * concurrent transactions as savepoints of each other; writes are therefore
 * queued one after another there. PostgreSQL runs them side by side. The
 * division revisions a committed write moved are applied in memory before the
 * caller hears of the commit, so the writer's next page read sees the write.
 */
@Injectable()
export class Transactions {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(COMMITTED) private readonly committed: CommitListener,
  ) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dataSource.options.type !== 'better-sqlite3') return this.once(work);
    const next = this.queue.then(() => this.once(work));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Runs a write made on another connection (a job's process) in this process's turn:
   * after the writes queued before it on SQLite, whose one writer the job would otherwise
   * wait for (or make them wait, blocking this thread); at once on PostgreSQL. `write`
   * resolves once it has committed or rolled back, with the revisions it moved, applied here.
   */
  exclusive(write: () => Promise<Moved[]>): Promise<void> {
    const once = async () => this.committed.apply(await write());
    if (this.dataSource.options.type !== 'better-sqlite3') return once();
    const next = this.queue.then(once);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async once<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    let moved: Moved[] = [];
    const result = await this.dataSource.transaction(async (m) => {
      try {
        return await work(m);
      } finally {
        moved = takeMoved(m);
      }
    });
    this.committed.apply(moved);
    return result;
  }
}
