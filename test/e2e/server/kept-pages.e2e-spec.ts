import { get } from 'http';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { createTournament, enterResult, pair, register, RoundJson } from '../tournament-helpers';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET as sent, the body as it came (still compressed). */
function raw(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

/** Everything of an answer but what belongs to the moment or the connection. */
function comparable(a: Answer) {
  const { date: _date, connection: _c, 'keep-alive': _k, ...headers } = a.headers;
  return { status: a.status, headers, body: a.body.toString('base64') };
}

/** The same page by a way Express routes: a stray query is dropped from its canonical address. */
const routed = (path: string) => `${path}${path.includes('?') ? '&' : '?'}from=poster`;

const settle = () => new Promise((resolve) => setTimeout(resolve, 60));

/** The SQL statements the server printed since `from` (`DATABASE_LOG=queries`). */
const queriesSince = (t: TestApp, from: number): string[] =>
  t
    .log()
    .slice(from)
    .split('\n')
    .filter((line) => line.startsWith('query:'));

describe(`kept pages answered before routing are the pages routing gives (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let divisionId: number;
  let round: RoundJson;
  beforeAll(async () => {
    t = await startTestApp(undefined, { DATABASE_LOG: 'queries' });
    ({ divisionId } = await createTournament(t, { name: 'Hall', ruleSet: 'kvizovka', rounds: 3 }));
    await register(
      t,
      divisionId,
      Array.from({ length: 24 }, (_, i) => `Igrač ${i + 1}`),
    );
    round = await pair(t, divisionId);
    await enterResult(t, t.organiser, round.games[0], {
      scores: [312, 287],
      clocks: ['04:10', '02:55'],
    });
  }, 60000);
  afterAll(() => t.close());

  const pages = () => {
    const d = divisionId;
    const game = round.games[0];
    return [
      `/divisions/${d}/standings`,
      `/divisions/${d}/standings?round=1`,
      `/divisions/${d}/pairings`,
      `/divisions/${d}/pairings?round=1`,
      `/divisions/${d}/crosstable`,
      `/divisions/${d}/wallchart`,
      `/divisions/${d}/projector`,
      `/players/${game.first.id}`,
      `/games/${game.id}`,
    ];
  };
  const asked: Record<string, string>[] = [
    {},
    { 'Accept-Encoding': 'gzip, deflate, br, zstd' },
    { 'Accept-Encoding': 'gzip' },
    { 'Accept-Encoding': 'identity' },
    { Cookie: 'arbiter_lang=en' },
    { Cookie: 'theme=dark; arbiter_lang=sr-Cyrl', 'Accept-Encoding': 'br' },
    { Cookie: 'arbiter_lang=klingon' },
  ];

  it('same status, headers and bytes, in every language and encoding, and 304 for a known tag', async () => {
    for (const path of pages()) {
      for (const headers of asked) {
        const first = await raw(t.url + routed(path), headers); // made and kept
        expect(first.status).toBe(200);
        // The server's log comes through a pipe: let what the first request printed arrive.
        await settle();
        const before = t.log().length;
        const kept = await raw(t.url + path, headers);
        await settle();
        // Answered before routing: not even the player's row was read (the routed way reads it).
        expect({ path, queries: queriesSince(t, before) }).toEqual({ path, queries: [] });
        expect({ path, asked: headers, ...comparable(kept) }).toEqual({
          path,
          asked: headers,
          ...comparable(await raw(t.url + routed(path), headers)),
        });

        const etag = String(kept.headers.etag);
        const again = { ...headers, 'If-None-Match': etag };
        const notModified = await raw(t.url + path, again);
        expect(notModified.status).toBe(304);
        expect(comparable(notModified)).toEqual(comparable(await raw(t.url + routed(path), again)));
        // Cache-Control: no-cache asks for the whole page, as Express would answer.
        const whole = { ...again, 'Cache-Control': 'no-cache' };
        expect(comparable(await raw(t.url + path, whole))).toEqual(
          comparable(await raw(t.url + routed(path), whole)),
        );
      }
    }
  });

  it('never for the signed in, and never a page older than its division', async () => {
    const standings = `/divisions/${divisionId}/standings`;
    await raw(t.url + standings);
    // A judge's or organiser's page is made for them, never kept.
    const staff = await raw(t.url + standings, t.organiser);
    expect(staff.headers['cache-control']).toBe('private, no-store');

    // A result entered moves the division's revision: the kept pairings are made again.
    const pairings = `/divisions/${divisionId}/pairings`;
    const before = (await raw(t.url + pairings)).body.toString('utf8');
    expect(before).not.toContain('333');
    await enterResult(t, t.organiser, round.games[1], {
      scores: [333, 222],
      clocks: ['03:00', '01:00'],
    });
    const after = await raw(t.url + pairings);
    expect(after.body.toString('utf8')).toContain('333');
    expect(comparable(await raw(t.url + pairings))).toEqual(comparable(after));
    expect(comparable(after)).toEqual(comparable(await raw(t.url + routed(pairings))));
  });

  it("the API's standings table likewise: the same bytes and headers, 304 for a known tag", async () => {
    // If-Modified-Since sends a request the usual way, without changing its answer (no Last-Modified).
    const routedWay = { 'If-Modified-Since': 'Wed, 25 Nov 2026 00:00:00 GMT' };
    for (const query of ['', '?round=0', '?round=1']) {
      const path = `/api/divisions/${divisionId}/standings${query}`;
      const first = await raw(t.url + path, routedWay); // made and kept
      expect(first.status).toBe(200);
      const kept = await raw(t.url + path);
      expect({ path, ...comparable(kept) }).toEqual({
        path,
        ...comparable(await raw(t.url + path, routedWay)),
      });
      for (const encoding of ['gzip, deflate, br', 'gzip']) {
        const asked = { 'Accept-Encoding': encoding };
        expect({ path, encoding, ...comparable(await raw(t.url + path, asked)) }).toEqual({
          path,
          encoding,
          ...comparable(await raw(t.url + path, { ...asked, ...routedWay })),
        });
      }
      expect(JSON.parse(kept.body.toString('utf8'))).toMatchObject({ divisionId });
      const tag = { 'If-None-Match': String(kept.headers.etag) };
      const notModified = await raw(t.url + path, tag);
      expect(notModified.status).toBe(304);
      expect(comparable(notModified)).toEqual(
        comparable(await raw(t.url + path, { ...tag, ...routedWay })),
      );
    }
  });
});
