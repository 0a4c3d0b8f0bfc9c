import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { EventStream, openEvents } from '../sse';
import { createTournament, enterResult, pair, register, RoundJson } from '../tournament-helpers';
import { mainText } from '../../browser/site';
import { LIVE_PACE_MS } from '../../../src/web/live-shares';

/** 40 players: round 1 has 20 tables. */
const NAMES = Array.from({ length: 40 }, (_, i) => `Igrač ${String(i + 1).padStart(2, '0')} Đurić`);

async function seed(t: TestApp): Promise<{ divisionId: number; round: RoundJson }> {
  const { divisionId } = await createTournament(t, {
    name: 'Živi turnir',
    ruleSet: 'kvizovka',
    rounds: 5,
    divisions: ['A'],
  });
  await register(t, divisionId, NAMES);
  return { divisionId, round: await pair(t, divisionId) };
}

/** The SQL statements the server printed since `from` (`DATABASE_LOG=queries`). */
const queriesSince = (t: TestApp, from: number): string[] =>
  t
    .log()
    .slice(from)
    .split('\n')
    .filter((line) => line.startsWith('query:'));

describe(`live pages (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let divisionId: number;
  let round: RoundJson;

  beforeAll(async () => {
    t = await startTestApp(undefined, {
      DATABASE_LOG: 'queries',
      LIVE_CONNECTIONS: '3',
      LIVE_PER_ADDRESS: '3',
    });
    ({ divisionId, round } = await seed(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  test('a cached page is served without asking the database; a write makes it ask again', async () => {
    const d = divisionId;
    const pages = [
      `/divisions/${d}/standings`,
      `/divisions/${d}/pairings`,
      `/divisions/${d}/crosstable`,
      `/divisions/${d}/projector`,
      `/divisions/${d}/projector?screen=2`,
      `/games/${round.games[0].id}`,
    ];
    for (const path of pages) await t.http.get(path).expect(200); // fills the cache
    const api = `/api/divisions/${d}/standings`;
    await t.http.get(api).expect(200);
    const from = t.log().length;
    for (let i = 0; i < 3; i++) {
      for (const path of pages) await t.http.get(path).expect(200);
      await t.http.get(api).expect(200);
    }
    expect(queriesSince(t, from)).toEqual([]);

    // The log does show queries, so the empty list above means something: a write moves the
    // revision, and the next read computes the page again from the database.
    const game = round.games[0];
    await enterResult(t, t.organiser, game, { scores: [401, 377], clocks: ['02:00', '01:00'] });
    const before = t.log().length;
    const page = await t.http.get(`/divisions/${d}/pairings`).expect(200);
    expect(mainText(page.text)).toContain('401 : 377');
    expect(queriesSince(t, before).length).toBeGreaterThan(0);
    // The game's own page, kept until then, shows the result too.
    const gamePage = await t.http.get(`/games/${game.id}`).expect(200);
    expect(mainText(gamePage.text)).toContain('401 : 377');
  });

  test('the events stream says the revision at once, then each new one within a second of the write', async () => {
    const page = await t.http.get(`/divisions/${divisionId}/standings`).expect(200);
    const shown = Number(/data-live-revision="(\d+)"/.exec(page.text)![1]);
    expect(page.text).toContain(`data-live-events="/divisions/${divisionId}/events"`);
    expect(page.text).toMatch(
      /<script src="\/assets\/live\.js\?v&#x3D;[0-9a-f]{12}" defer><\/script>/,
    );

    const stream = await openEvents(`${t.url}/divisions/${divisionId}/events`);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
      expect(await stream.revisionAtLeast(shown, 1000)).toBe(shown);

      const started = Date.now();
      await enterResult(t, t.organiser, round.games[1], {
        scores: [350, 351],
        clocks: ['00:30', '00:10'],
      });
      const next = await stream.revisionAtLeast(shown + 1, 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      const fresh = await t.http.get(`/divisions/${divisionId}/standings`).expect(200);
      expect(Number(/data-live-revision="(\d+)"/.exec(fresh.text)![1])).toBe(next);
      expect(stream.revisions).toEqual([shown, next]);
    } finally {
      stream.close();
    }
  });

  test('a busy division: a stream says the newest revision at most every LIVE_PACE_MS, the last one within a second', async () => {
    const stream = await openEvents(`${t.url}/divisions/${divisionId}/events`);
    try {
      const opened = await stream.revisionAtLeast(0, 1000);
      // Four results back to back, as the tables of a busy round come in: four revisions.
      for (const game of round.games.slice(2, 6)) {
        await enterResult(t, t.organiser, game, { scores: [300, 280], clocks: ['01:00', '01:00'] });
      }
      const wroteLast = Date.now();
      const page = await t.http.get(`/divisions/${divisionId}/standings`).expect(200);
      const newest = Number(/data-live-revision="(\d+)"/.exec(page.text)![1]);
      expect(newest).toBeGreaterThanOrEqual(opened + 4);
      expect(await stream.revisionAtLeast(newest, 1500)).toBe(newest);
      expect(Date.now() - wroteLast).toBeLessThan(1000);
      // Fewer events than writes (each has every phone fetch its page), LIVE_PACE_MS apart at least.
      expect(stream.revisions.length).toBeLessThan(1 + 4);
      for (let i = 1; i < stream.arrivals.length; i++) {
        expect(stream.arrivals[i] - stream.arrivals[i - 1]).toBeGreaterThanOrEqual(
          LIVE_PACE_MS - 50,
        );
      }
    } finally {
      stream.close();
    }
  });

  test('streams past LIVE_CONNECTIONS are refused with 503 and Retry-After; pages are still served', async () => {
    const url = `${t.url}/divisions/${divisionId}/events`;
    // Three browsers, each with its client cookie: the process's three places, not one browser's share.
    const held = await Promise.all(
      ['a', 'b', 'c'].map((who) =>
        openEvents(url, { headers: { Cookie: `arbiter_client=${who.repeat(22)}` } }),
      ),
    );
    try {
      expect(held.map((s) => s.status)).toEqual([200, 200, 200]);
      const refused = await t.http
        .get(`/divisions/${divisionId}/events`)
        .set('Cookie', 'arbiter_lang=en')
        .expect(503);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.text).toContain('as many live-update connections as it may: 3');
      const serbian = await t.http.get(`/divisions/${divisionId}/events`).expect(503);
      expect(serbian.text).toContain('najviše veza za osvežavanje uživo: 3');
      await t.http.get(`/divisions/${divisionId}/standings`).expect(200);
      await t.http.get(`/api/divisions/${divisionId}/standings`).expect(200);
    } finally {
      held[0].close();
    }
    // A closed stream frees its place.
    let again = await openEvents(url);
    for (let i = 0; i < 20 && again.status === 503; i++) {
      await new Promise((r) => setTimeout(r, 50));
      again = await openEvents(url);
    }
    expect(again.status).toBe(200);
    again.close();
    held.slice(1).forEach((s) => s.close());
  });

  test('an unknown division has no stream (404) and a bad id is a 400', async () => {
    await t.http.get('/divisions/999999/events').expect(404);
    await t.http.get('/divisions/abc/events').expect(400);
  });

  test('open streams do not hold the server when it is asked to stop', async () => {
    const other = await t.another();
    const stream = await openEvents(`${other.url}/divisions/${divisionId}/events`);
    expect(stream.status).toBe(200);
    const ended = new Promise<void>((resolve) => stream.ended(resolve));
    // Starting and stopping Nest takes about 1.5 s on this machine; an open stream used to hold it for good.
    expect(await other.terminate()).toBeLessThan(10_000);
    await ended;
    await other.close();
  });

  test('the projector: tables of the current round, then the standings, 32 lines a screen, each screen naming the next', async () => {
    const d = divisionId;
    // 20 tables fit one screen (2 columns of 16); 40 standings lines take two (32 + 8).
    const first = await t.http.get(`/divisions/${d}/projector`).expect(200);
    expect(first.text).toContain('<body class="projector"');
    expect(first.text).toContain(
      `<meta http-equiv="refresh" content="15; url=/divisions/${d}/projector?screen&#x3D;2">`,
    );
    const tables = first.text.match(/<table class="pj-pairings">/g) ?? [];
    expect(tables).toHaveLength(2); // 16 + 4 tables
    expect(mainText(first.text)).toContain('Parovi · Kolo 1');
    expect(mainText(first.text)).toContain('1/3');
    expect(mainText(first.text)).toContain('401 : 377');

    const second = await t.http.get(`/divisions/${d}/projector?screen=2`).expect(200);
    expect(mainText(second.text)).toContain('Poredak · posle 1. kola');
    expect(second.text.match(/<td class="num">\d+\.<\/td>/g)).toHaveLength(32);

    const third = await t.http.get(`/divisions/${d}/projector?screen=3`).expect(200);
    expect(third.text.match(/<td class="num">\d+\.<\/td>/g)).toHaveLength(8); // 40 − 32
    expect(third.text).toContain(`url=/divisions/${d}/projector">`); // back to the first

    // A screen that is no longer there (fewer players) shows the first; a bad one is a 400.
    const gone = await t.http.get(`/divisions/${d}/projector?screen=9`).expect(200);
    expect(mainText(gone.text)).toContain('Parovi · Kolo 1');
    const bad = await t.http.get(`/divisions/${d}/projector?screen=x`).expect(400);
    expect(bad.text).toContain('screen');
    await t.http.get('/divisions/999999/projector').expect(404);

    const english = await t.http.get(`/divisions/${d}/projector?screen=2&lang=en`).expect(200);
    expect(mainText(english.text)).toContain('Standings · after round 1');
  });
});

