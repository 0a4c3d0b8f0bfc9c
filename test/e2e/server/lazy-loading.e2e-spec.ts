import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { seedSite, Site } from '../../browser/site';
import { pdfPages, pdfText, POPPLER } from '../../render/poppler';
import { DATABASE_KIND, startTestApp, TestApp, removeFolder } from '../harness';
import { answeringLoadedModules, loadedModules } from '../loaded-modules';
import { binary } from '../tournament-helpers';

const PDF_CODE = /node_modules\/(pdfkit|fontkit)\/|dist\/src\/render\/pdf\//;

describe(`what start-up leaves for later (${DATABASE_KIND})`, () => {
  let dir: string;
  let t: TestApp;
  let site: Site;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'arbiter-lazy-'));
    t = await startTestApp(undefined, answeringLoadedModules(dir));
    site = await seedSite(t);
  });
  afterAll(async () => {
    await t.close();
    removeFolder(dir);
  });

  const loaded = (): Promise<string[]> => loadedModules(t);

  const pdf = async (path: string): Promise<Buffer> => {
    const res = await t.http
      .get(path)
      .buffer(true)
      .parse(binary as never)
      .expect(200)
      .expect('Content-Type', 'application/pdf');
    const body = res.body as Buffer;
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    return body;
  };

  test('the PDF code is not loaded until a PDF is asked for; then the PDFs are whole', async () => {
    // Pages, the API and writes (the site was seeded through them) need no PDF code.
    await t.http.get(`/divisions/${site.divisionId}/standings`).expect(200);
    expect((await loaded()).filter((f) => PDF_CODE.test(f))).toEqual([]);

    const record = await pdf(`/games/${site.sheetGame}/record.pdf`);
    const sheets = await pdf(`/divisions/${site.divisionId}/rounds/1/sheets.pdf`);
    const files = await loaded();
    expect(files.some((f) => /node_modules\/pdfkit\//.test(f))).toBe(true);
    expect(files.some((f) => /dist\/src\/render\/pdf\/game-record\.js$/.test(f))).toBe(true);

    if (!POPPLER) return;
    const game = site.round.games.find((g) => g.id === site.sheetGame)!;
    const text = pdfText(record);
    expect(text).toContain(game.first.name);
    expect(text).toContain(game.second!.name);
    // The sheets are sent as they are made: one page a game, each footer counting them all.
    const played = site.round.games.filter((g) => g.second !== null);
    const pages = pdfPages(sheets);
    expect(pages).toHaveLength(played.length);
    pages.forEach((page, i) => {
      expect(page).toContain(`Strana ${i + 1} od ${played.length}`);
      expect(page).toContain(played[i].first.name);
    });
  });

  test('the mail code is not loaded by a server that sends no mail (no SMTP_URL)', async () => {
    expect((await loaded()).filter((f) => /node_modules\/nodemailer\//.test(f))).toEqual([]);
  });

  test('the PostgreSQL driver is loaded only for PostgreSQL', async () => {
    const pg = (await loaded()).filter((f) => /node_modules\/pg\//.test(f));
    if (DATABASE_KIND === 'sqlite') expect(pg).toEqual([]);
    else expect(pg).not.toEqual([]);
  });

  test('the OpenAPI document is made when first asked for, with who may call each route', async () => {
    const res = await t.http.get('/api/docs-json').expect(200);
    const doc = res.body as { paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(doc.paths['/api/games/{id}/result'].put['x-roles']).toEqual(['organiser', 'judge']);
    expect(doc.paths['/api/health'].get).toBeDefined();
    // Asked again, the same document.
    expect((await t.http.get('/api/docs-json').expect(200)).body).toEqual(doc);
    await t.http.get('/api/docs').expect(200);
  });
});
