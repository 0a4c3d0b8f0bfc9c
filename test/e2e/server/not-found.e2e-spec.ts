import { DATABASE_KIND, startTestApp, TestApp } from '../harness';

describe(`unknown addresses (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  test('a browser gets the error page in its language; the API its JSON body', async () => {
    const page = await t.http.get('/no-such-page').set('Accept', 'text/html').expect(404);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('404');
    expect(page.text).not.toContain('Cannot GET');
    const cyrillic = await t.http
      .get('/no-such-page?lang=sr-Cyrl')
      .set('Accept', 'text/html')
      .expect(404);
    expect(cyrillic.text).toMatch(/[\u0400-\u04FF]/);
    const api = await t.http.get('/api/no-such-route').set('Accept', 'text/html').expect(404);
    expect(api.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    const script = await t.http.get('/no-such-page').expect(404);
    expect(script.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });
});