const cookieOf = (stream: EventStream): string | undefined =>
  /arbiter_client=([^;]+)/.exec(String(stream.headers['set-cookie'] ?? ''))?.[1];

/** Waits for a refused stream's sentence (the server ends the answer after it). */
const sentence = (stream: EventStream): Promise<string> =>
  new Promise((resolve) => stream.ended(() => resolve(stream.text())));

describe(`live streams are shared fairly: by browser, by address, then the process (${DATABASE_KIND})`, () => {
  // Pool 8; an address 6, of them 3 without the client cookie; a browser 2.
  let t: TestApp;
  let url: string;
  const opened: EventStream[] = [];
  const open = async (
    cookie: string | null,
    from = '127.0.0.1',
    lang?: string,
  ): Promise<EventStream> => {
    const cookies = [cookie ? `arbiter_client=${cookie}` : '', lang ? `arbiter_lang=${lang}` : '']
      .filter(Boolean)
      .join('; ');
    const stream = await openEvents(url, { from, headers: cookies ? { Cookie: cookies } : {} });
    opened.push(stream);
    return stream;
  };
  const phone = (n: number) => `phone-${String(n).padStart(16, '0')}`;

  beforeAll(async () => {
    t = await startTestApp(undefined, {
      LIVE_CONNECTIONS: '8',
      LIVE_PER_ADDRESS: '6',
      LIVE_PER_CLIENT: '2',
    });
    const { divisionId } = await seed(t);
    url = `${t.url}/divisions/${divisionId}/events`;
  });
  afterEach(async () => {
    opened.splice(0).forEach((s) => s.close());
    // The server hears of the closes in a moment; the next test counts from none.
    await new Promise((r) => setTimeout(r, 300));
  });
  afterAll(async () => {
    await t?.close();
  });

  test('one browser opening more than its share gets 429 for the excess; another browser behind the same address, and another address, still get a stream', async () => {
    const greedy = phone(1);
    expect([(await open(greedy)).status, (await open(greedy)).status]).toEqual([200, 200]);
    const excess = await open(greedy);
    expect(excess.status).toBe(429);
    expect(excess.headers['retry-after']).toBe('30');
    expect(await sentence(excess)).toBe(
      'Ovaj pregledač već ima najviše otvorenih stranica koje se osvežavaju uživo: 2. Zatvorite neku od njih; ova stranica radi i bez toga (osvežite je sami) i ponovo pokušava za 30 s.',
    );
    const english = await open(greedy, '127.0.0.1', 'en');
    expect(english.status).toBe(429);
    expect(await sentence(english)).toContain(
      'This browser has as many live-updating pages open as one device may: 2.',
    );
    const cyrillic = await open(greedy, '127.0.0.1', 'sr-Cyrl');
    expect(await sentence(cyrillic)).toContain('Овај прегледач већ има највише');

    // A phone of the same hall (the same address) with its own cookie, and a client elsewhere.
    const neighbour = await open(phone(2));
    expect(neighbour.status).toBe(200);
    expect(await neighbour.revisionAtLeast(0, 1000)).toBeGreaterThanOrEqual(0);
    expect((await open(phone(3), '127.0.0.2')).status).toBe(200);
  });

  test('a client that throws its cookies away fills only half of its address; the hall keeps the rest, and no address takes the pool', async () => {
    // Each stream without the cookie is a stranger, given a cookie it throws away.
    const strangers: EventStream[] = [];
    for (let i = 0; i < 5; i++) strangers.push(await open(null));
    expect(strangers.map((s) => s.status)).toEqual([200, 200, 200, 429, 429]);
    expect(strangers.every((s) => /^[A-Za-z0-9_-]{22}$/.test(cookieOf(s) ?? ''))).toBe(true);
    expect(new Set(strangers.map(cookieOf)).size).toBe(5);
    expect(await sentence(strangers[3])).toContain(
      'bez kolačića ovog sajta: 3. Ovaj pregledač je sada dobio svoj kolačić',
    );

    // The hall's phones send their cookie: the address's other three places are theirs.
    const hall = [await open(phone(10)), await open(phone(11)), await open(phone(12))];
    expect(hall.map((s) => s.status)).toEqual([200, 200, 200]);
    // The address holds its share (6): one more is refused, though the pool has room.
    const seventh = await open(phone(13), '127.0.0.1', 'en');
    expect(seventh.status).toBe(429);
    expect(await sentence(seventh)).toContain(
      "This address (the hall's network) has as many live-updating pages open as one address may: 6.",
    );
    // Elsewhere, streams are served up to the process's pool (8), then 503.
    expect((await open(phone(20), '127.0.0.2')).status).toBe(200);
    expect((await open(phone(21), '127.0.0.3')).status).toBe(200);
    expect((await open(phone(22), '127.0.0.4')).status).toBe(503);

    // A stream that ends gives its place back.
    hall[0].close();
    let again = await open(phone(14));
    for (let i = 0; i < 20 && again.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      again = await open(phone(14));
    }
    expect(again.status).toBe(200);
  });
});
