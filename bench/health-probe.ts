import { spawn } from 'child_process';
import { request } from 'http';
import { median } from './harness';

/** What a health probe saw: its longest wait and when, in ms. */
export interface HealthWaits {
  asked: number;
  longest: number;
  /** Milliseconds after the probe started that the longest wait began. */
  longestAt: number;
  median: number;
  /** Asks answered by a reset connection and asked again. */
  resets: number;
  /** Asks that got no 200 even after asking again (status or error). */
  failures: string[];
  /** Asks that waited more than 100 ms (the goal of the benchmarks that run this probe). */
  over100: number;
  /**
   * The longest waits, longest first (at most {@link SLOWEST}): when each began (`Date.now()`,
   * to set beside what the benchmark did then) and how long it took, in ms.
   */
  slowest: { at: number; ms: number }[];
}

/** How many of the longest waits a probe keeps, with their times. */
export const SLOWEST = 8;

/** One GET on a connection of its own (`agent: false`, closed after it): its status, or the error's code. */
function getOnce(url: string, localAddress?: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, localAddress, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    req.end();
  });
}

/**
 * Asks `${base}/api/health` every `everyMs` until stopped, each time on a fresh connection as a
 * monitor does: a kept-alive socket may be closed by the server's header and body timeouts
 * between two asks, which the client learns only as ECONNRESET on the next. A reset is asked
 * again at once (and counted); the wait runs from the first ask to the answer.
 */
export function probeHealth(
  base: string,
  everyMs = 20,
  localAddress?: string,
): { stop: () => Promise<HealthWaits> } {
  let running = true;
  const waits: number[] = [];
  const seen: HealthWaits = {
    asked: 0,
    longest: 0,
    longestAt: 0,
    median: 0,
    resets: 0,
    failures: [],
    over100: 0,
    slowest: [],
  };
  const t0 = performance.now();
  const loop = (async () => {
    while (running) {
      const startedAt = Date.now();
      const start = performance.now();
      let status = await getOnce(`${base}/api/health`, localAddress);
      for (let again = 0; status === 'ECONNRESET' && again < 3; again++) {
        seen.resets++;
        status = await getOnce(`${base}/api/health`, localAddress);
      }
      const wait = performance.now() - start;
      seen.asked++;
      waits.push(wait);
      if (status !== 200) seen.failures.push(String(status));
      if (wait > 100) seen.over100++;
      if (seen.slowest.length < SLOWEST || wait > seen.slowest[SLOWEST - 1].ms) {
        seen.slowest.push({ at: startedAt, ms: wait });
        seen.slowest.sort((a, b) => b.ms - a.ms);
        seen.slowest.length = Math.min(seen.slowest.length, SLOWEST);
      }
      if (wait > seen.longest) {
        seen.longest = wait;
        seen.longestAt = start - t0;
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      seen.median = waits.length > 0 ? median(waits) : 0;
      return seen;
    },
  };
}

/**
 * {@link probeHealth} in a process of its own, so that the work of the process that starts it
 * (a benchmark's hundreds of clients) does not delay its asks or lengthen the waits it measures.
 */
export function probeHealthApart(
  base: string,
  everyMs = 20,
  localAddress?: string,
): { stop: () => Promise<HealthWaits> } {
  const child = spawn(process.execPath, [__filename, base, String(everyMs), localAddress ?? ''], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    stop: async () => {
      child.stdin.end();
      await ended;
      return JSON.parse(out) as HealthWaits;
    },
  };
}

// `node health-probe.js BASE EVERY_MS [LOCAL_ADDRESS]`: asks until its standard input closes,
// then prints what it saw as JSON.
if (require.main === module) {
  const [base, everyMs, localAddress] = process.argv.slice(2);
  const probe = probeHealth(base, Number(everyMs), localAddress || undefined);
  process.stdin.resume();
  process.stdin.on('end', () => {
    void probe.stop().then((seen) => process.stdout.write(JSON.stringify(seen)));
  });
}
