/**
 * A real tournament hall (issue 33), bounded, on loopback: Debian's nginx in front of two
 * Arbiter processes (HOST=127.0.0.1, TRUST_PROXY=127.0.0.1) on one PostgreSQL database of the
 * bench's own, as docs/deployment.md sets them up. A 100-table round of 200 players is paired,
 * and then, at once:
 *
 * - 200 phones, each with its own cookies, all from the hall's one address (127.0.0.2, which
 *   nginx writes into X-Forwarded-For), open the pairings page and its live stream, their
 *   table's page `/t/CODE` (every tenth mistypes its code first), send the table's score sheet
 *   (seat 1) or confirm it (seat 2), and look at the table page and the standings; on a network
 *   error or a 5xx they try again a second later, as a person taps again;
 * - 8 judges, signed in on their laptops before the round, type the score sheets of a second
 *   division's tables, watch the round's desk, and sign in again mid-round;
 * - one hostile client from the same address guesses table codes (without cookies, a new
 *   browser name every 20 guesses), guesses the judges' and the organiser's passwords, and opens
 *   live streams by the hundred;
 * - the organiser imports a 20,000-row rating list as a job (`Prefer: respond-async`) and
 *   follows it through the proxy;
 * - a monitor asks /api/health through the proxy every 50 ms, each on a fresh connection;
 * - one server is killed (SIGKILL) 20 s in and started again 10 s later on the same port.
 *
 * Then the database is read back and the figures printed beside their goals: valid codes
 * refused (0), owners locked out (0), p50/p99 per page, the longest /api/health wait (≤ 100 ms)
 * and acknowledged sheets lost (0).
 *
 * `npm run bench -- hall-day` (opt-in). DATABASE_URL names the PostgreSQL server (a database is
 * created and dropped on it); unset, postgres://postgres@127.0.0.1:5432/test is used. Skipped,
 * saying why, when nginx or PostgreSQL is missing. Passwords are hashed at the production cost.
 */
import { ChildProcess } from 'child_process';
import { IncomingHttpHeaders, request } from 'http';
import * as os from 'os';
import { Client } from 'pg';
import { seededRandom } from '../src/engine';
import { HealthWaits, probeHealthApart } from './health-probe';
import { freePort, nginxMissing, Proxy, startNginx } from './nginx';
import { ratingList } from './rating-list';
import { scoreSheet } from './score-sheets';
import {
  BenchDatabase,
  cpuMs,
  json,
  newBenchDatabase,
  NPM_START,
  signIn,
  spawnServer,
} from './server-fixture';

/** The hall's one address, as nginx sees the phones' connections and names them to the servers. */
const HALL = '127.0.0.2';
const DEFAULT_DATABASE = 'postgres://postgres@127.0.0.1:5432/test';
const ORGANISER = { email: 'organiser@hall.example.org', password: 'organiser-hall-password-1' };
const PLAYERS = 200;
const JUDGES = 8;
/** The judges' division: its sheets are typed at the desk, three tables a judge. */
const JUNIOR_PLAYERS = 2 * 3 * JUDGES;
const RATING_ROWS = 20_000;
/** Phones arrive over this long, as games end. */
const ARRIVALS_MS = 40_000;
const IMPORT_AT_MS = 8_000;
const KILL_AT_MS = 20_000;
const RESTART_AT_MS = 30_000;
const JUDGES_SIGN_IN_AT_MS = 35_000;
/** Everyone stops by then, done or not. */
const DEADLINE_MS = 110_000;
const HOSTILE_CODE_GUESSES = 800;
const HOSTILE_PASSWORD_GUESSES = 60;
const HOSTILE_STREAMS = 600;
/** A browser's tap again after an error page, and how many times. */
const RETRY_MS = 1000;
const TRIES = 20;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

// ---------------------------------------------------------------------------------------------
// Clients

interface Answer {
  /** 0 when no answer came (the error's code in `error`). */
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  error?: string;
}

/** Latencies and statuses of each kind of request. */
class Tally {
  readonly kinds = new Map<string, { ms: number[]; statuses: Map<string, number> }>();
  add(kind: string, ms: number, status: number | string): void {
    let k = this.kinds.get(kind);
    if (!k) this.kinds.set(kind, (k = { ms: [], statuses: new Map() }));
    if (typeof status === 'number' && status > 0) k.ms.push(ms);
    k.statuses.set(String(status), (k.statuses.get(String(status)) ?? 0) + 1);
  }
}

/** A browser's cookies: name to value, as Set-Cookie gave them. */
class Jar {
  private readonly cookies = new Map<string, string>();
  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  take(headers: IncomingHttpHeaders): void {
    for (const line of headers['set-cookie'] ?? []) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
}

/** One client of the hall: its address, browser name and cookies; every request on a fresh connection. */
class Browser {
  constructor(
    private readonly base: string,
    private readonly tally: Tally,
    readonly userAgent: string,
    readonly jar: Jar | null = new Jar(),
    private readonly from = HALL,
  ) {}

