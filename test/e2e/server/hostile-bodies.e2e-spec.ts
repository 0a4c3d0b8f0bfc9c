import http from 'http';
import net from 'net';
import { performance } from 'perf_hooks';
import { inputValue, seedSite, Site, textarea } from '../../browser/site';
import { DATABASE_KIND, ORGANISER, startTestApp, TestApp } from '../harness';
import { formFields } from '../sheet-form-helpers';
import { openEvents } from '../sse';
import { Auth, createTournament, GameJson, scoreSheet } from '../tournament-helpers';

interface Answer {
  status: number;
  body: { code?: string; message?: string; text?: string };
}

/**
 * Sends a body over a connection of its own, in 1 MB pieces as a socket
 * takes them, with a `Content-Length` or chunked. Resolves with the answer
 * as soon as it has come (the rest of the body is then not sent).
 */
function sendBody(
  base: string,
  method: string,
  path: string,
  body: Buffer,
  headers: Record<string, string>,
  chunked = false,
): Promise<Answer> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent: false,
        headers: {
          ...headers,
          ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': body.length }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          answered = true;
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: Answer['body'];
          try {
            parsed = JSON.parse(text) as Answer['body'];
          } catch {
            parsed = { text };
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
          req.destroy();
        });
      },
    );
    req.setTimeout(20000, () => req.destroy(new Error(`${method} ${path}: no answer in 20 s`)));
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    let offset = 0;
    const pump = () => {
      while (offset < body.length && !answered) {
        const piece = body.subarray(offset, offset + (1 << 20));
        offset += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** Milliseconds until another client, on a connection of its own, has the health check's answer. */
function ping(base: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(`${base}/api/health`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(performance.now() - started)
          : reject(new Error(`health answered ${res.statusCode}`)),
      );
    });
    req.setTimeout(5000, () => req.destroy(new Error('the health check got no answer in 5 s')));
    req.on('error', reject);
  });
}

