import { DATABASE_KIND, startTestApp, TestApp } from './harness';

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

  it('refuses a well-formed document that is not a tournament with 422, as a small one', async () => {
    const res = await send(`{"format": "arbiter-tournament/1", "note": "${padding}"}`).expect(422);
    expect(res.body).toMatchObject({ code: 'IMPORT_INVALID' });
  });
});
