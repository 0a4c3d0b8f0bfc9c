import { get } from 'http';
import { brotliDecompressSync, gunzipSync } from 'zlib';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { createTournament, register } from '../tournament-helpers';

/** A GET with these headers, the body as sent (not decompressed). */
function raw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      }).on('error', reject);
    },
  );
}

describe(`answers go compressed as the browser accepts (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let page: string;
  let table: string;
  let divisionId: number;
  beforeAll(async () => {
    t = await startTestApp();
    ({ divisionId } = await createTournament(t, {
      name: 'Hall',
      ruleSet: 'kvizovka',
      rounds: 3,
    }));
    await register(
      t,
      divisionId,
      Array.from({ length: 30 }, (_, i) => `Player ${i + 1}`),
    );
    page = `${t.url}/divisions/${divisionId}/standings`;
    table = `${t.url}/api/divisions/${divisionId}/standings`;
  }, 60000);
  afterAll(() => t.close());

  it('brotli, gzip or none, each the same page, with one entity tag', async () => {
    const plain = await raw(page, { 'Accept-Encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const html = plain.body.toString('utf8');
    expect(html).toContain('Player 30');

    // No Accept-Encoding: as it is (curl, scripts).
    expect((await raw(page, {})).headers['content-encoding']).toBeUndefined();
    // Browsers list gzip before br; br is smaller, and taken when accepted at all.
    const br = await raw(page, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(html);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);

    const gzip = await raw(page, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(html);

    expect(br.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
    expect(br.headers.etag).toBe(plain.headers.etag);
    const again = await raw(page, {
      'Accept-Encoding': 'br',
      'If-None-Match': String(plain.headers.etag),
    });
    expect(again.status).toBe(304);
  });

  it("the API's standings JSON likewise, the routed way and the kept way alike", async () => {
    // If-Modified-Since sends a request the usual way (through Nest); without it, a kept table
    // is answered before routing.
    const ways: Record<string, string>[] = [
      { 'If-Modified-Since': 'Wed, 25 Nov 2026 00:00:00 GMT' },
      {},
    ];
    for (const way of ways) {
      const plain = await raw(table, { ...way, 'Accept-Encoding': 'identity' });
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const json = plain.body.toString('utf8');
      expect(json).toContain('Player 30');

      const br = await raw(table, { ...way, 'Accept-Encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).toString('utf8')).toBe(json);
      expect(br.body.length).toBeLessThan(plain.body.length / 3);
      const gzip = await raw(table, { ...way, 'Accept-Encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).toString('utf8')).toBe(json);

      expect(br.headers.vary).toBe('Accept-Encoding');
      expect(br.headers.etag).toBe(plain.headers.etag);
      expect(gzip.headers['content-type']).toBe('application/json; charset=utf-8');
      const again = await raw(table, {
        ...way,
        'Accept-Encoding': 'br',
        'If-None-Match': String(plain.headers.etag),
      });
      expect(again.status).toBe(304);
    }
  });

  it('every other read of the API too, with its entity tag and a 304', async () => {
    const players = `${t.url}/api/divisions/${divisionId}/players`;
    const plain = await raw(players, { 'Accept-Encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const json = plain.body.toString('utf8');
    const br = await raw(players, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(json);
    expect(br.headers.vary).toContain('Accept-Encoding');
    const gzip = await raw(players, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(json);
    expect(plain.headers.etag).toBeDefined();
    const again = await raw(players, {
      'Accept-Encoding': 'br',
      'If-None-Match': String(plain.headers.etag),
    });
    expect(again.status).toBe(304);
  });

  it('pages made for one reader (signed in) too; a PDF and live updates go as they are', async () => {
    // The session cookie holds the same token as the bearer header.
    const cookie = `arbiter_session=${t.organiser.Authorization.replace(/^Bearer /, '')}`;
    const personal = await raw(`${t.url}/divisions/${divisionId}/standings`, {
      'Accept-Encoding': 'br',
      Cookie: cookie,
    });
    expect(personal.status).toBe(200);
    expect(personal.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(personal.body).toString('utf8')).toContain('Player 30');

    const pdf = await raw(`${t.url}/divisions/${divisionId}/standings.pdf`, {
      'Accept-Encoding': 'br',
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The first event comes at once, readable as it is: nothing holds it back to compress it.
    const first = await new Promise<{ encoding: unknown; text: string }>((resolve, reject) => {
      const req = get(
        `${t.url}/divisions/${divisionId}/events`,
        { headers: { 'Accept-Encoding': 'gzip, br' } },
        (res) => {
          res.once('data', (c: Buffer) => {
            resolve({ encoding: res.headers['content-encoding'], text: c.toString('utf8') });
            req.destroy();
          });
        },
      );
      req.on('error', reject);
      req.setTimeout(5000, () => reject(new Error('no live update within 5 s')));
    });
    expect(first.encoding).toBeUndefined();
    expect(first.text).toMatch(/^(event|retry|:|data)/m);
  });
});
