import { request, RequestOptions } from 'http';
import { existsSync, readFileSync } from 'fs';
import { connect, Socket } from 'net';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { createTournament, pair, register } from '../tournament-helpers';

interface Answer {
  path: string;
  status: number;
  retryAfter: string | undefined;
  body: string;
}

/**
 * A GET on a connection of its own (none kept alive between requests), with its answer read
 * whole; `written` resolves once the request is handed to the operating system.
 */
function send(
  base: string,
  path: string,
  options: RequestOptions = {},
): { written: Promise<void>; answer: Promise<Answer> } {
  let written!: Promise<void>;
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = request(`${base}${path}`, { agent: false, ...options }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () =>
        resolve({
          path,
          status: res.statusCode ?? 0,
          retryAfter: res.headers['retry-after'],
          body,
        }),
      );
    }).on('error', reject);
    written = new Promise((resolve) => {
      req.once('finish', resolve);
      req.once('error', () => resolve());
    });
    req.end();
  });
  return { written, answer };
}

const fetchAlone = (base: string, path: string, headers: Record<string, string> = {}) =>
  send(base, path, { headers }).answer;

/**
 * Connections the server has not yet accepted on `port` (the listening socket's queue, read
 * from the kernel's table).
 */
function notYetAccepted(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  let waiting = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state, queues] = line.trim().split(/\s+/);
      // 0A: listening; the receive queue of a listening socket is its accept queue.
      if (state === '0A' && local?.endsWith(`:${hexPort}`)) {
        waiting += parseInt(queues.split(':')[1], 16);
      }
    }
  }
  return waiting;
}

/** True once the process is stopped (state `T` in the kernel's table of it). */
function isStopped(pid: number): boolean {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The name in brackets may hold spaces; the state follows it.
  return stat.slice(stat.lastIndexOf(')') + 2).startsWith('T');
}

/**
 * GETs that reach the server at once, as a hall's phones do after a round is posted. Every
 * connection is opened first, and the server is let accept them all: it accepts one connection
 * a turn of its event loop, so a connection still queued would be read only after the page
 * before it was made. Then the server's process is stopped (SIGSTOP) while all the requests are
 * written, and let go (SIGCONT) once each is in its socket's buffer, so it finds them all
 * waiting when it next looks. Written while it ran, on a loaded machine it could finish each
 * page before the next request came, and nothing was refused (CI failed so).
 */