/** Pings every 10 ms while `work` runs, and at least `least` times. */
async function pingDuring<T>(
  base: string,
  work: Promise<T>,
  least = 5,
): Promise<{ result: T; pings: number[] }> {
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  const pings: number[] = [];
  while (!done || pings.length < least) {
    pings.push(await ping(base));
    await new Promise((r) => setTimeout(r, 10));
  }
  return { result: await settled, pings };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** `{"email":…,"password":[[[[…]]]]}` of about `bytes` bytes: the sign-in that froze the server. */
function nestedPassword(bytes: number): Buffer {
  const n = Math.floor((bytes - 40) / 2);
  return Buffer.from(
    `{"email":"a@example.org","password":${'['.repeat(n)}${']'.repeat(n)}}`,
    'utf8',
  );
}

describe(`no single request stops the server (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let judge: Auth;
  let site: Site;
  const eight = nestedPassword(8 * 1024 * 1024);
  const twentyFour = nestedPassword(24 * 1024 * 1024);
  const json = { 'Content-Type': 'application/json' };

  beforeAll(async () => {
    t = await startTestApp();
    site = await seedSite(t);
    judge = await t.account('judge', undefined, [site.tournamentId]);
  });
  afterAll(async () => {
    await t.close();
  });

  test('hostile bodies are refused with a 4xx naming the limit, and another client is answered meanwhile', async () => {
    const sheetGame = site.pendingGame;
    const manyFields = Buffer.from(
      Array.from({ length: 5000 }, (_, i) => `score=${i}`).join('&'),
      'utf8',
    );
    const cases: {
      what: string;
      send: () => Promise<Answer>;
      status: number;
      code: string;
      names: RegExp;
    }[] = [
      {
        what: '8 MB of nested lists as a sign-in password',
        send: () => sendBody(t.url, 'POST', '/api/auth/sign-in', eight, json),
        status: 413,
        code: 'BODY_TOO_LARGE',
        names: /4 KB/,
      },
      {
        what: '24 MB of nested lists as a sign-in password',
        send: () => sendBody(t.url, 'POST', '/api/auth/sign-in', twentyFour, json),
        status: 413,
        code: 'BODY_TOO_LARGE',
        names: /4 KB/,
      },
      {
        what: '8 MB of nested lists as a sign-in, chunked (no length to refuse it by)',
        send: () => sendBody(t.url, 'POST', '/api/auth/sign-in', eight, json, true),
        status: 400,
        code: 'BODY_TOO_DEEP',
        names: /64 levels/,
      },
      {
        what: '24 MB of nested lists as a sign-in, chunked',
        send: () => sendBody(t.url, 'POST', '/api/auth/sign-in', twentyFour, json, true),
        status: 400,
        code: 'BODY_TOO_DEEP',
        names: /64 levels/,
      },
      {
        what: "24 MB of nested lists to the organiser's import, chunked",
        send: () =>
          sendBody(
            t.url,
            'POST',
            '/api/tournaments/import',
            twentyFour,
            { ...json, ...t.organiser },
            true,
          ),
        status: 400,
        code: 'BODY_TOO_DEEP',
        names: /64 levels/,
      },
      {
        what: '24 MB to the import without signing in: not read at all',
        send: () => sendBody(t.url, 'POST', '/api/tournaments/import', twentyFour, json),
        status: 401,
        code: 'UNAUTHENTICATED',
        names: /sign in/,
      },
      {
        what: "24 MB as a judge's score sheet",
        send: () =>
          sendBody(t.url, 'PUT', `/api/games/${sheetGame}/scoresheet`, twentyFour, {
            ...json,
            ...judge,
          }),
        status: 413,
        code: 'BODY_TOO_LARGE',
        names: /512 KB.*200 turns/,
      },
      {
        what: "24 MB posted to the judge's sheet form",
        send: () =>
          sendBody(t.url, 'POST', '/judge/check', Buffer.alloc(24 << 20, 'a'), {
            'Content-Type': 'application/x-www-form-urlencoded',
            Origin: t.url,
            ...judge,
          }),
        status: 413,
        code: 'BODY_TOO_LARGE',
        names: /2 MB/,
      },
      {
        what: "5,000 fields posted to a game's sheet form",
        send: () =>
          sendBody(t.url, 'POST', `/judge/games/${sheetGame}/scoresheet`, manyFields, {
            'Content-Type': 'application/x-www-form-urlencoded',
            Origin: t.url,
            ...judge,
          }),
        status: 413,
        code: 'TOO_MANY_FIELDS',
        names: /more than 2900 fields/,
      },
      {
        what: '24 MB as a form to the JSON API',
        send: () =>
          sendBody(t.url, 'POST', '/api/users', Buffer.alloc(24 << 20, 'a'), {
            'Content-Type': 'application/x-www-form-urlencoded',
            ...t.organiser,
          }),
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        names: /takes JSON/,
      },
      {
        what: '101 MB of JSON to the import: beyond its own limit',
        send: () =>
          sendBody(
            t.url,
            'POST',
            '/api/tournaments/import',
            Buffer.concat([
              Buffer.from('{"pad":"'),
              Buffer.alloc(101 << 20, 'a'),
              Buffer.from('"}'),
            ]),
            { ...json, ...t.organiser },
          ),
        status: 413,
        code: 'BODY_TOO_LARGE',
        names: /100 MB/,
      },
    ];

    const pings: number[] = [];
    for (const c of cases) {
      const { result, pings: these } = await pingDuring(t.url, c.send());
      pings.push(...these);
      expect({ what: c.what, status: result.status, code: result.body.code }).toEqual({
        what: c.what,
        status: c.status,
        code: c.code,
      });
      expect([c.what, result.body.message]).toEqual([c.what, expect.stringMatching(c.names)]);
    }
    // Every ping was answered (none timed out); a free event loop answers in a few ms.
    expect(pings.length).toBeGreaterThanOrEqual(cases.length * 5);
    expect({ median: median(pings) < 100, max: Math.max(...pings) < 1000 }).toEqual({
      median: true,
      max: true,
    });
    // And the server still does its work.
    await t.http
      .post('/api/auth/sign-in')
      .send({ email: ORGANISER.email, password: ORGANISER.password, kind: 'api' })
      .expect(200);
  });

  test("the judge's sheet form of 200 rows and a 300 KB import is read whole, not cut at 1,000 fields", async () => {
    const g = (await t.http.get(`/api/games/${site.pendingGame}`).expect(200)).body as GameJson;
    const players = [g.first.name, g.second!.name];
    const { sheet } = scoreSheet([g.first.name, g.second!.name], 4);
    const importText = JSON.stringify({ ...sheet, meta: { note: 'x'.repeat(300 * 1024) } });
    const body = formFields(sheet, players, { intent: 'verify', import: importText }, (form) => {
      form.rows = Array.from({ length: 200 }, (_, i) => ({
        ...form.rows[i % form.rows.length],
        player: String(i % 2),
        score: String(i),
      }));
    });
    expect(body.split('&').length).toBeGreaterThan(1400);
    const res = await sendBody(
      t.url,
      'POST',
      `/judge/games/${g.id}/scoresheet`,
      Buffer.from(body),
      {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'text/html',
        Origin: t.url,
        ...judge,
      },
    );
    expect(res.status).toBe(200);
    const html = res.body.text!;
    expect(inputValue(html, 'c-199-score')).toBe('199');
    expect(textarea(html, 'import')).toBe(importText);
  });

  test('a sheet form beyond its fields is refused with a sentence, never cut short', async () => {
    const fields = Array.from({ length: 3000 }, (_, i) => `position=${i}`).join('&');
    const res = await sendBody(
      t.url,
      'POST',
      `/judge/games/${site.pendingGame}/scoresheet`,
      Buffer.from(`${fields}&intent=save`),
      {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'text/html',
        Origin: t.url,
        ...judge,
      },
    );
    expect(res.status).toBe(413);
    expect(res.body.text).toContain('Obrazac ima više od 2900 polja');
    const g = (await t.http.get(`/api/games/${site.pendingGame}`).expect(200)).body as GameJson;
    expect(g.status).toBe('pending');
  });

  test("the sheet form's draft takes 256 KB of JSON, no more", async () => {
    const big = Buffer.from(JSON.stringify({ version: 0, form: { pad: 'x'.repeat(300 * 1024) } }));
    const res = await sendBody(
      t.url,
      'PUT',
      `/judge/games/${site.pendingGame}/scoresheet/draft`,
      big,
      {
        ...json,
        Origin: t.url,
        ...judge,
      },
    );
    expect([res.status, res.body.code, res.body.message]).toEqual([
      413,
      'BODY_TOO_LARGE',
      expect.stringContaining('256 KB'),
    ]);
  });
});

/** What a raw connection heard: the answer's bytes, and when it came and when the server closed. */
interface Exchange {
  answer: string;
  /** Milliseconds from connecting to the first byte of the answer, or null if none came. */
  answeredAfter: number | null;
  /** Milliseconds from connecting to the server's closing the connection, or null if it did not. */
  closedAfter: number | null;
}

/**
 * Writes `head` (and `body`) on a connection of its own, then `drip` every `everyMs`, as a
 * slow client would; stops at `giveUpMs` if the server has not closed the connection by then.
 */
function exchange(
  base: string,
  head: string,
  {
    body,
    drip,
    everyMs = 100,
    giveUpMs,
  }: { body?: Buffer; drip?: string; everyMs?: number; giveUpMs: number },
): Promise<Exchange> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const started = performance.now();
    const since = () => Math.round(performance.now() - started);
    let answer = '';
    let answeredAfter: number | null = null;
    let timer: NodeJS.Timeout | null = null;
    let done = false;
    const finish = (closedAfter: number | null) => {
      if (done) return;
      done = true;
      if (timer) clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ answer, answeredAfter, closedAfter });
    };
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(head);
      if (body) socket.write(body);
      if (drip) timer = setInterval(() => socket.writable && socket.write(drip), everyMs);
    });
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      answeredAfter ??= since();
      answer += chunk;
    });
    socket.on('end', () => finish(since()));
    socket.on('close', () => finish(since()));
    socket.on('error', () => finish(since()));
    const giveUp = setTimeout(() => finish(null), giveUpMs);
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

describe(`slow and unwelcome clients are let go within seconds (${DATABASE_KIND})`, () => {
  // The defaults are 10 s; two seconds keep the suite short. Node looks every half second.
  const SECONDS = 2;
  let t: TestApp;
  let divisionId: number;

  beforeAll(async () => {
    t = await startTestApp(undefined, {
      HEADERS_TIMEOUT_MS: String(SECONDS * 1000),
      BODY_TIMEOUT_MS: String(SECONDS * 1000),
      BODY_MIN_RATE: '1000',
    });
    ({ divisionId } = await createTournament(t, { name: 'Spori', ruleSet: 'kvizovka', rounds: 3 }));
  });
  afterAll(async () => {
    await t?.close();
  });

  test('headers sent a byte at a time (slowloris) are answered 408 and dropped within the configured seconds', async () => {
    const slow = await exchange(t.url, 'GET /api/health HTTP/1.1\r\nHost: arbiter\r\nX-Slow: ', {
      drip: 'a',
      everyMs: 200,
      giveUpMs: 8000,
    });
    expect(statusOf(slow.answer)).toBe(408);
    // 2 s, then up to half a second until the server looks, and some room for a loaded machine.
    expect(slow.closedAfter).toBeGreaterThanOrEqual(SECONDS * 1000 - 100);
    expect(slow.closedAfter).toBeLessThan(SECONDS * 1000 + 2500);
  });

  test('a body trickled a byte at a time is answered 408 in the page language and dropped; a body at an ordinary rate is read whole however long it takes', async () => {
    const head = (lang: string) =>
      'POST /api/auth/sign-in HTTP/1.1\r\nHost: arbiter\r\nContent-Type: application/json\r\n' +
      `Cookie: arbiter_lang=${lang}\r\nContent-Length: 2000\r\n\r\n{"email":`;
    const [serbian, english] = await Promise.all(
      ['sr-Latn', 'en'].map((lang) =>
        exchange(t.url, head(lang), { drip: ' ', everyMs: 100, giveUpMs: 8000 }),
      ),
    );
    for (const trickled of [serbian, english]) {
      expect(statusOf(trickled.answer)).toBe(408);
      // 10 bytes a second buy no time to speak of: dropped about 2 s after the headers.
      expect(trickled.closedAfter).toBeGreaterThanOrEqual(SECONDS * 1000 - 100);
      expect(trickled.closedAfter).toBeLessThan(SECONDS * 1000 + 2500);
    }
    expect(Buffer.from(serbian.answer, 'latin1').toString('utf8')).toContain(
      'Telo zahteva stiže presporo (posle 2 s manje od 1000 bajtova u sekundi)',
    );
    expect(english.answer).toContain('The request body arrived too slowly');

    // 400 KB at 100 KB a second takes 4 s, twice the time a body has free: it is read whole
    // and answered by the route (a document that is not a tournament export is a 422), not dropped.
    const document = Buffer.from(JSON.stringify({ pad: 'x'.repeat(400 * 1024) }));
    const piece = 25 * 1024;
    const pieces = Array.from({ length: Math.ceil(document.length / piece) }, (_, i) =>
      document.subarray(i * piece, (i + 1) * piece),
    );
    const upload = await new Promise<Exchange>((resolve) => {
      const started = performance.now();
      const req = http.request(
        `${t.url}/api/tournaments/import`,
        {
          method: 'POST',
          agent: false,
          headers: {
            ...t.organiser,
            'Content-Type': 'application/json',
            'Content-Length': document.length,
          },
        },
        (res) => {
          let answer = `HTTP/1.1 ${res.statusCode}\r\n`;
          res.setEncoding('utf8');
          res.on('data', (c: string) => (answer += c));
          res.on('end', () =>
            resolve({ answer, answeredAfter: performance.now() - started, closedAfter: null }),
          );
        },
      );
      req.on('error', (e) => resolve({ answer: String(e), answeredAfter: null, closedAfter: 0 }));
      const send = () => {
        const next = pieces.shift();
        if (!next) return void req.end();
        req.write(next);
        setTimeout(send, 250);
      };
      send();
    });
    expect(upload.answeredAfter).toBeGreaterThan(SECONDS * 1000 + 1000);
    expect(statusOf(upload.answer)).toBe(422);
  });

  test('a live-update stream outlives the header and body timeouts', async () => {
    const stream = await openEvents(`${t.url}/divisions/${divisionId}/events`);
    try {
      expect(stream.status).toBe(200);
      let ended = false;
      stream.ended(() => (ended = true));
      await new Promise((r) => setTimeout(r, SECONDS * 1000 + 1500));
      expect(ended).toBe(false);
    } finally {
      stream.close();
    }
  });

  test('an anonymous 10 MB form posted to an organiser page is answered at once, its body unread, and the connection closed', async () => {
    const tenMb = 10 * 1024 * 1024;
    // Only the first 64 KB are sent, and then nothing: an answer can only come unread.
    const first = Buffer.alloc(64 * 1024, 'a');
    for (const path of [
      '/organiser/tournaments',
      `/organiser/divisions/${divisionId}/players/csv`,
    ]) {
      const posted = await exchange(
        t.url,
        `POST ${path} HTTP/1.1\r\nHost: arbiter\r\nOrigin: ${t.url}\r\nAccept: text/html\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${tenMb}\r\n\r\n`,
        { body: first, giveUpMs: 25_000 },
      );
      // Reading 10 MB first took 21 s on a hall's link; the answer now comes in well under one.
      expect([path, statusOf(posted.answer)]).toEqual([path, 401]);
      expect(posted.answeredAfter).toBeLessThan(3000);
      expect(posted.answer).toMatch(/\r\nConnection: close\r\n/i);
      // The rest of the body is not waited for: the server closes the connection after the answer.
      expect(posted.closedAfter).not.toBeNull();
      expect(posted.closedAfter! - posted.answeredAfter!).toBeLessThan(4000);
    }
    // A signed-in organiser is told the size at once, the body unread as well.
    const big = await exchange(
      t.url,
      'POST /organiser/tournaments HTTP/1.1\r\nHost: arbiter\r\n' +
        `Origin: ${t.url}\r\nAuthorization: ${t.organiser.Authorization}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${tenMb}\r\n\r\n`,
      { body: first, giveUpMs: 25_000 },
    );
    expect(statusOf(big.answer)).toBe(413);
    expect(big.answeredAfter).toBeLessThan(3000);
    // And the server still answers everyone else.
    await t.http.get('/api/health').expect(200);
  });
});
