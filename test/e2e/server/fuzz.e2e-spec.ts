import http from 'http';
import { seedSite, Site } from '../../browser/site';
import {
  BAD_IDS,
  BAD_IF_MATCH,
  BAD_LANGS,
  BAD_QUERY,
  BAD_TOKENS,
  clone,
  CONTENT_TYPES,
  generate,
  Json,
  leafName,
  LONE_SURROGATE,
  MALFORMED,
  mutate,
  Mutation,
  paths,
  pathText,
  RAW_BODIES,
  Rng,
  Schema,
  schemaAt,
  setAt,
  show,
} from './fuzz-inputs';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { Auth, scoreSheet, readVersion } from '../tournament-helpers';

/**
 * Fuzzing every route of the OpenAPI document, and the pages, with generated
 * bad bodies, ids, queries, headers and cookies (malformed Unicode among
 * them), and importing mutated export files. Seeded and bounded:
 * `FUZZ_SEED` replays a run, `FUZZ_CASES` (per API route) and
 * `FUZZ_EXPORTS` make it longer.
 *
 * What must hold: no answer is a 5xx; every 4xx of the API is the error
 * body, and every 400, 413 and 415 names a field (of the body, a parameter
 * or a header); a string that is not well-formed Unicode, or a null where
 * the document allows none, is a 400 naming that field; an accepted
 * import's pages and PDFs answer below 500.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20260519);
const CASES = Number(process.env.FUZZ_CASES ?? 50);
const EXPORTS = Number(process.env.FUZZ_EXPORTS ?? 40);

interface Operation {
  method: string;
  path: string;
  params: { in: string; name: string }[];
  body?: Schema;
  /** Every name a refusal may give: body properties, parameters, headers. */
  names: Set<string>;
}

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What is wrong with it, for the failure message. */
  why: string[];
}

interface Answer {
  status: number;
  text: string;
  json?: { code?: unknown; message?: unknown; details?: unknown };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function send(base: string, req: Sent): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const r = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: req.path,
        method: req.method,
        agent,
        headers: {
          ...req.headers,
          ...(req.body ? { 'Content-Length': String(req.body.length) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: Answer['json'];
          if (/json/.test(res.headers['content-type'] ?? '')) {
            try {
              json = JSON.parse(text) as Answer['json'];
            } catch {
              json = undefined;
            }
          }
          resolve({ status: res.statusCode ?? 0, text, json });
        });
      },
    );
    r.setTimeout(20000, () => r.destroy(new Error(`${req.method} ${req.path}: no answer in 20 s`)));
    r.on('error', reject);
    r.end(req.body);
  });
}

/** Every operation of the OpenAPI document, with the names its refusals may give. */
function operations(doc: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, Schema> };
}): { ops: Operation[]; resolve: (ref: string) => Schema } {
  const resolve = (ref: string) => doc.components.schemas[ref.replace('#/components/schemas/', '')];
  const namesOf = (schema: Schema | undefined, into: Set<string>, seen = new Set<Schema>()) => {
    if (!schema || seen.has(schema)) return;
    seen.add(schema);
    if (schema.$ref) return namesOf(resolve(schema.$ref), into, seen);
    for (const [k, sub] of Object.entries(schema.properties ?? {})) {
      into.add(k);
      namesOf(sub, into, seen);
    }
    namesOf(schema.items, into, seen);
  };
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const params = (op.parameters ?? []) as { in: string; name: string }[];
      const body = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
        ?.content?.['application/json']?.schema;
      const names = new Set<string>(['body', 'JSON', 'Content-Type', 'If-Match', 'id']);
      for (const p of params) names.add(p.name);
      namesOf(body, names);
      ops.push({ method: method.toUpperCase(), path, params, body, names });
    }
  }
  return { ops, resolve };
}

