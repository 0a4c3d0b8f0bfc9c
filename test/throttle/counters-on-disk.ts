import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { DataSource } from 'typeorm';
import { databaseOptions } from '../../src/schema/database-options';
import { ThrottleCounters, Writer } from '../../src/throttle/throttle-counters';

/**
 * Throttle counts on a real, migrated SQLite file, on a clock the caller moves: for the unit
 * tests of the throttles. `open` gives another "server" on the same file.
 */
export function countersOnDisk(): {
  open(): Promise<ThrottleCounters>;
  advance(ms: number): void;
  close(): Promise<void>;
} {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-throttle-'));
  const sources: DataSource[] = [];
  let now = 1_800_000_000_000;
  return {
    async open() {
      const ds = new DataSource(databaseOptions({ sqlitePath: join(dir, 'arbiter.sqlite') }));
      await ds.initialize();
      sources.push(ds);
      return new ThrottleCounters(ds, oneAtATime(ds), () => now);
    },
    advance(ms: number) {
      now += ms;
    },
    async close() {
      for (const ds of sources) await ds.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Writes one after another on SQLite's one connection, in a transaction each, as `Transactions` does. */
function oneAtATime(ds: DataSource): Writer {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    run(work) {
      const next = queue.then(() => ds.transaction(work));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