  send(
    kind: string,
    method: string,
    path: string,
    options: { json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
    const cookie = this.jar?.header();
    const start = performance.now();
    return new Promise((resolve) => {
      const done = (a: Answer) => {
        this.tally.add(kind, performance.now() - start, a.status || a.error || 'error');
        resolve(a);
      };
      const req = request(
        `${this.base}${path}`,
        {
          method,
          agent: false,
          localAddress: this.from,
          timeout: 30_000,
          headers: {
            'User-Agent': this.userAgent,
            'Accept-Encoding': 'identity',
            ...(cookie ? { Cookie: cookie } : {}),
            ...(payload ? { 'Content-Type': 'application/json' } : {}),
            ...options.headers,
          },
        },
        (res) => {
          this.jar?.take(res.headers);
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, text }));
          res.on('error', (e: NodeJS.ErrnoException) =>
            done({ status: 0, headers: {}, text, error: e.code ?? e.message }),
          );
        },
      );
      req.on('timeout', () =>
        req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
      );
      req.on('error', (e: NodeJS.ErrnoException) =>
        done({ status: 0, headers: {}, text: '', error: e.code ?? e.message }),
      );
      req.end(payload);
    });
  }

  /** Sends again, a second later, while no answer comes or the answer is a 5xx (a browser's error page). */
  async retrying(
    kind: string,
    method: string,
    path: string,
    until: number,
    options: { json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    if (Date.now() > until) return { status: 0, headers: {}, text: '', error: 'deadline' };
    let a = await this.send(kind, method, path, options);
    for (let i = 1; i < TRIES && (a.status === 0 || a.status >= 500) && Date.now() < until; i++) {
      await sleep(RETRY_MS);
      a = await this.send(kind, method, path, options);
    }
    return a;
  }

  /**
   * Opens a live stream and holds it: its status, and a close. Like EventSource the browser
   * sends its cookies, so a stream refused as a stranger's is asked again with the cookie that
   * came with the refusal.
   */
  stream(kind: string, path: string): Promise<{ status: number; close: () => void }> {
    const cookie = this.jar?.header();
    const start = performance.now();
    return new Promise((resolve) => {
      const req = request(
        `${this.base}${path}`,
        {
          agent: false,
          localAddress: this.from,
          headers: {
            'User-Agent': this.userAgent,
            Accept: 'text/event-stream',
            ...(cookie ? { Cookie: cookie } : {}),
          },
        },
        (res) => {
          this.jar?.take(res.headers);
          this.tally.add(kind, performance.now() - start, res.statusCode ?? 0);
          res.on('error', () => undefined);
          res.resume();
          resolve({ status: res.statusCode ?? 0, close: () => req.destroy() });
        },
      );
      req.on('error', (e: NodeJS.ErrnoException) => {
        this.tally.add(kind, performance.now() - start, e.code ?? 'error');
        resolve({ status: 0, close: () => undefined });
      });
      req.end();
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The hall

interface Servers {
  db: BenchDatabase;
  ports: [number, number];
  children: [ChildProcess, ChildProcess];
  proxy: Proxy;
}

const serverEnv = (port: number) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  TRUST_PROXY: '127.0.0.1',
});

async function startServer(db: BenchDatabase, port: number): Promise<ChildProcess> {
  // Started as docs/deployment.md starts a server: a restart then compiles from the code cache.
  const { child } = await spawnServer(
    db,
    ORGANISER.email,
    ORGANISER.password,
    serverEnv(port),
    NPM_START,
  );
  return child;
}

function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

interface RoundGame {
  id: number;
  table: number;
  first: { name: string };
  second: { name: string } | null;
}

interface Setup {
  open: number;
  juniors: number;
  openGames: Map<number, RoundGame>;
  juniorGames: RoundGame[];
  codes: { gameId: number; table: number; seats: { seat: number; code: string }[] }[];
  judges: { email: string; password: string; browser: Browser; token: string }[];
  organiser: { browser: Browser; token: string };
}

/** The tournament, its players and first round, the codes, and the judges signed in on their laptops. */
async function setUp(s: Servers, tally: Tally): Promise<Setup> {
  const direct = `http://127.0.0.1:${s.ports[0]}`;
  const auth = { ...(await signIn(direct, ORGANISER.email, ORGANISER.password)) };
  const post = <T>(path: string, body: unknown) =>
    json<T>(`${direct}${path}`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const t = await post<{ id: number; divisions: { id: number }[] }>('/api/tournaments', {
    name: 'Dvorana',
    ruleSet: 'kvizovka',
    rounds: 2,
    divisions: ['Otvorena', 'Juniori'],
  });
  const [open, juniors] = t.divisions.map((d) => d.id);
  const register = async (division: number, count: number, name: (i: number) => string) => {
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const i = next++;
        await post(`/api/divisions/${division}/players`, {
          name: name(i),
          club: `Klub ${i % 12}`,
          rating: 1200 + ((i * 37) % 900),
        });
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
  };
  await register(open, PLAYERS, (i) => `Igrač ${String(i + 1).padStart(3, '0')}`);
  await register(juniors, JUNIOR_PLAYERS, (i) => `Junior ${String(i + 1).padStart(2, '0')}`);
  const openRound = await post<{ games: RoundGame[] }>(`/api/divisions/${open}/rounds`, {});
  const juniorRound = await post<{ games: RoundGame[] }>(`/api/divisions/${juniors}/rounds`, {});
  const codes = await json<Setup['codes']>(`${direct}/api/divisions/${open}/rounds/1/codes`, {
    headers: auth,
  });
  const judges: Setup['judges'] = [];
  for (let j = 0; j < JUDGES; j++) {
    const email = `sudija${j + 1}@hall.example.org`;
    const password = `sudija-lozinka-${j + 1}-dvorana`;
    await post('/api/users', { email, name: `Sudija ${j + 1}`, role: 'judge', password });
    await post(`/api/tournaments/${t.id}/roles`, { email, role: 'judge' });
    judges.push({ email, password, browser: null as unknown as Browser, token: '' });
  }
  // Each judge signs in on a laptop in the hall before the round: that laptop is trusted from now on.
  const base = s.proxy.url;
  const signInAt = async (browser: Browser, email: string, password: string) => {
    const a = await browser.send('sign-in', 'POST', '/api/auth/sign-in', {
      json: { email, password, kind: 'api' },
    });
    if (a.status !== 200) throw new Error(`${email} could not sign in: ${a.status} ${a.text}`);
    return (JSON.parse(a.text) as { token: string }).token;
  };
  for (const [j, judge] of judges.entries()) {
    judge.browser = new Browser(
      base,
      tally,
      `Mozilla/5.0 (X11; Linux x86_64) judge-laptop-${j + 1}`,
    );
    judge.token = await signInAt(judge.browser, judge.email, judge.password);
  }
  const organiser = new Browser(base, tally, 'Mozilla/5.0 (X11; Linux x86_64) organiser-laptop');
  const token = await signInAt(organiser, ORGANISER.email, ORGANISER.password);
  return {
    open,
    juniors,
    openGames: new Map(openRound.games.map((g) => [g.id, g])),
    juniorGames: juniorRound.games.filter((g) => g.second !== null),
    codes,
    judges,
    organiser: { browser: organiser, token },
  };
}

/** What the actors saw, to hold against the database afterwards. */
interface Seen {
  validRefused: { path: string; status: number }[];
  ownersRefused: { who: string; status: number }[];
  /** Owners' sign-ins that got no answer, or a 5xx, however often asked (not a refusal). */
  ownersUnanswered: { who: string; status: number | string }[];
  /** Sheets from the tables answered 201: submission id, game, the sheet's finals. */
  phoneSheets: { id: number; gameId: number; final: number[] }[];
  /** Confirmations answered 200: game, the finals of the sheet confirmed. */
  confirmed: { gameId: number; final: number[] }[];
  /** Sheets typed by the judges and answered 200. */
  judgeSheets: { gameId: number; final: number[] }[];
  mistypes: number[];
  phoneStreams: { first: number; last: number }[];
  hostileStreams: number[];
  /** The import: `at`, when it was sent (ms into the round), and `ms`, how long until its end was seen. */
  job: { status: string; polls: number; notHere: number; at: number | null; ms: number | null };
  restartMs: number | null;
  /** CPU seconds of the round: each server (the killed one's before and after), the bench's own. */
  cpu: { servers: number[]; restarted: number; bench: number };
  notes: string[];
}

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A code with one character typed wrong (the next letter of the alphabet). */
function mistyped(code: string, at: number): string {
  const i = at % code.length;
  const c = CODE_ALPHABET[(CODE_ALPHABET.indexOf(code[i]) + 1) % CODE_ALPHABET.length];
  return code.slice(0, i) + c + code.slice(i + 1);
}

/** A valid code answered 429 or 403 is a hall's failure; anything else is judged by the caller. */
function checkValid(seen: Seen, path: string, a: Answer): void {
  if (a.status === 429 || a.status === 403) seen.validRefused.push({ path, status: a.status });
}

/** An answer in a few words: its status and error code, or why none came. */
function why(a: Answer): string {
  if (a.status === 0) return a.error ?? 'no answer';
  const code = /"code":"([A-Z_]+)"/.exec(a.text);
  return code ? `${a.status} ${code[1]}` : String(a.status);
}

/** A judge's or the organiser's sign-in with the right password not answered 200: refused, or never answered. */
function ownerRefused(seen: Seen, who: string, a: Answer): void {
  if (a.status >= 400 && a.status < 500) seen.ownersRefused.push({ who, status: a.status });
  else seen.ownersUnanswered.push({ who, status: a.status || a.error || 'error' });
}

/** A 429 on a valid code: the phone waits as its page says (at most 5 s here), then tries again. */
async function openCode(
  b: Browser,
  seen: Seen,
  kind: string,
  path: string,
  until: number,
): Promise<Answer> {
  for (;;) {
    const a = await b.retrying(kind, 'GET', path, until);
    checkValid(seen, path, a);
    if ((a.status !== 429 && a.status !== 403) || Date.now() > until) return a;
    await sleep(Math.min(5, Number(a.headers['retry-after'] ?? 1)) * 1000);
  }
}

async function phone(
  base: string,
  tally: Tally,
  setup: Setup,
  seen: Seen,
  n: number,
  table: Setup['codes'][number],
  seat: 1 | 2,
  startAt: number,
  until: number,
): Promise<void> {
  await sleep(startAt - Date.now());
  const b = new Browser(base, tally, `Mozilla/5.0 (Linux; Android 14; Phone ${n}) Mobile`);
  const code = table.seats[seat - 1].code;
  const pairings = await b.retrying(
    'pairings page',
    'GET',
    `/divisions/${setup.open}/pairings`,
    until,
  );
  if (pairings.status !== 200) seen.notes.push(`phone ${n}: pairings ${why(pairings)}`);
  // The pairings page follows the round live: its stream, asked again with the cookie if refused.
  let stream = await b.stream('live stream (phone)', `/divisions/${setup.open}/events`);
  const first = stream.status;
  if (stream.status !== 200) {
    await sleep(RETRY_MS);
    stream = await b.stream('live stream (phone)', `/divisions/${setup.open}/events`);
  }
  seen.phoneStreams.push({ first, last: stream.status });
  try {
    if (n % 10 === 3) {
      const wrong = await b.retrying('wrong code', 'GET', `/t/${mistyped(code, n)}`, until);
      seen.mistypes.push(wrong.status);
    }
    const page = await openCode(b, seen, 'table page', `/t/${code}`, until);
    if (page.status !== 200) seen.notes.push(`phone ${n}: /t/CODE ${why(page)}`);
    const game = setup.openGames.get(table.gameId)!;
    const { sheet } = scoreSheet([game.first.name, game.second!.name], 5000 + table.table);
    const final = sheet.claimed!.final!;
    if (seat === 1) {
      for (let i = 0; i < TRIES && Date.now() < until; i++) {
        const a = await b.retrying('sheet sent', 'POST', `/api/codes/${code}/sheet`, until, {
          json: sheet,
        });
        checkValid(seen, 'sheet', a);
        if (a.status === 201) {
          seen.phoneSheets.push({
            id: (JSON.parse(a.text) as { id: number }).id,
            gameId: game.id,
            final,
          });
          break;
        }
        if (a.status === 409) break; // the result is in already
        seen.notes.push(`phone ${n}: sheet ${why(a)}`);
        await sleep(RETRY_MS);
      }
    } else {
      // Seat 2 looks at the table until seat 1's sheet is there, then confirms it.
      while (Date.now() < until) {
        const view = await openCode(b, seen, 'code API', `/api/codes/${code}`, until);
        if (view.status !== 200) {
          await sleep(RETRY_MS);
          continue;
        }
        const v = JSON.parse(view.text) as {
          game: { status: string };
          submissions: { id: number; status: string; from: { seat: number } }[];
        };
        if (v.game.status === 'complete') break;
        const waiting = v.submissions.find((s) => s.status === 'waiting' && s.from.seat === 1);
        if (!waiting) {
          await sleep(1500);
          continue;
        }
        const a = await b.retrying('confirm', 'POST', `/api/codes/${code}/confirm`, until, {
          json: { submission: waiting.id },
        });
        checkValid(seen, 'confirm', a);
        if (a.status === 200) {
          seen.confirmed.push({ gameId: game.id, final });
          break;
        }
        await sleep(RETRY_MS);
      }
    }
    await openCode(b, seen, 'table page', `/t/${code}`, until);
    await b.retrying('standings page', 'GET', `/divisions/${setup.open}/standings`, until);
  } finally {
    stream.close();
  }
}

async function judge(
  tally: Tally,
  setup: Setup,
  seen: Seen,
  j: number,
  t0: number,
  until: number,
  phonesDone: () => boolean,
): Promise<void> {
  const me = setup.judges[j];
  let bearer = { Authorization: `Bearer ${me.token}` };
  const games = setup.juniorGames.filter((_, k) => k % JUDGES === j);
  // Sheets come to the desk at 5 s, 22 s (the kill is at 20 s) and 45 s, a judge after another.
  const sheetsAt = [5_000, 22_000, 45_000].map((ms) => t0 + ms + j * 400);
  let signedInAgain = false;
  let nextDesk = Date.now();
  while (Date.now() < until) {
    if (!signedInAgain && Date.now() >= t0 + JUDGES_SIGN_IN_AT_MS + j * 500) {
      signedInAgain = true;
      const a = await me.browser.retrying('sign-in', 'POST', '/api/auth/sign-in', until, {
        json: { email: me.email, password: me.password, kind: 'api' },
      });
      if (a.status === 200)
        bearer = { Authorization: `Bearer ${(JSON.parse(a.text) as { token: string }).token}` };
      else ownerRefused(seen, me.email, a);
    }
    const due = sheetsAt.findIndex((at, k) => at <= Date.now() && games[k] !== undefined);
    if (due >= 0) {
      const g = games[due];
      sheetsAt[due] = Infinity;
      const { sheet } = scoreSheet([g.first.name, g.second!.name], 9000 + g.table);
      const a = await me.browser.retrying(
        'judge sheet',
        'PUT',
        `/api/games/${g.id}/scoresheet`,
        until,
        {
          json: sheet,
          headers: bearer,
        },
      );
      if (a.status === 200) seen.judgeSheets.push({ gameId: g.id, final: sheet.claimed!.final! });
      else seen.notes.push(`judge ${j + 1}: sheet ${why(a)}`);
    }
    if (Date.now() >= nextDesk) {
      nextDesk = Date.now() + 3000;
      await me.browser.send('desk', 'GET', `/api/divisions/${setup.open}/rounds/1/desk`, {
        headers: bearer,
      });
    }
    if (phonesDone() && sheetsAt.every((at) => at === Infinity || at > until) && signedInAgain) {
      break;
    }
    await sleep(250);
  }
}

async function organiser(
  tally: Tally,
  setup: Setup,
  seen: Seen,
  t0: number,
  until: number,
): Promise<void> {
  await sleep(t0 + IMPORT_AT_MS - Date.now());
  const b = setup.organiser.browser;
  const again = await b.retrying('sign-in', 'POST', '/api/auth/sign-in', until, {
    json: { email: ORGANISER.email, password: ORGANISER.password, kind: 'api' },
  });
  let token = setup.organiser.token;
  if (again.status === 200) token = (JSON.parse(again.text) as { token: string }).token;
  else ownerRefused(seen, ORGANISER.email, again);
  const bearer = { Authorization: `Bearer ${token}` };
  const started = Date.now();
  seen.job.at = started - t0;
  // Sent again after an error page, as the organiser would: the list's persons are found again by id.
  const a = await b.retrying('job start', 'POST', '/api/ratings/import', until, {
    json: { csv: ratingList(RATING_ROWS, 1, 'H') },
    headers: { ...bearer, Prefer: 'respond-async' },
  });
  if (a.status !== 202) {
    seen.job.status = `not started: ${why(a)}`;
    return;
  }
  const id = (JSON.parse(a.text) as { id: string }).id;
  while (Date.now() < until) {
    await sleep(500);
    const p = await b.send('job poll', 'GET', `/api/jobs/${id}`, { headers: bearer });
    seen.job.polls++;
    if (p.status === 404) {
      seen.job.notHere++;
      continue;
    }
    if (p.status !== 200) continue;
    const job = JSON.parse(p.text) as { state: string };
    if (job.state !== 'running') {
      seen.job.status = job.state;
      seen.job.ms = Date.now() - started;
      return;
    }
  }
  seen.job.status = 'still running at the deadline (or never seen again)';
}

/** Ten random characters of the codes' alphabet. */
function randomCode(rng: () => number): string {
  return Array.from({ length: 10 }, () => CODE_ALPHABET[Math.floor(rng() * 32)]).join('');
}

async function hostile(
  base: string,
  tally: Tally,
  setup: Setup,
  seen: Seen,
  until: number,
): Promise<() => void> {
  const rng = seededRandom(6613);
  const forged = () => ({ 'X-Forwarded-For': `198.51.100.${Math.floor(rng() * 250) + 1}` });
  // Streams: opened without cookies, 20 at a time, and held.
  const held: (() => void)[] = [];
  const streams = (async () => {
    for (let i = 0; i < HOSTILE_STREAMS && Date.now() < until; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, (_, k) =>
          new Browser(base, tally, `curl/8.${(i + k) % 50}`, null).stream(
            'hostile stream',
            `/divisions/${setup.open}/events`,
          ),
        ),
      );
      for (const s of batch) {
        seen.hostileStreams.push(s.status);
        held.push(s.close);
      }
    }
  })();
  // Codes: two at a time, no cookies, another browser name every 20 guesses.
  let guessed = 0;
  const guesser = async () => {
    while (guessed < HOSTILE_CODE_GUESSES && Date.now() < until) {
      const i = guessed++;
      const b = new Browser(base, tally, `Mozilla/5.0 guesser-${Math.floor(i / 20)}`, null);
      await b.send('hostile code', 'GET', `/api/codes/${randomCode(rng)}`, { headers: forged() });
    }
  };
  // Passwords: the judges', the organiser's and unknown e-mails, one at a time.
  const emails = [...setup.judges.map((j) => j.email), ORGANISER.email];
  const passwords = async () => {
    for (let i = 0; i < HOSTILE_PASSWORD_GUESSES && Date.now() < until; i++) {
      const email = i % 4 === 3 ? `nobody${i}@hall.example.org` : emails[i % emails.length];
      const b = new Browser(base, tally, `Mozilla/5.0 guesser-${i}`, null);
      await b.send('hostile sign-in', 'POST', '/api/auth/sign-in', {
        json: { email, password: `guess-${i}-password`, kind: 'api' },
        headers: forged(),
      });
    }
  };
  await Promise.all([streams, guesser(), guesser(), passwords()]);
  return () => held.forEach((close) => close());
}

// ---------------------------------------------------------------------------------------------
// Reading back, and the table

interface Figures {
  lost: string[];
  tablesIn: number;
  juniorsIn: number;
  persons: number;
}

async function readBack(db: Client, setup: Setup, seen: Seen): Promise<Figures> {
  const lost: string[] = [];
  const subs = new Map(
    (await db.query<{ id: number }>('SELECT id FROM sheet_submissions')).rows.map((r) => [
      Number(r.id),
      true,
    ]),
  );
  const games = new Map(
    (
      await db.query<{
        id: number;
        status: string;
        first_score: number | null;
        second_score: number | null;
        result_source: string | null;
      }>('SELECT id, status, first_score, second_score, result_source FROM games')
    ).rows.map((g) => [Number(g.id), g]),
  );
  const sheets = new Set(
    (await db.query<{ game_id: number }>('SELECT game_id FROM score_sheets')).rows.map((r) =>
      Number(r.game_id),
    ),
  );
  for (const s of seen.phoneSheets) {
    if (!subs.has(s.id)) lost.push(`table sheet ${s.id} of game ${s.gameId}: not stored`);
  }
  const finalOf = (id: number) => {
    const g = games.get(id);
    return g && g.status === 'complete' ? [g.first_score, g.second_score] : null;
  };
  for (const c of seen.confirmed) {
    const f = finalOf(c.gameId);
    if (!f || f[0] !== c.final[0] || f[1] !== c.final[1] || !sheets.has(c.gameId)) {
      lost.push(
        `confirmed sheet of game ${c.gameId}: result ${JSON.stringify(f)}, sheet kept ${sheets.has(c.gameId)}`,
      );
    }
  }
  for (const j of seen.judgeSheets) {
    const f = finalOf(j.gameId);
    if (!f || f[0] !== j.final[0] || f[1] !== j.final[1] || !sheets.has(j.gameId)) {
      lost.push(
        `judge's sheet of game ${j.gameId}: result ${JSON.stringify(f)}, sheet kept ${sheets.has(j.gameId)}`,
      );
    }
  }
  const persons = Number(
    (
      await db.query<{ n: string }>(
        "SELECT count(*) AS n FROM persons WHERE federation_id LIKE 'H-%'",
      )
    ).rows[0].n,
  );
  return {
    lost,
    tablesIn: [...setup.openGames.keys()].filter((id) => finalOf(id) !== null).length,
    juniorsIn: setup.juniorGames.filter((g) => finalOf(g.id) !== null).length,
    persons,
  };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function statuses(tally: Tally, kind: string): string {
  const k = tally.kinds.get(kind);
  if (!k) return '-';
  return [...k.statuses]
    .sort((a, b) => b[1] - a[1])
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
}

function print(
  tally: Tally,
  seen: Seen,
  figures: Figures,
  waits: { round: HealthWaits; baseline: HealthWaits },
  t0: number,
  wallMs: number,
): void {
  const health = waits.round;
  const counted = (xs: (string | number)[]) => {
    const by = new Map<string, number>();
    xs.forEach((x) => by.set(String(x), (by.get(String(x)) ?? 0) + 1));
    return by.size === 0 ? 'none' : [...by].map(([x, n]) => `${x}×${n}`).join(' ');
  };
  const row = (what: string, value: string, goal: string, ok: boolean | null) =>
    console.log(
      `  ${what.padEnd(46)} ${value.padStart(12)}   ${goal.padEnd(10)} ${ok === null ? '' : ok ? 'met' : 'MISSED'}`,
    );
  console.log(
    `\nhall day (${(wallMs / 1000).toFixed(0)} s of round; figures below are this run's)`,
  );
  console.log(`  ${'figure'.padEnd(46)} ${'measured'.padStart(12)}   ${'goal'.padEnd(10)}`);
  row(
    'valid codes refused (429/403)',
    String(seen.validRefused.length),
    '0',
    seen.validRefused.length === 0,
  );
  row(
    'owners locked out (right password refused)',
    String(seen.ownersRefused.length),
    '0',
    seen.ownersRefused.length === 0,
  );
  row('/api/health longest wait (ms)', health.longest.toFixed(0), '≤ 100', health.longest <= 100);
  row('acknowledged sheets lost', String(figures.lost.length), '0', figures.lost.length === 0);
  console.log('\n  per page (through nginx; every answer counted, 5xx too)');
  console.log(
    `  ${'page'.padEnd(24)} ${'n'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}   statuses`,
  );
  for (const [kind, k] of [...tally.kinds].sort((a, b) => a[0].localeCompare(b[0]))) {
    const n = [...k.statuses.values()].reduce((a, b) => a + b, 0);
    console.log(
      `  ${kind.padEnd(24)} ${String(n).padStart(6)} ${percentile(k.ms, 50).toFixed(0).padStart(8)} ${percentile(k.ms, 99).toFixed(0).padStart(8)}   ${statuses(tally, kind)}`,
    );
  }
  console.log('\n  the hall');
  console.log(
    `  tables of the round with their result in the database: ${figures.tablesIn} of ${PLAYERS / 2}`,
  );
  console.log(
    `  sheets sent from the tables and acknowledged: ${seen.phoneSheets.length}; confirmed: ${seen.confirmed.length}`,
  );
  console.log(
    `  judges' sheets acknowledged: ${seen.judgeSheets.length} (${figures.juniorsIn} of ${JUNIOR_PLAYERS / 2} junior tables in)`,
  );
  console.log(`  mistyped codes answered: ${counted(seen.mistypes)}`);
  const firstRefused = seen.phoneStreams.filter((s) => s.first !== 200).length;
  const lastRefused = seen.phoneStreams.filter((s) => s.last !== 200).length;
  console.log(
    `  phones' live streams refused at first: ${firstRefused}, still after asking again with the cookie: ${lastRefused}`,
  );
  console.log(`  hostile streams: ${counted(seen.hostileStreams)}`);
  console.log(
    `  rating list (${RATING_ROWS.toLocaleString('en')} rows) as a job: ${seen.job.status}` +
      `${seen.job.ms !== null ? ` in ${(seen.job.ms / 1000).toFixed(1)} s` : ''}; ` +
      `${seen.job.polls} polls through the proxy, ${seen.job.notHere} answered 404 (asked of the other server); ` +
      `${figures.persons.toLocaleString('en')} of its persons in the database`,
  );
  console.log(
    `  /api/health: ${health.asked} asks, median ${health.median.toFixed(1)} ms, longest ${health.longest.toFixed(0)} ms at ${(health.longestAt / 1000).toFixed(1)} s ` +
      `(the kill at ${KILL_AT_MS / 1000} s, the restart at ${RESTART_AT_MS / 1000} s); resets asked again ${health.resets}; ` +
      `not 200: ${counted(health.failures)}`,
  );
  // Where the longest waits fell, beside what the hall was doing then.
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const job = seen.job;
  console.log(
    `  /api/health asks over 100 ms: ${health.over100}; the longest: ` +
      health.slowest.map((w) => `${w.ms.toFixed(0)} ms at ${s(w.at - t0)}`).join(', ') +
      ` (the import sent at ${job.at === null ? '-' : s(job.at)}, its end seen at ` +
      `${job.at === null || job.ms === null ? '-' : s(job.at + job.ms)}; the kill at ${s(KILL_AT_MS)}; ` +
      `the restarted server served at ${seen.restartMs === null ? '-' : s(RESTART_AT_MS + seen.restartMs)})`,
  );
  console.log(
    `  /api/health baseline (the same monitor, 5 s before the round): ${waits.baseline.asked} asks, ` +
      `median ${waits.baseline.median.toFixed(1)} ms, longest ${waits.baseline.longest.toFixed(0)} ms; ` +
      `round/baseline medians ${(health.median / waits.baseline.median).toFixed(1)}×`,
  );
  console.log(
    `  owners' sign-ins never answered (timeouts, 5xx; not refusals): ${counted(seen.ownersUnanswered.map((o) => o.status))}`,
  );
  const c = seen.cpu;
  console.log(
    `  CPU of the round (wall ${(wallMs / 1000).toFixed(0)} s, 2 cores shared with whatever else runs): ` +
      `server A ${c.servers[0].toFixed(1)} s until killed and ${c.restarted.toFixed(1)} s after its restart, ` +
      `server B ${c.servers[1].toFixed(1)} s, this bench's clients ${c.bench.toFixed(1)} s`,
  );
  console.log(
    `  the killed server served again ${seen.restartMs === null ? 'never' : `${(seen.restartMs / 1000).toFixed(1)} s after its restart began`}`,
  );
  for (const r of seen.validRefused.slice(0, 10))
    console.log(`  valid code refused: ${r.path} ${r.status}`);
  for (const r of seen.ownersRefused) console.log(`  owner refused: ${r.who} ${r.status}`);
  for (const l of figures.lost.slice(0, 10)) console.log(`  lost: ${l}`);
  // What went wrong on the way, phone and judge numbers aside: each kind once, with how often.
  const notes = new Map<string, number>();
  for (const note of seen.notes.map((n) => n.replace(/^(phone|judge) \d+/, '$1 N'))) {
    notes.set(note, (notes.get(note) ?? 0) + 1);
  }
  for (const [note, times] of notes) console.log(`  on the way: ${note} (${times}×)`);
  console.log(
    `  load average: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`,
  );
}

/** Why the hall cannot run here (nginx or PostgreSQL missing), or null. */
async function missing(): Promise<string | null> {
  const nginx = nginxMissing();
  if (nginx) return nginx;
  const c = new Client({
    connectionString: process.env.DATABASE_URL,
    connectionTimeoutMillis: 3000,
  });
  try {
    await c.connect();
    await c.end();
    return null;
  } catch (e) {
    return `PostgreSQL is not reachable at ${process.env.DATABASE_URL}: ${(e as Error).message}`;
  }
}

export async function run(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    process.env.DATABASE_URL = DEFAULT_DATABASE;
    console.log(`hall-day: DATABASE_URL is unset; using ${DEFAULT_DATABASE}`);
  }
  const why = await missing();
  if (why) {
    console.log(`hall-day SKIPPED: ${why}`);
    return;
  }
  const db = await newBenchDatabase('postgres');
  const children: ChildProcess[] = [];
  let proxy: Proxy | null = null;
  let client: Client | null = null;
  try {
    const ports: [number, number] = [await freePort(), await freePort()];
    // The first start makes the schema; the second joins it.
    children.push(await startServer(db, ports[0]));
    children.push(await startServer(db, ports[1]));
    proxy = await startNginx(ports.map((p) => `127.0.0.1:${p}`));
    const servers: Servers = { db, ports, children: [children[0], children[1]], proxy };
    const tally = new Tally();
    const setup = await setUp(servers, tally);
    tally.kinds.clear(); // the round is what is measured, not the setting up

    const seen: Seen = {
      validRefused: [],
      ownersRefused: [],
      ownersUnanswered: [],
      phoneSheets: [],
      confirmed: [],
      judgeSheets: [],
      mistypes: [],
      phoneStreams: [],
      hostileStreams: [],
      job: { status: 'not started', polls: 0, notHere: 0, at: null, ms: null },
      restartMs: null,
      cpu: { servers: [0, 0], restarted: 0, bench: 0 },
      notes: [],
    };
    // The baseline: the same monitor for 5 s before the round, the servers idle.
    const idle = probeHealthApart(proxy.url, 50, '127.0.0.1');
    await sleep(5000);
    const baseline = await idle.stop();
    const cpuAtStart = children.map((c) => cpuMs(c.pid!));
    const benchAtStart = process.cpuUsage();
    const t0 = Date.now();
    const until = t0 + DEADLINE_MS;
    const health = probeHealthApart(proxy.url, 50, '127.0.0.1');
    const rng = seededRandom(33);
    let phonesLeft = setup.codes.length * 2;
    const phones = setup.codes.flatMap((table, k) =>
      ([1, 2] as const).map((seat) =>
        phone(
          proxy!.url,
          tally,
          setup,
          seen,
          2 * k + seat - 1,
          table,
          seat,
          t0 + rng() * ARRIVALS_MS,
          until,
        )
          .catch((e: unknown) => void seen.notes.push(`phone ${2 * k + seat - 1}: ${String(e)}`))
          .finally(() => phonesLeft--),
      ),
    );
    const judges = setup.judges.map((_, j) =>
      judge(tally, setup, seen, j, t0, until, () => phonesLeft === 0).catch(
        (e: unknown) => void seen.notes.push(`judge ${j + 1}: ${String(e)}`),
      ),
    );
    const organiserDone = organiser(tally, setup, seen, t0, until).catch(
      (e: unknown) => void seen.notes.push(`organiser: ${String(e)}`),
    );
    const hostileDone = hostile(proxy.url, tally, setup, seen, until);
    const outage = (async () => {
      await sleep(t0 + KILL_AT_MS - Date.now());
      seen.cpu.servers[0] = (cpuMs(children[0].pid!) - cpuAtStart[0]) / 1000;
      await kill(children[0], 'SIGKILL');
      await sleep(t0 + RESTART_AT_MS - Date.now());
      const restart = Date.now();
      children[0] = await startServer(db, ports[0]);
      seen.restartMs = Date.now() - restart;
    })();
    await Promise.all([...phones, ...judges, organiserDone, outage]);
    const closeHostile = await hostileDone;
    const wallMs = Date.now() - t0;
    seen.cpu.restarted = cpuMs(children[0].pid!) / 1000;
    seen.cpu.servers[1] = (cpuMs(children[1].pid!) - cpuAtStart[1]) / 1000;
    const benchCpu = process.cpuUsage(benchAtStart);
    seen.cpu.bench = (benchCpu.user + benchCpu.system) / 1e6;
    const waits = await health.stop();
    closeHostile();

    client = new Client({ connectionString: db.env.DATABASE_URL });
    await client.connect();
    const figures = await readBack(client, setup, seen);
    print(tally, seen, figures, { round: waits, baseline }, t0, wallMs);
  } finally {
    await client?.end();
    await proxy?.stop();
    for (const c of children) await kill(c, 'SIGTERM');
    await db.drop();
  }
}
