import { createServer, IncomingHttpHeaders, OutgoingHttpHeaders } from 'http';
import type { AddressInfo } from 'net';
import { median } from './harness';
import { scoreSheet } from './score-sheets';
import { finishedDivisionDocument, json, renameDivision, startServer } from './server-fixture';

/** Requests of each kept turn page, one after another, for the kept figures (each side). */
const KEPT_ROUNDS = 10;
/** Headers of the connection or of the moment, which the plain server makes its own. */
const OWN_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
]);

/** One GET: its time in milliseconds, status, headers and bytes. */
async function timedGet(
  url: string,
): Promise<{ ms: number; status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const start = process.hrtime.bigint();
  // Uncompressed: fetch would hand back the bytes decoded, under the encoding's header.
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { ms, status: res.status, headers: Object.fromEntries(res.headers), body };
}

/**
 * The replay page (`/games/:id/replay?turn=N`) of a verified Kvizovka game, turn by turn, over
 * loopback, one request at a time: a turn's page made fresh after a write moved the division's
 * revision (the game replayed from its sheet and the turn drawn), a turn's page made while the
 * replay is kept (only that turn drawn), and a kept page as a visitor gets it; beside the last,
 * a plain `node:http` server in this process sending the same bytes with the same headers, the
 * yardstick measured in the same run. Medians per turn page.
 */
export async function run(): Promise<void> {
  const server = await startServer('replay-bench@example.org', 'replay-bench-password-1');
  try {
    const { auth } = server;
    const names: [string, string] = ['Ljubica Đurđević', 'Njegoš Šćekić'];
    const doc = finishedDivisionDocument(
      { seed: 7, tournament: 'Kup potez po potez', division: 'A', player: (i) => names[i] },
      { players: 2, rounds: 1, pending: 1 },
    );
    const imported = await json<{ divisions: { id: number }[] }>(
      `${server.url}/api/tournaments/import`,
      {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(doc),
      },
    );
    const divisionId = imported.divisions[0].id;
    const round = await json<{
      games: { id: number; first: { name: string }; second: { name: string } }[];
    }>(`${server.url}/api/divisions/${divisionId}/rounds/1`);
    const game = round.games[0];
    const { sheet } = scoreSheet([game.first.name, game.second.name], 11);
    await json(`${server.url}/api/games/${game.id}/scoresheet`, {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(sheet),
    });
    const turns = sheet.turns.length;
    const page = (n: number) => `/games/${game.id}/replay?turn=${n}`;
    let renames = 0;
    const bump = () => renameDivision(server.url, auth, divisionId, `A ${++renames}`);

    // Fresh: each turn's page the first request after a write (the game replayed, the turn drawn).
    const fresh: number[] = [];
    for (let n = 1; n <= turns; n++) {
      await bump();
      const got = await timedGet(server.url + page(n));
      if (got.status !== 200) throw new Error(`GET ${page(n)}: ${got.status}`);
      fresh.push(got.ms);
    }
    // Fresh turn, replay kept: after one write, turn 0 replays the game, each turn then draws.
    await bump();
    await timedGet(server.url + page(0));
    const drawn: number[] = [];
    for (let n = 1; n <= turns; n++) drawn.push((await timedGet(server.url + page(n))).ms);

    // Kept: every turn's page as a visitor gets it, and the same bytes from a plain server.
    const answers = new Map<
      string,
      { status: number; headers: OutgoingHttpHeaders; body: Buffer }
    >();
    let bytes = 0;
    for (let n = 0; n <= turns; n++) {
      const got = await timedGet(server.url + page(n));
      const headers = Object.fromEntries(
        Object.entries(got.headers).filter(([name]) => !OWN_HEADERS.has(name)),
      ) as OutgoingHttpHeaders;
      answers.set(page(n), { status: got.status, headers, body: got.body });
      bytes += got.body.length;
    }
    const plain = createServer((req, res) => {
      const answer = answers.get(req.url ?? '');
      if (!answer) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
    const kept: number[] = [];
    const base: number[] = [];
    try {
      for (let r = 0; r < KEPT_ROUNDS; r++) {
        // Interleaved, each side first in turn.
        const sides = r % 2 === 0 ? [server.url, plainUrl] : [plainUrl, server.url];
        for (let n = 0; n <= turns; n++) {
          for (const side of sides) {
            const got = await timedGet(side + page(n));
            if (got.status !== 200) throw new Error(`GET ${side}${page(n)}: ${got.status}`);
            (side === server.url ? kept : base).push(got.ms);
          }
        }
      }
    } finally {
      // fetch keeps its connections open: close them, or close() waits for them.
      plain.closeAllConnections();
      await new Promise<void>((resolve) => plain.close(() => resolve()));
    }
    const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
    const ms = (x: number[]) => median(x).toFixed(2);
    console.log(
      `replay page (${db}, a Kvizovka game of ${turns} turns, one request at a time, medians per turn page): ` +
        `fresh after a write ${ms(fresh)} ms (game replayed and turn drawn, ${fresh.length} turns); ` +
        `fresh turn with the replay kept ${ms(drawn)} ms; ` +
        `kept ${ms(kept)} ms against plain node:http ${ms(base)} ms with the same bytes ` +
        `(${(median(kept) / median(base)).toFixed(2)}x; ${kept.length} requests each); ` +
        `${(bytes / (turns + 1) / 1024).toFixed(1)} KiB a page`,
    );
  } finally {
    await server.stop();
  }
}