async function burst(app: TestApp, paths: string[]): Promise<Answer[]> {
  const { hostname, port } = new URL(app.url);
  const sockets = await Promise.all(
    paths.map(
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(Number(port), hostname, () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );
  for (let waited = 0; notYetAccepted(Number(port)) > 0 && waited < 5000; waited += 5) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  process.kill(app.pid, 'SIGSTOP');
  // The signal is only sent: a server running on the other core stops a moment later, and in
  // that moment it could read the first requests written and make a page before the rest came.
  for (let waited = 0; !isStopped(app.pid) && waited < 5000; waited += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  let sent: ReturnType<typeof send>[];
  try {
    // No agent: with one (`agent: false` makes one), `createConnection` is not used, and each
    // request opened a connection of its own, later.
    sent = paths.map((path, i) =>
      send(app.url, path, { agent: undefined, createConnection: () => sockets[i] }),
    );
    await Promise.all(sent.map((s) => s.written));
  } finally {
    process.kill(app.pid, 'SIGCONT');
  }
  return Promise.all(sent.map((s) => s.answer));
}

const PLAYERS = 40;

describe(`past RENDER_QUEUE uncached pages at once: 503 with Retry-After, kept pages still 200 (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let divisionId: number;
  let playerIds: number[];
  beforeAll(async () => {
    // One page made at a time: the second uncached page asked for meanwhile is refused.
    t = await startTestApp(undefined, { RENDER_QUEUE: '1' });
    ({ divisionId } = await createTournament(t, {
      name: 'Busy hall',
      ruleSet: 'kvizovka',
      rounds: 3,
    }));
    const players = await register(
      t,
      divisionId,
      Array.from({ length: PLAYERS }, (_, i) => `Igrač ${i + 1}`),
    );
    playerIds = players.map((p) => p.id);
    await pair(t, divisionId);
  }, 60000);
  afterAll(() => t.close());

  it('refuses the uncached pages past the limit, says when to come back, and serves the kept ones meanwhile', async () => {
    const kept = `/divisions/${divisionId}/standings`;
    expect((await fetchAlone(t.url, kept)).status).toBe(200); // made, and kept from now on

    const refused: Answer[] = [];
    const keptAnswers: Answer[] = [];
    // Each language is a page of its own: three bursts of 40 player pages never made before.
    for (const lang of ['en', 'sr-Latn', 'sr-Cyrl']) {
      const paths = playerIds.flatMap((id, i) => [
        `/players/${id}?lang=${lang}`,
        ...(i % 4 === 0 ? [kept] : []),
      ]);
      const answers = await burst(t, paths);
      for (const a of answers) {
        if (a.path === kept) keptAnswers.push(a);
        else if (a.status === 503) refused.push(a);
        else expect({ path: a.path, status: a.status }).toEqual({ path: a.path, status: 200 });
      }
    }

    // The kept page was answered throughout, however many pages were being refused.
    expect(keptAnswers).toHaveLength(30);
    expect(keptAnswers.every((a) => a.status === 200)).toBe(true);
    // Bursts of 40 pages with room for one at a time: the first of each is made, the other 39
    // refused (3 × 39 = 117), each saying when to ask again, in the page's language.
    expect(refused).toHaveLength(3 * (PLAYERS - 1));
    for (const a of refused) {
      expect(a.retryAfter).toBe('2');
      if (a.path.endsWith('lang=en')) expect(a.body).toContain('The server is too busy right now');
      if (a.path.endsWith('lang=sr-Latn'))
        expect(a.body).toContain('Server je trenutno preopterećen');
    }
    // Refused for want of room, not for what was asked: one at a time, each is a page.
    for (const a of refused.slice(0, 10)) {
      expect((await fetchAlone(t.url, a.path)).status).toBe(200);
    }
    // A deliberate refusal is not logged as an error.
    expect(t.log()).not.toMatch(/ServiceBusy|BUSY/);
  });

  it('refuses a standings table made afresh the same way in the API: 503, code BUSY, Retry-After', async () => {
    const api = `/api/divisions/${divisionId}/standings`;
    const refused: Answer[] = [];
    for (let attempt = 1; attempt <= 5 && refused.length === 0; attempt++) {
      // A player registered moves the division's revision: every page and table is stale.
      await register(t, divisionId, [`Kasni igrač ${attempt}`]);
      // The tables among the pages, not after them: none is the first the server looks at.
      const tables = [`${api}?round=0`, `${api}?round=1`, api];
      const paths = playerIds.flatMap((id, i) => [
        `/players/${id}?lang=en`,
        ...(i > 0 && i % 10 === 0 ? [tables[i / 10 - 1]] : []),
      ]);
      const answers = await burst(t, paths);
      for (const a of answers) expect([200, 503]).toContain(a.status);
      refused.push(...answers.filter((a) => a.path.startsWith('/api/') && a.status === 503));
    }
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused) {
      expect(a.retryAfter).toBe('2');
      expect(JSON.parse(a.body)).toMatchObject({ statusCode: 503, code: 'BUSY' });
      expect((await fetchAlone(t.url, a.path)).status).toBe(200);
    }
  });

  it("queues visitors' API reads with the pages, but never a judge's or an organiser's", async () => {
    const players = `/api/divisions/${divisionId}/players`;
    const table = `/api/divisions/${divisionId}/standings`;
    expect((await fetchAlone(t.url, table)).status).toBe(200); // kept from now on
    const refused: Answer[] = [];
    for (let attempt = 1; attempt <= 5 && refused.length === 0; attempt++) {
      const paths = Array.from({ length: 40 }, (_, i) => (i % 4 === 0 ? table : players));
      const answers = await burst(t, paths);
      for (const a of answers.filter((x) => x.path === table)) expect(a.status).toBe(200);
      for (const a of answers) expect([200, 503]).toContain(a.status);
      refused.push(...answers.filter((a) => a.status === 503));
    }
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused) {
      expect(a.retryAfter).toBe('2');
      expect(JSON.parse(a.body)).toMatchObject({ statusCode: 503, code: 'BUSY' });
    }
    // Signed in, the same burst is answered whole, however long it takes.
    const staff = await Promise.all(
      Array.from({ length: 40 }, () => fetchAlone(t.url, players, t.organiser)),
    );
    expect(staff.map((a) => a.status)).toEqual(Array.from({ length: 40 }, () => 200));
  });
});
