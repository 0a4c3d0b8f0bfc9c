import { existsSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { seedSite, Site } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp, removeFolder } from '../harness';
import { answeringLoadedModules, loadedModules } from '../loaded-modules';
import { binary } from '../tournament-helpers';

/**
 * `npm start` (scripts/start.js) runs dist/src/bundle/main.js, the server and most of its
 * packages in one file (scripts/build.js), with the code V8 compiled for the last start
 * (scripts/code-cache.js); the other suites run dist/src/main.js. The whole suite runs on the
 * bundle with ARBITER_SERVER=scripts/start.js; this suite does so for an event's round.
 */
const ROOT = join(__dirname, '..', '..', '..');
const START = join(ROOT, 'scripts', 'start.js');
const CODE_CACHE = join(ROOT, 'dist', 'src', 'bundle', 'main.js.v8cache');

/** The game's record is a PDF (the PDF code is loaded outside the bundle, when first asked for). */
async function expectRecordPdf(t: TestApp, game: number): Promise<void> {
  const pdf = await t.http
    .get(`/games/${game}/record.pdf`)
    .buffer(true)
    .parse(binary as never)
    .expect(200);
  expect((pdf.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

describe(`the bundled server npm start runs (${DATABASE_KIND})`, () => {
  let dir: string;
  let t: TestApp;
  let site: Site;
  const before = process.env.ARBITER_SERVER;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'arbiter-bundle-'));
    process.env.ARBITER_SERVER = START;
    // npm start builds first when a source changed since the last build (as after an edit
    // without `npm test`'s build): done here, where the time is allowed, not at the start.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const build = require('../../../scripts/build') as { buildIfChanged: () => number };
    expect(build.buildIfChanged()).toBe(0);
    // This start compiles afresh and keeps what it compiled; the last test starts from that.
    rmSync(CODE_CACHE, { force: true });
    t = await startTestApp(undefined, answeringLoadedModules(dir));
    // Accounts, a tournament, players, a paired round, a typed result and a verified sheet.
    site = await seedSite(t);
  }, 600_000);
  afterAll(async () => {
    if (before === undefined) delete process.env.ARBITER_SERVER;
    else process.env.ARBITER_SERVER = before;
    await t?.close();
    removeFolder(dir);
  });

  test('serves the pages, the API, the scripts, a PDF and the API documents', async () => {
    const standings = await t.http.get(`/divisions/${site.divisionId}/standings`).expect(200);
    expect(standings.text).toContain(site.players[0].name);
    await t.http.get(`/games/${site.sheetGame}`).expect(200);
    const api = await t.http.get(`/api/divisions/${site.divisionId}/standings`).expect(200);
    expect(JSON.stringify(api.body)).toContain(site.players[0].name);
    await t.http.get('/assets/sheet-form.js').expect(200);
    await expectRecordPdf(t, site.sheetGame);
    const doc = await t.http.get('/api/docs-json').expect(200);
    expect(Object.keys((doc.body as { paths: object }).paths)).toContain('/api/health');
    await t.http.get('/api/docs/').expect(200);
  });

  test('validates bodies as the unbundled server does', async () => {
    const res = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ name: 'x', unknown: 1 })
      .expect(400);
    expect((res.body as { code: string }).code).toBeDefined();
  });

  test('loads NestJS, TypeORM and class-validator from the bundle alone, not again', async () => {
    const files = await loadedModules(t);
    expect(
      files.filter((f) =>
        /node_modules\/(@nestjs|express|rxjs|typeorm|class-validator|class-transformer|hbs|handlebars|jsonc-parser)\//.test(
          f,
        ),
      ),
    ).toEqual([]);
    expect(files.filter((f) => /dist\/src\//.test(f) && !f.endsWith('bundle/main.js'))).toEqual([]);
    expect(files.some((f) => f.endsWith('dist/src/bundle/main.js'))).toBe(true);
  });

  test('a second start runs from the code the first one compiled', async () => {
    for (let waited = 0; !existsSync(CODE_CACHE); waited += 50) {
      if (waited > 20_000) throw new Error(`${CODE_CACHE} was not made after the server started`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const again = await t.another();
    try {
      const page = await again.http.get(`/divisions/${site.divisionId}/standings`).expect(200);
      expect(page.text).toContain(site.players[0].name);
      await again.http.get(`/games/${site.sheetGame}`).expect(200);
      await expectRecordPdf(again, site.sheetGame);
      await again.http.get('/api/docs/').expect(200);
    } finally {
      await again.close();
    }
  });
});
