import { computeStandings, GameRecord } from '../src/standings';
import { median } from './harness';
import {
  autocannon,
  finishedDivisionDocument,
  json,
  PLAYERS,
  renameDivision,
  startServer,
} from './server-fixture';

const tournamentDocument = () =>
  finishedDivisionDocument({
    seed: 15,
    tournament: 'Bench open',
    division: 'Open',
    player: (i) => `Igrač ${String(i + 1).padStart(4, '0')}`,
  });

/**
 * Standings over HTTP for a finished 1,000-player, 15-round division: the time
 * to compute them (pure function, and a first request that reads the database),
 * then requests per second with autocannon on loopback for about 5 s.
 */
export async function run(): Promise<void> {
  const email = 'bench@example.org';
  const password = 'bench-password-1';
  const server = await startServer(email, password);
  try {
    const { auth } = server;
    const doc = tournamentDocument();
    const body = JSON.stringify(doc);
    const importStart = process.hrtime.bigint();
    const tournament = await json<{ divisions: { id: number }[] }>(
      `${server.url}/api/tournaments/import`,
      { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body },
    );
    const importMs = Number(process.hrtime.bigint() - importStart) / 1e6;
    const divisionId = tournament.divisions[0].id;
    const url = `${server.url}/api/divisions/${divisionId}/standings`;

    // The pure computation, in this process, on the same games.
    const players = doc.divisions[0].players.map((p) => ({
      id: String(p.ref),
      seed: p.seed,
      active: true,
    }));
    const games: GameRecord[] = doc.divisions[0].rounds.flatMap((r) =>
      r.games.map((g) => {
        const [ra, rb] =
          g.winner === 'first'
            ? ['win', 'loss']
            : g.winner === 'second'
              ? ['loss', 'win']
              : ['draw', 'draw'];
        return {
          round: r.number,
          a: String(g.first),
          b: String(g.second),
          starts: String(g.first),
          resultA: ra as 'win',
          resultB: rb as 'win',
          scoreA: g.scores![0],
          scoreB: g.scores![1],
          remainingA: g.remaining![0],
          remainingB: g.remaining![1],
        };
      }),
    );
    const pureTimes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const start = process.hrtime.bigint();
      computeStandings(players, games, {
        byeSpread: 50,
        tieBreaks: ['spread', 'remaining-time', 'buchholz', 'seed'],
      });
      if (i > 0) pureTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
    }

    // A request after each write recomputes from the database (a rename bumps the division's revision).
    const coldTimes: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 7; i++) {
      await renameDivision(server.url, auth, divisionId, `Open ${i}`);
      const start = process.hrtime.bigint();
      const res = await fetch(url);
      const text = await res.text();
      coldTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
      bytes = text.length;
      const rows = (JSON.parse(text) as { rows: unknown[] }).rows.length;
      if (rows !== PLAYERS) throw new Error(`standings have ${rows} rows, not ${PLAYERS}`);
    }

    await autocannon({ url, connections: 10, duration: 1 }); // warm-up
    const result = await autocannon({ url, connections: 10, duration: 5 });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`autocannon: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    }
    const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
    console.log(
      `standings API (1,000 players x 15 rounds, ${db}): ${Math.round(result.requests.p50).toLocaleString('en')} req/s median ` +
        `over 5 s, 10 connections (mean ${Math.round(result.requests.average).toLocaleString('en')}, ` +
        `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ${(bytes / 1024).toFixed(0)} KiB a response, served from the revision cache)`,
    );
    console.log(
      `standings compute (1,000 players x 15 rounds): ${median(pureTimes).toFixed(1)} ms pure function; ` +
        `${median(coldTimes).toFixed(1)} ms for a request after a write (database read + compute + JSON), median of ${coldTimes.length}; ` +
        `import of the ${(body.length / 1024 / 1024).toFixed(1)} MB document: ${(importMs / 1000).toFixed(2)} s`,
    );
  } finally {
    await server.stop();
  }
}
