import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/**
 * Runs a unit of work in one transaction, so that a failed request leaves
 * nothing half-written. SQLite has one connection, on which TypeORM would nest
 * concurrent transactions as savepoints of each other; writes are therefore
 * queued one after another there. PostgreSQL runs them side by side.
 */
@Injectable()
export class Transactions {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dataSource.options.type !== 'better-sqlite3') {
      return this.dataSource.transaction(work);
    }
    const next = this.queue.then(() => this.dataSource.transaction(work));
    this.queue = next.catch(() => undefined);
    return next;
  }
}