/** True when a refusal's message names one of `names` (a whole word, or a path element). */
function namesOne(message: string, names: Iterable<string>): boolean {
  for (const name of names) {
    if (!name) {
      if (message.includes('""')) return true;
      continue;
    }
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(^|[^A-Za-z0-9_])${escaped}($|[^A-Za-z0-9_])`, 'i').test(message)) return true;
  }
  return false;
}

/** Every key of a JSON tree (the names a refusal of it may give). */
function keysOf(value: Json, into: Set<string>): void {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, into));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysOf(v, into);
    }
  }
}

interface Failure {
  sent: Sent;
  answer: Answer;
  problem: string;
}

function describeFailure(f: Failure): string {
  const headers = Object.entries(f.sent.headers)
    .filter(([k]) => k !== 'Authorization' || !/^Bearer [0-9a-f]{20,}/.test(f.sent.headers[k]))
    .map(([k, v]) => `${k}: ${show(v)}`)
    .join(', ');
  const body = f.sent.body ? show(f.sent.body.toString('utf8')) : '';
  return [
    `${f.problem}: ${f.sent.method} ${f.sent.path} → ${f.answer.status} ${f.answer.text.slice(0, 200)}`,
    `    why: ${f.sent.why.join('; ') || 'nothing bad'}`,
    `    headers: ${headers}`,
    body ? `    body: ${body}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The errors the server logged (each kind once, with the top of its stack), for a failure's message. */
function firstLoggedError(log: string): string {
  const lines = log.split('\n');
  const seen = new Set<string>();
  const out: string[] = [];
  lines.forEach((line, i) => {
    if (!/ERROR/.test(line) || seen.size >= 5) return;
    const what = (lines[i + 1] ?? '').replace(/\d+/g, 'N');
    if (seen.has(what)) return;
    seen.add(what);
    out.push(
      line,
      ...lines
        .slice(i + 1, i + 1 + 12)
        .filter((l) => /^\S|^\s+at /.test(l))
        .slice(0, 4),
    );
  });
  return out.length ? ['  the server logged:', ...out].join('\n') : '';
}

function report(what: string, failures: Failure[], total: number, log = ''): string {
  const byProblem = new Map<string, number>();
  for (const f of failures) byProblem.set(f.problem, (byProblem.get(f.problem) ?? 0) + 1);
  return [
    `${what}: ${failures.length} of ${total} requests failed (seed ${SEED}):`,
    ...[...byProblem].map(([p, n]) => `  ${n} × ${p}`),
    ...[...byProblem.keys()].flatMap((p) =>
      failures
        .filter((f) => f.problem === p)
        .slice(0, 3)
        .map(describeFailure),
    ),
    firstLoggedError(log),
  ].join('\n');
}

describe(`fuzzing the API, the pages and the import (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let site: Site;
  let judge: Auth;
  let doc: Parameters<typeof operations>[0];
  let exported: Json;

  beforeAll(async () => {
    t = await startTestApp();
    judge = await t.account('judge');
    site = await seedSite(t);
    doc = (await t.http.get('/api/docs-json').expect(200)).body as typeof doc;
    exported = (
      await t.http.get(`/api/tournaments/${site.tournamentId}/export`).set(t.organiser).expect(200)
    ).body as Json;
  });
  afterAll(async () => {
    agent.destroy();
    await t?.close();
  });

  test('the requests that answered 500: a 400 naming the field, or the page in the default language', async () => {
    const signIn = await send(t.url, {
      method: 'POST',
      path: '/api/auth/sign-in',
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.from('{"email":"\\ud800@example.org","password":"x"}'),
      why: [],
    });
    expect(signIn.status).toBe(400);
    expect(signIn.json).toMatchObject({ code: 'MALFORMED_TEXT', details: { field: 'email' } });
    expect(signIn.json?.message).toMatch(/^email is not well-formed Unicode text/);

    const judged = await t.http
      .post('/api/word-judge')
      .set(judge)
      .send({ words: ['KUĆA'], gameId: null });
    expect(judged.status).toBe(400);
    expect(judged.body.message).toBe('gameId must not be null (leave it out instead)');

    // null stays a value where the document says so: a player's club is cleared by it.
    const player = site.players[0];
    const cleared = await t.http
      .patch(`/api/players/${player.id}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/players/${player.id}`))
      .send({ club: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.club).toBeNull();

    for (const lang of ['constructor', '__proto__', 'toString', 'j:["constructor"]']) {
      const home = await t.http.get('/').set('Cookie', `arbiter_lang=${lang}`);
      expect(home.status).toBe(200);
      expect(home.text).toMatch(/<html lang="sr-Latn"/);
      const missing = await t.http
        .get('/no-such-page')
        .set('Accept', 'text/html')
        .set('Cookie', `arbiter_lang=${lang}`);
      expect(missing.status).toBe(404);
      const query = await t.http.get(`/?lang=${encodeURIComponent(lang)}`);
      expect(query.status).toBe(200);
    }

    const undecodable = await t.http.get('/api/games/%FF/history');
    expect(undecodable.status).toBe(400);
    expect(undecodable.body.message).toMatch(/^game id must be a whole number/);

    const list = await t.http
      .patch(`/api/players/${player.id}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/players/${player.id}`))
      .send([{ name: 'x' }]);
    expect(list.status).toBe(400);
    expect(list.body).toMatchObject({ code: 'BAD_BODY' });
  });

  test('every route of the OpenAPI document: no 5xx, every refusal names a field', async () => {
    const rng = new Rng(SEED);
    const { ops, resolve } = operations(doc);
    expect(ops.length).toBeGreaterThan(30);
    const games = site.round.games.map((g) => g.id);
    const players = site.players.map((p) => p.id);
    const idOf = (segment: string): number => {
      switch (segment) {
        case 'tournaments':
          return site.tournamentId;
        case 'divisions':
          return site.divisionId;
        case 'players':
          return rng.pick(players);
        default:
          return rng.pick(games);
      }
    };
    const idFor = (name: string): number | undefined => {
      if (name === 'tournamentId') return site.tournamentId;
      if (name === 'gameId') return rng.pick(games);
      if (['first', 'second', 'players', 'playerIds'].includes(name)) return rng.pick(players);
      if (name === 'turn') return 1 + rng.int(3);
      return undefined;
    };
    const sheetGame = site.round.games.find((g) => g.id === site.pendingGame)!;
    const sheet = scoreSheet([sheetGame.first.name, sheetGame.second!.name], 5).sheet;
    const specialBody = (op: Operation): Json | undefined => {
      if (op.path === '/api/games/{id}/scoresheet') return clone(sheet as unknown as Json);
      if (op.path === '/api/tournaments/import') return clone(exported);
      if (op.path === '/api/tournaments/{id}/word-list' && op.method === 'PUT')
        return { name: 'Lista', text: 'KUĆA\nPAS\nNJIVA' };
      // A prize is an amount or a name, never both, as the schema cannot say.
      if (op.path === '/api/tournaments/{id}/prizes')
        return {
          currency: 'RSD',
          onePrizePerPlayer: true,
          places: [{ amount: 10000 }, { name: 'Knjiga' }],
          classes: [{ name: 'B', below: 1600, prizes: [{ amount: 3000 }] }],
          awards: [{ kind: 'highest-game', prize: { amount: 1000 } }],
        };
      return undefined;
    };

    const failures: Failure[] = [];
    let total = 0;
    const started = Date.now();

    // Each property of each body alone null, then alone text that is not well-formed.
    const pathOf = (op: Operation) =>
      op.path.replace(/\{(\w+)\}/g, (_m, name: string, offset: number) => {
        if (name !== 'id') return '1';
        // The sheet is the pending game's: another game's would be refused for its players.
        if (op.path.endsWith('/scoresheet')) return String(site.pendingGame);
        return String(idOf(op.path.slice(0, offset).split('/').filter(Boolean).pop() ?? ''));
      });
    for (const op of ops) {
      if (!op.body || op.path === '/api/auth/sign-out') continue;
      const special = specialBody(op);
      const base = special ?? generate(op.body, resolve, rng, '', idFor, 0, true);
      let targets = paths(base).filter((p) => p.length > 0);
      if (targets.length > 30) targets = rng.shuffle(targets).slice(0, 30);
      for (const target of targets) {
        for (const kind of ['null', 'malformed'] as const) {
          const value = clone(base);
          const bad = kind === 'null' ? null : rng.pick(MALFORMED);
          setAt(value, target, bad);
          const field = pathText(target);
          const sent: Sent = {
            method: op.method,
            path: pathOf(op),
            headers: { ...t.organiser, 'Content-Type': 'application/json' },
            body: Buffer.from(JSON.stringify(value), 'utf8'),
            why: [`${field}: ${show(bad)}`],
          };
          const answer = await send(t.url, sent);
          total++;
          const fail = (problem: string) => failures.push({ sent, answer, problem });
          const leaf = leafName(target);
          const message = typeof answer.json?.message === 'string' ? answer.json.message : '';
          const nullable = schemaAt(op.body, target, resolve)?.nullable === true;
          if (answer.status >= 500) fail(`${answer.status} on ${op.method} ${op.path}`);
          else if (kind === 'malformed' && answer.status !== 400)
            fail(`malformed text not refused by ${op.method} ${op.path}`);
          else if (kind === 'null' && answer.status < 300 && !special && !nullable)
            fail(`null accepted where the document allows none`);
          else if (kind === 'null' && !special && !nullable && answer.status !== 400)
            fail(`null not refused with a 400 by ${op.method} ${op.path}`);
          else if (answer.status === 400 && !nullable && leaf && !namesOne(message, [leaf]))
            fail(`a 400 not naming ${leaf}`);
        }
      }
    }

    for (let round = 0; round < CASES; round++) {
      for (const op of rng.shuffle(ops)) {
        const why: string[] = [];
        const headers: Record<string, string> = {};
        let clean = true;
        // Path ids.
        let badParam: string | undefined;
        const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string, offset: number) => {
          if (rng.chance(0.15)) {
            const bad = rng.pick(BAD_IDS);
            why.push(`${name}=${bad}`);
            badParam = name;
            clean = false;
            return bad;
          }
          if (name === 'number') return String(1 + rng.int(2));
          const segment = op.path.slice(0, offset).split('/').filter(Boolean).pop() ?? '';
          return String(idOf(segment));
        });
        // Query.
        const query: string[] = [];
        const extraNames: string[] = [];
        for (const p of op.params.filter((x) => x.in === 'query')) {
          const r = rng.next();
          if (r < 0.3) query.push(`${p.name}=${1 + rng.int(2)}`);
          else if (r < 0.5) {
            const bad = rng.pick(BAD_QUERY);
            query.push(`${p.name}=${bad}`);
            why.push(`?${p.name}=${bad}`);
            clean = false;
          }
        }
        if (rng.chance(0.08)) {
          const extra = rng.pick([
            'lang=constructor',
            'lang=__proto__',
            'round[]=1',
            'round[__proto__]=1',
            'a[b][c][d]=1',
            'lang=%ED%A0%80',
          ]);
          query.push(extra);
          extraNames.push(extra.split(/[[=]/)[0]);
          why.push(`?${extra}`);
          clean = false;
        }
        // Who sends it.
        const who = rng.next();
        const signOut = op.path === '/api/auth/sign-out';
        if (who < 0.8 && !signOut) Object.assign(headers, t.organiser);
        else if (who < 0.88 && !signOut) Object.assign(headers, judge);
        else if (who < 0.94) {
          headers.Authorization = `Bearer ${rng.pick(BAD_TOKENS)}`;
          why.push('bad bearer');
        } else if (who < 0.97) {
          headers.Cookie = `arbiter_session=${rng.pick(BAD_TOKENS)}`;
          why.push('bad session cookie');
        }
        if (rng.chance(0.12)) {
          const lang = rng.pick(BAD_LANGS);
          headers.Cookie = [headers.Cookie, `arbiter_lang=${lang}`].filter(Boolean).join('; ');
          why.push(`lang cookie ${show(lang)}`);
        }
        if (op.params.some((p) => p.in === 'header' && p.name === 'If-Match')) {
          const r = rng.next();
          if (r < 0.3) headers['If-Match'] = String(1 + rng.int(3));
          else if (r < 0.55) {
            headers['If-Match'] = rng.pick(BAD_IF_MATCH);
            why.push(`If-Match ${show(headers['If-Match'])}`);
            clean = false;
          }
        }
        if (rng.chance(0.08)) headers.Accept = rng.pick(['text/html', '*/*', 'application/xml']);
        // Body.
        let body: Buffer | undefined;
        const mutations: Mutation[] = [];
        let sentJson: Json | undefined;
        if (op.body || rng.chance(0.05)) {
          if (rng.chance(0.05)) {
            body = rng.pick(RAW_BODIES);
            why.push(`raw body ${show(body.toString('latin1'))}`);
            clean = false;
            try {
              sentJson = JSON.parse(body.toString('utf8')) as Json;
            } catch {
              sentJson = undefined;
            }
          } else {
            let value: Json = op.body
              ? (specialBody(op) ?? generate(op.body, resolve, rng, '', idFor))
              : {};
            const n = rng.pick([0, 1, 1, 1, 2, 3]);
            for (let i = 0; i < n; i++) {
              const m = mutate(value, rng);
              value = m.root;
              mutations.push(m.mutation);
              why.push(`${pathText(m.mutation.path) || 'body'}: ${m.mutation.op}`);
            }
            sentJson = value;
            body = Buffer.from(JSON.stringify(value) ?? 'null', 'utf8');
          }
          if (rng.chance(0.06)) {
            headers['Content-Type'] = rng.pick(CONTENT_TYPES);
            if (!/^application\/json(; charset=utf-8)?$/.test(headers['Content-Type'])) {
              why.push(`Content-Type ${headers['Content-Type']}`);
              clean = false;
            }
          } else headers['Content-Type'] = 'application/json';
        }
        const sent: Sent = {
          method: op.method,
          path: path + (query.length ? `?${query.join('&')}` : ''),
          headers,
          body,
          why,
        };
        const answer = await send(t.url, sent);
        total++;
        const fail = (problem: string) => failures.push({ sent, answer, problem });
        if (answer.status >= 500) {
          fail(`${answer.status} on ${op.method} ${op.path}`);
          continue;
        }
        if (answer.status < 400) {
          // A body of a route that takes none is not read.
          const malformed =
            op.body &&
            mutations.find(
              (m) => m.mustName && m.op.startsWith('malformed') && stillThere(sentJson, m),
            );
          if (malformed) fail(`malformed text accepted by ${op.method} ${op.path}`);
          continue;
        }
        const message = answer.json?.message;
        if (typeof answer.json?.code !== 'string' || typeof message !== 'string') {
          fail(`a ${answer.status} without the error body`);
          continue;
        }
        // Refusals of the input's shape name what is wrong; a 422 (well-formed,
        // not acceptable: a sheet of other players) speaks of the state.
        if (![400, 413, 415].includes(answer.status)) continue;
        const names = new Set(op.names);
        if (sentJson !== undefined) keysOf(sentJson, names);
        if (badParam) names.add(badParam);
        for (const n of extraNames) names.add(n);
        if (!namesOne(message, names)) {
          fail(`a ${answer.status} naming no field`);
          continue;
        }
        // A lone bad value in a request otherwise clean: the refusal names it.
        const only = mutations.length === 1 ? mutations[0] : undefined;
        const leaf = only ? leafName(only.path) : undefined;
        const nullable =
          only?.op === 'null' && schemaAt(op.body, only.path, resolve)?.nullable === true;
        if (clean && answer.status === 400 && only?.mustName && !nullable && leaf) {
          if (!namesOne(message, [leaf])) fail(`a 400 not naming ${leaf}`);
        }
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(`fuzz (API): ${total} requests in ${seconds.toFixed(1)} s, seed ${SEED}`);
    expect(failures.length === 0 ? '' : report('API', failures, total, t.log())).toBe('');
    // Each import route it accepts starts a job in a process of its own (a Node start and its
    // modules loaded): alone on 2 cores this test took 100 s with jobs in threads, 138 s now.
  }, 400_000);

  test('the pages, with languages and ids that name nothing: no 5xx', async () => {
    const rng = new Rng(SEED + 1);
    const game = () => rng.pick(site.round.games.map((g) => g.id));
    const player = () => rng.pick(site.players.map((p) => p.id));
    const routes: (() => string)[] = [
      () => '/',
      () => '/sign-in',
      () => '/judge',
      () => '/organiser',
      () => '/no-such-page',
      () => `/tournaments/${site.tournamentId}`,
      () => `/divisions/${site.divisionId}/standings`,
      () => `/divisions/${site.divisionId}/pairings`,
      () => `/divisions/${site.divisionId}/crosstable`,
      () => `/divisions/${site.divisionId}/standings.pdf`,
      () => `/divisions/${site.divisionId}/rounds/1/pairings.pdf`,
      () => `/players/${player()}`,
      () => `/games/${game()}`,
      () => `/games/${site.sheetGame}/record.pdf`,
      () => `/judge/games/${game()}/scoresheet`,
      () => `/judge/games/${game()}/result`,
      () => '/judge/check',
      () => '/judge/word-check',
      () => `/organiser/tournaments/${site.tournamentId}`,
      () => `/organiser/divisions/${site.divisionId}/players`,
      () => `/organiser/divisions/${site.divisionId}/rounds`,
    ];
    const session = await (async () => {
      const res = await t.http.post('/api/auth/sign-in').send({
        email: 'organiser@example.org',
        password: 'organiser-password-1',
        kind: 'session',
      });
      const cookie = ([] as string[])
        .concat(res.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('arbiter_session='));
      return cookie?.split(';')[0];
    })();
    const failures: Failure[] = [];
    let total = 0;
    const started = Date.now();
    for (let i = 0; i < Math.max(200, CASES * 5); i++) {
      const why: string[] = [];
      let path = rng.pick(routes)();
      if (rng.chance(0.15)) {
        const bad = rng.pick(BAD_IDS);
        path = path.replace(/\/\d+(?=\/|$)/, `/${bad}`);
        why.push(`id ${bad}`);
      }
      const cookies: string[] = [];
      if (session && rng.chance(0.4)) cookies.push(session);
      if (rng.chance(0.6)) {
        const lang = rng.pick(BAD_LANGS);
        cookies.push(`arbiter_lang=${lang}`);
        why.push(`lang cookie ${show(lang)}`);
      }
      if (rng.chance(0.3)) {
        const lang = rng.pick(BAD_LANGS).replace(/[^\x21-\x7e]/g, '');
        path += `${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`;
        why.push(`?lang=${lang}`);
      }
      const headers: Record<string, string> = { Accept: 'text/html' };
      if (cookies.length) headers.Cookie = cookies.join('; ');
      const sent: Sent = { method: 'GET', path, headers, why };
      const answer = await send(t.url, sent);
      total++;
      if (answer.status >= 500) {
        failures.push({ sent, answer, problem: `${answer.status} on a page` });
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(`fuzz (pages): ${total} requests in ${seconds.toFixed(1)} s, seed ${SEED + 1}`);
    expect(failures.length === 0 ? '' : report('pages', failures, total, t.log())).toBe('');
  }, 120_000);

  test("an export's stored report is never trusted: the sheet is verified again from its text, and a forged report refused", async () => {
    type Doc = {
      divisions: {
        rounds: {
          games: {
            table: number;
            scores: number[] | null;
            scoresheet: { text: string; report: unknown; ok: boolean | null } | null;
          }[];
        }[];
      }[];
    };
    const forged = clone(exported) as unknown as Doc;
    const games = forged.divisions[0].rounds[0].games;
    const withSheet = games.find((g) => g.scoresheet !== null)!;
    const original = withSheet.scoresheet!.report;
    withSheet.scoresheet!.report = { turns: [{ issues: null, words: 7 }, {}] };
    withSheet.scoresheet!.ok = false;
    // A report that does not say what the sheet verified again says was made by hand.
    const forgedAnswer = await t.http.post('/api/tournaments/import').set(t.organiser).send(forged);
    expect(forgedAnswer.status).toBe(422);
    expect(forgedAnswer.body.message).toMatch(
      /divisions\[0\]\.rounds\[0\]\.games\[\d+\]\.scoresheet\.report: does not match the sheet verified again/,
    );
    const res = await t.http
      .post('/api/tournaments/import')
      .set(t.organiser)
      .send(clone(exported) as object);
    expect(res.status).toBe(201);
    const imported = res.body as { id: number };
    const again = (
      await t.http.get(`/api/tournaments/${imported.id}/export`).set(t.organiser).expect(200)
    ).body as Doc;
    const sheet = again.divisions[0].rounds[0].games.find((g) => g.table === withSheet.table)!;
    expect(sheet.scoresheet!.report).toEqual(original);
    const rounds = (
      await t.http.get(`/api/divisions/${res.body.divisions[0].id}/rounds`).expect(200)
    ).body as { games: { id: number; table: number }[] }[];
    const game = rounds[0].games.find((g) => g.table === withSheet.table)!;
    await t.http.get(`/games/${game.id}`).expect(200);
    await t.http.get(`/games/${game.id}/record.pdf`).expect(200);

    const contradicting = clone(exported) as unknown as Doc;
    const played = contradicting.divisions[0].rounds[0].games.find((g) => g.scoresheet !== null)!;
    played.scores = [played.scores![0] + 1, played.scores![1]];
    const refused = await t.http
      .post('/api/tournaments/import')
      .set(t.organiser)
      .send(contradicting);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('IMPORT_INVALID');
    expect(refused.body.message).toMatch(
      /divisions\[0\]\.rounds\[0\]\.games\[\d+\]\.scores: the result is the sheet's/,
    );
  });

  test('an export holding a NUL (which PostgreSQL cannot store) is refused with its path', async () => {
    const doc = clone(exported) as unknown as { tournament: { place: string | null } };
    doc.tournament.place = 'Beo\u0000grad';
    const res = await t.http.post('/api/tournaments/import').set(t.organiser).send(doc);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('IMPORT_INVALID');
    expect(res.body.message).toMatch(/tournament\.place: the text holds the NUL character/);
  });

  test("mutated export files: none is a 5xx, and an accepted one's pages answer below 500", async () => {
    const rng = new Rng(SEED + 2);
    const failures: Failure[] = [];
    let total = 0;
    let accepted = 0;
    const started = Date.now();
    // Every other file has one field outside the score sheets' reports (which an
    // import replaces) set to a value a database or a page may choke on.
    const fields = paths(exported).filter(
      (p) => p.length > 0 && !p.includes('report') && !p.includes('text'),
    );
    const hostile: Json[] = ['a\u0000b', '\u202e', null, -1, 1e21, 0.5, '2026-99-99', '', {}, []];
    for (let i = 0; i < EXPORTS; i++) {
      let value = clone(exported);
      const why: string[] = [];
      if (i % 2 === 0) {
        const path = rng.pick(fields);
        const bad = rng.pick(hostile);
        setAt(value, path, clone(bad));
        why.push(`${pathText(path)}: = ${show(bad)}`);
      } else {
        const n = 1 + rng.int(3);
        for (let k = 0; k < n; k++) {
          const m = mutate(value, rng);
          value = m.root;
          why.push(`${pathText(m.mutation.path) || 'document'}: ${m.mutation.op}`);
        }
      }
      const sent: Sent = {
        method: 'POST',
        path: '/api/tournaments/import',
        headers: { ...t.organiser, 'Content-Type': 'application/json' },
        body: Buffer.from(JSON.stringify(value) ?? 'null', 'utf8'),
        why,
      };
      const answer = await send(t.url, sent);
      total++;
      if (answer.status >= 500) {
        failures.push({ sent, answer, problem: '5xx on import' });
        continue;
      }
      if (answer.status !== 201) continue;
      accepted++;
      const imported = answer.json as unknown as { id: number; divisions: { id: number }[] };
      const pages = [`/tournaments/${imported.id}`, `/api/tournaments/${imported.id}/export`];
      for (const d of imported.divisions ?? []) {
        pages.push(
          `/divisions/${d.id}/standings`,
          `/divisions/${d.id}/pairings`,
          `/divisions/${d.id}/crosstable`,
          `/divisions/${d.id}/standings.pdf`,
          `/api/divisions/${d.id}/standings`,
        );
        const rounds = await send(t.url, {
          method: 'GET',
          path: `/api/divisions/${d.id}/rounds`,
          headers: {},
          why,
        });
        total++;
        const list = (rounds.json ?? []) as unknown as {
          number: number;
          games?: { id: number }[];
        }[];
        if (rounds.status >= 500) {
          failures.push({ sent, answer: rounds, problem: 'an imported division fails' });
        }
        for (const r of Array.isArray(list) ? list : []) {
          pages.push(`/divisions/${d.id}/rounds/${r.number}/pairings.pdf`);
          for (const g of r.games ?? []) {
            pages.push(`/games/${g.id}`, `/games/${g.id}/record.pdf`, `/api/games/${g.id}`);
          }
        }
      }
      for (const page of pages) {
        const got = await send(t.url, {
          method: 'GET',
          path: page,
          headers: {
            Accept: page.startsWith('/api/') ? 'application/json' : 'text/html',
            ...t.organiser,
          },
          why,
        });
        total++;
        if (got.status >= 500) {
          failures.push({
            sent: { ...sent, why: [...why, `then GET ${page}`] },
            answer: got,
            problem: `an accepted import's page fails (${page.replace(/\d+/g, ':id')})`,
          });
        }
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `fuzz (exports): ${EXPORTS} mutated files, ${accepted} accepted, ${total} requests in ${seconds.toFixed(1)} s, seed ${SEED + 2}`,
    );
    expect(failures.length === 0 ? '' : report('exports', failures, total, t.log())).toBe('');
  }, 120_000);
});

/** The malformed string of a mutation is still in the body (a later mutation may have replaced it). */
function stillThere(root: Json | undefined, m: Mutation): boolean {
  let v: Json | undefined = root;
  for (const k of m.path) {
    if (v === null || typeof v !== 'object') return false;
    v = (v as Record<string, Json>)[k as string];
  }
  return typeof v === 'string' && LONE_SURROGATE.test(v);
}
