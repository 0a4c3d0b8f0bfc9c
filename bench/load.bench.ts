/**
 * `npm run bench -- load`: the hall at its busiest, on loopback and bounded. A finished
 * 1,000-player, 15-round division; live-update streams held open; the division written once a
 * second (each write moves its revision, so every kept page and table is made afresh); and each
 * public page asked for by 50 and then 200 connections at once. Printed for each: requests per
 * second, latency p50/p99/max, timeouts, 5xx answers, and 503s with and without Retry-After.
 * Under load the server must degrade, never stall: no timeout, no 5xx but a deliberate 503.
 */
import { get, IncomingMessage } from 'http';
import { BROWSER, tournamentDocument } from './server.bench';
import { autocannon, AutocannonResult, json, renameDivision, startServer } from './server-fixture';

/** Connections at once, in turn. */
const LEVELS = [50, 200];
/** Seconds each page is asked for at each level. */
const SECONDS = 4;
/** A request not answered in this many seconds is a timeout: a phone's user has given up. */
const TIMEOUT_S = 10;
/** Live-update streams held open during the whole test. */
const STREAMS = 500;
/** Milliseconds between two writes of the division. */
const WRITE_EVERY_MS = 1000;

interface Group {
  name: string;
  /** A path to ask for, picked afresh for every request. */
  path: () => string;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];
/** The latest round nine times in ten, else any round (a player looking back). */
const someRound = (rounds: number): string =>
  Math.random() < 0.9 ? '' : `?round=${1 + Math.floor(Math.random() * rounds)}`;

/** Live-update streams held open: how many opened, were refused (503 or 429 + Retry-After), heard each write. */
class Streams {
  readonly responses: IncomingMessage[] = [];
  opened = 0;
  refused = 0;
  refusedWithoutRetryAfter = 0;
  failed = 0;
  /** Revision events heard, all streams together. */
  events = 0;

  async open(url: string, n: number): Promise<void> {
    await Promise.all(
      Array.from(
        { length: n },
        (_, i) =>
          new Promise<void>((resolve) => {
            // Each a phone of the hall, behind the one address, with its own client cookie.
            const cookie = `arbiter_client=bench-phone-${String(i).padStart(10, '0')}`;
            const headers = { accept: 'text/event-stream', cookie };
            const req = get(url, { headers }, (res) => {
              if (res.statusCode === 200) {
                this.opened++;
                this.responses.push(res);
                res.setEncoding('utf8');
                res.on('data', (chunk: string) => {
                  this.events += chunk.split('event: revision').length - 1;
                });
                res.on('error', () => undefined);
              } else {
                if (res.statusCode === 503 || res.statusCode === 429) {
                  this.refused++;
                  if (!res.headers['retry-after']) this.refusedWithoutRetryAfter++;
                } else this.failed++;
                res.resume();
              }
              resolve();
            });
            req.on('error', () => {
              this.failed++;
              resolve();
            });
          }),
      ),
    );
  }

  close(): void {
    for (const res of this.responses) res.destroy();
  }
}

