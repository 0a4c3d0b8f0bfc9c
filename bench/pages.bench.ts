import { median } from './harness';
import {
  autocannon,
  finishedDivisionDocument,
  json,
  PLAYERS,
  renameDivision,
  startServer,
} from './server-fixture';

const FIRST = ['Ana', 'Marko', 'Đorđe', 'Ljubica', 'Njegoš', 'Džemal', 'Žarko', 'Šćepan'];
const LAST = ['Petrović', 'Jovanović', 'Šćekić', 'Ljajić', 'Ćosić', 'Đurđević', 'Žugić', 'Čolić'];

const divisionDocument = () =>
  finishedDivisionDocument({
    seed: 1000,
    tournament: 'Otvoreno prvenstvo Srbije',
    division: 'Otvorena grupa',
    player: (i) => `${FIRST[i % 8]} ${LAST[Math.floor(i / 8) % 8]} ${i + 1}`,
  });

const perSecond = (n: number): string => Math.round(n).toLocaleString('en');

/**
 * The public standings page (HTML) of a finished 1,000-player, 15-round
 * division over loopback: requests per second for visitors (the page kept
 * rendered until the division changes), for a signed-in judge (rendered on
 * every request from the cached table), and the time of the first request
 * after a write (database read, standings, rendering). One line.
 */
export async function run(): Promise<void> {
  const email = 'pages-bench@example.org';
  const password = 'pages-bench-password-1';
  const server = await startServer(email, password);
  try {
    const { auth } = server;
    const tournament = await json<{ divisions: { id: number }[] }>(
      `${server.url}/api/tournaments/import`,
      {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(divisionDocument()),
      },
    );
    const divisionId = tournament.divisions[0].id;
    const url = `${server.url}/divisions/${divisionId}/standings`;

    // The first request after each write: a rename bumps the division's revision.
    const coldTimes: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 7; i++) {
      await renameDivision(server.url, auth, divisionId, `Otvorena grupa ${i}`);
      const start = process.hrtime.bigint();
      const res = await fetch(url);
      const html = await res.text();
      coldTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
      if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
      const rows = html.match(/<tr[ >]/g)?.length ?? 0;
      if (rows !== PLAYERS + 1) throw new Error(`the page has ${rows - 1} rows, not ${PLAYERS}`);
      bytes = Buffer.byteLength(html);
    }

    await autocannon({ url, connections: 10, duration: 1 }); // warm-up
    const visitors = await autocannon({ url, connections: 10, duration: 5 });
    const judge = await autocannon({ url, connections: 10, duration: 5, headers: auth });
    for (const r of [visitors, judge]) {
      if (r.non2xx > 0 || r.errors > 0) {
        throw new Error(`autocannon: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
      }
    }
    const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
    console.log(
      `standings page (HTML, 1,000 players x 15 rounds, ${db}, 10 connections, 5 s): ` +
        `${perSecond(visitors.requests.p50)} req/s median for visitors (kept rendered; latency p50 ${visitors.latency.p50} ms, p99 ${visitors.latency.p99} ms), ` +
        `${perSecond(judge.requests.p50)} req/s signed in (rendered each time; p50 ${judge.latency.p50} ms); ` +
        `first request after a write ${median(coldTimes).toFixed(0)} ms (median of ${coldTimes.length}); ${(bytes / 1024).toFixed(0)} KiB a page`,
    );
  } finally {
    await server.stop();
  }
}
