import { AsyncLocalStorage } from 'async_hooks';
import { ServiceBusy } from './errors';

/** Uncached pages and tables one process makes at once, unless `RENDER_QUEUE` says otherwise. */
export const DEFAULT_RENDER_QUEUE = 64;
/** What a visitor refused for want of room is told to wait, in seconds. */
export const BUSY_RETRY_AFTER_S = 2;

/**
 * A bounded queue of the uncached work of public reads (a page or a standings table made
 * afresh after a write): at most `limit` at once in a process; past that the request is
 * refused at once with 503 and `Retry-After` ({@link ServiceBusy}), which costs next to
 * nothing, instead of waiting behind work that already makes everyone wait. Kept pages and
 * tables never pass through it: they are served however busy the process is.
 *
 * Work admitted first yields to the event loop once, so that every request that arrived with
 * it is seen (kept pages answered, the excess refused) before any rendering starts: on SQLite
 * a render runs from start to end without yielding, and without this the queue would never
 * hold more than one, while the requests behind it waited in the socket buffers, unbounded.
 */
export class RenderGate {
  private running = 0;
  private refused = 0;
  private lastWarning = 0;
  /**
   * Set within admitted work: work it starts (a page's standings table) needs no second place.
   * Enabled only while some work is admitted: on Node 20 an enabled store hooks every promise
   * of the process, a cost kept pages should not pay.
   */
  private readonly admitted = new AsyncLocalStorage<true>();

  constructor(
    readonly limit: number,
    private readonly warn: (message: string) => void = logWarning,
  ) {}

  /** Uncached work in the queue now. */
  get inFlight(): number {
    return this.running;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.admitted.getStore()) return work();
    if (this.running >= this.limit) {
      this.refuse();
      throw new ServiceBusy(
        `the server is making ${this.running} pages at once, as many as it takes (RENDER_QUEUE); ask again in ${BUSY_RETRY_AFTER_S} s`,
        BUSY_RETRY_AFTER_S,
      );
    }
    this.running++;
    try {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return await this.admitted.run(true, work);
    } finally {
      if (--this.running === 0) this.admitted.disable();
    }
  }

  /** Counts a refusal; says so in the log at most once a minute, with the count since. */
  private refuse(): void {
    this.refused++;
    const now = Date.now();
    if (now - this.lastWarning >= 60_000) {
      this.warn(
        `${this.limit} uncached pages were being made (RENDER_QUEUE): refusing more with 503, ${this.refused} since this was last said`,
      );
      this.refused = 0;
      this.lastWarning = now;
    }
  }
}

/** A warning in the server's log (Nest's logger, loaded with the application). */
function logWarning(message: string): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Logger } = require('@nestjs/common') as typeof import('@nestjs/common');
  new Logger('Load').warn(message);
}

let shared: RenderGate | undefined;

/** The process's gate, its limit read from `RENDER_QUEUE` (checked at start-up by `validateEnvironment`). */
export function renderGate(): RenderGate {
  if (!shared) {
    const raw = process.env.RENDER_QUEUE;
    shared = new RenderGate(raw !== undefined && raw !== '' ? Number(raw) : DEFAULT_RENDER_QUEUE);
  }
  return shared;
}

/**
 * Work shared by everyone who asks for the same key while it runs: after a write, a hall of
 * phones asking for the standings at once makes them once, not once each.
 */
export class SingleFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  run(key: string, work: () => Promise<T>): Promise<T> {
    let flight = this.running.get(key);
    if (!flight) {
      flight = work().finally(() => this.running.delete(key));
      this.running.set(key, flight);
    }
    return flight;
  }
}