export async function run(): Promise<void> {
  const email = 'load-bench@example.org';
  const password = 'load-bench-password-1';
  const server = await startServer(email, password);
  const streams = new Streams();
  let stopWriting = (): Promise<void> => Promise.resolve();
  try {
    const { auth } = server;
    const imported = await json<{ id: number; divisions: { id: number }[] }>(
      `${server.url}/api/tournaments/import`,
      {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(tournamentDocument()),
      },
    );
    const d = imported.divisions[0].id;
    const t = imported.id;
    const players = (await json<{ id: number }[]>(`${server.url}/api/divisions/${d}/players`)).map(
      (p) => p.id,
    );
    const games: number[] = [];
    for (let r = 1; r <= 15; r++) {
      const round = await json<{ games: { id: number }[] }>(
        `${server.url}/api/divisions/${d}/rounds/${r}`,
      );
      games.push(...round.games.map((g) => g.id));
    }
    const groups: Group[] = [
      { name: 'standings page', path: () => `/divisions/${d}/standings${someRound(15)}` },
      { name: 'pairings page', path: () => `/divisions/${d}/pairings${someRound(15)}` },
      { name: 'cross-table', path: () => `/divisions/${d}/crosstable` },
      { name: 'wall chart', path: () => `/divisions/${d}/wallchart` },
      { name: 'player pages', path: () => `/players/${pick(players)}` },
      { name: 'game pages', path: () => `/games/${pick(games)}` },
      { name: 'projector', path: () => `/divisions/${d}/projector` },
      { name: 'tournament list', path: () => pick(['/', `/tournaments/${t}`]) },
      {
        name: 'API reads',
        path: () =>
          pick([
            `/api/divisions/${d}/standings`,
            `/api/divisions/${d}`,
            `/api/divisions/${d}/rounds/15`,
            `/api/divisions/${d}/players`,
            `/api/divisions/${d}/wallchart`,
            `/api/players/${pick(players)}`,
            `/api/players/${pick(players)}/scorecard`,
            `/api/games/${pick(games)}`,
            `/api/tournaments`,
            `/api/tournaments/${t}`,
          ]),
      },
    ];

    await streams.open(`${server.url}/divisions/${d}/events`, STREAMS);
    // One write after another, a second apart (a write waits for the one before it: two at
    // once would clash on the division's version).
    let writes = 0;
    let writeFailures = 0;
    let writeMs = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await new Promise((resolve) => setTimeout(resolve, WRITE_EVERY_MS));
        const t0 = process.hrtime.bigint();
        try {
          await renameDivision(server.url, auth, d, `Open ${++writes}`);
          writeMs = Math.max(writeMs, Number(process.hrtime.bigint() - t0) / 1e6);
        } catch {
          writeFailures++;
        }
      }
    })();
    stopWriting = async () => {
      writing = false;
      await writer;
    };

    const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
    console.log(
      `load (${db}, 1,000 players x 15 rounds, ${STREAMS} live streams open, the division written ` +
        `${WRITE_EVERY_MS} ms after the last write, ${SECONDS} s a page and level, timeout ${TIMEOUT_S} s, loopback):`,
    );
    let timeouts = 0;
    let errors5xx = 0;
    let refusedBare = 0;
    let slowestNext = 0;
    for (const connections of LEVELS) {
      for (const g of groups) {
        let bare = 0;
        const r: AutocannonResult = await autocannon({
          url: server.url,
          connections,
          duration: SECONDS,
          timeout: TIMEOUT_S,
          headers: BROWSER,
          requests: [
            {
              setupRequest: (req: object) => ({ ...req, path: g.path() }),
              onResponse: (code: number, _body: string, _context: object, headers: object) => {
                if (code === 503 && !Object.keys(headers).some((h) => /^retry-after$/i.test(h))) {
                  bare++;
                }
              },
            },
          ],
        });
        // Requests still unanswered when the run stopped are not in its figures: how long the
        // next request waits says whether they were about to be answered or stuck.
        const unanswered = r.requests.sent - r.requests.total - r.errors - r.timeouts;
        const t0 = process.hrtime.bigint();
        const health = await fetch(`${server.url}/api/health`);
        await health.arrayBuffer();
        const nextMs = Number(process.hrtime.bigint() - t0) / 1e6;
        slowestNext = Math.max(slowestNext, nextMs);
        const status = (code: number) => r.statusCodeStats[String(code)]?.count ?? 0;
        const shed = status(503);
        const other5xx = r['5xx'] - shed;
        const non2xx = r.non2xx - r['5xx'];
        timeouts += r.timeouts;
        refusedBare += bare;
        errors5xx += other5xx;
        console.log(
          `  ${connections} connections, ${g.name}: ${Math.round(r.requests.total / r.duration).toLocaleString('en')} req/s, ` +
            `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; ` +
            `${r.timeouts} timeouts, ${other5xx} 5xx, ${shed} 503 shed (${bare} without Retry-After), ${non2xx} other non-2xx, ${r.errors} errors; ` +
            `${Math.max(0, unanswered)} in flight at the end, the next request answered in ${nextMs.toFixed(0)} ms`,
        );
      }
    }
    await stopWriting();
    console.log(
      `  live streams: ${streams.opened} open, ${streams.refused} refused with 503 ` +
        `(${streams.refusedWithoutRetryAfter} without Retry-After), ${streams.failed} failed; ` +
        `${writes} writes (${writeFailures} failed, the slowest answered in ${writeMs.toFixed(0)} ms), ` +
        `${streams.events.toLocaleString('en')} revision events heard`,
    );
    refusedBare += streams.refusedWithoutRetryAfter;
    console.log(
      `  total: ${timeouts} timeouts, ${errors5xx} 5xx other than 503, ${refusedBare} 503s without Retry-After; ` +
        `after a run, the next request waited at most ${slowestNext.toFixed(0)} ms` +
        (timeouts + errors5xx + refusedBare === 0
          ? ' (degrades, never stalls)'
          : ' (FAILS the issue)'),
    );
  } finally {
    await stopWriting();
    streams.close();
    await server.stop();
  }
}
