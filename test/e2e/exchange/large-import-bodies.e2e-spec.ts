import http from 'http';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60000);
afterAll(() => t.close());

/**
 * A large tournament document is read in the import's worker, not on the request thread: its
 * refusals are the body reader's own, with the same codes and the field named.
 */
describe(`a large document read in the import's worker (${DATABASE_KIND})`, () => {
  // Past the 256 kB above which the body reader leaves the route's JSON to its worker.
  const padding = 'x'.repeat(300 * 1024);
  const send = (body: string) =>
    t.http
      .post('/api/tournaments/import')
      .set(t.organiser)
      .set('Content-Type', 'application/json')
      .send(body);

  const post = (body: Buffer) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const url = new URL('/api/tournaments/import', t.url);
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          agent: false,
          headers: {
            ...t.organiser,
            'Content-Type': 'application/json',
            'Content-Length': body.length,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  it('refuses bytes that are not JSON with 400 BAD_JSON', async () => {
    const res = await send(`{"format": "arbiter-tournament/1", "note": "${padding}"`).expect(400);
    expect(res.body).toMatchObject({ code: 'BAD_JSON' });
    expect(res.body.message).toContain('the request body is not valid JSON');
    const list = await send(`  "${padding}"`).expect(400);
    expect(list.body).toMatchObject({
      code: 'BAD_JSON',
      message: 'the request body must be a JSON object (or list)',
    });
  });

  it('refuses text that is not well-formed Unicode with 400 MALFORMED_TEXT, naming the field', async () => {
    const res = await send(
      `{"format": "arbiter-tournament/1", "tournament": {"name": "Kup \\ud800"}, "note": "${padding}"}`,
    ).expect(400);
    expect(res.body).toMatchObject({
      code: 'MALFORMED_TEXT',
      details: { field: 'tournament.name', at: 5 },
    });
  });

  it('reads a document past the old 25 MB limit (an exported event of 5,000 games is some 55 MB): 422 for what it holds, not 413 for its size', async () => {
    const big = Buffer.concat([
      Buffer.from('{"format": "arbiter-tournament/1", "note": "'),
      Buffer.alloc(60 << 20, 'x'),
      Buffer.from('"}'),
    ]);
    // Sent by Node's own client: supertest takes minutes over a body this size.
    const res = await post(big);
    expect(res.status).toBe(422);
    expect(JSON.parse(res.text)).toMatchObject({ code: 'IMPORT_INVALID' });
  }, 60000);

  it('refuses a well-formed document that is not a tournament with 422, as a small one', async () => {
    const res = await send(`{"format": "arbiter-tournament/1", "note": "${padding}"}`).expect(422);
    expect(res.body).toMatchObject({ code: 'IMPORT_INVALID' });
  });
});
